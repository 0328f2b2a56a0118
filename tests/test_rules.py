"""The rules of docs/rules.md sections 1-5, pinned one by one, including the geometric traps."""

import random

import numpy as np
import pytest

from triangles_qt.core.board import PRESETS, Board, BoardError, generate_stars, min_spacing
from triangles_qt.core.game import Game, GameOver, IllegalStroke, Rejection
from triangles_qt.core.geometry import (
    orient,
    segments_intersect,
    strokes_conflict,
    within_distance_of_segment,
)
from triangles_qt.core.naive import NaiveGame
from triangles_qt.core.rules import Rules


def board(stars, tol=4, w=1000, h=1000):
    return Board(stars, w, h, tol)


# -- geometry -------------------------------------------------------------------------------------


def test_orientation_signs_and_collinearity():
    assert orient((0, 0), (10, 0), (5, 1)) == 1
    assert orient((0, 0), (10, 0), (5, -1)) == -1
    assert orient((0, 0), (10, 0), (20, 0)) == 0


def test_distance_to_segment_is_exact_at_the_tolerance():
    a, b = (0, 0), (10, 0)
    assert within_distance_of_segment((5, 4), a, b, 4)  # exactly tol: a near miss counts
    assert not within_distance_of_segment((5, 5), a, b, 4)
    # Beyond the endpoint the distance is to the endpoint: (13, 0) is 3 away from b.
    assert within_distance_of_segment((13, 0), a, b, 3)
    assert not within_distance_of_segment((13, 0), a, b, 2)
    # 3-4-5 triangle off the end: distance exactly 5 to (10, 0).
    assert within_distance_of_segment((13, 4), a, b, 5)
    assert not within_distance_of_segment((13, 4), a, b, 4)


def test_distance_on_a_slanted_segment_has_no_rounding():
    # Segment (0,0)-(3,4) has length 5; point (4,-3) is at distance exactly 5 from the line,
    # and (0,0) is its nearest segment point.
    assert within_distance_of_segment((4, -3), (0, 0), (3, 4), 5)
    assert not within_distance_of_segment((4, -3), (0, 0), (3, 4), 4)


def test_segment_intersection_cases():
    assert segments_intersect((0, 0), (10, 10), (0, 10), (10, 0))  # proper crossing
    assert segments_intersect((0, 0), (10, 0), (5, 0), (5, 5))  # T junction
    assert segments_intersect((0, 0), (10, 0), (5, 0), (15, 0))  # collinear overlap
    assert not segments_intersect((0, 0), (10, 0), (11, 0), (15, 0))  # collinear, apart
    assert not segments_intersect((0, 0), (10, 0), (0, 1), (10, 1))  # parallel


def test_strokes_sharing_a_star_conflict_only_when_they_overlap():
    assert not strokes_conflict((0, 0), (10, 0), (0, 0), (0, 10))
    assert not strokes_conflict((0, 0), (10, 0), (0, 0), (-10, 0))  # opposite rays
    assert strokes_conflict((0, 0), (10, 0), (0, 0), (20, 0))  # same ray: overlap
    assert strokes_conflict((0, 0), (10, 0), (10, 0), (0, 0))  # the same stroke


# -- boards ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_have_their_size_and_spacing(name):
    p = PRESETS[name]
    b = Board.generate(name, 7)
    assert b.n == p.stars and (b.width, b.height) == (p.width, p.height)
    assert b.tolerance == 4 and b.preset == name and b.seed == 7
    s = b.stars
    assert s.dtype.kind == "i"
    assert (s[:, 0] >= 0).all() and (s[:, 0] <= p.width).all()
    assert (s[:, 1] >= 0).all() and (s[:, 1] <= p.height).all()
    d2 = ((s[:, None, :] - s[None, :, :]) ** 2).sum(axis=2)
    np.fill_diagonal(d2, 10**9)
    assert d2.min() >= min_spacing(p.width, p.height, p.stars) ** 2


def test_same_preset_and_seed_give_the_same_stars_everywhere():
    a = Board.generate("phone-60", 123)
    b = Board.generate("phone-60", 123)
    c = Board.generate("phone-60", 124)
    assert a.star_list == b.star_list != c.star_list
    # Pinned: these stars must not change between machines, Python or numpy versions.
    assert generate_stars(360, 640, 24, 1) == [
        (77, 508), (23, 31), (337, 299), (348, 616), (185, 219), (267, 37), (16, 270),
        (224, 415), (121, 69), (222, 530), (62, 169), (29, 385), (318, 137), (150, 609),
        (239, 331), (119, 378), (55, 601), (121, 306), (317, 452), (211, 150), (257, 239),
        (295, 532), (301, 402), (346, 226),
    ]  # fmt: skip


def test_tolerance_override():
    assert Board.generate("phone-24", 1, tolerance=0).tolerance == 0


@pytest.mark.parametrize(
    "stars, w, h, tol, message",
    [
        ([(0, 0), (1, 1)], 10, 10, 4, "at least 3"),
        ([(0, 0), (1, 1), (1, 1)], 10, 10, 4, "both at"),
        ([(0, 0), (1, 1), (11, 1)], 10, 10, 4, "between 0 and 10"),
        ([(0, 0), (1, 1), (-1, 1)], 10, 10, 4, "between 0 and 10"),
        ([(0, 0), (1, 1), (1.5, 1)], 10, 10, 4, "integer"),
        ([(0, 0), (1, 1), (True, 1)], 10, 10, 4, "integer"),
        ([(0, 0), (1, 1), (2, 2, 2)], 10, 10, 4, "pair"),
        ([(0, 0), (1, 1), (2, 2)], 10, 10, -1, "tolerance"),
        ([(0, 0), (1, 1), (2, 2)], 10**9, 10, 4, "width"),
        ([(i, 0) for i in range(300)], 1000, 10, 4, "at most"),
    ],
)
def test_custom_boards_are_validated(stars, w, h, tol, message):
    with pytest.raises(BoardError, match=message):
        Board(stars, w, h, tol)


def test_unknown_preset():
    with pytest.raises(BoardError, match="unknown preset"):
        Board.generate("phone-7", 1)
    with pytest.raises(BoardError, match="unknown preset"):
        Board([(0, 0), (1, 1), (2, 0)], 10, 10, preset="phone-7")


def test_a_board_naming_a_preset_has_its_size():
    phone = Board.generate("phone-24", 3)
    same = Board(phone.star_list, phone.width, phone.height, preset="phone-24", seed=3)
    assert same.preset == "phone-24" and same.n == 24
    with pytest.raises(BoardError, match="a phone-24 board is 360 x 640, not 10 x 10"):
        Board([(0, 0), (1, 1), (2, 0)], 10, 10, preset="phone-24")
    with pytest.raises(BoardError, match="a phone-24 board has 24 stars, not 23"):
        Board(phone.star_list[:23], phone.width, phone.height, preset="phone-24")


# -- legality -------------------------------------------------------------------------------------


def test_already_drawn_either_direction():
    g = Game(board([(0, 0), (100, 0), (50, 80)]))
    g.play(0, 1)
    assert g.check(0, 1) is Rejection.ALREADY_DRAWN
    assert g.check(1, 0) is Rejection.ALREADY_DRAWN


def test_passes_over_a_collinear_star():
    g = Game(board([(0, 0), (50, 0), (100, 0), (50, 80)], tol=0))
    assert g.check(0, 2) is Rejection.PASSES_OVER_STAR
    assert g.check(0, 1) is None


def test_near_miss_at_exactly_tol_is_passing_over():
    g = Game(board([(0, 0), (50, 4), (100, 0), (50, 80)], tol=4))
    assert g.check(0, 2) is Rejection.PASSES_OVER_STAR
    g = Game(board([(0, 0), (50, 5), (100, 0), (50, 80)], tol=4))
    assert g.check(0, 2) is None


def test_star_beyond_the_end_within_tol_blocks_but_not_a_further_one():
    # Star 2 is 3 points beyond star 1 on the same line: stroke 0-1 ends 3 points from it.
    g = Game(board([(0, 0), (100, 0), (103, 0), (50, 80)], tol=4))
    assert g.check(0, 1) is Rejection.PASSES_OVER_STAR
    g = Game(board([(0, 0), (100, 0), (105, 0), (50, 80)], tol=4))
    assert g.check(0, 1) is None


def test_vertical_and_horizontal_strokes_with_shared_coordinates():
    # Stars sharing an x: a vertical stroke, and a star straight above on the same vertical.
    stars = [(100, 0), (100, 100), (100, 200), (0, 100), (200, 100)]
    g = Game(board(stars, tol=0))
    assert g.check(0, 2) is Rejection.PASSES_OVER_STAR  # passes over star 1
    assert g.check(3, 4) is Rejection.PASSES_OVER_STAR  # horizontal, passes over star 1
    g.play(0, 1)
    g.play(3, 1)
    assert g.check(1, 4) is None  # shares star 1 with both: allowed
    g.play(1, 2)
    assert g.check(3, 2) is None


def test_crossing_is_rejected_and_sharing_an_endpoint_is_not():
    stars = [(0, 0), (100, 100), (0, 100), (100, 0)]
    g = Game(board(stars))
    g.play(0, 1)
    assert g.check(2, 3) is Rejection.CROSSES_STROKE
    assert g.check(0, 2) is None


def test_rejected_stroke_changes_nothing():
    stars = [(0, 0), (100, 100), (0, 100), (100, 0)]
    g = Game(board(stars))
    g.play(0, 1)
    before = (g.player, g.scores, g.strokes, g.legal_bits)
    with pytest.raises(IllegalStroke) as err:
        g.play(2, 3)
    assert err.value.reason is Rejection.CROSSES_STROKE
    assert (g.player, g.scores, g.strokes, g.legal_bits) == before


def test_bad_indices_are_not_strokes():
    g = Game(board([(0, 0), (100, 0), (50, 80)]))
    for i, j in ((0, 0), (0, 3), (-1, 1), (True, 1)):
        with pytest.raises(ValueError):
            g.check(i, j)


# -- scoring and turns ----------------------------------------------------------------------------


SQUARE = [(0, 0), (100, 0), (100, 100), (0, 100)]


def test_the_diagonal_of_a_square_closes_two_triangles():
    g = Game(board(SQUARE))
    for i, j in ((0, 1), (1, 2), (2, 3), (3, 0)):
        assert g.play(i, j).triangles == ()
    assert g.gain(0, 2) == ((0, 1, 2), (0, 2, 3))
    move = g.play(0, 2)
    assert move.player == 0 and len(move.triangles) == 2
    assert g.scores == (2, 0)
    assert g.is_over and g.winner == 0


def test_a_closed_triangle_with_a_star_inside_scores_nothing():
    stars = [(0, 0), (300, 0), (150, 260), (150, 100)]
    g = Game(board(stars))
    g.play(0, 1)
    g.play(1, 2)
    assert g.play(0, 2).triangles == ()  # the big triangle holds star 3
    assert g.scores == (0, 0)
    g.play(3, 0)
    assert g.player == 0
    assert g.play(3, 1).triangles == ((0, 1, 3),)  # a small one around the star counts
    assert g.scores == (1, 0)


def test_turns_alternate_by_default_even_after_a_triangle():
    g = Game(board([(0, 0), (100, 0), (50, 80), (50, 300)]))
    g.play(0, 1)
    g.play(1, 2)
    assert g.player == 0
    g.play(0, 2)  # closes a triangle
    assert g.player == 1


def test_play_again_after_a_triangle():
    g = Game(board([(0, 0), (100, 0), (50, 80), (50, 300)]), Rules(replay_after_triangle=True))
    g.play(0, 1)
    g.play(1, 2)
    assert g.play(0, 2).player == 0
    assert g.player == 0  # scored, so moves again
    g.play(2, 3)
    assert g.player == 1  # no triangle: the turn passes


def test_the_game_ends_when_no_counting_triangle_can_be_closed():
    g = Game(board([(0, 0), (100, 0), (50, 80)]))
    assert not g.is_over
    g.play(0, 1)
    g.play(1, 2)
    g.play(2, 0)
    assert g.is_over and g.scores == (1, 0) and g.winner == 0
    assert len(g.legal_strokes()) == 0
    with pytest.raises(GameOver):
        g.play(0, 1)


def test_the_game_ends_although_strokes_remain_legal():
    # Every triangle using star 3 has a side passing within tol of star 2, so once triangle
    # 0-1-2 is closed nothing can ever score: over, with stroke 2-3 still legal.
    stars = [(0, 0), (100, 0), (50, 80), (50, 160)]
    g = Game(board(stars, tol=25))
    assert g.check(3, 0) is Rejection.PASSES_OVER_STAR
    assert g.check(3, 1) is Rejection.PASSES_OVER_STAR
    for i, j in ((0, 1), (1, 2), (0, 2)):
        assert not g.is_over
        g.play(i, j)
    assert g.is_over and g.scores == (1, 0)
    assert NaiveGame(stars, 25).check(2, 3) is None


def test_a_draw_has_no_winner():
    import random

    b = Board.generate("phone-24", 24)
    g, rng = Game(b), random.Random(24)
    while not g.is_over:
        legal = g.legal_strokes()
        i, j = legal[rng.randrange(len(legal))]
        g.play(int(i), int(j))
    assert g.scores[0] == g.scores[1] > 0
    assert g.winner is None


def test_triangle_that_can_never_be_completed_does_not_keep_the_game_alive():
    # 0-1-2 is empty, but side 0-2 is crossed by 3-4 once that is drawn.
    stars = [(0, 0), (200, 0), (100, 150), (40, 200), (120, 10)]
    g = Game(board(stars, tol=0))
    naive = NaiveGame(stars, 0)
    for i, j in [(3, 4)] + [(a, b) for a in range(5) for b in range(a + 1, 5)]:
        if g.is_over:
            break
        if g.check(i, j) is None:
            g.play(i, j)
            naive.play(i, j)
            assert g.is_over == naive.is_over()
    assert g.is_over and naive.is_over()


def test_undo_restores_everything():
    g = Game(board(SQUARE), Rules(replay_after_triangle=True))
    states = []
    for i, j in ((0, 1), (1, 2), (2, 3), (3, 0), (0, 2)):
        states.append((g.player, g.scores, g.strokes, g.legal_bits, g.is_over))
        g.play(i, j)
    assert g.is_over
    for _ in range(5):
        g.undo()
        assert (g.player, g.scores, g.strokes, g.legal_bits, g.is_over) == states.pop()
    with pytest.raises(IndexError):
        g.undo()


def test_copy_is_independent():
    g = Game(board(SQUARE))
    g.play(0, 1)
    h = g.copy()
    h.play(1, 2)
    assert g.strokes == [(0, 1)] and h.strokes == [(0, 1), (1, 2)]


def test_negative_seeds_are_refused_rather_than_aliased():
    with pytest.raises(BoardError, match="non-negative"):
        Board.generate("phone-24", -7)


def test_a_move_keeps_the_stroke_as_drawn():
    g = Game(board(SQUARE))
    assert g.play(2, 1).stroke == (2, 1)
    assert g.strokes == [(2, 1)] and g.is_drawn(1, 2)
    g.undo()
    assert g.check(1, 2) is None


@pytest.mark.parametrize("preset, seed", [("phone-24", 1), ("phone-60", 2)])
def test_the_obstacles_of_every_stroke_agree_with_why_it_is_refused(preset, seed):
    """Every pair of stars, at several moments of a random game: a stroke refused for passing
    over a star names such a star, one refused for crossing names drawn strokes and no star,
    and a legal one has nothing in its way."""
    rng = random.Random(seed)
    game = Game(Board.generate(preset, seed))
    n = len(game.board.stars)
    for _ in range(4):
        for i in range(n):
            for j in range(i + 1, n):
                over, crossed = game.obstacles(i, j)
                reason = game.check(i, j)
                if reason is None:
                    assert over == () and crossed == ()
                elif reason == Rejection.PASSES_OVER_STAR:
                    assert over and i not in over and j not in over
                elif reason == Rejection.CROSSES_STROKE:
                    assert over == () and crossed
                    assert all(
                        tuple(sorted(s)) in {tuple(sorted(t)) for t in game.strokes}
                        for s in crossed
                    )
        for _ in range(12):
            legal = game.legal_strokes()
            if not len(legal):
                break
            game.play(*map(int, legal[rng.randrange(len(legal))]))


def test_strokes_as_legal_strokes_gives_them_play_on_a_big_board():
    """legal_strokes() gives numpy integers; on a board of more than 64 stars they index bit
    sets wider than a machine word, and must be taken as they are by play, check and gain."""
    game = Game(Board.generate("tablet-120", 3))
    while not game.is_over:
        i, j = game.legal_strokes()[-1]
        assert game.check(i, j) is None and isinstance(game.gain(i, j), tuple)
        game.play(i, j)
    assert sum(game.scores) > 0
