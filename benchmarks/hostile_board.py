"""How long a hostile record takes to load: 250 stars on one line (the most a board holds),
the worst case for finding the strokes that pass over a star. Run on demand:

    python3 -m benchmarks.hostile_board [--repeat 5]

Prints the first load (fresh memory) and the best of the repeats, next to a generated
tablet-180 board for comparison.
"""

from __future__ import annotations

import argparse
import json
import time

from triangles_qt.core.board import Board
from triangles_qt.core.record import RecordError, parse_record


def collinear_record(n: int = 250) -> str:
    return json.dumps(
        {
            "format": "triangles-game",
            "version": 1,
            "board": {
                "preset": None,
                "seed": None,
                "width": 1000,
                "height": 100,
                "tolerance": 4,
                "stars": [[4 * k, 0] for k in range(n)],
            },
            "rules": {"replay_after_triangle": False},
            "players": [{"name": "a", "kind": "human"}, {"name": "b", "kind": "human"}],
            "moves": [],
            "scores": [0, 0],
            "finished": False,
            "winner": None,
        }
    )


def load_seconds(text: str) -> float:
    start = time.perf_counter()
    try:
        parse_record(text)
    except RecordError:
        pass  # it is rejected: no triangle can ever be closed; the time is what matters
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    text = collinear_record()
    first = load_seconds(text)
    best = min(load_seconds(text) for _ in range(args.repeat))
    start = time.perf_counter()
    Board.generate("tablet-180", 1)
    normal = time.perf_counter() - start
    print(f"250 collinear stars: first load {first:.3f} s, best of {args.repeat} {best:.3f} s")
    print(f"a generated tablet-180 board: {normal:.3f} s")


if __name__ == "__main__":
    main()
