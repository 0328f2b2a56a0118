"""Broken: its hook forgets to return."""

from triangles_qt import hookimpl


@hookimpl
def triangles_strategies():
    pass
