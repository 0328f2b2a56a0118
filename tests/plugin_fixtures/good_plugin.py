"""A well-behaved third-party plugin: one strategy that draws the first legal stroke."""

from triangles_qt import hookimpl


class FirstLegal:
    id = "first-legal"
    name = "First legal"

    def choose_stroke(self, position, budget_s):
        i, j = position.legal_strokes()[0]
        return int(i), int(j)


@hookimpl
def triangles_strategies():
    return [FirstLegal()]
