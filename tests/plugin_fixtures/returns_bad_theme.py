"""Broken: its themes hook returns a number among the themes."""

from triangles_qt import hookimpl


@hookimpl
def triangles_themes():
    return [{"id": "fine"}, 42]
