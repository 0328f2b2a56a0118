"""Triangles: the package root. Plugin authors import `hookimpl` from here."""

import pluggy

PROJECT_NAME = "triangles_qt"
__version__ = "0.1.0"

hookimpl = pluggy.HookimplMarker(PROJECT_NAME)
"""Decorator that marks a plugin's hook implementation: ``@hookimpl``."""
