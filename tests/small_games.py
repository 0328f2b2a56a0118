"""Small random boards and games, a brute-force minimax (the yardstick of Hard's solvers in the
tests), and the hull count that the size of a triangulation depends on."""

import random
from itertools import combinations

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.geometry import orient


def minimax(game: Game, memo: dict) -> int:
    """Best future score difference for the player to move: every stroke, no pruning."""
    if game.is_over:
        return 0
    key = frozenset(map(frozenset, game.strokes))
    if key in memo:
        return memo[key]
    best = None
    for i, j in game.legal_strokes().tolist():
        gain = len(game.gain(i, j))
        game.play(i, j)
        rest = minimax(game, memo)
        game.undo()
        value = gain + rest if gain and game.rules.replay_after_triangle else gain - rest
        best = value if best is None else max(best, value)
    memo[key] = best
    return best


def random_board(rng: random.Random, n: int) -> Board:
    points = set()
    while len(points) < n:
        points.add((rng.randint(0, 60), rng.randint(0, 60)))
    return Board(sorted(points), 60, 60, rng.choice((0, 1, 3)))


def general_position_board(rng: random.Random, n: int) -> Board:
    """Stars with no three on a line, and no tolerance: every full drawing is a triangulation."""
    while True:
        points = sorted({(rng.randint(0, 200), rng.randint(0, 200)) for _ in range(n)})
        if len(points) == n and all(orient(a, b, c) != 0 for a, b, c in combinations(points, 3)):
            return Board(points, 200, 200, 0)


def hull_size(points):
    """How many of the points are corners of their convex hull."""
    pts = sorted(set(points))
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and orient(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and orient(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return len(lower) + len(upper) - 2
