"""Broken: its hook returns the strategy class instead of an instance (a newcomer's slip)."""

from triangles_qt import hookimpl


class Forgetful:
    id = "forgetful"
    name = "Forgetful"

    def choose_stroke(self, position, budget_s):
        return tuple(position.legal_strokes()[0])


@hookimpl
def triangles_strategies():
    return [Forgetful]
