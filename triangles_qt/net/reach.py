"""A host that friends past the local network can reach (docs/network-protocol.md, "Games over
the internet"), on Qt's event loop: `PortMapper` asks the router for a port mapping on a worker
thread (portmap.py blocks), keeps it renewed and gives it back when the game ends; `RelayServer`
stands in for the host's listening socket when no router forwards: it waits at a relay
(relay.py's protocol) and hands each paired connection to the match as a newly accepted one.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QAbstractSocket, QTcpServer, QTcpSocket

from . import portmap
from .codes import GameCode
from .portmap import LEASE_S, Mapping

RELAY_RETRY_MS = 3000
"""How long a host waits before it dials the relay again after it could not reach it."""


class PortMapper(QObject):
    """Maps `port` on the router (UPnP, then NAT-PMP) off the Qt thread. `mapped(Mapping)` or
    `failed(reasons)` come once, on the thread that made it; `remove()` gives the mapping back
    (on a thread of its own, which the program waits for as it exits)."""

    mapped = Signal(object)  # Mapping
    failed = Signal(str)  # why, in English (one line per method tried)
    _found = Signal(object, str)  # from the worker: Mapping | None, the reasons

    def __init__(self, port: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.port = port
        self.mapping: Mapping | None = None
        self._stopped = False
        self._renewal = QTimer(self)
        self._renewal.setInterval(LEASE_S * 1000 // 2)
        self._renewal.timeout.connect(self._renew)
        self._found.connect(self._take)

    def start(self) -> None:
        threading.Thread(target=self._work, name="triangles-portmap", daemon=True).start()

    def adopt(self, mapping: Mapping) -> None:
        """Keep (renew, then remove) a mapping made already."""
        self._take(mapping, "")

    def _work(self) -> None:
        reasons: list[str] = []
        mapping = portmap.map_port(self.port, reasons.append)
        try:
            self._found.emit(mapping, "; ".join(reasons))
        except RuntimeError:  # this object was deleted meanwhile: give the port back
            if mapping is not None:
                mapping.remove()

    def _take(self, mapping: Mapping | None, reasons: str) -> None:
        if mapping is None:
            self.failed.emit(reasons or "no port mapping")
            return
        if self._stopped:  # the game ended while the router was asked
            threading.Thread(target=mapping.remove, name="triangles-unmap").start()
            return
        self.mapping = mapping
        self._renewal.start()
        self.mapped.emit(mapping)

    def _renew(self) -> None:
        mapping = self.mapping
        if mapping is not None:
            threading.Thread(target=_quietly, args=(mapping.renew,), daemon=True).start()

    def remove(self, wait: bool = False) -> None:
        """Give the mapping back (`wait`: before returning, for a program about to end)."""
        self._stopped = True
        self._renewal.stop()
        mapping, self.mapping = self.mapping, None
        if mapping is None:
            return
        worker = threading.Thread(target=mapping.remove, name="triangles-unmap")
        worker.start()
        if wait:
            worker.join(10)


def _quietly(call: Callable[[], None]) -> None:
    try:
        call()
    except Exception:  # noqa: BLE001 - a renewal that fails: the next one tries again
        pass


class RelayServer(QTcpServer):
    """The host's place at a relay: one connection waits there for the code's nameplate at a
    time; once the relay pairs it, it becomes a pending connection (`newConnection`) and
    another one waits, so that a joiner who gave a wrong code, or one coming back after a
    drop, finds the host there again. `failed(text)` says when the relay cannot be reached or
    refuses (it is tried again every RELAY_RETRY_MS)."""

    failed = Signal(str)
    waiting = Signal()  # a connection waits at the relay (the code can be given out)

    def __init__(
        self, relay: tuple[str, int], code: GameCode, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.relay = relay
        self.code = code
        # One side for all of this host's connections: the relay never pairs two of them.
        self._request = f"please relay {code.relay_token} for side {secrets.token_hex(8)}\n".encode(
            "ascii"
        )
        self._active = False
        self._socket: QTcpSocket | None = None
        self._paired: list[QTcpSocket] = []
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.timeout.connect(self._dial)

    def start(self) -> None:
        self._active = True
        self._dial()

    def isListening(self) -> bool:  # noqa: N802 - Qt's names
        return self._active

    def hasPendingConnections(self) -> bool:  # noqa: N802
        return bool(self._paired)

    def nextPendingConnection(self) -> QTcpSocket:  # noqa: N802 - after hasPendingConnections
        return self._paired.pop(0)

    def close(self) -> None:
        self._active = False
        self._retry.stop()
        socket, self._socket = self._socket, None
        for left in [socket, *self._paired]:
            if left is not None:
                left.abort()
                left.deleteLater()
        self._paired.clear()

    def _dial(self) -> None:
        if not self._active:
            return
        socket = self._socket = QTcpSocket(self)
        socket.connected.connect(self._connected)
        socket.readyRead.connect(self._read)
        socket.errorOccurred.connect(self._error)
        socket.connectToHost(*self.relay)

    def _connected(self) -> None:
        socket = self._socket
        if socket is not None:
            socket.write(self._request)
            self.waiting.emit()

    def _read(self) -> None:
        socket = self._socket
        if socket is None or not socket.canReadLine():
            if socket is not None and socket.bytesAvailable() > 200:
                self._give_up("the relay's answer is not a line")
            return
        answer = bytes(socket.readLine(200).data()).strip()
        if answer == b"impatient" and self._active:  # waited the relay's longest: again
            self._give_up("", quietly=True)
            self._dial()
            return
        if answer != b"ok":
            self._give_up(f"the relay answered {answer[:40].decode('ascii', 'replace')!r}")
            return
        for signal in (socket.connected, socket.readyRead, socket.errorOccurred):
            signal.disconnect()
        self._socket = None
        self._paired.append(socket)
        self.newConnection.emit()
        self._dial()

    def _error(self, _error: QAbstractSocket.SocketError) -> None:
        socket = self._socket
        if socket is not None:
            self._give_up(f"the relay at {self.relay[0]}:{self.relay[1]}: {socket.errorString()}")

    def _give_up(self, text: str, quietly: bool = False) -> None:
        socket, self._socket = self._socket, None
        if socket is not None:
            for signal in (socket.connected, socket.readyRead, socket.errorOccurred):
                signal.disconnect()
            socket.abort()
            socket.deleteLater()
        if self._active and not quietly:
            self.failed.emit(text)
            self._retry.start(RELAY_RETRY_MS)
