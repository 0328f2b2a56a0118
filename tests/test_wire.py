"""The grammar both protocols share (triangles_qt/wire.py): numbers, the stroke word `I-J`, the
`newgame` line written and read back, quoting and cleaning free text, and the limits; what the
strict reading refuses, and that both protocols refuse it alike (the engine's and the network's
`ProtocolError`)."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from triangles_qt import wire
from triangles_qt.core.board import MAX_STARS, PRESETS, Board
from triangles_qt.core.geometry import MAX_COORDINATE, MAX_TOLERANCE
from triangles_qt.core.rules import Rules
from triangles_qt.engine import protocol as engine_protocol
from triangles_qt.engine.__main__ import serve
from triangles_qt.net import protocol as net_protocol
from triangles_qt.wire import WireError

SQUARE = "newgame 120 90 4 0 0,0 120,0 60,90 60,40"  # the documents' example
LIMITED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_both(line: str) -> tuple[Board, Rules]:
    """The line read by the wire, the engine adapter and the network protocol: all agree."""
    board, rules = wire.read_newgame(line)
    engine_board, engine_rules = engine_protocol.parse_new_game(line)
    net_board, net_rules = net_protocol.parse_newgame(net_protocol.parse(line), None, None)
    assert board.same_as(engine_board) and board.same_as(net_board)
    assert rules == engine_rules == net_rules
    return board, rules


def refused_by_both(line: str) -> str:
    """The wire's message for a refused `newgame` line, which both protocols also refuse."""
    with pytest.raises(WireError) as caught:
        wire.read_newgame(line)
    with pytest.raises(engine_protocol.ProtocolError):
        engine_protocol.parse_new_game(line)
    with pytest.raises(net_protocol.ProtocolError) as net_caught:
        net_protocol.parse_newgame(net_protocol.parse(line), None, None)
    assert net_caught.value.code == net_protocol.MALFORMED
    return str(caught.value)


# -- numbers -------------------------------------------------------------------------------------


def test_numbers_are_ascii_digits_within_their_bound():
    assert wire.number("0", "a star") == 0
    assert wire.number("17", "a star", 17) == 17
    assert wire.number(str(wire.MAX_NUMBER), "a seed") == wire.MAX_NUMBER
    for word in ("", "+5", " 5", "5 ", "٣", "５", "5.0", "-1", "1e3", "0x10", "18", "00000000018"):
        with pytest.raises(WireError, match="a star is a number from 0 to 17"):
            wire.number(word, "a star", 17)


@given(st.integers(0, 10**12))
def test_a_number_reads_back_when_it_is_within_bound_and_digits(value):
    word = str(value)
    if value <= wire.MAX_NUMBER:
        assert wire.number(word, "n") == value
    else:
        with pytest.raises(WireError):
            wire.number(word, "n")


@given(st.text(max_size=12))
def test_any_word_is_a_number_only_when_written_as_one(word):
    digits = word.isascii() and word.isdigit() and len(word) <= wire.MAX_DIGITS
    if digits and int(word) <= wire.MAX_NUMBER:
        assert wire.number(word, "n") == int(word)
    else:
        with pytest.raises(WireError):
            wire.number(word, "n")


# -- the stroke word -----------------------------------------------------------------------------


@given(st.tuples(st.integers(0, wire.MAX_STAR), st.integers(0, wire.MAX_STAR)))
def test_the_stroke_word_reads_back(stroke):
    assert wire.read_stroke_word(wire.stroke_word(stroke)) == stroke


def test_stroke_words_in_both_protocols_are_the_same_words():
    strokes = [(3, 17), (4, 0), (0, 249)]
    assert wire.stroke_words(strokes) == ["3-17", "4-0", "0-249"]
    assert engine_protocol.position(strokes) == "position 3-17 4-0 0-249"
    assert engine_protocol.moves(2, strokes[2:]) == "moves 2 0-249"
    assert net_protocol.start_line(0, strokes) == "start 0 3-17 4-0 0-249"
    assert engine_protocol.parse_position("position 3-17 4-0 0-249") == strokes
    message = net_protocol.parse(net_protocol.start_line(0, strokes))
    assert net_protocol.parse_start_line(message) == (0, strokes)


@pytest.mark.parametrize(
    "word", ["3", "3-", "-3", "3_4", "3--4", "3-4-5", "+3-4", "3- 4", "٣-4", "3-1001", "1001-3"]
)
def test_a_stroke_word_that_is_not_i_j_is_refused_by_both_protocols(word):
    with pytest.raises(WireError):
        wire.read_stroke_word(word)
    with pytest.raises(engine_protocol.ProtocolError):
        engine_protocol.parse_position(f"position 1-2 {word}")
    with pytest.raises(net_protocol.ProtocolError) as caught:
        net_protocol.parse_start_line(net_protocol.parse(f"start 0 1-2 {word}"))
    assert caught.value.code == net_protocol.MALFORMED


# -- the newgame line ----------------------------------------------------------------------------


def test_the_documents_example_reads_the_same_on_both_sides():
    board, rules = read_both(SQUARE)
    assert (board.width, board.height, board.tolerance) == (120, 90, 4)
    assert [tuple(star) for star in board.star_list] == [(0, 0), (120, 0), (60, 90), (60, 40)]
    assert rules == Rules(replay_after_triangle=False)
    assert wire.newgame_line(board, rules) == SQUARE


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("replay", [False, True])
def test_every_preset_board_goes_there_and_back(preset, replay):
    board = Board.generate(preset, 7, tolerance=5)
    line = wire.newgame_line(board, Rules(replay))
    assert line == engine_protocol.new_game(board, Rules(replay))
    again, rules = read_both(line)
    assert again.same_as(board) and rules == Rules(replay)
    kept, _ = wire.read_newgame(line, preset, 7)  # what the network's `board` line adds
    assert (kept.preset, kept.seed) == (preset, 7)


@st.composite
def boards(draw):
    width = draw(st.integers(1, MAX_COORDINATE))
    height = draw(st.integers(1, MAX_COORDINATE))
    stars = draw(
        st.lists(
            st.tuples(st.integers(0, width), st.integers(0, height)),
            min_size=3,
            max_size=12,
            unique=True,
        )
    )
    return Board(stars, width, height, draw(st.integers(0, MAX_TOLERANCE)))


@LIMITED
@given(boards(), st.booleans())
def test_any_board_goes_there_and_back(board, replay):
    line = wire.newgame_line(board, Rules(replay))
    again, rules = read_both(line)
    assert again.same_as(board) and rules == Rules(replay)
    assert wire.newgame_line(again, rules) == line


def test_the_line_may_come_with_its_end():
    """A Python engine reading `for line in sys.stdin` hands the line over with its `\\n`."""
    for end in ("\n", "\r\n"):
        board, _ = wire.read_newgame(SQUARE + end)
        engine_board, _ = engine_protocol.parse_new_game(SQUARE + end)
        assert board.same_as(engine_board) and board.n == 4


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("newgame", "expected 'newgame W H TOL REPLAY X,Y ...'"),
        ("newgame 120 90 4", "expected"),
        ("newgame 120 90 4 0 0,0 120,0 60,90 60,40 ", "a star is written X,Y, not ''"),
        ("newgame  120 90 4 0 0,0 120,0 60,90 60,40", "the width is a number"),
        ("newgame 120  90 4 0 0,0 120,0 60,90 60,40", "the height is a number"),
        ("newgame 120 90 4 0\t0,0 120,0 60,90 60,40", "REPLAY is 0 or 1"),
        ("newgame +120 90 4 0 0,0 120,0 60,90 60,40", "the width is a number"),
        ("newgame 120 ９0 4 0 0,0 120,0 60,90 60,40", "the height is a number"),
        ("newgame 120 90 -4 0 0,0 120,0 60,90 60,40", "the tolerance is a number"),
        ("newgame 120 90 4 2 0,0 120,0 60,90 60,40", "REPLAY is 0 or 1, not '2'"),
        ("newgame 120 90 4 yes 0,0 120,0 60,90 60,40", "REPLAY is 0 or 1"),
        ("newgame 120 90 4 0 0,0 120,0 60;90 60,40", "a star is written X,Y"),
        ("newgame 120 90 4 0 0,0 120,0 60,90,1 60,40", "a coordinate is a number"),
        ("newgame 120 90 4 0 0,0 120,0 60,-90 60,40", "a coordinate is a number"),
        ("newgame 120 90 4 0 0,0 120,0 60,9.5 60,40", "a coordinate is a number"),
        ("newgame 120 90 4 0 0,0 120,0", "the board is not valid: a board needs at least 3"),
        ("newgame 120 90 4 0 0,0 120,0 0,0", "the board is not valid: stars 0 and 2"),
        ("newgame 120 90 4 0 0,0 120,0 60,91", "the board is not valid"),
        ("newgame 0 90 4 0 0,0 0,10 0,90", "the board is not valid: width"),
        ("newgame 10001 90 4 0 0,0 120,0 60,90", "the board is not valid: width"),
        ("newgame 120 90 1001 0 0,0 120,0 60,90", "the board is not valid: tolerance"),
        ("newgame 100001 90 4 0 0,0 120,0 60,90", "the width is a number from 0 to 100000"),
    ],
)
def test_what_the_strict_reading_refuses_on_both_sides(line, why):
    assert why in refused_by_both(line)


def test_a_line_that_is_not_newgame_is_refused():
    for line in ("position 1-2", " newgame 120 90 4 0 0,0 120,0 60,90", "newgames 1 1 0 0"):
        with pytest.raises(WireError, match="expected 'newgame"):
            wire.read_newgame(line)
        with pytest.raises(engine_protocol.ProtocolError):
            engine_protocol.parse_new_game(line)


def test_a_board_preset_the_stars_do_not_fit_is_refused():
    line = wire.newgame_line(Board.generate("phone-24", 1), Rules())
    with pytest.raises(WireError, match="the board is not valid"):
        wire.read_newgame(line, "tablet-80", 1)


@LIMITED
@given(st.integers(0, 9), st.sampled_from([" ", "  ", "\t", "+", "-", "٣", ",", "x", "\x00"]))
def test_a_valid_line_spoiled_anywhere_is_refused(position, spoiler):
    """Any of these after a word of the example makes a line the grammar does not allow (a
    space more leaves an empty word, also at the end of the line)."""
    words = SQUARE.split(" ")[1:]
    index = position % len(words)
    spoiled = list(words)
    spoiled[index] = spoiled[index] + spoiler
    refused_by_both("newgame " + " ".join(spoiled))


# -- free text -----------------------------------------------------------------------------------


def test_quote_escapes_and_cuts():
    assert wire.quote("ab") == "'ab'"
    assert wire.quote("a\nb\x1b") == "'a\\nb\\x1b'"
    long = wire.quote("x" * 100)
    assert len(long) == wire.QUOTED_WORD and long.endswith("...") and long.startswith("'x")
    assert len(wire.quote("x" * 100, wire.QUOTED_LINE)) == wire.QUOTED_LINE
    assert wire.quote(("a", 1)) == "('a', 1)"
    assert wire.cut("abcdef", 6) == "abcdef" and wire.cut("abcdefg", 6) == "abc..."


@given(st.text(max_size=300), st.integers(4, 120))
def test_a_quote_is_never_longer_than_its_limit_and_on_one_line(text, limit):
    quoted = wire.quote(text, limit)
    assert len(quoted) <= limit and "\n" not in quoted and "\r" not in quoted


@given(st.text(max_size=300), st.integers(0, 250))
@example("0000000\n0", 8)  # cut just after the space a line break became
def test_clean_text_is_one_clean_line_within_its_limit(text, limit):
    cleaned = wire.clean_text(text, limit)
    assert len(cleaned) <= limit
    assert cleaned == cleaned.strip() and "  " not in cleaned
    assert not any(c in cleaned for c in "\n\r\t\x00\u2028\u2029\u202e")
    assert wire.clean_text(cleaned, limit) == cleaned


def test_the_network_protocol_cleans_text_with_the_wires_function():
    assert net_protocol.clean_text is wire.clean_text
    assert wire.clean_text("hi\x1b[31m\u2028there\u202e  you", 200) == "hi[31m there you"


# -- the limits ----------------------------------------------------------------------------------


def test_the_limits_are_the_protocols_limits():
    assert engine_protocol.MAX_LINE_BYTES == net_protocol.MAX_SETUP_LINE_BYTES == 65_536
    assert wire.MAX_LINE_BYTES == 65_536
    assert net_protocol.MAX_STROKES == wire.MAX_STROKES
    assert wire.MAX_STAR >= MAX_STARS  # every star of the biggest board has a number
    assert wire.MAX_BOARD_NUMBER >= max(MAX_COORDINATE, MAX_TOLERANCE)


def test_the_biggest_board_fits_on_one_line():
    width = height = MAX_COORDINATE
    side = 16  # 16 x 16 = 256 >= MAX_STARS stars, as far apart as the board allows
    stars = [(width - (k % side) * 600, height - (k // side) * 600) for k in range(MAX_STARS)]
    board = Board(stars, width, height, MAX_TOLERANCE)
    line = wire.newgame_line(board, Rules(True))
    assert len(line.encode()) < wire.MAX_LINE_BYTES
    assert read_both(line)[0].same_as(board)


def test_a_whole_position_of_the_most_strokes_fits_on_one_line():
    strokes = [(wire.MAX_STAR, wire.MAX_STAR - 1)] * wire.MAX_STROKES
    line = engine_protocol.position(strokes)
    assert len(line.encode()) < wire.MAX_LINE_BYTES
    assert engine_protocol.parse_position(line) == strokes
    start = net_protocol.start_line(0, strokes)
    assert net_protocol.parse_start_line(net_protocol.parse(start)) == (0, strokes)
    with pytest.raises(net_protocol.ProtocolError):
        net_protocol.parse_start_line(net_protocol.parse(start + " 1-2"))


def test_star_numbers_stop_at_the_limit():
    assert wire.read_stroke_word(f"{wire.MAX_STAR}-0") == (wire.MAX_STAR, 0)
    with pytest.raises(WireError, match=f"a star is a number from 0 to {wire.MAX_STAR}"):
        wire.read_stroke_word(f"0-{wire.MAX_STAR + 1}")


def test_the_engine_adapter_answers_a_newgame_it_refuses_with_error():
    """`python -m triangles_qt.engine` tells the host what it could not read, and goes on."""
    answers = io.StringIO()
    commands = ["newgame 120 90 4 2 0,0 120,0 60,90 60,40\n", SQUARE + "\n", "isready\n"]
    assert serve(object(), commands, answers) == 0
    assert answers.getvalue().splitlines() == [
        "error ProtocolError: REPLAY is 0 or 1, not '2'",
        "readyok",
    ]
