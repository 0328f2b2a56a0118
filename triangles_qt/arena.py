"""Headless matches and tournaments between computer strategies: ``python -m triangles_qt.arena``.

A match plays --games games between --p1 and --p2; a gauntlet (--gauntlet A B C) pairs A with
each other player, a round robin (--round-robin A B C) everyone with everyone. Game k of a
pairing is played on the board of seed ``seed + k // 2``, the first player starting the even
games: each board is played with both seat orders (a pair). Games run on every core
(--jobs), or on a Dask cluster (--cluster); every finished game goes into a SQLite results
database (--db), from which a stopped run resumes and tables are printed (--table). Every move
goes through `SafeStrategy`, exactly as in the app. See docs/tournaments.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sqlite3
import statistics
import sys
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .cli_args import bounded_float, bounded_int
from .cli_run import run as run_cli
from .computer_players import computer_player
from .core.board import PRESETS, Board, BoardError
from .core.rules import Rules
from .defaults import DEFAULT_PRESET
from .engine.listing import load_plugins_isolated
from .plugin_manager import PluginRegistry, load_plugins, plugin_search_dirs
from .themes import load_themes, theme_advice
from .tournament.executors import (
    ClusterError,
    InlineExecutor,
    cluster_executor,
    default_jobs,
    local_executor,
)
from .tournament.play import (
    GameOutcome,
    Players,
    RunSetup,
    close_players,
    play_with,
)
from .tournament.report import Progress, by_conditions, markdown_table
from .tournament.results import ResultsDB, ResultsError
from .tournament.run import RecordsNotWritten, ResultsNotWritten, run_tournament
from .tournament.schedule import Conditions, Pairing, pairings
from .tournament.standings import Tally, ranking
from .tournament.stats import MAX_ELO, Sprt

__all__ = ["main", "run_match"]

MAX_GAMES = 1_000_000
MAX_BUDGET_S = 3600.0
MAX_NODES = 10**9
MAX_JOBS = 1024


MatchResult = Tally
"""A match's games and what they add up to (`Tally`)."""


def run_match(
    registry: PluginRegistry,
    p1: str,
    p2: str,
    preset: str = DEFAULT_PRESET,
    games: int = 20,
    seed: int = 1,
    tolerance: int | None = None,
    rules: Rules = Rules(),
    budget_s: float = 1.0,
    records_dir: str | Path | None = None,
    progress: Callable[[GameOutcome, Tally], None] | None = None,
    own_process: bool = False,
) -> Tally:
    """Play `games` games between strategies p1 and p2 (ids) from `registry`, one after the other
    in this process (the strategies too unless `own_process`); see `tournament.schedule` for
    which boards and seats."""
    conditions = Conditions(preset, tolerance, rules.replay_after_triangle, budget_s, seed)
    pairing = Pairing(p1, p2, conditions)
    players = Players(registry, own_process)
    for spec, label in zip((p1, p2), pairing.labels, strict=True):
        players.contestant(spec, label)  # KeyError for an unknown id, before any game
    db = ResultsDB(":memory:")
    try:
        (tally,) = run_tournament(
            [pairing],
            games,
            db,
            InlineExecutor(),
            RunSetup(),
            records_dir=records_dir,
            on_game=progress,
            player=lambda spec, _setup: play_with(players, spec),
        )
    finally:
        players.close()
        db.close()
    return tally


# -- command line ------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="triangles-arena",
        description="Play headless games between computer strategies and report the results. "
        "Game k uses board seed SEED + k // 2: each board is played twice, the seats swapped.",
    )
    add = parser.add_argument
    add(
        "--preset",
        choices=list(PRESETS),
        default=DEFAULT_PRESET,
        help=f"board size (default: {DEFAULT_PRESET})",
    )
    add(
        "--games",
        type=bounded_int(1, MAX_GAMES),
        default=20,
        help="games per pairing (default: 20; an even number plays every board both ways)",
    )
    add("--seed", type=bounded_int(0, 2**62), default=1, help="first board seed (default: 1)")
    add(
        "--p1",
        default="easy",
        help="strategy id of the first contestant (default: easy), or engine:COMMAND for an "
        "engine program (docs/engine-protocol.md)",
    )
    add(
        "--p2",
        default="medium",
        help="strategy id of the second contestant (default: medium); when --p1 and --p2 are the "
        "same id, the results are labelled ID#1 and ID#2",
    )
    players = parser.add_mutually_exclusive_group()
    players.add_argument(
        "--gauntlet",
        nargs="+",
        metavar="ID",
        help="instead of --p1/--p2: the first ID plays each of the others",
    )
    players.add_argument(
        "--round-robin",
        nargs="+",
        metavar="ID",
        help="instead of --p1/--p2: each ID plays each other one; the table ranks them",
    )
    add(
        "--tolerance",
        type=bounded_int(0, 1000),
        default=None,
        metavar="T",
        help="board tolerance in logical points (default: the board's, 4)",
    )
    add(
        "--replay-after-triangle",
        action="store_true",
        help="a player who closes a triangle plays again",
    )
    add(
        "--budget",
        type=_budget,
        default=1.0,
        metavar="S",
        help=f"seconds per move, at most {MAX_BUDGET_S:g} (default: 1): the built-in levels' work "
        "is calibrated to half of it; an answer is late after 3 times it plus 1 s, and then the "
        "fallback plays",
    )
    add(
        "--nodes",
        type=bounded_int(1, MAX_NODES),
        default=None,
        metavar="N",
        help="the work of every move, in each strategy's own units (like chess engines' 'go "
        "nodes'): results identical on any machine, the budget then only the clock's safety "
        "stop; engines are sent 'go MS nodes N' and may ignore it",
    )
    add(
        "--jobs",
        type=bounded_int(1, MAX_JOBS),
        default=None,
        metavar="N",
        help="games played at once, each in a worker process (default: every core, "
        f"{default_jobs()} here); 1 plays them one after the other in this process",
    )
    add(
        "--cluster",
        metavar="tcp://HOST:PORT",
        help="play the games on the Dask cluster whose scheduler is at this address "
        "(pip install 'triangles-qt[cluster]'; docs/tournaments.md)",
    )
    add(
        "--db",
        metavar="FILE",
        help="SQLite results database: every finished game is written to it, games already in "
        "it are not played again (resume), and --table reads it",
    )
    add(
        "--table",
        action="store_true",
        help="print the table of every pairing in --db (Markdown; --json for JSON) and exit",
    )
    add(
        "--sprt",
        nargs=2,
        type=_elo,
        metavar=("ELO0", "ELO1"),
        help="stop a pairing once the SPRT decides between H0: the first player is ELO0 "
        "stronger, and H1: ELO1 stronger (e.g. --sprt 0 50); --games is then the most to play",
    )
    add("--alpha", type=_probability, default=0.05, help="SPRT false-H1 rate (default: 0.05)")
    add("--beta", type=_probability, default=0.05, help="SPRT false-H0 rate (default: 0.05)")
    add("--records", metavar="DIR", help="write one .triangles record per game into DIR")
    add(
        "--in-process",
        action="store_true",
        help="call the strategies inside the arena's own processes: faster to start, but a "
        "plugin that crashes, hangs or hogs memory can then stop the match. By default each "
        "strategy runs in a process of its own, as the app runs them "
        "(docs/engine-protocol.md); use this for trusted code only",
    )
    add(
        "--plugin-dir",
        metavar="DIR",
        action="append",
        default=[],
        help="also load drop-in plugins from DIR (repeatable)",
    )
    add("--list-plugins", action="store_true", help="list the loaded and failed plugins, then exit")
    add("--json", action="store_true", help="print the summary as JSON on stdout")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.sprt is not None:
        try:
            elo0, elo1 = args.sprt
            sprt: Sprt | None = Sprt(elo0, elo1, args.alpha, args.beta)
        except ValueError as exc:
            parser.error(f"--sprt: {exc}")
    else:
        sprt = None
    if args.table:
        if not args.db:
            parser.error("--table needs --db FILE")
        return print_db_table(args.db, args.json, sprt)
    # Each strategy plays from its own process unless --in-process: then plugin code does not run
    # here at all, not even at import (a process of their own lists what they offer).
    registry = (
        load_plugins(args.plugin_dir) if args.in_process else load_plugins_isolated(args.plugin_dir)
    )
    if args.list_plugins:
        print_plugins(registry, args.plugin_dir)
        return 0
    for failure in registry.failed:
        print(
            f"warning: plugin {failure.name} ({failure.source}) failed: {failure.error}",
            file=sys.stderr,
        )
    kind, players = "match", [args.p1, args.p2]
    if args.gauntlet or args.round_robin:
        kind = "gauntlet" if args.gauntlet else "round-robin"
        players = args.gauntlet or args.round_robin
        if len(players) < 2 or len(set(players)) < len(players):
            parser.error(f"--{kind} needs at least two different strategies")
    for sid in players:
        try:
            computer_player(registry, sid, own_process=False)
        except KeyError as exc:
            print(f"error: {exc.args[0]}", file=sys.stderr)
            return 2
    try:
        Board.generate(args.preset, args.seed, args.tolerance)
    except BoardError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    conditions = Conditions(
        args.preset, args.tolerance, args.replay_after_triangle, args.budget, args.seed, args.nodes
    )
    return play_tournament(args, pairings(kind, players, conditions), sprt, registry)


def known_engines(
    registry: PluginRegistry, todo: list[Pairing]
) -> tuple[tuple[str, tuple[str, ...], str, str], ...]:
    """The listed strategies' engine commands, names and plugins, for local workers."""
    ids = sorted({s for p in todo for s in (p.first, p.second) if not s.startswith("engine:")})
    return tuple(
        (
            sid,
            tuple(registry.engine_command(sid)),
            str(registry.strategy(sid).name),
            registry.plugin_of(sid),
        )
        for sid in ids
    )


def play_tournament(
    args: argparse.Namespace, todo: list[Pairing], sprt: Sprt | None, registry: PluginRegistry
) -> int:
    try:
        db = ResultsDB(args.db or ":memory:")
        db.check_writable()
    except ResultsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        if args.cluster:
            executor, workers, stop = cluster_executor(args.cluster)
        else:
            workers = args.jobs or default_jobs()
            executor, stop = local_executor(workers)
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        db.close()
        return 2
    setup = RunSetup(tuple(args.plugin_dir), not args.in_process, uuid.uuid4().hex)
    if setup.own_process and not args.cluster:
        setup = dataclasses.replace(setup, engines=known_engines(registry, todo))
    status = 0
    progress = Progress(lambda line: print(line, file=sys.stderr, flush=True))
    try:
        tallies = run_tournament(
            todo,
            args.games,
            db,
            executor,
            setup,
            workers,
            sprt,
            args.records,
            progress,
            on_plan=progress.plan,
        )
    except RecordsNotWritten:
        status = 1  # warned game by game; the results are complete all the same
        tallies = [Tally(p, list(db.outcomes(p)), sprt) for p in todo]
    except ResultsNotWritten as exc:  # warned as it happened; the games it names are lost
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # the finished games are in --db: the next run resumes there
        kept = (
            f"the finished games are kept in {args.db}: the same command plays the rest"
            if args.db
            else "without --db the finished games are not kept"
        )
        print(f"interrupted; the games in flight are abandoned, {kept}", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - e.g. an engine that cannot start, a lost worker
        print(f"error: a game could not be played: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    finally:
        stop()
        close_players()
        db.close()
    print_results(tallies, args)
    return status


def print_results(tallies: list[Tally], args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(results_json(tallies), allow_nan=False))
    elif len(tallies) == 1:
        print_table(tallies[0], args)
    else:
        print(markdown_table(tallies))


def results_json(tallies: list[Tally]) -> dict[str, Any]:
    """One pairing's summary; for several, {"pairings": [...], "rankings": [...]}, a ranking
    per board size, rules and budget."""
    if len(tallies) == 1:
        return _json_safe(tallies[0].summary())
    return _json_safe(
        {
            "pairings": [
                {
                    "first": t.labels[0],
                    "second": t.labels[1],
                    **dataclasses.asdict(t.pairing.conditions),
                    **t.summary(),
                }
                for t in tallies
            ],
            "rankings": [
                {
                    "preset": c.preset,
                    "tolerance": c.tolerance,
                    "replay_after_triangle": c.replay_after_triangle,
                    "budget": c.budget,
                    "ranking": [
                        {"player": r.player, "elo": r.elo, "interval": r.interval}
                        for r in ranking(group)
                    ],
                }
                for c, group in by_conditions(tallies).items()
            ],
        }
    )


def _json_safe(value: Any) -> Any:
    """Infinite Elo (every game won) as null: JSON has no infinity."""
    if isinstance(value, float) and math.isinf(value):
        return None
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_safe(v) for v in value]
    return value


def print_db_table(path: str, as_json: bool, sprt: Sprt | None) -> int:
    if not Path(path).is_file():
        print(f"error: {path} does not exist", file=sys.stderr)
        return 2
    try:
        db = ResultsDB(path)
        tallies = [Tally(p, list(db.outcomes(p)), sprt) for p in db.pairings()]
        db.close()
    except (ResultsError, ValueError, sqlite3.Error) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not tallies:
        print(f"error: {path} holds no games", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(results_json(tallies), allow_nan=False))
    else:
        print(markdown_table(tallies))
    return 0


def print_plugins(registry: PluginRegistry, extra_dirs: Sequence[str] = ()) -> None:
    print("Drop-in folders searched, in order:")
    for folder, _ in plugin_search_dirs(extra_dirs):
        print(f"  {folder}" + ("" if folder.is_dir() else "  (does not exist)"))
    print("Loaded plugins:")
    for info in registry.loaded:
        print(f"  {info.name:<20} {info.kind:<20} {info.source}")
    print("Strategies:")
    for strategy in registry.strategies():
        print(f"  {strategy.id:<20} {strategy.name:<20} plugin {registry.plugin_of(strategy.id)}")
    print("Failed plugins:" if registry.failed else "Failed plugins: none")
    for failure in registry.failed:
        print(f"  {failure.name} ({failure.source}): {failure.error}")
        _print_indented(failure.details)
    themes = load_themes(registry)  # a theme author's check without starting the app
    print("Themes:")
    for theme in themes.themes.values():
        print(f"  {theme.id:<20} {theme.name}")
        for advice in theme_advice(theme):
            print(f"    hard to see: {advice}")
    print("Skipped themes:" if themes.errors else "Skipped themes: none")
    for error in themes.errors:
        print(f"  {error}")


def elo_basis(tally: Tally) -> str:
    """What an Elo line stands on: the pairs (a board played with the seats each way), else
    the single games; and, after a sweep, who scored every point."""
    pairs = tally.pentanomial()
    n = sum(pairs)
    basis = f"{n} pair{'s' if n != 1 else ''} {'-'.join(map(str, pairs))}" if n else "games"
    wins, draws, losses = tally.wdl()
    if not draws and not (wins and losses):
        first = tally.labels[0]
        basis += f"; {first} {'won' if wins else 'lost'} every game"
    return basis


def print_table(tally: Tally, args: argparse.Namespace) -> None:
    summary = tally.summary()
    games = summary["games"]
    if not games:
        print("no games were played")
        return
    rules = "play again after a triangle" if args.replay_after_triangle else "one stroke per turn"
    seeds = f"{args.seed}..{args.seed + (args.games - 1) // 2}"
    budget = f"{args.budget:g} s" + ("" if args.nodes is None else f", {args.nodes} nodes a move")
    print(f"{games} games on {args.preset}, board seeds {seeds}, {rules}, budget {budget}")
    width = max(20, *(len(label) for label in summary["wins"]))  # an engine's whole command
    # "by fallback": the moves the fallback played for it, so its wins are partly the fallback's.
    print(
        f"{'strategy':<{width}} {'wins':>6} {'win %':>7} {'mean move s':>12} {'max move s':>11} "
        f"{'by fallback':>12}"
    )
    for label, wins in summary["wins"].items():
        times = summary["move_seconds"][label]
        print(
            f"{label:<{width}} {wins:>6} {100 * wins / games:>6.1f}% "
            f"{times['mean']:>12.4f} {times['max']:>11.4f} {summary['fallback_moves'][label]:>12}"
        )
    print(f"{'draws':<{width}} {summary['draws']:>6} {100 * summary['draws'] / games:>6.1f}%")
    estimate = tally.estimate()
    if estimate is not None:
        print(f"Elo of {tally.labels[0]}: {estimate} (95%, from {elo_basis(tally)})")
    if summary["sprt"] is not None:
        s = summary["sprt"]
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[s["decision"]]
        print(
            f"SPRT H0 {s['elo0']:g} / H1 {s['elo1']:g} Elo: LLR {s['llr']:.2f} "
            f"[{s['lower']:.2f}, {s['upper']:.2f}], {verdict}"
        )
    per_game = summary["seconds_per_game"]
    print(f"seconds per game: mean {statistics.fmean(per_game):.3f}, max {max(per_game):.3f}")
    for label, moves in summary["fallback_moves"].items():
        if moves:
            total = summary["move_seconds"][label]["moves"]
            share = "all" if moves == total else "partly"
            print(
                f"the fallback played {moves} of {label}'s {total} moves: those results are "
                f"{share} the fallback's"
            )
    print(f"failures: {len(summary['failures'])}")
    traced = set()  # one traceback per strategy and place is enough to find the fault
    for failure in summary["failures"]:
        replaced = (
            "; replaced by the fallback for the rest of the game" if failure["replaced"] else ""
        )
        print(f"  {failure['strategy']} ({failure['plugin']}): {failure['error']}{replaced}")
        # The frames' "File ..., line ..." lines: the message may differ every time ("index 1179
        # is out of bounds") and may take several lines.
        frames = tuple(
            line for line in failure["details"].splitlines() if line.lstrip().startswith('File "')
        )
        place = (failure["strategy"], frames)
        if place not in traced:
            traced.add(place)
            _print_indented(failure["details"])


def _print_indented(text: str) -> None:
    for line in text.rstrip().splitlines():
        print(f"      {line}")


_budget = bounded_float(0, MAX_BUDGET_S)
_elo = bounded_float(-MAX_ELO, MAX_ELO)
_probability = bounded_float(0, 1, inclusive=False)


def cli() -> None:
    """The `triangles-arena` command (Ctrl-C, a full disk or a closed pipe end it in one line)."""
    run_cli(main, "triangles-arena")


if __name__ == "__main__":
    cli()
