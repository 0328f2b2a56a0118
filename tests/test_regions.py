"""With "play again": the triangles left, and what opening the last big region costs at a leaf."""

import random
import time

import pytest

from triangles_qt.builtin_plugins.hard import (
    HEURISTIC_SCALE,
    MUST_GIVE,
    REGION_RUN,
    Search,
    Tracker,
)
from triangles_qt.core.board import small_bits_to_indices
from triangles_qt.core.game import Game

from small_games import general_position_board, hull_size


def longest_take(game: Game) -> int:
    """The most triangles the player to move can take in a row (they keep the turn)."""
    best = 0
    for s in small_bits_to_indices(game.legal_bits):
        gain = game.candidate_gain(s)
        if gain:
            game.play_candidate(s)
            best = max(best, gain + longest_take(game))
            game.undo()
    return best


def shortest_run(game: Game) -> int:
    """The fewest triangles the player to move can hand over: over their strokes, the most
    the other player can then take in a row (brute force)."""
    runs = []
    for s in small_bits_to_indices(game.legal_bits):
        game.play_candidate(s)
        runs.append(longest_take(game))
        game.undo()
    return min(runs)


@pytest.mark.parametrize("seed", range(4))
def test_triangles_left_are_exact_on_boards_in_general_position(seed):
    """There every game ends on a triangulation of 2n - 2 - h triangles."""
    rng = random.Random(seed)
    board = general_position_board(rng, 10)
    total = 2 * board.n - 2 - hull_size(board.star_list)
    game = Game(board, replay_after_triangle=True)
    tracker = Tracker(game)
    while not game.is_over:
        assert tracker.triangles_left() == total - sum(game.scores)
        tracker.play(rng.choice(small_bits_to_indices(game.legal_bits)))
    assert sum(game.scores) == total


def test_opening_the_last_region_costs_what_it_hands_over():
    """At positions where every stroke hands something over, the leaf cost is what opening
    the last region loses (twice the run minus what is left), checked against brute force.
    Only where no legal strokes cross: there the tracker's runs are exact (where some cross,
    they can count triangles that cannot all be closed, so they are upper bounds)."""
    checked = costly = 0
    for seed in range(30):
        rng = random.Random(seed)
        game = Game(general_position_board(rng, 14), replay_after_triangle=True)
        tracker = Tracker(game)
        while not game.is_over:
            legal = game.legal_bits
            if not tracker.taking and not legal & ~tracker.hot and not tracker.crossings:
                search = Search(tracker, time.perf_counter() + 60, random.Random(0))
                run = shortest_run(game)
                left = 2 * game.board.n - 2 - hull_size(game.board.star_list) - sum(game.scores)
                expected = max(0, 2 * run - left) if run >= REGION_RUN else 0
                assert search._region_cost() == expected * HEURISTIC_SCALE
                assert search._giving_cost() == MUST_GIVE + expected * HEURISTIC_SCALE
                checked += 1
                costly += expected > 0
            # Greedy play (take, else hand nothing over, else anything) reaches such positions.
            choices = tracker.taking or legal & ~tracker.hot or legal
            tracker.play(rng.choice(small_bits_to_indices(choices)))
    assert checked > 20 and costly > 0
