"""The network match as a pure state machine (docs/network-protocol.md): `MatchMachine` owns
every rule of a game between two computers, in the host's role or the joiner's, and no Qt, no
socket and no clock. `NetMatch` (match.py) is the thin Qt transport around it.

In: what happened, each with the time (`now`, in seconds, from any monotonic clock): a
connection accepted (`accepted`) or opened (`opened`), a line received on one (`line`), a
`ping` or `pong` on one (`heard`: the connection answers those itself), one closed (`closed`,
with its `Closing`), the time passing (`tick`), and the local player's actions (`play`,
`offer_undo`, `answer_undo`, `resign`, `send_chat`, `offer_rematch`, `answer_rematch`, `leave`,
`answer_join`, `close`). Connections
are named by ints: those accepted by the id the transport gives, those this side dials by the
machine's own (negative) ids, which its `Connect` effect carries.

Out: each of those returns a list of effects, in the order they must happen: things to do on a
connection (`Send`, `Refuse`, `Close`, `Release`, `SetDeadline`, `ExpectFirstLine`,
`Keepalive`, `GameLines`, `SetupLines`, `Paced`), on the listener (`StopListening`,
`ResumeAccepting`), `Connect`, and the typed events a player hears of (`StateChanged`,
`StrokeReceived`, `Confirmed`, ...). `deadline()` says when the machine next wants a
`tick(now)`. A connection the machine closed or refused is forgotten at once: its `closed`, if
the transport reports it, is ignored. The per-line limits (framing, rate, silence, pings, the
handshake's deadlines) stay the connection's (connection.py); the machine only says which
apply.

Its words are match_effects.py's (`Role`, `State`, the effects and the events), the host's
handshake places for strangers are `match_places.Places`, and what a killed host keeps to take
its game back is match_resume.py's `HostState`.
"""

from __future__ import annotations

import hmac
import random
from dataclasses import dataclass

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game, Move
from triangles_qt.core.rules import Rules
from triangles_qt.wire import quote

from . import protocol
from .match_effects import (
    ChatReceived,
    Close,
    Confirmed,
    Connect,
    Effect,
    Ended,
    ExpectFirstLine,
    GameLines,
    GameOver,
    HostStateChanged,
    JoinRequested,
    Keepalive,
    Paced,
    Problem,
    Refuse,
    Release,
    RematchDeclined,
    RematchOffered,
    Resigned,
    ResumeAccepting,
    Resumed,
    Retrying,
    Role,
    Send,
    SetDeadline,
    SetupLines,
    Started,
    State,
    StateChanged,
    StopListening,
    StrokeReceived,
    TakenBack,
    UndoAnswered,
    UndoOffered,
    WaitingForHost,
)
from .match_places import Candidate, Places
from .match_resume import HostState, play_all
from .protocol import Closing, Limits, Message, PeerInfo, ProtocolError, Setup
from .secure import WRONG_CODE

REFUSED_FREED_S = 3.0
"""A connection that ended is freed this long after (its socket is aborted 2 s after it closed,
so that a refusal's `error` line leaves first)."""
ACCEPT_PAUSE_S = 0.5
"""How long a host that could not accept a connection (no file descriptors left) waits before
it accepts again."""
MAX_WRONG_CODES = 3
"""A game hosted by code ends after this many connections gave a wrong code (each is one
online guess of the secret words): the player hosts again, with a new code."""


def checked_peer(info: PeerInfo) -> PeerInfo:
    if not info.name:
        raise ProtocolError(protocol.MALFORMED, "'id name NAME' must come before joining")
    return info


@dataclass
class _Joining:
    """The joiner's side of one connection's handshake (what the host has said so far)."""

    rejoining: bool = False
    proved: bool = False  # it answered the host's challenge
    rejoin_count: int = 0  # the strokes its rejoin said it has
    heard_version: bool = False
    incoming: PeerInfo | None = None  # the host's `id` lines so far
    board_line: tuple[str | None, int | None] | None = None
    new_setup: tuple[Board, Rules] | None = None


@dataclass
class _Timers:
    """When the machine wants to act on its own (None: not wanted)."""

    grace: float | None = None  # the seat's wait for the joiner ends
    retry: float | None = None  # the dropped joiner dials again
    busy: float | None = None  # the joiner, told `busy`, dials again
    accept: float | None = None  # the host accepts again after a failure


class MatchMachine:
    """One side of a game over the network, as a pure state machine. Make it with
    `MatchMachine.host` or `MatchMachine.join`; the first effects are `start()`'s."""

    def __init__(self, role: Role, local: PeerInfo, limits: Limits) -> None:
        self.role = role
        self.local = local
        self.limits = limits
        self.peer: PeerInfo | None = None
        self.game: Game | None = None
        self.setup: Setup | None = None
        self.local_seat = 0
        self.token = ""
        self.confirmed_count = 0
        self.state = State.CONNECTING
        self.end_reason = ""
        self.refusal_code = ""  # the code of the `error` line the peer ended the match with
        self.refused_peer = False  # this side ended the match refusing a line of the peer's
        self.wrong_codes = 0  # the host: connections that gave another code
        self.places = Places()
        self.ask_to_join = False  # a `join` is put to the host's player (`JoinRequested`)
        self._asking: Candidate | None = None  # the joiner whose question is open
        self._listening = False
        self._conn: int | None = None  # the game's connection
        self._conn_is_retry = False  # the joiner's connection is a retry after a drop
        self._heard: dict[int, float] = {}  # when each connection was last heard
        self._labels: dict[int, str] = {}  # how a log names the game's connection
        self.where = ""  # the joiner: where it joins (HOST:PORT), for a log
        self._next_id = -1
        # The joiner: `busy` answers so far (the backoff) and since when.
        self._busy_tries = 0
        self._busy_since: float | None = None
        self._peer_done_handshake = False
        self._own_undo: tuple[int, int] | None = None  # (strokes, kept) offered by this side
        self._peer_undo: tuple[int, int] | None = None
        self._own_rematch = False
        self._peer_rematch = False
        self._resigned: int | None = None
        self._joining = _Joining()
        self._timers = _Timers()
        self._out: list[Effect] = []

    # -- making one --------------------------------------------------------------------------

    @classmethod
    def host(
        cls,
        setup: Setup,
        local: PeerInfo,
        limits: Limits = Limits(),
        ask: bool = False,
        resume: HostState | None = None,
        now: float = 0.0,
    ) -> MatchMachine:
        """Host the game `setup` describes (the transport listens). `resume`: a host that was
        stopped takes its game back (its set-up, seat, token and strokes; `setup` is then
        ignored) and waits for the joiner to come back, for the grace period from `now`."""
        machine = cls(Role.HOST, local, limits)
        machine.ask_to_join = ask
        machine._listening = True
        if resume is None:
            machine.setup = setup
            machine.game = Game(setup.board, setup.rules)
            machine.token = protocol.new_token()
            machine.state = State.LISTENING
        else:
            machine.setup = resume.setup
            machine.game = resume.game()
            machine.token = resume.token
            machine.peer = resume.peer
            machine._resigned = resume.resigned
            machine.confirmed_count = len(machine.game.moves)
            machine.state = State.RECONNECTING
            machine._timers.grace = now + limits.grace_s
        assert machine.setup is not None
        machine.local_seat = 1 - machine.setup.joiner_seat
        return machine

    @classmethod
    def join(
        cls,
        local: PeerInfo,
        resume: tuple[str, Game, int] | None = None,
        limits: Limits = Limits(),
        where: str = "",
    ) -> MatchMachine:
        """Join the game at `where` (HOST:PORT: `start()` dials it). `resume` is (token, the
        confirmed game, this side's seat) from an earlier connection to the same game: the
        match rejoins it."""
        machine = cls(Role.JOIN, local, limits)
        machine.where = where
        if resume is not None:
            machine.token, machine.game, machine.local_seat = resume
            machine.confirmed_count = len(machine.game.moves)
        return machine

    def start(self, now: float) -> list[Effect]:
        """The first effects: the joiner dials (the host has none)."""
        if self.role == Role.JOIN:
            self._connect(now)
        return self._drain()

    # -- reading -------------------------------------------------------------------------------

    @property
    def peer_seat(self) -> int:
        return 1 - self.local_seat

    @property
    def local_to_move(self) -> bool:
        """Whether this side may play a stroke now."""
        game = self.game
        if game is None or game.is_over or game.player != self.local_seat:
            return False
        if self._own_undo is not None or self._resigned is not None:
            return False
        if self.state == State.PLAYING:
            return True
        # The host's list is the game: its strokes are resent to a joiner who comes back.
        return self.state == State.RECONNECTING and self.role == Role.HOST

    @property
    def settled(self) -> bool:
        """The game is over (or given up) and both sides have every stroke."""
        game = self.game
        if game is None:
            return False
        done = game.is_over or self._resigned is not None
        return done and self.confirmed_count == len(game.moves)

    @property
    def resigned_seat(self) -> int | None:
        return self._resigned

    @property
    def peer_name(self) -> str:
        return self.peer.name if self.peer is not None else ""

    @property
    def connection(self) -> int | None:
        """The game's connection (the joiner's dialled one, or the host's joined one)."""
        return self._conn

    @property
    def peer_rematch(self) -> bool:
        """The peer offered a rematch that is not answered yet."""
        return self._peer_rematch

    def host_state(self) -> HostState | None:
        """The host: what it must keep to take its game back (None before anyone joined)."""
        if self.role != Role.HOST or self.peer is None or self.state == State.LISTENING:
            return None
        assert self.setup is not None and self.game is not None
        return HostState.of(self.setup, self.token, self.peer, self.game, self._resigned)

    def deadline(self) -> float | None:
        """When the machine next wants a `tick` (None: not until something happens)."""
        t = self._timers
        times = [x for x in (t.grace, t.retry, t.busy, t.accept) if x is not None]
        return min(times) if times else None

    # -- time ----------------------------------------------------------------------------------

    def tick(self, now: float) -> list[Effect]:
        """Do what was due by `now`."""
        t = self._timers
        if t.accept is not None and now >= t.accept:
            t.accept = None
            if self._listening:
                self._out.append(ResumeAccepting())
        if t.grace is not None and now >= t.grace:
            t.grace = None
            if self.state == State.RECONNECTING:
                who = self.peer_name or "the other player"
                self._finish(f"{who} did not come back within {self.limits.grace_s:g} s")
        if t.busy is not None and now >= t.busy:
            t.busy = None
            self._busy_over(now)
        if t.retry is not None and now >= t.retry:
            t.retry = None
            self._retry(now)
        return self._drain()

    def accept_failed(self, now: float) -> list[Effect]:
        """The system gave no connection (out of file descriptors): accept again in a moment,
        once refused connections have been freed."""
        if self._listening:
            self._timers.accept = now + ACCEPT_PAUSE_S
        return self._drain()

    def heard(self, conn: int, now: float) -> list[Effect]:
        """A `ping` or `pong` came on `conn` (the connection takes those): its peer is there."""
        if conn in self._heard:
            self._heard[conn] = now
        return []

    # -- this side's actions -------------------------------------------------------------------

    def play(self, stroke: tuple[int, int]) -> tuple[Move, list[Effect]]:
        """Play this side's stroke and send it. Raises IllegalStroke/GameOver from the rules
        engine, or RuntimeError when it is not this side's turn (see `local_to_move`)."""
        if not self.local_to_move:
            raise RuntimeError("it is not this side's turn")
        assert self.game is not None
        index = len(self.game.moves)
        move = self.game.play(*stroke)
        self._host_state_changed()
        self._decline_peer_undo()
        self._send(protocol.stroke_line(index, move.stroke))
        self._check_over()
        return move, self._drain()

    def offer_undo(self, keep: int) -> list[Effect]:
        """Ask the peer to take the game back to `keep` strokes."""
        game = self.game
        if self.state != State.PLAYING or game is None or not 0 <= keep < len(game.moves):
            raise RuntimeError("there is nothing to take back now")
        if self._own_undo is not None:
            raise RuntimeError("an undo is already offered")
        self._own_undo = (len(game.moves), keep)
        self._send(f"undo offer {len(game.moves)} {keep}")
        return self._drain()

    def answer_undo(self, accept: bool) -> list[Effect]:
        """Answer the peer's undo offer (nothing, if the peer has gone meanwhile)."""
        offer, self._peer_undo = self._peer_undo, None
        if offer is None or self.state != State.PLAYING:
            return self._drain()
        strokes, keep = offer
        if accept:  # the host saves the game taken back before the joiner hears of it
            self._undo_to(keep)
        self._send(f"undo {'accept' if accept else 'decline'} {strokes} {keep}")
        if accept:
            self._taken_back(keep)
        return self._drain()

    def resign(self) -> list[Effect]:
        if self.game is None or self._resigned is not None or self.game.is_over:
            return self._drain()
        self._resigned = self.local_seat
        self._host_state_changed()
        self._send("resign")
        self._set_state(State.OVER)
        self._out.append(Resigned(self.local_seat))
        return self._drain()

    def send_chat(self, text: str) -> tuple[str, list[Effect]]:
        """Send a chat line (cleaned and cut as the protocol says); returns what was sent."""
        line = protocol.clean_text(text, protocol.MAX_CHAT_CHARACTERS)
        if line:
            self._send(f"chat {line}")
        return line, self._drain()

    def offer_rematch(self) -> list[Effect]:
        if self.state != State.OVER:
            raise RuntimeError("a rematch follows a finished game")
        if self._peer_rematch:
            self._accept_rematch()
        else:
            self._own_rematch = True
            self._send("rematch offer")
        return self._drain()

    def answer_rematch(self, accept: bool) -> list[Effect]:
        """Answer the peer's rematch offer (nothing, if the peer has gone meanwhile)."""
        if not self._peer_rematch or self.state != State.OVER or self._conn is None:
            return self._drain()
        if accept:
            self._accept_rematch()
        else:
            self._peer_rematch = False
            self._send("rematch decline")
        return self._drain()

    def leave(self, reason: str = "") -> list[Effect]:
        """Leave the match for good (`bye`)."""
        conn = self._drop_conn()
        self._finish(reason)
        if conn is not None:
            self._out += [Close(conn, reason or "left", bye=True), Release(conn, REFUSED_FREED_S)]
        return self._drain()

    def close(self) -> list[Effect]:
        """Stop everything without telling the peer (the program is ending)."""
        conn = self._drop_conn()
        self._finish("closed")
        if conn is not None:
            self._out += [Close(conn, "closed", bye=False), Release(conn, REFUSED_FREED_S)]
        return self._drain()

    def answer_join(self, accept: bool, now: float) -> list[Effect]:
        """The host's player's answer to `JoinRequested` (nothing if that joiner has gone
        meanwhile): the seat, or `error declined`."""
        candidate, self._asking = self._asking, None
        if candidate is None or not self.places.holds(candidate):
            return self._drain()
        if self.state != State.LISTENING:
            return self._drain()
        assert candidate.info is not None
        if not accept:
            text = f"{self.local.name} declined to play with {candidate.info.name}"
            self._out.append(Problem(f"{candidate.label}: {text}"))
            self._refuse_candidate(candidate, protocol.DECLINED, text, now)
            return self._drain()
        try:
            self._joined(candidate, candidate.info, None, now)
        except ProtocolError as exc:
            self._refuse_candidate(candidate, exc.code, exc.text, now)
        return self._drain()

    # -- the host: accepting connections -------------------------------------------------------

    def accepted(self, conn: int, address: str, now: float, label: str = "") -> list[Effect]:
        """The host accepted connection `conn` from `address` (as `address_key` counts it;
        `label`: ADDRESS:PORT, for a log):
        into a handshake place, or to wait for one. A stranger who says nothing, or too little,
        cannot keep a player out: it has `first_line_s` to say its first line; a newcomer who
        finds the waiting places full takes the place of the one waiting longest (a silent one
        first); one who speaks takes the handshake place of the oldest silent one; and the
        seat's player, rejoining, is let in from a waiting place even when every handshake
        place is held."""
        places = self.places
        admitted = places.blocking(address, admitted=True) is None
        if not admitted:
            blocking = places.blocking(address, admitted=False)
            if blocking is not None:
                # One who spoke and still waits said no `join` or `rejoin` with its first
                # lines, as a player does: it is as stuck as a silent one.
                self._give_way(next((c for c in blocking if c.silent), blocking[0]), now)
        candidate = places.add(conn, address, admitted, label)
        self._heard[conn] = now
        self._out += [
            SetDeadline(conn, self.limits.handshake_s, "the handshake took too long"),
            ExpectFirstLine(
                conn,
                self.limits.first_line_s,
                f"nothing was said within {self.limits.first_line_s:g} s of connecting",
            ),
        ]
        if admitted:
            self._greet(candidate)
        return self._drain()

    def _greet(self, candidate: Candidate, place: bool = True) -> None:
        """Send the host's first lines (once); `place`: the candidate has a handshake place."""
        if place:
            candidate.admitted = True
        if candidate.greeted:
            return
        candidate.greeted = True
        self._out.append(Send(candidate.conn, protocol.version_line()))
        self._out += [Send(candidate.conn, line) for line in protocol.id_lines(self.local)]

    def _give_way(self, candidate: Candidate, now: float) -> None:
        """A candidate gives its place to one who needs it (which takes it: the place is not
        offered to anyone else meanwhile)."""
        self.places.remove(candidate)
        if candidate is self._asking:
            self._asking = None
        candidate.admitted = False
        who = "a silent one" if candidate.silent else "the one waiting longest"
        text = f"too many connections are joining at once; {who} gives way"
        self._out.append(Refuse(candidate.conn, protocol.BUSY, text))
        self._linger(candidate.conn, now)

    def _linger(self, conn: int, now: float) -> None:
        """Free a refused connection once its `error` line has left; in a flood at once."""
        self._heard.pop(conn, None)
        self._out.append(Release(conn, self.places.linger(now, REFUSED_FREED_S)))

    def _refuse_candidate(self, candidate: Candidate, code: str, text: str, now: float) -> None:
        self._candidate_gone(candidate, now, Refuse(candidate.conn, code, text))

    def _candidate_gone(self, candidate: Candidate, now: float, effect: Effect | None) -> None:
        """A candidate's connection ends (`effect` closes it, None: it closed): its place, if
        it had one, goes to the one waiting longest."""
        self.places.remove(candidate)
        if candidate is self._asking:
            self._asking = None  # gone before the answer: the answer does nothing
        if effect is not None:
            self._out.append(effect)
        self._linger(candidate.conn, now)
        if candidate.admitted:
            self._promote()

    def _promote(self) -> None:
        """A handshake place is free: the oldest waiting candidate that has spoken takes it."""
        if not self._listening:
            return  # the game is closed
        waiting = self.places.first_waiting_that_spoke()
        if waiting is not None and self.places.blocking(waiting.address, admitted=True) is None:
            self._greet(waiting)

    def _admit(self, candidate: Candidate, now: float) -> bool:
        """A waiting candidate that spoke takes a handshake place: a free one, or the oldest
        silent candidate's; False when every place is held by one who spoke."""
        if candidate.admitted:
            return True
        blocking = self.places.blocking(candidate.address, admitted=True)
        if blocking is not None:
            victim = next((c for c in blocking if c.silent), None)
            if victim is None:
                return False
            self._give_way(victim, now)
        self._greet(candidate)
        return True

    def _candidate_line(self, candidate: Candidate, line: str, now: float) -> None:
        """A line from someone who has not joined yet: the version, `id` lines, then `join`
        or `rejoin`."""
        try:
            message = protocol.parse(line)
            if candidate.info is None:
                protocol.check_version(message)
                candidate.info = PeerInfo()
                self._admit(candidate, now)  # or it waits on, and may still rejoin its seat
                return
            if candidate.challenge is not None and message.word != "proof":
                raise ProtocolError(protocol.STATE, f"'{message.word}' instead of 'proof'")
            if candidate is self._asking and message.word not in ("bye", "error"):
                raise ProtocolError(protocol.STATE, f"'{message.word}' while the host is asked")
            if message.word == "id":
                candidate.info = protocol.read_id(message, candidate.info)
            elif message.word == "join":
                protocol.expect_args(message, 0, "join")
                info = checked_peer(candidate.info)
                if not self._admit(candidate, now):
                    raise ProtocolError(protocol.BUSY, "too many connections are joining at once")
                if self.ask_to_join:
                    self._ask(candidate, info)
                else:
                    self._joined(candidate, info, None, now)
            elif message.word == "rejoin":
                self._challenge(candidate, message, now)
            elif message.word == "proof":
                self._check_proof(candidate, message, now)
            elif message.word in ("bye", "error"):
                self._candidate_gone(
                    candidate, now, Close(candidate.conn, "left before joining", bye=False)
                )
            else:
                raise ProtocolError(protocol.STATE, f"'{message.word}' before joining")
        except ProtocolError as exc:
            self._out.append(Problem(f"{candidate.label}: {exc.text}"))
            if self.places.holds(candidate):
                self._refuse_candidate(candidate, exc.code, exc.text, now)

    def _ask(self, candidate: Candidate, info: PeerInfo) -> None:
        """Put a `join` to the host's player: the joiner is told to `wait` (both sides ping;
        no deadline while a person decides); one question at a time (another joiner meanwhile
        is told `busy`, and tries again)."""
        if self.state != State.LISTENING:
            raise ProtocolError(protocol.BUSY, "this game already has two players")
        if self._asking is not None:
            raise ProtocolError(protocol.BUSY, "the host is answering another player")
        candidate.info = info
        self._asking = candidate
        conn = candidate.conn
        self._out += [SetDeadline(conn, None), Keepalive(conn), Send(conn, "wait")]
        self._out.append(JoinRequested(info.name))

    def _challenge(self, candidate: Candidate, message: Message, now: float) -> None:
        """`rejoin K`: the joiner must prove it has the seat's token without sending it. It is
        greeted (from a waiting place too: the seat's player is let in even when every
        handshake place is taken) and gets a fresh nonce, good for one `proof`."""
        (count,) = protocol.expect_args(message, 1, "rejoin K")
        first = protocol.number(count, "a stroke count", protocol.MAX_STROKES)
        assert candidate.info is not None  # its version came
        info = checked_peer(candidate.info)
        if self.state == State.CLOSED:
            raise ProtocolError(protocol.STATE, "the game is closed")
        if self.state == State.LISTENING:
            raise ProtocolError(protocol.TOKEN, "nobody has joined this game yet")
        if not self._admit(candidate, now):
            self._greet(candidate, place=False)
        nonce = protocol.new_nonce()
        candidate.challenge = (nonce, first, info)
        self._out.append(Send(candidate.conn, f"challenge {nonce}"))

    def _check_proof(self, candidate: Candidate, message: Message, now: float) -> None:
        """`proof HMAC`: the answer to this connection's challenge (one answer only)."""
        proof = protocol.parse_proof_line(message)
        challenge, candidate.challenge = candidate.challenge, None
        if challenge is None:
            raise ProtocolError(protocol.STATE, "'proof' without a challenge")
        nonce, first, info = challenge
        expected = protocol.rejoin_proof(self.token, nonce, self.local.name, info.name, first)
        if not hmac.compare_digest(proof.encode(), expected.encode()):
            raise ProtocolError(protocol.TOKEN, "the proof does not match this game's token")
        self._joined(candidate, info, first, now)

    def _joined(self, candidate: Candidate, info: PeerInfo, rejoin: int | None, now: float) -> None:
        """`rejoin`: None for a `join`; for a rejoin whose proof was right, the number of
        strokes the joiner has."""
        assert self.game is not None and self.setup is not None
        conn = candidate.conn
        if rejoin is None:
            if self.state != State.LISTENING:
                raise ProtocolError(protocol.BUSY, "this game already has two players")
            first = 0
        else:
            first = rejoin
            if first > len(self.game.moves):
                raise ProtocolError(
                    protocol.INDEX,
                    f"the game has {len(self.game.moves)} strokes, not {first}",
                )
            if self.state == State.CLOSED:
                raise ProtocolError(protocol.STATE, "the game is closed")
            playing = self._conn
            heard = self._heard.get(playing) if playing is not None else None
            if heard is not None and now - heard <= 2 * self.limits.ping_interval_s:
                # Its player is here (heard a moment ago, as every ping interval): whoever
                # else has the token does not take the seat. A player whose connection died
                # is silent, and comes back in once that is noticed.
                raise ProtocolError(protocol.BUSY, "the player of this seat is still connected")
        self.places.remove(candidate)
        self._greet(candidate, place=False)  # a rejoin was greeted to be challenged
        self._promote()  # its place is free
        old = self._drop_conn()
        if old is not None:  # its loss was not noticed yet (a killed joiner's socket)
            self._out += [
                Close(old, "replaced by a rejoin", bye=False),
                Release(old, REFUSED_FREED_S),
            ]
        self._timers.grace = None
        self.peer = info
        self._conn = conn
        self._labels = {conn: candidate.label}
        self._host_state_changed()
        # The token travels once: after a `join`; a rejoin proved it has it.
        for line in protocol.setup_lines(self.setup, self.token if rejoin is None else ""):
            self._out.append(Send(conn, line))
        self._out.append(Send(conn, protocol.start_line(first, self.game.strokes[first:])))
        if self._resigned == self.local_seat:  # given up while the joiner was away
            self._out.append(Send(conn, "resign"))
        self._out.append(GameLines(conn))
        self._peer_done_handshake = True
        self._set_state(State.OVER if self._resigned is not None else State.PLAYING)
        # The joiner has every stroke once it has read the start line (the stream is ordered).
        self._set_confirmed(len(self.game.moves))
        self._out.append(Started() if rejoin is None else Resumed(first))
        self._check_over()

    # -- the joiner: connecting --------------------------------------------------------------

    def _connect(self, now: float) -> None:
        conn = self._next_id
        self._next_id -= 1
        self._conn = conn
        self._conn_is_retry = False
        self._heard[conn] = now
        self._peer_done_handshake = False
        self._joining = _Joining(rejoining=bool(self.token))
        self._out += [
            Connect(conn),
            SetDeadline(conn, self.limits.handshake_s, "the host did not set up the game in time"),
        ]

    def opened(self, conn: int, now: float, label: str = "") -> list[Effect]:
        """The joiner's connection is through (`label`: the host's ADDRESS:PORT, for a log):
        say who plays, and `join` or `rejoin`."""
        if conn != self._conn:
            return []
        self._labels = {conn: label}
        self._send(protocol.version_line())
        for line in protocol.id_lines(self.local):
            self._send(line)
        if self.token:  # the token itself is not sent: the host challenges, this side proves
            self._joining.rejoin_count = self.confirmed_count
            self._send(f"rejoin {self._joining.rejoin_count}")
        else:
            self._send("join")
        return self._drain()

    def _setup_line(self, message: Message) -> bool:
        """The host's handshake and set-up lines, on the joiner's side (also for a rematch);
        True when the line was one of them."""
        word = message.word
        joining = self._joining
        if not joining.heard_version:
            protocol.check_version(message)  # the host's first line
            joining.heard_version = True
            joining.incoming = PeerInfo()
            return True
        if word == "id" and joining.incoming is not None:
            joining.incoming = protocol.read_id(message, joining.incoming)
            return True
        if word == "wait":
            protocol.expect_args(message, 0, "wait")
            if joining.incoming is None or joining.rejoining or self.setup is not None:
                raise ProtocolError(protocol.STATE, "'wait' out of place")
            self.peer = checked_peer(joining.incoming)
            assert self._conn is not None
            # A person decides: no deadline, but pings.
            self._out += [SetDeadline(self._conn, None), Keepalive(self._conn), WaitingForHost()]
            return True
        if word == "challenge":
            if not joining.rejoining or joining.proved or joining.incoming is None:
                raise ProtocolError(protocol.STATE, "a challenge that was not asked for")
            nonce = protocol.parse_challenge_line(message)
            host_name = checked_peer(joining.incoming).name
            joining.proved = True
            self._send(
                "proof "
                + protocol.rejoin_proof(
                    self.token, nonce, host_name, self.local.name, joining.rejoin_count
                )
            )
            return True
        if word == "board":
            if joining.incoming is not None:
                self.peer = checked_peer(joining.incoming)
                joining.incoming = None
            joining.board_line = protocol.parse_board_line(message)
            return True
        if word == "newgame":
            if joining.board_line is None:
                raise ProtocolError(protocol.STATE, "'newgame' before 'board'")
            joining.new_setup = protocol.parse_newgame(message, *joining.board_line)
            return True
        if word == "seat":
            if joining.new_setup is None:
                raise ProtocolError(protocol.STATE, "'seat' before 'newgame'")
            seat, token = protocol.parse_seat_line(message)
            self._take_setup(seat, token)
            return True
        if word == "start":
            if self.setup is None or joining.board_line is not None:
                raise ProtocolError(protocol.STATE, "'start' before the game's set-up")
            first, strokes = protocol.parse_start_line(message)
            self._start(first, strokes)
            return True
        return False

    def _take_setup(self, seat: int, token: str) -> None:
        joining = self._joining
        assert joining.new_setup is not None
        board, rules = joining.new_setup
        # The token travels once, on the seat line after a `join`; `seat S -` otherwise.
        if bool(token) == bool(self.token):
            raise ProtocolError(
                protocol.MALFORMED,
                "a seat line carries a token after a 'join' only, and '-' after that",
            )
        resuming = self.game is not None and self.state != State.OVER
        if resuming:
            assert self.game is not None
            same = (
                self.game.board.same_as(board)
                and self.game.rules == rules
                and seat == self.local_seat
            )
            if not same:
                raise ProtocolError(protocol.STATE, "the host's game is not the one rejoined")
        else:
            self.game = Game(board, rules)
            self.local_seat = seat
            self.token = self.token or token
            self.confirmed_count = 0
        self.setup = Setup(board, rules, seat)
        joining.board_line = joining.new_setup = None

    def _start(self, first: int, strokes: list[tuple[int, int]]) -> None:
        game = self.game
        assert game is not None
        if first > len(game.moves):
            raise ProtocolError(
                protocol.INDEX, f"this side has {len(game.moves)} strokes, not {first}"
            )
        # A copy first: strokes the rules refuse leave this side's game as it was.
        trial = game.copy()
        while len(trial.moves) > first:
            trial.undo()
        play_all(trial, strokes, first)
        resuming, self._joining.rejoining = self._joining.rejoining, False
        self._busy_tries, self._busy_since = 0, None
        self.game = trial
        self._peer_done_handshake = True
        assert self._conn is not None
        self._out.append(GameLines(self._conn))
        self._resigned = None
        self._own_undo = self._peer_undo = None
        self._own_rematch = self._peer_rematch = False
        self._timers.grace = None
        self._set_state(State.PLAYING)
        self._set_confirmed(len(trial.moves))
        self._out.append(Resumed(first) if resuming else Started())
        self._check_over()

    # -- both sides: the game ------------------------------------------------------------------

    def line(self, conn: int, line: str, now: float) -> list[Effect]:
        """A line came on `conn` (pings are the connection's own business)."""
        if conn in self._heard:
            self._heard[conn] = now
        if conn == self._conn:
            self._line(conn, line, now)
        else:
            candidate = self.places.get(conn)
            if candidate is not None:
                self._candidate_line(candidate, line, now)
        return self._drain()

    def _send(self, line: str) -> None:
        if self._conn is not None:
            self._out.append(Send(self._conn, line))

    def _line(self, conn: int, line: str, now: float) -> None:
        try:
            message = protocol.parse(line)
            if message.word == "error":
                code, text = protocol.parse_error_line(message)
                if code == protocol.BUSY and self._busy_retry(conn, text, now):
                    return
                self.refusal_code = code
                who = self.peer_name or ("the host" if self.role == Role.JOIN else "the joiner")
                self._drop_conn()
                if code == protocol.BUSY and self._busy_tries:
                    self._finish(
                        f"{who} was still busy after {self.limits.busy_retry_s:g} s: {text}"
                    )
                else:
                    self._finish(f"{who} refused: {text} ({code})")
                self._out += [Close(conn, "refused", bye=False), Release(conn, REFUSED_FREED_S)]
                return
            if message.word == "bye":
                self._peer_left(conn)
                return
            if self.role == Role.JOIN and self._setup_line(message):
                return
            if not self._peer_done_handshake:
                raise ProtocolError(protocol.STATE, f"'{message.word}' before the game is set up")
            self._game_line(conn, message)
        except ProtocolError as exc:
            who = self.peer_name or self._labels.get(conn, "the peer")
            self._out.append(Problem(f"refused from {who}: {exc.text}"))
            self._drop_conn()
            self.refused_peer = True
            self._finish(f"{who} sent what the game cannot accept: {exc.text}")
            self._out += [Refuse(conn, exc.code, exc.text), Release(conn, REFUSED_FREED_S)]

    def _game_line(self, conn: int, message: Message) -> None:
        word = message.word
        game = self.game
        assert game is not None
        if word == "stroke":
            self._peer_stroke(conn, message)
        elif word == "ack":
            index = protocol.parse_index_line(message, "ack K")
            if self.confirmed_count <= index < len(game.moves):
                if game.moves[index].player != self.local_seat:
                    raise ProtocolError(protocol.STATE, f"stroke {index} is not this side's")
                self._set_confirmed(index + 1)
                self._out.append(Paced(conn))
            # Any other ack is late news (of a stroke taken back since), not an error; but it
            # counts towards the rate.
        elif word == "undo":
            self._undo_line(message)
        elif word == "resign":
            protocol.expect_args(message, 0, "resign")
            if game.is_over or self._resigned is not None:
                raise ProtocolError(protocol.STATE, "the game is already over")
            self._resigned = self.peer_seat
            self._host_state_changed()
            self._set_state(State.OVER)
            self._out.append(Resigned(self.peer_seat))
        elif word == "chat":
            text = protocol.clean_text(message.rest, protocol.MAX_CHAT_CHARACTERS)
            if text:
                self._out.append(ChatReceived(text))
        elif word == "rematch":
            self._rematch_line(message)
        else:
            raise ProtocolError(protocol.STATE, f"'{word}' is not expected during a game")

    def _peer_stroke(self, conn: int, message: Message) -> None:
        game = self.game
        assert game is not None
        index, (i, j) = protocol.parse_stroke_line(message)
        if self.state != State.PLAYING or game.is_over or self._resigned is not None:
            raise ProtocolError(protocol.STATE, "the game is over")
        if index != len(game.moves):
            raise ProtocolError(
                protocol.INDEX, f"stroke {index} sent, but stroke {len(game.moves)} is next"
            )
        if game.player != self.peer_seat:
            raise ProtocolError(protocol.TURN, f"stroke {index} sent out of turn")
        if self._peer_undo is not None:
            raise ProtocolError(protocol.STATE, "a stroke while its own undo offer is open")
        try:
            reason = game.check(i, j)
        except ValueError as exc:
            raise ProtocolError(protocol.MALFORMED, f"stroke {index}: {exc}") from None
        if reason is not None:
            raise ProtocolError(protocol.ILLEGAL, f"stroke {index} ({i}-{j}) {reason.value}")
        move = game.play(i, j)
        self._out.append(Paced(conn))
        self._host_state_changed()  # saved before the `ack` confirms it
        self._send(f"ack {index}")
        self._set_confirmed(index + 1)
        self._out.append(StrokeReceived(move))
        self._check_over()

    def _check_over(self) -> None:
        game = self.game
        if game is not None and game.is_over and self.state == State.PLAYING:
            self._set_state(State.OVER)
            self._out.append(GameOver())

    def _undo_line(self, message: Message) -> None:
        game = self.game
        assert game is not None
        answer, strokes, keep = protocol.parse_offer(
            message, "undo offer|accept|decline N K", ("offer", "accept", "decline")
        )
        if answer == "offer":
            if self.state != State.PLAYING or strokes != len(game.moves) or self._peer_undo:
                # Crossed a stroke (or the end): it no longer applies. Not an error: a race.
                self._send(f"undo decline {strokes} {keep}")
                return
            self._peer_undo = (strokes, keep)
            self._out.append(UndoOffered(keep))
            return
        if self._own_undo != (strokes, keep):
            if answer == "decline":
                return  # an answer to an offer that lapsed
            raise ProtocolError(protocol.STATE, "an undo accepted that was not offered")
        self._own_undo = None
        if answer == "accept":
            if len(game.moves) != strokes:
                raise ProtocolError(protocol.STATE, "an undo accepted after the game moved on")
            self._undo_to(keep)
            self._taken_back(keep)
        self._out.append(UndoAnswered(answer == "accept", keep))

    def _undo_to(self, keep: int) -> None:
        game = self.game
        assert game is not None
        while len(game.moves) > keep:
            game.undo()
        self._host_state_changed()

    def _taken_back(self, keep: int) -> None:
        self._set_confirmed(min(self.confirmed_count, keep))
        self._out.append(TakenBack(keep))

    def _decline_peer_undo(self) -> None:
        if self._peer_undo is not None:
            strokes, keep = self._peer_undo
            self._peer_undo = None
            self._send(f"undo decline {strokes} {keep}")

    def _rematch_line(self, message: Message) -> None:
        (answer,) = protocol.expect_args(message, 1, "rematch offer|accept|decline")
        if self.state != State.OVER:
            raise ProtocolError(protocol.STATE, "a rematch before the game is over")
        if answer == "offer":
            self._peer_rematch = True
            if self._own_rematch:
                # Both asked, the offers crossing: each reads the other's as its yes, and no
                # `accept` follows (it would cross the next game's set-up).
                self._start_rematch()
            else:
                self._out.append(RematchOffered())
        elif answer == "accept":
            if not self._own_rematch:
                raise ProtocolError(protocol.STATE, "a rematch accepted that was not offered")
            self._start_rematch()
        elif answer == "decline":
            self._own_rematch = False
            self._out.append(RematchDeclined())
        else:
            raise ProtocolError(protocol.MALFORMED, f"'rematch {quote(answer)}'")

    def _accept_rematch(self) -> None:
        self._peer_rematch = False
        self._send("rematch accept")
        self._start_rematch()

    def _start_rematch(self) -> None:
        """The host deals the next game: the same size and rules, the next seed, the other
        player starts. The joiner waits for it (`board` ... `start`)."""
        self._own_rematch = self._peer_rematch = False
        if self.role != Role.HOST:
            if self._conn is not None:  # the next board's lines are long again
                self._out.append(SetupLines(self._conn))
            return
        assert self.setup is not None and self._conn is not None
        board = self.setup.board
        if board.preset is not None:
            seed = (board.seed + 1) if board.seed is not None else random.randrange(2**31)
            board = Board.generate(board.preset, seed, board.tolerance)
        self.setup = Setup(board, self.setup.rules, 1 - self.setup.joiner_seat)
        self.game = Game(board, self.setup.rules)
        self.local_seat = 1 - self.setup.joiner_seat
        self._resigned = None
        self._own_undo = self._peer_undo = None
        self._host_state_changed()
        for line in protocol.setup_lines(self.setup, ""):  # the joiner has its token
            self._send(line)
        self._send(protocol.start_line(0, []))
        self._set_state(State.PLAYING)
        self._set_confirmed(0)
        self._out.append(Started())

    # -- connections ending -------------------------------------------------------------------

    def closed(self, conn: int, closing: Closing, now: float) -> list[Effect]:
        """Connection `conn` ended without this side closing it (one it closed is forgotten)."""
        if conn == self._conn:
            if self._conn_is_retry:
                self._retry_failed(closing, now)
            else:
                self._closed(closing, now)
            return self._drain()
        candidate = self.places.get(conn)
        if candidate is None:
            return self._drain()
        if closing.code == WRONG_CODE:
            self.wrong_codes += 1
            self._out.append(Problem(f"{candidate.address}: {closing.text}"))
            if self.wrong_codes >= MAX_WRONG_CODES and self.state == State.LISTENING:
                self._finish(f"{self.wrong_codes} connections gave a wrong game code")
        if self.places.holds(candidate):
            self._candidate_gone(candidate, now, None)
        return self._drain()

    def _drop_conn(self) -> int | None:
        """Forget the game's connection (its closing is this side's doing); which it was."""
        conn, self._conn = self._conn, None
        if conn is not None:
            self._heard.pop(conn, None)
        return conn

    def _closed(self, closing: Closing, now: float) -> None:
        """The game's connection ended without this side leaving."""
        conn = self._drop_conn()
        if conn is not None:
            self._out.append(Release(conn, REFUSED_FREED_S))
        if self.state == State.CLOSED:
            return
        if self.settled or self.state == State.OVER and self._resigned is not None:
            self._finish("" if self.settled else closing.text)
            return
        if self.role == Role.JOIN and self.setup is None and not self.token:
            delay = self._busy_delay(now) if self._busy_since is not None else None
            if delay is not None and closing.dropped:
                # Told `busy` before, and cut off now: a host shedding a flood ends some
                # connections before their `error` line is read. Still within the tries.
                self._try_again_in(delay, closing.text, now)
                return
            # It never got in: there is nothing to come back to.
            if closing.code == WRONG_CODE:
                self.refusal_code = WRONG_CODE
            self._finish(f"could not join the game at {self.where}: {closing.text}")
            return
        if not closing.dropped or self.game is None:
            self._out.append(Problem(closing.text))
            self._finish(closing.text)
            return
        # The state first: whoever hears of the problem can tell a drop from a refusal.
        self._set_state(State.RECONNECTING)
        self._out.append(Problem(closing.text))
        self._timers.grace = now + self.limits.grace_s
        if self.role == Role.JOIN:
            self._timers.retry = now + self.limits.retry_s

    def _busy_retry(self, conn: int, text: str, now: float) -> bool:
        """The host answered this joiner's `join` or `rejoin` with `busy` (strangers hold its
        places, or the seat's old connection is not known to be dead yet): try again later,
        backing off (retry_s, then twice as long each time up to 8 times retry_s), for
        `busy_retry_s` (a rejoin: for as long as the grace period lasts). False: give up."""
        if self.role != Role.JOIN or self._peer_done_handshake:
            return False
        delay = self._busy_delay(now)
        if delay is None:
            return False
        self._drop_conn()
        self._out += [Close(conn, "the host is busy", bye=False), Release(conn, REFUSED_FREED_S)]
        self._try_again_in(delay, text, now)
        return True

    def _busy_delay(self, now: float) -> float | None:
        """How long to wait before the next try after `busy`; None: time to give up."""
        if self.state not in (State.CONNECTING, State.RECONNECTING):
            return None
        if self._busy_since is None:
            self._busy_since = now
        delay: float = min(self.limits.retry_s * 2**self._busy_tries, 8 * self.limits.retry_s)
        if self.state == State.CONNECTING:  # the grace period bounds a rejoin's tries
            left = self._busy_since + self.limits.busy_retry_s - now
            if left <= 0:
                return None
            delay = min(delay, left)
        return delay

    def _try_again_in(self, delay: float, why: str, now: float) -> None:
        self._busy_tries += 1
        self._out.append(Retrying(delay, why))
        self._timers.busy = now + delay

    def _busy_over(self, now: float) -> None:
        if self._conn is not None:
            return
        if self.state == State.CONNECTING:
            self._connect(now)
        elif self.state == State.RECONNECTING:
            self._retry(now)

    def _retry(self, now: float) -> None:
        if self.state != State.RECONNECTING or self._conn is not None:
            return
        self._connect(now)
        self._conn_is_retry = True

    def _retry_failed(self, closing: Closing, now: float) -> None:
        conn = self._drop_conn()
        if conn is not None:
            self._out.append(Release(conn, REFUSED_FREED_S))
        if self.state == State.PLAYING:  # it got in and was lost again
            self._closed(closing, now)
        elif self.state == State.RECONNECTING and closing.dropped:
            self._timers.retry = now + self.limits.retry_s
        elif self.state != State.CLOSED:
            self._finish(closing.text)

    def _peer_left(self, conn: int) -> None:
        self._drop_conn()
        self._finish("" if self.settled else f"{self.peer_name or 'the peer'} left the game")
        self._out += [Close(conn, "the peer left", bye=False), Release(conn, REFUSED_FREED_S)]

    def _finish(self, reason: str) -> None:
        if self.state == State.CLOSED:
            return
        self.end_reason = reason
        self._timers = _Timers()  # nothing more is due
        if self._listening:
            self._listening = False
            self._out.append(StopListening())
        for candidate in self.places.all():
            self.places.remove(candidate)
            self._out.append(Close(candidate.conn, "the game is closed", bye=False))
            self._heard.pop(candidate.conn, None)
            self._out.append(Release(candidate.conn, REFUSED_FREED_S))
        self._asking = None
        self._set_state(State.CLOSED)
        self._out.append(Ended(reason))

    def _set_state(self, state: State) -> None:
        if state != self.state:
            self.state = state
            self._out.append(StateChanged(state))

    def _set_confirmed(self, count: int) -> None:
        if count != self.confirmed_count:
            self.confirmed_count = count
            self._out.append(Confirmed(count))

    def _host_state_changed(self) -> None:
        if self.role == Role.HOST and self.peer is not None:
            self._out.append(HostStateChanged())

    def _drain(self) -> list[Effect]:
        out, self._out = self._out, []
        return out
