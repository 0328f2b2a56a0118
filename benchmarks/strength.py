"""Strength table of the Hard strategy: arena matches against Medium and Easy on phone-60 and
tablet-120, under both rule options, printed as the Markdown table of docs/strength.md.
Run on demand (it takes long):

    python3 benchmarks/strength.py --games 200 --budget 1 [--jobs 2]

Each pairing is one `python3 -m triangles_qt.arena ... --json` run (seats alternate between
games); the exact commands are printed with the table so anyone can rerun one line.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

PAIRINGS = [
    (preset, replay, opponent)
    for preset in ("phone-60", "tablet-120")
    for replay in (False, True)
    for opponent in ("medium", "easy")
]


def command(preset: str, replay: bool, opponent: str, games: int, budget: float, seed: int) -> list[str]:
    cmd = [
        sys.executable, "-m", "triangles_qt.arena", "--preset", preset, "--games", str(games),
        "--seed", str(seed), "--p1", "hard", "--p2", opponent, "--budget", str(budget), "--json",
    ]
    return cmd + (["--replay-after-triangle"] if replay else [])


def row(preset: str, replay: bool, opponent: str, summary: dict) -> str:
    games = summary["games"]
    wins = summary["wins"].get("hard", 0)
    draws = summary["draws"]
    losses = games - wins - draws
    hard, other = summary["move_seconds"]["hard"], summary["move_seconds"][opponent]
    rules = "play again" if replay else "default"
    return (
        f"| {preset} | {rules} | {opponent} | {games} | {wins} ({100 * wins / games:.0f}%) | "
        f"{draws} | {losses} | {hard['mean']:.3f} / {hard['max']:.3f} | "
        f"{other['mean']:.3f} / {other['max']:.3f} | {len(summary['failures'])} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2, help="arena runs at once (cores)")
    parser.add_argument("--presets", nargs="*", default=["phone-60", "tablet-120"])
    args = parser.parse_args()
    todo = [p for p in PAIRINGS if p[0] in args.presets]
    commands = [command(*p, args.games, args.budget, args.seed) for p in todo]

    def run(cmd: list[str]) -> dict:
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    with ThreadPoolExecutor(args.jobs) as pool:
        summaries = list(pool.map(run, commands))
    print("| board | rules | opponent | games | Hard wins | draws | Hard losses |"
          " Hard s/move mean / max | opponent s/move mean / max | failures |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for pairing, summary in zip(todo, summaries):
        print(row(*pairing, summary))
    print("\nCommands:\n")
    for cmd in commands:
        print("    python3 " + " ".join(cmd[1:]))


if __name__ == "__main__":
    main()
