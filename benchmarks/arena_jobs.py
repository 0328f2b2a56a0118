"""How much faster a match runs on several cores: the same match with ``--jobs 1`` and then
``--jobs N``, timed as whole commands (start-up included), with a check that both gave the same
results. Run on demand on an otherwise idle machine:

    python3 -m benchmarks.arena_jobs [--games 40] [--jobs 2] [--preset tablet-120]
        [--p1 medium] [--p2 easy] [--budget 1]

The default pairing is deterministic (Medium and Easy choose by the seed and the position), so
the two runs must agree game by game; Hard thinks against the clock, so a match with Hard may
not. Where each move takes a couple of milliseconds (Medium and Easy on small boards), the pipes
between worker and engines set the pace and two games at once each run about a quarter slower.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def timed_run(argv: list[str]) -> tuple[float, dict]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "triangles_qt.arena", *argv, "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return time.perf_counter() - start, json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--preset", default="tablet-120")
    parser.add_argument("--p1", default="medium")
    parser.add_argument("--p2", default="easy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", default="1", help="seconds per move")
    args = parser.parse_args()
    match = ["--preset", args.preset, "--games", str(args.games), "--seed", str(args.seed)]
    match += ["--p1", args.p1, "--p2", args.p2, "--budget", args.budget]
    one_s, one = timed_run([*match, "--jobs", "1"])
    many_s, many = timed_run([*match, "--jobs", str(args.jobs)])
    same = all(one[k] == many[k] for k in ("wins", "draws", "pentanomial", "failures"))
    print(f"{args.games} games, {args.p1} vs {args.p2} on {args.preset}")
    print(f"--jobs 1: {one_s:.1f} s   --jobs {args.jobs}: {many_s:.1f} s")
    print(f"speed-up: {one_s / many_s:.2f}x; same results: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
