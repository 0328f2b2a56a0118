"""The game session: the app's table (table.py: the seats, the turn flow, undo and redo) with
what a player's games have beyond it: new games from the New game window's choices, hints, the
game's file (which file it belongs to, whether it changed since), the autosave and resuming it,
and counting results in the statistics (abandoned games too).

Windows and widgets only read it (`position`, a live read-only view; `seats`) and listen to its
signals; what it has to tell comes as events.py's values, which the app words. A hint is asked
with the same tag as a seat's stroke, and dropped when the position changed meanwhile.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from triangles_qt.core.board import PRESETS, Board
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.position import Position
from triangles_qt.core.record import (
    Ending,
    EndKind,
    LoadedRecord,
    RecordError,
    read_record,
    record_to_text,
    write_record,
)
from triangles_qt.core.rules import Rules
from triangles_qt.defaults import DEFAULT_PRESET, HINT_LEVELS, MOVE_BUDGET_S
from triangles_qt.statistics import ABANDONED, FinishedGame, StatisticsError, StatisticsStore

from .autosave import (
    MAX_SLOTS,
    AutosaveSlot,
    DamagedAutosave,
    autosave_path,
    free_slot,
    unheld_slots,
)
from .choices import NewGameChoices
from .events import (
    AbandonNotCounted,
    AutosaveFailed,
    FileOpened,
    FileSaved,
    GameEnded,
    HintFound,
    HintSearchEnded,
    HintSearching,
    Refusal,
    ResultSavedLater,
    StatisticsProblem,
)
from .seats import Connected, Seat, SeatMaker, SeatNames, StandIn
from .strategy_turn import StrategyTurn
from .table import Table

__all__ = ["FileError", "GameSession", "Refusal", "ResumeOffer"]

# The window's thread waits this long for a statistics file another program holds, then goes
# on and tries again every RESULT_RETRY_MS while the finished game stays in its autosave.
STATISTICS_WAIT_S = 0.5
RESULT_RETRY_MS = 5000


@dataclass(frozen=True)
class ResumeOffer:
    """An unfinished game a window kept, held by this window while the player decides."""

    slot: AutosaveSlot
    loaded: LoadedRecord


class FileError(Exception):
    """A game file that could not be opened or written; `kind` is "unreadable", "newer",
    "invalid", "folder", "special" (a FIFO, a device) or "loop" (a link that leads back to
    itself) when opening, "write" when saving; the message is the exact cause, in English."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


class GameSession(Table):
    """The app's game at the table (see the module docstring)."""

    hint_ready = Signal(int, int)

    def __init__(
        self,
        registry: Any,
        statistics: StatisticsStore | None = None,
        parent: QObject | None = None,
        budget_s: float = MOVE_BUDGET_S,
        computer_delay_ms: int = 350,
        names: SeatNames | None = None,
    ) -> None:
        super().__init__(parent, budget_s)
        self.registry = registry
        self._statistics = statistics
        self.seat_maker = SeatMaker(registry, computer_delay_ms, names)
        self._count_if_over = False  # the next game is a finished one resumed to be counted
        self._hint: StrategyTurn | None = None  # cancelled by any change of the position
        self._stroke_since_start = False
        self._resumed_over = False  # a finished game resumed to count its result
        # This game's result in the statistics, kept through undo after the end so that the
        # next ending replaces it instead of counting the game twice.
        self._counted: int | None = None  # its id in the statistics and history
        self._autosave_failing = False
        self._result_retry = QTimer(self)
        self._result_retry.setSingleShot(True)
        self._result_retry.setInterval(RESULT_RETRY_MS)
        self._result_retry.timeout.connect(self._retry_result)
        self._statistics_told = False  # a damaged file set aside is told once, at a game's end
        self._slot: AutosaveSlot | None = None
        self.file: Path | None = None
        self._saved_strokes: tuple[tuple[int, int], ...] | None = None

    # -- reading ---------------------------------------------------------------------------------

    @property
    def can_hint(self) -> bool:
        return self.local_to_move and self._hint is None

    @property
    def modified(self) -> bool:
        """Strokes were drawn or taken back since the game's file was written or read."""
        return (
            self.file is not None
            and self._game is not None
            and tuple(self._game.strokes) != self._saved_strokes
        )

    def statistics_store(self) -> StatisticsStore:
        if self._statistics is None:
            self._statistics = StatisticsStore(wait_s=STATISTICS_WAIT_S)
        return self._statistics

    # -- starting --------------------------------------------------------------------------------

    def new_game(self, choices: NewGameChoices, seed: int | None = None) -> list[StandIn]:
        """Start the game `choices` describe, on a fresh board (a random seed unless given).
        Returns the computer players that are not installed and who plays instead."""
        preset = choices.preset if choices.preset in PRESETS else DEFAULT_PRESET
        board = Board.generate(preset, random.randrange(2**31) if seed is None else seed)
        seats, stand_ins = self.seat_maker.for_choices(choices)
        self._set_file(None, None)
        self._forget_autosave()
        self._start(Game(board, Rules(choices.replay_after_triangle)), seats)
        return stand_ins

    def open_file(self, path: str | Path) -> list[StandIn]:
        """Play the game saved in `path`; raises FileError and changes nothing when it cannot
        be read."""
        try:
            loaded = read_record(path)
        except (RecordError, OSError, ValueError) as exc:
            raise FileError(str(exc), getattr(exc, "kind", "invalid")) from exc
        self._set_file(Path(path), loaded.game.strokes)
        self._forget_autosave()
        stand_ins = self._start_loaded(loaded)
        names = (loaded.players[0].name, loaded.players[1].name)
        self.happened.emit(FileOpened(Path(path).name, loaded.ended, names))
        return stand_ins

    def autosaved_games(self) -> tuple[list[ResumeOffer], list[DamagedAutosave]]:
        """The unfinished games that windows kept and no running window holds, newest first,
        and what the player must be told about damaged ones (set aside, or removed). Each
        offer must be taken up by `resume`, `discard` or `release`."""
        offers, problems = [], []
        for slot in unheld_slots():
            loaded, problem = slot.read()
            if problem is not None:
                problems.append(problem)
            if loaded is None:
                slot.release()
            else:
                offers.append(ResumeOffer(slot, loaded))
        return offers, problems

    def resume(self, offer: ResumeOffer) -> list[StandIn]:
        """Go on with an autosaved game, in its slot; it belongs again to the file it was saved
        to or opened from (still marked changed if strokes were played since), so Save writes
        there. A finished game there is one whose result could not be written when it ended:
        it is counted now."""
        file = offer.slot.resume_file
        self._take_slot(offer.slot)
        self._set_file(None, None)
        stand_ins = self._start_loaded(offer.loaded, count_if_over=True)
        try:
            saved = read_record(Path(file)) if file else None
        except (RecordError, OSError, ValueError):
            saved = None  # moved or damaged since: the game is resumed without a file
        if saved is not None and saved.game.board.same_as(offer.loaded.game.board):
            self._set_file(Path(file), saved.game.strokes)
            self.changed.emit()
        return stand_ins

    def discard(self, offer: ResumeOffer) -> None:
        """The player does not want this autosaved game back: it is removed."""
        offer.slot.remove()
        offer.slot.release()

    @staticmethod
    def release(offer: ResumeOffer) -> None:
        """Leave an autosaved game for another start (the player chose another one)."""
        offer.slot.release()

    @property
    def autosave(self) -> AutosaveSlot | None:
        """This window's autosave slot (None until its first game is kept or resumed)."""
        return self._slot

    def _take_slot(self, slot: AutosaveSlot) -> None:
        if self._slot is not None:
            self._slot.remove()
            self._slot.release()
        self._slot = slot

    def _forget_autosave(self) -> None:
        if self._slot is None:
            return
        game = self._game
        if game is not None and game.is_over and self._stroke_since_start and self._counted is None:
            # Its result could not be written when it ended: once more now, else its slot is
            # left, finished game and all, for the next start to count (this window takes
            # another slot for what comes next).
            if self._record_result(game.winner) is not None:
                self._slot.release()
                self._slot = None
                return
        self._slot.forget_game()

    def _start_loaded(self, loaded: LoadedRecord, count_if_over: bool = False) -> list[StandIn]:
        seats, stand_ins = self.seat_maker.for_record(loaded.players)
        self._start(loaded.game, seats, count_if_over)
        return stand_ins

    def start_with_seats(self, game: Game, seats: Sequence[Seat]) -> None:
        """Play `game`, set up elsewhere (a game online: its board and rules came from the
        host), with these seats (Player 1's first). It belongs to no file yet."""
        self._set_file(None, None)
        self._forget_autosave()
        self._start(game, seats)

    def _start(self, game: Game, seats: Sequence[Seat], count_if_over: bool = False) -> None:
        self._abandon()  # the game it replaces, if one was in progress against the computer
        self._count_if_over = count_if_over
        self.play(game, seats)

    def _game_starting(self, game: Game) -> None:
        count_if_over, self._count_if_over = self._count_if_over, False
        # Whose result this window counts: a game it plays in, or one it ended whose result
        # could not be written then (resumed from its autosave).
        self._stroke_since_start = self._resumed_over = count_if_over and game.is_over
        self._counted = None
        self._result_retry.stop()
        self._autosave_failing = False  # a new game's first failure is told again

    def close(self) -> None:
        """Forget the game (the window is closing); an unfinished game's autosave stays, to be
        offered next time."""
        super().close()
        self.seat_maker.close()
        if self._slot is not None:  # its game stays, for a later start to offer
            self._slot.release()
            self._slot = None

    # -- files -------------------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the game to `path` atomically; raises FileError and changes nothing when it
        cannot."""
        if self._game is None:
            return
        try:
            write_record(path, self._game, self.players)
        except (RecordError, OSError, ValueError) as exc:
            raise FileError(str(exc), "write") from exc
        self._set_file(path, self._game.strokes)
        self.happened.emit(FileSaved(path.name))
        self.changed.emit()

    def _set_file(self, path: Path | None, strokes: Sequence[tuple[int, int]] | None) -> None:
        """The game's file (None: none yet) and the strokes it holds; remembered in the settings
        too, so that a resumed game belongs to it again."""
        self.file = path
        self._saved_strokes = None if strokes is None else tuple(strokes)
        if self._slot is not None:
            self._slot.resume_file = str(path or "")

    def _autosave(self) -> None:
        """Keep the unfinished game safe on disk after every stroke."""
        game = self._game
        if game is None:
            return
        # Nothing worth offering to resume; and a finished game reopened by undo is already
        # counted in the statistics: resumed in another session it would be counted twice.
        # A game that has just ended stays until its result is written (_game_ended): a
        # statistics database another program keeps busy, or a kill meanwhile, must not lose it.
        if not game.moves or self._counted is not None:
            self._forget_autosave()
            return
        if any(isinstance(seat, Connected) for seat in self._seats):
            # A game with a friend elsewhere is not resumed alone: its side keeps its seat to
            # rejoin instead (net/kept_seat.py), and its record when it stops.
            self._forget_autosave()
            return
        if game.is_over and not self._stroke_since_start:
            self._forget_autosave()  # ended before this window played in it: nothing to count
            return
        try:
            if self._slot is None:
                self._slot = free_slot()
                if self._slot is None:
                    raise OSError(f"all {MAX_SLOTS} autosave slots are taken by other windows")
                self._slot.resume_file = str(self.file or "")
            self._slot.write(game, self.players)
        except (RecordError, OSError) as exc:  # a full disk must not stop the game
            if not self._autosave_failing:  # said once, not after every stroke
                folder = str((self._slot.path if self._slot else autosave_path()).parent)
                print(f"triangles-qt: autosave to {folder} failed: {exc}", file=sys.stderr)
                self.happened.emit(AutosaveFailed(exc, folder))
            self._autosave_failing = True
            return
        self._autosave_failing = False

    # -- hints -------------------------------------------------------------------------------------

    def request_hint(self) -> bool:
        """Ask the strongest strategy for a stroke for the person to move; emits hint_ready."""
        if not self.can_hint or self._game is None:
            return False
        maker = self.seat_maker
        strategy = next(filter(None, map(maker.find, HINT_LEVELS)), None)
        if strategy is None:
            available = maker.strategies()
            strategy = available[-1] if available else maker.strategy_for(None)
        runner = maker.runner(strategy, purpose="hint")
        self._hint = StrategyTurn(runner, Position(self._game), self.budget_s, self)
        self._hint.chosen.connect(self._hint_chosen)
        self.happened.emit(HintSearching())
        self.changed.emit()
        return True

    def _hint_chosen(self, choice: Any) -> None:
        # Only for the position it was asked about: a stroke, undo or load cancels it first.
        self._hint = None
        self.happened.emit(HintSearchEnded())
        if self.local_to_move and self._game is not None:
            self.hint_ready.emit(*choice.stroke)
            self.happened.emit(HintFound(Position(self._game), choice.stroke))
        self.changed.emit()

    # -- the table's turn flow --------------------------------------------------------------------

    def _invalidate_requests(self) -> None:
        super()._invalidate_requests()
        if self._hint is not None:
            self._hint.cancel()
            self._hint = None
            self.happened.emit(HintSearchEnded())

    def _stroke_done(self) -> None:
        self._stroke_since_start = True
        self._autosave()

    def _position_changed(self) -> None:
        self._autosave()

    def _game_ended(self) -> None:
        game = self._game
        assert game is not None
        problem = self._record_result(game.winner) if self._stroke_since_start else None
        if problem is None:
            self._forget_autosave()  # counted: no longer kept
        else:
            self._result_retry.start()  # kept in the autosave meanwhile
        reset = None if problem is not None else self._statistics_reset()
        self.happened.emit(GameEnded(game.winner, problem, reset))

    def _retry_result(self) -> None:
        """Once more, the result of the finished game whose result could not be written."""
        game = self._game
        if game is None or not game.is_over or self._counted is not None:
            return
        if self._record_result(game.winner) is not None:
            self._result_retry.start()
            return
        self._forget_autosave()
        self.happened.emit(ResultSavedLater())

    def _statistics_reset(self) -> str | None:
        """What the player must know about the statistics file beside the first result: it
        was damaged and counting started again, and its copy's name (else it is told only in
        Statistics)."""
        store = self._statistics
        if self._statistics_told or store is None or store.corrupt_copy is None:
            return None
        self._statistics_told = True
        return store.corrupt_copy.name

    @property
    def abandoning_counts(self) -> bool:
        """Whether leaving the game now counts as a loss: a game in progress between the
        person here and a computer whose results are counted."""
        game, you = self._game, self.person_seat
        return (
            game is not None
            and not game.is_over
            and bool(game.moves)
            and self._counted is None  # reopened by undo after it was counted: it stays so
            and you is not None
            and self._seats[1 - you].statistics_id is not None
        )

    def _abandon(self) -> None:
        """The person here leaves the game in progress for another: against a computer it is
        counted as lost and kept in the history as abandoned (so no loss is dodged with New
        game); with a friend elsewhere it is kept in the history as left. Told in the status
        bar if the statistics cannot be written."""
        you = self.person_seat
        if you is not None and any(isinstance(seat, Connected) for seat in self._seats):
            problem = self.keep_stopped(Ending(EndKind.LEFT, you, "left for another game"))
            if problem is not None:
                self.happened.emit(AbandonNotCounted(problem))
            return
        if not self.abandoning_counts:
            return
        you = self.person_seat
        assert you is not None
        opponent = self._seats[1 - you].statistics_id
        assert opponent is not None
        try:
            self.statistics_store().record_result(opponent, ABANDONED, game=self._finished_game())
        except StatisticsError as exc:
            self.happened.emit(AbandonNotCounted(StatisticsProblem(exc.reason, str(exc))))

    def keep_stopped(
        self, ended: Ending, elsewhere: tuple[Game, Sequence[PlayerInfo], int] | None = None
    ) -> StatisticsProblem | None:
        """The game stopped before its end (a friend elsewhere left, was refused or lost, or
        someone resigned): kept in the history as it stands, its record saying how
        (docs/rules.md 8.1.1), and counted in no statistics. `elsewhere`: (game, players, the
        person's seat) of a game that never came back to this table (a rejoin that failed).
        None, or why it could not be kept."""
        players: Sequence[PlayerInfo]
        if elsewhere is None:
            if self._game is None:
                return None
            game, players, you = self._game, self.players, self.person_seat
            names = [seat.name for seat in self._seats]
        else:
            game, players, you = elsewhere
            names = [player.name for player in players]
        if game.is_over or not game.moves:
            return None
        try:
            self.statistics_store().record_game(
                finished_game(game, players, you, names, ended), stopped=stopped_outcome(ended, you)
            )
        except StatisticsError as exc:
            return StatisticsProblem(exc.reason, str(exc))
        return None

    def _finished_game(self) -> FinishedGame:
        """What the history keeps of the game as it stands."""
        assert self._game is not None
        names = [seat.name for seat in self._seats]
        return finished_game(self._game, self.players, self.person_seat, names)

    def _record_result(self, winner: int | None) -> StatisticsProblem | None:
        """Keep the finished game in the history and, between the person here and a computer,
        count its result; None, or why it could not be saved (a full disk must not spoil the
        end of a game)."""
        game = self._game
        assert game is not None
        you = self.person_seat
        opponent = None if you is None else self._seats[1 - you].statistics_id
        finished = self._finished_game()
        record = finished.record
        try:
            store = self.statistics_store()
            if self._resumed_over and (kept := store.holds(record)) is not None:
                # Counted already, just before a kill took the window that played it, with
                # its autosave still in place: not counted twice.
                self._counted = kept
                return None
            if you is None or opponent is None:
                self._counted = store.record_game(finished, replacing=self._counted)
            else:
                outcome = "drawn" if winner is None else ("won" if winner == you else "lost")
                self._counted = store.record_result(
                    opponent, outcome, replacing=self._counted, game=finished
                )
        except StatisticsError as exc:
            return StatisticsProblem(exc.reason, str(exc))
        return None


def finished_game(
    game: Game,
    players: Sequence[PlayerInfo],
    you: int | None,
    names: Sequence[str],
    ended: Ending | None = None,
) -> FinishedGame:
    """What the history keeps of `game` as it stands: `you` is the person's seat, `names` the
    seats' names as shown."""
    try:
        record = record_to_text(game, players, ended)
    except RecordError:
        record = ""
    return FinishedGame(
        names[1 - you] if you is not None else " – ".join(names),
        game.board.preset,
        game.board.n,
        game.rules.replay_after_triangle,
        (game.scores[0], game.scores[1]),
        record,
    )


def stopped_outcome(ended: Ending, you: int | None) -> str:
    """How the history lists a game that stopped early (statistics.STOPPED), seen from `you`."""
    if ended.how == EndKind.DISCONNECTED:
        return "disconnected"
    # This side always knows when its own player did it: anyone else is the friend.
    who = "you" if ended.player is not None and ended.player == you else "friend"
    return f"{ended.how.value}-{who}"
