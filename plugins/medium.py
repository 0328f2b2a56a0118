"""The built-in Medium strategy (KSquares' rule-based level, adapted): take the best triangle,
else a random safe stroke, else the stroke that gives away least."""

from __future__ import annotations

import time

from triangles_qt import hookimpl
from triangles_qt.builtin_plugins.fallback import (
    first_safe,
    greedy_net,
    least_giveaway,
    legal_candidates,
    seeded_rng,
    threats,
)

# Share of the budget Medium allows itself; the rest is margin for the host's thread and clock.
BUDGET_SHARE = 0.8


class Medium:
    """1. A stroke of maximal gain, when one closes a triangle (ties: the one whose aftermath,
    with both sides then greedily taking triangles, is best).
    2. Otherwise a random *safe* stroke: after it the opponent can close nothing.
    3. Otherwise the stroke that gives away least: the best score difference when both players
    then take every triangle they can, chains under the replay rule included.

    Deterministic for a seed: the random choices depend only on the seed and the position.
    When the budget runs out it answers the best stroke found so far.
    """

    id = "medium"
    name = "Medium"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_stroke(self, position, budget_s: float) -> tuple[int, int]:
        deadline = time.perf_counter() + max(0.0, budget_s) * BUDGET_SHARE
        game = position.game()
        if game.is_over:
            raise ValueError("the game is over")
        board = game.board
        rng = seeded_rng(self.seed, game)
        current = threats(game)
        if current:
            top = max(current.values())
            best = sorted(t for t, g in current.items() if g == top)
            rng.shuffle(best)
            if len(best) > 1:
                # sort is stable: equals stay in shuffled order
                best.sort(key=lambda t: -greedy_net(game, t, deadline, current))
            return board.stroke(best[0])
        order = legal_candidates(game)
        rng.shuffle(order)
        safe = first_safe(game, order, current, deadline)
        if safe is not None:
            return board.stroke(safe)
        return board.stroke(least_giveaway(game, order, current, deadline))


@hookimpl
def triangles_strategies() -> list[Medium]:
    return [Medium()]
