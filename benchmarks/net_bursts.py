"""What a flood of connections costs a network host (issue 47: "20 bursts of 1,000 connections
leave the host's memory within 10 MB of where it started"). Run on demand (Linux: it reads the
host's memory from /proc):

    python3 -m benchmarks.net_bursts [--bursts 20] [--connections 1000] [--nofile 1024]

Starts `triangles-net host` on the loopback (with at most --nofile open files, a desktop's usual
limit, so that running out of them is part of the test), reads its resident memory (RSS) once it
has settled, then opens --bursts bursts of --connections connections to it as fast as it can,
each held open without a word until 1 s after the burst's last one, then closed (strangers who
never speak), and reads its
memory again once the host has had time to free them all (a few seconds). A player then joins
and plays the game to its end, to show the host still takes its player. Prints the memory
before, at its highest and after, and whether it ended within --limit-mb of the start.
"""

from __future__ import annotations

import argparse
import errno
import os
import resource
import select
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NET = [sys.executable, "-m", "triangles_qt.net"]
IN_FLIGHT = 32  # connections being made at once (the host's queue of new connections holds 50)
SETTLE_S = 6.0  # longer than the first-line deadline (3 s) and the freeing of a refused one (3 s)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def start_host(nofile: int) -> tuple[subprocess.Popen[str], int]:
    def limit_files() -> None:
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        soft = nofile if hard == resource.RLIM_INFINITY else min(nofile, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    host = subprocess.Popen(
        [*NET, "host", "--listen", "loopback", "--port", "0", "--strategy", "easy",
         "--preset", "phone-24", "--seed", "1"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        preexec_fn=limit_files,
    )  # fmt: skip
    assert host.stdout is not None
    first = host.stdout.readline()
    if not first.startswith("listening on 127.0.0.1:"):
        host.kill()
        raise RuntimeError(f"the host did not start: {first!r}")
    return host, int(first.rsplit(":", 1)[1])


def burst(port: int, count: int, hold_s: float, pid: int, peak: list[int]) -> tuple[int, int]:
    """`count` connections opened as fast as the host's queue of new connections takes them (a
    few dozen at a time: more would only be dropped by the system, and retried seconds later),
    each held `hold_s` after the last one is made without a word, then all closed; (how many
    were made, how many the host closed meanwhile: refused, given way, or timed out)."""
    opened = failed = 0
    connecting: list[socket.socket] = []
    made: list[socket.socket] = []
    ended: set[socket.socket] = set()

    def watch(timeout: float) -> None:
        listening = [s for s in made if s not in ended][-1000:]
        ready, writable, _ = select.select(listening, connecting, [], timeout)
        for probe in writable:
            connecting.remove(probe)
            if probe.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                made.append(probe)
            else:
                probe.close()
        for probe in ready:
            try:
                if not probe.recv(65536):
                    ended.add(probe)
            except OSError:
                ended.add(probe)

    give_up = time.monotonic() + 60
    while (opened < count or connecting) and time.monotonic() < give_up:
        while opened < count and len(connecting) < IN_FLIGHT:
            opened += 1
            probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            probe.setblocking(False)
            if probe.connect_ex(("127.0.0.1", port)) in (0, errno.EINPROGRESS):
                connecting.append(probe)
            else:
                probe.close()
                failed += 1
        watch(0.05)
        peak[0] = max(peak[0], rss_kb(pid))
    hold_until = time.monotonic() + hold_s
    while time.monotonic() < hold_until:
        watch(0.05)
        peak[0] = max(peak[0], rss_kb(pid))
    for probe in made + connecting:
        probe.close()
    return len(made), len(ended)


def play_a_game(port: int) -> bool:
    """A player joins after the flood and plays the game to its end."""
    with tempfile.TemporaryDirectory() as folder:
        joined = subprocess.run(
            [*NET, "join", f"127.0.0.1:{port}", "--strategy", "easy", "--records", folder],
            capture_output=True,
            text=True,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
            timeout=120,
        )
    if joined.returncode != 0:
        print(f"the player could not play: {joined.stderr.strip()}", file=sys.stderr)
    return joined.returncode == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bursts", type=int, default=20)
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--hold", type=float, default=1.0, help="seconds each burst stays open")
    parser.add_argument("--nofile", type=int, default=1024, help="the host's open-file limit")
    parser.add_argument("--limit-mb", type=float, default=10.0)
    args = parser.parse_args(argv)
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = args.connections + 64
    if hard != resource.RLIM_INFINITY and hard < want:
        parser.error(f"this process may open {hard} files, and needs {want}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    host, port = start_host(args.nofile)
    try:
        time.sleep(SETTLE_S)  # the strategy's process started, the plugins listed
        before = rss_kb(host.pid)
        peak = [before]
        started = time.monotonic()
        established = ended = 0
        for _ in range(args.bursts):
            made, closed = burst(port, args.connections, args.hold, host.pid, peak)
            established += made
            ended += closed
        flood_s = time.monotonic() - started
        time.sleep(SETTLE_S)
        after = rss_kb(host.pid)
        played = play_a_game(port)
        status = host.wait(timeout=60)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    total = args.bursts * args.connections
    grew_mb = (after - before) / 1024
    print(f"{args.bursts} bursts of {args.connections} connections ({total} in {flood_s:.0f} s): "
          f"{established} made, {ended} closed by the host while held")  # fmt: skip
    print(f"host RSS: before {before / 1024:.1f} MB, highest {peak[0] / 1024:.1f} MB, "
          f"after {after / 1024:.1f} MB ({grew_mb:+.1f} MB)")  # fmt: skip
    print(f"a player joined after the flood and finished the game: {played and status == 0}")
    within = abs(grew_mb) <= args.limit_mb
    print(f"within {args.limit_mb:g} MB of the start: {within}")
    return 0 if within and played and status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
