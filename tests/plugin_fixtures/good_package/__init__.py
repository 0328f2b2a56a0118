"""A plugin shipped as a package: the strategy lives in a submodule, imported relatively."""

from triangles_qt import hookimpl

from .strategy import Zigzag


@hookimpl
def triangles_strategies():
    return [Zigzag()]
