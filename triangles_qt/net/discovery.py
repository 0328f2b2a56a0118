"""Finding games on the local network (docs/network-protocol.md, "Finding games on the local
network"): a host advertises its game over multicast DNS service discovery, and a browser lists
the games it hears of, with python-zeroconf.

Zeroconf works on threads of its own, and registering or resolving a service waits on the
network for up to a few seconds: all of that happens on worker threads, and every result comes
to the Qt thread through a queued signal, so the window never waits and no widget is touched
from another thread. A game's TXT properties are read strictly (`read_properties`): an entry
that does not read as this page says is ignored, never trusted.
"""

from __future__ import annotations

import secrets
import socket
import threading
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

from triangles_qt.core.board import PRESETS

from . import protocol
from .protocol import ProtocolError

SERVICE_TYPE = protocol.SERVICE_TYPE
RULE_WORDS = {False: "one-stroke", True: "replay"}
MAX_PENDING_RESOLVES = 16
RESOLVE_MS = 3000


@dataclass(frozen=True)
class FoundGame:
    """A game someone hosts on the local network: where to join it and what it is."""

    service: str  # the service's full name: its identity in `lost`
    name: str  # the host player's name
    addresses: tuple[str, ...]
    port: int
    preset: str  # a preset's name, or "custom"
    replay_after_triangle: bool
    app: str

    @property
    def address(self) -> str:
        """The address to join (IPv4 first, as the host listens on one interface's)."""
        return self.addresses[0]


def txt_properties(name: str, preset: str | None, replay: bool, app: str) -> dict[str, str]:
    """The TXT properties a host advertises."""
    return {
        "proto": str(protocol.VERSION),
        "name": protocol.clean_text(name, protocol.MAX_NAME_CHARACTERS),
        "preset": preset if preset in PRESETS else "custom",
        "rules": RULE_WORDS[replay],
        "app": protocol.clean_text(app, 40).replace(" ", "_"),
    }


def read_properties(properties: Mapping[bytes, bytes | None]) -> dict[str, Any] | None:
    """A game's TXT properties as (name, preset, replay, app), or None when they are not this
    protocol version's or do not read as documented."""
    try:
        text = {
            key.decode("utf-8"): (value or b"").decode("utf-8") for key, value in properties.items()
        }
        if text.get("proto") != str(protocol.VERSION):
            return None
        name = protocol.checked_name(text.get("name", ""))
        preset = text.get("preset", "")
        if preset != "custom" and preset not in PRESETS:
            return None
        rules = text.get("rules")
        if rules not in RULE_WORDS.values():
            return None
        app = text.get("app", "")
        if len(app) > 40 or protocol.clean_text(app, 40) != app:
            return None
    except (UnicodeDecodeError, AttributeError, ProtocolError):
        return None
    return {"name": name, "preset": preset, "replay": rules == "replay", "app": app}


def instance_name(name: str) -> str:
    """The service instance: the player's name and a random tag that keeps it apart from
    another game of the same name, within DNS's 63 bytes. Not this computer's name: everyone
    on the network would read it (players see the name in the announcement's properties)."""
    tag = secrets.token_hex(3)
    label = protocol.clean_text(name, 56).replace(".", " ")
    while len(label.encode("utf-8")) > 63 - len(tag) - 1:
        label = label[:-1]
    return f"{label} {tag}.{SERVICE_TYPE}" if label else f"{tag}.{SERVICE_TYPE}"


class _Relay(QObject):
    """Carries results from zeroconf's and the workers' threads to the Qt thread."""

    relayed = Signal(object, object)  # what happened, its data


def _zeroconf(interfaces: Sequence[str] | None) -> Any:
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    if interfaces:
        return Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)


class Advertiser(QObject):
    """Advertises one hosted game while it waits for a player. `interfaces`: the addresses to
    announce on (None: every interface); tests use loopback."""

    registered = Signal(str)  # the service name the network agreed on
    failed = Signal(str)

    def __init__(
        self,
        name: str,
        address: str,
        port: int,
        preset: str | None,
        replay: bool,
        app: str,
        interfaces: Sequence[str] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._properties = txt_properties(name, preset, replay, app)
        self._name = instance_name(name)
        self._address = address
        self._port = port
        self._interfaces = list(interfaces) if interfaces is not None else None
        self._lock = threading.Lock()
        self._zeroconf: Any = None
        self._info: Any = None
        self._stopped = False
        self._relay = _Relay()
        self._relay.relayed.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        threading.Thread(target=self._register, name="zeroconf-advertise", daemon=True).start()

    def stop(self) -> None:
        """Withdraw the advertisement (on a worker: saying goodbye waits on the network)."""
        with self._lock:
            self._stopped = True
            zeroconf, info = self._zeroconf, self._info
            self._zeroconf = self._info = None
        if zeroconf is not None:
            threading.Thread(
                target=_unregister, args=(zeroconf, info), name="zeroconf-withdraw", daemon=True
            ).start()

    def _register(self) -> None:
        try:
            from zeroconf import ServiceInfo

            info = ServiceInfo(
                SERVICE_TYPE,
                self._name,
                addresses=[socket.inet_aton(self._address)],
                port=self._port,
                properties=self._properties,
            )
            zeroconf = _zeroconf(self._interfaces)
            zeroconf.register_service(info, allow_name_change=True)
        except Exception as exc:  # noqa: BLE001 - no network, no multicast: told, not raised
            self._relay.relayed.emit("failed", f"the game cannot be advertised: {exc}")
            return
        with self._lock:
            if self._stopped:  # stopped while registering
                threading.Thread(target=_unregister, args=(zeroconf, info), daemon=True).start()
                return
            self._zeroconf, self._info = zeroconf, info
        self._relay.relayed.emit("registered", info.name)

    def _deliver(self, what: str, data: Any) -> None:
        if what == "registered":
            self.registered.emit(data)
        else:
            self.failed.emit(data)


def _unregister(zeroconf: Any, info: Any) -> None:
    try:
        if info is not None:
            zeroconf.unregister_service(info)
    finally:
        zeroconf.close()


class Browser(QObject):
    """Lists the games advertised on the local network: `found` for each one resolved (again
    when it changes), `lost` with its service name when it goes."""

    found = Signal(object)  # FoundGame
    lost = Signal(str)
    failed = Signal(str)

    def __init__(
        self, interfaces: Sequence[str] | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._interfaces = list(interfaces) if interfaces is not None else None
        self._zeroconf: Any = None
        self._browser: Any = None
        self._pending = 0
        self._stopped = False
        self._lock = threading.Lock()
        self._relay = _Relay()
        self._relay.relayed.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        threading.Thread(target=self._start, name="zeroconf-browse", daemon=True).start()

    def _start(self) -> None:
        # Zeroconf's threads and the resolving workers hold this object weakly: the last
        # reference to a QObject must not be dropped on one of them (it would be deleted there
        # while the Qt thread may be delivering its signals).
        me = weakref.ref(self)

        def changed(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
            _changed(me, zeroconf, service_type, name, state_change)

        try:
            from zeroconf import ServiceBrowser

            zeroconf = _zeroconf(self._interfaces)
            browser = ServiceBrowser(zeroconf, SERVICE_TYPE, handlers=[changed])
        except Exception as exc:  # noqa: BLE001
            self._relay.relayed.emit("failed", f"games on the network cannot be listed: {exc}")
            return
        with self._lock:
            if not self._stopped:
                self._zeroconf, self._browser = zeroconf, browser
                return
        _close_browser(zeroconf, browser)  # stopped while starting

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            zeroconf, browser = self._zeroconf, self._browser
            self._zeroconf = self._browser = None
        if zeroconf is not None:
            threading.Thread(
                target=_close_browser, args=(zeroconf, browser), name="zeroconf-stop", daemon=True
            ).start()

    def _deliver(self, what: str, data: Any) -> None:
        if what == "found":
            self.found.emit(data)
        elif what == "lost":
            self.lost.emit(data)
        else:
            self.failed.emit(data)


def _changed(
    me: weakref.ref[Browser], zeroconf: Any, service_type: str, name: str, state_change: Any
) -> None:
    """Zeroconf's thread: resolve on a worker (it waits on the network), tell the rest."""
    from zeroconf import ServiceStateChange

    browser = me()
    if browser is None:
        return
    if state_change == ServiceStateChange.Removed:
        browser._relay.relayed.emit("lost", name)
        return
    with browser._lock:
        if browser._pending >= MAX_PENDING_RESOLVES or browser._stopped:  # a flood, or done
            return
        browser._pending += 1
    del browser
    threading.Thread(target=_resolve, args=(me, zeroconf, service_type, name), daemon=True).start()


def _resolve(me: weakref.ref[Browser], zeroconf: Any, service_type: str, name: str) -> None:
    try:
        info = zeroconf.get_service_info(service_type, name, RESOLVE_MS)
        game = found_game(name, info) if info is not None else None
    except Exception:  # noqa: BLE001 - a closed zeroconf, a malformed answer: ignored
        game = None
    browser = me()
    if browser is None:
        return
    with browser._lock:
        browser._pending -= 1
        stopped = browser._stopped
    if game is not None and not stopped:
        browser._relay.relayed.emit("found", game)


def _close_browser(zeroconf: Any, browser: Any) -> None:
    browser.cancel()
    zeroconf.close()


def found_game(service: str, info: Any) -> FoundGame | None:
    """A resolved service as a game, or None when its properties or addresses do not read."""
    properties = read_properties(info.properties or {})
    addresses = tuple(a for a in info.parsed_addresses() if ":" not in a)
    port = info.port
    if properties is None or not addresses or not isinstance(port, int) or not 0 < port < 65536:
        return None
    return FoundGame(
        service,
        properties["name"],
        addresses,
        port,
        properties["preset"],
        properties["replay"],
        properties["app"],
    )
