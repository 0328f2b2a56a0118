"""Small random games and a brute-force minimax, the yardstick of Hard's solvers in the tests."""

import random

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game


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
        value = gain + rest if gain and game.replay_after_triangle else gain - rest
        best = value if best is None else max(best, value)
    memo[key] = best
    return best


def random_board(rng: random.Random, n: int) -> Board:
    points = set()
    while len(points) < n:
        points.add((rng.randint(0, 60), rng.randint(0, 60)))
    return Board(sorted(points), 60, 60, rng.choice((0, 1, 3)))
