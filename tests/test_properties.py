"""Properties of the rules engine, and a brute-force cross-check against the naive engine.

Boards come from a small integer grid on purpose: shared coordinates, exactly collinear stars and
stars at exactly `tol` from a stroke then occur all the time instead of never.
"""

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from small_games import hull_size

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.geometry import orient, strokes_conflict, within_distance_of_segment
from triangles_qt.core.naive import NaiveGame
from triangles_qt.core.rules import Rules

GRID = 40


@st.composite
def small_boards(draw, min_stars=4, max_stars=9, max_tol=4, general_position=False):
    n = draw(st.integers(min_stars, max_stars))
    stars = draw(
        st.lists(
            st.tuples(st.integers(0, GRID), st.integers(0, GRID)),
            min_size=n,
            max_size=n,
            unique=True,
        )
    )
    if general_position:
        from hypothesis import assume

        assume(all(orient(a, b, c) != 0 for a, b, c in combinations(stars, 3)))
    tol = 0 if general_position else draw(st.integers(0, max_tol))
    return Board(stars, GRID, GRID, tol)


def play_randomly(game, rng, limit=None):
    while not game.is_over and (limit is None or len(game.moves) < limit):
        legal = game.legal_strokes()
        i, j = legal[rng.randrange(len(legal))]
        game.play(int(i), int(j))
    return game


PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY_SETTINGS
@given(small_boards(), st.randoms(use_true_random=False), st.booleans())
def test_no_two_drawn_strokes_ever_conflict(board, rng, replay):
    game = play_randomly(Game(board, Rules(replay_after_triangle=replay)), rng)
    stars = board.star_list
    for (a, b), (c, d) in combinations(game.strokes, 2):
        assert not strokes_conflict(stars[a], stars[b], stars[c], stars[d])
    for a, b in game.strokes:
        for k, p in enumerate(stars):
            if k not in (a, b):
                assert not within_distance_of_segment(p, stars[a], stars[b], board.tolerance)


@PROPERTY_SETTINGS
@given(small_boards(), st.randoms(use_true_random=False), st.booleans())
def test_score_total_is_the_number_of_counted_triangles(board, rng, replay):
    game = play_randomly(Game(board, Rules(replay_after_triangle=replay)), rng)
    counted = [t for m in game.moves for t in m.triangles]
    assert len(set(counted)) == len(counted) == sum(game.scores)
    naive = NaiveGame(board.star_list, board.tolerance)
    for t in counted:
        assert naive.is_empty_triangle(*t)
    per_player = [sum(len(m.triangles) for m in game.moves if m.player == p) for p in (0, 1)]
    assert tuple(per_player) == game.scores


@PROPERTY_SETTINGS
@given(small_boards(general_position=True), st.randoms(use_true_random=False), st.booleans())
def test_tolerance_zero_general_position_ends_on_a_triangulation(board, rng, replay):
    game = play_randomly(Game(board, Rules(replay_after_triangle=replay)), rng)
    n, h = board.n, hull_size(board.star_list)
    assert sum(game.scores) == 2 * n - 2 - h
    assert len(game.strokes) == 3 * n - 3 - h


def cross_check_game(board, rng, replay):
    """Play a random game on both engines, comparing every rule decision at every step."""
    fast = Game(board, Rules(replay_after_triangle=replay))
    naive = NaiveGame(board.star_list, board.tolerance, Rules(replay_after_triangle=replay))
    pairs = list(combinations(range(board.n), 2))
    while True:
        assert fast.is_over == naive.is_over()
        assert fast.player == naive.player and list(fast.scores) == naive.scores
        if fast.is_over:
            return len(fast.moves)
        legal = []
        for i, j in pairs:
            reason = fast.check(i, j)
            assert reason == naive.check(i, j), (i, j)
            if reason is None:
                legal.append((i, j))
                assert sorted(fast.gain(i, j)) == naive.closed_triangles(i, j)
        assert sorted(map(tuple, fast.legal_strokes().tolist())) == legal
        i, j = legal[rng.randrange(len(legal))]
        assert list(fast.play(i, j).triangles) == naive.play(i, j)


CROSS_CHECK_GAMES = 400


def test_fast_engine_agrees_with_naive_engine_on_random_games():
    rng = random.Random(2026)
    games = 0
    for g in range(CROSS_CHECK_GAMES):
        n = rng.randint(3, 11)
        grid = rng.choice((12, 30, 200))
        points = set()
        while len(points) < n:
            points.add((rng.randint(0, grid), rng.randint(0, grid)))
        board = Board(sorted(points), grid, grid, rng.choice((0, 0, 1, 2, 4)))
        cross_check_game(board, rng, replay=g % 2 == 1)
        games += 1
    assert games == CROSS_CHECK_GAMES


@pytest.mark.parametrize("seed", range(6))
def test_fast_engine_agrees_with_naive_engine_on_phone_24(seed):
    rng = random.Random(seed)
    cross_check_game(Board.generate("phone-24", seed), rng, replay=seed % 2 == 1)


@PROPERTY_SETTINGS
@given(small_boards(max_stars=7), st.randoms(use_true_random=False))
def test_undo_walks_back_through_every_state(board, rng):
    game = Game(board)
    seen = []
    while not game.is_over:
        seen.append((game.player, game.scores, game.legal_bits, game.is_over))
        legal = game.legal_strokes()
        i, j = legal[rng.randrange(len(legal))]
        game.play(int(i), int(j))
    while seen:
        game.undo()
        assert (game.player, game.scores, game.legal_bits, game.is_over) == seen.pop()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=12, max_value=40),
    st.integers(min_value=0, max_value=6),
    st.integers(min_value=0, max_value=5),
    st.randoms(use_true_random=False),
)
def test_stars_mostly_on_one_line_block_exactly_the_strokes_that_pass_near_them(
    on_line, off_line, tol, rng
):
    """Boards of a hostile record: most stars on one line, so that most triples of stars are
    within the build's bound and go to its exact test; the result must be the brute-force one."""
    dx, dy = rng.choice([(1, 0), (0, 1), (1, 1), (2, 1), (3, -2)])
    step = rng.randint(1, 3)
    start = (rng.randint(0, 50), rng.randint(400, 450))
    stars = {(start[0] + k * step * dx, start[1] + k * step * dy) for k in range(on_line)}
    while len(stars) < on_line + off_line:
        stars.add((rng.randint(0, 900), rng.randint(0, 900)))
    stars = sorted(stars)
    board = Board(stars, 1000, 1000, tol)
    n = len(stars)
    for i, j in combinations(range(n), 2):
        blocked = any(
            within_distance_of_segment(stars[k], stars[i], stars[j], tol)
            for k in range(n)
            if k not in (i, j)
        )
        assert (board.candidate(i, j) < 0) == blocked, (i, j)
