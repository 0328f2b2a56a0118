"""Broken: its themes hook raises."""

from triangles_qt import hookimpl


@hookimpl
def triangles_themes():
    raise OSError("the themes hook exploded")
