"""A plugin with both hooks."""

from triangles_qt import hookimpl


class LastLegal:
    id = "last-legal"
    name = "Arbitrary last legal"

    def choose_stroke(self, position, budget_s):
        i, j = position.legal_strokes()[-1]
        return int(i), int(j)


@hookimpl
def triangles_strategies():
    return [LastLegal()]


@hookimpl
def triangles_themes():
    return [{"id": "both", "name": "Both"}]
