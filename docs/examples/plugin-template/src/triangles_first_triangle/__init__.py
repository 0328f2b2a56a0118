"""First triangle: a computer player for Triangles that takes the stroke closing the most
triangles, else one that leaves the opponent no triangle to take, else the first legal one."""

from __future__ import annotations

from triangles_qt import hookimpl


class FirstTriangle:
    id = "first-triangle"
    name = "First triangle"

    def choose_stroke(self, position, budget_s):
        strokes = [(int(i), int(j)) for i, j in position.legal_strokes()]
        best = max(strokes, key=position.gain)
        if position.gain(best) > 0:
            return best
        for stroke in strokes:
            after = position.play(stroke)
            if not any(after.gain((int(i), int(j))) for i, j in after.legal_strokes()):
                return stroke
        return strokes[0]


@hookimpl
def triangles_strategies():
    return [FirstTriangle()]
