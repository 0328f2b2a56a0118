"""Broken: a typo in the hook name."""

from triangles_qt import hookimpl


@hookimpl
def triangles_strategys():
    return []
