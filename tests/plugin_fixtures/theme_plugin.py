"""A plugin that contributes themes only: one file (relative path) and one table."""

from triangles_qt import hookimpl


@hookimpl
def triangles_themes():
    return ["aurora.toml", {"id": "inline", "name": "Inline"}]
