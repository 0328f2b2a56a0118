"""The board's precomputed tables, checked against the scalar predicates of geometry.py one pair
and one triangle at a time, whatever the chunks the build cuts them into; the two ways a game
finds the strokes a new one crosses; the star generator's own randrange.

Stars sit on small grids or on the edges of the biggest board on purpose: collinear stars,
stars at exactly `tol` from a stroke, and products at the edge of int32 then all occur.
"""

import random
import tracemalloc
from itertools import combinations

import numpy as np
import pytest

import triangles_qt.core.board as board_module
from triangles_qt.core.board import Board, randrange_draws
from triangles_qt.core.game import Game
from triangles_qt.core.geometry import (
    MAX_COORDINATE,
    orient,
    strictly_inside_triangle,
    strokes_conflict,
    within_distance_of_segment,
)
from triangles_qt.core.rules import Rules


def grid_board(rng: random.Random, n: int, grid: int, tol: int) -> Board:
    points: set[tuple[int, int]] = set()
    while len(points) < n:
        points.add((rng.randint(0, grid), rng.randint(0, grid)))
    return Board(sorted(points), grid, grid, tol)


def edge_board(rng: random.Random, n: int, tol: int) -> Board:
    """Stars on the edges and corners of the biggest board: the largest orientations."""
    top = MAX_COORDINATE
    points = {(0, 0), (top, top), (0, top), (top, 0)}
    while len(points) < n:
        points.add((rng.choice((0, top, rng.randint(0, top))), rng.choice((0, top))))
        points.add((rng.choice((0, top)), rng.randint(0, top)))
    return Board(sorted(points)[:n], top, top, tol)


def boards() -> list[Board]:
    rng = random.Random(49)
    found = [grid_board(rng, rng.randint(4, 40), rng.choice((6, 12, 40)), t) for t in range(5)]
    found += [grid_board(rng, 45, 30, t) for t in (0, 1, 3)]
    found += [edge_board(rng, 40, t) for t in (0, 7, 1000)]
    line = [(3 * k, 2 * k + 1) for k in range(30)] + [(50, 10), (10, 50), (45, 46)]
    found += [Board(line, 100, 100, t) for t in (0, 2)]
    return found


BOARDS = boards()


def check_tables(board: Board) -> None:
    """Every table entry of `board` against the scalar predicates, pair by pair."""
    stars, n, tol = board.star_list, board.n, board.tolerance
    for i, j in combinations(range(n), 2):
        blocked = any(
            within_distance_of_segment(stars[k], stars[i], stars[j], tol)
            for k in range(n)
            if k not in (i, j)
        )
        s = board.candidate(i, j)
        assert (s < 0) == blocked and board.candidate(j, i) == s, (i, j)
        if s >= 0:
            assert board.stroke(s) == (i, j)
            for k in range(n):
                assert board.side_t[k, s] == orient(stars[i], stars[j], stars[k])
    assert board.m == len(board.cand_a_list) == len(board.cand_pairs)
    pairs = board.cand_pairs.tolist()
    for t in range(board.m):
        a, b = pairs[t]
        row = board.crossing_bits(t)
        expected = 0
        for s, (c, d) in enumerate(pairs):
            if s != t and strokes_conflict(stars[a], stars[b], stars[c], stars[d]):
                expected |= 1 << s
        assert row == expected, t
        everyone = np.arange(board.m)
        assert board.crossing_among(t, everyone).tolist() == [
            bool(row >> s & 1) for s in range(board.m)
        ]
        apexes = set()
        for k in range(n):
            p, q = board.candidate(a, k), board.candidate(b, k)
            if k in (a, b) or p < 0 or q < 0:
                continue
            empty = not any(
                strictly_inside_triangle(stars[x], stars[a], stars[b], stars[k])
                for x in range(n)
                if x not in (a, b, k)
            )
            assert board.is_empty_triangle(t, p, q, a, b, k) == empty, (a, b, k)
            if empty:
                apexes.add((k, p, q))
        assert set(board.apexes(t)) == apexes, t
        for positive, sign in ((True, 1), (False, -1)):
            assert board.side_bits(t, positive) == sum(
                1 << k for k in range(n) if orient(stars[a], stars[b], stars[k]) == sign
            )


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_every_table_entry_agrees_with_the_scalar_predicates(index):
    check_tables(BOARDS[index])


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_tables_do_not_depend_on_the_size_of_the_chunks(index, monkeypatch):
    """Tiny chunks and tiny waits for the exact test: every chunk boundary and flush is hit."""
    board = BOARDS[index]
    for chunk, pending in ((8, 1), (64, 512), (200, 10_000)):
        monkeypatch.setattr(board_module, "CHUNK_ENTRIES", chunk * board.n)
        monkeypatch.setattr(board_module, "PENDING_ENTRIES", pending)
        again = Board(board.star_list, board.width, board.height, board.tolerance)
        assert np.array_equal(again.cand_pairs, board.cand_pairs)
        assert np.array_equal(again.side_t, board.side_t)
        assert again.pair_index_list == board.pair_index_list
        assert again.candidate_neighbours == board.candidate_neighbours


def test_a_generated_board_has_the_same_tables_in_small_chunks(monkeypatch):
    board = Board.generate("phone-60", 3)
    monkeypatch.setattr(board_module, "CHUNK_ENTRIES", 50 * board.n)
    monkeypatch.setattr(board_module, "PENDING_ENTRIES", 3000)
    again = Board.generate("phone-60", 3)
    assert np.array_equal(again.side_t, board.side_t)
    assert np.array_equal(again.cand_pairs, board.cand_pairs)
    check_tables(board)


def test_crossing_among_reads_the_crossing_row_at_any_candidates():
    board = Board.generate("tablet-80", 5)
    rng = random.Random(5)
    for t in rng.sample(range(board.m), 40):
        row = board.crossing_bits(t)
        among = np.array(sorted(rng.sample(range(board.m), rng.randint(0, board.m))), np.intp)
        assert board.crossing_among(t, among).tolist() == [
            bool(row >> s & 1) for s in among.tolist()
        ]


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_star_pairs_made_together_are_those_made_one_at_a_time(index):
    """The star sets a game makes for its legal strokes at once, once they are few (any star
    count, not only multiples of four), are the ones is_empty_triangle would make for each."""
    board = BOARDS[index]
    among = np.arange(0, board.m, 2)
    board.keep_star_pairs(among)
    kept = [board._star_pairs[s] for s in among.tolist()]
    assert None not in kept
    assert kept == [board._pairs_of(s) for s in among.tolist()]


@pytest.mark.parametrize("replay", [False, True])
def test_a_game_that_lists_its_legal_strokes_plays_as_one_that_does_not(replay):
    """Listed, a game thins its list out and finds crossings among the listed strokes only;
    unlisted, it takes whole crossing rows. Both must give the same game, through undo and
    copies too."""
    rules = Rules(replay_after_triangle=replay)
    for seed in range(6):
        rng = random.Random(seed)
        board = Board.generate(("phone-24", "phone-60", "tablet-80")[seed % 3], seed)
        # The same board again, so that the silent game computes its own crossing rows.
        again = Board(board.star_list, board.width, board.height, board.tolerance)
        listing, silent = Game(board, rules), Game(again, rules)
        while not listing.is_over:
            strokes = listing.legal_strokes()
            assert strokes.dtype == np.intp and strokes.shape == (listing.legal_bits.bit_count(), 2)
            assert strokes.tolist() == again.bits_to_strokes(silent.legal_bits).tolist()
            i, j = map(int, strokes[rng.randrange(len(strokes))])
            if rng.random() < 0.5:
                i, j = j, i
            assert listing.play(i, j) == silent.play(i, j)
            assert listing.legal_bits == silent.legal_bits
            assert listing.drawn_bits == silent.drawn_bits
            assert listing.is_over == silent.is_over and listing.scores == silent.scores
            if rng.random() < 0.1:
                for _ in range(rng.randint(1, min(3, len(listing.moves)))):
                    assert listing.undo() == silent.undo()
                assert listing.legal_bits == silent.legal_bits
            if rng.random() < 0.1:
                listing = listing.copy()
        assert listing.legal_strokes().shape == (0, 2)


@pytest.mark.parametrize("seed", range(5))
def test_randrange_draws_are_the_draws_of_random_randrange(seed):
    """generate_stars draws as random.randrange would: the same numbers from the same state."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for start, stop in ((0, 1), (0, 2), (20, 781), (9, 352), (20, 1261), (5, 1029), (7, 8)):
        count = theirs.randrange(1, 40)
        ours.randrange(1, 40)
        assert randrange_draws(ours, start, stop, count) == [
            theirs.randrange(start, stop) for _ in range(count)
        ]
    assert ours.getstate() == theirs.getstate()


def test_the_build_of_a_big_board_holds_no_stars_by_pairs_matrix():
    """Memory, not time: the tables are built in chunks, so a tablet-180 build peaks at a few
    MB (one int8 per star-legal stroke and star, and a chunk), where a stars x pairs int32
    matrix and its temporaries took ~25 MB."""
    stars = Board.generate("tablet-180", 0).star_list
    tracemalloc.start()
    try:
        Board(stars, 800, 1280)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 * 2**20
