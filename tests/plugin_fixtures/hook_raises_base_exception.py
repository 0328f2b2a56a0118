"""Broken: its hook raises GeneratorExit (a BaseException, not an Exception)."""

from triangles_qt import hookimpl


@hookimpl
def triangles_strategies():
    raise GeneratorExit("the strategies hook left")
