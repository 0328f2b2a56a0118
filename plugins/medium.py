"""The built-in Medium strategy (KSquares' rule-based level, adapted): take the best triangle,
else a random safe stroke, else the stroke that gives away least."""

from __future__ import annotations

from triangles_qt import hookimpl
from triangles_qt.analysis.tactics import (
    first_safe,
    greedy_net,
    least_giveaway,
    legal_candidates,
    seeded_rng,
    threats,
)
from triangles_qt.computer_move import Work

# Medium's level is work, not time (triangles_qt/computer_move.py): a stroke looked at for
# safety or played in an exchange is a unit, and this many fit in a second of processor time
# on the reference machine (benchmarks/hard_work.py --strategy medium).
UNITS_PER_SECOND = 40_000


class Medium:
    """1. A stroke of maximal gain, when one closes a triangle (ties: the one whose aftermath,
    with both sides then greedily taking triangles, is best).
    2. Otherwise a random *safe* stroke: after it the opponent can close nothing.
    3. Otherwise the stroke that gives away least: the best score difference when both players
    then take every triangle they can, chains under the replay rule included.

    Deterministic for a seed: the random choices depend only on the seed and the position.
    When its work runs out it answers the best stroke found so far.
    """

    id = "medium"
    name = "Medium"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_stroke(self, position, budget_s: float) -> tuple[int, int]:
        work = Work.for_budget(budget_s, UNITS_PER_SECOND)
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
                best.sort(key=lambda t: -greedy_net(game, t, work, current))
            return board.stroke(best[0])
        order = legal_candidates(game)
        rng.shuffle(order)
        safe = first_safe(game, order, current, work)
        if safe is not None:
            return board.stroke(safe)
        return board.stroke(least_giveaway(game, order, current, work))


@hookimpl
def triangles_strategies() -> list[Medium]:
    return [Medium()]
