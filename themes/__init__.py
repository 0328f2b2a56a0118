"""The built-in themes: data files registered through the same plugin system as third-party ones."""
