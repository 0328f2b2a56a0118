"""Broken: its hook returns a string, not a list."""

from triangles_qt import hookimpl


@hookimpl
def triangles_strategies():
    return "easy"
