"""Broken: its hook raises."""

from triangles_qt import hookimpl


@hookimpl
def triangles_strategies():
    raise RuntimeError("the strategies hook exploded")
