"""Exact integer geometry: the predicates every rule is decided by.

Stars have integer coordinates, so every predicate here is a sign of an integer polynomial in them:
no floating point, no epsilon. The scalar functions use Python ints (unbounded); the vectorised
ones in `board.py` use int64 within the coordinate bounds that `MAX_COORDINATE` guarantees.
"""

from __future__ import annotations

Point = tuple[int, int]

MAX_COORDINATE = 10_000
"""Largest board width/height. Keeps (cross product)^2 and tol^2 * length^2 inside int64."""

MAX_TOLERANCE = 1_000


def orient(a: Point, b: Point, c: Point) -> int:
    """Sign of the turn a -> b -> c: 1 left (counter-clockwise in y-up axes), -1 right,
    0 collinear."""
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (cross > 0) - (cross < 0)


def within_distance_of_segment(p: Point, a: Point, b: Point, tol: int) -> bool:
    """True when p lies at Euclidean distance <= tol from the closed segment a-b (exact)."""
    abx, aby = b[0] - a[0], b[1] - a[1]
    apx, apy = p[0] - a[0], p[1] - a[1]
    length2 = abx * abx + aby * aby
    dot = apx * abx + apy * aby
    tol2 = tol * tol
    if length2 == 0 or dot <= 0:
        return apx * apx + apy * apy <= tol2
    if dot >= length2:
        bpx, bpy = p[0] - b[0], p[1] - b[1]
        return bpx * bpx + bpy * bpy <= tol2
    cross = abx * apy - aby * apx
    return cross * cross <= tol2 * length2


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    """p is collinear with a-b and lies within its bounding box, so on the closed segment."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when the closed segments a-b and c-d share at least one point."""
    o1, o2 = orient(a, b, c), orient(a, b, d)
    o3, o4 = orient(c, d, a), orient(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return (
        (o1 == 0 and _on_segment(c, a, b))
        or (o2 == 0 and _on_segment(d, a, b))
        or (o3 == 0 and _on_segment(a, c, d))
        or (o4 == 0 and _on_segment(b, c, d))
    )


def strokes_conflict(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when strokes a-b and c-d share a point other than a common endpoint (docs/rules.md
    2.3)."""
    shared = {a, b} & {c, d}
    if not shared:
        return segments_intersect(a, b, c, d)
    if len(shared) == 2:
        return True  # the same stroke
    (s,) = shared
    u = b if a == s else a
    v = d if c == s else c
    # Two strokes leaving one star overlap only when they run along the same ray.
    if orient(s, u, v) != 0:
        return False
    return (u[0] - s[0]) * (v[0] - s[0]) + (u[1] - s[1]) * (v[1] - s[1]) > 0


def strictly_inside_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    """True when p lies strictly inside the non-degenerate triangle abc."""
    o1, o2, o3 = orient(a, b, p), orient(b, c, p), orient(c, a, p)
    return o1 == o2 == o3 != 0
