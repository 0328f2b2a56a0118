"""The built-in Easy strategy: takes a triangle when there is one, otherwise draws at random."""

from __future__ import annotations

from triangles_qt import hookimpl
from triangles_qt.analysis.tactics import best_gain, legal_candidates, seeded_rng, threats


class Easy:
    """Closes the biggest triangle gain available (2 beats 1); otherwise any legal stroke.

    Deterministic for a seed: the random choices depend only on the seed and the position.
    """

    id = "easy"
    name = "Easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_stroke(self, position, budget_s: float) -> tuple[int, int]:
        game = position.game()
        if game.is_over:
            raise ValueError("the game is over")
        rng = seeded_rng(self.seed, game)
        current = threats(game)
        if current:
            return game.board.stroke(best_gain(game, current, rng))
        return game.board.stroke(rng.choice(legal_candidates(game)))


@hookimpl
def triangles_strategies() -> list[Easy]:
    return [Easy()]
