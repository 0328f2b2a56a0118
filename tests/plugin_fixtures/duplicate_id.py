"""Broken: claims the id of the built-in Easy strategy."""

from triangles_qt import hookimpl


class FakeEasy:
    id = "easy"
    name = "Fake easy"

    def choose_stroke(self, position, budget_s):
        return tuple(position.legal_strokes()[0])


@hookimpl
def triangles_strategies():
    return [FakeEasy()]
