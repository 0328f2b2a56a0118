"""The seats at the table. Every player sits in a seat; the session asks the seat whose turn it is
for a stroke and receives it, and nothing else in the app asks who or what sits there.

A seat kind implements `Seat`:

- `request_move(request)`: the seat is to move in `request.position` (a snapshot it may keep).
  It answers later, on the GUI thread, by emitting `answered(request, (i, j))`; the session
  checks the stroke against the rules and the request's tag, so an answer to an earlier position
  (after an undo, a new game or a load) is dropped, and an illegal one is refused with
  `refused(request, reason)` and the seat is asked again.
- `cancel()`: the position asked about is gone; an answer still coming will be dropped anyway.
- `game_started(position)`, `stroke_played(move)` and `taken_back(position)`: what happens at
  the table, for seats that keep their own copy of the game (an engine process, a friend's
  computer). Most seats ignore them.
- `name`, `recorded` (the `PlayerInfo` a saved game keeps), `note` (a line for the score card),
  `waiting_text` (what the score panel says while it is this seat's turn; None for a person who
  plays on this board), `takes_board_input` (a person here: the board's clicks come to this seat
  as `board_stroke(stroke)`), `statistics_id` (the opponent's id when the player's statistics
  count games against it) and `thinking` (the spinner).
- `close()`: the game is over for this seat (new game, window closing).

`SeatMaker.for_choices` and `SeatMaker.for_record` are the one place where a kind of player
becomes a kind of seat.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from triangles_qt.builtin_plugins.fallback import FallbackStrategy
from triangles_qt.computer_players import computer_player
from triangles_qt.core.game import Move, Rejection
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.core.position import Position
from triangles_qt.defaults import FALLBACK_LEVEL
from triangles_qt.engine.host import EngineStrategy
from triangles_qt.strategy_runner import Choice, SafeStrategy

from . import notices
from .player_names import computer_label, computer_name, default_human_names, loaded_name
from .settings import NewGameChoices
from .strategy_names import strategy_display_name
from .strategy_turn import StrategyTurn

Stroke = tuple[int, int]
Tag = tuple[int, int]


@dataclass(frozen=True, eq=False)
class MoveRequest:
    """The session asks a seat for a stroke: in `position` (a snapshot), within `budget_s`
    seconds for a computer; `tag` (game generation, strokes played) names the position asked
    about."""

    tag: Tag
    position: Position
    budget_s: float


class Seat(QObject):
    """One player's place at the table (see the module docstring for what a kind implements)."""

    answered = Signal(object, object)  # the MoveRequest answered, the stroke (i, j)
    notice = Signal(object)  # a Notice about this seat (its computer player failed)
    changed = Signal()  # its name, note or thinking changed: the score card shows it again
    # Both sides of a game played elsewhere agreed to take it back to this many strokes.
    take_back = Signal(int)

    kind: PlayerKind = PlayerKind.HUMAN
    takes_board_input = False
    # A player elsewhere must agree to an undo: the session's Undo asks through `offer_undo`,
    # and the game is taken back once both agreed (`take_back`).
    negotiates_undo = False

    def __init__(self, name: Callable[[], str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name

    @property
    def name(self) -> str:
        """The player's name as shown, in the language in use."""
        return self._name()

    @property
    def recorded(self) -> PlayerInfo:
        return PlayerInfo(self._name(), self.kind)

    @property
    def note(self) -> str:
        return ""

    @property
    def waiting_text(self) -> str | None:
        return None

    @property
    def badge(self) -> str:
        """A word or two the score card shows after the count (how a friend's connection is)."""
        return ""

    @property
    def statistics_id(self) -> str | None:
        return None

    @property
    def thinking(self) -> bool:
        return False

    def request_move(self, request: MoveRequest) -> None:
        raise NotImplementedError

    def board_stroke(self, stroke: Stroke) -> None:
        """A stroke drawn on this computer's board while this seat is to move (only seats that
        take board input get them)."""

    def cancel(self) -> None:
        pass

    def refused(self, request: MoveRequest, reason: Rejection | None) -> None:
        pass

    def game_started(self, position: Position) -> None:
        pass

    def stroke_played(self, move: Move) -> None:
        pass

    def taken_back(self, position: Position) -> None:
        pass

    def game_ended(self, scores: tuple[int, int]) -> None:
        pass

    def offer_undo(self, keep: int) -> bool:
        """Ask the player elsewhere to take the game back to `keep` strokes (negotiates_undo);
        False when that cannot be asked now."""
        return False

    def close(self) -> None:
        self.cancel()


class PersonSeat(Seat):
    """A person at this computer: the board's clicks and keys are this seat's strokes."""

    takes_board_input = True

    def __init__(self, name: Callable[[], str], parent: QObject | None = None) -> None:
        super().__init__(name, parent)
        self._request: MoveRequest | None = None

    def request_move(self, request: MoveRequest) -> None:
        self._request = request

    def cancel(self) -> None:
        self._request = None

    def board_stroke(self, stroke: Stroke) -> None:
        request, self._request = self._request, None
        if request is not None:
            self.answered.emit(request, stroke)


class ComputerSeat(Seat):
    """A computer strategy, run safely (`SafeStrategy`): its stroke, or the fallback's when it
    fails; after three failures the fallback plays for it until the game ends."""

    kind = PlayerKind.COMPUTER

    def __init__(
        self,
        name: Callable[[], str],
        runner: SafeStrategy,
        delay_ms: int = 0,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(name, parent)
        self.runner = runner
        self.delay_ms = delay_ms  # a stroke drawn at once after the person's is hard to follow
        self._turn: StrategyTurn | None = None
        self._request: MoveRequest | None = None

    @property
    def name(self) -> str:
        if self.runner.replaced:
            return computer_label(QCoreApplication.translate("MainWindow", "simple player"))
        return self._name()

    @property
    def recorded(self) -> PlayerInfo:
        return PlayerInfo(self._name(), self.kind, self.runner.strategy_id)

    @property
    def note(self) -> str:
        if not self.runner.replaced:
            return ""
        return QCoreApplication.translate(
            "MainWindow",
            "“%1” failed three times; a simple player plays in its place until this game ends.",
        ).replace("%1", strategy_display_name(self.runner.strategy))

    @property
    def waiting_text(self) -> str | None:
        return QCoreApplication.translate("MainWindow", "The computer is thinking…")

    @property
    def statistics_id(self) -> str | None:
        return self.runner.strategy_id

    @property
    def thinking(self) -> bool:
        return self._request is not None

    def request_move(self, request: MoveRequest) -> None:
        self.cancel()
        self._request = request
        QTimer.singleShot(self.delay_ms, self, lambda: self._think(request))
        self.changed.emit()

    def _think(self, request: MoveRequest) -> None:
        if request is not self._request:
            return
        turn = StrategyTurn(self.runner, request.position, request.budget_s, self)
        turn.chosen.connect(lambda choice: self._chosen(request, choice))
        self._turn = turn

    def _chosen(self, request: MoveRequest, choice: Choice) -> None:
        if request is not self._request:
            return
        self._turn = self._request = None
        failure = choice.failure
        if failure is not None:
            # The specifics, in English, are for the plugin's author, who runs the app from a
            # terminal; the status bar says what happened in the player's language.
            print(
                f"triangles-qt: the computer player failed: {failure.error}\n"
                f"{failure.details}".rstrip(),
                file=sys.stderr,
            )
            shown = strategy_display_name(self.runner.strategy)
            self.notice.emit(notices.computer_failed(shown, failure, failure.replaced))
        self.changed.emit()
        self.answered.emit(request, choice.stroke)

    def game_ended(self, scores: tuple[int, int]) -> None:
        self.runner.game_over(scores)  # an engine is told (it never waits)

    def cancel(self) -> None:
        if self._turn is not None:
            self._turn.cancel()
        self._turn = None
        if self._request is not None:
            self._request = None
            self.changed.emit()


# -- who sits where ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StandIn:
    """A computer player whose strategy is not installed, and the one that plays instead."""

    missing_id: str
    stand_in: Any

    def text(self) -> str:
        note = QCoreApplication.translate(
            "MainWindow", "The computer player “%1” is not installed; “%2” plays instead."
        )
        return note.replace("%1", self.missing_id).replace(
            "%2", strategy_display_name(self.stand_in)
        )


class SeatMaker:
    """Makes the seats of a game from the New game window's choices or a saved game's players,
    with the strategies the registry offers."""

    def __init__(self, registry: Any, delay_ms: int) -> None:
        self.registry = registry
        self.delay_ms = delay_ms
        self._engines: dict[tuple[str, str, tuple[str, ...]], EngineStrategy] = {}

    def strategies(self) -> list[Any]:
        return [] if self.registry is None else list(self.registry.strategies())

    def find(self, strategy_id: str | None) -> Any | None:
        return next((s for s in self.strategies() if getattr(s, "id", None) == strategy_id), None)

    def strategy_for(self, strategy_id: str | None) -> Any:
        """The strategy that plays for `strategy_id`: that one if it is installed, else the
        fallback level, else the first one offered (the built-in fallback when none is)."""
        found = self.find(strategy_id) or self.find(FALLBACK_LEVEL)
        if found is None:
            available = self.strategies()
            found = available[0] if available else FallbackStrategy()
        return found

    def runner(self, strategy: Any, purpose: str = "play") -> SafeStrategy:
        """The strategy wrapped in the project's SafeStrategy (budget, fallback, 3 strikes), run
        in its own process when its registry can start it there (docs/engine-protocol.md)."""
        plugin_name = str(strategy.id)
        if self.registry is not None:
            try:
                plugin_name = str(self.registry.plugin_of(strategy.id))
            except KeyError:  # the built-in fallback belongs to no plugin
                pass
        return SafeStrategy(self._engine(strategy, purpose) or strategy, plugin_name)

    def _engine(self, strategy: Any, purpose: str) -> EngineStrategy | None:
        """`strategy` as an engine process, kept warm for the app's life; one per purpose, so
        that a hint never waits for the computer's stroke. None when the registry cannot start
        it (a test's registry, or the built-in fallback)."""
        if getattr(self.registry, "engine_command", None) is None:
            return None
        try:
            engine, _ = computer_player(self.registry, str(strategy.id))
        except KeyError:
            return None
        # Keyed by the command too: an engine removed and added again with another program is
        # a new one.
        key = (str(strategy.id), purpose, tuple(engine.process.command))
        kept = self._engines.get(key)
        if kept is None:
            kept = self._engines[key] = engine
            kept.warm_up()
        return kept

    def close(self) -> None:
        """End the engine processes (the window is closing)."""
        for engine in self._engines.values():
            engine.close()
        self._engines.clear()

    def for_choices(self, choices: NewGameChoices) -> tuple[list[Seat], list[StandIn]]:
        """The two seats the New game window chose. A name left empty is the default of the
        language in use, and follows it when it changes."""
        typed = choices.player_names
        defaults = default_human_names()

        def person(k: int, default: str) -> Seat:
            name = typed[k]
            return PersonSeat((lambda: name) if name else defaults[default])

        if choices.opponent == PlayerKind.HUMAN:
            return [person(0, "Player 1"), person(1, "Player 2")], []
        strategy = self.strategy_for(choices.strategy_id)
        stand_ins = (
            [] if self.find(choices.strategy_id) else [StandIn(choices.strategy_id, strategy)]
        )
        computer = self._computer(strategy, lambda: computer_name(strategy))
        # The names typed for two people are not shown on the computer page: "You" it is, as
        # the centre of the window says "Your turn".
        you = PersonSeat(defaults["You"])
        return ([you, computer] if choices.human_starts else [computer, you]), stand_ins

    def for_record(self, players: Sequence[PlayerInfo]) -> tuple[list[Seat], list[StandIn]]:
        """The seats of a saved game's players. A computer whose strategy is not installed is
        replaced by the one that plays instead, under that one's name."""
        seats: list[Seat] = []
        stand_ins: list[StandIn] = []
        for player in players:
            if player.kind == PlayerKind.HUMAN:
                seats.append(PersonSeat(loaded_name(player, self.strategy_for)))
                continue
            strategy = self.strategy_for(player.strategy)
            if self.find(player.strategy) is None:
                stand_ins.append(StandIn(str(player.strategy), strategy))
                seats.append(self._computer(strategy, partial(computer_name, strategy)))
            else:
                seats.append(self._computer(strategy, loaded_name(player, self.strategy_for)))
        return seats, stand_ins

    def _computer(self, strategy: Any, name: Callable[[], str]) -> ComputerSeat:
        return ComputerSeat(name, self.runner(strategy), self.delay_ms)
