"""Two computers that cannot reach each other play a game (docs/network-protocol.md, "How the
internet was simulated"): five network namespaces on this machine make two homes, each behind
a NAT router, and a "public" host running the relay:

    hA 192.168.1.2 -- rA [lan 192.168.1.1 | wan 11.0.0.2] --+
                                                               +-- inet (bridge) 11.0.0.10: relay
    hB 192.168.1.2 -- rB [lan 192.168.1.1 | wan 11.0.0.3] --+

Both homes have the same private address; each router masquerades its home and forwards nothing
in (nftables), except what miniupnpd, a real UPnP IGD and NAT-PMP server, opens on router A.
The test shows that neither home reaches the other, then plays a whole headless game (a) hosted
in home A, whose router forwards the port by UPnP (no server), and (b) hosted in home B, whose
router maps nothing, through the relay. 11.0.0.0/24 exists only inside the namespaces (miniupnpd
refuses documentation ranges as a WAN address); nothing links them to this machine's network,
so every port mapping the games ask for happens inside them.

Needs root, `ip` (iproute2), `nft` (nftables) and `miniupnpd` (miniupnpd-nftables); skips
otherwise. Namespace names carry this process's id (pytest -n runs several at once)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

PREFIX = f"tri{os.getpid()}"
NAMES = {key: f"{PREFIX}-{key}" for key in ("inet", "rA", "rB", "hA", "hB")}
WAN = {"A": "11.0.0.2", "B": "11.0.0.3"}
RELAY = "11.0.0.10:4001"
GAME = ["--strategy", "easy", "--budget", "5"]

NFT_RULES = """
table inet filter {
  chain miniupnpd {
  }
  chain prerouting_miniupnpd {
  }
  chain postrouting_miniupnpd {
  }
  chain forward {
    type filter hook forward priority 0; policy drop;
    ct state established,related accept
    iifname "lan" oifname "wan" accept
    jump miniupnpd
  }
  chain prerouting {
    type nat hook prerouting priority -100; policy accept;
    jump prerouting_miniupnpd
  }
  chain postrouting {
    type nat hook postrouting priority 100; policy accept;
    jump postrouting_miniupnpd
    oifname "wan" masquerade
  }
}
"""

MINIUPNPD_CONF = """ext_ifname=wan
listening_ip=lan
http_port=0
enable_natpmp=yes
enable_upnp=yes
secure_mode=yes
system_uptime=yes
notify_interval=60
clean_ruleset_interval=600
uuid=3c3b8f2e-1d3a-4a8e-9a77-2b1f0a7d1111
upnp_table_name=filter
upnp_nat_table_name=filter
upnp_forward_chain=miniupnpd
upnp_nat_chain=prerouting_miniupnpd
upnp_nat_postrouting_chain=postrouting_miniupnpd
allow 1024-65535 192.168.1.0/24 1024-65535
deny 0-65535 0.0.0.0/0 0-65535
"""

PROBE = """
import socket, sys
try:
    socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=3).close()
    print("reached")
except OSError as exc:
    print("unreachable:", type(exc).__name__)
"""
LISTENER = """
import socket, sys
server = socket.create_server(("0.0.0.0", int(sys.argv[1])))
server.settimeout(float(sys.argv[2]))
print("listening", flush=True)
server.accept()
print("accepted", flush=True)
"""


def env() -> dict[str, str]:
    """This test's environment (its own user data folder: conftest.py), for a command."""
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def tool(name: str) -> str | None:
    return shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")


def ip(*args: str, stdin: str | None = None) -> None:
    subprocess.run(["ip", *args], check=True, input=stdin, text=True, capture_output=True)


def inside(space: str, *command: str) -> list[str]:
    return ["ip", "netns", "exec", NAMES[space], *command]


def net(space: str, *args: str) -> list[str]:
    return inside(space, sys.executable, "-m", "triangles_qt.net", *args)


def build() -> None:
    """The two homes, their routers and the internet between them (after netsim.sh)."""
    for name in NAMES.values():
        ip("netns", "add", name)
        ip("-n", name, "link", "set", "lo", "up")
    inet = NAMES["inet"]
    ip("-n", inet, "link", "add", "br0", "type", "bridge")
    ip("-n", inet, "link", "set", "br0", "up")
    ip("-n", inet, "addr", "add", "11.0.0.10/24", "dev", "br0")
    for side in "AB":
        router, home = NAMES[f"r{side}"], NAMES[f"h{side}"]
        ip("-n", router, "link", "add", "wan", "type", "veth", "peer", "name", f"up{side}",
           "netns", inet)  # fmt: skip
        ip("-n", inet, "link", "set", f"up{side}", "master", "br0", "up")
        ip("-n", router, "addr", "add", f"{WAN[side]}/24", "dev", "wan")
        ip("-n", router, "link", "set", "wan", "up")
        ip("-n", router, "link", "add", "lan", "type", "veth", "peer", "name", "eth0",
           "netns", home)  # fmt: skip
        ip("-n", router, "addr", "add", "192.168.1.1/24", "dev", "lan")
        ip("-n", router, "link", "set", "lan", "up")
        ip("-n", home, "addr", "add", "192.168.1.2/24", "dev", "eth0")
        ip("-n", home, "link", "set", "eth0", "up")
        ip("-n", home, "route", "add", "default", "via", "192.168.1.1")
        subprocess.run(
            inside(f"r{side}", "sysctl", "-qw", "net.ipv4.ip_forward=1"),
            check=True,
            capture_output=True,
        )
        subprocess.run(
            inside(f"r{side}", "nft", "-f", "-"),
            input=NFT_RULES,
            text=True,
            check=True,
            capture_output=True,
        )


def tear_down() -> None:
    for name in NAMES.values():
        subprocess.run(["ip", "netns", "del", name], capture_output=True)


@pytest.fixture
def internet(tmp_path: Path) -> Iterator[list[subprocess.Popen[str]]]:
    """The namespaces, miniupnpd on router A and the relay on the public host; every process
    it or the test starts (the list) is killed, and the namespaces deleted, whatever happens."""
    if os.geteuid() != 0:
        pytest.skip("network namespaces need root")
    missing = [name for name in ("ip", "nft", "miniupnpd") if tool(name) is None]
    if missing:
        pytest.skip(f"missing {', '.join(missing)} (iproute2, nftables, miniupnpd-nftables)")
    probe = f"{PREFIX}-probe"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"ip netns add fails here: {made.stderr.strip()}")
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    processes: list[subprocess.Popen[str]] = []
    try:
        build()
        conf = tmp_path / "miniupnpd.conf"
        conf.write_text(MINIUPNPD_CONF)
        miniupnpd = tool("miniupnpd")
        assert miniupnpd is not None
        processes.append(
            subprocess.Popen(
                inside("rA", miniupnpd, "-d", "-4", "-f", str(conf), "-P",
                       str(tmp_path / "miniupnpd.pid")),
                stdout=subprocess.DEVNULL,
                stderr=open(tmp_path / "miniupnpd.log", "w"),  # noqa: SIM115
                text=True,
            )
        )  # fmt: skip
        relay = subprocess.Popen(
            net("inet", "relay", "--listen", RELAY),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env(),
        )
        processes.append(relay)
        assert relay.stdout is not None
        assert relay.stdout.readline().startswith(f"relay listening on {RELAY}")
        yield processes
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.wait(10)
        tear_down()


def start(processes: list[subprocess.Popen[str]], command: list[str]) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env()
    )
    processes.append(process)
    return process


def game_code(host: subprocess.Popen[str]) -> str:
    assert host.stdout is not None
    for line in host.stdout:
        if line.startswith("game code: "):
            return line.split(": ", 1)[1].strip()
    host.wait(10)
    raise AssertionError(f"the host gave no code: {host.stderr.read() if host.stderr else ''}")


def start_game(processes, host_side: str, join_side: str, extra: list[str]):
    """A game by code: the host in one home, the joiner (started once the code is shown) in
    the other."""
    host = start(processes, net(f"h{host_side}", "host", "--invite", "--port", "5000",
                                "--accept-all", "--preset", "phone-24", *GAME, *extra))  # fmt: skip
    code = game_code(host)
    joiner = start(processes, net(f"h{join_side}", "join", code, *GAME, *extra))
    return code, host, joiner


def finish_game(host: subprocess.Popen[str], joiner: subprocess.Popen[str]) -> tuple[str, str]:
    """Both sides' ends (each exits 0 with the same result): the host's standard error and the
    result."""
    join_out, join_err = joiner.communicate(timeout=120)
    if joiner.returncode != 0:
        host.kill()
    host_out, host_err = host.communicate(timeout=120)
    assert joiner.returncode == 0, join_err + host_err
    assert host.returncode == 0, host_err
    result = host_out.strip().splitlines()[-1]
    assert result == join_out.strip().splitlines()[-1]
    return host_err, result


def test_two_homes_behind_nat_play_by_port_mapping_and_through_the_relay(internet):
    began = time.monotonic()
    # Neither home reaches the other: a listener in home A, dialled from home B at A's
    # router, is not reached (the router forwards nothing yet).
    listener = start(internet, inside("hA", sys.executable, "-c", LISTENER, "5000", "30"))
    assert listener.stdout is not None and listener.stdout.readline().strip() == "listening"
    for address in (WAN["A"], "192.168.1.2"):  # A's router; A's own address (B's own, here)
        probe = subprocess.run(
            inside("hB", sys.executable, "-c", PROBE, address, "5000"),
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert probe.stdout.startswith("unreachable"), probe.stdout
    listener.terminate()
    assert "accepted" not in listener.communicate(timeout=30)[0]
    print(f"\nbaseline: home B cannot reach home A ({time.monotonic() - began:.1f} s)")

    # Two games at once, each way:
    # (a) router A forwards the host's port by UPnP: the code carries its public address;
    # (b) router B maps nothing: the host waits at the relay, the joiner meets it there.
    code_a, host_a, join_a = start_game(internet, "A", "B", [])
    code_b, host_b, join_b = start_game(internet, "B", "A", ["--relay", RELAY])
    assert not code_a[0].isdigit() and code_b[:4].isdigit()  # direct; relay
    host_err, result = finish_game(host_a, join_a)
    assert f"the router forwards {WAN['A']}:5000 here (UPnP)" in host_err
    assert "the port mapping was removed" in host_err
    rules = subprocess.run(
        inside("rA", "nft", "list", "chain", "inet", "filter", "prerouting_miniupnpd"),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "dnat" not in rules  # given back
    print(f"(a) UPnP, code {code_a}: {result} ({time.monotonic() - began:.1f} s)")
    host_err, result = finish_game(host_b, join_b)
    assert "no port mapping" in host_err
    print(f"(b) relay, code {code_b}: {result} ({time.monotonic() - began:.1f} s)")
