"""Asking the home router to forward a port (docs/network-protocol.md, "Games over the
internet"): UPnP IGD with `miniupnpc` (the miniupnp project's own binding), then NAT-PMP (RFC
6886, a dozen bytes over UDP: the small client below). A mapping on a public address lets a
friend anywhere dial this computer with no server at all; a router that maps on a private
address (double NAT, carrier-grade NAT) is no use, and the game falls back to a relay.

Every call here blocks on the network for up to a few seconds: reach.PortMapper runs them on a
worker thread. Nothing here runs unless the player hosts a game by code (and tests run it only
inside network namespaces: they pass --no-map elsewhere).
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

LEASE_S = 3600
"""How long a mapping is asked for; it is renewed halfway (reach.PortMapper) and removed when
the game ends."""
DESCRIPTION = "Triangles game"
NATPMP_PORT = 5351
NATPMP_TRIES = 3  # 0.25 s, 0.5 s, 1 s (RFC 6886 says up to 9; a router that speaks answers fast)


class MapError(RuntimeError):
    """No mapping by this method; one sentence."""


@dataclass
class Mapping:
    """A port this computer's router forwards: `public` (address, port) reaches `local_port`
    here. `renew` asks for it again; `remove` gives it back (errors ignored: the lease ends by
    itself)."""

    method: str  # "UPnP", "NAT-PMP"
    public: tuple[str, int]
    local_port: int
    _renew: Callable[[], None] = field(repr=False)
    _remove: Callable[[], None] = field(repr=False)

    def renew(self) -> None:
        self._renew()

    def remove(self) -> None:
        try:
            self._remove()
        except Exception:  # noqa: BLE001 - best effort: the lease ends anyway
            pass


def is_public(address: str) -> bool:
    """Whether a router's external address is on the internet (not behind another NAT)."""
    try:
        return ipaddress.IPv4Address(address).is_global
    except ValueError:
        return False


def map_port(port: int, log: Callable[[str], None] = lambda _text: None) -> Mapping | None:
    """Forward TCP `port` here from the router's public address: UPnP, then NAT-PMP; None when
    neither gives a public one (`log` hears why)."""
    for method in (upnp_map, natpmp_map):
        try:
            return method(port)
        except MapError as exc:
            log(str(exc))
    return None


# -- UPnP IGD ----------------------------------------------------------------------------------


def upnp_map(port: int, lease_s: int = LEASE_S) -> Mapping:
    try:
        import miniupnpc  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise MapError("UPnP: miniupnpc is not installed") from None
    upnp = miniupnpc.UPnP()
    upnp.discoverdelay = 500
    try:
        if not upnp.discover():
            raise MapError("UPnP: no router answered")
        upnp.selectigd()  # raises when there is no internet gateway device
        public = str(upnp.externalipaddress())
    except MapError:
        raise
    except Exception as exc:  # noqa: BLE001 - miniupnpc raises bare Exceptions
        raise MapError(f"UPnP: no internet gateway ({exc})") from None
    if not is_public(public):
        raise MapError(f"UPnP: the router's address {public} is not public (double NAT)")
    lan = str(upnp.lanaddr)

    def add() -> None:
        try:
            done = upnp.addportmapping(port, "TCP", lan, port, DESCRIPTION, "", lease_s)
        except Exception:  # noqa: BLE001 - some routers take only permanent leases (725)
            done = upnp.addportmapping(port, "TCP", lan, port, DESCRIPTION, "", 0)
        if not done:
            raise MapError(f"UPnP: the router did not map port {port}")

    try:
        add()
    except MapError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise MapError(f"UPnP: the router did not map port {port} ({exc})") from None
    return Mapping("UPnP", (public, port), port, add, lambda: upnp.deleteportmapping(port, "TCP"))


# -- NAT-PMP (RFC 6886) ------------------------------------------------------------------------


def default_gateway() -> str | None:
    """The IPv4 default gateway (Linux: /proc/net/route), else None."""
    try:
        lines = Path("/proc/net/route").read_text().splitlines()[1:]
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) > 2 and fields[1] == "00000000":
            return str(ipaddress.IPv4Address(struct.pack("<L", int(fields[2], 16))))
    return None


def _gateway_guess() -> str | None:
    """Where NAT-PMP asks: the default gateway, or (where the system does not say) the first
    address of this computer's network, which is the router's on most home networks."""
    gateway = default_gateway()
    if gateway is not None:
        return gateway
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: only the route is looked up
        own = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    if not ipaddress.IPv4Address(own).is_private:
        return None
    return str(ipaddress.IPv4Network(f"{own}/24", strict=False).network_address + 1)


def natpmp_request(gateway: str, request: bytes, answer_size: int) -> bytes:
    """One request, retried as RFC 6886 says (250 ms, doubling); the checked answer."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect((gateway, NATPMP_PORT))
        timeout = 0.25
        for _ in range(NATPMP_TRIES):
            sock.settimeout(timeout)
            try:
                sock.send(request)
                answer = sock.recv(64)
            except TimeoutError:
                timeout *= 2
                continue
            except OSError as exc:
                raise MapError(f"NAT-PMP: {exc.strerror or exc}") from None
            if len(answer) < answer_size or answer[0] != 0 or answer[1] != 128 + request[1]:
                continue  # not the answer to this request
            (result,) = struct.unpack("!H", answer[2:4])
            if result != 0:
                raise MapError(f"NAT-PMP: the router refused (result code {result})")
            return answer[:answer_size]
    raise MapError(f"NAT-PMP: no answer from {gateway}")


def natpmp_map(port: int, lease_s: int = LEASE_S, gateway: str | None = None) -> Mapping:
    gateway = gateway or _gateway_guess()
    if gateway is None:
        raise MapError("NAT-PMP: no gateway")
    answer = natpmp_request(gateway, b"\x00\x00", 12)
    public = str(ipaddress.IPv4Address(answer[8:12]))
    if not is_public(public):
        raise MapError(f"NAT-PMP: the router's address {public} is not public (double NAT)")
    mapped = [port]

    def ask(lifetime: int, external: int) -> int:
        request = struct.pack("!BBHHHI", 0, 2, 0, port, external, lifetime)
        answer = natpmp_request(gateway, request, 16)
        return int(struct.unpack("!H", answer[10:12])[0])

    mapped[0] = ask(lease_s, port)
    if mapped[0] == 0:
        raise MapError("NAT-PMP: the router gave no port")

    def renew() -> None:
        mapped[0] = ask(lease_s, mapped[0])

    def remove() -> None:
        ask(0, 0)

    return Mapping("NAT-PMP", (public, mapped[0]), port, renew, remove)
