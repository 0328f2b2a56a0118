"""The table: one game and its two seats, and the turn flow between them. It is the only writer
of the live `Game`: it asks the seat whose turn it is for a stroke, checks the answer against the
rules and the question it answers, plays it or refuses it, takes strokes back (by agreement when
a seat elsewhere must agree), and says when the game is over. Every game loop of the project
runs through it: the app's session (`session.py` adds files, the autosave, statistics and
hints), the headless network player, the arena and the engine adapter.

Every request to a seat carries a tag (game generation, strokes played); an answer is used only
while the tag still matches, so an answer that arrives after a restart, an undo or a load is
dropped and no player can ever move out of turn. Seats may answer at once, from inside
`request_move` (the arena's): the table then asks the next seat after the current one returns,
so a whole game played that way is a loop, not a recursion.

QtCore only (signals, so that it fits an event loop), and no words: what happens is told as
signals and the typed values of `events.py`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal

from triangles_qt.core.game import Game, Move
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.position import Position
from triangles_qt.defaults import MOVE_BUDGET_S

from .events import DrawnAgain, Refusal, ResultWithdrawn, StrokeRefused, TakenBack, UndoAsked
from .seats import AgreesUndo, MoveRequest, Seat, Tag


class Table(QObject):
    """One game at a time and its seats (see the module docstring)."""

    started = Signal(object)  # Position: a new or loaded game, to be drawn from scratch
    stroke_played = Signal(object)  # Move
    stroke_refused = Signal(object)  # Refusal
    reset = Signal(object)  # Position: the same game, changed by undo or redo
    changed = Signal()  # whose turn, who is thinking, names: shown again
    game_over = Signal(object)  # the winner: 0, 1 or None for a draw
    happened = Signal(object)  # one of events.py's values

    def __init__(self, parent: QObject | None = None, budget_s: float = MOVE_BUDGET_S) -> None:
        super().__init__(parent)
        self.budget_s = budget_s
        self._game: Game | None = None
        self._seats: list[Seat] = []
        self._view: Position | None = None  # the live game, read-only
        self._generation = 0
        self._redo: list[list[tuple[int, int]]] = []  # strokes taken back, one list per undo
        self._to_ask: deque[Seat] = deque()
        self._asking = False

    # -- reading ---------------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The live game, for the table's own kind (a session) and its tests: others read
        `position`."""
        return self._game

    @property
    def position(self) -> Position | None:
        """The game as it stands, as a live read-only view (None before the first game)."""
        return self._view

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(self._seats)

    @property
    def players(self) -> list[PlayerInfo]:
        """The players as a saved game records them."""
        return [seat.recorded for seat in self._seats]

    @property
    def person_seat(self) -> int | None:
        """The seat of the one person playing on this board against someone elsewhere (the
        computer): "you". None when both or neither play here."""
        here = [k for k, seat in enumerate(self._seats) if seat.takes_board_input]
        return here[0] if len(here) == 1 else None

    @property
    def seat_to_move(self) -> Seat | None:
        game = self._game
        return None if game is None or game.is_over else self._seats[game.player]

    @property
    def thinking(self) -> bool:
        seat = self.seat_to_move
        return seat is not None and seat.thinking

    @property
    def local_to_move(self) -> bool:
        """Whether a person at this computer may draw a stroke on the board now."""
        seat = self.seat_to_move
        return seat is not None and seat.takes_board_input

    @property
    def can_undo(self) -> bool:
        return self._undo_count() > 0

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self._game is not None

    # -- starting and ending ---------------------------------------------------------------------

    def play(self, game: Game, seats: Sequence[Seat]) -> None:
        """Play `game` (new, loaded or set up elsewhere) with these seats, Player 1's first. The
        seats belong to the table from now on; the ones of the game it replaces are closed."""
        self._invalidate_requests()
        for seat in self._seats:
            seat.close()
            seat.deleteLater()
        self._game = game
        self._view = Position.view_of(game)
        self._seats = list(seats)
        self._redo = []
        self._to_ask.clear()
        self._game_starting(game)
        for seat in self._seats:
            seat.setParent(self)
            seat.answered.connect(
                lambda request, stroke, seat=seat: self._seat_answered(seat, request, stroke)
            )
            seat.happened.connect(self.happened)
            seat.changed.connect(self.changed)
            seat.take_back.connect(self._take_back_to)
        snapshot = Position(game)
        for seat in self._seats:
            seat.game_started(snapshot)
        self.started.emit(self._view)
        self._after_change()

    def _game_starting(self, game: Game) -> None:
        """What a kind of table does as `game` takes the place of the last one."""

    def close(self) -> None:
        """Forget the game and close its seats (the window is closing, the match is over)."""
        self._invalidate_requests()
        for seat in self._seats:
            seat.close()
        self._game = self._view = None
        self._to_ask.clear()

    # -- the players' intents ----------------------------------------------------------------------

    def request_stroke(self, i: int, j: int) -> bool:
        """A person at this computer draws stroke i-j on the board. Returns whether it was
        played."""
        seat = self.seat_to_move
        if seat is None or not seat.takes_board_input:
            return False
        moves = len(self._game.moves) if self._game is not None else 0
        seat.board_stroke((i, j))
        return self._game is not None and len(self._game.moves) > moves

    def preview(self, i: int, j: int) -> Refusal | None:
        """What the rules would say of stroke i-j now, for the board to show while a person
        here draws it: a Refusal with what is in its way, or None (legal, or not theirs to
        draw)."""
        game, seat = self._game, self.seat_to_move
        if game is None or seat is None or not seat.takes_board_input:
            return None
        try:
            reason = game.check(i, j)
        except ValueError:  # not a stroke at all (same star twice, no such star)
            return None
        if reason is None:
            return None
        over, crossed = game.obstacles(i, j)
        return Refusal((i, j), reason, tuple(over), tuple(crossed))

    def undo(self) -> bool:
        """Back to the last stroke drawn on this board: against the computer, the person's
        previous turn; between two people here, one stroke. When a seat must agree (a friend
        elsewhere) it is asked, and the game is taken back once it agrees (`_take_back_to`)."""
        count = self._undo_count()
        if count == 0 or self._game is None:
            return False
        agreeing = [seat for seat in self._seats if isinstance(seat, AgreesUndo)]
        if agreeing:
            keep = len(self._game.moves) - count
            if not all([seat.offer_undo(keep) for seat in agreeing]):
                return False
            self.happened.emit(UndoAsked())
            return True
        was_over = self._game.is_over
        self._invalidate_requests()
        taken_back = [self._game.undo().stroke for _ in range(count)]
        self._redo.append(taken_back[::-1])
        if was_over:  # reopened: its result stays counted until it ends again and replaces it
            self.happened.emit(ResultWithdrawn())
        self._after_reset()
        self.happened.emit(TakenBack(count))
        return True

    def _take_back_to(self, count: int) -> None:
        """Both players agreed to take the game back to `count` strokes."""
        game = self._game
        if game is None or not 0 <= count < len(game.moves):
            return
        was_over = game.is_over
        self._invalidate_requests()
        taken = len(game.moves) - count
        while len(game.moves) > count:
            game.undo()
        self._redo = []  # what was agreed is not drawn again by one side alone
        if was_over:
            self.happened.emit(ResultWithdrawn())
        self._after_reset()
        self.happened.emit(TakenBack(taken))

    def redo(self) -> bool:
        """Draw again the strokes the last undo took back (until another stroke is drawn)."""
        # (With a seat that agrees to undo there is nothing to redo: an agreed take-back
        # clears it.)
        if not self.can_redo or self._game is None:
            return False
        self._invalidate_requests()
        strokes = self._redo.pop()
        for i, j in strokes:
            self._game.play(i, j)
        self._after_reset()
        if not self._game.is_over:
            self.happened.emit(DrawnAgain(len(strokes)))
        return True

    # -- turn flow ---------------------------------------------------------------------------------

    def _tag(self) -> Tag:
        return self._generation, len(self._game.moves) if self._game is not None else -1

    def _invalidate_requests(self) -> None:
        self._generation += 1
        for seat in self._seats:
            seat.cancel()

    def _undo_count(self) -> int:
        """How many strokes to take back: up to and including the last one a person drew on this
        board, so that they are to move again exactly as before it."""
        game = self._game
        if game is None:
            return 0
        for count, move in enumerate(reversed(game.moves), start=1):
            if self._seats[move.player].takes_board_input:
                return count
        return 0

    def _seat_answered(self, seat: Seat, request: MoveRequest, stroke: tuple[int, int]) -> None:
        game = self._game
        if game is None or seat is not self.seat_to_move or request.tag != self._tag():
            return  # stale: the game was restarted, undone, loaded or closed meanwhile
        i, j = stroke
        try:
            reason = game.check(i, j)
        except ValueError:  # not a stroke at all (same star twice, no such star)
            seat.refused(request, None)
            self._ask(seat)
            return
        if reason is not None:
            over, crossed = game.obstacles(i, j)
            refusal = Refusal((i, j), reason, tuple(over), tuple(crossed))
            self.stroke_refused.emit(refusal)
            self.happened.emit(StrokeRefused(refusal))
            seat.refused(request, reason)
            self._ask(seat)
            return
        self._play(i, j)

    def _play(self, i: int, j: int) -> Move:
        assert self._game is not None
        self._invalidate_requests()
        self._redo = []  # a new stroke: what was taken back is another story now
        move = self._game.play(i, j)
        for seat in self._seats:
            seat.stroke_played(move)
        self.stroke_played.emit(move)
        self._stroke_done()
        self._after_change()
        return move

    def _stroke_done(self) -> None:
        """What a kind of table does after each stroke (the session keeps the game on disk)."""

    def _position_changed(self) -> None:
        """What a kind of table does after an undo, a redo or a take-back."""

    def _after_reset(self) -> None:
        assert self._game is not None
        snapshot = Position(self._game)
        for seat in self._seats:
            seat.taken_back(snapshot)
        self.reset.emit(self._view)
        self._position_changed()
        self._after_change()

    def _after_change(self) -> None:
        game = self._game
        if game is None:
            return
        if game.is_over:
            for seat in self._seats:
                seat.game_ended((game.scores[0], game.scores[1]))
            self._game_ended()
            self.changed.emit()
            self.game_over.emit(game.winner)
            return
        self.changed.emit()
        self._ask(self._seats[game.player])

    def _game_ended(self) -> None:
        """What a kind of table does when the game is over (the session counts the result)."""

    def _ask(self, seat: Seat) -> None:
        """Ask `seat` for a stroke, after the seat being asked now has returned: a seat that
        answers at once makes the next question wait its turn here instead of nesting."""
        self._to_ask.append(seat)
        if self._asking:
            return
        self._asking = True
        try:
            while self._to_ask:
                asked = self._to_ask.popleft()
                if asked is not self.seat_to_move or self._game is None:
                    continue  # the game moved on (or ended) since it was queued
                asked.request_move(MoveRequest(self._tag(), Position(self._game), self.budget_s))
                self.changed.emit()
        finally:
            self._asking = False
