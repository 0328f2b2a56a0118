"""Broken: its engine declaration has no command."""

from triangles_qt import hookimpl


@hookimpl
def triangles_engines():
    return [{"id": "nothing", "name": "Nothing"}]
