"""`python -m triangles_qt.net host|join`: two processes on this machine play whole games over
loopback with a strategy in each seat, under both rule options, and write the same valid
record; a joiner killed mid-game (SIGKILL) rejoins when the same command runs again and the game
finishes with nothing lost; failures end with one clear line and a non-zero status."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # the browser test's Qt application

import json  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from triangles_qt.core.record import read_record  # noqa: E402
from triangles_qt.record import main as validate  # noqa: E402

NET = [sys.executable, "-m", "triangles_qt.net"]
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def start_host(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], int]:
    """The host, its port read from its first line."""
    host = subprocess.Popen(
        [*NET, "host", "--listen", "loopback", "--port", "0", "--preset", "phone-24",
         "--records", str(tmp_path / "host"), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )  # fmt: skip
    assert host.stdout is not None
    first = host.stdout.readline()
    assert first.startswith("listening on 127.0.0.1:"), first + host.stderr.read()
    return host, int(first.rsplit(":", 1)[1])


def join_command(tmp_path: Path, port: int, *extra: str) -> list[str]:
    return [*NET, "join", f"127.0.0.1:{port}", "--records", str(tmp_path / "join"), *extra]


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def the_record(folder: Path) -> Path:
    (path,) = folder.glob("*.triangles")
    return path


@pytest.mark.parametrize("replay", [False, True])
def test_two_processes_play_a_whole_game_and_keep_the_same_record(tmp_path, replay):
    rules = ["--replay-after-triangle"] if replay else []
    host, port = start_host(tmp_path, "--strategy", "medium", "--seed", "5", *rules)
    started = time.monotonic()
    joined = subprocess.run(
        join_command(tmp_path, port, "--strategy", "easy", "--name", "Joiner"),
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )
    status, out, err = finish(host)
    seconds = time.monotonic() - started
    assert joined.returncode == 0, joined.stderr
    assert status == 0, err
    host_record, join_record = the_record(tmp_path / "host"), the_record(tmp_path / "join")
    assert host_record.read_bytes() == join_record.read_bytes()
    loaded = read_record(join_record)
    assert loaded.game.is_over and loaded.game.rules.replay_after_triangle is replay
    assert [p.name for p in loaded.players] == ["Medium", "Joiner"]
    assert [p.strategy for p in loaded.players] == ["medium", "easy"]
    assert validate([str(host_record)]) == 0
    # Both print the same result line.
    assert out.splitlines()[0] == joined.stdout.splitlines()[0]
    assert seconds < 60


def test_a_killed_joiner_rejoins_with_the_same_command_and_nothing_is_lost(tmp_path):
    host, port = start_host(tmp_path, "--strategy", "medium", "--seed", "8", "--grace", "30")
    command = join_command(tmp_path, port, "--strategy", "easy", "--delay", "0.05")
    state = tmp_path / "join" / f".join-127.0.0.1-{port}.json"
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    # Killed once both sides confirmed a good part of the game.
    deadline = time.monotonic() + 60
    confirmed: list = []
    while time.monotonic() < deadline and len(confirmed) < 12:
        try:
            confirmed = json.loads(state.read_text())["record"]["moves"]
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.02)
    assert first.poll() is None and len(confirmed) >= 12
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    kept = json.loads(state.read_text())["record"]["moves"]
    again = subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=120)
    status, _, err = finish(host)
    assert again.returncode == 0, again.stderr
    assert "rejoining the game kept in" in again.stderr
    assert status == 0, err
    assert "waiting for Easy to reconnect" in err
    host_record, join_record = the_record(tmp_path / "host"), the_record(tmp_path / "join")
    assert host_record.read_bytes() == join_record.read_bytes()
    moves = json.loads(join_record.read_text())["moves"]
    assert moves[: len(kept)] == kept  # the confirmed strokes are the game's first ones
    assert read_record(join_record).game.is_over
    assert not state.exists()  # a finished game leaves no rejoin state behind


def test_joining_where_no_game_is_fails_with_one_line(tmp_path):
    done = subprocess.run(
        [*NET, "join", "127.0.0.1:1", "--strategy", "easy", "--resume-file", str(tmp_path / "s")],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "error: could not join the game at 127.0.0.1:1: Connection refused"
    )


def test_usage_errors_exit_2(tmp_path):
    for args in (
        ["join", "nowhere", "--strategy", "easy"],
        ["join", "127.0.0.1:70000", "--strategy", "easy"],
        ["host", "--strategy", "easy", "--port", "-1"],
        ["host", "--strategy", "easy", "--name", "x" * 41],
        ["host", "--strategy", "easy", "--seed", "12345678901"],  # no joiner could read it
        ["host", "--strategy", "no-such-strategy", "--listen", "loopback", "--port", "0"],
    ):
        done = subprocess.run([*NET, *args], capture_output=True, text=True, env=ENV, timeout=60)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.strip(), args


def test_a_joiner_of_another_version_is_refused(tmp_path):
    """The host refuses it with `error version`; the host goes on waiting, and stops when
    killed."""
    import socket

    host, port = start_host(tmp_path, "--strategy", "easy")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as peer:
            peer.sendall(b"triangles-net 9\n")
            received = b""
            while b"error" not in received:
                chunk = peer.recv(4096)
                if not chunk:
                    break
                received += chunk
            while not received.endswith(b"\n"):
                chunk = peer.recv(4096)
                if not chunk:
                    break
                received += chunk
        assert b"error version the peer speaks triangles-net '9'; this side speaks version 2" in (
            received
        )
        assert host.poll() is None
    finally:
        host.kill()
        host.communicate(timeout=30)


def test_an_advertised_game_is_found_and_joined(tmp_path, qtbot):
    """The host announces its game (on the loopback interface here); a browser finds it, with
    its name, board and rules, and a joiner plays it at the address found."""
    pytest.importorskip("zeroconf")
    from triangles_qt.net.discovery import Browser

    host, port = start_host(tmp_path, "--strategy", "easy", "--advertise", "--name", "Bot Ana")
    browser = Browser(interfaces=["127.0.0.1"])
    found = []
    browser.found.connect(found.append)
    browser.start()
    try:
        qtbot.waitUntil(lambda: any(g.port == port for g in found), timeout=20_000)
        game = next(g for g in found if g.port == port)
        assert (game.name, game.preset, game.replay_after_triangle) == (
            "Bot Ana",
            "phone-24",
            False,
        )
        joined = subprocess.run(
            [*NET, "join", f"{game.address}:{game.port}", "--strategy", "easy",
             "--records", str(tmp_path / "join")],
            capture_output=True, text=True, env=ENV, timeout=120,
        )  # fmt: skip
        assert joined.returncode == 0, joined.stderr
        status, _, err = finish(host)
        assert status == 0, err
    finally:
        browser.stop()
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=30)


def test_a_damaged_rejoin_state_is_refused_before_connecting(tmp_path):
    state = tmp_path / "state.json"
    state.write_text('{"format": "triangles-net-resume", "version": 1, "token": "x", "seat": 0}')
    done = subprocess.run(
        [*NET, "join", "127.0.0.1:1", "--strategy", "easy", "--resume-file", str(state)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().endswith("(remove it to join a new game)"), done.stderr
    assert "cannot be used to rejoin" in done.stderr


def test_listening_everywhere_says_so_not_0_0_0_0(tmp_path):
    """--listen all binds every address, IPv6 too where the system allows: the first line says
    that, and standard error lists this computer's addresses (issue 47: it printed 0.0.0.0)."""
    host = subprocess.Popen(
        [*NET, "host", "--listen", "all", "--port", "0", "--strategy", "easy"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    try:
        assert host.stdout is not None
        first = host.stdout.readline().strip()
    finally:
        host.kill()
        _, err = host.communicate(timeout=30)
    port = first.rsplit(" ", 1)[-1]
    assert port.isdigit(), first + err
    assert first in (
        f"listening on all addresses (IPv4 and IPv6), port {port}",
        f"listening on all IPv4 addresses, port {port}",  # a system without IPv6
    )
    assert "0.0.0.0" not in first and "this computer's addresses:" in err


def test_a_headless_joiner_told_busy_says_it_tries_again(qtbot, capsys):
    from PySide6.QtNetwork import QHostAddress, QTcpServer

    from triangles_qt.core.players import PlayerKind
    from triangles_qt.net.headless import HeadlessPlayer
    from triangles_qt.net.match import NetMatch, State
    from triangles_qt.net.protocol import Limits, PeerInfo

    server = QTcpServer()  # a host that is always busy
    assert server.listen(QHostAddress(QHostAddress.SpecialAddress.LocalHost), 0)
    sockets = []

    def busy():
        while server.hasPendingConnections():
            socket = server.nextPendingConnection()
            socket.write(b"error busy too many connections are joining at once\n")
            sockets.append(socket)

    server.newConnection.connect(busy)
    limits = Limits(retry_s=0.05, busy_retry_s=0.3)
    bot = PeerInfo("Bot", "test", PlayerKind.COMPUTER, "easy")
    match = NetMatch.join("127.0.0.1", server.serverPort(), bot, None, limits)
    player = HeadlessPlayer(match, None, 1.0, None)
    done = []
    player.done.connect(lambda status, message: done.append((status, message)))
    qtbot.waitUntil(lambda: bool(done), timeout=10_000)
    err = capsys.readouterr().err
    assert "the host is busy (too many connections are joining at once): trying again in 0.1 s" in (
        err
    )
    assert match.state == State.CLOSED
    assert done[0][0] == 1 and "still busy after 0.3 s" in done[0][1]


def test_the_headless_host_lets_in_only_the_joiners_it_names(tmp_path):
    host, port = start_host(tmp_path, "--strategy", "easy", "--accept", "Joiner")
    try:
        declined = subprocess.run(
            join_command(tmp_path, port, "--strategy", "easy", "--name", "Stranger"),
            capture_output=True,
            text=True,
            env=ENV,
            timeout=120,
        )
        assert declined.returncode == 1
        assert "waiting for Easy to accept this player" in declined.stderr
        assert "Easy declined to play with Stranger (declined)" in declined.stderr
        joined = subprocess.run(
            join_command(tmp_path, port, "--strategy", "easy", "--name", "Joiner"),
            capture_output=True,
            text=True,
            env=ENV,
            timeout=120,
        )
        assert joined.returncode == 0, joined.stderr
        status, _, err = finish(host)
        assert status == 0, err
        assert "Stranger wants to join: declined (not named by --accept)" in err
        assert "Joiner wants to join: accepted" in err
        assert "whoever joins first" not in err
    finally:
        host.kill()


def test_the_headless_host_says_that_whoever_joins_first_takes_the_seat(tmp_path):
    host, _ = start_host(tmp_path, "--strategy", "easy")
    host.kill()
    _, err = host.communicate(timeout=60)
    assert "warning: whoever joins first takes the seat (--accept NAME" in err


@pytest.fixture
def reaped():
    """Processes a test starts: killed at its end if still running (a failed test must not
    leave a game running)."""
    started: list[subprocess.Popen] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def wait_for_confirmed(state: Path, count: int, process: subprocess.Popen) -> None:
    """Until the joiner's rejoin state holds `count` confirmed strokes (or it ended)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if len(json.loads(state.read_text())["record"]["moves"]) >= count:
                return
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.02)
    raise AssertionError("the game did not get that far")


def test_a_game_left_mid_way_leaves_a_record_on_both_sides_saying_who_left(tmp_path, reaped):
    """Issue 47: a match that ends any way leaves a record on every side (docs/rules.md 8.1.1)."""
    host, port = start_host(tmp_path, "--strategy", "medium", "--seed", "8")
    command = join_command(tmp_path, port, "--strategy", "easy", "--delay", "0.05")
    state = tmp_path / "join" / f".join-127.0.0.1-{port}.json"
    joiner = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=ENV)  # fmt: skip
    reaped += [host, joiner]
    wait_for_confirmed(state, 6, joiner)
    joiner.send_signal(signal.SIGINT)  # Ctrl-C: the joiner leaves (bye)
    joined_status, _, joined_err = finish(joiner)
    status, _, err = finish(host)
    assert joined_status != 0 and status == 1, err
    for side, text in (("join", joined_err), ("host", err)):
        path = the_record(tmp_path / side)
        assert f"record: {path}" in text
        loaded = read_record(path)
        assert not loaded.game.is_over and len(loaded.game.moves) >= 6
        assert loaded.ended is not None and loaded.ended.how == "left"
        assert loaded.ended.player == 1  # the joiner's seat (the host starts by default)
        assert json.loads(path.read_text())["version"] == 2
    assert not state.exists()  # the joiner left: nothing to rejoin
    assert "Easy left the game" in read_record(the_record(tmp_path / "host")).ended.why


def test_a_joiner_that_does_not_come_back_leaves_the_host_a_record_of_the_lost_game(
    tmp_path, reaped
):
    with socket.socket() as probe:  # a port of its own: the host keeps its game (.host-PORT)
        probe.bind(("127.0.0.1", 0))
        fixed = str(probe.getsockname()[1])
    host, port = start_host(
        tmp_path, "--strategy", "medium", "--seed", "8", "--grace", "1", "--port", fixed
    )
    command = join_command(tmp_path, port, "--strategy", "easy", "--delay", "0.05")
    state = tmp_path / "join" / f".join-127.0.0.1-{port}.json"
    joiner = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    reaped += [host, joiner]
    wait_for_confirmed(state, 6, joiner)
    assert (tmp_path / "host" / f".host-{port}.json").exists()
    joiner.send_signal(signal.SIGKILL)
    joiner.wait(timeout=10)
    status, _, err = finish(host)
    assert status == 1 and "did not come back within 1 s" in err
    loaded = read_record(the_record(tmp_path / "host"))
    assert loaded.ended is not None and loaded.ended.how == "disconnected"
    assert loaded.ended.player is None and "did not come back" in loaded.ended.why
    assert state.exists()  # the joiner may still try: its state is its own to remove
    assert not (tmp_path / "host" / f".host-{port}.json").exists()  # its game is over


def test_a_killed_host_takes_its_game_back_with_the_same_command(tmp_path, reaped):
    """Issue 47: the host keeps its game (every stroke of its list, before it confirms one);
    started again on its port it waits for the joiner, whose retries find it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [*NET, "host", "--listen", "loopback", "--port", str(port), "--preset", "phone-24",
               "--records", str(tmp_path / "host"), "--strategy", "medium", "--seed", "8",
               "--delay", "0.05", "--accept-all"]  # fmt: skip
    kept = tmp_path / "host" / f".host-{port}.json"
    first = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV
    )
    reaped.append(first)
    assert first.stdout is not None
    assert first.stdout.readline().startswith("listening on")  # before the joiner comes
    joiner = subprocess.Popen(
        join_command(tmp_path, port, "--strategy", "easy", "--delay", "0.05"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    reaped.append(joiner)
    wait_for_confirmed(kept, 10, first)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    strokes = json.loads(kept.read_text())["record"]["moves"]
    again = subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=120)
    joined_status, _, joined_err = finish(joiner)
    assert again.returncode == 0, again.stderr
    assert "taking back the game kept in" in again.stderr
    assert joined_status == 0, joined_err
    host_record, join_record = the_record(tmp_path / "host"), the_record(tmp_path / "join")
    assert host_record.read_bytes() == join_record.read_bytes()
    assert json.loads(join_record.read_text())["moves"][: len(strokes)] == strokes
    assert read_record(join_record).game.is_over
    assert not kept.exists()  # a finished game leaves nothing to take back
