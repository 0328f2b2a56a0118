"""What the process boundary costs a computer player: the same strategy asked for a stroke
directly and as an engine in its own process (docs/engine-protocol.md), on the same positions.
Run on demand:

    python3 -m benchmarks.engine_boundary [--strategy easy] [--preset phone-60] [--moves 200]

The strategy is asked with a tiny budget, so the time is its own work plus, for the engine, the
boundary: writing the position, the engine reading it and replaying the strokes, and the answer
coming back. Printed: median and 95th percentile per move, both ways, and their difference.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.engine.host import EngineStrategy
from triangles_qt.plugin_manager import load_plugins


def positions(preset: str, count: int) -> list[Position]:
    """`count` positions from games the first legal stroke plays out, seed after seed."""
    found: list[Position] = []
    seed = 1
    while len(found) < count:
        game = Game(Board.generate(preset, seed))
        while not game.is_over and len(found) < count:
            found.append(Position(game))
            i, j = game.legal_strokes()[0]
            game.play(int(i), int(j))
        seed += 1
    return found


def timed(choose, cases: list[Position], budget_s: float) -> list[float]:
    seconds = []
    for position in cases:
        start = time.perf_counter()
        choose(position, budget_s)
        seconds.append(time.perf_counter() - start)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategy", default="easy")
    parser.add_argument("--preset", default="phone-60")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.05)
    args = parser.parse_args()
    cases = positions(args.preset, args.moves)
    direct = load_plugins().strategy(args.strategy)
    command = [sys.executable, "-m", "triangles_qt.engine", "--strategy", args.strategy]
    engine = EngineStrategy(args.strategy, command)
    engine.process.start()
    try:
        timed(engine.choose_stroke, cases[:10], args.budget)  # warm both sides up
        timed(direct.choose_stroke, cases[:10], args.budget)
        results = {
            "direct": timed(direct.choose_stroke, cases, args.budget),
            "engine": timed(engine.choose_stroke, cases, args.budget),
        }
    finally:
        engine.close()
    print(f"{args.strategy} on {args.preset}, {len(cases)} positions, budget {args.budget} s")
    for label, values in results.items():
        values.sort()
        p95 = values[int(0.95 * (len(values) - 1))]
        print(
            f"  {label:6}  median {statistics.median(values) * 1000:7.3f} ms   "
            f"p95 {p95 * 1000:7.3f} ms"
        )
    extra = statistics.median(results["engine"]) - statistics.median(results["direct"])
    print(f"  boundary (median difference): {extra * 1000:.3f} ms per move")


if __name__ == "__main__":
    main()
