"""The board build's star-legal strokes against the naive reference engine, on boards made for
the way the build finds them: each triple of stars is looked at once, as its lowest-numbered
star and the pair of the other two, and then as each of its three (star, pair) entries. So the
stars come in every order (a blocking star numbered first, between or last), with stars within
tol of each other, at exactly tol from a segment or from its ends, many on one line, and at the
largest coordinates and tolerance; and the build runs in chunks of every size.
"""

import random
from itertools import combinations, permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import triangles_qt.core.board as board_module
from triangles_qt.core.board import Board
from triangles_qt.core.geometry import MAX_COORDINATE, MAX_TOLERANCE, orient
from triangles_qt.core.naive import NaiveGame


def assert_as_naive(board: Board) -> None:
    """The candidates are the naive engine's star-legal strokes, and the side table its
    orientations."""
    stars, n = board.star_list, board.n
    naive = NaiveGame(stars, board.tolerance)
    legal = [(i, j) for i, j in combinations(range(n), 2) if not naive.passes_over_star(i, j)]
    assert [tuple(pair) for pair in board.cand_pairs.tolist()] == legal
    expected = [[orient(stars[i], stars[j], stars[k]) for i, j in legal] for k in range(n)]
    assert board.side_t.tolist() == expected


# A segment of length 20 along x, y, a diagonal and a slant, and a third star near it: 3 from
# its middle, 4 from it, 3 beyond an end, sqrt(13) from the end, on the line farther on, and
# within 3 of an end star; with tol 0, 1 and 3, each on either side of the rule.
SEGMENTS = [((0, 0), (20, 0)), ((5, 0), (5, 20)), ((0, 0), (12, 16)), ((3, 1), (23, 9))]
THIRDS = [(10, 3), (10, 4), (23, 0), (22, 3), (40, 0), (1, 2), (-2, -2), (0, 3)]


@pytest.mark.parametrize("tol", [0, 1, 3])
def test_a_third_star_blocks_as_the_naive_engine_says_whatever_the_order(tol):
    for (ax, ay), (bx, by) in SEGMENTS:
        ux, uy = (bx - ax) // 4, (by - ay) // 4  # the segment's direction, to turn THIRDS
        for tx, ty in THIRDS:
            # THIRDS are given for the segment (0, 0)-(20, 0): turned (the slant's only about)
            # and moved onto this one.
            third = (ax + (tx * ux - ty * uy) // 5, ay + (tx * uy + ty * ux) // 5)
            points = [(ax + 30, ay + 30), (bx + 30, by + 30), (third[0] + 30, third[1] + 30)]
            if len(set(points)) < 3:
                continue
            for order in permutations(points):
                assert_as_naive(Board(list(order), 100, 100, tol))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=3, max_size=16, unique=True
    ),
    st.integers(0, 5),
)
def test_small_crowded_boards_in_any_order_block_as_the_naive_engine_says(stars, tol):
    """Stars on a 13 x 13 grid, unsorted: collinear triples, stars within tol of each other and
    at exactly tol from segments, as any of a triple's three."""
    assert_as_naive(Board(stars, 12, 12, tol))


@pytest.mark.parametrize("seed", range(3))
def test_the_largest_coordinates_and_tolerance_block_as_the_naive_engine_says(seed):
    """Stars on the edges of the biggest board: the largest orientations, products and reaches."""
    rng = random.Random(seed)
    top = MAX_COORDINATE
    points = {(0, 0), (top, top), (0, top), (top, 0), (top // 2, top // 2)}
    while len(points) < 24:
        points.add((rng.choice((0, top, rng.randint(0, top))), rng.choice((0, top))))
        points.add((rng.choice((0, top)), rng.randint(0, top)))
    stars = list(points)
    rng.shuffle(stars)
    for tol in (0, 1, 707, MAX_TOLERANCE):
        assert_as_naive(Board(stars, top, top, tol))


@pytest.mark.parametrize(("chunk", "pending"), [(1, 1), (3, 7), (40, 50), (10_000, 100_000)])
def test_chunks_and_batches_of_any_size_give_the_naive_engines_strokes(chunk, pending, monkeypatch):
    """Chunks of one star's row and up (CHUNK_ENTRIES counts pairs), and exact tests of one
    triple and up: every chunk's boundary and every batch's is hit, on a board with many stars
    on a line (most triples within the bound) and others off it, unsorted."""
    rng = random.Random(chunk)
    stars = {(10 + 3 * k, 20 + 2 * k) for k in range(14)}
    while len(stars) < 26:
        stars.add((rng.randint(0, 80), rng.randint(0, 80)))
    order = list(stars)
    rng.shuffle(order)
    monkeypatch.setattr(board_module, "CHUNK_ENTRIES", chunk)
    monkeypatch.setattr(board_module, "PENDING_ENTRIES", pending)
    for tol in (0, 2, 4):
        assert_as_naive(Board(order, 80, 80, tol))


def test_a_board_whose_every_stroke_passes_over_a_star_has_no_candidates():
    """Every stroke of a dense line passes over a star: no candidate, an empty side table."""
    board = Board([(3 * k, 2 * k + 1) for k in range(30)], 100, 100, 4)
    assert board.m == 0 and board.side_t.shape == (30, 0)
    assert_as_naive(board)


def test_a_generated_board_is_the_naive_engines():
    assert_as_naive(Board.generate("phone-60", 11))
