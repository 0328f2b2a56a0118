"""Paired comparison of two versions of the Hard strategy against Medium, for tuning.

Each version plays the same games (board seed `seed + k`, Hard starting in even games) against
Medium, calling the strategies directly (no arena threads, so nothing but the search uses the
clock). Per-game margins are printed side by side with the totals, so a change is judged on the
same boards rather than on two independent samples. Run on demand (it takes minutes):

    python3 -m benchmarks.hard_ab OLD_HARD.py NEW_HARD.py --games 40 --budget 0.2 [--replay]

A version is a copy of plugins/hard.py (e.g. `git show HEAD~1:plugins/hard.py > /tmp/old.py`).
Games run in `--jobs` processes (default 2, the machine's cores); the versions run one after the
other so they never share the cores. `--baseline OUT` takes v0's margins from an earlier run's
printed output instead of playing them again (same preset, seeds, budget and rule). Each later
version is compared with v0 game by game: the mean change of margin per game with its standard
error, and how many games got better or worse. Reruns of one version differ in a few games
(the search stops on the clock), so a mean change within two standard errors is noise.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import re
import sys
from concurrent.futures import ProcessPoolExecutor

from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules


def load_hard(path: str):
    """The module of a hard.py version, loaded from its path."""
    spec = importlib.util.spec_from_file_location("hard_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play(path: str, preset: str, seed: int, hard_seat: int, budget: float, replay: bool) -> int:
    """Hard's final margin (its triangles minus Medium's) in one game."""
    board = Board.generate(preset, seed)
    game = Game(board, Rules(replay_after_triangle=replay))
    players = {hard_seat: load_hard(path).Hard(), 1 - hard_seat: Medium()}
    while not game.is_over:
        i, j = players[game.player].choose_stroke(Position(game), budget)
        game.play(i, j)
    scores = game.scores
    return scores[hard_seat] - scores[1 - hard_seat]


def margins(path: str, args: argparse.Namespace) -> list[int]:
    jobs = [
        (path, args.preset, args.seed + k, k % 2, args.budget, args.replay)
        for k in range(args.games)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        return list(pool.map(play, *zip(*jobs, strict=True)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("versions", nargs="+", help="paths of hard.py versions")
    parser.add_argument("--preset", default="phone-60")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--replay", action="store_true", help="play again after a triangle")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baseline", metavar="OUT", help="v0's margins from an earlier output")
    args = parser.parse_args()
    names = list(args.versions)
    results = [margins(path, args) for path in names]
    if args.baseline:
        names.insert(0, args.baseline)
        results.insert(0, baseline(args.baseline, args))
    print("seed  " + "  ".join(f"v{n}" for n in range(len(results))))
    for k, row in enumerate(zip(*results, strict=True)):
        print(f"{args.seed + k}  " + "  ".join(f"{m:+d}" for m in row))
    for n, (path, row) in enumerate(zip(names, results, strict=True)):
        wins, draws = sum(m > 0 for m in row), sum(m == 0 for m in row)
        print(
            f"v{n} {path}: {wins} wins, {draws} draws, {len(row) - wins - draws} losses, "
            f"total margin {sum(row):+d}"
        )
    for n, row in enumerate(results[1:], start=1):
        print(f"v{n} - v0: {paired(results[0], row)}")


def baseline(path: str, args: argparse.Namespace) -> list[int]:
    """The first column of margins in an earlier output, for this run's seeds."""
    found = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            match = re.match(r"(\d+)\s+([+-]\d+)", line)
            if match:
                found[int(match[1])] = int(match[2])
    missing = [args.seed + k for k in range(args.games) if args.seed + k not in found]
    if missing:
        raise SystemExit(f"{path} has no margin for seeds {missing[:5]}...")
    return [found[args.seed + k] for k in range(args.games)]


def paired(old: list[int], new: list[int]) -> str:
    """The change of margin per game, as mean +- standard error, and games better / worse."""
    changes = [b - a for a, b in zip(old, new, strict=True)]
    n = len(changes)
    mean = sum(changes) / n
    spread = math.sqrt(sum((c - mean) ** 2 for c in changes) / (n - 1)) if n > 1 else 0.0
    better, worse = sum(c > 0 for c in changes), sum(c < 0 for c in changes)
    return (
        f"mean change {mean:+.2f} +- {spread / math.sqrt(n):.2f} per game, "
        f"{better} games better, {worse} worse"
    )


if __name__ == "__main__":
    sys.exit(main())
