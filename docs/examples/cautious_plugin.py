"""Cautious: an example Triangles strategy plugin that uses only the public Position API.

Drop this file into your plugin folder (see docs/plugins.md), restart Triangles, and "Cautious"
appears among the computer opponents. Try it headless:

    python -m triangles_qt.arena --plugin-dir docs/examples --p1 cautious --p2 easy --games 4
"""

from __future__ import annotations

import random
import time

from triangles_qt import hookimpl


class Cautious:
    """Takes the biggest triangle it can; otherwise draws the stroke that leaves the opponent
    the least to take, looking at a random sample of strokes while time allows."""

    id = "cautious"
    name = "Cautious"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_stroke(self, position, budget_s):
        deadline = time.monotonic() + budget_s * 0.5  # keep a safe margin
        strokes = [(int(i), int(j)) for i, j in position.legal_strokes()]
        # Same position, same answer: seed from the strokes played so far.
        rng = random.Random(f"{self.seed}:{position.strokes}")

        gains = [position.gain(s) for s in strokes]
        if max(gains) > 0:
            return strokes[gains.index(max(gains))]

        rng.shuffle(strokes)
        best, best_given = strokes[0], None
        for stroke in strokes:
            given = self.opponent_best_gain(position, stroke)
            if best_given is None or given < best_given:
                best, best_given = stroke, given
            if best_given == 0 or time.monotonic() > deadline:
                break  # a safe stroke, or out of time: answer the best so far
        return best

    @staticmethod
    def opponent_best_gain(position, stroke):
        """The most the opponent could close right after `stroke`."""
        after = position.play(stroke)  # a new Position; `position` is unchanged
        if after.is_over:
            return 0
        i, j = stroke
        # A triangle that `stroke` helps to close has a side at one of its ends.
        near = [(int(a), int(b)) for a, b in after.legal_strokes() if {int(a), int(b)} & {i, j}]
        return max((after.gain(s) for s in near), default=0)


@hookimpl
def triangles_strategies():
    return [Cautious()]
