"""The seat of a player on another computer (issue 24): a `Seat` on top of a `Peer`, which a
`NetMatch` is.

The match keeps its own copy of the game and checks every stroke the peer sends with the rules
engine before this seat hears of it; the session then checks it again against its own game, as
it does any seat's answer. The other way round, the strokes of the person at this computer
reach the peer through `stroke_played`. An undo is agreed by both players: `offer_undo` asks
the peer, `answer_undo` answers the peer's offer, and once both agree the seat asks the session
to take the game back (`take_back`): the seat is `AgreesUndo`. It is `Connected` too: the
app's score card words its `connection`. It has no words of its own (its troubles are events).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal, SignalInstance

from triangles_qt.core.game import Game, Move, Rejection
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.position import Position
from triangles_qt.table.events import PeerDropped, PeerTrouble
from triangles_qt.table.seats import Connection, MoveRequest, Seat

from .match import Role, State
from .protocol import PeerInfo


class Peer(Protocol):
    """The other player as their seat reaches them: a `NetMatch` is one (match.py); a client
    of a game server could be another. It keeps the game both sides agreed on (`game`), checks
    the strokes it receives, and sends the person's."""

    @property
    def game(self) -> Game | None: ...

    @property
    def peer(self) -> PeerInfo | None: ...

    @property
    def peer_name(self) -> str: ...

    @property
    def local_seat(self) -> int: ...

    @property
    def peer_seat(self) -> int: ...

    @property
    def local_to_move(self) -> bool: ...

    @property
    def state(self) -> State: ...

    @property
    def role(self) -> Role: ...

    stroke_received: SignalInstance  # Move: the peer's, checked
    state_changed: SignalInstance  # State
    resumed: SignalInstance  # int: the peer is back; strokes from this index were resent
    taken_back: SignalInstance  # int: both agreed to take the game back to this many strokes
    undo_offered: SignalInstance  # int
    undo_answered: SignalInstance  # bool, int
    chat_received: SignalInstance  # str
    problem: SignalInstance  # str: what went wrong, in English

    def play(self, stroke: tuple[int, int]) -> object: ...

    def offer_undo(self, keep: int) -> None: ...

    def answer_undo(self, accept: bool) -> None: ...

    def leave(self) -> None: ...


class RemoteSeat(Seat):
    """The other player, elsewhere. Made once the match has a peer (its name and kind are
    known); the match outlives the seat (a rematch is a new game with new seats)."""

    undo_offered = Signal(int)  # the peer asks to take the game back to this many strokes
    undo_answered = Signal(bool)  # the peer's answer to this side's offer
    chat_received = Signal(str)

    takes_board_input = False

    def __init__(self, match: Peer, parent: QObject | None = None) -> None:
        super().__init__(lambda: match.peer_name, parent)
        self.match = match
        assert match.peer is not None
        self.kind = match.peer.kind
        self._request: MoveRequest | None = None
        # The person's strokes here, by index: one drawn while the connection was down, or
        # sent but lost with it (not acknowledged), is sent again once the peer is back.
        self._mine: dict[int, tuple[int, int]] = {}
        match.stroke_received.connect(self._peer_stroke)
        match.state_changed.connect(self._state_changed)
        match.resumed.connect(self._resumed)
        match.taken_back.connect(self.take_back)
        match.undo_offered.connect(self.undo_offered)
        match.undo_answered.connect(self._undo_answer)
        match.chat_received.connect(self.chat_received)
        match.problem.connect(self._problem)

    def plays_over(self, peer: object) -> bool:
        """Whether this seat is the other player of `peer` (a match)."""
        return self.match is peer

    # -- what the score card shows -----------------------------------------------------------

    @property
    def recorded(self) -> PlayerInfo:
        assert self.match.peer is not None
        return self.match.peer.player()

    @property
    def connection(self) -> Connection:
        state = self.match.state
        if state == State.RECONNECTING:
            # The joiner reaches the host again; the host waits for the joiner.
            return Connection.RECONNECTING if self.match.role == Role.JOIN else Connection.WAITING
        if state == State.CLOSED:
            return Connection.LEFT
        return Connection.CONNECTED

    @property
    def thinking(self) -> bool:
        return self._request is not None and self.match.state == State.PLAYING

    # -- the session's requests --------------------------------------------------------------

    def request_move(self, request: MoveRequest) -> None:
        self._request = request
        self._answer()
        self.changed.emit()

    def cancel(self) -> None:
        self._request = None

    def refused(self, request: MoveRequest, reason: Rejection | None) -> None:
        # The match checked the stroke with the same rules: the two games no longer agree.
        self._problem("the session refused a stroke the match accepted")

    def stroke_played(self, move: Move) -> None:
        """A stroke at this table: the person's here goes to the peer; the peer's own stroke,
        played by the session, is already in the match."""
        match = self.match
        if move.player != match.local_seat:
            return
        assert match.game is not None
        index = len(match.game.moves)
        self._mine[index] = move.stroke
        if match.local_to_move:
            match.play(move.stroke)
        else:  # the connection is down: sent once the peer is back
            self.changed.emit()

    def taken_back(self, position: Position) -> None:
        # Only by agreement (the match took its game back first): forget what was taken back.
        count = len(position.strokes)
        self._mine = {k: v for k, v in self._mine.items() if k < count}

    # -- this side's offers ------------------------------------------------------------------

    def offer_undo(self, keep: int) -> bool:
        """Ask the peer to take the game back to `keep` strokes; False when that cannot be
        asked now (an offer is open, the game is over, the connection is down)."""
        try:
            self.match.offer_undo(keep)
        except RuntimeError:
            return False
        return True

    def answer_undo(self, accept: bool) -> None:
        self.match.answer_undo(accept)

    def leave(self) -> None:
        """This side leaves the game for good (the peer is told)."""
        self.match.leave()

    # -- the match's news --------------------------------------------------------------------

    def _peer_stroke(self, _move: Move) -> None:
        self._answer()

    def _answer(self) -> None:
        """Answer the session's request with the peer's stroke at the index it asks about,
        once the match has it (it may have come before the request)."""
        request = self._request
        game = self.match.game
        if request is None or game is None:
            return
        index = len(request.position.strokes)
        if index < len(game.moves) and game.moves[index].player == self.match.peer_seat:
            self._request = None
            self.answered.emit(request, game.moves[index].stroke)

    def _resumed(self, _first: int) -> None:
        self._send_held()

    def _undo_answer(self, accepted: bool, _keep: int) -> None:
        # A stroke drawn here while the offer was open waited for the answer: send it now.
        self._send_held()
        self.undo_answered.emit(accepted)

    def _send_held(self) -> None:
        """Send the person's strokes the peer does not have yet (drawn while the connection
        was down or an undo offer was open)."""
        match = self.match
        assert match.game is not None
        while match.local_to_move and len(match.game.moves) in self._mine:
            match.play(self._mine[len(match.game.moves)])
        self._answer()
        self.changed.emit()

    def _state_changed(self, _state: State) -> None:
        self.changed.emit()

    def _problem(self, _text: str) -> None:
        # The specifics, in English, are the program's to print (the app and the headless
        # player each do, under their own name); the table is told what it means for the game.
        if self.match.state == State.RECONNECTING:  # a drop, not a refusal: nothing went wrong
            self.happened.emit(PeerDropped(self.name))
            return
        self.happened.emit(PeerTrouble(self.name))
