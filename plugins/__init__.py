"""The built-in computer strategies, each an ordinary pluggy plugin module."""
