"""A side's kept seat (net/kept_seat.py): what it keeps to take its seat back after a kill is
written privately and read back whole, and a file that cannot be used says why in a sentence."""

from __future__ import annotations

import json
import stat

import pytest

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.net import protocol
from triangles_qt.net.kept_seat import (
    KeptSeat,
    KeptSeatError,
    confirmed_game,
    forget,
    read_kept_seat,
    write_kept_seat,
)

PLAYERS = (PlayerInfo("Ana", PlayerKind.HUMAN), PlayerInfo("Bot", PlayerKind.COMPUTER, "hard"))


def played(strokes: int) -> Game:
    game = Game(Board.generate("phone-24", 5))
    for _ in range(strokes):
        i, j = game.legal_strokes()[0]
        game.play(int(i), int(j))
    return game


def test_a_joiner_and_a_host_are_kept_and_read_back(tmp_path):
    game = played(6)
    token = protocol.new_token()
    for kept in (
        KeptSeat("join", token, 1, game, PLAYERS, ("192.168.1.2", 47100), "4821-amber-oyster"),
        KeptSeat("host", token, 0, game, PLAYERS, ("", 47100)),
    ):
        path = tmp_path / f"{kept.role}.json"
        write_kept_seat(path, kept)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        back = read_kept_seat(path)
        assert back is not None
        assert (back.role, back.token, back.seat, back.address, back.code) == (
            kept.role,
            kept.token,
            kept.seat,
            kept.address,
            kept.code,
        )
        assert back.game.moves == game.moves and back.players == PLAYERS
        assert back.peer.name == PLAYERS[1 - kept.seat].name
        # The joiner plays its own seat; a host's joiner plays the other one.
        assert back.setup.joiner_seat == (1 if kept.role == "join" else 1)
        assert back.tag == kept.tag and token not in back.tag


def test_only_the_confirmed_strokes_are_kept():
    game = played(7)
    kept = confirmed_game(game, 5)
    assert kept.moves == game.moves[:5] and len(game.moves) == 7


def test_a_file_of_the_first_version_without_a_role_is_a_joiners(tmp_path):
    path = tmp_path / "old.json"
    kept = KeptSeat("join", protocol.new_token(), 0, played(2), PLAYERS)
    write_kept_seat(path, kept)
    data = json.loads(path.read_text())
    del data["role"]
    path.write_text(json.dumps(data))
    back = read_kept_seat(path)
    assert back is not None and back.role == "join" and back.address is None


@pytest.mark.parametrize(
    "change, fragment",
    [
        (lambda d: d.update(format="x"), "is not a rejoin state file"),
        (lambda d: d.update(version=9), "another version"),
        (lambda d: d.update(role="watch"), "no valid token, seat and role"),
        (lambda d: d.update(seat=2), "no valid token, seat and role"),
        (lambda d: d.update(token="a b"), "cannot be used to rejoin"),
        (lambda d: d.update(address=["h", 70000]), "no valid address"),
        (lambda d: d.update(address="h:1"), "no valid address"),
        (lambda d: d.update(code=5), "no valid game code"),
        (lambda d: d["record"].update(scores=[9, 9]), "cannot be used to rejoin"),
    ],
)
def test_a_file_that_cannot_be_used_says_why(tmp_path, change, fragment):
    path = tmp_path / "kept.json"
    write_kept_seat(path, KeptSeat("join", protocol.new_token(), 0, played(3), PLAYERS))
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(KeptSeatError, match=fragment):
        read_kept_seat(path)


def test_no_file_is_no_seat_and_forgetting_twice_is_harmless(tmp_path):
    path = tmp_path / "none.json"
    assert read_kept_seat(path) is None
    path.write_text("not json")
    with pytest.raises(KeptSeatError):
        read_kept_seat(path)
    forget(path)
    forget(path)
    assert not path.exists()
