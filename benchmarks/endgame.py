"""How far Hard's exact endgame solver reaches: time to solve late positions from scratch.

Plays Medium against itself on a board (reproducible for the seed), then solves exactly, with
fresh tables, the positions where at most `--legal` strokes are legal, from the fewest up, and
prints how long each took. Run on demand (it takes minutes); a version of plugins/hard.py can be
given to compare (e.g. `git show HEAD~1:plugins/hard.py > /tmp/old.py`):

    python3 -m benchmarks.endgame [--hard PATH] [--preset phone-60] [--seed 1] [--legal 30]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from benchmarks.hard_ab import load_hard
from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules

HARD = Path(__file__).resolve().parent.parent / "plugins" / "hard.py"


def late_positions(preset: str, seed: int, replay: bool, most_legal: int) -> list[Game]:
    game = Game(Board.generate(preset, seed), Rules(replay_after_triangle=replay))
    players = (Medium(seed=1), Medium(seed=2))
    late = []
    while not game.is_over:
        if 2 <= game.legal_bits.bit_count() <= most_legal:
            late.append(game.copy())
        # A budget Medium never uses up keeps its choices reproducible.
        game.play(*players[game.player].choose_stroke(Position(game), 60.0))
    return late[::-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hard", default=str(HARD), help="path of the hard.py to time")
    parser.add_argument("--preset", default="phone-60")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replay", action="store_true", help="play again after a triangle")
    parser.add_argument("--legal", type=int, default=30, help="most legal strokes to try")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per position")
    args = parser.parse_args()
    hard = load_hard(args.hard)
    print("legal  value  seconds  nodes")
    for game in late_positions(args.preset, args.seed, args.replay, args.legal):
        search = hard.Search(hard.Tracker(game), time.perf_counter() + args.limit, random.Random(0))
        start = time.perf_counter()
        try:
            value = f"{search.solve()[1]:+d}"
        except hard.OutOfTime:
            value = "-"
        seconds = time.perf_counter() - start
        print(f"{game.legal_bits.bit_count():5d}  {value:>5}  {seconds:7.2f}  {search.nodes}")
        if value == "-":
            break  # larger positions would not be solved either


if __name__ == "__main__":
    sys.exit(main())
