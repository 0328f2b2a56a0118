"""Hard's tracker: what it keeps up to date through play and undo, and how it groups strokes."""

import random
import time

import pytest
from small_games import random_board

from triangles_qt.builtin_plugins.hard import GIVE_SAMPLE, Search, Tracker
from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.core.board import Board, small_bits_to_indices
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules


def test_tracker_counts_crossing_legal_strokes_through_play_and_undo():
    rng = random.Random(3)
    game = Game(random_board(rng, 11))
    tracker = Tracker(game)
    board = game.board

    def crossings() -> int:
        legal = game.legal_bits
        rows = (board.crossing_bits(s) & legal for s in range(board.m) if legal >> s & 1)
        return sum(row.bit_count() for row in rows) // 2

    counts = [tracker.crossings]
    assert counts[0] == crossings() > 0
    while not game.is_over:
        legal = game.legal_strokes()
        tracker.play(board.candidate(*map(int, legal[rng.randrange(len(legal))])))
        assert tracker.crossings == crossings()
        counts.append(tracker.crossings)
    while counts:
        assert tracker.crossings == counts.pop() == crossings()
        if counts:
            tracker.undo()


@pytest.mark.parametrize("replay", [False, True])
def test_tracker_kept_up_to_date_matches_one_built_afresh(replay):
    """What play and undo keep incrementally (gains, giving counts, the safe and taking
    bitsets) is what a tracker built on the position from scratch finds."""
    rng = random.Random(5)

    def state(tracker: Tracker) -> tuple:
        legal = tracker.game.legal_bits
        strokes = [s for s in range(tracker.board.m) if legal >> s & 1]
        return (
            [(tracker.c0[s], tracker.c1[s]) for s in strokes],
            tracker.hot & legal,
            tracker.taking & legal,
        )

    checked = 0
    for _ in range(6):
        game = Game(random_board(rng, 10), Rules(replay_after_triangle=replay))
        tracker = Tracker(game)
        states = [state(tracker)]
        while not game.is_over:
            legal = game.legal_strokes()
            tracker.play(game.board.candidate(*map(int, legal[rng.randrange(len(legal))])))
            assert state(tracker) == state(Tracker(game.copy()))
            states.append(state(tracker))
            checked += state(tracker)[2] != 0
        while len(states) > 1:
            states.pop()
            tracker.undo()
            assert state(tracker) == states[-1]
    assert checked >= 10  # positions with a triangle to take


@pytest.mark.parametrize("preset", ["phone-60", "tablet-120"])
def test_last_changed_names_every_stroke_whose_counts_a_play_changed(preset):
    """A leaf's exchange mends the keys of the takes on offer from last_changed() alone: every
    stroke whose gain or giving count the last play changed must be in it."""
    rng = random.Random(11)
    game = Game(Board.generate(preset, 3), Rules())
    tracker = Tracker(game)
    m = game.board.m
    changed_somewhere = 0
    while not game.is_over:
        before = list(zip(tracker.c0, tracker.c1, strict=True))
        legal = game.legal_strokes()
        tracker.play(game.board.candidate(*map(int, legal[rng.randrange(len(legal))])))
        moved = {s for s in range(m) if (tracker.c0[s], tracker.c1[s]) != before[s]}
        assert moved <= tracker.last_changed()
        changed_somewhere += len(moved)
    assert changed_somewhere > 100


@pytest.mark.parametrize("replay", [False, True])
def test_the_triangles_the_tracker_says_a_stroke_closes_are_what_the_game_finds(replay):
    """The search hands the game the triangles each stroke closes (Tracker.closing) instead of
    having it look for them: they must be exactly what Game.gain finds, for every legal stroke
    of every position."""
    rng = random.Random(17)
    checked = 0
    for board in [random_board(rng, 10), random_board(rng, 12), Board.generate("phone-60", 5)]:
        game = Game(board, Rules(replay_after_triangle=replay))
        tracker = Tracker(game)
        while not game.is_over:
            for s in small_bits_to_indices(game.legal_bits):
                expected = game.gain(board.cand_a_list[s], board.cand_b_list[s])
                assert tracker.closing(s) == expected
                checked += len(expected)
            legal = game.legal_strokes()
            tracker.play(board.candidate(*map(int, legal[rng.randrange(len(legal))])))
    assert checked > 200


def test_sampled_gives_open_every_part_of_the_exchange():
    """Without "play again", which part is opened decides who must give next, so a heuristic
    node that samples gives takes the best one of each part before a second one of any."""
    game = Game(Board.generate("phone-60", 1))
    players = (Medium(seed=1), Medium(seed=2))
    checked = 0
    while not game.is_over:
        tracker = Tracker(game.copy())
        hot = game.legal_bits & tracker.hot
        gives = [s for s in range(game.board.m) if hot >> s & 1 and not tracker.c0[s]]
        if len(gives) > GIVE_SAMPLE:
            search = Search(tracker, time.perf_counter() + 60, random.Random(0))
            chosen = search._across_parts(gives)
            parts, _ = tracker.parts()
            with_gives = [[s for s in members if s in gives] for members in parts.values()]
            with_gives = [ss for ss in with_gives if ss]
            assert len(chosen) == GIVE_SAMPLE and set(chosen) <= set(gives)
            opened = {k for k, ss in enumerate(with_gives) if set(ss) & set(chosen)}
            assert len(opened) == min(GIVE_SAMPLE, len(with_gives))
            checked += len(with_gives) > 1
        game.play(*players[game.player].choose_stroke(Position(game), 60.0))
    assert checked >= 10


def test_cheapest_gives_are_the_first_of_all_gives_sorted_by_chain_size():
    # The walks stop early once a chain is too long to make the cut: the choice must not change.
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = Game(Board.generate("tablet-120", seed), Rules(replay_after_triangle=True))
        board = game.board
        while not game.is_over:
            strokes = [board.candidate(*map(int, s)) for s in game.legal_strokes()]
            if len(strokes) < 150 and rng.random() < 0.2:
                tracker = Tracker(game)
                gives = [s for s in strokes if tracker.hot >> s & 1 and not tracker.taking >> s & 1]
                rng.shuffle(gives)
                for k in (1, GIVE_SAMPLE):
                    expected = sorted(gives, key=tracker.chain_size)[:k]
                    assert tracker.cheapest_gives(gives, k) == expected
                    checked += 1
            game.play_candidate(rng.choice(strokes))
    assert checked > 40


def test_building_a_tracker_counts_as_work_and_more_on_a_fresh_board():
    """A fresh board first has to find each stroke's triangles: early on a big board that takes
    longer than a short budget, so it counts, and it counts once (the board keeps them)."""
    game = Game(Board.generate("phone-60", 3), Rules(replay_after_triangle=False))
    first, second = Tracker(game), Tracker(game)
    legal = game.legal_bits.bit_count()
    assert second.work >= len(second.sides) // 4 > 0
    # Nearly every legal stroke's triangles were first looked for by the first tracker.
    assert 2 * (legal - 10) <= first.work - second.work <= 2 * legal
