"""One connection to the other side: the framing and every limit of docs/network-protocol.md on a
`QTcpSocket`, event-driven on the Qt event loop, so that nothing a peer sends (or fails to send)
can block the window.

`Connection` turns bytes into lines and lines into bytes. It answers `ping` and swallows `pong`
itself (keep-alive is the transport's business); every other line goes out as `line_received`.
A line that is too long, not UTF-8, full of control characters, part of a flood above the rate,
or left unfinished too long, and a peer silent for too long, close the connection: this side
writes one `error CODE TEXT` line first, so the peer learns why. `closed` is emitted exactly
once, with a `Closing` that says who ended it and why.

Whoever owns a connection frees it with `release` (once; later calls do nothing), never with
`deleteLater` on it or on its socket: the socket is the connection's child, its signals are cut
before it is closed, and nothing the socket does while it ends can reach a deleted object;
`release` also cuts the connection's own signals, so that deleting it drops no reference to
its owner (the last one would delete the owner, and this child again, mid-deletion). The
timers that end and free it are its children too (PySide's `QTimer.singleShot(ms, context, f)`
makes an unparented timer that outlives its context).
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket

from . import protocol
from .protocol import Closing as Closing
from .protocol import Limits, ProtocolError, TokenBucket
from .secure import SecureLines, sealed_bytes


class Connection(QObject):
    """Lines over one `QTcpSocket` (which it takes over: parent and signals)."""

    line_received = Signal(str)
    closed = Signal(object)  # Closing, once
    heard = Signal()  # a `ping` or `pong` came (taken here): the peer is there

    def __init__(self, socket: QTcpSocket, limits: Limits, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.socket = socket
        socket.setParent(self)
        # Qt stops reading from the system once this much waits unread: a flood is held by the
        # peer's kernel, not in our memory (every read takes all of it anyway).
        socket.setReadBufferSize(4 * protocol.MAX_SETUP_LINE_BYTES)
        self.limits = limits
        self.max_line_bytes = protocol.MAX_SETUP_LINE_BYTES
        self.keepalive = False  # pings only once the handshake is through
        self._buffer = bytearray()
        self._partial_since: float | None = None
        self._bucket = TokenBucket(limits.rate_per_s, limits.burst)
        now = time.monotonic()
        self._last_received = now
        self._last_sent = now
        self._deadline: tuple[float, str] | None = None
        self._first_line: tuple[float, str] | None = None
        self._closing: Closing | None = None
        self._released = False
        self.spoke = False  # a whole line came (the first one may have a deadline of its own)
        self.link: SecureLines | None = None  # a game joined by code: lines sealed (`secure`)
        socket.readyRead.connect(self._read)
        socket.disconnected.connect(self._lost)
        socket.errorOccurred.connect(self._socket_error)
        # One clock for every limit: a quarter of the shortest one, so a limit is caught within
        # a quarter of its length without a timer per limit.
        shortest = min(
            limits.partial_line_s, limits.ping_interval_s, limits.silence_s, limits.first_line_s
        )
        self._clock = QTimer(self)
        self._clock.setInterval(max(20, min(500, round(shortest * 250))))
        self._clock.timeout.connect(self._tick)
        self._clock.start()
        self._ending = self._one_shot(self._end_socket)  # 2 s after closing: the socket ends
        self._freeing = self._one_shot(self.deleteLater)
        if socket.bytesAvailable():  # read before it came here (a relay's pairing line)
            self._one_shot(self._read).start(0)

    def _one_shot(self, slot: Callable[[], object]) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(slot)
        return timer

    def secure(self, link: SecureLines) -> None:
        """Seal every line with `link` (secure.py), from the first: its handshake goes out as
        soon as the socket is connected, and lines sent before the keys are there wait."""
        self.link = link
        if self.socket.state() == QAbstractSocket.SocketState.ConnectedState:
            self._start_link()
        else:
            self.socket.connected.connect(self._start_link)

    def _start_link(self) -> None:
        if self.link is not None and self._closing is None:
            self.socket.write(self.link.start())

    @property
    def is_open(self) -> bool:
        return self._closing is None

    @property
    def peer_address(self) -> str:
        return f"{self.socket.peerAddress().toString()}:{self.socket.peerPort()}"

    def paced_line(self) -> None:
        """The line just received moved the game on: it does not count towards the rate (two
        fast computer players exchange strokes far faster than people chat)."""
        self._bucket.give_back()

    def set_deadline(self, seconds: float, text: str) -> None:
        """Close with `error timeout TEXT` unless `clear_deadline` comes within `seconds`."""
        self._deadline = (time.monotonic() + seconds, text)

    def clear_deadline(self) -> None:
        self._deadline = None

    def expect_first_line(self, seconds: float, text: str) -> None:
        """Close with `error timeout TEXT` unless a whole line comes within `seconds` (a
        connection that says nothing cannot hold its place for the whole handshake)."""
        if not self.spoke:
            self._first_line = (time.monotonic() + seconds, text)

    def release(self, after_ms: int = 0) -> None:
        """Free this connection and its socket, `after_ms` from now (time for a refusal's
        `error` line to leave). Closes it first, without telling anyone, if it is still open;
        `after_ms` 0 also ends the socket at once. Only the first call counts, and a connection
        deleted meanwhile with its parent is simply gone (the timer goes with it)."""
        if self._released:
            return
        self._released = True
        if self._closing is None:
            self._close(Closing(False, None, "released"), tell=False)
        # Nobody listens any more. Cut now, while the owner is alive: a slot (a lambda) may
        # hold the last reference to the owner, which, dropped as this connection is deleted,
        # would delete the owner and with it this half-deleted child a second time.
        for signal in (self.line_received, self.closed, self.heard):
            with warnings.catch_warnings():  # "Failed to disconnect": there was nothing
                warnings.simplefilter("ignore", RuntimeWarning)
                signal.disconnect()
        if after_ms <= 0:
            self._end_socket()
            self.deleteLater()
        else:
            self._freeing.start(after_ms)

    # -- sending -------------------------------------------------------------------------------

    def send(self, line: str) -> None:
        if self._closing is not None:
            return
        data = protocol.encode_line(line)
        if self.link is not None:
            data = self.link.seal(data)
        if data:
            self.socket.write(data)
        self._last_sent = time.monotonic()

    def heard_within(self, seconds: float) -> bool:
        """Whether the peer sent anything in the last `seconds`."""
        return time.monotonic() - self._last_received <= seconds

    def refuse(self, code: str, text: str) -> None:
        """The peer sent what this side cannot accept: say why (`error CODE TEXT`) and close."""
        self.send(protocol.error_line(code, text))
        self._close(Closing(False, code, text))

    def close(self, text: str, bye: bool = True) -> None:
        """End the connection on purpose (`bye`: tell the peer first)."""
        if bye:
            self.send("bye")
        self._close(Closing(False, None, text))

    def _close(self, closing: Closing, tell: bool = True) -> None:
        if self._closing is not None:
            return
        self._closing = closing
        self._clock.stop()
        socket = self.socket
        for signal in (socket.readyRead, socket.disconnected, socket.errorOccurred):
            signal.disconnect()
        socket.flush()  # what is queued (the error line) goes out before the end
        socket.disconnectFromHost()
        # A peer that never reads could hold the socket in its closing state: end it for sure.
        self._ending.start(2000)
        if tell:
            self.closed.emit(closing)

    # -- receiving -------------------------------------------------------------------------------

    def _read(self) -> None:
        data = bytes(self.socket.readAll().data())
        if not data or self._closing is not None:
            return
        now = time.monotonic()
        self._last_received = now
        if not self._buffer:
            self._partial_since = now
        self._buffer += data
        while self._closing is None:
            end = self._buffer.find(b"\n")
            if end < 0:
                break
            raw = bytes(self._buffer[:end])
            del self._buffer[: end + 1]
            self._partial_since = now if self._buffer else None
            if not self._line(raw):
                return
        if self._closing is None and len(self._buffer) > self._raw_limit():
            self.refuse(protocol.TOO_LONG, f"a line is longer than {self.max_line_bytes} bytes")

    def _raw_limit(self) -> int:
        """The longest line that may come: a sealed line is longer than the line it carries."""
        if self.link is None:
            return self.max_line_bytes
        return sealed_bytes(self.max_line_bytes)

    def _line(self, raw: bytes) -> bool:
        """Take one received line; False once the connection is closed."""
        if len(raw) > self._raw_limit():
            self.refuse(protocol.TOO_LONG, f"a line is longer than {self.max_line_bytes} bytes")
            return False
        if not self._bucket.take():
            self.refuse(
                protocol.RATE,
                f"more than {self.limits.rate_per_s:g} lines a second "
                f"({self.limits.burst} at once)",
            )
            return False
        if self.link is not None:
            opened = self._open(raw)
            if opened is None:
                return self._closing is None
            raw = opened
            if len(raw) > self.max_line_bytes:
                self.refuse(protocol.TOO_LONG, f"a line is longer than {self.max_line_bytes} bytes")
                return False
        try:
            line = protocol.decode_line(raw)
        except ProtocolError as exc:
            self.refuse(exc.code, exc.text)
            return False
        self.spoke = True
        self._first_line = None
        if line == "ping":
            self.send("pong")
            self.heard.emit()
        elif line == "pong":
            self.heard.emit()
        else:
            self.line_received.emit(line)
        return self._closing is None

    def _open(self, raw: bytes) -> bytes | None:
        """A sealed line opened; None for the link's own lines (or when it failed: closed)."""
        assert self.link is not None
        try:
            opened = self.link.receive(raw)
        except ProtocolError as exc:  # nothing is sent: the peer could not read it
            self._close(Closing(False, exc.code, exc.text))
            return None
        more = self.link.output()
        if more:
            self.socket.write(more)
            self._last_sent = time.monotonic()
        if opened is None:  # the link's own lines count as the first line
            self.spoke = True
            self._first_line = None
        return opened

    def _tick(self) -> None:
        now = time.monotonic()
        limits = self.limits
        if self._partial_since is not None and now - self._partial_since > limits.partial_line_s:
            self.refuse(
                protocol.TIMEOUT, f"a line was left unfinished for {limits.partial_line_s:g} s"
            )
        elif self._first_line is not None and now > self._first_line[0]:
            self.refuse(protocol.TIMEOUT, self._first_line[1])
        elif self._deadline is not None and now > self._deadline[0]:
            self.refuse(protocol.TIMEOUT, self._deadline[1])
        elif self.keepalive and now - self._last_received > limits.silence_s:
            self.refuse(protocol.TIMEOUT, f"nothing was heard for {limits.silence_s:g} s")
        elif self.keepalive and now - self._last_sent > limits.ping_interval_s:
            self.send("ping")

    def _end_socket(self) -> None:
        self._ending.stop()
        self.socket.abort()

    def _lost(self) -> None:
        self._close(Closing(True, None, "the connection was closed"))

    def _socket_error(self, error: QAbstractSocket.SocketError) -> None:
        if error == QAbstractSocket.SocketError.RemoteHostClosedError:
            self._lost()
            return
        self._close(Closing(True, None, self.socket.errorString()))
