"""docs/network-protocol.md's transcripts are what the program says: a raw joiner replays the
page's `join>` lines against a real host, which must answer exactly the page's `host>` lines
(the complete game, with its reconnection, and the misbehaving joiner's errors)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import re  # noqa: E402
from pathlib import Path  # noqa: E402

from PySide6.QtCore import QTimer  # noqa: E402
from test_net import RawPeer  # noqa: E402

from triangles_qt.core.board import Board  # noqa: E402
from triangles_qt.core.players import PlayerKind  # noqa: E402
from triangles_qt.core.rules import Rules  # noqa: E402
from triangles_qt.net import protocol  # noqa: E402
from triangles_qt.net.match import Listen, NetMatch, State  # noqa: E402
from triangles_qt.net.protocol import Limits, PeerInfo, Setup  # noqa: E402

PAGE = Path(__file__).resolve().parent.parent / "docs" / "network-protocol.md"
TOKEN = "4f0c1a6b9d2e8f7a4f0c1a6b9d2e8f7a"
NONCE = "9b1e5c7d3a2f4e6b8c0d1e2f3a4b5c6d"
QUIET = Limits(ping_interval_s=60, silence_s=120, grace_s=30, retry_s=0.1)
WAIT = 10_000


def transcripts() -> list[list[tuple[str, str]]]:
    """Each code block of the page that holds `host>`/`join>` lines: (who, line) in order."""
    blocks = re.findall(r"```[a-z]*\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)
    found = []
    for block in blocks:
        lines = [
            (m.group(1), m.group(2))
            for m in re.finditer(r"^(host|join)>\s+(.*)$", block, flags=re.M)
        ]
        if lines:
            found.append(lines)
    return found


def ana_hosts(monkeypatch):
    monkeypatch.setattr(protocol, "new_token", lambda: TOKEN)
    monkeypatch.setattr(protocol, "new_nonce", lambda: NONCE)
    board = Board([(0, 0), (120, 0), (60, 90), (60, 40)], 120, 90, 4)
    ana = PeerInfo("Ana", "0.1.0", PlayerKind.HUMAN)
    match = NetMatch.host(Setup(board, Rules(), 0), ana, Listen.LOOPBACK, 0, limits=QUIET, ask=True)
    # Ana accepts whoever asks (a moment later, as a person clicks).
    match.join_requested.connect(
        lambda _name: QTimer.singleShot(0, lambda: match.answer_join(True))
    )
    return match


def test_the_complete_game_on_the_page_is_what_the_host_says(qtbot, monkeypatch):
    game, _ = transcripts()
    hosting = ana_hosts(monkeypatch)
    peer = RawPeer(qtbot, hosting)
    heard = 0  # host lines checked on this connection
    spoke = False  # the joiner said its version on this connection
    for who, line in game:
        if who == "join":
            if line.startswith("triangles-net") and spoke:  # the connection drops here
                peer.socket.abort()
                qtbot.waitUntil(lambda: hosting.state == State.RECONNECTING, timeout=WAIT)
                peer, heard = RawPeer(qtbot, hosting), 0
            spoke = True
            peer.send(line + "\n")
            continue
        if line.startswith("stroke "):
            _, _, i, j = line.split()
            qtbot.waitUntil(lambda: hosting.local_to_move, timeout=WAIT)
            hosting.play((int(i), int(j)))
        elif line.startswith("chat "):
            hosting.send_chat(line[len("chat ") :])
        qtbot.waitUntil(lambda peer=peer, heard=heard: len(peer.lines) > heard, timeout=WAIT)
        assert peer.lines[heard] == line
        heard += 1
    qtbot.waitUntil(lambda: hosting.state == State.CLOSED, timeout=WAIT)
    assert hosting.end_reason == ""  # finished, and both sides had every stroke
    assert hosting.game.is_over and hosting.game.scores == (1, 2)


def test_the_proof_on_the_page_is_the_tokens():
    game, _ = transcripts()
    rejoin = next(line for who, line in game if line.startswith("rejoin "))
    proof = next(line for who, line in game if line.startswith("proof "))
    count = int(rejoin.split()[1])
    assert proof == "proof " + protocol.rejoin_proof(TOKEN, NONCE, "Ana", "Bot", count)
    assert [line for _, line in game if TOKEN in line] == [f"seat 0 {TOKEN}"]


def test_the_misbehaving_joiner_on_the_page_gets_those_errors(qtbot, monkeypatch):
    _, errors = transcripts()
    pairs = [(errors[k][1], errors[k + 1][1]) for k in range(0, len(errors), 2)]
    for sent, answer in pairs:
        hosting = ana_hosts(monkeypatch)
        peer = RawPeer(qtbot, hosting)
        peer.hello()
        if sent.startswith("stroke 2 "):  # after strokes 0-3 and 1-2
            peer.send("stroke 0 0 3\n")
            qtbot.waitUntil(lambda hosting=hosting: hosting.local_to_move, timeout=WAIT)
            hosting.play((1, 2))
            qtbot.waitUntil(lambda peer=peer: "stroke 1 1 2" in peer.lines, timeout=WAIT)
        before = hosting.game.strokes
        peer.send(sent + "\n")
        assert peer.wait_error(answer.split()[1]) == answer
        assert hosting.game.strokes == before
