"""How long Hard's moves take for the work they are allowed (plugins/hard.py WORK_PER_SECOND),
to calibrate that constant and to check that no move overruns its budget on an idle machine.

Plays Hard against Medium in this process on the given boards under both rule options, and for
every Hard move records the work the search did and the seconds it took. Prints, per board and
rule, the slowest moves, the 95th percentile and the work rate (units per second). Run on demand
on an otherwise idle machine (a few minutes):

    python3 -m benchmarks.hard_work [--presets phone-60 tablet-120] [--seeds 3] [--budget 1]

Moves with budget B must take well under B seconds here (the issue's limit is B + 0.1 s).
"""

from __future__ import annotations

import argparse
import statistics
import time

from triangles_qt.builtin_plugins import hard as hard_module
from triangles_qt.builtin_plugins.hard import Hard
from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules


def measure(preset: str, seed: int, replay: bool, budget: float) -> list[tuple[float, int]]:
    """(seconds, work) of every Hard move of one game (Hard as Player 1)."""
    searches: list[hard_module.Search] = []
    original = hard_module.Search.__init__

    def recording(self, *args, **kwargs):
        original(self, *args, **kwargs)
        searches.append(self)

    hard_module.Search.__init__ = recording  # type: ignore[method-assign]
    try:
        game = Game(Board.generate(preset, seed), Rules(replay_after_triangle=replay))
        players = (Hard(seed=seed), Medium(seed=seed))
        moves: list[tuple[float, int]] = []
        while not game.is_over:
            mover = game.player
            searches.clear()
            start = time.perf_counter()
            i, j = players[mover].choose_stroke(Position(game), budget)
            elapsed = time.perf_counter() - start
            if mover == 0:
                moves.append((elapsed, sum(search.work for search in searches)))
            game.play(i, j)
        return moves
    finally:
        hard_module.Search.__init__ = original  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--presets", nargs="+", default=["phone-60", "tablet-120"])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--budget", type=float, default=1.0)
    args = parser.parse_args()
    print(f"WORK_PER_SECOND = {hard_module.WORK_PER_SECOND}, budget {args.budget} s")
    print("| board | rule | moves | slowest (s) | 95th pct (s) | work/s (median) |")
    print("|---|---|---|---|---|---|")
    for preset in args.presets:
        for replay in (False, True):
            moves = []
            for seed in range(91000, 91000 + args.seeds):
                moves += measure(preset, seed, replay, args.budget)
            times = sorted(t for t, _ in moves)
            rates = [w / t for t, w in moves if t > 0.05]
            print(
                f"| {preset} | {'play again' if replay else 'default'} | {len(moves)} | "
                f"{times[-1]:.3f} | {times[int(len(times) * 0.95)]:.3f} | "
                f"{statistics.median(rates) if rates else 0:,.0f} |"
            )


if __name__ == "__main__":
    main()
