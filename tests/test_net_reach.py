"""Playing past the local network (docs/network-protocol.md, "Games over the internet"), on
loopback only: game codes (round trip, bad codes), the sealed link (SPAKE2 and ChaCha20-Poly1305:
a wrong code refused on both sides, a line tampered with, replayed or reordered refused), the
relay's pairing and limits, and whole games joined by code, directly and through the relay (in
this process and as `triangles-net` commands). No test here asks a router for anything: the
hosts pass --no-map or --invite-as, and in-process games never map (the netns test does that
inside network namespaces: test_net_reach_netns.py)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import asyncio  # noqa: E402
import base64  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from triangles_qt.core.board import Board  # noqa: E402
from triangles_qt.core.players import PlayerKind  # noqa: E402
from triangles_qt.core.record import read_record  # noqa: E402
from triangles_qt.core.rules import Rules  # noqa: E402
from triangles_qt.net import portmap  # noqa: E402
from triangles_qt.net.codes import (  # noqa: E402
    WORDS,
    CodeError,
    GameCode,
    decode_address,
    direct_code,
    encode_address,
    parse_code,
    relay_code,
)
from triangles_qt.net.match import MAX_WRONG_CODES, Listen, NetMatch, State  # noqa: E402
from triangles_qt.net.protocol import Limits, PeerInfo, ProtocolError, Setup  # noqa: E402
from triangles_qt.net.reach import RelayServer  # noqa: E402
from triangles_qt.net.relay import Relay, RelayLimits  # noqa: E402
from triangles_qt.net.secure import LINK, WRONG_CODE, SecureLines, sealed_bytes  # noqa: E402

NET = [sys.executable, "-m", "triangles_qt.net"]
FAST = Limits(handshake_s=5.0, ping_interval_s=0.3, silence_s=4.0, grace_s=8.0, retry_s=0.2)
ANA = PeerInfo("Ana", "test", PlayerKind.HUMAN)
BOT = PeerInfo("Bot", "test", PlayerKind.COMPUTER, "medium")
WAIT_MS = 20_000


@pytest.fixture(autouse=True)
def no_port_mapping(monkeypatch):
    """Nothing here may ask a real router: a call fails the test."""

    def refuse(*_args, **_kwargs):
        raise AssertionError("port mapping outside a network namespace")

    for name in ("map_port", "upnp_map", "natpmp_map"):
        monkeypatch.setattr(portmap, name, refuse)


# -- codes ---------------------------------------------------------------------------------------

words = st.sampled_from(WORDS)
ipv4 = st.ip_addresses(v=4).map(str)
ports = st.integers(1, 65_535)


@given(ipv4, ports, words, words)
def test_a_direct_code_carries_the_address_and_reads_back(host, port, first, second):
    code = direct_code(host, port, (first, second))
    text = str(code)
    token = text.split("-")[0]
    assert len(token) == 10 and decode_address(token) == (host, port)
    assert parse_code(text) == code
    assert parse_code(f"  {text.upper().replace('-', ' ')} ") == code  # as a person types it
    assert not code.via_relay


@given(words, words)
def test_a_relay_code_reads_back_and_gives_the_relay_no_words(first, second):
    code = relay_code((first, second))
    text = str(code)
    nameplate = text.split("-")[0]
    assert nameplate.isdigit() and len(nameplate) == 4
    assert parse_code(text) == code and code.via_relay
    other = GameCode(("acid", "acorn"), nameplate=nameplate)
    assert other.relay_token == code.relay_token  # the token is the nameplate's only
    assert first not in code.relay_token and len(code.relay_token) == 64


@pytest.mark.parametrize(
    "text",
    [
        "",
        "4821",
        "4821-amber",
        "4821-amber-oyster-plum",
        "4821-amber-notaword",
        "0821-amber-oyster",  # a nameplate has four digits, no leading zero
        "48210-amber-oyster",
        "alaaaaee4-amber-oyster",  # nine characters
        "alaaaaee41-amber-oyster",  # '1' is not base32
        "aaaaaaaaaa-amber-oyster",  # port 0
        "192.168.1.2:28024",
        "4821-amber-oyster\x00",
    ],
)
def test_bad_codes_are_refused_with_a_reason(text):
    with pytest.raises(CodeError) as caught:
        parse_code(text)
    assert str(caught.value)


def env() -> dict[str, str]:
    """This test's environment (its own user data folder: conftest.py), for a command."""
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def test_addresses_a_code_cannot_carry():
    for host, port in (("::1", 5000), ("example.org", 5000), ("1.2.3.4", 0), ("1.2.3.4", 70000)):
        with pytest.raises(CodeError):
            encode_address(host, port)


def test_public_addresses():
    assert portmap.is_public("11.0.0.2") and portmap.is_public("8.8.8.8")
    for address in ("192.168.1.1", "10.1.2.3", "100.64.0.1", "127.0.0.1", "x"):
        assert not portmap.is_public(address)


# -- the sealed link -----------------------------------------------------------------------------


def lines(data: bytes) -> list[bytes]:
    return [line for line in data.split(b"\n") if line]


def handshake(host_code: GameCode, join_code: GameCode) -> tuple[SecureLines, SecureLines]:
    """Two links that exchanged their SPAKE2 lines and their `ready` (ProtocolError from the
    side that finds out first)."""
    host, join = SecureLines(host_code, True), SecureLines(join_code, False)
    to_join = host.start()
    first = join.start()
    if join_code.via_relay:
        assert first.startswith(b"please relay " + join_code.relay_token.encode())
        assert join.receive(b"ok") is None
        first = join.output()
    for line in lines(first):
        assert host.receive(line) is None
    to_join += host.output()
    for line in lines(to_join):
        assert join.receive(line) is None
    for line in lines(join.output()):
        assert host.receive(line) is None
    assert host.confirmed and join.confirmed
    return host, join


def test_the_same_code_gives_both_sides_one_stream_each_way():
    code = relay_code()
    host, join = handshake(code, code)
    sealed = host.seal(b"stroke 0 1 2\n")
    assert b"stroke" not in sealed and sealed.endswith(b"\n")
    assert join.receive(sealed.rstrip(b"\n")) == b"stroke 0 1 2"
    assert host.receive(join.seal(b"ack 0\n").rstrip(b"\n")) == b"ack 0"


def test_lines_sent_before_the_keys_wait_for_them():
    code = direct_code("127.0.0.1", 5000)
    host, join = SecureLines(code, True), SecureLines(code, False)
    assert join.seal(b"triangles-net 2\n") == b""  # queued
    host.receive(lines(join.start())[0])  # the host answers before it started: it starts
    join.receive(lines(host.output())[0])
    assert host.start() == b""  # (once only)
    queued = lines(join.output())  # ready, then the queued line
    assert len(queued) == 2
    for line in lines(host.output()):
        join.receive(line)
    assert host.receive(queued[0]) is None and host.receive(queued[1]) == b"triangles-net 2"


def test_a_wrong_code_is_refused_on_both_sides():
    right = relay_code(("amber", "oyster"))
    wrong = GameCode(("acid", "acorn"), nameplate=right.nameplate)
    host, join = SecureLines(right, True), SecureLines(wrong, False)
    host_pake = host.start()
    join.start()
    join.receive(b"ok")
    host.receive(lines(join.output())[0])
    join.receive(lines(host_pake)[0])
    from_host, from_join = lines(host.output()), lines(join.output())
    for side, line in ((host, from_join[0]), (join, from_host[0])):
        with pytest.raises(ProtocolError) as caught:
            side.receive(line)
        assert caught.value.code == WRONG_CODE and "wrong game code" in caught.value.text
        assert side.failed and side.seal(b"anything\n") == b""  # nothing more goes out


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_line_tampered_with_is_refused(data):
    code = relay_code()
    host, join = handshake(code, code)
    sealed = bytearray(host.seal(b"stroke 4 10 11\n").rstrip(b"\n"))
    raw = bytearray(base64.b64decode(sealed))
    k = data.draw(st.integers(0, len(raw) - 1))
    raw[k] ^= data.draw(st.integers(1, 255))
    with pytest.raises(ProtocolError) as caught:
        join.receive(base64.b64encode(bytes(raw)))
    assert caught.value.code == LINK


def test_a_line_replayed_reordered_or_not_base64_is_refused():
    code = relay_code()
    for attack in ("replay", "reorder", "garbage"):
        host, join = handshake(code, code)
        one = host.seal(b"chat one\n").rstrip(b"\n")
        two = host.seal(b"chat two\n").rstrip(b"\n")
        if attack == "replay":
            assert join.receive(one) == b"chat one"
            bad = one
        elif attack == "reorder":
            bad = two
        else:
            bad = b"chat two"
        with pytest.raises(ProtocolError) as caught:
            join.receive(bad)
        assert caught.value.code == LINK


def test_a_peer_that_does_not_speak_spake2_or_a_relay_that_refuses():
    code = relay_code()
    for line in (b"triangles-net 2", b"pake !!!", b"pake " + base64.b64encode(b"x" * 33)):
        with pytest.raises(ProtocolError) as caught:
            SecureLines(code, True).receive(line)
        assert caught.value.code == LINK
    join = SecureLines(code, False)
    join.start()
    with pytest.raises(ProtocolError) as caught:
        join.receive(b"impatient")
    assert caught.value.code == LINK and "relay" in caught.value.text


@given(st.integers(0, 70_000))
def test_sealed_lines_stay_within_their_bound(size):
    code = relay_code()
    host, _ = handshake(code, code)
    assert len(host.seal(b"x" * size + b"\n")) - 1 == sealed_bytes(size)


# -- the relay -----------------------------------------------------------------------------------


class RelayThread:
    """A relay on loopback in a thread of its own (its own asyncio loop)."""

    def __init__(self, limits: RelayLimits | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.relay = Relay(limits or RelayLimits())
        self.relayed = bytearray()
        self.relay.tap = self.relayed.extend
        self.address = self.run(self.relay.start("127.0.0.1", 0))

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(30)

    def stop(self) -> None:
        self.run(self.relay.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def relay() -> Iterator[RelayThread]:
    running = RelayThread()
    yield running
    running.stop()


TOKEN = "ab" * 32


async def dial(port: int, token: str = TOKEN, side: str | None = None):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    side = side or os.urandom(8).hex()
    writer.write(f"please relay {token} for side {side}\n".encode())
    await writer.drain()
    return reader, writer


async def answer(reader: asyncio.StreamReader) -> bytes:
    return await asyncio.wait_for(reader.readline(), 10)


def test_the_relay_pairs_two_sides_of_one_token_and_splices_them():
    async def scenario():
        relay = Relay()
        _, port = await relay.start("127.0.0.1", 0)
        r1, w1 = await dial(port)
        r3, w3 = await dial(port, token="cd" * 32)  # another game: not paired with these
        await asyncio.sleep(0.1)
        assert len(relay.waiting) == 2
        r2, w2 = await dial(port)
        assert await answer(r1) == b"ok\n" and await answer(r2) == b"ok\n"
        w1.write(b"from one\n")
        w2.write(b"from two\n")
        assert await answer(r2) == b"from one\n" and await answer(r1) == b"from two\n"
        assert list(relay.waiting) == [b"cd" * 32] and relay.pairs == 1
        w1.close()
        assert await asyncio.wait_for(r2.read(), 10) == b""  # one leaves: the pair ends
        w3.close()
        for _ in range(100):
            if relay.connections == 0:
                break
            await asyncio.sleep(0.05)
        assert relay.connections == 0 and not relay.waiting and not relay.per_address
        await relay.close()

    asyncio.run(scenario())


def test_the_relay_refuses_what_is_not_a_request_and_the_impatient():
    async def scenario():
        relay = Relay(RelayLimits(request_s=0.5, wait_s=0.5))
        _, port = await relay.start("127.0.0.1", 0)
        for request in (b"GET / HTTP/1.1\n", b"please relay XYZ\n", b"x" * 300 + b"\n"):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request)
            assert await answer(reader) == b"bad handshake\n"
        reader, writer = await asyncio.open_connection("127.0.0.1", port)  # silent
        assert await answer(reader) == b"bad handshake\n"
        reader, lonely = await dial(port)  # nobody comes
        assert await answer(reader) == b"impatient\n"
        lonely.close()
        assert not relay.waiting
        await relay.close()

    asyncio.run(scenario())


def test_the_relay_limits_waiting_sockets_and_connections_per_address():
    async def scenario():
        relay = Relay(RelayLimits(max_waiting=2, max_per_address=3))
        _, port = await relay.start("127.0.0.1", 0)
        held = [await dial(port, token=f"{k:02x}" * 32) for k in range(2)]
        await asyncio.sleep(0.1)
        reader, third = await dial(port, token="ee" * 32)
        assert await answer(reader) == b"busy\n"  # no third waiting socket
        reader, pairing = await dial(port, token="00" * 32)  # pairs: needs no waiting place
        assert await answer(reader) == b"ok\n"
        reader, fourth = await dial(port, token="ff" * 32)  # a fourth from this address
        assert await answer(reader) == b"busy\n"
        for _, writer in [*held, (None, third), (None, pairing), (None, fourth)]:
            writer.close()
        await relay.close()

    asyncio.run(scenario())


async def drained(reader: asyncio.StreamReader) -> int:
    """How many bytes came until the connection ended; a reset ends it too (the other side
    closed with bytes of ours unread, as a relay cutting a pair does on a loaded machine)."""
    got = 0
    try:
        while data := await asyncio.wait_for(reader.read(1 << 16), 20):
            got += len(data)
    except ConnectionResetError:
        pass
    return got


def test_the_relay_cuts_a_pair_over_its_budget_and_slows_a_fast_one():
    async def scenario():
        relay = Relay(RelayLimits(pair_bytes=100_000, rate_bytes_s=200_000, burst_bytes=50_000))
        _, port = await relay.start("127.0.0.1", 0)
        r1, w1 = await dial(port)
        r2, w2 = await dial(port)
        assert await answer(r1) == b"ok\n" and await answer(r2) == b"ok\n"
        w1.write(b"x" * 300_000)
        got = await drained(r2)
        assert got <= 100_000 + (1 << 14)  # cut at the budget (to a read's size)
        assert await drained(r1) == 0  # closed: an end, or a reset (bytes were left unread)
        await relay.close()

    asyncio.run(scenario())


def test_the_same_side_again_replaces_its_waiting_connection():
    async def scenario():
        relay = Relay()
        _, port = await relay.start("127.0.0.1", 0)
        old_reader, old_writer = await dial(port, side="11" * 8)
        await asyncio.sleep(0.1)
        new_reader, new_writer = await dial(port, side="11" * 8)
        assert await asyncio.wait_for(old_reader.read(), 10) == b""  # the old one is let go
        other, other_writer = await dial(port, side="22" * 8)
        assert await answer(new_reader) == b"ok\n" and await answer(other) == b"ok\n"
        for writer in (old_writer, new_writer, other_writer):
            writer.close()
        await relay.close()

    asyncio.run(scenario())


# -- whole games by code, in this process ------------------------------------------------------


def autoplay(match: NetMatch, seed: int) -> None:
    import random

    from PySide6.QtCore import QTimer

    rng = random.Random(seed)

    def maybe() -> None:
        if match.local_to_move:
            strokes = match.game.legal_strokes()
            i, j = strokes[rng.randrange(len(strokes))]
            match.play((int(i), int(j)))

    for signal in (match.started, match.resumed, match.stroke_received, match.state_changed):
        signal.connect(lambda *_: QTimer.singleShot(0, maybe))


def hosted(limits: Limits = FAST) -> NetMatch:
    setup = Setup(Board.generate("phone-24", 5), Rules(False), 1)
    return NetMatch.host(setup, ANA, Listen.LOOPBACK, 0, limits=limits)


def test_a_game_by_direct_code_is_sealed_and_survives_a_drop(qtbot):
    host = hosted()
    _, port = host.address()
    host.invite = direct_code("127.0.0.1", port)
    join = NetMatch.join("127.0.0.1", port, BOT, limits=FAST, invite=parse_code(str(host.invite)))
    autoplay(host, 1)
    autoplay(join, 2)
    qtbot.waitUntil(lambda: len(host.game.moves) >= 6, timeout=WAIT_MS)
    assert join._connection.link is not None and join._connection.link.confirmed
    join._connection.socket.abort()  # lost: the joiner comes back, sealed again
    qtbot.waitUntil(lambda: host.state == State.RECONNECTING, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: host.settled and join.settled, timeout=60_000)
    assert host.game.strokes == join.game.strokes


def test_a_wrong_code_fails_on_both_sides_and_three_close_the_game(qtbot):
    host = hosted()
    _, port = host.address()
    host.invite = direct_code("127.0.0.1", port, ("amber", "oyster"))
    problems: list[str] = []
    host.problem.connect(problems.append)
    ended: list[str] = []
    host.ended.connect(ended.append)
    for k in range(MAX_WRONG_CODES):
        wrong = direct_code("127.0.0.1", port, ("acid", WORDS[k + 1]))
        join = NetMatch.join("127.0.0.1", port, BOT, limits=FAST, invite=wrong)
        qtbot.waitUntil(lambda join=join: join.state == State.CLOSED, timeout=WAIT_MS)
        assert join.refusal_code == WRONG_CODE and "wrong game code" in join.end_reason
        qtbot.waitUntil(lambda k=k: host.wrong_codes == k + 1, timeout=WAIT_MS)
    assert all("wrong game code" in p for p in problems)
    qtbot.waitUntil(lambda: host.state == State.CLOSED, timeout=WAIT_MS)
    assert "wrong game code" in ended[0]


def test_a_plain_joiner_cannot_enter_a_game_by_code(qtbot):
    host = hosted()
    _, port = host.address()
    host.invite = direct_code("127.0.0.1", port)
    join = NetMatch.join("127.0.0.1", port, BOT, limits=FAST)  # no code: plain lines
    qtbot.waitUntil(lambda: join.state == State.CLOSED, timeout=WAIT_MS)
    assert host.state == State.LISTENING and host.peer is None


def test_a_game_through_the_relay_carries_only_sealed_lines(qtbot, relay):
    host = hosted()
    code = relay_code()
    server = RelayServer(relay.address, code)
    host.invite = code
    host.serve_through(server)
    server.start()
    qtbot.waitUntil(lambda: len(relay.relay.waiting) == 1, timeout=WAIT_MS)
    join = NetMatch.join(*relay.address, BOT, limits=FAST, invite=parse_code(str(code)))
    autoplay(host, 3)
    autoplay(join, 4)
    qtbot.waitUntil(lambda: host.settled and join.settled, timeout=60_000)
    assert host.game.strokes == join.game.strokes
    carried = bytes(relay.relayed)
    assert carried.startswith(b"pake ")
    for plain in (b"triangles-net", b"stroke", b"id name", b"Ana", b"seat", b"amber"):
        assert plain not in carried
    # The host waits at the relay again: a joiner coming back finds it there.
    qtbot.waitUntil(lambda: len(relay.relay.waiting) == 1, timeout=WAIT_MS)
    host.leave()
    qtbot.waitUntil(lambda: not relay.relay.waiting, timeout=WAIT_MS)


def test_a_host_keeps_trying_a_relay_that_is_down(qtbot):
    failures: list[str] = []
    server = RelayServer(("127.0.0.1", 1), relay_code())
    server.failed.connect(failures.append)
    server.start()
    qtbot.waitUntil(lambda: bool(failures), timeout=WAIT_MS)
    assert "127.0.0.1:1" in failures[0] and server.isListening()
    server.close()
    assert not server.isListening()


# -- the commands --------------------------------------------------------------------------------


def start(args: list[str], **kwargs) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*NET, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(),
        **kwargs,
    )


def read_code(host: subprocess.Popen[str]) -> str:
    assert host.stdout is not None
    seen = []
    for line in host.stdout:
        seen.append(line)
        if line.startswith("game code: "):
            return line.split(": ", 1)[1].strip()
    raise AssertionError("no game code: " + "".join(seen) + host.stderr.read())


HOST = ["host", "--invite", "--strategy", "medium", "--preset", "phone-24", "--accept-all"]


def test_commands_play_a_game_through_the_relay_command(tmp_path: Path):
    relay_process = start(["relay", "--listen", "127.0.0.1:0"])
    try:
        assert relay_process.stdout is not None
        first = relay_process.stdout.readline()
        assert first.startswith("relay listening on 127.0.0.1:"), first
        relay_at = first.split(" on ")[1].strip()
        host = start([*HOST, "--no-map", "--relay", relay_at, "--records", str(tmp_path / "h")])
        code = read_code(host)
        assert parse_code(code).via_relay
        bad = code.split("-")[0] + "-acid-acorn"
        wrong = subprocess.run(
            [*NET, "join", bad, "--relay", relay_at, "--strategy", "easy"],
            capture_output=True,
            text=True,
            env=env(),
            timeout=120,
        )
        assert wrong.returncode == 1 and "wrong game code" in wrong.stderr
        joined = subprocess.run(
            [*NET, "join", code, "--relay", relay_at, "--strategy", "easy",
             "--records", str(tmp_path / "j")],
            capture_output=True,
            text=True,
            env=env(),
            timeout=120,
        )  # fmt: skip
        assert joined.returncode == 0, joined.stderr
        out, err = host.communicate(timeout=120)
        assert host.returncode == 0, err
        assert "wrong game code" in err  # the host heard of the wrong guess too
        (host_record,) = (tmp_path / "h").glob("*.triangles")
        (join_record,) = (tmp_path / "j").glob("*.triangles")
        assert read_record(host_record).game.strokes == read_record(join_record).game.strokes
    finally:
        relay_process.kill()
        relay_process.wait()


def test_commands_play_a_game_by_direct_code(tmp_path: Path):
    host = start([*HOST, "--listen", "loopback", "--port", "0", "--invite-as", "127.0.0.1"])
    code = read_code(host)
    assert not parse_code(code).via_relay
    joined = subprocess.run(
        [*NET, "join", code, "--strategy", "easy"],
        capture_output=True,
        text=True,
        env=env(),
        timeout=120,
    )
    assert joined.returncode == 0, joined.stderr
    assert host.communicate(timeout=120) and host.returncode == 0


def test_command_errors_say_what_is_missing():
    cases = [
        ([*HOST, "--listen", "loopback", "--port", "0", "--no-map"], "--relay"),
        (["join", "4821-amber-oyster", "--strategy", "easy"], "--relay"),
        (["join", "4821-amber-notaword", "--strategy", "easy"], "not a word"),
    ]
    for args, said in cases:
        done = subprocess.run([*NET, *args], capture_output=True, text=True, env=env(), timeout=60)
        assert done.returncode == 2 and said in done.stderr, done.stderr


def test_a_host_dials_again_when_the_relay_tires_of_waiting(qtbot):
    running = RelayThread(RelayLimits(wait_s=0.3))
    try:
        failures: list[str] = []
        server = RelayServer(running.address, relay_code())
        server.failed.connect(failures.append)
        waits: list[None] = []
        server.waiting.connect(lambda: waits.append(None))
        server.start()
        qtbot.waitUntil(lambda: len(waits) >= 3, timeout=WAIT_MS)  # impatient, and back
        assert failures == [] and server.isListening()
        server.close()
    finally:
        running.stop()
