"""The seats at the table. Every player sits in a seat; the table asks the seat whose turn it is
for a stroke and receives it, and nothing else asks who or what sits there.

A seat kind implements `Seat`:

- `request_move(request)`: the seat is to move in `request.position` (a snapshot it may keep).
  It answers by emitting `answered(request, (i, j))`, later or at once; the table checks the
  stroke against the rules and the request's tag, so an answer to an earlier position (after an
  undo, a new game or a load) is dropped, and an illegal one is refused with
  `refused(request, reason)` and the seat is asked again.
- `cancel()`: the position asked about is gone; an answer still coming will be dropped anyway.
- `game_started(position)`, `stroke_played(move)`, `taken_back(position)` and
  `game_ended(scores)`: what happens at the table, for seats that keep their own copy of the
  game (an engine process, a friend's computer). Most seats ignore them.
- `name` (a function of nothing: it may follow the language in use), `recorded` (the
  `PlayerInfo` a saved game keeps), `takes_board_input` (a person here: the board's clicks come
  to this seat as `board_stroke(stroke)`), `statistics_id` (the opponent's id when the
  player's statistics count games against it) and `thinking` (the spinner).
- `close()`: the game is over for this seat (new game, window closing).

And, when it has them, the optional capabilities below: `AgreesUndo` (a player elsewhere who
must agree to an undo: the table asks through `offer_undo`, and the seat emits `take_back(n)`
once both agreed) and `Connected` (a player reached through a connection, whose state the
score card shows). Seats say what happens to them as `happened` values (events.py), never
in words.

`SeatMaker` is the one place where a kind of player becomes a seat: the kinds it knows
(`SeatKinds`: a person here, a computer strategy, and any kind registered there, such as a
friend elsewhere) are the ones the New game and online windows offer.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import QObject, QTimer, Signal

from triangles_qt.analysis.tactics import FallbackStrategy
from triangles_qt.computer_players import computer_player
from triangles_qt.core.game import Move, Rejection
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.core.position import Position
from triangles_qt.defaults import FALLBACK_LEVEL
from triangles_qt.engine.host import EngineStrategy
from triangles_qt.strategy_runner import Choice, SafeStrategy

from .choices import NewGameChoices
from .events import ComputerFailed
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
    happened = Signal(object)  # an events.py value about this seat (its computer player failed)
    changed = Signal()  # its name, state or thinking changed: the score card shows it again
    # Both sides of a game played elsewhere agreed to take it back to this many strokes
    # (seats that are `AgreesUndo`).
    take_back = Signal(int)

    kind: PlayerKind = PlayerKind.HUMAN
    takes_board_input = False

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

    def close(self) -> None:
        self.cancel()


@runtime_checkable
class AgreesUndo(Protocol):
    """A capability: a player elsewhere who must agree to an undo. The table's undo asks
    `offer_undo(keep)` (False when it cannot be asked now) and takes the game back when the seat
    emits `take_back(keep)`, once both agreed."""

    def offer_undo(self, keep: int) -> bool: ...


class Connection(enum.Enum):
    """How a player reached through a connection stands."""

    CONNECTED = "connected"
    WAITING = "waiting"  # dropped: waiting for them to come back
    RECONNECTING = "reconnecting"  # dropped: this side is reaching them again
    LEFT = "left"  # gone for good


@runtime_checkable
class Connected(Protocol):
    """A capability: a player reached through a connection (a friend elsewhere). The score card
    shows `connection`; the seat emits `changed` when it changes."""

    @property
    def connection(self) -> Connection: ...


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
        stand_in_name: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(name, parent)
        self.runner = runner
        self._stand_in_name = stand_in_name or (lambda: "Computer (simple player)")
        self.delay_ms = delay_ms  # a stroke drawn at once after the person's is hard to follow
        self._turn: StrategyTurn | None = None
        self._request: MoveRequest | None = None

    @property
    def name(self) -> str:
        return self._stand_in_name() if self.runner.replaced else self._name()

    @property
    def replaced(self) -> bool:
        """Its strategy failed three times: the fallback plays for it until the game ends."""
        return self.runner.replaced

    @property
    def recorded(self) -> PlayerInfo:
        return PlayerInfo(self._name(), self.kind, self.runner.strategy_id)

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
            self.happened.emit(ComputerFailed(self.runner.strategy, failure, failure.replaced))
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


class SeatNames(Protocol):
    """How players' names are worded: given by whoever shows the game (the app words them in
    the language in use and follows it when it changes). Each gives a function of nothing."""

    def person(self, typed: str, default: str) -> Callable[[], str]:
        """A person's: `typed`, or when it is empty the default ("You", "Player 1" or
        "Player 2", in English here)."""
        ...

    def computer(self, strategy: Any) -> Callable[[], str]: ...

    def loaded(
        self, player: PlayerInfo, strategy_for: Callable[[str | None], Any]
    ) -> Callable[[], str]:
        """A saved game's player's."""
        ...

    def stand_in(self) -> Callable[[], str]:
        """The simple player that takes the place of a computer that failed three times."""
        ...


class PlainNames:
    """`SeatNames` as they are, in English (headless play, the arena, tests)."""

    def person(self, typed: str, default: str) -> Callable[[], str]:
        return lambda: typed or default

    def computer(self, strategy: Any) -> Callable[[], str]:
        return lambda: f"Computer ({getattr(strategy, 'name', None) or strategy.id})"

    def loaded(
        self, player: PlayerInfo, strategy_for: Callable[[str | None], Any]
    ) -> Callable[[], str]:
        return lambda: player.name

    def stand_in(self) -> Callable[[], str]:
        return lambda: "Computer (simple player)"


class SeatMaker:
    """Makes the seats of a game: from the New game window's choices, a saved game's players,
    or by kind (`make`): "person" (`name=`), "computer" (`strategy_id=`) and every kind
    registered (`register`), such as the online window's "remote" (`match=`)."""

    def __init__(self, registry: Any, delay_ms: int, names: SeatNames | None = None) -> None:
        self.registry = registry
        self.delay_ms = delay_ms
        self.names: SeatNames = names or PlainNames()
        self._engines: dict[tuple[str, str, tuple[str, ...]], EngineStrategy] = {}
        self._kinds: dict[str, Callable[..., Seat]] = {
            "person": lambda name="", default="You": PersonSeat(self.names.person(name, default)),
            "computer": lambda strategy_id=None: self._computer(
                strategy := self.strategy_for(strategy_id), self.names.computer(strategy)
            ),
        }

    def register(self, kind: str, make: Callable[..., Seat]) -> None:
        """A kind of seat `make(**details)` makes (replacing one of the same name)."""
        self._kinds[kind] = make

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._kinds)

    def make(self, kind: str, **details: Any) -> Seat:
        """A seat of `kind` (KeyError for a kind nobody registered)."""
        return self._kinds[kind](**details)

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
        if choices.opponent == PlayerKind.HUMAN:
            return [
                self.make("person", name=typed[0], default="Player 1"),
                self.make("person", name=typed[1], default="Player 2"),
            ], []
        strategy = self.strategy_for(choices.strategy_id)
        stand_ins = (
            [] if self.find(choices.strategy_id) else [StandIn(choices.strategy_id, strategy)]
        )
        computer = self.make("computer", strategy_id=choices.strategy_id)
        # The names typed for two people are not shown on the computer page: "You" it is, as
        # the centre of the window says "Your turn".
        you = self.make("person")
        return ([you, computer] if choices.human_starts else [computer, you]), stand_ins

    def for_record(self, players: Sequence[PlayerInfo]) -> tuple[list[Seat], list[StandIn]]:
        """The seats of a saved game's players. A computer whose strategy is not installed is
        replaced by the one that plays instead, under that one's name."""
        seats: list[Seat] = []
        stand_ins: list[StandIn] = []
        for player in players:
            if player.kind == PlayerKind.HUMAN:
                seats.append(PersonSeat(self.names.loaded(player, self.strategy_for)))
                continue
            strategy = self.strategy_for(player.strategy)
            if self.find(player.strategy) is None:
                stand_ins.append(StandIn(str(player.strategy), strategy))
                seats.append(self._computer(strategy, self.names.computer(strategy)))
            else:
                seats.append(self._computer(strategy, self.names.loaded(player, self.strategy_for)))
        return seats, stand_ins

    def _computer(self, strategy: Any, name: Callable[[], str]) -> ComputerSeat:
        return ComputerSeat(
            name, self.runner(strategy), self.delay_ms, stand_in_name=self.names.stand_in()
        )
