"""The `.triangles` game record (docs/rules.md section 8): writing, strict loading, atomic saves,
the CLI."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from triangles_qt.core import record as record_module
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.record import (
    MAX_RECORD_BYTES,
    Ending,
    EndKind,
    LoadedRecord,
    RecordError,
    game_to_record,
    parse_record,
    read_record,
    record_to_text,
    write_record,
)
from triangles_qt.core.rules import Rules
from triangles_qt.record import main

RECORDS = Path(__file__).parent / "records"
VALID = RECORDS / "valid"
INVALID = RECORDS / "invalid"
REPO = Path(__file__).resolve().parent.parent

ANA = PlayerInfo("Ana", "human")
BOT = PlayerInfo("Computer", "computer", "medium")


def random_game(
    preset: str, seed: int, replay: bool, moves: int | None, rng: random.Random
) -> Game:
    """A game on a generated board after `moves` random legal strokes (None: play to the end)."""
    game = Game(Board.generate(preset, seed), Rules(replay_after_triangle=replay))
    count = 0
    while not game.is_over and (moves is None or count < moves):
        legal = game.legal_strokes()
        i, j = legal[rng.randrange(len(legal))]
        # Play strokes in either order, as a user would draw them.
        if rng.random() < 0.5:
            i, j = j, i
        game.play(int(i), int(j))
        count += 1
    return game


def assert_same_game(a: Game, b: Game) -> None:
    assert a.board.star_list == b.board.star_list
    assert (a.board.width, a.board.height, a.board.tolerance) == (
        b.board.width,
        b.board.height,
        b.board.tolerance,
    )
    assert (a.board.preset, a.board.seed) == (b.board.preset, b.board.seed)
    assert a.rules == b.rules
    assert a.moves == b.moves
    assert a.scores == b.scores
    assert a.player == b.player
    assert a.is_over == b.is_over
    assert a.winner == b.winner
    assert a.drawn_bits == b.drawn_bits
    assert a.legal_bits == b.legal_bits


def square_record() -> dict:
    return json.loads((VALID / "square.triangles").read_text(encoding="utf-8"))


def reason(data) -> str:
    with pytest.raises(RecordError) as info:
        parse_record(data)
    return str(info.value)


# -- the record's shape --------------------------------------------------------------------------


def test_game_to_record_matches_rules_format():
    game = Game(Board([[0, 0], [100, 0], [100, 100], [0, 100]], 100, 100, 4))
    for i, j in [(0, 1), (1, 2), (2, 3), (3, 0)]:
        game.play(i, j)
    record = game_to_record(game, [ANA, BOT])
    assert list(record) == [
        "format",
        "version",
        "board",
        "rules",
        "players",
        "moves",
        "scores",
        "finished",
        "winner",
    ]
    assert record["format"] == "triangles-game" and record["version"] == 1
    assert record["board"] == {
        "preset": None,
        "seed": None,
        "width": 100,
        "height": 100,
        "tolerance": 4,
        "stars": [[0, 0], [100, 0], [100, 100], [0, 100]],
    }
    assert record["rules"] == {"replay_after_triangle": False}
    assert record["players"] == [
        {"name": "Ana", "kind": "human"},
        {"name": "Computer", "kind": "computer", "strategy": "medium"},
    ]
    assert record["moves"][3] == {"player": 1, "stroke": [3, 0], "triangles": []}
    assert (record["scores"], record["finished"], record["winner"]) == ([0, 0], False, None)
    game.play(2, 0)  # the diagonal closes both halves of the square
    record = game_to_record(game, [ANA, BOT])
    assert record["moves"][4] == {
        "player": 0,
        "stroke": [2, 0],
        "triangles": [[0, 1, 2], [0, 2, 3]],
    }
    assert (record["scores"], record["finished"], record["winner"]) == ([2, 0], True, 0)
    # The square golden file is this game, with Player 2's stroke drawn as 3-0: strokes are
    # written in the order they were drawn, so replaying the file writes it back unchanged.
    expected = square_record()
    assert expected["moves"][3]["stroke"] == [3, 0]
    assert game_to_record(parse_record(json.dumps(expected)).game, [ANA, BOT]) == expected


def test_record_is_plain_json_and_round_trips_through_text():
    game = random_game("phone-24", 5, False, 30, random.Random(5))
    text = record_to_text(game, [ANA, BOT])
    assert json.loads(text) == game_to_record(game, [ANA, BOT])
    assert text.count("\n") > 30  # one move per line


@pytest.mark.parametrize(
    "players, fragment",
    [
        ([ANA], "two PlayerInfo"),
        ([ANA, ("Bo", "human")], "two PlayerInfo"),
        ([ANA, PlayerInfo("Bo", "robot")], "kind"),
        ([ANA, PlayerInfo("Bo", "computer")], "strategy must be a string"),
        ([ANA, PlayerInfo("Bo", "human", "hard")], "cannot have a strategy"),
        ([ANA, PlayerInfo("", "human")], "name is empty"),
        ([ANA, PlayerInfo("Bo\nBo", "human")], "control character"),
    ],
)
def test_game_to_record_rejects_bad_players(players, fragment):
    game = Game(Board.generate("phone-24", 1))
    with pytest.raises(RecordError, match=fragment):
        game_to_record(game, players)


def test_game_to_record_refuses_a_board_it_could_not_load():
    with pytest.raises(RecordError) as info:
        game_to_record(Game(Board.generate("phone-24", 2**64)), [ANA, BOT])
    assert "seed must be between -(2^64 - 1) and 2^64 - 1" in str(info.value)


def test_negative_seed_of_a_hand_made_board_round_trips():
    # Generated boards refuse negative seeds, but a record stores its stars, so any seed loads.
    game = Game(Board([[0, 0], [9, 0], [0, 9]], 10, 10, seed=-7))
    loaded = parse_record(json.dumps(game_to_record(game, [ANA, BOT])))
    assert loaded.game.board.seed == -7


def test_game_to_record_accepts_numpy_seed():
    import numpy as np

    board = Board([[0, 0], [9, 0], [0, 9]], 10, 10, seed=np.int64(7))
    record = game_to_record(Game(board), [ANA, BOT])
    assert record["board"]["seed"] == 7 and type(record["board"]["seed"]) is int
    assert parse_record(json.dumps(record)).game.board.seed == 7


# -- round trips -----------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(["phone-24", "phone-60"]),
    seed=st.integers(0, 2**32),
    replay=st.booleans(),
    moves=st.one_of(st.none(), st.integers(0, 200)),
    rng_seed=st.integers(0, 2**32),
    tolerance=st.sampled_from([None, 0, 4, 9]),
)
def test_round_trip_random_games(
    tmp_path_factory, preset, seed, replay, moves, rng_seed, tolerance
):
    rng = random.Random(rng_seed)
    game = Game(Board.generate(preset, seed, tolerance), Rules(replay_after_triangle=replay))
    count = 0
    while not game.is_over and (moves is None or count < moves):
        legal = game.legal_strokes()
        i, j = legal[rng.randrange(len(legal))]
        game.play(int(i), int(j))
        count += 1
    players = [
        PlayerInfo("Ana \u00e9\u4e2d\U0001f31f", "human"),
        PlayerInfo("Bot", "computer", "greedy"),
    ]
    path = tmp_path_factory.mktemp("rt") / "game.triangles"
    write_record(path, game, players)
    loaded = read_record(path)
    assert isinstance(loaded, LoadedRecord)
    assert_same_game(loaded.game, game)
    assert loaded.players == tuple(players)
    assert game_to_record(loaded.game, loaded.players) == game_to_record(game, players)
    # The loaded game is live: it can go on exactly like the original.
    if not game.is_over:
        i, j = game.legal_strokes()[0]
        assert loaded.game.play(int(i), int(j)) == game.play(int(i), int(j))


@pytest.mark.parametrize("replay", [False, True])
def test_round_trip_finished_games_both_rules(tmp_path, replay):
    rng = random.Random(99)
    for seed in range(4):
        game = random_game("phone-24", seed, replay, None, rng)
        assert game.is_over
        path = tmp_path / f"{seed}.triangles"
        write_record(path, game, [BOT, ANA])
        loaded = read_record(path)
        assert_same_game(loaded.game, game)
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["finished"] is True
        assert record["winner"] == game.winner
        assert record["rules"]["replay_after_triangle"] is replay
        # Triangles are ascending triples in a sorted list; their count is the score.
        for move in record["moves"]:
            assert move["triangles"] == sorted(move["triangles"])
            assert all(t == sorted(t) for t in move["triangles"])
        for p in (0, 1):
            assert (
                sum(len(m["triangles"]) for m in record["moves"] if m["player"] == p)
                == record["scores"][p]
            )


def test_replay_rule_changes_who_moves_and_is_checked():
    # In the replay golden file the closer of 0-1-2 moves again; under the default rule the same
    # moves put the wrong player on move 4.
    data = json.loads((VALID / "replay-unfinished.triangles").read_text(encoding="utf-8"))
    loaded = parse_record(json.dumps(data))
    assert loaded.game.player == 1 and not loaded.game.is_over
    data["rules"]["replay_after_triangle"] = False
    assert "move 4 (stroke 2-3) is marked as player 0's, but player 1 was to move" in reason(
        json.dumps(data)
    )


def test_key_order_and_bom_and_str_input_are_accepted():
    data = square_record()
    shuffled = {k: data[k] for k in reversed(list(data))}
    shuffled["board"] = {k: data["board"][k] for k in reversed(list(data["board"]))}
    text = json.dumps(shuffled)
    assert parse_record(text).game.scores == (2, 0)
    assert parse_record(("\ufeff" + text).encode("utf-8")).game.scores == (2, 0)
    assert parse_record(bytearray(text.encode())).game.scores == (2, 0)


# -- golden files ----------------------------------------------------------------------------------


def test_golden_square_by_hand():
    """square.triangles, checked by hand: corners 0 (0,0), 1 (100,0), 2 (100,100), 3 (0,100).

    Ana draws 0-1, the computer 1-2, Ana 2-3, the computer 3-0: no stroke closes anything since
    no two drawn strokes meet at both its ends. Ana's diagonal 0-2 then closes 0-1-2 and 0-2-3,
    both empty: 2 points. The other diagonal 1-3 would cross it, so nothing can be closed any more:
    finished, 2-0, Ana wins.
    """
    loaded = read_record(VALID / "square.triangles")
    game = loaded.game
    assert loaded.players == (ANA, BOT)
    assert game.board.star_list == [(0, 0), (100, 0), (100, 100), (0, 100)]
    assert [m.stroke for m in game.moves] == [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]
    assert [m.player for m in game.moves] == [0, 1, 0, 1, 0]
    assert game.moves[4].triangles == ((0, 1, 2), (0, 2, 3))
    assert game.scores == (2, 0) and game.is_over and game.winner == 0


def test_golden_star_inside_by_hand():
    """star-inside.triangles: triangle 0 (0,0), 1 (100,0), 2 (50,100) around star 3 (50,40).

    Key order is scrambled and strokes are written high-low on purpose. 0-1, 2-1, then Bea's 0-2
    closes 0-1-2, which holds star 3: not empty, no point. Caio 0-3; Bea 1-3 closes 0-1-3 (1);
    Caio 3-2 closes 1-2-3 and 0-2-3 (2). All six strokes are drawn: finished, 1-2, Caio wins.
    """
    loaded = read_record(VALID / "star-inside.triangles")
    game = loaded.game
    assert loaded.players == (PlayerInfo("Bea", "human"), PlayerInfo("Caio", "human"))
    assert game.moves[2].triangles == ()
    assert game.moves[4].triangles == ((0, 1, 3),)
    assert set(game.moves[5].triangles) == {(1, 2, 3), (0, 2, 3)}
    assert game.scores == (1, 2) and game.is_over and game.winner == 1
    assert game.board.tolerance == 0


def test_golden_replay_unfinished_by_hand():
    """replay-unfinished.triangles: the square with "play again after a triangle".

    The bot draws 0-1, Dara 1-2, the bot 0-2 closing 0-1-2 and so plays again: 2-3. Dara is to
    move and 0-3 would still close 0-2-3: unfinished, 1-0, no winner yet.
    """
    loaded = read_record(VALID / "replay-unfinished.triangles")
    game = loaded.game
    assert game.rules.replay_after_triangle
    assert [m.player for m in game.moves] == [0, 1, 0, 0]
    assert game.scores == (1, 0) and not game.is_over and game.player == 1 and game.winner is None
    assert game.board.seed == 12 and game.board.preset is None
    assert game.gain(0, 3) == ((0, 2, 3),)


def test_golden_replay_left_by_hand():
    """replay-left.triangles: the same game, which stopped there because Dara left (version 2,
    `ended`): it loads with how it ended, and writing it back gives the same text."""
    loaded = read_record(VALID / "replay-left.triangles")
    assert loaded.ended == Ending(EndKind.LEFT, 1, "Dara left the game")
    assert not loaded.game.is_over and loaded.game.scores == (1, 0)
    text = record_to_text(loaded.game, loaded.players, loaded.ended)
    assert json.loads(text) == json.loads((VALID / "replay-left.triangles").read_text("utf-8"))
    assert read_record(VALID / "replay-unfinished.triangles").ended is None


def test_a_record_without_an_ending_stays_version_1():
    """Older programs read every record of a game that is not said to have stopped early."""
    loaded = read_record(VALID / "replay-unfinished.triangles")
    assert json.loads(record_to_text(loaded.game, loaded.players))["version"] == 1
    ended = Ending(EndKind.RESIGNED, 1, "")
    data = json.loads(record_to_text(loaded.game, loaded.players, ended))
    assert data["version"] == 2
    assert data["ended"] == {"how": "resigned", "player": 1, "why": ""}
    assert parse_record(json.dumps(data)).ended == ended


def test_an_ending_is_written_on_one_line_and_cut():
    loaded = read_record(VALID / "replay-unfinished.triangles")
    why = "lost\n\tthe connection\x00 " + "x" * 1000
    text = record_to_text(loaded.game, loaded.players, Ending(EndKind.DISCONNECTED, None, why))
    ended = parse_record(text).ended
    assert ended is not None and ended.how == EndKind.DISCONNECTED
    assert ended.why.startswith("lost the connection x") and len(ended.why) <= 300


def test_a_finished_game_cannot_be_said_to_have_stopped_early():
    loaded = read_record(VALID / "square.triangles")
    with pytest.raises(RecordError, match="finished"):
        record_to_text(loaded.game, loaded.players, Ending(EndKind.LEFT, 0, "gone"))


INVALID_REASONS = {
    "bool-coordinate": "star 1's x must be an integer, not true",
    "computer-without-strategy": "player 1 is a computer, so its strategy must be a string",
    "deeply-nested": "nested too deeply",
    "duplicate-key": "'version' appears twice",
    "duplicate-stars": "stars 2 and 3 are both at (100, 100)",
    "empty": "the file is empty",
    "finished-but-not-over": (
        "says the game is finished, but a counting triangle can still be closed"
    ),
    "finished-not-bool": "finished must be true or false, not 1",
    "float-coordinate": "star 1's x must be an integer, not the number 99.5",
    "huge-exponent": "width must be an integer, not the number 1e999999",
    "huge-int": "5000-digit number",
    "huge-width": "width must be between 1 and 10000",
    "human-with-strategy": "player 0 is human, so it cannot have a strategy",
    "infinity-seed": "contains -Infinity",
    "missing-key": "missing the key 'winner'",
    "move-after-game-over": "move 6 (stroke 1-3) comes after the game was already over",
    "move-not-object": "move 3 must be an object",
    "move-player-bool": "move 2's player must be 0 or 1, not true",
    "move-unknown-key": "move 3 has the unknown key 'time'",
    "move-wrong-player": "move 2 (stroke 1-2) is marked as player 0's, but player 1 was to move",
    "moves-not-list": "moves must be a list, not an object",
    "nan-tolerance": "contains NaN",
    "huge-seed": "seed must be between -(2^64 - 1) and 2^64 - 1, not 18446744073709551616",
    "negative-tolerance": "tolerance must be between 0 and 1000, not -1",
    "no-format": "not a Triangles game record",
    "not-utf8": "not valid UTF-8",
    "one-player": "players must be a list of two players",
    "player-kind": 'player 0\'s kind must be "human" or "computer"',
    "player-name-number": "player 0's name must be a string, not 42",
    "preset-mismatch": "a phone-24 board is 360 x 640, not 100 x 100",
    "rules-not-bool": "replay_after_triangle must be true or false, not 0",
    "scores-negative": "score 0 must be between 0 and 1000000, not -2",
    "scores-wrong": "the scores say 1-0, but the moves score 2-0",
    "star-not-pair": "star 3 must be an [x, y] pair",
    "star-outside": "star 2 y must be between 0 and 100, not 101",
    "stroke-already-drawn": "move 4 (stroke 1-0) is already drawn",
    "stroke-crosses": "move 2 (stroke 1-3) crosses a stroke",
    "stroke-float": "move 3's stroke must be a pair of star indices, not [2.0, 3]",
    "stroke-out-of-range": "move 3's stroke 2-4 names star 4, but the stars are 0 to 3",
    "stroke-passes-over-star": "move 1 (stroke 0-1) passes over a star",
    "stroke-same-star": "move 3's stroke 2-2 does not join two different stars",
    "too-few-stars": "at least 3 stars, not 2",
    "too-many-stars": "at most 250 stars, not 401",
    "top-level-list": "not a game record object",
    "top-level-number": "the file holds 42, not a game record object",
    "triangle-not-closed": "move 3 (stroke 0-2) lists triangle 0-1-2, which it does not close",
    "triangle-not-listed": "move 5 (stroke 0-2) closes triangle 0-2-3, which it does not list",
    "triangle-twice": "move 5 lists triangle 0-1-2 twice",
    "triangle-unsorted": "triangle 0-2-1, whose stars are not in ascending order",
    "truncated-json": "ends in the middle of its JSON text",
    "unfinished-but-over": (
        "says the game is unfinished, but no counting triangle can be closed any more"
    ),
    "unknown-board-key": "the board has the unknown key 'colour'",
    "unknown-key": "the record has the unknown key 'comment'",
    "unknown-preset": "preset 'watch-9' is unknown",
    "version-3": "version 3, newer than this program reads",
    "ended-missing": "the record is missing the key 'ended'",
    "ended-in-version-1": "the record has the unknown key 'ended'",
    "ended-on-finished": "says how the game stopped (ended), but it is finished",
    "ended-how-unknown": "ended.how must be one of resigned, left, refused, disconnected",
    "ended-resigned-nobody": "ended.player must say who resigned",
    "ended-why-control": "ended.why contains a control character",
    "version-bool": "version must be an integer, not true",
    "winner-null": "gives the winner as null, but player 0 won",
    "winner-out-of-range": "winner must be 0, 1 or null, not 2",
    "winner-wrong": "gives the winner as 1, but player 0 won",
    "wrong-format": 'format is the text "chess-game"',
}


def test_every_invalid_golden_file_has_an_expected_reason():
    names = {p.stem for p in INVALID.glob("*.triangles")}
    assert names == set(INVALID_REASONS)


@pytest.mark.parametrize("name", sorted(INVALID_REASONS))
def test_invalid_golden_files(name):
    with pytest.raises(RecordError) as info:
        read_record(INVALID / f"{name}.triangles")
    message = str(info.value)
    assert INVALID_REASONS[name] in message
    assert "\n" not in message and "Traceback" not in message
    assert not message.startswith(record_module._INTERNAL)


# -- hostile input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, fragment",
    [
        (b"\xff\xfe\x00", "not valid UTF-8"),
        (b"   \n", "empty"),
        (b'{"format": "triangles-game"', "ends in the middle"),
        (b"[]", "not a game record object"),
        (b'"triangles-game"', "not a game record object"),
        (b"null", "the file holds null"),
        (b"1e999999", "not a game record object"),
        (b"9" * 100_000, "100000-digit number"),
        (b"[" * 1_000_000 + b"]" * 1_000_000, "nested too deeply"),
        (b'{"a": ' * 200_000 + b"1" + b"}" * 200_000, "nested too deeply"),
        (b"Infinity", "Infinity"),
        (b"{} trailing", "not valid JSON"),
        ('{"format": "triangles-game", "version": 1, "x": "\ud800"}', "unknown key 'x'"),
    ],
)
def test_hostile_bytes(data, fragment):
    message = reason(data)
    assert fragment in message
    assert not message.startswith(record_module._INTERNAL)


def test_safety_net_turns_an_unexpected_error_into_a_record_error(monkeypatch):
    def broken(document):
        raise KeyError("oops")

    monkeypatch.setattr(record_module, "_load", broken)
    assert reason(b"{}") == "the file cannot be loaded (KeyError: 'oops')"


@pytest.mark.parametrize(
    "player, fragment",
    [
        ({"name": "A\nB", "kind": "human"}, "player 0's name contains a control character"),
        ({"name": "   ", "kind": "human"}, "player 0's name is empty"),
        ({"name": "x" * 201, "kind": "human"}, "longer than 200 characters"),
        ({"name": "A", "kind": "computer", "strategy": ""}, "empty strategy id"),
        ({"name": "A", "kind": "computer", "strategy": 3}, "strategy must be a string, not 3"),
        (
            {"name": "A", "kind": "computer", "strategy": "a\tb"},
            "strategy id contains a control character",
        ),
        # A lone surrogate (JSON's "\ud800") can be parsed but never written: refused here.
        ({"name": "Ana\ud800", "kind": "human"}, "player 0's name is not valid Unicode text"),
        (
            {"name": "A", "kind": "computer", "strategy": "h\udfffard"},
            "strategy id is not valid Unicode text",
        ),
        ({"name": "A", "kind": ["human"]}, 'kind must be "human" or "computer"'),
        ({"name": "A"}, "player 0 is missing the key 'kind'"),
        ({"name": "A", "kind": "human", "colour": "red"}, "player 0 has the unknown key 'colour'"),
        ("Ana", "player 0 must be an object"),
    ],
)
def test_player_validation(player, fragment):
    data = square_record()
    data["players"][0] = player
    assert fragment in reason(json.dumps(data))


def test_size_cap(tmp_path):
    big = b" " * (MAX_RECORD_BYTES + 1) + b"{}"
    assert "larger than 10 MB" in reason(big)
    path = tmp_path / "big.triangles"
    path.write_bytes(big)
    with pytest.raises(RecordError, match="larger than 10 MB"):
        read_record(path)


def test_bool_is_never_an_int():
    for mutate, fragment in [
        (lambda d: d.update(version=True), "version must be an integer"),
        (lambda d: d["board"].update(width=True), "width must be an integer"),
        (lambda d: d["board"].update(seed=False), "seed must be an integer or null"),
        (lambda d: d["moves"][0].update(stroke=[False, True]), "stroke must be a pair"),
        (
            lambda d: d["moves"][4].update(triangles=[[False, 1, 2], [0, 2, 3]]),
            "triples of star indices",
        ),
        (lambda d: d.update(scores=[2, False]), "score 1 must be an integer"),
        (lambda d: d.update(winner=False), "winner must be 0, 1 or null"),
    ]:
        data = square_record()
        mutate(data)
        assert fragment in reason(json.dumps(data))


def test_unreadable_paths_are_record_errors(tmp_path):
    with pytest.raises(RecordError, match="does not exist"):
        read_record(tmp_path / "missing.triangles")
    with pytest.raises(RecordError, match="folder"):
        read_record(tmp_path)
    with pytest.raises(RecordError, match="not a usable file name"):
        read_record("bad\x00name.triangles")
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        locked = tmp_path / "locked.triangles"
        locked.write_text("{}")
        locked.chmod(0)
        with pytest.raises(RecordError, match="permission"):
            read_record(locked)


def test_parse_record_rejects_non_text():
    assert "bytes or text" in reason(12)


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=10,
)


def _paths(value, prefix=()):
    """Every path (tuple of keys and indices) into a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


_SQUARE = square_record()
_SQUARE_PATHS = list(_paths(_SQUARE))[1:]
_SQUARE_TEXT = (VALID / "square.triangles").read_bytes()


def _must_succeed_or_record_error(data):
    try:
        loaded = parse_record(data)
    except RecordError as exc:
        message = str(exc)
        assert message and "\n" not in message
        # The catch-all safety net must never be what rejects a file: every problem has its check.
        assert not message.startswith(record_module._INTERNAL), message
    else:
        assert isinstance(loaded.game, Game)
        # Whatever loaded is a consistent record: writing it out gives a record that loads again.
        again = parse_record(json.dumps(game_to_record(loaded.game, loaded.players)))
        assert again.game.moves == loaded.game.moves


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_fuzz_random_bytes(data):
    _must_succeed_or_record_error(data)


def _has(container, key) -> bool:
    if isinstance(container, dict):
        return key in container
    return isinstance(key, int) and 0 <= key < len(container)


def _container_at(value, path):
    """The list or dict at `path` in `value`, or None when the path no longer leads to one."""
    for key in path:
        if not isinstance(value, (dict, list)) or not _has(value, key):
            return None
        value = value[key]
    return value if isinstance(value, (dict, list)) else None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_json_mutations(data):
    record = copy.deepcopy(_SQUARE)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_SQUARE_PATHS))
        parent = _container_at(record, path[:-1])
        key = path[-1]
        if parent is None or not _has(parent, key):
            continue  # an earlier mutation removed or replaced this path
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[key] = data.draw(_json_values)
        elif action == "delete":
            del parent[key]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(max_size=6))] = data.draw(_json_values)
        else:
            parent.insert(key, data.draw(_json_values))
    _must_succeed_or_record_error(json.dumps(record))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_byte_mutations(data):
    raw = bytearray(_SQUARE_TEXT)
    for _ in range(data.draw(st.integers(1, 4))):
        pos = data.draw(st.integers(0, len(raw) - 1))
        kind = data.draw(st.sampled_from(["flip", "delete", "insert", "truncate"]))
        if kind == "flip":
            raw[pos] = data.draw(st.integers(0, 255))
        elif kind == "delete":
            del raw[pos]
        elif kind == "insert":
            raw[pos:pos] = data.draw(
                st.sampled_from(
                    [b"1", b"-", b"e999", b"[", b"{", b'"', b",", b"NaN", b"true", b"0.5"]
                )
            )
        else:
            del raw[pos:]
        if not raw:
            break
    _must_succeed_or_record_error(bytes(raw))


def test_small_mutations_that_stay_valid_are_accepted():
    # Strokes in either order and triangles listed in any order describe the same game.
    data = square_record()
    data["moves"][4]["stroke"] = [2, 0]
    data["moves"][4]["triangles"] = [[0, 2, 3], [0, 1, 2]]
    data["players"][0]["strategy"] = None
    assert parse_record(json.dumps(data)).game.scores == (2, 0)


# -- atomic writing --------------------------------------------------------------------------------


def _finished_square() -> Game:
    return parse_record((VALID / "square.triangles").read_bytes()).game


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name != "game.triangles")


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_failed_write_leaves_old_file_intact(tmp_path, monkeypatch, failing):
    path = tmp_path / "game.triangles"
    old_game = random_game("phone-24", 3, False, 10, random.Random(3))
    write_record(path, old_game, [ANA, BOT])
    before = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError("disk full")

    if failing == "replace":
        monkeypatch.setattr(record_module.os, "replace", boom)
    elif failing == "fsync":
        monkeypatch.setattr(record_module.os, "fsync", boom)
    else:
        real_fdopen = os.fdopen

        def fdopen(*args, **kwargs):
            handle = real_fdopen(*args, **kwargs)
            handle.write = boom
            return handle

        monkeypatch.setattr(record_module.os, "fdopen", fdopen)
    with pytest.raises(OSError, match="disk full"):
        write_record(path, _finished_square(), [ANA, BOT])
    assert path.read_bytes() == before
    assert _leftovers(tmp_path) == []  # the temporary file was removed
    monkeypatch.undo()
    assert_same_game(read_record(path).game, old_game)


def test_failed_serialisation_leaves_old_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "game.triangles"
    write_record(path, _finished_square(), [ANA, BOT])
    before = path.read_bytes()

    def boom(*args, **kwargs):
        raise TypeError("cannot serialise")

    monkeypatch.setattr(record_module.json, "dumps", boom)
    with pytest.raises(TypeError):
        write_record(path, random_game("phone-24", 1, False, 5, random.Random(1)), [ANA, BOT])
    assert path.read_bytes() == before
    assert _leftovers(tmp_path) == []


def test_write_replaces_and_uses_temp_file_in_same_folder(tmp_path, monkeypatch):
    path = tmp_path / "game.triangles"
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((Path(src), Path(dst)))
        return real_replace(src, dst)

    monkeypatch.setattr(record_module.os, "replace", spy)
    write_record(path, _finished_square(), [ANA, BOT])
    game = random_game("phone-24", 8, True, None, random.Random(8))
    write_record(str(path), game, [BOT, ANA])
    assert len(seen) == 2
    for src, dst in seen:
        assert src.parent == tmp_path and dst == path and src != dst
    assert_same_game(read_record(path).game, game)
    assert _leftovers(tmp_path) == []
    assert path.read_bytes().decode("utf-8").endswith("}\n")


def test_write_keeps_existing_permissions(tmp_path):
    if os.name != "posix":
        pytest.skip("POSIX permissions")
    path = tmp_path / "game.triangles"
    write_record(path, _finished_square(), [ANA, BOT])
    assert path.stat().st_mode & 0o777 == 0o644
    path.chmod(0o600)
    write_record(path, _finished_square(), [ANA, BOT])
    assert path.stat().st_mode & 0o777 == 0o600


def test_write_is_utf8(tmp_path):
    path = tmp_path / "game.triangles"
    write_record(path, _finished_square(), [PlayerInfo("Zoë 中", "human"), BOT])
    assert "Zoë 中".encode() in path.read_bytes()
    assert read_record(path).players[0].name == "Zoë 中"


# -- the command line ------------------------------------------------------------------------------


def test_cli_main_valid_and_invalid(tmp_path, capsys):
    unfinished = tmp_path / "unfinished.triangles"
    write_record(unfinished, random_game("phone-24", 2, False, 3, random.Random(2)), [ANA, BOT])
    files = [
        str(VALID / "square.triangles"),
        str(VALID / "star-inside.triangles"),
        str(unfinished),
    ]
    assert main(files) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"OK {files[0]}: custom 100 x 100, 4 stars, 5 moves, 2-0, finished, Ana wins",
        f"OK {files[1]}: custom 100 x 100, 4 stars, 6 moves, 1-2, finished, Caio wins",
        f"OK {files[2]}: phone-24, 24 stars, 3 moves, 0-0, unfinished, Computer to move",
    ]
    missing = str(tmp_path / "missing.triangles")
    crossing = str(INVALID / "stroke-crosses.triangles")
    assert main([files[0], missing, crossing]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"OK {files[0]}: custom 100 x 100, 4 stars, 5 moves, 2-0, finished, Ana wins",
        f"INVALID {missing}: the file does not exist",
        f"INVALID {crossing}: move 2 (stroke 1-3) crosses a stroke",
    ]


def test_cli_draw_summary(tmp_path, capsys):
    # Play random finished games until one is a draw, then check its summary line.
    rng = random.Random(0)
    for seed in range(200):
        game = random_game("phone-24", seed, False, None, rng)
        if game.winner is None:
            break
    else:
        pytest.skip("no draw found")
    path = tmp_path / "draw.triangles"
    write_record(path, game, [ANA, BOT])
    assert main([str(path)]) == 0
    assert (
        capsys.readouterr()
        .out.strip()
        .endswith(f"{game.scores[0]}-{game.scores[1]}, finished, draw")
    )


def test_cli_usage_errors(capsys):
    assert main([]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "usage: triangles-record" in captured.err
    assert "the following arguments are required: FILE" in captured.err
    assert main(["--frobnicate", "x.triangles"]) == 2
    assert "unrecognized arguments: --frobnicate" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "usage: triangles-record" in capsys.readouterr().out
    assert main(["-x\x1b[31m", "a.triangles"]) == 2
    assert "\\x1b[31m" in capsys.readouterr().err  # escaped, never sent to the terminal


def test_cli_double_dash(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-odd.triangles").write_bytes((VALID / "square.triangles").read_bytes())
    assert main(["--", "-odd.triangles"]) == 0
    assert capsys.readouterr().out.startswith("OK -odd.triangles: ")


def _run_cli(*args: str, **extra_env: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, **extra_env)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "triangles_qt.record", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env=env,
        timeout=120,
    )


def test_cli_subprocess():
    ok = _run_cli(
        "tests/records/valid/square.triangles", "tests/records/valid/replay-unfinished.triangles"
    )
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.splitlines() == [
        "OK tests/records/valid/square.triangles: "
        "custom 100 x 100, 4 stars, 5 moves, 2-0, finished, Ana wins",
        "OK tests/records/valid/replay-unfinished.triangles: "
        "custom 100 x 100, 4 stars, 4 moves, 1-0, unfinished, Dara to move",
    ]
    assert ok.stderr == ""

    all_invalid = sorted(str(p.relative_to(REPO)) for p in INVALID.glob("*.triangles"))
    bad = _run_cli(*all_invalid, "tests/records/valid/square.triangles", "no/such/file.triangles")
    assert bad.returncode == 1
    assert bad.stderr == ""  # no traceback, whatever the files hold
    lines = bad.stdout.splitlines()
    assert len(lines) == len(all_invalid) + 2
    for path, line in zip(all_invalid, lines[:-2], strict=True):
        assert line.startswith(f"INVALID {path}: ")
        assert INVALID_REASONS[Path(path).stem] in line
    assert lines[-2].startswith("OK tests/records/valid/square.triangles: ")
    assert lines[-1] == "INVALID no/such/file.triangles: the file does not exist"

    usage = _run_cli()
    assert usage.returncode == 2 and usage.stdout == "" and "usage:" in usage.stderr


def test_cli_subprocess_on_an_ascii_console(tmp_path):
    path = tmp_path / "zoe.triangles"
    write_record(path, _finished_square(), [PlayerInfo("Zo\u00eb \u4e2d", "human"), BOT])
    result = _run_cli(str(path), PYTHONIOENCODING="ascii")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.strip() == (
        f"OK {path}: custom 100 x 100, 4 stars, 5 moves, 2-0, finished, Zo\\xeb \\u4e2d wins"
    )
