"""Broken: its hook returns an object that is not a strategy (no choose_stroke)."""

from triangles_qt import hookimpl


class NotAStrategy:
    id = "not-a-strategy"
    name = "Not a strategy"


@hookimpl
def triangles_strategies():
    return [NotAStrategy()]
