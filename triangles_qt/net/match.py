"""A game between two computers (docs/network-protocol.md): `NetMatch` is the one state machine
that the app's remote seat and the headless player both drive, in the host's role or the
joiner's.

The host owns the authoritative list of strokes; both sides keep a `Game` and check every stroke
with the rules engine before it changes anything. Whatever the peer sends that the protocol or
the rules do not allow is refused with an `error` line, reported (`problem`), and ends the match
with the game unchanged. A connection that is lost (not refused) leaves the host waiting for the
joiner for a grace period ("waiting for NAME to reconnect") while the joiner tries to come back
with the number of strokes both sides confirmed, proving that it has the seat's token without
sending it (the host's `challenge`, the joiner's `proof`); the host answers with the strokes
after that, and the game goes on. A host made with `ask` puts each `join` to its player
(`join_requested`, `answer_join`) before the joiner takes the seat.

A host gives strangers' connections few places and short deadlines ("Handshake places" in the
protocol page): silent ones give way to those who speak, one address holds two places at most,
and the seat's player coming back is always let in. A joiner told `busy` tries again, backing
off, for a bounded time (`retrying` says so).

Signals are emitted on the Qt thread that made the match; nothing here blocks.
"""

from __future__ import annotations

import hmac
import ipaddress
import random
import socket
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import (
    QAbstractSocket,
    QHostAddress,
    QNetworkInterface,
    QTcpServer,
    QTcpSocket,
)

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game, Move
from triangles_qt.core.rules import Rules
from triangles_qt.wire import quote

from . import protocol
from .codes import GameCode
from .connection import Closing, Connection
from .protocol import Limits, Message, PeerInfo, ProtocolError, Setup
from .secure import WRONG_CODE, SecureLines

MAX_CANDIDATES = 8
"""Connections a host lets shake hands at once (each has the handshake's deadline); as many
more may wait for a place, silent ones giving way to newcomers."""
MAX_PER_ADDRESS = 2
"""Of those, from one address (an IPv6 address counts by its /64 network, which one machine
usually has to itself)."""
REFUSED_FREED_MS = 3000
"""A connection that ended is freed this long after (its socket is aborted 2 s after it closed,
so that a refusal's `error` line leaves first)."""
MAX_LINGERING = 64
"""At most this many refused connections wait REFUSED_FREED_MS to be freed at once; beyond, a
refused connection ends at once (a flood would otherwise hold a file descriptor per connection
for 3 s each)."""
ACCEPT_PAUSE_MS = 500
"""How long a host that could not accept a connection (no file descriptors left) waits before
it accepts again."""
MAX_WRONG_CODES = 3
"""A game hosted by code ends after this many connections gave a wrong code (each is one
online guess of the secret words): the player hosts again, with a new code."""


class Role(StrEnum):
    HOST = "host"
    JOIN = "join"


class State(StrEnum):
    """Where the match stands (the score card shows it)."""

    LISTENING = "listening"  # the host waits for someone to join
    CONNECTING = "connecting"  # the joiner connects and is handed the game
    PLAYING = "playing"
    RECONNECTING = "reconnecting"  # the connection was lost: waiting for the joiner to be back
    OVER = "over"  # the game ended (or someone resigned); a rematch may follow
    CLOSED = "closed"  # for good: `ended` told why


class Listen(StrEnum):
    """Where a host accepts connections: this computer only, the local network (one interface's
    address), or every interface."""

    LOOPBACK = "loopback"
    LAN = "lan"
    ALL = "all"


APP_LISTEN = Listen.LAN
"""Where the app offers to listen first: the local network, not the whole internet."""


class NetError(RuntimeError):
    """The match cannot start (no address to listen on, the port is taken); one sentence."""


def is_local_network(address: str) -> bool:
    """Whether `address` belongs to a local network (private, link-local, shared), not to
    the internet at large, where anyone could reach a game listening on it."""
    try:
        return not ipaddress.ip_address(address).is_global
    except ValueError:
        return False


def _interface_addresses() -> Iterator[QHostAddress]:
    """The addresses of this computer's interfaces that are up and are not the loopback."""
    for interface in QNetworkInterface.allInterfaces():
        flags = interface.flags()
        if not flags & QNetworkInterface.InterfaceFlag.IsUp:
            continue
        if flags & QNetworkInterface.InterfaceFlag.IsLoopBack:
            continue
        for entry in interface.addressEntries():
            yield entry.ip()


def lan_address() -> str | None:
    """This computer's address on the local network: the first IPv4 address of an interface
    that is up and is not the loopback (None when there is none). A public address is not
    one: listening there is listening to the internet, which the player must choose (all)."""
    for address in _interface_addresses():
        if address.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
            if is_local_network(address.toString()):
                return address.toString()
    return None


def own_addresses() -> list[str]:
    """This computer's addresses a player elsewhere could reach: those of the interfaces that
    are up, not the loopback, IPv4 first (IPv6 link-local ones, which need an interface named,
    left out)."""
    found = {
        address.toString()
        for address in _interface_addresses()
        if not (address.isLinkLocal() and ":" in address.toString())
    }
    return sorted(found, key=lambda text: (":" in text, text))


def listen_address(where: Listen, address: str | None = None) -> QHostAddress:
    """The address a host binds for `where`; for the local network, `address` (one of this
    computer's) or `lan_address()`. NetError when there is none."""
    if where == Listen.LOOPBACK:
        return QHostAddress(QHostAddress.SpecialAddress.LocalHost)
    if where == Listen.ALL:
        return QHostAddress(QHostAddress.SpecialAddress.Any)
    chosen = address or lan_address()
    if chosen is None:
        raise NetError("this computer has no address on a local network")
    return QHostAddress(chosen)


def address_key(address: QHostAddress) -> str:
    """What the per-address limit counts a peer by: its IPv4 address (also when it comes as an
    IPv4-mapped IPv6 address), or the /64 network of its IPv6 address (one machine's, usually)."""
    text = address.toString().split("%")[0]  # without an IPv6 scope
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return text
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 4:
        return str(ip)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


@dataclass(eq=False)
class Candidate:
    """A connection to a host that has not joined yet. `admitted`: it has one of the handshake
    places, and the host has greeted it; otherwise it waits for one (not greeted yet)."""

    connection: Connection
    address: str
    admitted: bool
    info: PeerInfo | None = None  # its version came: what its `id` lines said so far
    greeted: bool = False  # the host's first lines went out (a rejoin is greeted to be
    # challenged, with a place or not)
    # A rejoin asked for: the challenge sent, the strokes the joiner has, who it said it was.
    challenge: tuple[str, int, PeerInfo] | None = None

    @property
    def silent(self) -> bool:
        """It has not said its first line (the version)."""
        return self.info is None


class NetMatch(QObject):
    """One side of a game over the network. Make it with `NetMatch.host` or `NetMatch.join`."""

    state_changed = Signal(object)  # State
    started = Signal()  # a game is set up (the first one, or a rematch): `game` is new
    resumed = Signal(int)  # the joiner came back; the strokes from this index on were resent
    stroke_received = Signal(object)  # Move: the peer's stroke, checked and played on `game`
    confirmed = Signal(int)  # both sides now have this many strokes
    game_over = Signal()
    problem = Signal(str)  # something was refused or lost, in English, for a log or a notice
    chat_received = Signal(str)
    undo_offered = Signal(int)  # the peer asks to take back to this many strokes
    undo_answered = Signal(bool, int)  # the peer's answer to this side's offer
    taken_back = Signal(int)  # both agreed: `game` now has this many strokes
    resigned = Signal(int)  # the seat that gave up
    rematch_offered = Signal()
    rematch_declined = Signal()  # the peer would rather not play again
    ended = Signal(str)  # closed for good; "" when both sides finished normally
    retrying = Signal(float, str)  # the joiner was told `busy`: tries again in this many s; why
    # The host that asks (`ask_to_join`): this player wants the seat; `answer_join` says.
    join_requested = Signal(str)
    waiting_for_host = Signal()  # the joiner: the host's player is asked to let it in (`wait`)

    def __init__(self, role: Role, local: PeerInfo, limits: Limits, parent: QObject | None) -> None:
        super().__init__(parent)
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
        # A game joined by code (codes.py): every connection is sealed with it (secure.py).
        self.invite: GameCode | None = None
        self.wrong_codes = 0  # the host: connections that gave another code
        self._connection: Connection | None = None
        self._server: QTcpServer | None = None
        # The host: connections that have not joined yet, oldest first, and their limits.
        self._candidates: dict[Connection, Candidate] = {}
        self.max_candidates = MAX_CANDIDATES
        self.max_per_address = MAX_PER_ADDRESS
        self._refused_at: deque[float] = deque()  # when refused connections began to linger
        self.ask_to_join = False  # a `join` is put to the host's player (`join_requested`)
        self._asking: Candidate | None = None  # the joiner whose question is open
        # The joiner: `busy` answers so far (the backoff) and since when.
        self._busy_tries = 0
        self._busy_since: float | None = None
        self._peer_done_handshake = False
        self._own_undo: tuple[int, int] | None = None  # (strokes, kept) offered by this side
        self._peer_undo: tuple[int, int] | None = None
        self._own_rematch = False
        self._peer_rematch = False
        self._resigned: int | None = None
        self._grace = QTimer(self)
        self._grace.setSingleShot(True)
        self._grace.timeout.connect(self._grace_over)
        # Timers of its own (children: they go with the match), not QTimer.singleShot.
        self._busy_wait = QTimer(self)  # the joiner, told `busy`, waits before trying again
        self._busy_wait.setSingleShot(True)
        self._busy_wait.timeout.connect(self._busy_over)
        self._accept_pause = QTimer(self)  # the host could not accept: it pauses
        self._accept_pause.setSingleShot(True)
        self._accept_pause.timeout.connect(self._accept_again)
        # The joiner's side of the handshake (what the host has said so far).
        self._target: tuple[str, int] | None = None
        self._incoming: PeerInfo | None = None  # the host's `id` lines so far
        self._rejoining = False
        self._proved = False  # this connection answered the host's challenge
        self._rejoin_count = 0  # the strokes a rejoin said it has
        self._heard_version = False
        self._board_line: tuple[str | None, int | None] | None = None
        self._new_setup: tuple[Board, Rules] | None = None

    # -- making one --------------------------------------------------------------------------

    @classmethod
    def host(
        cls,
        setup: Setup,
        local: PeerInfo,
        listen: Listen,
        port: int = protocol.DEFAULT_PORT,
        address: str | None = None,
        limits: Limits = Limits(),
        parent: QObject | None = None,
        ask: bool = False,
    ) -> NetMatch:
        """Host the game `setup` describes, listening where `listen` says (no default: where
        to accept strangers' connections is the player's choice) on `port` (0: a port the
        system chooses; see `address()`). NetError when it cannot listen. `ask`: a joiner
        takes the seat only once the host's player accepts it (`join_requested`,
        `answer_join`); a rejoin that proves the seat's token is not asked again."""
        match = cls(Role.HOST, local, limits, parent)
        match.ask_to_join = ask
        match.setup = setup
        match.game = Game(setup.board, setup.rules)
        match.local_seat = 1 - setup.joiner_seat
        match.token = protocol.new_token()
        server = QTcpServer(match)
        if not server.listen(listen_address(listen, address), port):
            raise NetError(f"cannot listen on port {port}: {server.errorString()}")
        server.setMaxPendingConnections(4)
        server.newConnection.connect(match._accept)
        server.acceptError.connect(match._accept_failed)
        match._server = server
        match.state = State.LISTENING
        return match

    @classmethod
    def join(
        cls,
        host: str,
        port: int,
        local: PeerInfo,
        resume: tuple[str, Game, int] | None = None,
        limits: Limits = Limits(),
        parent: QObject | None = None,
        invite: GameCode | None = None,
    ) -> NetMatch:
        """Join the game hosted at `host`:`port`. `resume` is (token, the confirmed game, this
        side's seat) from an earlier connection to the same game: the match rejoins it.
        `invite`: the game's code; `host`:`port` is then its address, or the relay's."""
        match = cls(Role.JOIN, local, limits, parent)
        match._target = (host, port)
        match.invite = invite
        if resume is not None:
            match.token, match.game, match.local_seat = resume
            match.confirmed_count = len(match.game.moves)
        match._connect()
        return match

    def address(self) -> tuple[str, int]:
        """Where the host listens (the port the system chose for port 0)."""
        assert self._server is not None
        return self._server.serverAddress().toString(), self._server.serverPort()

    def serve_through(self, server: QTcpServer) -> None:
        """The host takes its connections from `server` instead (reach.RelayServer: a relay's
        paired connections), and stops listening where it did."""
        if self._server is not None:
            self._server.close()
            self._server.deleteLater()
        server.setParent(self)
        server.newConnection.connect(self._accept)
        self._server = server

    @property
    def target(self) -> tuple[str, int]:
        """Where the joiner joins (host, port)."""
        assert self._target is not None
        return self._target

    def listening_on(self) -> str:
        """Where the host listens, as the system bound it: `ADDRESS:PORT` (`[ADDRESS]:PORT` for
        IPv6) for one address; for every address, "all addresses (IPv4 and IPv6), port N" when
        the socket takes both (Qt's "any" address is dual-stack where the system allows it, and
        reads 0.0.0.0 either way), or "all IPv4 addresses, port N"."""
        assert self._server is not None
        address, port = self.address()
        if (
            self._server.serverAddress().protocol()
            != QAbstractSocket.NetworkLayerProtocol.AnyIPProtocol
        ):
            return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
        stacks = "IPv4 and IPv6"
        try:
            probe = socket.socket(fileno=int(self._server.socketDescriptor()))
        except OSError:
            probe = None
        if probe is not None:
            try:
                if probe.family == socket.AF_INET:
                    stacks = "IPv4"
                elif probe.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY):
                    stacks = "IPv6"
            except OSError:
                pass
            finally:
                probe.detach()  # the descriptor is Qt's: not closed here
        if stacks == "IPv4 and IPv6":
            return f"all addresses (IPv4 and IPv6), port {port}"
        return f"all {stacks} addresses, port {port}"

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

    # -- this side's actions -------------------------------------------------------------------

    def play(self, stroke: tuple[int, int]) -> Move:
        """Play this side's stroke and send it. Raises IllegalStroke/GameOver from the rules
        engine, or RuntimeError when it is not this side's turn (see `local_to_move`)."""
        if not self.local_to_move:
            raise RuntimeError("it is not this side's turn")
        assert self.game is not None
        index = len(self.game.moves)
        move = self.game.play(*stroke)
        self._decline_peer_undo()
        self._send(protocol.stroke_line(index, move.stroke))
        self._after_stroke()
        return move

    def offer_undo(self, keep: int) -> None:
        """Ask the peer to take the game back to `keep` strokes."""
        game = self.game
        if self.state != State.PLAYING or game is None or not 0 <= keep < len(game.moves):
            raise RuntimeError("there is nothing to take back now")
        if self._own_undo is not None:
            raise RuntimeError("an undo is already offered")
        self._own_undo = (len(game.moves), keep)
        self._send(f"undo offer {len(game.moves)} {keep}")

    def answer_undo(self, accept: bool) -> None:
        """Answer the peer's undo offer (nothing, if the peer has gone meanwhile)."""
        offer, self._peer_undo = self._peer_undo, None
        if offer is None or self.state != State.PLAYING:
            return
        strokes, keep = offer
        self._send(f"undo {'accept' if accept else 'decline'} {strokes} {keep}")
        if accept:
            self._take_back(keep)

    def resign(self) -> None:
        if self.game is None or self._resigned is not None or self.game.is_over:
            return
        self._resigned = self.local_seat
        self._send("resign")
        self._set_state(State.OVER)
        self.resigned.emit(self.local_seat)

    def send_chat(self, text: str) -> str:
        """Send a chat line (cleaned and cut as the protocol says); returns what was sent."""
        line = protocol.clean_text(text, protocol.MAX_CHAT_CHARACTERS)
        if line:
            self._send(f"chat {line}")
        return line

    def offer_rematch(self) -> None:
        if self.state != State.OVER:
            raise RuntimeError("a rematch follows a finished game")
        if self._peer_rematch:
            self._accept_rematch()
            return
        self._own_rematch = True
        self._send("rematch offer")

    def answer_rematch(self, accept: bool) -> None:
        """Answer the peer's rematch offer (nothing, if the peer has gone meanwhile)."""
        if not self._peer_rematch or self.state != State.OVER or self._connection is None:
            return
        if accept:
            self._accept_rematch()
        else:
            self._peer_rematch = False
            self._send("rematch decline")

    def leave(self, reason: str = "") -> None:
        """Leave the match for good (`bye`)."""
        connection = self._connection
        self._finish(reason)
        if connection is not None:
            connection.close(reason or "left", bye=True)

    # -- the host: accepting connections -------------------------------------------------------

    def _accept(self) -> None:
        """Take every new connection: into a handshake place, or to wait for one. A stranger
        who says nothing, or too little, cannot keep a player out: it has `first_line_s` to say
        its first line; a newcomer who finds the waiting places full takes the place of the one
        waiting longest (a silent one first); one who speaks takes the handshake place of the
        oldest silent one (`_admit`); and the seat's player, rejoining, is let in from a
        waiting place even when every handshake place is held (`_joined`)."""
        assert self._server is not None
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            connection = Connection(socket, self.limits, self)
            if self.invite is not None:
                connection.secure(SecureLines(self.invite, is_host=True))
            address = address_key(socket.peerAddress())
            admitted = self._blocking(address, admitted=True) is None
            if not admitted:
                blocking = self._blocking(address, admitted=False)
                if blocking is not None:
                    # One who spoke and still waits said no `join` or `rejoin` with its first
                    # lines, as a player does: it is as stuck as a silent one.
                    self._give_way(next((c for c in blocking if c.silent), blocking[0]))
            candidate = Candidate(connection, address, admitted)
            self._candidates[connection] = candidate
            # Bound methods, which PySide holds weakly: a lambda holding `self` on a child's
            # signal could hold the match's last reference, and drop it (deleting the match and
            # its children) while that child is still emitting or being deleted.
            connection.line_received.connect(self._candidate_line)
            connection.closed.connect(self._candidate_closed)
            connection.set_deadline(self.limits.handshake_s, "the handshake took too long")
            connection.expect_first_line(
                self.limits.first_line_s,
                f"nothing was said within {self.limits.first_line_s:g} s of connecting",
            )
            if admitted:
                self._greet(candidate)

    def _accept_failed(self, _error: QAbstractSocket.SocketError) -> None:
        """The system gave no connection (out of file descriptors, in a flood): Qt stops
        accepting; accept again in a moment, once refused connections have been freed."""
        server = self._server
        if server is not None and server.isListening():
            self._accept_pause.start(ACCEPT_PAUSE_MS)

    def _accept_again(self) -> None:
        server = self._server
        if server is not None and server.isListening():
            server.resumeAccepting()

    def _blocking(self, address: str, admitted: bool) -> list[Candidate] | None:
        """The candidates a newcomer from `address` would have to displace one of to have a
        place among the admitted (or the waiting) ones, oldest first; None when there is room."""
        group = [c for c in self._candidates.values() if c.admitted == admitted]
        same = [c for c in group if c.address == address]
        if len(same) >= self.max_per_address:
            return same
        if len(group) >= self.max_candidates:
            return group
        return None

    def _greet(self, candidate: Candidate, place: bool = True) -> None:
        """Send the host's first lines (once); `place`: the candidate has a handshake place."""
        if place:
            candidate.admitted = True
        if candidate.greeted:
            return
        candidate.greeted = True
        connection = candidate.connection
        connection.send(protocol.version_line())
        for line in protocol.id_lines(self.local):
            connection.send(line)

    def _give_way(self, candidate: Candidate) -> None:
        """A candidate gives its place to one who needs it (which takes it: the place is not
        offered to anyone else meanwhile)."""
        self._candidates.pop(candidate.connection, None)
        if candidate is self._asking:
            self._asking = None
        candidate.admitted = False
        who = "a silent one" if candidate.silent else "the one waiting longest"
        candidate.connection.refuse(
            protocol.BUSY, f"too many connections are joining at once; {who} gives way"
        )

    def _linger(self, connection: Connection) -> None:
        """Free a refused connection once its `error` line has left; in a flood (more than
        MAX_LINGERING at once) at once, so that it holds no file descriptor."""
        now = time.monotonic()
        while self._refused_at and now - self._refused_at[0] > REFUSED_FREED_MS / 1000:
            self._refused_at.popleft()
        if len(self._refused_at) < MAX_LINGERING:
            self._refused_at.append(now)
            connection.release(REFUSED_FREED_MS)
        else:
            connection.release(0)

    def _sender_connection(self) -> Connection | None:
        sender = self.sender()
        return sender if isinstance(sender, Connection) else None

    def _candidate_closed(self, closing: Closing) -> None:
        connection = self._sender_connection()
        if connection is None:
            return
        candidate = self._candidates.pop(connection, None)
        if closing.code == WRONG_CODE and candidate is not None:
            self.wrong_codes += 1
            self.problem.emit(f"{candidate.address}: {closing.text}")
            if self.wrong_codes >= MAX_WRONG_CODES and self.state == State.LISTENING:
                self._finish(f"{self.wrong_codes} connections gave a wrong game code")
        if candidate is not None and candidate is self._asking:
            self._asking = None  # gone before the answer: the answer does nothing
        self._linger(connection)
        if candidate is not None and candidate.admitted:
            self._promote()

    def _promote(self) -> None:
        """A handshake place is free: the oldest waiting candidate that has spoken takes it."""
        if self._server is None or not self._server.isListening():
            return  # the game is closed
        waiting = next(
            (c for c in self._candidates.values() if not c.admitted and not c.silent), None
        )
        if waiting is not None and self._blocking(waiting.address, admitted=True) is None:
            self._greet(waiting)

    def _admit(self, candidate: Candidate) -> bool:
        """A waiting candidate that spoke takes a handshake place: a free one, or the oldest
        silent candidate's; False when every place is held by one who spoke."""
        if candidate.admitted:
            return True
        blocking = self._blocking(candidate.address, admitted=True)
        if blocking is not None:
            victim = next((c for c in blocking if c.silent), None)
            if victim is None:
                return False
            self._give_way(victim)
        self._greet(candidate)
        return True

    def _candidate_line(self, line: str) -> None:
        """A line from someone who has not joined yet: the version, `id` lines, then `join`
        or `rejoin`."""
        connection = self._sender_connection()
        candidate = self._candidates.get(connection) if connection is not None else None
        if connection is None or candidate is None:
            return  # it gave way meanwhile
        try:
            message = protocol.parse(line)
            if candidate.info is None:
                protocol.check_version(message)
                candidate.info = PeerInfo()
                self._admit(candidate)  # or it waits on, and may still rejoin its seat
                return
            if candidate.challenge is not None and message.word != "proof":
                raise ProtocolError(protocol.STATE, f"'{message.word}' instead of 'proof'")
            if candidate is self._asking and message.word not in ("bye", "error"):
                raise ProtocolError(protocol.STATE, f"'{message.word}' while the host is asked")
            if message.word == "id":
                candidate.info = protocol.read_id(message, candidate.info)
            elif message.word == "join":
                protocol.expect_args(message, 0, "join")
                info = self._checked_peer(candidate.info)
                if not self._admit(candidate):
                    raise ProtocolError(protocol.BUSY, "too many connections are joining at once")
                if self.ask_to_join:
                    self._ask(candidate, info)
                else:
                    self._joined(candidate, info, None)
            elif message.word == "rejoin":
                self._challenge(candidate, message)
            elif message.word == "proof":
                self._check_proof(candidate, message)
            elif message.word in ("bye", "error"):
                connection.close("left before joining", bye=False)
            else:
                raise ProtocolError(protocol.STATE, f"'{message.word}' before joining")
        except ProtocolError as exc:
            self.problem.emit(f"{connection.peer_address}: {exc.text}")
            connection.refuse(exc.code, exc.text)

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
        connection = candidate.connection
        connection.clear_deadline()
        connection.keepalive = True
        connection.send("wait")
        self.join_requested.emit(info.name)

    def answer_join(self, accept: bool) -> None:
        """The host's player's answer to `join_requested` (nothing if that joiner has gone
        meanwhile): the seat, or `error declined`."""
        candidate, self._asking = self._asking, None
        if candidate is None or candidate.connection not in self._candidates:
            return
        connection = candidate.connection
        if not connection.is_open or self.state != State.LISTENING:
            return
        assert candidate.info is not None
        if not accept:
            text = f"{self.local.name} declined to play with {candidate.info.name}"
            self.problem.emit(f"{connection.peer_address}: {text}")
            connection.refuse(protocol.DECLINED, text)
            return
        try:
            self._joined(candidate, candidate.info, None)
        except ProtocolError as exc:
            connection.refuse(exc.code, exc.text)

    def _challenge(self, candidate: Candidate, message: Message) -> None:
        """`rejoin K`: the joiner must prove it has the seat's token without sending it. It is
        greeted (from a waiting place too: the seat's player is let in even when every
        handshake place is taken) and gets a fresh nonce, good for one `proof`."""
        (count,) = protocol.expect_args(message, 1, "rejoin K")
        first = protocol.number(count, "a stroke count", protocol.MAX_STROKES)
        assert candidate.info is not None  # its version came
        info = self._checked_peer(candidate.info)
        if self.state == State.CLOSED:
            raise ProtocolError(protocol.STATE, "the game is closed")
        if self.state == State.LISTENING:
            raise ProtocolError(protocol.TOKEN, "nobody has joined this game yet")
        if not self._admit(candidate):
            self._greet(candidate, place=False)
        nonce = protocol.new_nonce()
        candidate.challenge = (nonce, first, info)
        candidate.connection.send(f"challenge {nonce}")

    def _check_proof(self, candidate: Candidate, message: Message) -> None:
        """`proof HMAC`: the answer to this connection's challenge (one answer only)."""
        proof = protocol.parse_proof_line(message)
        challenge, candidate.challenge = candidate.challenge, None
        if challenge is None:
            raise ProtocolError(protocol.STATE, "'proof' without a challenge")
        nonce, first, info = challenge
        expected = protocol.rejoin_proof(self.token, nonce, self.local.name, info.name, first)
        if not hmac.compare_digest(proof.encode(), expected.encode()):
            raise ProtocolError(protocol.TOKEN, "the proof does not match this game's token")
        self._joined(candidate, info, first)

    @staticmethod
    def _checked_peer(info: PeerInfo) -> PeerInfo:
        if not info.name:
            raise ProtocolError(protocol.MALFORMED, "'id name NAME' must come before joining")
        return info

    def _joined(self, candidate: Candidate, info: PeerInfo, rejoin: int | None) -> None:
        """`rejoin`: None for a `join`; for a rejoin whose proof was right, the number of
        strokes the joiner has."""
        assert self.game is not None and self.setup is not None
        connection = candidate.connection
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
            playing = self._connection
            if playing is not None and playing.heard_within(2 * self.limits.ping_interval_s):
                # Its player is here (heard a moment ago, as every ping interval): whoever
                # else has the token does not take the seat. A player whose connection died
                # is silent, and comes back in once that is noticed.
                raise ProtocolError(protocol.BUSY, "the player of this seat is still connected")
        self._candidates.pop(connection, None)
        connection.line_received.disconnect(self._candidate_line)
        connection.closed.disconnect(self._candidate_closed)
        self._greet(candidate, place=False)  # a rejoin was greeted to be challenged
        self._promote()  # its place is free
        old = self._connection
        if old is not None:  # its loss was not noticed yet (a killed joiner's socket)
            old.closed.disconnect()
            old.close("replaced by a rejoin", bye=False)
            old.release(REFUSED_FREED_MS)
        self._grace.stop()
        self.peer = info
        self._adopt(connection)
        # The token travels once: after a `join`; a rejoin proved it has it.
        for line in protocol.setup_lines(self.setup, self.token if rejoin is None else ""):
            connection.send(line)
        connection.send(protocol.start_line(first, self.game.strokes[first:]))
        if self._resigned == self.local_seat:  # given up while the joiner was away
            connection.send("resign")
        self._enter_game()
        # The joiner has every stroke once it has read the start line (the stream is ordered).
        self._set_confirmed(len(self.game.moves))
        if rejoin is None:
            self.started.emit()
        else:
            self.resumed.emit(first)
        self._check_over()

    # -- the joiner: connecting --------------------------------------------------------------

    def _connect(self) -> None:
        assert self._target is not None
        socket = QTcpSocket()
        connection = Connection(socket, self.limits, self)
        if self.invite is not None:
            connection.secure(SecureLines(self.invite, is_host=False))
        connection.set_deadline(self.limits.handshake_s, "the host did not set up the game in time")
        self._adopt(connection)
        self._peer_done_handshake = False
        self._rejoining = bool(self.token)
        self._proved = False
        self._heard_version = False
        self._incoming = None
        self._board_line = self._new_setup = None
        socket.connected.connect(self._hello)
        socket.connectToHost(*self._target)

    def _hello(self) -> None:
        connection = self._connection
        assert connection is not None
        connection.send(protocol.version_line())
        for line in protocol.id_lines(self.local):
            connection.send(line)
        if self.token:  # the token itself is not sent: the host challenges, this side proves
            self._rejoin_count = self.confirmed_count
            connection.send(f"rejoin {self._rejoin_count}")
        else:
            connection.send("join")

    def _setup_line(self, message: Message) -> bool:
        """The host's handshake and set-up lines, on the joiner's side (also for a rematch);
        True when the line was one of them."""
        word = message.word
        if not self._heard_version:
            protocol.check_version(message)  # the host's first line
            self._heard_version = True
            self._incoming = PeerInfo()
            return True
        if word == "id" and self._incoming is not None:
            self._incoming = protocol.read_id(message, self._incoming)
            return True
        if word == "wait":
            protocol.expect_args(message, 0, "wait")
            if self._incoming is None or self._rejoining or self.setup is not None:
                raise ProtocolError(protocol.STATE, "'wait' out of place")
            self.peer = self._checked_peer(self._incoming)
            assert self._connection is not None
            self._connection.clear_deadline()  # a person decides: no deadline, but pings
            self._connection.keepalive = True
            self.waiting_for_host.emit()
            return True
        if word == "challenge":
            if not self._rejoining or self._proved or self._incoming is None:
                raise ProtocolError(protocol.STATE, "a challenge that was not asked for")
            nonce = protocol.parse_challenge_line(message)
            host_name = self._checked_peer(self._incoming).name
            self._proved = True
            self._send(
                "proof "
                + protocol.rejoin_proof(
                    self.token, nonce, host_name, self.local.name, self._rejoin_count
                )
            )
            return True
        if word == "board":
            if self._incoming is not None:
                self.peer = self._checked_peer(self._incoming)
                self._incoming = None
            self._board_line = protocol.parse_board_line(message)
            return True
        if word == "newgame":
            if self._board_line is None:
                raise ProtocolError(protocol.STATE, "'newgame' before 'board'")
            self._new_setup = protocol.parse_newgame(message, *self._board_line)
            return True
        if word == "seat":
            if self._new_setup is None:
                raise ProtocolError(protocol.STATE, "'seat' before 'newgame'")
            seat, token = protocol.parse_seat_line(message)
            self._take_setup(seat, token)
            return True
        if word == "start":
            if self.setup is None or self._board_line is not None:
                raise ProtocolError(protocol.STATE, "'start' before the game's set-up")
            first, strokes = protocol.parse_start_line(message)
            self._start(first, strokes)
            return True
        return False

    def _take_setup(self, seat: int, token: str) -> None:
        assert self._new_setup is not None
        board, rules = self._new_setup
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
        self._board_line = self._new_setup = None

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
        self._play_all(trial, strokes, first)
        resuming, self._rejoining = self._rejoining, False
        self._busy_tries, self._busy_since = 0, None
        self.game = trial
        self._peer_done_handshake = True
        assert self._connection is not None
        self._connection.clear_deadline()
        self._connection.max_line_bytes = protocol.MAX_GAME_LINE_BYTES
        self._connection.keepalive = True
        self._resigned = None
        self._own_undo = self._peer_undo = None
        self._own_rematch = self._peer_rematch = False
        self._grace.stop()
        self._set_state(State.PLAYING)
        self._set_confirmed(len(trial.moves))
        if resuming:
            self.resumed.emit(first)
        else:
            self.started.emit()
        self._check_over()

    @staticmethod
    def _play_all(game: Game, strokes: list[tuple[int, int]], first: int) -> None:
        for k, (i, j) in enumerate(strokes, start=first):
            try:
                reason = game.check(i, j)
            except ValueError as exc:
                raise ProtocolError(protocol.MALFORMED, f"stroke {k}: {exc}") from None
            if game.is_over:
                raise ProtocolError(protocol.ILLEGAL, f"stroke {k} comes after the game's end")
            if reason is not None:
                raise ProtocolError(protocol.ILLEGAL, f"stroke {k} ({i}-{j}) {reason.value}")
            game.play(i, j)

    # -- both sides: the game ------------------------------------------------------------------

    def _adopt(self, connection: Connection) -> None:
        self._connection = connection
        connection.line_received.connect(self._line)
        connection.closed.connect(self._closed)

    def _enter_game(self) -> None:
        connection = self._connection
        assert connection is not None
        connection.clear_deadline()
        connection.max_line_bytes = protocol.MAX_GAME_LINE_BYTES
        connection.keepalive = True
        self._peer_done_handshake = True
        self._set_state(State.OVER if self._resigned is not None else State.PLAYING)

    def _send(self, line: str) -> None:
        if self._connection is not None and self._connection.is_open:
            self._connection.send(line)

    def _line(self, line: str) -> None:
        connection = self._connection
        if connection is None:
            return
        try:
            message = protocol.parse(line)
            if message.word == "error":
                code, text = protocol.parse_error_line(message)
                if code == protocol.BUSY and self._busy_retry(connection, text):
                    return
                self.refusal_code = code
                who = self.peer_name or ("the host" if self.role == Role.JOIN else "the joiner")
                if code == protocol.BUSY and self._busy_tries:
                    self._finish(
                        f"{who} was still busy after {self.limits.busy_retry_s:g} s: {text}"
                    )
                else:
                    self._finish(f"{who} refused: {text} ({code})")
                connection.close("refused", bye=False)
                return
            if message.word == "bye":
                self._peer_left()
                return
            if self.role == Role.JOIN and self._setup_line(message):
                return
            if not self._peer_done_handshake:
                raise ProtocolError(protocol.STATE, f"'{message.word}' before the game is set up")
            self._game_line(message)
        except ProtocolError as exc:
            who = self.peer_name or connection.peer_address
            self.problem.emit(f"refused from {who}: {exc.text}")
            self._finish(f"{who} sent what the game cannot accept: {exc.text}")
            connection.refuse(exc.code, exc.text)

    def _game_line(self, message: Message) -> None:
        word = message.word
        game = self.game
        assert game is not None
        if word == "stroke":
            self._peer_stroke(message)
        elif word == "ack":
            index = protocol.parse_index_line(message, "ack K")
            if self.confirmed_count <= index < len(game.moves):
                if game.moves[index].player != self.local_seat:
                    raise ProtocolError(protocol.STATE, f"stroke {index} is not this side's")
                self._set_confirmed(index + 1)
                self._paced()
            # Any other ack is late news (of a stroke taken back since), not an error; but it
            # counts towards the rate.
        elif word == "undo":
            self._undo_line(message)
        elif word == "resign":
            protocol.expect_args(message, 0, "resign")
            if game.is_over or self._resigned is not None:
                raise ProtocolError(protocol.STATE, "the game is already over")
            self._resigned = self.peer_seat
            self._set_state(State.OVER)
            self.resigned.emit(self.peer_seat)
        elif word == "chat":
            text = protocol.clean_text(message.rest, protocol.MAX_CHAT_CHARACTERS)
            if text:
                self.chat_received.emit(text)
        elif word == "rematch":
            self._rematch_line(message)
        else:
            raise ProtocolError(protocol.STATE, f"'{word}' is not expected during a game")

    def _peer_stroke(self, message: Message) -> None:
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
        self._paced()
        self._send(f"ack {index}")
        self._set_confirmed(index + 1)
        self.stroke_received.emit(move)
        self._after_stroke()

    def _paced(self) -> None:
        if self._connection is not None:
            self._connection.paced_line()

    def _after_stroke(self) -> None:
        self._check_over()

    def _check_over(self) -> None:
        game = self.game
        if game is not None and game.is_over and self.state == State.PLAYING:
            self._set_state(State.OVER)
            self.game_over.emit()

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
            self.undo_offered.emit(keep)
            return
        if self._own_undo != (strokes, keep):
            if answer == "decline":
                return  # an answer to an offer that lapsed
            raise ProtocolError(protocol.STATE, "an undo accepted that was not offered")
        self._own_undo = None
        if answer == "accept":
            if len(game.moves) != strokes:
                raise ProtocolError(protocol.STATE, "an undo accepted after the game moved on")
            self._take_back(keep)
        self.undo_answered.emit(answer == "accept", keep)

    def _take_back(self, keep: int) -> None:
        game = self.game
        assert game is not None
        while len(game.moves) > keep:
            game.undo()
        self._set_confirmed(min(self.confirmed_count, keep))
        self.taken_back.emit(keep)

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
            if self._own_rematch:  # both asked: that is a yes
                self._accept_rematch()
            else:
                self.rematch_offered.emit()
        elif answer == "accept":
            if not self._own_rematch:
                raise ProtocolError(protocol.STATE, "a rematch accepted that was not offered")
            self._start_rematch()
        elif answer == "decline":
            self._own_rematch = False
            self.rematch_declined.emit()
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
            if self._connection is not None:  # the next board's lines are long again
                self._connection.max_line_bytes = protocol.MAX_SETUP_LINE_BYTES
            return
        assert self.setup is not None and self._connection is not None
        board = self.setup.board
        if board.preset is not None:
            seed = (board.seed + 1) if board.seed is not None else random.randrange(2**31)
            board = Board.generate(board.preset, seed, board.tolerance)
        self.setup = Setup(board, self.setup.rules, 1 - self.setup.joiner_seat)
        self.game = Game(board, self.setup.rules)
        self.local_seat = 1 - self.setup.joiner_seat
        self._resigned = None
        self._own_undo = self._peer_undo = None
        for line in protocol.setup_lines(self.setup, ""):  # the joiner has its token
            self._send(line)
        self._send(protocol.start_line(0, []))
        self._set_state(State.PLAYING)
        self._set_confirmed(0)
        self.started.emit()

    # -- connections ending -------------------------------------------------------------------

    def _closed(self, closing: Closing) -> None:
        """The game's connection ended without this side leaving."""
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.release(REFUSED_FREED_MS)
        if self.state == State.CLOSED:
            return
        if self.settled or self.state == State.OVER and self._resigned is not None:
            self._finish("" if self.settled else closing.text)
            return
        if self.role == Role.JOIN and self.setup is None and not self.token:
            assert self._target is not None
            host, port = self._target
            delay = self._busy_delay() if self._busy_since is not None else None
            if delay is not None and closing.dropped:
                # Told `busy` before, and cut off now: a host shedding a flood ends some
                # connections before their `error` line is read. Still within the tries.
                self._try_again_in(delay, closing.text)
                return
            # It never got in: there is nothing to come back to.
            if closing.code == WRONG_CODE:
                self.refusal_code = WRONG_CODE
            self._finish(f"could not join the game at {host}:{port}: {closing.text}")
            return
        if not closing.dropped or self.game is None:
            self.problem.emit(closing.text)
            self._finish(closing.text)
            return
        # The state first: whoever hears of the problem can tell a drop from a refusal.
        self._set_state(State.RECONNECTING)
        self.problem.emit(closing.text)
        self._grace.start(round(self.limits.grace_s * 1000))
        if self.role == Role.JOIN:
            QTimer.singleShot(round(self.limits.retry_s * 1000), self, self._retry)

    def _busy_retry(self, connection: Connection, text: str) -> bool:
        """The host answered this joiner's `join` or `rejoin` with `busy` (strangers hold its
        places, or the seat's old connection is not known to be dead yet): try again later,
        backing off (retry_s, then twice as long each time up to 8 times retry_s), for
        `busy_retry_s` (a rejoin: for as long as the grace period lasts). False: give up."""
        if self.role != Role.JOIN or self._peer_done_handshake:
            return False
        delay = self._busy_delay()
        if delay is None:
            return False
        self._connection = None
        connection.line_received.disconnect()
        connection.closed.disconnect()
        connection.close("the host is busy", bye=False)
        connection.release(REFUSED_FREED_MS)
        self._try_again_in(delay, text)
        return True

    def _busy_delay(self) -> float | None:
        """How long to wait before the next try after `busy`; None: time to give up."""
        if self.state not in (State.CONNECTING, State.RECONNECTING):
            return None
        now = time.monotonic()
        if self._busy_since is None:
            self._busy_since = now
        delay: float = min(self.limits.retry_s * 2**self._busy_tries, 8 * self.limits.retry_s)
        if self.state == State.CONNECTING:  # the grace period bounds a rejoin's tries
            left = self._busy_since + self.limits.busy_retry_s - now
            if left <= 0:
                return None
            delay = min(delay, left)
        return delay

    def _try_again_in(self, delay: float, why: str) -> None:
        self._busy_tries += 1
        self.retrying.emit(delay, why)
        self._busy_wait.start(round(delay * 1000))

    def _busy_over(self) -> None:
        if self._connection is not None:
            return
        if self.state == State.CONNECTING:
            self._connect()
        elif self.state == State.RECONNECTING:
            self._retry()

    def _retry(self) -> None:
        if self.state != State.RECONNECTING or self._connection is not None:
            return
        self._connect()
        connection = self._connection
        assert connection is not None
        connection.closed.disconnect(self._closed)
        connection.closed.connect(self._retry_failed)

    def _retry_failed(self, closing: Closing) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.release(REFUSED_FREED_MS)
        if self.state == State.PLAYING:  # it got in and was lost again
            self._closed(closing)
        elif self.state == State.RECONNECTING and closing.dropped:
            QTimer.singleShot(round(self.limits.retry_s * 1000), self, self._retry)
        elif self.state != State.CLOSED:
            self._finish(closing.text)

    def _grace_over(self) -> None:
        if self.state == State.RECONNECTING:
            who = self.peer_name or "the other player"
            self._finish(f"{who} did not come back within {self.limits.grace_s:g} s")

    def _peer_left(self) -> None:
        connection = self._connection
        self._finish("" if self.settled else f"{self.peer_name or 'the peer'} left the game")
        if connection is not None:
            connection.close("the peer left", bye=False)

    def _finish(self, reason: str) -> None:
        if self.state == State.CLOSED:
            return
        self.end_reason = reason
        self._grace.stop()
        if self._server is not None:
            self._server.close()
        for candidate in list(self._candidates.values()):
            candidate.connection.close("the game is closed", bye=False)
        self._set_state(State.CLOSED)
        self.ended.emit(reason)

    def _set_state(self, state: State) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    def _set_confirmed(self, count: int) -> None:
        if count != self.confirmed_count:
            self.confirmed_count = count
            self.confirmed.emit(count)

    def close(self) -> None:
        """Stop everything without telling the peer (the program is ending)."""
        connection = self._connection
        self._finish("closed")
        if connection is not None:
            connection.close("closed", bye=False)
