"""Playing one game of a tournament, wherever it runs: the arena's own process, a worker of a
local pool or a Dask worker on another machine.

A game is played at a table (triangles_qt/table/), as the app plays one: two seats that choose at
once, every move through `SafeStrategy`, exactly as in the app. A process (or thread) keeps its
contestants between games, so an engine starts once per worker, not once per game; what a game
returns is plain data (`GameOutcome`), the record included, so it crosses processes and machines.
"""

from __future__ import annotations

import multiprocessing.util
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..computer_move import limited_to
from ..computer_players import computer_player
from ..core.board import Board
from ..core.game import Game
from ..core.players import PlayerInfo, PlayerKind
from ..core.record import parse_record, record_to_text
from ..core.rules import Rules
from ..engine.host import EngineStrategy
from ..engine.listing import load_plugins_isolated
from ..plugin_manager import PluginRegistry, load_plugins
from ..strategy_runner import Failure, SafeStrategy
from ..table.choosing_seat import ChoosingSeat
from ..table.table import Table
from .schedule import GameSpec


@dataclass(frozen=True)
class RunSetup:
    """How games are played, the same for all of a run's games: the extra drop-in plugin
    folders, and whether each strategy plays from a process of its own (as in the app)."""

    plugin_dirs: tuple[str, ...] = ()
    own_process: bool = True
    run: str = ""  # tells runs apart on long-lived (Dask) workers: a new run starts new engines
    # Strategy id -> (engine command, name, plugin), as the arena listed them: a local worker
    # then starts its engines at once instead of listing the plugins again. Empty on a
    # cluster, where another machine's paths differ.
    engines: tuple[tuple[str, tuple[str, ...], str, str], ...] = ()


class KnownEngines:
    """A registry of just the engines a `RunSetup` names (what `computer_player` asks)."""

    def __init__(self, engines: tuple[tuple[str, tuple[str, ...], str, str], ...]) -> None:
        self._engines = {sid: (command, name, plugin) for sid, command, name, plugin in engines}

    def strategy(self, strategy_id: str) -> Any:
        return _Named(self._engines[strategy_id][1])

    def plugin_of(self, strategy_id: str) -> str:
        return self._engines[strategy_id][2]

    def engine_command(self, strategy_id: str) -> list[str]:
        return list(self._engines[strategy_id][0])


@dataclass(frozen=True)
class _Named:
    name: str


@dataclass
class Contestant:
    """One side of a game: its label in the results, and its safely wrapped strategy."""

    label: str
    safe: SafeStrategy

    @property
    def name(self) -> str:
        """The strategy's name, with " #1" or " #2" when both sides play the same strategy."""
        name = str(getattr(self.safe.strategy, "name", self.label))
        sid = self.safe.strategy_id
        return name if self.label == sid else f"{name} {self.label[len(sid) :]}"

    def close(self) -> None:
        if isinstance(self.safe.strategy, EngineStrategy):
            self.safe.strategy.close()


def new_contestant(
    registry: PluginRegistry, spec: str, label: str, own_process: bool
) -> Contestant:
    """A contestant ready to play: an engine is started now, so that starting it is not part of
    its first move's time."""
    contestant = Contestant(label, SafeStrategy(*computer_player(registry, spec, own_process)))
    if isinstance(contestant.safe.strategy, EngineStrategy):
        contestant.safe.strategy.process.start()
    return contestant


@dataclass
class GameOutcome:
    """A finished game as plain data. `labels[p]`, `names[p]` and `strategies[p]` describe who
    played as player p."""

    spec: GameSpec
    labels: tuple[str, str]
    names: tuple[str, str]
    strategies: tuple[str, str]
    scores: tuple[int, int]
    seconds: float
    move_seconds: dict[str, list[float]]
    failures: list[Failure]
    fallback_moves: dict[str, int]
    record: str
    version: str = __version__
    commit: str = ""
    _game: Game | None = field(default=None, repr=False, compare=False)

    @property
    def winner_label(self) -> str | None:
        if self.scores[0] == self.scores[1]:
            return None
        return self.labels[0] if self.scores[0] > self.scores[1] else self.labels[1]

    def score_of(self, label: str) -> float:
        """1, 0.5 or 0: how the game went for the contestant labelled `label`."""
        winner = self.winner_label
        return 0.5 if winner is None else float(winner == label)

    @property
    def game(self) -> Game:
        """The finished game, rebuilt from the record (checked by the rules engine)."""
        if self._game is None:
            self._game = parse_record(self.record).game
        return self._game

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_game": None}  # the record says it all, in far fewer bytes


def play_game(game: Game, seats: Sequence[Contestant], budget_s: float) -> dict[str, Any]:
    """Play `game` to its end, seats[p] moving for player p; the times, failures and fallback
    moves of each seat, by label."""
    for seat in seats:
        seat.safe.reset()
    failures: list[Failure] = []
    sitting = [ChoosingSeat(seat.name, seat.safe, failures) for seat in seats]
    table = Table(budget_s=budget_s)
    start = time.perf_counter()
    table.play(game, sitting)  # the seats answer at once: it returns at the game's end
    seconds = time.perf_counter() - start
    table.close()
    if not game.is_over:  # pragma: no cover - a SafeStrategy always answers a legal stroke
        raise RuntimeError("the table stopped before the game's end")
    return {
        "seconds": seconds,
        "move_seconds": {c.label: s.move_seconds for c, s in zip(seats, sitting, strict=True)},
        "failures": failures,
        "fallback_moves": {c.label: s.fallback_moves for c, s in zip(seats, sitting, strict=True)},
    }


class Players:
    """A registry and the contestants made from it, kept between games."""

    def __init__(self, registry: PluginRegistry, own_process: bool) -> None:
        self.registry = registry
        self.own_process = own_process
        self.contestants: dict[tuple[str, str], Contestant] = {}
        self.commit = checkout_commit()  # what plays this run's games, looked up once

    @classmethod
    def for_setup(cls, setup: RunSetup) -> Players:
        if setup.own_process and setup.engines:
            return cls(KnownEngines(setup.engines), True)  # type: ignore[arg-type]
        dirs = list(setup.plugin_dirs)
        registry = load_plugins_isolated(dirs) if setup.own_process else load_plugins(dirs)
        return cls(registry, setup.own_process)

    def contestant(self, spec: str, label: str) -> Contestant:
        key = (spec, label)
        if key not in self.contestants:
            self.contestants[key] = new_contestant(self.registry, spec, label, self.own_process)
        return self.contestants[key]

    def close(self) -> None:
        for contestant in self.contestants.values():
            contestant.close()
        self.contestants.clear()


_local = threading.local()


def players_for(setup: RunSetup) -> Players:
    """This thread's players for `setup`, made on first use and closed when the process ends."""
    cache: dict[RunSetup, Players] | None = getattr(_local, "players", None)
    if cache is None:
        cache = _local.players = {}
        # Pool workers end through multiprocessing, which runs these finalisers but not atexit's.
        multiprocessing.util.Finalize(None, close_players, exitpriority=10)
    if setup not in cache:
        for old in cache.values():  # an earlier run's engines (a rebuilt program, a new commit)
            old.close()
        cache.clear()
        cache[setup] = Players.for_setup(setup)
    return cache[setup]


def close_players() -> None:
    """Close this thread's contestants (their engines end)."""
    for players in getattr(_local, "players", {}).values():
        players.close()
    _local.players = {}


def play(spec: GameSpec, setup: RunSetup) -> GameOutcome:
    """Play one game of a tournament (see `schedule`) with this thread's players."""
    return play_with(players_for(setup), spec)


def play_with(players: Players, spec: GameSpec) -> GameOutcome:
    """Play one game of a tournament with `players`."""
    seats = [players.contestant(s, lb) for s, lb in zip(spec.players, spec.labels, strict=True)]
    conditions = spec.pairing.conditions
    board = Board.generate(conditions.preset, spec.seed, conditions.tolerance)
    game = Game(board, Rules(conditions.replay_after_triangle))
    with limited_to(conditions.nodes):  # the threads the moves run on take it along
        played = play_game(game, seats, conditions.budget)
    infos = [PlayerInfo(seat.name, PlayerKind.COMPUTER, seat.safe.strategy_id) for seat in seats]
    return GameOutcome(
        spec,
        spec.labels,
        (seats[0].name, seats[1].name),
        (seats[0].safe.strategy_id, seats[1].safe.strategy_id),
        (game.scores[0], game.scores[1]),
        record=record_to_text(game, infos),
        commit=players.commit,
        _game=game,
        **played,
    )


def checkout_commit() -> str:
    """The git commit of the checkout this package runs from ("" for an installed copy), with
    "+changes" when the checkout has uncommitted changes."""
    root = Path(__file__).resolve().parent.parent.parent
    if not (root / ".git").exists():
        return ""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=root,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return ""
    return head + ("+changes" if head and dirty else "")
