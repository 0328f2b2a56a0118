"""Headless matches between two strategies: ``python -m triangles_qt.arena``.

Game k (from 0) is played on the board of seed ``seed + k``, and the seats alternate: --p1 starts
the even games, --p2 the odd ones. Every move goes through `SafeStrategy`, exactly as in the app.
"""

from __future__ import annotations

import argparse
import json
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.board import PRESETS, Board, BoardError
from .core.game import Game
from .core.players import PlayerInfo, PlayerKind
from .core.position import Position
from .core.record import RecordError, write_record
from .core.rules import Rules
from .defaults import DEFAULT_PRESET
from .engine.host import EngineError, EngineStrategy
from .engine.listing import load_plugins_isolated
from .plugin_manager import PluginRegistry, load_plugins, plugin_search_dirs
from .strategy_runner import Failure, SafeStrategy
from .themes import load_themes, theme_advice


@dataclass
class Contestant:
    """One side of a match: its label in the results, and its safely wrapped strategy."""

    label: str
    safe: SafeStrategy

    @property
    def name(self) -> str:
        """The strategy's name, with " #1" or " #2" when both sides play the same strategy."""
        name = str(getattr(self.safe.strategy, "name", self.label))
        sid = self.safe.strategy_id
        return name if self.label == sid else f"{name} {self.label[len(sid) :]}"


@dataclass
class GameResult:
    """A finished game; `seats[p]` is the contestant that played as player p."""

    game: Game
    seats: tuple[Contestant, Contestant]
    seconds: float
    move_seconds: dict[str, list[float]]
    failures: list[Failure]
    fallback_moves: dict[str, int] = field(default_factory=dict)

    @property
    def winner_label(self) -> str | None:
        winner = self.game.winner
        return None if winner is None else self.seats[winner].label


@dataclass
class MatchResult:
    labels: tuple[str, str]
    games: list[GameResult] = field(default_factory=list)

    def wins(self) -> dict[str, int]:
        counts = {label: 0 for label in self.labels}
        for result in self.games:
            if result.winner_label is not None:
                counts[result.winner_label] += 1
        return counts

    def draws(self) -> int:
        return sum(1 for result in self.games if result.winner_label is None)

    def move_seconds(self) -> dict[str, list[float]]:
        times: dict[str, list[float]] = {label: [] for label in self.labels}
        for result in self.games:
            for label, values in result.move_seconds.items():
                times[label].extend(values)
        return times

    def failures(self) -> list[Failure]:
        return [f for result in self.games for f in result.failures]

    def fallback_moves(self) -> dict[str, int]:
        """Per contestant, the moves the fallback played for it (a failing strategy's results
        are largely the fallback's)."""
        return {
            label: sum(r.fallback_moves.get(label, 0) for r in self.games) for label in self.labels
        }

    def summary(self) -> dict:
        """The --json summary."""
        return {
            "games": len(self.games),
            "wins": self.wins(),
            "draws": self.draws(),
            "seconds_per_game": [round(r.seconds, 4) for r in self.games],
            "move_seconds": {
                label: {
                    "mean": round(statistics.fmean(values), 6) if values else 0.0,
                    "max": round(max(values), 6) if values else 0.0,
                    "moves": len(values),
                }
                for label, values in self.move_seconds().items()
            },
            "fallback_moves": self.fallback_moves(),
            "failures": [
                {
                    "strategy": f.strategy_id,
                    "plugin": f.plugin_name,
                    "error": f.error,
                    "kind": f.kind,
                    "replaced": f.replaced,
                    "details": f.details,
                }
                for f in self.failures()
            ],
        }


ENGINE_PREFIX = "engine:"


def contestant_strategy(
    registry: PluginRegistry, spec: str, own_process: bool = False
) -> tuple[Any, str]:
    """The strategy a --p1/--p2 value names, and who provides it: an installed strategy's id
    (served as an engine in its own process when `own_process`, as the app runs it), or
    ``engine:COMMAND``, an engine program (docs/engine-protocol.md). KeyError for an unknown
    id."""
    if spec.startswith(ENGINE_PREFIX):
        command = shlex.split(spec[len(ENGINE_PREFIX) :])
        if not command:
            raise KeyError(f"{spec!r} names no engine program")
        return EngineStrategy(spec, command), f"engine {command[0]}"
    strategy, plugin = registry.strategy(spec), registry.plugin_of(spec)
    if own_process:
        strategy = EngineStrategy(spec, registry.engine_command(spec), name=str(strategy.name))
    return strategy, plugin


def contestants(
    registry: PluginRegistry, p1: str, p2: str, own_process: bool = False
) -> tuple[Contestant, Contestant]:
    """The two sides of a match (KeyError for an unknown id); the same id twice is labelled
    ``id#1`` and ``id#2``."""
    labels = (f"{p1}#1", f"{p2}#2") if p1 == p2 else (p1, p2)
    return tuple(  # type: ignore[return-value]
        Contestant(label, SafeStrategy(*contestant_strategy(registry, sid, own_process)))
        for label, sid in zip(labels, (p1, p2), strict=True)
    )


def play_game(game: Game, seats: Sequence[Contestant], budget_s: float) -> GameResult:
    """Play a game to its end, seats[p] moving for player p."""
    for seat in seats:
        seat.safe.reset()
    move_seconds: dict[str, list[float]] = {seat.label: [] for seat in seats}
    failures: list[Failure] = []
    fallback_moves = {seat.label: 0 for seat in seats}
    start = time.perf_counter()
    while not game.is_over:
        seat = seats[game.player]
        choice = seat.safe.choose(Position(game), budget_s)
        move_seconds[seat.label].append(choice.seconds)
        fallback_moves[seat.label] += choice.by_fallback
        if choice.failure is not None:
            failures.append(choice.failure)
        game.play(*choice.stroke)
    seconds = time.perf_counter() - start
    return GameResult(game, (seats[0], seats[1]), seconds, move_seconds, failures, fallback_moves)


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
    progress: Callable[[int, GameResult], None] | None = None,
    own_process: bool = False,
) -> MatchResult:
    """Play `games` games between strategies p1 and p2 (ids); see the module docstring."""
    first, second = contestants(registry, p1, p2, own_process)
    try:
        for side in (first, second):  # warm: starting is not part of the first move's time
            if isinstance(side.safe.strategy, EngineStrategy):
                side.safe.strategy.process.start()
        return _play_match(
            first, second, preset, games, seed, tolerance, rules, budget_s, records_dir, progress
        )
    finally:
        for side in (first, second):
            if isinstance(side.safe.strategy, EngineStrategy):
                side.safe.strategy.close()


def _play_match(
    first: Contestant,
    second: Contestant,
    preset: str,
    games: int,
    seed: int,
    tolerance: int | None,
    rules: Rules,
    budget_s: float,
    records_dir: str | Path | None,
    progress: Callable[[int, GameResult], None] | None,
) -> MatchResult:
    match = MatchResult((first.label, second.label))
    for k in range(games):
        board = Board.generate(preset, seed + k, tolerance)
        seats = (first, second) if k % 2 == 0 else (second, first)
        result = play_game(Game(board, rules), seats, budget_s)
        match.games.append(result)
        if records_dir is not None:
            try:
                write_game_record(Path(records_dir), k, result)
            except (OSError, RecordError) as exc:  # the match goes on without that record
                print(
                    f"warning: the record of game {k + 1} was not written: {exc}",
                    file=sys.stderr,
                    flush=True,
                )
        if progress is not None:
            progress(k, result)
    return match


def write_game_record(folder: Path, k: int, result: GameResult) -> Path:
    """Write game k's record into folder; return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    board = result.game.board
    path = folder / f"game-{k + 1:03d}-{board.preset}-seed{board.seed}.triangles"
    players = [
        PlayerInfo(seat.name, PlayerKind.COMPUTER, seat.safe.strategy_id) for seat in result.seats
    ]
    write_record(path, result.game, players)
    return path


# -- command line ------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m triangles_qt.arena",
        description="Play headless games between two computer strategies and report the results. "
        "Game k uses board seed SEED + k, and the strategies take turns starting.",
    )
    add = parser.add_argument
    add(
        "--preset",
        choices=list(PRESETS),
        default=DEFAULT_PRESET,
        help=f"board size (default: {DEFAULT_PRESET})",
    )
    add("--games", type=_positive_int, default=20, help="number of games (default: 20)")
    add("--seed", type=int, default=1, help="board seed of the first game (default: 1)")
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
    parser.add_argument(
        "--tolerance",
        type=_non_negative_int,
        default=None,
        metavar="T",
        help="board tolerance in logical points (default: the board's, 4)",
    )
    parser.add_argument(
        "--replay-after-triangle",
        action="store_true",
        help="a player who closes a triangle plays again",
    )
    parser.add_argument(
        "--budget",
        type=_non_negative_float,
        default=1.0,
        metavar="S",
        help="seconds per move (default: 1); 0.5 s grace, then the fallback plays",
    )
    parser.add_argument(
        "--records", metavar="DIR", help="write one .triangles record per game into DIR"
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="call the strategies in the arena's own process instead of each in a process of "
        "its own (as the app runs them, so that a plugin that crashes, hangs or hogs memory "
        "cannot stop the match; docs/engine-protocol.md): faster to start, for trusted code",
    )
    parser.add_argument(
        "--plugin-dir",
        metavar="DIR",
        action="append",
        default=[],
        help="also load drop-in plugins from DIR (repeatable)",
    )
    parser.add_argument(
        "--list-plugins", action="store_true", help="list the loaded and failed plugins, then exit"
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON on stdout")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
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
    for sid in (args.p1, args.p2):
        try:
            contestant_strategy(registry, sid)
        except KeyError as exc:
            print(f"error: {exc.args[0]}", file=sys.stderr)
            return 2

    def progress(k: int, result: GameResult) -> None:
        scores = result.game.scores
        seats = result.seats
        outcome = f"{result.winner_label} wins" if result.winner_label else "draw"
        print(
            f"game {k + 1}/{args.games} (seed {result.game.board.seed}): "
            f"{seats[0].label} {scores[0]} - {scores[1]} {seats[1].label}, {outcome} "
            f"[{result.seconds:.2f} s]",
            file=sys.stderr,
            flush=True,
        )

    try:
        Board.generate(args.preset, args.seed, args.tolerance)
    except BoardError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        match = run_match(
            registry,
            args.p1,
            args.p2,
            args.preset,
            args.games,
            args.seed,
            args.tolerance,
            Rules(args.replay_after_triangle),
            args.budget,
            args.records,
            progress,
            not args.in_process,
        )
    except KeyboardInterrupt:  # strategy threads are daemons: nothing keeps us from exiting
        print("interrupted", file=sys.stderr)
        return 130
    except EngineError as exc:  # an engine that cannot even start and shake hands
        print(f"error: {exc}", file=sys.stderr)
        return 2
    summary = match.summary()
    if args.json:
        print(json.dumps(summary))
    else:
        print_table(summary, args)
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


def print_table(summary: dict, args: argparse.Namespace) -> None:
    games = summary["games"]
    rules = "play again after a triangle" if args.replay_after_triangle else "one stroke per turn"
    print(
        f"{games} games on {args.preset}, seeds {args.seed}..{args.seed + games - 1}, {rules}, "
        f"budget {args.budget:g} s"
    )
    print(f"{'strategy':<20} {'wins':>6} {'win %':>7} {'mean move s':>12} {'max move s':>11}")
    for label, wins in summary["wins"].items():
        times = summary["move_seconds"][label]
        print(
            f"{label:<20} {wins:>6} {100 * wins / games:>6.1f}% "
            f"{times['mean']:>12.4f} {times['max']:>11.4f}"
        )
    print(f"{'draws':<20} {summary['draws']:>6} {100 * summary['draws'] / games:>6.1f}%")
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


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    return value


def _non_negative_float(text: str) -> float:
    value = float(text)
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a non-negative number of seconds, not {text}")
    return value


if __name__ == "__main__":
    sys.exit(main())
