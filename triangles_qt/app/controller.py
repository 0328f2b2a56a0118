"""The game controller: the only writer of the live Game; turn flow, computer turns, undo, hints.

The view only reports intents (`request_stroke`); the controller decides, changes the model and
tells everyone through signals. Computer players get a Position snapshot on a worker thread and
never see the live game. Every computer or hint request is tagged with (game generation, number of
moves); an answer is applied only if the tag still matches, so an answer that arrives after a
restart, an undo or a load is dropped and the computer can never move out of turn.
"""

from __future__ import annotations

import sys
from typing import Any, Sequence

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from triangles_qt.builtin_plugins.fallback import FallbackStrategy
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game, Move, Rejection
from triangles_qt.core.rules import Rules
from triangles_qt.core.position import Position
from triangles_qt.core.players import PlayerInfo
from triangles_qt.strategy_runner import FailureKind, SafeStrategy

from .background import run_in_background
from .strategy_names import strategy_display_name

HUMAN = "human"
COMPUTER = "computer"
HINT_PREFERENCE = ("hard", "medium")
FALLBACK_BUDGET_S = 0.1


def fallback_stroke(game: Game) -> tuple[int, int]:
    """The built-in fallback's stroke, for when the runner itself gave no usable answer."""
    return FallbackStrategy().choose_stroke(Position(game), FALLBACK_BUDGET_S)


def make_runner(strategy: Any, registry: Any = None) -> SafeStrategy:
    """The strategy wrapped in the project's SafeStrategy (budget, fallback, 3 strikes)."""
    plugin_name = str(strategy.id)
    if registry is not None:
        try:
            plugin_name = str(registry.plugin_of(strategy.id))
        except KeyError:  # the built-in fallback belongs to no plugin
            pass
    return SafeStrategy(strategy, plugin_name)


def registry_strategies(registry: Any) -> list[Any]:
    """The strategies a registry offers (an empty list without a registry)."""
    return [] if registry is None else list(registry.strategies())


def find_strategy(registry: Any, strategy_id: str | None) -> Any | None:
    for strategy in registry_strategies(registry):
        if getattr(strategy, "id", None) == strategy_id:
            return strategy
    return None


class GameController(QObject):
    """Owns the game and the two players; turns intents into moves and moves into signals."""

    stroke_played = Signal(object)  # Move
    stroke_rejected = Signal(int, int, object)  # i, j, Rejection
    turn_changed = Signal(int)  # the player to move
    game_over = Signal(object)  # winner: 0, 1 or None for a draw
    thinking_changed = Signal(bool)
    plugin_failed = Signal(str)
    game_started = Signal()  # a new or loaded game: redraw everything
    game_reset = Signal()  # the same game changed backwards (undo): redraw everything
    hint_ready = Signal(int, int)
    players_renamed = Signal()

    def __init__(
        self,
        registry: Any = None,
        parent: QObject | None = None,
        budget_s: float = 1.0,
        computer_delay_ms: int = 350,
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.budget_s = budget_s
        self.computer_delay_ms = computer_delay_ms
        self.watchdog_grace_s = 2.5
        self._game: Game | None = None
        self._players: list[PlayerInfo] = []
        self._runners: dict[int, Any] = {}
        self._generation = 0
        self._thinking = False
        self._hint_tag: tuple[int, int] | None = None  # the position a pending hint is for
        self._redo: list[list[tuple[int, int]]] = []  # strokes taken back, one list per undo
        self._watchdog = QTimer(self)
        self._watchdog.setSingleShot(True)
        self._watchdog.timeout.connect(self._computer_timed_out)

    # -- reading ---------------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self._game

    @property
    def players(self) -> list[PlayerInfo]:
        return list(self._players)

    def rename_players(self, players: Sequence[PlayerInfo]) -> None:
        """The same players under new names (the interface language changed)."""
        if [p.kind for p in players] != [p.kind for p in self._players]:
            raise ValueError("renaming cannot change who plays")
        self._players = list(players)
        self.players_renamed.emit()

    @property
    def thinking(self) -> bool:
        return self._thinking

    @property
    def against_computer(self) -> bool:
        return any(p.kind == COMPUTER for p in self._players)

    @property
    def human_index(self) -> int | None:
        """The human's seat in a game against the computer; None for two humans or none."""
        kinds = [p.kind for p in self._players]
        if kinds.count(HUMAN) == 1:
            return kinds.index(HUMAN)
        return None

    def is_computer(self, player: int) -> bool:
        return 0 <= player < len(self._players) and self._players[player].kind == COMPUTER

    def replaced_strategy(self, player: int) -> str | None:
        """The shown name of the computer strategy that failed too often in this game and that
        the simple stand-in now plays for; None while the seat's own strategy plays."""
        runner = self._runners.get(player)
        if runner is None or not runner.replaced:
            return None
        return strategy_display_name(runner.strategy)

    @property
    def human_to_move(self) -> bool:
        """Whether a person may draw a stroke now (input is enabled exactly then)."""
        game = self._game
        return (
            game is not None
            and not game.is_over
            and not self._thinking
            and not self.is_computer(game.player)
        )

    @property
    def can_undo(self) -> bool:
        return self._undo_count() > 0

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self._game is not None

    @property
    def can_hint(self) -> bool:
        return self.human_to_move and self._hint_tag != self._tag()

    # -- starting --------------------------------------------------------------------------------

    def new_game(
        self, board: Board, players: Sequence[PlayerInfo], replay_after_triangle: bool = False
    ) -> None:
        self.start(Game(board, Rules(replay_after_triangle=replay_after_triangle)), players)

    def start(self, game: Game, players: Sequence[PlayerInfo]) -> None:
        """Take over `game` (new or loaded, possibly with moves) with these two players."""
        if len(players) != 2:
            raise ValueError("a game has two players")
        self._invalidate_requests()
        self._game = game
        self._players = list(players)
        self._redo = []
        self._runners = {}
        for seat, player in enumerate(self._players):
            if player.kind == COMPUTER:
                strategy = self.strategy_for(player.strategy)
                self._runners[seat] = make_runner(strategy, self.registry)
        self.game_started.emit()
        self._after_change()

    def close_game(self) -> None:
        """Forget the game (window closing): every pending answer becomes stale."""
        self._invalidate_requests()
        self._game = None

    # -- the player's intents ---------------------------------------------------------------------

    def request_stroke(self, i: int, j: int) -> bool:
        """A person asks for stroke i-j. Returns whether it was played."""
        game = self._game
        if not self.human_to_move or game is None:
            return False
        try:
            reason = game.check(i, j)
        except ValueError:  # not a stroke at all (same star twice, no such star)
            return False
        if reason is not None:
            self.stroke_rejected.emit(i, j, reason)
            return False
        self._play(i, j)
        return True

    def undo(self) -> bool:
        """Against the computer: back to the human's previous turn; two players: one stroke."""
        count = self._undo_count()
        if count == 0 or self._game is None:
            return False
        self._invalidate_requests()
        taken_back = [self._game.undo().stroke for _ in range(count)]
        self._redo.append(taken_back[::-1])
        self.game_reset.emit()
        self._after_change()
        return True

    def redo(self) -> bool:
        """Play again the strokes the last undo took back (until another stroke is drawn)."""
        if not self.can_redo:
            return False
        self._invalidate_requests()
        for i, j in self._redo.pop():
            self._game.play(i, j)
        self.game_reset.emit()
        self._after_change()
        return True

    def request_hint(self) -> bool:
        """Ask the strongest strategy for a stroke for the person to move; emits hint_ready."""
        game = self._game
        if not self.can_hint or game is None:
            return False
        strategy = None
        for strategy_id in HINT_PREFERENCE:
            strategy = find_strategy(self.registry, strategy_id)
            if strategy is not None:
                break
        if strategy is None:
            available = registry_strategies(self.registry)
            strategy = available[-1] if available else FallbackStrategy()
        runner = make_runner(strategy, self.registry)
        tag = self._tag()
        position = Position(game)
        budget = self.budget_s
        self._hint_tag = tag

        def done(answer: Any, error: BaseException | None) -> None:
            # A hint for an earlier position (a stroke, undo or load came first) is dropped; it
            # stopped blocking new hints as soon as the position changed.
            if tag != self._tag():
                return
            self._hint_tag = None
            if error is not None or answer is None:
                return
            stroke = getattr(answer, "stroke", None)
            if stroke is not None and self.human_to_move:
                self.hint_ready.emit(int(stroke[0]), int(stroke[1]))

        run_in_background(lambda: runner.choose(position, budget), done, "triangles-hint")
        return True

    # -- internals -------------------------------------------------------------------------------

    def strategy_for(self, strategy_id: str | None) -> Any:
        """The strategy that plays for `strategy_id`: that one if it is installed, else the first
        one offered (the built-in fallback when none is)."""
        strategy = find_strategy(self.registry, strategy_id)
        if strategy is None:
            available = registry_strategies(self.registry)
            strategy = available[0] if available else FallbackStrategy()
        return strategy

    def _tag(self) -> tuple[int, int]:
        return self._generation, len(self._game.moves) if self._game is not None else -1

    def _invalidate_requests(self) -> None:
        self._generation += 1
        self._watchdog.stop()
        self._set_thinking(False)

    def _set_thinking(self, thinking: bool) -> None:
        if thinking != self._thinking:
            self._thinking = thinking
            self.thinking_changed.emit(thinking)

    def _undo_count(self) -> int:
        game = self._game
        if game is None or not game.moves:
            return 0
        if not self.against_computer:
            return 1
        human = self.human_index
        if human is None:
            return 0
        # Take back strokes until one of the human's has been taken back: the human is then to
        # move again, exactly as before that stroke.
        moves = game.moves
        for count, move in enumerate(reversed(moves), start=1):
            if move.player == human:
                return count
        return 0

    def _play(self, i: int, j: int) -> Move:
        assert self._game is not None
        self._redo = []  # a new stroke: what was taken back is another story now
        move = self._game.play(i, j)
        self.stroke_played.emit(move)
        self._after_change()
        return move

    def _after_change(self) -> None:
        game = self._game
        if game is None:
            return
        if game.is_over:
            self._set_thinking(False)
            self.game_over.emit(game.winner)
            return
        self.turn_changed.emit(game.player)
        if self.is_computer(game.player):
            self._set_thinking(True)
            tag = self._tag()
            QTimer.singleShot(self.computer_delay_ms, self, lambda: self._ask_computer(tag))

    def _ask_computer(self, tag: tuple[int, int]) -> None:
        game = self._game
        if game is None or tag != self._tag() or game.is_over or not self.is_computer(game.player):
            return
        runner = self._runners[game.player]
        position = Position(game)
        budget = self.budget_s
        self._watchdog.start(int((budget + self.watchdog_grace_s) * 1000))
        run_in_background(
            lambda: runner.choose(position, budget),
            lambda answer, error: self._computer_answered(tag, answer, error),
            "triangles-computer",
        )

    def _computer_answered(
        self, tag: tuple[int, int], answer: Any, error: BaseException | None
    ) -> None:
        game = self._game
        if game is None or tag != self._tag() or game.is_over or not self.is_computer(game.player):
            return  # stale: the game was restarted, undone, loaded or closed meanwhile
        self._watchdog.stop()
        stroke = getattr(answer, "stroke", None) if error is None else None
        failure = getattr(answer, "failure", None) if error is None else error
        if failure:
            # The specifics, in English, are for the plugin's author, who runs the app from a
            # terminal; the status bar says what happened in the player's language.
            specifics = str(getattr(failure, "error", failure))
            details = str(getattr(failure, "details", "") or "")
            print(f"triangles-qt: the computer player failed: {specifics}\n{details}".rstrip(),
                  file=sys.stderr)
            self._report_failure(game.player, failure_reason(failure),
                                 bool(getattr(failure, "replaced", False)))
        if stroke is None or game.check(int(stroke[0]), int(stroke[1])) is not None:
            stroke = fallback_stroke(game)
        self._set_thinking(False)
        self._play(int(stroke[0]), int(stroke[1]))

    def _computer_timed_out(self) -> None:
        """The runner itself did not come back in time: the fallback plays and the game goes on."""
        game = self._game
        if game is None or game.is_over or not self.is_computer(game.player):
            return
        seat = game.player
        self._generation += 1  # the late answer, if it ever comes, is stale now
        self._report_failure(seat, failure_reason(FailureKind.TIMED_OUT))
        self._set_thinking(False)
        self._play(*fallback_stroke(game))

    def _report_failure(self, seat: int, failure: str, replaced: bool = False) -> None:
        player = self._players[seat]
        strategy = find_strategy(self.registry, player.strategy)
        name = strategy_display_name(strategy) if strategy is not None else player.strategy
        # The third failure's sentence is the short one: it has to fit the status bar, and the
        # player has already read what a failure means.
        if replaced:
            text = QCoreApplication.translate(
                "GameController",
                "“%1” failed again (%2); a simple player takes its place for the rest of this game.",
            )
        else:
            text = QCoreApplication.translate(
                "GameController",
                "The computer player “%1” failed (%2); a simple stroke was played instead.",
            )
        message = text.replace("%1", str(name or player.name)).replace("%2", failure)
        self.plugin_failed.emit(message)


def failure_reason(failure: Any) -> str:
    """Why a computer player's move failed, in the player's language: for a runner `Failure`
    or a bare `FailureKind`; an exception of the runner itself is shown as it is."""
    kind = failure if isinstance(failure, FailureKind) else getattr(failure, "kind", None)
    if kind == FailureKind.RAISED:  # the exception's own words are the plugin's, not ours
        raised = str(failure.error).removeprefix("raised ")
        return QCoreApplication.translate("GameController", "its code raised %1").replace(
            "%1", raised)
    texts = {
        FailureKind.BAD_ANSWER: QCoreApplication.translate(
            "GameController", "it chose a stroke that cannot be drawn"),
        FailureKind.TIMED_OUT: QCoreApplication.translate("GameController", "did not answer in time"),
        FailureKind.BUSY: QCoreApplication.translate(
            "GameController", "still busy with an earlier move"),
    }
    return texts.get(kind, str(getattr(failure, "error", failure)))


def rejection_text(reason: Rejection) -> str:
    """The status-bar sentence for a rejected stroke (RULES.md section 2)."""
    texts = {
        Rejection.ALREADY_DRAWN: QCoreApplication.translate("Rejection", "Already drawn"),
        Rejection.PASSES_OVER_STAR: QCoreApplication.translate("Rejection", "Passes over a star"),
        Rejection.CROSSES_STROKE: QCoreApplication.translate("Rejection", "Crosses a stroke"),
    }
    return texts.get(reason, str(reason))
