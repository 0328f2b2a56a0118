"""A game between two computers (docs/network-protocol.md): `NetMatch` is the Qt transport of
the match's state machine (match_state.py), which the app's remote seat and the headless player
both drive, in the host's role or the joiner's.

The machine owns every rule: the handshake and the host's handshake places, the set-up, the
checked strokes, undo, resign, rematch, chat, the drop and the rejoin by challenge and proof,
the joiner's retries after `busy`, and a killed host taking its game back (`host(...,
resume=...)`, `host_state()`). This class only carries it: the listening `QTcpServer`, one
`Connection` (connection.py, sealed with the game's code when there is one) per connection, one
timer for the machine's next deadline, and the machine's events as Qt signals. Emitted on the
Qt thread that made the match; nothing here blocks.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import (
    QAbstractSocket,
    QHostAddress,
    QNetworkInterface,
    QTcpServer,
    QTcpSocket,
)

from triangles_qt.core.game import Game, Move

from . import match_effects as fx
from . import protocol
from .codes import GameCode
from .connection import Closing, Connection
from .match_effects import Role as Role
from .match_effects import State as State
from .match_places import MAX_CANDIDATES as MAX_CANDIDATES
from .match_places import MAX_PER_ADDRESS as MAX_PER_ADDRESS
from .match_places import Candidate
from .match_resume import HostState as HostState
from .match_state import MAX_WRONG_CODES as MAX_WRONG_CODES
from .match_state import MatchMachine
from .protocol import Limits, PeerInfo, Setup
from .secure import SecureLines


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
    # The host: what it must keep to take its game back changed (`host_state()`). Emitted
    # before the line that tells the joiner (the `ack`, the stroke) is written: save it here.
    host_state_changed = Signal()

    def __init__(self, machine: MatchMachine, parent: QObject | None) -> None:
        super().__init__(parent)
        self.machine = machine
        # A game joined by code (codes.py): every connection is sealed with it (secure.py).
        self.invite: GameCode | None = None
        self._server: QTcpServer | None = None
        self._target: tuple[str, int] | None = None
        self._connections: dict[int, Connection] = {}
        self._ids: dict[Connection, int] = {}
        self._next_id = 1  # accepted connections count up; the machine's own dials count down
        self._timer = QTimer(self)  # the machine's next deadline
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._tick)
        self._deadline: float | None = None  # the one the timer is set for

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
        resume: HostState | None = None,
    ) -> NetMatch:
        """Host the game `setup` describes, listening where `listen` says (no default: where
        to accept strangers' connections is the player's choice) on `port` (0: a port the
        system chooses; see `address()`). NetError when it cannot listen. `ask`: a joiner
        takes the seat only once the host's player accepts it (`join_requested`,
        `answer_join`); a rejoin that proves the seat's token is not asked again. `resume`:
        a host that was stopped takes its game back (what `host_state()` gave; `setup` is then
        the saved one) and waits for its joiner to come back for the grace period."""
        machine = MatchMachine.host(setup, local, limits, ask, resume, time.monotonic())
        match = cls(machine, parent)
        server = QTcpServer(match)
        if not server.listen(listen_address(listen, address), port):
            raise NetError(f"cannot listen on port {port}: {server.errorString()}")
        server.setMaxPendingConnections(4)
        server.newConnection.connect(match._accept)
        server.acceptError.connect(match._accept_failed)
        match._server = server
        match._schedule()  # a resumed host's grace period
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
        machine = MatchMachine.join(local, resume, limits, f"{host}:{port}")
        match = cls(machine, parent)
        match._target = (host, port)
        match.invite = invite
        match._apply(machine.start(time.monotonic()))
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

    # -- reading (the machine's) ---------------------------------------------------------------

    @property
    def role(self) -> Role:
        return self.machine.role

    @property
    def local(self) -> PeerInfo:
        return self.machine.local

    @property
    def limits(self) -> Limits:
        return self.machine.limits

    @property
    def peer(self) -> PeerInfo | None:
        return self.machine.peer

    @property
    def game(self) -> Game | None:
        return self.machine.game

    @property
    def setup(self) -> Setup | None:
        return self.machine.setup

    @property
    def local_seat(self) -> int:
        return self.machine.local_seat

    @property
    def peer_seat(self) -> int:
        return self.machine.peer_seat

    @property
    def token(self) -> str:
        return self.machine.token

    @property
    def confirmed_count(self) -> int:
        return self.machine.confirmed_count

    @property
    def state(self) -> State:
        return self.machine.state

    @property
    def end_reason(self) -> str:
        return self.machine.end_reason

    @property
    def refusal_code(self) -> str:
        """The code of the `error` line the peer ended the match with."""
        return self.machine.refusal_code

    @property
    def refused_peer(self) -> bool:
        """Whether this side ended the match refusing a line of the peer's."""
        return self.machine.refused_peer

    @property
    def wrong_codes(self) -> int:
        """The host: connections that gave another game code."""
        return self.machine.wrong_codes

    @property
    def local_to_move(self) -> bool:
        """Whether this side may play a stroke now."""
        return self.machine.local_to_move

    @property
    def settled(self) -> bool:
        """The game is over (or given up) and both sides have every stroke."""
        return self.machine.settled

    @property
    def resigned_seat(self) -> int | None:
        return self.machine.resigned_seat

    @property
    def peer_name(self) -> str:
        return self.machine.peer_name

    @property
    def ask_to_join(self) -> bool:
        """A `join` is put to the host's player (`join_requested`)."""
        return self.machine.ask_to_join

    @ask_to_join.setter
    def ask_to_join(self, value: bool) -> None:
        self.machine.ask_to_join = value

    @property
    def max_candidates(self) -> int:
        """Connections a host lets shake hands at once ("Handshake places")."""
        return self.machine.places.max_candidates

    @max_candidates.setter
    def max_candidates(self, value: int) -> None:
        self.machine.places.max_candidates = value

    @property
    def max_per_address(self) -> int:
        """Of those (and of those waiting), from one address."""
        return self.machine.places.max_per_address

    @max_per_address.setter
    def max_per_address(self, value: int) -> None:
        self.machine.places.max_per_address = value

    @property
    def _candidates(self) -> dict[int, Candidate]:
        return self.machine.places.candidates

    @property
    def _peer_rematch(self) -> bool:
        return self.machine.peer_rematch

    @property
    def _connection(self) -> Connection | None:
        """The game's connection (tests cut its socket to drop it)."""
        conn = self.machine.connection
        return None if conn is None else self._connections.get(conn)

    @_connection.setter
    def _connection(self, value: None) -> None:
        # Tests that closed a match say it has no connection; the machine already knows.
        assert value is None

    def host_state(self) -> HostState | None:
        """The host: what it must keep to take its game back after it was killed (the set-up,
        the seat's token, who joined, every stroke of its list): `HostState.to_data()` is
        plain data to save, `HostState.from_data` reads it back for `host(resume=...)`. None
        before anyone joined. Save it at each `host_state_changed`."""
        return self.machine.host_state()

    # -- this side's actions -------------------------------------------------------------------

    def play(self, stroke: tuple[int, int]) -> Move:
        """Play this side's stroke and send it. Raises IllegalStroke/GameOver from the rules
        engine, or RuntimeError when it is not this side's turn (see `local_to_move`)."""
        move, effects = self.machine.play(stroke)
        self._apply(effects)
        return move

    def offer_undo(self, keep: int) -> None:
        """Ask the peer to take the game back to `keep` strokes (RuntimeError when that cannot
        be asked now)."""
        self._apply(self.machine.offer_undo(keep))

    def answer_undo(self, accept: bool) -> None:
        """Answer the peer's undo offer (nothing, if the peer has gone meanwhile)."""
        self._apply(self.machine.answer_undo(accept))

    def resign(self) -> None:
        self._apply(self.machine.resign())

    def send_chat(self, text: str) -> str:
        """Send a chat line (cleaned and cut as the protocol says); returns what was sent."""
        line, effects = self.machine.send_chat(text)
        self._apply(effects)
        return line

    def offer_rematch(self) -> None:
        self._apply(self.machine.offer_rematch())

    def answer_rematch(self, accept: bool) -> None:
        """Answer the peer's rematch offer (nothing, if the peer has gone meanwhile)."""
        self._apply(self.machine.answer_rematch(accept))

    def answer_join(self, accept: bool) -> None:
        """The host's player's answer to `join_requested` (nothing if that joiner has gone
        meanwhile): the seat, or `error declined`."""
        self._apply(self.machine.answer_join(accept, time.monotonic()))

    def leave(self, reason: str = "") -> None:
        """Leave the match for good (`bye`)."""
        self._apply(self.machine.leave(reason))

    def close(self) -> None:
        """Stop everything without telling the peer (the program is ending)."""
        self._apply(self.machine.close())

    # -- connections ---------------------------------------------------------------------------

    def _accept(self) -> None:
        """Take every new connection to the machine (which gives it a place, or not)."""
        assert self._server is not None
        while self._server.hasPendingConnections():
            tcp = self._server.nextPendingConnection()
            connection = Connection(tcp, self.limits, self)
            if self.invite is not None:
                connection.secure(SecureLines(self.invite, is_host=True))
            conn = self._next_id
            self._next_id += 1
            self._adopt(conn, connection)
            self._apply(
                self.machine.accepted(
                    conn, address_key(tcp.peerAddress()), time.monotonic(), connection.peer_address
                )
            )

    def _accept_failed(self, _error: QAbstractSocket.SocketError) -> None:
        """The system gave no connection (out of file descriptors, in a flood): Qt stops
        accepting; the machine says when to accept again."""
        server = self._server
        if server is not None and server.isListening():
            self._apply(self.machine.accept_failed(time.monotonic()))

    def _dial(self, conn: int) -> None:
        assert self._target is not None
        tcp = QTcpSocket()
        connection = Connection(tcp, self.limits, self)
        if self.invite is not None:
            connection.secure(SecureLines(self.invite, is_host=False))
        self._adopt(conn, connection)
        tcp.connected.connect(self._connected)
        tcp.connectToHost(*self._target)

    def _adopt(self, conn: int, connection: Connection) -> None:
        self._connections[conn] = connection
        self._ids[connection] = conn
        # Bound methods, which PySide holds weakly: a lambda holding `self` on a child's
        # signal could hold the match's last reference, and drop it (deleting the match and
        # its children) while that child is still emitting or being deleted.
        connection.line_received.connect(self._line)
        connection.closed.connect(self._closed)
        connection.heard.connect(self._heard)

    def _sender_id(self) -> int | None:
        sender = self.sender()
        return self._ids.get(sender) if isinstance(sender, Connection) else None

    def _connected(self) -> None:
        sender = self.sender()
        connection = sender.parent() if sender is not None else None
        conn = self._ids.get(connection) if isinstance(connection, Connection) else None
        if conn is not None and isinstance(connection, Connection):
            self._apply(self.machine.opened(conn, time.monotonic(), connection.peer_address))

    def _line(self, line: str) -> None:
        conn = self._sender_id()
        if conn is not None:
            self._apply(self.machine.line(conn, line, time.monotonic()))

    def _heard(self) -> None:
        conn = self._sender_id()
        if conn is not None:
            self._apply(self.machine.heard(conn, time.monotonic()))

    def _closed(self, closing: Closing) -> None:
        conn = self._sender_id()
        if conn is not None:
            self._apply(self.machine.closed(conn, closing, time.monotonic()))

    def _tick(self) -> None:
        self._apply(self.machine.tick(time.monotonic()))

    def _schedule(self) -> None:
        deadline = self.machine.deadline()
        if deadline == self._deadline and (deadline is None or self._timer.isActive()):
            return  # most lines change no deadline: the timer is left as it is
        self._deadline = deadline
        if deadline is None:
            self._timer.stop()
        else:
            self._timer.start(max(0, round((deadline - time.monotonic()) * 1000)))

    # -- the machine's effects -----------------------------------------------------------------

    def _apply(self, effects: list[fx.Effect]) -> None:
        """Carry out the machine's effects in order (a signal's slot may call the match again:
        its own effects are carried out at once, before the rest of these)."""
        for effect in effects:
            _CARRY[type(effect)](self, effect)
        self._schedule()

    def _on(self, conn: int) -> Connection | None:
        return self._connections.get(conn)

    def _release(self, effect: fx.Release) -> None:
        connection = self._connections.pop(effect.conn, None)
        if connection is not None:
            self._ids.pop(connection, None)
            connection.release(round(effect.after_s * 1000))

    def _set_deadline(self, effect: fx.SetDeadline) -> None:
        connection = self._on(effect.conn)
        if connection is None:
            return
        if effect.seconds is None:
            connection.clear_deadline()
        else:
            connection.set_deadline(effect.seconds, effect.text)

    def _game_lines(self, effect: fx.GameLines) -> None:
        connection = self._on(effect.conn)
        if connection is not None:
            connection.clear_deadline()
            connection.max_line_bytes = protocol.MAX_GAME_LINE_BYTES
            connection.keepalive = True

    def _set_max_line(self, conn: int, length: int) -> None:
        connection = self._on(conn)
        if connection is not None:
            connection.max_line_bytes = length

    def _keepalive(self, conn: int) -> None:
        connection = self._on(conn)
        if connection is not None:
            connection.keepalive = True

    def _stop_listening(self) -> None:
        if self._server is not None:
            self._server.close()

    def _resume_accepting(self) -> None:
        server = self._server
        if server is not None and server.isListening():
            server.resumeAccepting()


def _on_connection(do: Callable[[Connection, Any], object]) -> Callable[[NetMatch, Any], None]:
    """An effect on one connection (nothing if it is gone already)."""

    def carry(match: NetMatch, effect: Any) -> None:
        connection = match._connections.get(effect.conn)
        if connection is not None:
            do(connection, effect)

    return carry


# How each of the machine's effects is carried out: a connection's, the listener's, or one of
# its events emitted as this match's signal. A table, not a chain of tests: a line sent or
# received goes through it several times.
_CARRY: dict[type, Callable[[NetMatch, Any], object]] = {
    fx.Send: _on_connection(lambda c, e: c.send(e.line)),
    fx.Refuse: _on_connection(lambda c, e: c.refuse(e.code, e.text)),
    fx.Close: _on_connection(lambda c, e: c.close(e.text, bye=e.bye)),
    fx.Release: NetMatch._release,
    fx.SetDeadline: NetMatch._set_deadline,
    fx.ExpectFirstLine: _on_connection(lambda c, e: c.expect_first_line(e.seconds, e.text)),
    fx.Keepalive: lambda m, e: m._keepalive(e.conn),
    fx.GameLines: NetMatch._game_lines,
    fx.SetupLines: lambda m, e: m._set_max_line(e.conn, protocol.MAX_SETUP_LINE_BYTES),
    fx.Paced: _on_connection(lambda c, e: c.paced_line()),
    fx.Connect: lambda m, e: m._dial(e.conn),
    fx.StopListening: lambda m, e: m._stop_listening(),
    fx.ResumeAccepting: lambda m, e: m._resume_accepting(),
    fx.StateChanged: lambda m, e: m.state_changed.emit(e.state),
    fx.Started: lambda m, e: m.started.emit(),
    fx.Resumed: lambda m, e: m.resumed.emit(e.first),
    fx.StrokeReceived: lambda m, e: m.stroke_received.emit(e.move),
    fx.Confirmed: lambda m, e: m.confirmed.emit(e.count),
    fx.GameOver: lambda m, e: m.game_over.emit(),
    fx.Problem: lambda m, e: m.problem.emit(e.text),
    fx.ChatReceived: lambda m, e: m.chat_received.emit(e.text),
    fx.UndoOffered: lambda m, e: m.undo_offered.emit(e.keep),
    fx.UndoAnswered: lambda m, e: m.undo_answered.emit(e.accepted, e.keep),
    fx.TakenBack: lambda m, e: m.taken_back.emit(e.keep),
    fx.Resigned: lambda m, e: m.resigned.emit(e.seat),
    fx.RematchOffered: lambda m, e: m.rematch_offered.emit(),
    fx.RematchDeclined: lambda m, e: m.rematch_declined.emit(),
    fx.Ended: lambda m, e: m.ended.emit(e.reason),
    fx.Retrying: lambda m, e: m.retrying.emit(e.delay, e.why),
    fx.JoinRequested: lambda m, e: m.join_requested.emit(e.name),
    fx.WaitingForHost: lambda m, e: m.waiting_for_host.emit(),
    fx.HostStateChanged: lambda m, e: m.host_state_changed.emit(),
}
