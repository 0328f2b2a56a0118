"""Playing over the network (docs/network-protocol.md), in one process over loopback: the
protocol's words, two `NetMatch`es playing whole games under both rule options, undo, resign,
rematch, chat and reconnecting; and every kind of malformed input a peer can send (a raw socket
plays the misbehaving peer), each refused with the documented `error` line while the game stays
exactly as it was."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import random  # noqa: E402
from dataclasses import replace  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtNetwork import QTcpSocket  # noqa: E402

from triangles_qt.core.board import Board  # noqa: E402
from triangles_qt.core.players import PlayerInfo, PlayerKind  # noqa: E402
from triangles_qt.core.record import parse_record, record_to_text  # noqa: E402
from triangles_qt.core.rules import Rules  # noqa: E402
from triangles_qt.net import protocol  # noqa: E402
from triangles_qt.net.match import Listen, NetMatch, State  # noqa: E402
from triangles_qt.net.protocol import Limits, PeerInfo, ProtocolError, Setup  # noqa: E402

FAST = Limits(
    handshake_s=2.0,
    partial_line_s=0.4,
    ping_interval_s=0.2,
    silence_s=3.0,
    grace_s=5.0,
    retry_s=0.1,
)
ANA = PeerInfo("Ana", "test", PlayerKind.HUMAN)
BOT = PeerInfo("Bot", "test", PlayerKind.COMPUTER, "medium")
WAIT_MS = 10_000


# -- the protocol's words ------------------------------------------------------------------------


def test_numbers_are_ascii_digits_only():
    for word in ("+5", " 5", "٣", "5.0", "-1", "", "99999999999"):
        with pytest.raises(ProtocolError) as caught:
            protocol.number(word, "a star")
        assert caught.value.code == protocol.MALFORMED
    assert protocol.number("17", "a star") == 17


def test_lines_that_are_not_text_are_refused():
    for raw in (b"\xff\xfe", b"caf\xc3", b"chat a\x00b", b"chat \x1b[2J"):
        with pytest.raises(ProtocolError) as caught:
            protocol.decode_line(raw)
        assert caught.value.code == protocol.NOT_TEXT
    assert protocol.decode_line(b"chat caf\xc3\xa9\r") == "chat café"


def test_unknown_words_and_malformed_lines_are_named():
    with pytest.raises(ProtocolError) as caught:
        protocol.parse("teleport 3")
    assert caught.value.code == protocol.UNKNOWN
    with pytest.raises(ProtocolError) as caught:
        protocol.parse_stroke_line(protocol.parse("stroke 0 1"))
    assert caught.value.code == protocol.MALFORMED


def test_chat_and_names_are_one_clean_line():
    assert protocol.clean_text("hi\x1b[31m\u2028there\u202e  you", 200) == "hi[31m there you"
    assert len(protocol.clean_text("x" * 500, protocol.MAX_CHAT_CHARACTERS)) == 200
    with pytest.raises(ProtocolError):
        protocol.checked_name("A" * 41)
    with pytest.raises(ProtocolError):
        protocol.checked_name("")


def test_the_token_bucket_allows_a_burst_then_the_rate():
    now = [0.0]
    bucket = protocol.TokenBucket(10, 5, clock=lambda: now[0])
    assert [bucket.take() for _ in range(6)] == [True] * 5 + [False]
    now[0] += 0.1
    assert bucket.take() and not bucket.take()


def test_the_setup_lines_give_back_the_same_board():
    board = Board.generate("phone-24", 11)
    lines = protocol.setup_lines(Setup(board, Rules(True), 1), "a" * 32)
    preset, seed = protocol.parse_board_line(protocol.parse(lines[0]))
    again, rules = protocol.parse_newgame(protocol.parse(lines[1]), preset, seed)
    assert again.same_as(board) and (again.preset, again.seed) == ("phone-24", 11)
    assert rules == Rules(True)
    assert protocol.parse_seat_line(protocol.parse(lines[2])) == (1, "a" * 32)


# -- helpers -------------------------------------------------------------------------------------


def host(qtbot, seed=3, replay=False, joiner_seat=1, limits=FAST, preset="phone-24", ask=False):
    setup = Setup(Board.generate(preset, seed), Rules(replay), joiner_seat)
    match = NetMatch.host(setup, ANA, Listen.LOOPBACK, 0, limits=limits, ask=ask)
    return match


def join(match, limits=FAST, local=BOT, resume=None):
    _, port = match.address()
    return NetMatch.join("127.0.0.1", port, local, resume, limits)


def autoplay(match, seed=0, pause_at=None):
    """Play a legal stroke (picked by a seeded random choice) whenever it is this side's turn
    (and the game has fewer strokes than `pause_at[0]`, when given)."""
    rng = random.Random(seed)

    def maybe():
        if pause_at is not None and len(match.game.moves) >= pause_at[0]:
            return
        if match.local_to_move:
            strokes = match.game.legal_strokes()
            i, j = strokes[rng.randrange(len(strokes))]
            match.play((int(i), int(j)))

    def soon(*_):
        QTimer.singleShot(0, maybe)

    for signal in (
        match.started,
        match.resumed,
        match.stroke_received,
        match.state_changed,
        match.confirmed,
    ):
        signal.connect(soon)
    match.taken_back.connect(soon)


def players(match):
    out = [match.local.player(), match.local.player()]
    out[match.peer_seat] = match.peer.player()
    return out


def record(match):
    return record_to_text(match.game, players(match))


class RawPeer:
    """A hand-driven joiner: sends whatever bytes a test wants and collects the lines back."""

    def __init__(self, qtbot, match):
        self.qtbot = qtbot
        self.socket = QTcpSocket()
        self.buffer = b""
        self.lines: list[str] = []
        self.closed = False
        self.socket.readyRead.connect(self._read)
        self.socket.disconnected.connect(self._closed)
        _, port = match.address()
        self.socket.connectToHost("127.0.0.1", port)
        assert self.socket.waitForConnected(2000)

    def _read(self):
        self.buffer += bytes(self.socket.readAll().data())
        *done, self.buffer = self.buffer.split(b"\n")
        self.lines += [line.decode() for line in done]

    def _closed(self):
        self.closed = True

    def send(self, data: bytes | str):
        self.socket.write(data.encode() if isinstance(data, str) else data)
        self.socket.flush()

    def hello(self, last="join"):
        self.send(f"triangles-net 2\nid name Raw\nid app x\nid player human\n{last}\n")
        self.qtbot.waitUntil(
            lambda: bool(any(x.startswith("start") for x in self.lines)), timeout=WAIT_MS
        )

    def wait_error(self, code):
        self.qtbot.waitUntil(lambda: bool(self.closed), timeout=WAIT_MS)
        errors = [line for line in self.lines if line.startswith("error ")]
        assert errors, self.lines
        assert errors[-1].split(" ")[1] == code, errors
        return errors[-1]


def play_pair(qtbot, replay):
    hosting = host(qtbot, seed=7, replay=replay)
    joining = join(hosting)
    autoplay(hosting, 1)
    autoplay(joining, 2)
    qtbot.waitUntil(lambda: bool(hosting.settled and joining.settled), timeout=30_000)
    return hosting, joining


# -- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("replay", [False, True])
def test_two_matches_play_a_whole_game_with_identical_valid_records(qtbot, replay):
    hosting, joining = play_pair(qtbot, replay)
    assert hosting.game.is_over and joining.game.is_over
    assert hosting.game.strokes == joining.game.strokes
    assert record(hosting) == record(joining)
    loaded = parse_record(record(joining))
    assert loaded.game.rules.replay_after_triangle is replay
    assert [p.name for p in loaded.players] == ["Ana", "Bot"]  # the host starts here
    assert loaded.players[1] == PlayerInfo("Bot", PlayerKind.COMPUTER, "medium")
    for match in (hosting, joining):
        match.leave()


def test_undo_needs_the_other_side_and_a_decline_changes_nothing(qtbot):
    hosting = host(qtbot, joiner_seat=0)
    joining = join(hosting)
    qtbot.waitUntil(lambda: bool(joining.state == State.PLAYING), timeout=WAIT_MS)
    joining.play((0, 1)) if joining.game.check(0, 1) is None else joining.play(
        tuple(int(v) for v in joining.game.legal_strokes()[0])
    )
    qtbot.waitUntil(lambda: bool(hosting.game.moves and hosting.local_to_move), timeout=WAIT_MS)
    hosting.play(tuple(int(v) for v in hosting.game.legal_strokes()[0]))
    qtbot.waitUntil(lambda: bool(len(joining.game.moves) == 2), timeout=WAIT_MS)
    offered = []
    hosting.undo_offered.connect(offered.append)
    answers = []
    joining.undo_answered.connect(lambda ok, keep: answers.append((ok, keep)))
    joining.offer_undo(0)
    assert not joining.local_to_move  # nothing is played while the offer is open
    qtbot.waitUntil(lambda: bool(offered == [0]), timeout=WAIT_MS)
    hosting.answer_undo(False)
    qtbot.waitUntil(lambda: bool(answers == [(False, 0)]), timeout=WAIT_MS)
    assert len(hosting.game.moves) == len(joining.game.moves) == 2
    joining.offer_undo(0)
    qtbot.waitUntil(lambda: bool(offered == [0, 0]), timeout=WAIT_MS)
    hosting.answer_undo(True)
    qtbot.waitUntil(lambda: bool(answers[-1] == (True, 0)), timeout=WAIT_MS)
    assert hosting.game.strokes == joining.game.strokes == []
    assert joining.local_to_move


def test_resign_chat_and_rematch(qtbot):
    hosting = host(qtbot, seed=4, preset="tablet-180")  # its board's line is over 1 KiB
    joining = join(hosting)
    qtbot.waitUntil(lambda: bool(hosting.state == State.PLAYING), timeout=WAIT_MS)
    said = []
    joining.chat_received.connect(said.append)
    hosting.send_chat("good\x1b[2J luck\u2028!" + "x" * 300)
    qtbot.waitUntil(lambda: bool(said), timeout=WAIT_MS)
    assert said[0].startswith("good[2J luck !") and len(said[0]) == 200
    resigned = []
    joining.resigned.connect(resigned.append)
    hosting.resign()
    qtbot.waitUntil(lambda: bool(resigned == [hosting.local_seat]), timeout=WAIT_MS)
    assert joining.state == hosting.state == State.OVER
    offered = []
    joining.rematch_offered.connect(lambda: offered.append(True))
    started = []
    joining.started.connect(lambda: started.append(True))
    hosting.offer_rematch()
    qtbot.waitUntil(lambda: bool(offered), timeout=WAIT_MS)
    joining.answer_rematch(True)
    qtbot.waitUntil(lambda: bool(started and joining.state == State.PLAYING), timeout=WAIT_MS)
    # The next seed, the other player starts, and it is the same board on both sides.
    assert joining.game.board.seed == 5 and joining.local_seat == 0
    assert joining.game.board.same_as(hosting.game.board) and hosting.local_seat == 1


def test_a_dropped_joiner_comes_back_and_nothing_is_lost(qtbot):
    hosting = host(qtbot, seed=9)
    joining = join(hosting)
    pause_at = [10]
    autoplay(hosting, 1, pause_at)
    autoplay(joining, 2, pause_at)
    qtbot.waitUntil(lambda: joining.confirmed_count == 10, timeout=WAIT_MS)
    pause_at[0] = 1000
    states = []
    hosting.state_changed.connect(states.append)
    resumed = []
    joining.resumed.connect(resumed.append)
    joining._connection.socket.abort()  # the network fails under the joiner
    qtbot.waitUntil(lambda: bool(resumed), timeout=WAIT_MS)
    assert State.RECONNECTING in states
    qtbot.waitUntil(lambda: bool(hosting.settled and joining.settled), timeout=30_000)
    assert record(hosting) == record(joining)
    parse_record(record(joining))


def test_a_silent_joiner_is_waited_for_then_given_up(qtbot):
    limits = replace(FAST, silence_s=0.5, grace_s=0.5)
    hosting = host(qtbot, limits=limits)
    peer = RawPeer(qtbot, hosting)
    peer.hello()
    states = []
    hosting.state_changed.connect(states.append)
    peer.wait_error(protocol.TIMEOUT)  # it never answered a ping
    qtbot.waitUntil(lambda: bool(hosting.state == State.CLOSED), timeout=WAIT_MS)
    assert states[0] == State.RECONNECTING
    assert hosting.end_reason == "Raw did not come back within 0.5 s"


# -- a misbehaving peer --------------------------------------------------------------------------


def joined_raw(qtbot, joiner_seat=1, limits=FAST):
    hosting = host(qtbot, joiner_seat=joiner_seat, limits=limits)
    problems = []
    hosting.problem.connect(problems.append)
    peer = RawPeer(qtbot, hosting)
    peer.hello()
    return hosting, peer, problems


def assert_refused(qtbot, hosting, peer, data, code, strokes=()):
    before = list(hosting.game.strokes)
    assert before == list(strokes)
    peer.send(data)
    line = peer.wait_error(code)
    assert hosting.game.strokes == before  # the game is unchanged
    return line


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"\xff\xfe\xfd\n", protocol.NOT_TEXT),
        (b"chat caf\xc3(\n", protocol.NOT_TEXT),
        (b"chat \x00\x01\x02\n", protocol.NOT_TEXT),
        (b"chat " + b"x" * 5000 + b"\n", protocol.TOO_LONG),
        (b"x" * 5000, protocol.TOO_LONG),  # no end of line needed to be too long
        (b"chat hi\n" * 200, protocol.RATE),
        (b"ack 0\n" * 200, protocol.RATE),  # acks of nothing are not free
        (b"teleport 1 2\n", protocol.UNKNOWN),
        (b"stroke 0 1\n", protocol.MALFORMED),
        (b"stroke 0 a b\n", protocol.MALFORMED),
        (b"stroke 0 3 3\n", protocol.MALFORMED),  # not a stroke: the same star twice
        (b"stroke 0 0 999\n", protocol.MALFORMED),
        (b"undo accept 3 1\n", protocol.STATE),
        (b"rematch offer\n", protocol.STATE),
        (b"join\n", protocol.STATE),
    ],
)
def test_malformed_input_is_refused_and_changes_nothing(qtbot, data, code):
    hosting, peer, problems = joined_raw(qtbot, joiner_seat=0)
    assert_refused(qtbot, hosting, peer, data, code)
    assert problems and hosting.state == State.CLOSED


def test_a_slow_sender_is_closed(qtbot):
    hosting, peer, _ = joined_raw(qtbot, joiner_seat=0)
    assert_refused(qtbot, hosting, peer, b"stro", protocol.TIMEOUT)
    assert "unfinished" in peer.lines[-1]


def test_a_stroke_out_of_turn_is_refused(qtbot):
    hosting, peer, _ = joined_raw(qtbot, joiner_seat=1)  # the host starts
    line = assert_refused(qtbot, hosting, peer, b"stroke 0 0 1\n", protocol.TURN)
    assert line == "error turn stroke 0 sent out of turn"


def test_a_stroke_with_the_wrong_index_is_refused(qtbot):
    hosting, peer, _ = joined_raw(qtbot, joiner_seat=0)
    line = assert_refused(qtbot, hosting, peer, b"stroke 5 0 1\n", protocol.INDEX)
    assert line == "error index stroke 5 sent, but stroke 0 is next"


def test_an_illegal_stroke_is_refused(qtbot):
    hosting, peer, _ = joined_raw(qtbot, joiner_seat=0)
    i, j = (int(v) for v in hosting.game.legal_strokes()[0])
    peer.send(f"stroke 0 {i} {j}\n")
    qtbot.waitUntil(lambda: bool("ack 0" in peer.lines), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: bool(len(hosting.game.moves) == 1), timeout=WAIT_MS)
    hosting.play(tuple(int(v) for v in hosting.game.legal_strokes()[0]))
    qtbot.waitUntil(
        lambda: bool(any(x.startswith("stroke 1 ") for x in peer.lines)), timeout=WAIT_MS
    )
    played = list(hosting.game.strokes)
    line = assert_refused(qtbot, hosting, peer, f"stroke 2 {j} {i}\n", protocol.ILLEGAL, played)
    assert line == f"error illegal stroke 2 ({j}-{i}) already drawn"


@pytest.mark.parametrize(
    ("hello", "code"),
    [
        ("hello there\n", protocol.UNKNOWN),
        ("id name Raw\n", protocol.MALFORMED),  # the version must come first
        ("triangles-net 1\n", protocol.VERSION_MISMATCH),  # version 1 is refused
        ("triangles-net 2\njoin\n", protocol.MALFORMED),  # no name
        ("triangles-net 2\nid name \x7f\n", protocol.NOT_TEXT),
        ("triangles-net 2\nid name " + "N" * 41 + "\njoin\n", protocol.MALFORMED),
        ("triangles-net 2\nid name Raw\nrejoin 0\n", protocol.TOKEN),  # nobody joined yet
        ("triangles-net 2\nid name Raw\nproof " + "0" * 64 + "\n", protocol.STATE),
        ("triangles-net 2\nid name Raw\nstroke 0 0 1\n", protocol.STATE),
    ],
)
def test_a_bad_handshake_is_refused_and_the_host_waits_on(qtbot, hello, code):
    hosting = host(qtbot)
    peer = RawPeer(qtbot, hosting)
    peer.send(hello)
    peer.wait_error(code)
    assert hosting.state == State.LISTENING  # still waiting for its player
    good = join(hosting)
    qtbot.waitUntil(lambda: bool(good.state == State.PLAYING), timeout=WAIT_MS)


def test_a_silent_connection_is_closed_after_the_handshake_deadline(qtbot):
    hosting = host(qtbot, limits=replace(FAST, handshake_s=0.3))
    peer = RawPeer(qtbot, hosting)
    peer.send("triangles-net 2\n")
    assert "handshake" in peer.wait_error(protocol.TIMEOUT)
    assert hosting.state == State.LISTENING


def test_a_second_player_is_told_the_game_is_full(qtbot):
    hosting = host(qtbot)
    first = join(hosting)
    qtbot.waitUntil(lambda: bool(first.state == State.PLAYING), timeout=WAIT_MS)
    peer = RawPeer(qtbot, hosting)
    peer.send("triangles-net 2\nid name Raw\njoin\n")
    peer.wait_error(protocol.BUSY)
    assert first.state == State.PLAYING


def test_the_joiner_refuses_an_illegal_stroke_from_the_host(qtbot):
    """The joiner checks the host's strokes too: a raw host plays an illegal one."""
    from PySide6.QtNetwork import QHostAddress, QTcpServer

    server = QTcpServer()
    assert server.listen(QHostAddress(QHostAddress.SpecialAddress.LocalHost), 0)
    joining = NetMatch.join("127.0.0.1", server.serverPort(), BOT, None, FAST)
    qtbot.waitUntil(server.hasPendingConnections, timeout=WAIT_MS)
    socket = server.nextPendingConnection()
    board = Board.generate("phone-24", 1)
    lines = [protocol.version_line(), *protocol.id_lines(ANA)]
    lines += protocol.setup_lines(Setup(board, Rules(), 1), "b" * 32)
    lines += ["start 0", "stroke 0 0 1", "stroke 1 0 1"]
    received = []
    socket.readyRead.connect(lambda: received.append(bytes(socket.readAll().data())))
    problems = []
    joining.problem.connect(problems.append)
    socket.write(("\n".join(lines) + "\n").encode())
    qtbot.waitUntil(lambda: bool(joining.state == State.CLOSED), timeout=WAIT_MS)
    sent = b"".join(received).decode()
    first_ok = board.candidate(0, 1) >= 0
    if first_ok:
        assert "error turn stroke 1 sent out of turn" in sent
        assert joining.game.strokes == [(0, 1)]
    else:
        assert "error illegal stroke 0 (0-1) passes over a star" in sent
        assert joining.game.strokes == []
    assert problems


def test_a_flood_of_connections_is_turned_away_and_the_player_still_joins(qtbot):
    hosting = host(qtbot)
    peers = [RawPeer(qtbot, hosting) for _ in range(12)]
    qtbot.waitUntil(lambda: sum(p.closed for p in peers) >= 4, timeout=WAIT_MS)
    assert all(p.lines[-1].startswith("error busy") for p in peers if p.closed)
    for peer in peers:
        peer.socket.abort()
    qtbot.waitUntil(lambda: not hosting._candidates, timeout=WAIT_MS)  # they are gone
    good = join(hosting)
    qtbot.waitUntil(lambda: good.state == State.PLAYING, timeout=WAIT_MS)


def test_connections_turned_away_are_freed(qtbot):
    """A flood of connections refused with `busy` leaves nothing behind (each kept ~7 KB for
    the rest of the game: 65 -> 217 MB after 20 bursts of 1,000, issue 47)."""
    from triangles_qt.net.connection import Connection

    hosting = host(qtbot)
    for _ in range(3):
        peers = [RawPeer(qtbot, hosting) for _ in range(20)]
        qtbot.waitUntil(lambda peers=peers: sum(p.closed for p in peers) >= 12, timeout=WAIT_MS)
        for peer in peers:
            peer.socket.abort()
    qtbot.waitUntil(lambda: len(hosting.findChildren(Connection)) == 0, timeout=WAIT_MS + 10_000)
    good = join(hosting)
    qtbot.waitUntil(lambda: good.state == State.PLAYING, timeout=WAIT_MS)


def test_only_an_address_of_a_local_network_is_taken_for_the_local_network():
    from triangles_qt.net.match import is_local_network

    for local in ("192.168.1.20", "10.0.0.7", "172.16.4.2", "169.254.3.9", "100.64.0.1"):
        assert is_local_network(local), local
    for public in ("8.8.8.8", "81.2.69.142", "nonsense"):
        assert not is_local_network(public), public


def test_a_stolen_token_does_not_take_the_seat_of_a_player_who_is_here(qtbot):
    """A rejoin with the right token while the player is connected is refused; the player
    plays on (issue 47: the player was dropped without a word)."""
    hosting = host(qtbot)
    joining = join(hosting)
    qtbot.waitUntil(lambda: joining.state == State.PLAYING, timeout=WAIT_MS)
    thief = RawPeer(qtbot, hosting)
    thief.send("triangles-net 2\nid name Thief\nrejoin 0\n")
    nonce = challenge_of(qtbot, thief)
    thief.send(f"proof {protocol.rejoin_proof(hosting.token, nonce, 'Ana', 'Thief', 0)}\n")
    qtbot.waitUntil(lambda: thief.closed, timeout=WAIT_MS)
    assert thief.lines[-1].startswith("error busy") and "still connected" in thief.lines[-1]
    assert hosting.state == joining.state == State.PLAYING and hosting.peer.name == BOT.name


def test_the_rejoin_state_with_its_token_is_readable_by_its_owner_alone(qtbot, tmp_path):
    """The token takes the seat back: its file is 0600, also over an older 0644 one (issue 47)."""
    import stat

    from triangles_qt.net.headless import write_resume

    hosting = host(qtbot)
    joining = join(hosting)
    qtbot.waitUntil(lambda: joining.state == State.PLAYING, timeout=WAIT_MS)
    state = tmp_path / "state.json"
    state.write_text("{}")
    state.chmod(0o644)  # as an earlier version left it
    write_resume(state, joining)
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    assert joining.token in state.read_text()


# -- the rejoin secret is proven, never sent (issue 47) ------------------------------------------


def challenge_of(qtbot, peer):
    """The nonce of the `challenge` line the host sent `peer`."""
    qtbot.waitUntil(lambda: any(x.startswith("challenge ") for x in peer.lines), timeout=WAIT_MS)
    return next(x for x in peer.lines if x.startswith("challenge ")).split(" ")[1]


def dropped_seat(qtbot):
    """A host whose joiner (its token known) was lost: the seat waits for a rejoin."""
    hosting = host(qtbot)
    joining = join(hosting)
    qtbot.waitUntil(lambda: joining.state == State.PLAYING, timeout=WAIT_MS)
    token = joining.token
    joining.close()
    joining._connection = None
    qtbot.waitUntil(lambda: hosting.state == State.RECONNECTING, timeout=WAIT_MS)
    return hosting, token


def raw_rejoin(qtbot, hosting, name="Raw"):
    peer = RawPeer(qtbot, hosting)
    peer.send(f"triangles-net 2\nid name {name}\nid app x\nid player human\nrejoin 0\n")
    return peer, challenge_of(qtbot, peer)


def test_a_rejoin_with_the_right_token_proves_it_and_comes_back(qtbot):
    hosting, token = dropped_seat(qtbot)
    peer, nonce = raw_rejoin(qtbot, hosting)
    assert len(nonce) == 32
    peer.send(f"proof {protocol.rejoin_proof(token, nonce, 'Ana', 'Raw', 0)}\n")
    qtbot.waitUntil(lambda: any(x.startswith("start ") for x in peer.lines), timeout=WAIT_MS)
    assert hosting.state == State.PLAYING and hosting.peer.name == "Raw"
    seat = next(x for x in peer.lines if x.startswith("seat "))
    assert seat.endswith(" -")  # the token does not travel again


@pytest.mark.parametrize("wrong", ["token", "names", "count"])
def test_a_proof_with_a_wrong_token_or_for_another_rejoin_is_refused(qtbot, wrong):
    hosting, token = dropped_seat(qtbot)
    peer, nonce = raw_rejoin(qtbot, hosting)
    key = "0" * 32 if wrong == "token" else token
    names = ("Raw", "Ana") if wrong == "names" else ("Ana", "Raw")
    count = 1 if wrong == "count" else 0
    peer.send(f"proof {protocol.rejoin_proof(key, nonce, *names, count)}\n")
    assert "does not match" in peer.wait_error(protocol.TOKEN)
    assert hosting.state == State.RECONNECTING  # the seat still waits for its player


def test_an_answer_to_an_old_challenge_is_refused(qtbot):
    """A proof seen once (say, on the wire) is worth nothing later: every connection has a
    fresh nonce, and a nonce is good for one answer."""
    hosting, token = dropped_seat(qtbot)
    first, nonce = raw_rejoin(qtbot, hosting)
    answer = f"proof {protocol.rejoin_proof(token, nonce, 'Ana', 'Raw', 0)}\n"
    first.socket.abort()  # the eavesdropper has the answer; its owner never used it
    replay, fresh = raw_rejoin(qtbot, hosting)
    assert fresh != nonce
    replay.send(answer)
    replay.wait_error(protocol.TOKEN)
    again, _ = raw_rejoin(qtbot, hosting)
    again.send(answer + answer)  # twice on one connection: the first is wrong, and ends it
    again.wait_error(protocol.TOKEN)
    assert hosting.state == State.RECONNECTING


@pytest.mark.parametrize(
    "lines",
    [
        "rejoin {token} 0\n",  # version 1's rejoin: the token in plain text
        "rejoin 0\nproof {token}\n",
        "rejoin 0\nproof {token}{token}\n",  # the token twice is not a proof either
    ],
)
def test_a_token_sent_in_plain_text_is_refused(qtbot, lines):
    hosting, token = dropped_seat(qtbot)
    peer = RawPeer(qtbot, hosting)
    peer.send("triangles-net 2\nid name Raw\n" + lines.format(token=token))
    qtbot.waitUntil(lambda: peer.closed, timeout=WAIT_MS)
    assert peer.lines[-1].split(" ")[1] in (protocol.MALFORMED, protocol.TOKEN)
    assert hosting.state == State.RECONNECTING


def test_the_token_never_travels_after_the_first_join(qtbot, monkeypatch):
    """Every line both sides write, through a join, a rejoin and a rematch: the token is on
    the first seat line only."""
    from triangles_qt.net.connection import Connection

    sent = []
    original = Connection.send

    def capture(self, line):
        sent.append(line)
        original(self, line)

    monkeypatch.setattr(Connection, "send", capture)
    hosting = host(qtbot, seed=9)
    joining = join(hosting)
    pause_at = [6]
    autoplay(hosting, 1, pause_at)
    autoplay(joining, 2, pause_at)
    qtbot.waitUntil(lambda: joining.confirmed_count == 6, timeout=WAIT_MS)
    resumed = []
    joining.resumed.connect(resumed.append)
    joining._connection.socket.abort()
    qtbot.waitUntil(lambda: bool(resumed), timeout=WAIT_MS)
    pause_at[0] = 1000
    QTimer.singleShot(0, lambda: autoplay(joining, 3) or None)
    hosting.resign()
    qtbot.waitUntil(lambda: joining.state == State.OVER, timeout=WAIT_MS)
    started = []
    joining.started.connect(lambda: started.append(1))
    hosting.offer_rematch()
    qtbot.waitUntil(lambda: joining._peer_rematch, timeout=WAIT_MS)
    joining.answer_rematch(True)
    qtbot.waitUntil(lambda: bool(started), timeout=WAIT_MS)
    token = hosting.token
    assert joining.token == token
    carrying = [line for line in sent if token in line]
    assert carrying == [next(line for line in sent if line.startswith("seat "))]
    assert any(line.startswith("proof ") for line in sent)
    assert sum(line.startswith("seat ") for line in sent) == 3  # join, rejoin, rematch


# -- the host accepts a joiner (issue 47) ----------------------------------------------------------


def test_a_joiner_waits_for_the_host_to_accept_it_past_the_handshake_deadline(qtbot):
    limits = replace(FAST, handshake_s=0.5)
    hosting = host(qtbot, limits=limits, ask=True)
    requested = []
    hosting.join_requested.connect(requested.append)
    joining = join(hosting, limits=limits)
    waiting = []
    joining.waiting_for_host.connect(lambda: waiting.append(joining.peer_name))
    qtbot.waitUntil(lambda: requested == ["Bot"] and waiting == ["Ana"], timeout=WAIT_MS)
    qtbot.wait(1000)  # twice the handshake's deadline: a person decides, both sides ping
    assert hosting.state == State.LISTENING and joining.state == State.CONNECTING
    hosting.answer_join(True)
    qtbot.waitUntil(lambda: joining.state == hosting.state == State.PLAYING, timeout=WAIT_MS)
    assert hosting.peer.name == "Bot"
    resumed = []
    joining.resumed.connect(resumed.append)
    joining._connection.socket.abort()  # a rejoin that proves the token is not asked again
    qtbot.waitUntil(lambda: bool(resumed), timeout=WAIT_MS)
    assert requested == ["Bot"]


def test_a_declined_joiner_is_told_and_the_host_waits_on(qtbot):
    hosting = host(qtbot, ask=True)
    requested = []
    hosting.join_requested.connect(requested.append)
    joining = join(hosting)
    qtbot.waitUntil(lambda: requested == ["Bot"], timeout=WAIT_MS)
    hosting.answer_join(False)
    qtbot.waitUntil(lambda: joining.state == State.CLOSED, timeout=WAIT_MS)
    assert joining.refusal_code == protocol.DECLINED
    assert "Ana declined to play with Bot" in joining.end_reason
    assert hosting.state == State.LISTENING
    other = join(hosting, local=replace(BOT, name="Cy"))
    qtbot.waitUntil(lambda: requested == ["Bot", "Cy"], timeout=WAIT_MS)
    hosting.answer_join(True)
    qtbot.waitUntil(lambda: other.state == State.PLAYING, timeout=WAIT_MS)
    assert hosting.peer.name == "Cy"


def test_one_joiner_is_asked_about_at_a_time_and_the_next_one_tries_again(qtbot):
    hosting = host(qtbot, ask=True)
    requested = []
    hosting.join_requested.connect(requested.append)
    first = join(hosting)
    qtbot.waitUntil(lambda: requested == ["Bot"], timeout=WAIT_MS)
    second = join(hosting, local=replace(BOT, name="Cy"))
    tries = []
    second.retrying.connect(lambda delay, why: tries.append(why))
    qtbot.waitUntil(lambda: bool(tries), timeout=WAIT_MS)
    assert "answering another player" in tries[0]
    first.close()  # the first one gives up: its question has no answer any more
    qtbot.waitUntil(lambda: requested == ["Bot", "Cy"], timeout=WAIT_MS)
    hosting.answer_join(True)
    qtbot.waitUntil(lambda: second.state == State.PLAYING, timeout=WAIT_MS)


def test_an_answer_for_a_joiner_who_left_does_nothing(qtbot):
    hosting = host(qtbot, ask=True)
    requested = []
    hosting.join_requested.connect(requested.append)
    peer = RawPeer(qtbot, hosting)
    peer.send("triangles-net 2\nid name Raw\njoin\n")
    qtbot.waitUntil(lambda: "wait" in peer.lines, timeout=WAIT_MS)
    peer.send("chat hello\n")  # nothing but pings while the host is asked
    peer.wait_error(protocol.STATE)
    qtbot.waitUntil(lambda: not hosting._candidates, timeout=WAIT_MS)
    hosting.answer_join(True)
    assert hosting.state == State.LISTENING and hosting.peer is None


# -- strangers who hold the handshake places (issue 47) -------------------------------------------

PATIENT = replace(FAST, first_line_s=30.0, handshake_s=30.0)
"""Deadlines far away: only giving way, not a deadline, can let a player in."""


def greeted(peer):
    return any(line.startswith("triangles-net ") for line in peer.lines)


def test_a_connection_that_says_nothing_is_closed_after_the_first_line_deadline(qtbot):
    hosting = host(qtbot, limits=replace(FAST, first_line_s=0.3, handshake_s=5.0))
    peer = RawPeer(qtbot, hosting)
    assert "nothing was said within 0.3 s" in peer.wait_error(protocol.TIMEOUT)
    assert hosting.state == State.LISTENING and not hosting._candidates


def test_idle_strangers_renewing_their_connections_cannot_keep_a_joiner_out(qtbot):
    """Every handshake place and every waiting place is held by a silent connection, renewed
    all the time; the player still joins at once and plays (issue 47: 8 idle connections
    renewed every 9 s kept everyone out)."""
    from triangles_qt.net.match import MAX_CANDIDATES

    hosting = host(qtbot, joiner_seat=0, limits=PATIENT)
    hosting.max_per_address = 100  # every connection of this test comes from 127.0.0.1
    strangers = [RawPeer(qtbot, hosting) for _ in range(2 * MAX_CANDIDATES)]
    qtbot.waitUntil(lambda: len(hosting._candidates) == 2 * MAX_CANDIDATES, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: sum(greeted(p) for p in strangers) == MAX_CANDIDATES, timeout=WAIT_MS)
    qtbot.wait(100)
    assert sum(greeted(p) for p in strangers) == MAX_CANDIDATES  # the rest wait, not greeted
    gone = []

    def renew():  # the oldest stranger goes, a new one comes
        gone.append(strangers.pop(0))
        gone[-1].socket.abort()
        strangers.append(RawPeer(qtbot, hosting))

    renewal = QTimer()
    renewal.timeout.connect(renew)
    renewal.start(20)
    try:
        qtbot.waitUntil(lambda: len(gone) >= 10, timeout=WAIT_MS)
        joining = join(hosting, limits=PATIENT)
        qtbot.waitUntil(lambda: joining.state == State.PLAYING, timeout=WAIT_MS)
        assert len(hosting._candidates) <= 2 * MAX_CANDIDATES
        i, j = (int(v) for v in joining.game.legal_strokes()[0])
        joining.play((i, j))
        qtbot.waitUntil(lambda: hosting.game.strokes == [(i, j)], timeout=WAIT_MS)
    finally:
        renewal.stop()
    assert hosting.peer.name == BOT.name and hosting.state == State.PLAYING


def test_one_address_holds_two_places_and_its_silent_ones_give_way(qtbot):
    """From one address: two connections are greeted, two more wait, and a newcomer takes the
    place of the oldest silent one waiting; a player from that address who speaks takes the
    place of the oldest silent one greeted."""
    hosting = host(qtbot, limits=PATIENT)
    assert hosting.max_per_address == 2
    peers = [RawPeer(qtbot, hosting) for _ in range(4)]
    qtbot.waitUntil(lambda: len(hosting._candidates) == 4, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: greeted(peers[0]) and greeted(peers[1]), timeout=WAIT_MS)
    assert not greeted(peers[2]) and not greeted(peers[3])
    peers.append(RawPeer(qtbot, hosting))
    line = peers[2].wait_error(protocol.BUSY)  # the oldest one waiting gave way
    assert "a silent one gives way" in line and not greeted(peers[2])
    joining = join(hosting, limits=PATIENT)
    qtbot.waitUntil(lambda: joining.state == State.PLAYING, timeout=WAIT_MS)
    peers[3].wait_error(protocol.BUSY)  # gave its waiting place to the player
    peers[0].wait_error(protocol.BUSY)  # gave its handshake place to the player, who spoke
    assert not peers[1].closed and not peers[4].closed


def speaking_strangers(qtbot, hosting, count):
    """Strangers who say their version and a name, then nothing: no silent one gives way."""
    strangers = []
    for k in range(count):
        peer = RawPeer(qtbot, hosting)
        peer.send(f"triangles-net 2\nid name Stranger{k}\n")
        strangers.append(peer)
        # One at a time: a stranger who spoke early would take a silent one's place.
        qtbot.waitUntil(
            lambda k=k: sum(not c.silent for c in hosting._candidates.values()) == k + 1,
            timeout=WAIT_MS,
        )
    assert len(hosting._candidates) == count
    return strangers


def test_the_seats_player_rejoins_while_strangers_hold_every_place(qtbot):
    from triangles_qt.net.match import MAX_CANDIDATES

    hosting = host(qtbot, limits=PATIENT)
    hosting.max_per_address = 100
    joining = join(hosting, limits=PATIENT)
    qtbot.waitUntil(lambda: joining.state == State.PLAYING, timeout=WAIT_MS)
    strangers = speaking_strangers(qtbot, hosting, 2 * MAX_CANDIDATES)
    greeted_ones = strangers[:MAX_CANDIDATES]
    assert all(greeted(p) for p in greeted_ones)
    # A newcomer takes the place of the one waiting longest: no `join` came with its version.
    RawPeer(qtbot, hosting)
    assert "the one waiting longest gives way" in strangers[MAX_CANDIDATES].wait_error(
        protocol.BUSY
    )
    resumed = []
    joining.resumed.connect(resumed.append)
    joining._connection.socket.abort()  # the network fails under the joiner
    qtbot.waitUntil(lambda: bool(resumed), timeout=WAIT_MS)
    assert joining.state == hosting.state == State.PLAYING
    assert not any(p.closed for p in greeted_ones)  # nobody greeted gave way


def test_a_joiner_told_busy_tries_again_backing_off_and_gets_in(qtbot):
    hosting = host(qtbot, limits=PATIENT)
    hosting.max_per_address = 100
    strangers = speaking_strangers(qtbot, hosting, 2 * hosting.max_candidates)
    joining = join(hosting, limits=PATIENT)
    tries = []
    joining.retrying.connect(lambda delay, why: tries.append((delay, why)))
    qtbot.waitUntil(lambda: len(tries) >= 3, timeout=WAIT_MS)
    assert joining.state == State.CONNECTING
    delays = [delay for delay, _ in tries]
    assert delays[:3] == pytest.approx([0.1, 0.2, 0.4])  # retry_s, doubled each time
    assert "too many connections" in tries[0][1]
    for peer in strangers:  # the strangers leave
        peer.socket.abort()
    qtbot.waitUntil(lambda: joining.state == State.PLAYING, timeout=WAIT_MS)
    assert hosting.peer.name == BOT.name


def test_a_joiner_told_busy_gives_up_after_a_while(qtbot):
    hosting = host(qtbot, limits=PATIENT)
    hosting.max_per_address = 100
    strangers = speaking_strangers(qtbot, hosting, 2 * hosting.max_candidates)
    joining = join(hosting, limits=replace(PATIENT, busy_retry_s=0.5))
    tries = []
    joining.retrying.connect(lambda delay, why: tries.append(delay))
    qtbot.waitUntil(lambda: joining.state == State.CLOSED, timeout=WAIT_MS)
    assert len(tries) >= 2 and joining.refusal_code == protocol.BUSY
    assert not any(p.closed for p in strangers[: hosting.max_candidates])  # the greeted ones
    assert joining.end_reason.startswith("the host was still busy after 0.5 s")


def test_a_restarted_joiner_is_told_busy_until_the_host_notices_its_old_connection_died(qtbot):
    """A joiner that comes back (with its token) while the host still hears the old connection
    is told `busy`; it keeps trying, and gets in once the old connection is gone."""
    hosting = host(qtbot)
    first = join(hosting)
    qtbot.waitUntil(lambda: first.state == State.PLAYING, timeout=WAIT_MS)
    resume = (first.token, first.game.copy(), first.local_seat)
    again = NetMatch.join("127.0.0.1", hosting.address()[1], BOT, resume, FAST)
    tries = []
    again.retrying.connect(lambda delay, why: tries.append(why))
    resumed = []
    again.resumed.connect(resumed.append)
    qtbot.waitUntil(lambda: len(tries) >= 2, timeout=WAIT_MS)
    assert "still connected" in tries[0] and first.state == State.PLAYING
    first._connection.socket.abort()  # the old program's connection dies at last
    first.close()
    qtbot.waitUntil(lambda: bool(resumed), timeout=WAIT_MS)
    assert again.state == hosting.state == State.PLAYING


def test_listening_on_every_address_says_so():
    from triangles_qt.net.match import NetMatch as Match

    setup = Setup(Board.generate("phone-24", 1), Rules(), 1)
    hosting = Match.host(setup, ANA, Listen.ALL, 0, limits=FAST)
    try:
        port = hosting.address()[1]
        assert hosting.address()[0] == "0.0.0.0"  # what Qt says, whatever the socket takes
        assert hosting.listening_on() in (
            f"all addresses (IPv4 and IPv6), port {port}",
            f"all IPv4 addresses, port {port}",  # a system without IPv6
        )
    finally:
        hosting.close()
    loopback = Match.host(setup, ANA, Listen.LOOPBACK, 0, limits=FAST)
    assert loopback.listening_on() == f"127.0.0.1:{loopback.address()[1]}"
    loopback.close()


def test_the_per_address_limit_counts_ipv4_addresses_and_ipv6_networks():
    from PySide6.QtNetwork import QHostAddress

    from triangles_qt.net.match import address_key

    assert address_key(QHostAddress("192.168.1.3")) == "192.168.1.3"
    assert address_key(QHostAddress("::ffff:192.168.1.3")) == "192.168.1.3"
    one_machine = {address_key(QHostAddress(f"2001:db8:1:2:{k}:4:5:6")) for k in ("3", "a", "ffff")}
    assert one_machine == {"2001:db8:1:2::/64"}
    assert address_key(QHostAddress("2001:db8:1:3::1")) == "2001:db8:1:3::/64"


def test_a_host_out_of_file_descriptors_accepts_again(qtbot):
    """Qt stops accepting for good after a connection it could not take (EMFILE in a flood,
    checked by hand with a low RLIMIT_NOFILE): the host accepts again a moment later."""
    from PySide6.QtNetwork import QAbstractSocket

    hosting = host(qtbot)
    hosting._server.pauseAccepting()  # what Qt does on a resource error
    hosting._server.acceptError.emit(QAbstractSocket.SocketError.SocketResourceError)
    joining = join(hosting)
    qtbot.waitUntil(lambda: joining.state == State.PLAYING, timeout=WAIT_MS)


# -- a killed host takes its game back (issue 47) ------------------------------------------------


def test_a_killed_host_takes_its_game_back_on_the_same_port_and_the_game_finishes(
    qtbot, monkeypatch
):
    """The host saves its state at each change (before its `ack` or stroke leaves); its match
    is thrown away mid-game, a new one resumes from what was saved on the same port, and the
    joiner, retrying, proves its token and plays the game to its end."""
    import json

    from triangles_qt.net.connection import Connection
    from triangles_qt.net.match import HostState

    hosting = host(qtbot, seed=9)
    saved = []
    said = []  # ("saved", strokes) and the host's lines, in the order they happened
    original = Connection.send

    def send(connection, line):
        if connection.parent() is hosting:
            said.append(line)
        original(connection, line)

    monkeypatch.setattr(Connection, "send", send)

    def save():
        state = hosting.host_state()
        assert state is not None
        saved.append(json.dumps(state.to_data()))
        said.append(("saved", len(state.strokes)))

    hosting.host_state_changed.connect(save)
    joining = join(hosting)
    pause_at = [6]
    autoplay(hosting, 1, pause_at)
    autoplay(joining, 2, pause_at)
    qtbot.waitUntil(
        lambda: joining.confirmed_count == hosting.confirmed_count == 6, timeout=WAIT_MS
    )
    # Every stroke the host confirmed (its `ack`) or sent was saved before the line left.
    kept = 0
    for entry in said:
        if isinstance(entry, tuple):
            kept = entry[1]
        elif entry.startswith(("ack ", "stroke ")):
            assert int(entry.split()[1]) < kept, (entry, said)
    lines = [entry for entry in said if isinstance(entry, str)]
    assert "ack 1" in lines and any(line.startswith("stroke 0 ") for line in lines)
    port = hosting.address()[1]
    hosting.close()  # killed: its connection ends without a word
    hosting.deleteLater()
    qtbot.waitUntil(lambda: joining.state == State.RECONNECTING, timeout=WAIT_MS)
    state = HostState.from_data(json.loads(saved[-1]))
    assert list(state.strokes) == joining.game.strokes
    again = NetMatch.host(state.setup, ANA, Listen.LOOPBACK, port, limits=FAST, resume=state)
    assert again.state == State.RECONNECTING and again.peer.name == BOT.name
    resumed = []
    again.resumed.connect(resumed.append)
    pause_at[0] = 1000
    autoplay(again, 1)
    qtbot.waitUntil(lambda: bool(resumed), timeout=WAIT_MS)
    assert resumed == [6]
    qtbot.waitUntil(lambda: bool(again.settled and joining.settled), timeout=30_000)
    assert again.game.strokes == joining.game.strokes
    assert record(again) == record(joining)
    again.leave()
    joining.leave()


# -- how a match that stopped early ended, for its record (issue 47) ------------------------------


def test_a_peer_whose_line_is_refused_mid_game_is_named_in_the_ending(qtbot):
    from triangles_qt.core.record import EndKind
    from triangles_qt.net.endings import EndingWatch

    hosting, peer, _ = joined_raw(qtbot, joiner_seat=0)
    watch = EndingWatch(hosting)
    i, j = (int(v) for v in hosting.game.legal_strokes()[0])
    peer.send(f"stroke 0 {i} {j}\n")
    qtbot.waitUntil(lambda: len(hosting.game.moves) == 1, timeout=WAIT_MS)
    peer.send(f"stroke 1 {i} {j}\n")  # out of turn: the host refuses it and the match ends
    peer.wait_error(protocol.TURN)
    ending = watch.ending(hosting.end_reason)
    assert ending is not None and ending.how == EndKind.REFUSED and ending.player == 0
    assert "cannot accept" in ending.why


def test_a_side_whose_line_the_peer_refused_is_named_and_a_resignation_too(qtbot):
    from triangles_qt.core.record import EndKind
    from triangles_qt.net.endings import EndingWatch

    hosting, peer, _ = joined_raw(qtbot, joiner_seat=0)
    watch = EndingWatch(hosting)
    i, j = (int(v) for v in hosting.game.legal_strokes()[0])
    peer.send(f"stroke 0 {i} {j}\n")
    qtbot.waitUntil(lambda: len(hosting.game.moves) == 1, timeout=WAIT_MS)
    peer.send("error illegal your stroke was not accepted\n")
    qtbot.waitUntil(lambda: hosting.state == State.CLOSED, timeout=WAIT_MS)
    ending = watch.ending(hosting.end_reason)
    assert ending is not None and ending.how == EndKind.REFUSED and ending.player == 1

    hosting, peer, _ = joined_raw(qtbot, joiner_seat=0)
    watch = EndingWatch(hosting)
    peer.send(f"stroke 0 {i} {j}\n")
    qtbot.waitUntil(lambda: len(hosting.game.moves) == 1, timeout=WAIT_MS)
    peer.send("resign\n")
    qtbot.waitUntil(lambda: hosting.resigned_seat == 0, timeout=WAIT_MS)
    ending = watch.ending("")
    assert ending is not None and ending.how == EndKind.RESIGNED and ending.player == 0
