"""Strength table of the Hard strategy: arena matches against Medium and Easy on phone-60 and
tablet-120, under both rule options, printed as the Markdown table of docs/strength.md.
Run on demand (the whole table takes about 16 hours on 2 cores):

    python3 benchmarks/strength.py --games 200 --budget 1 [--jobs 2] [--only tablet-120]
    python3 benchmarks/strength.py --table        # just print the table from what has run

A pairing is played in parts of a few games, each one `python3 -m triangles_qt.arena ...
--json` run. A part from seed 5000 + k plays exactly games k, k + 1, ... of the single
200-game run (same boards, same seats), so the parts add up to it. Each finished part is
written to `benchmarks/strength-results/` (kept in git), so a run stopped half-way resumes
where it stopped and the table can always be rebuilt from the files.

To keep editing the checkout from changing a long run, install one commit into its own venv
and run this script with that venv's python and `--commit` naming that commit: the arena runs in
the results folder, away from the checkout, so it imports the installed package. Each part
records its commit, and the table lists the commits behind each row.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "strength-results"
PAIRINGS = [
    (preset, replay, opponent)
    for opponent in ("medium", "easy")
    for preset in ("phone-60", "tablet-120")
    for replay in (False, True)
]


def pairing_tag(preset: str, replay: bool, opponent: str) -> str:
    return f"{opponent}_{preset}_{'again' if replay else 'default'}"


def command(
    preset: str,
    replay: bool,
    opponent: str,
    games: int,
    budget: float,
    seed: int,
    python: str = sys.executable,
) -> list[str]:
    cmd = [
        python,
        "-m",
        "triangles_qt.arena",
        "--preset",
        preset,
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--p1",
        "hard",
        "--p2",
        opponent,
        "--in-process",  # as the published table was played
        "--budget",
        f"{budget:g}",
        "--json",
    ]
    return cmd + (["--replay-after-triangle"] if replay else [])


def part_path(results: Path, pairing: tuple, seed: int, games: int, budget: float) -> Path:
    return results / f"{pairing_tag(*pairing)}_b{budget:g}_{seed}_{games}.json"


def part_files(results: Path, pairing: tuple, budget: float) -> list[Path]:
    return sorted(results.glob(f"{pairing_tag(*pairing)}_b{budget:g}_*.json"))


def part_seeds(path: Path) -> range:
    """The board seeds of a part file's games (its name ends in _SEED_GAMES.json)."""
    first, games = map(int, path.stem.split("_")[-2:])
    return range(first, first + games)


def played_seeds(results: Path, pairing: tuple, budget: float) -> set[int]:
    """The board seeds whose games a pairing's part files hold."""
    return {seed for path in part_files(results, pairing, budget) for seed in part_seeds(path)}


def missing_parts(played: set[int], seed: int, games: int, part: int) -> list[tuple[int, int]]:
    """The parts (first seed, games) still to play of the run of `games` from `seed`. Parts start
    an even number of games after `seed`, so that Hard starts the same games as in one long run.
    Raises ValueError when played games cover only some of a part."""
    todo = []
    for first in range(seed, seed + games, part):
        seeds = range(first, min(first + part, seed + games))
        if played.isdisjoint(seeds):
            todo.append((first, len(seeds)))
        elif not played.issuperset(seeds):
            raise ValueError(
                f"seeds {seeds.start}-{seeds.stop - 1} are partly played; "
                "use a --part that the part files align with"
            )
    return todo


def run_part(cmd: list[str], path: Path, commit: str) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=path.parent)
    if done.returncode:
        raise RuntimeError(f"{' '.join(cmd[1:])} failed ({done.returncode}):\n{done.stderr}")
    # The arena's line per game ("game 1/2 (seed 5140): hard 181 - 152 medium, hard wins")
    # says which seeds were lost, for replaying them.
    games = [line for line in done.stderr.splitlines() if line.startswith("game ")]
    part = {
        "command": "python3 " + " ".join(cmd[1:]),
        "commit": commit,
        "summary": json.loads(done.stdout),
        "games": games,
    }
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(part, indent=1) + "\n")
    os.replace(tmp, path)


def combine(parts: list[dict]) -> dict:
    """One summary for a pairing from its parts. The mean s/move weights parts by their moves,
    or by their games when a part does not say how many moves it had (the earliest totals)."""
    games = sum(p["games"] for p in parts)
    total = {
        "games": games,
        "wins": {},
        "draws": sum(p["draws"] for p in parts),
        "failures": [f for p in parts for f in p["failures"]],
        "move_seconds": {},
    }
    for part in parts:
        for name, wins in part["wins"].items():
            total["wins"][name] = total["wins"].get(name, 0) + wins
    names = {name for part in parts for name in part["move_seconds"]}
    for name in names:
        seconds = [part["move_seconds"][name] for part in parts]
        by_moves = all("moves" in s for s in seconds)
        weights = [
            s["moves"] if by_moves else part["games"]
            for s, part in zip(seconds, parts, strict=True)
        ]
        total["move_seconds"][name] = {
            "mean": sum(s["mean"] * w for s, w in zip(seconds, weights, strict=True))
            / (sum(weights) or 1),
            "max": max(s["max"] for s in seconds),
        }
    return total


def row(preset: str, replay: bool, opponent: str, summary: dict) -> str:
    rules = "play again" if replay else "default"
    games = summary["games"]
    if not games:
        return f"| {preset} | {rules} | {opponent} | 0 | not yet run | | | | | |"
    wins = summary["wins"].get("hard", 0)
    draws = summary["draws"]
    losses = games - wins - draws
    hard, other = summary["move_seconds"]["hard"], summary["move_seconds"][opponent]
    return (
        f"| {preset} | {rules} | {opponent} | {games} | {wins} ({100 * wins / games:.1f}%) | "
        f"{draws} | {losses} | {hard['mean']:.3f} / {hard['max']:.3f} | "
        f"{other['mean']:.3f} / {other['max']:.3f} | {len(summary['failures'])} |"
    )


def table(results: Path, todo: list[tuple], budget: float, seeds: range) -> str:
    """The Markdown table of the pairings' parts within `seeds`, then the commits behind each
    row (the parts' own record of what was installed)."""
    lines = [
        "| board | rules | opponent | games | Hard wins | draws | Hard losses |"
        " Hard s/move mean / max | opponent s/move mean / max | failures |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    versions = []
    for pairing in todo:
        files = [
            f for f in part_files(results, pairing, budget) if set(part_seeds(f)) <= set(seeds)
        ]
        parts = [json.loads(f.read_text()) for f in files]
        lines.append(row(*pairing, combine([part["summary"] for part in parts])))
        games_by_commit: dict[str, int] = {}
        for part in parts:
            commit = part.get("commit", "unknown")
            games_by_commit[commit] = games_by_commit.get(commit, 0) + part["summary"]["games"]
        if games_by_commit:
            played = ", ".join(
                f"{games} games with {commit}" for commit, games in games_by_commit.items()
            )
            versions.append(f"- {pairing_tag(*pairing)}: {played}")
    return "\n".join(lines + ["", "Versions:"] + versions)


def head_commit() -> str:
    git = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parent,
    )
    return git.stdout.strip() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--part", type=int, default=2, help="games per arena run (even)")
    parser.add_argument("--jobs", type=int, default=2, help="arena runs at once (cores)")
    parser.add_argument(
        "--only",
        nargs="*",
        default=[],
        help="only the pairings whose tag holds all these words (e.g. easy tablet-120)",
    )
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument(
        "--commit",
        default=None,
        help="what the parts record as the version played (default: git HEAD)",
    )
    parser.add_argument("--table", action="store_true", help="print the table and exit")
    args = parser.parse_args()
    if args.part % 2:
        parser.error("--part must be even, so that seats alternate as in one long run")
    todo = [p for p in PAIRINGS if all(word in pairing_tag(*p) for word in args.only)]
    if not todo:
        parser.error(f"no pairing matches {' '.join(args.only)!r}")
    if not args.table:
        args.results.mkdir(parents=True, exist_ok=True)
        commit = args.commit or head_commit()
        jobs = []
        try:
            for pairing in todo:
                played = played_seeds(args.results, pairing, args.budget)
                for first, games in missing_parts(played, args.seed, args.games, args.part):
                    path = part_path(args.results, pairing, first, games, args.budget)
                    jobs.append((command(*pairing, games, args.budget, first), path))
        except ValueError as exc:
            sys.exit(f"{pairing_tag(*pairing)}: {exc}")
        print(f"{len(jobs)} parts to play", file=sys.stderr)
        with ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_part, *job, commit) for job in jobs]
            done, _ = wait(futures, return_when=FIRST_EXCEPTION)
            failed = next((f.exception() for f in done if f.exception()), None)
            if failed is not None:  # stop at once, not after hours of the other parts
                pool.shutdown(cancel_futures=True)
                sys.exit(str(failed))
    print(table(args.results, todo, args.budget, range(args.seed, args.seed + args.games)))
    print("\nEach row is the sum of its parts; one part is, for example:\n")
    print("    python3 " + " ".join(command(*todo[0], args.part, args.budget, args.seed)[1:]))


if __name__ == "__main__":
    main()
