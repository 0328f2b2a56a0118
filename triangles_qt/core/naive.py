"""A slow, obviously correct rules engine: the reference the fast one is checked against.

Every rule is read straight off docs/rules.md and decided with the scalar predicates of geometry.py,
re-checking every star and every drawn stroke each time. No caches, no bitsets, no numpy.
"""

from __future__ import annotations

from itertools import combinations

from .game import Rejection
from .geometry import (
    Point,
    orient,
    strictly_inside_triangle,
    strokes_conflict,
    within_distance_of_segment,
)
from .rules import Rules


class NaiveGame:
    """The rules of docs/rules.md sections 2-5, played on a list of integer stars."""

    def __init__(self, stars: list[Point], tolerance: int, rules: Rules = Rules()) -> None:
        self.stars: list[Point] = [(int(x), int(y)) for x, y in stars]
        self.tolerance = tolerance
        self.rules = rules
        self.drawn: list[tuple[int, int]] = []
        self.scores = [0, 0]
        self.player = 0

    def _drawn_set(self) -> set[tuple[int, int]]:
        return {(min(a, b), max(a, b)) for a, b in self.drawn}

    def passes_over_star(self, i: int, j: int) -> bool:
        a, b = self.stars[i], self.stars[j]
        return any(
            within_distance_of_segment(c, a, b, self.tolerance)
            for k, c in enumerate(self.stars)
            if k not in (i, j)
        )

    def crosses_stroke(self, i: int, j: int) -> bool:
        a, b = self.stars[i], self.stars[j]
        return any(
            strokes_conflict(a, b, self.stars[p], self.stars[q])
            for p, q in self.drawn
            if {p, q} != {i, j}
        )

    def check(self, i: int, j: int) -> Rejection | None:
        if (min(i, j), max(i, j)) in self._drawn_set():
            return Rejection.ALREADY_DRAWN
        if self.passes_over_star(i, j):
            return Rejection.PASSES_OVER_STAR
        if self.crosses_stroke(i, j):
            return Rejection.CROSSES_STROKE
        return None

    def is_empty_triangle(self, i: int, j: int, k: int) -> bool:
        """No star strictly inside and none on a side (docs/rules.md section 3)."""
        a, b, c = self.stars[i], self.stars[j], self.stars[k]
        if orient(a, b, c) == 0:
            return False
        for m, p in enumerate(self.stars):
            if m in (i, j, k):
                continue
            if strictly_inside_triangle(p, a, b, c):
                return False
            if any(within_distance_of_segment(p, u, v, 0) for u, v in ((a, b), (b, c), (c, a))):
                return False
        return True

    def closed_triangles(self, i: int, j: int) -> list[tuple[int, int, int]]:
        drawn = self._drawn_set()
        found: list[tuple[int, int, int]] = []
        for k in range(len(self.stars)):
            if k in (i, j):
                continue
            if (min(i, k), max(i, k)) in drawn and (min(j, k), max(j, k)) in drawn:
                if self.is_empty_triangle(i, j, k):
                    p, q, r = sorted((i, j, k))
                    found.append((p, q, r))
        return sorted(found)

    def play(self, i: int, j: int) -> list[tuple[int, int, int]]:
        reason = self.check(i, j)
        if reason is not None:
            raise ValueError(f"stroke {i}-{j} {reason.value}")
        triangles = self.closed_triangles(i, j)
        self.drawn.append((i, j))
        self.scores[self.player] += len(triangles)
        if not (triangles and self.rules.replay_after_triangle):
            self.player = 1 - self.player
        return triangles

    def is_over(self) -> bool:
        """docs/rules.md section 5, literally: no empty triangle with star-legal sides, at least one
        undrawn side, and every undrawn side currently legal."""
        drawn = self._drawn_set()
        for i, j, k in combinations(range(len(self.stars)), 3):
            sides = ((i, j), (i, k), (j, k))
            if all(s in drawn for s in sides):
                continue
            if any(self.passes_over_star(*s) for s in sides):
                continue
            if any(s not in drawn and self.crosses_stroke(*s) for s in sides):
                continue
            if self.is_empty_triangle(i, j, k):
                return False
        return True

    def legal_strokes(self) -> list[tuple[int, int]]:
        return [
            (i, j) for i, j in combinations(range(len(self.stars)), 2) if self.check(i, j) is None
        ]
