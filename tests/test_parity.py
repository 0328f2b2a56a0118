"""The fight for the game's last stroke without "play again" (triangles_qt/analysis/parity.py)."""

import random

import pytest

from triangles_qt.analysis.parity import Fight
from triangles_qt.builtin_plugins.hard import (
    TRACKER_LEGAL_LIMIT,
    UNITS_PER_APEXES_COMPUTED,
    Hard,
    Tracker,
)
from triangles_qt.core.board import Board, small_bits_to_indices
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules

DEFAULT = Rules(replay_after_triangle=False)


def fight(game: Game, work: int = 10**9) -> Fight:
    return Fight(Tracker(game), work, float("inf"))


def safe_strokes(game: Game) -> list[int]:
    tracker = Tracker(game)
    return small_bits_to_indices(game.legal_bits & ~tracker.hot)


def all_flippers(game: Game) -> list[int]:
    """Every safe legal stroke that flips the plan, found afresh (not from a parent's)."""
    return fight(game).flippers(safe_strokes(game))


def test_a_flipper_changes_who_draws_the_last_stroke_by_the_plan():
    rng = random.Random(5)
    game = Game(Board.generate("phone-60", 5), DEFAULT)
    seen = set()
    for _ in range(12):
        tracker = Tracker(game)
        judge = Fight(tracker, 10**9, float("inf"))
        legal = small_bits_to_indices(game.legal_bits)
        for s in rng.sample(legal, 60):
            before = (len(game.moves) + tracker.plan.bit_count()) % 2
            flips = judge.flips(s)
            tracker.play(s)
            after = (len(game.moves) + tracker.plan.bit_count()) % 2
            tracker.undo()
            assert flips == (before != after)
            seen.add(flips)
        game.play_candidate(rng.choice(legal))
    assert seen == {True, False}


# Fifteen boards a test: thirty took 35 s on a loaded machine.
@pytest.mark.parametrize("seeds", [range(15), range(15, 30)], ids=["first", "second"])
@pytest.mark.parametrize("preset", ["phone-24", "phone-60"])
def test_once_no_stroke_flips_the_plan_the_last_stroke_is_decided(preset, seeds):
    """Whatever is played after that, a game that ends with every legal stroke drawn has the
    length the plan gave (a game can also end with strokes left that close nothing)."""
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(Board.generate(preset, seed), DEFAULT)
        predicted = None
        while not game.is_over:
            legal = small_bits_to_indices(game.legal_bits)
            if predicted is None:
                tracker = Tracker(game)
                judge = Fight(tracker, 10**9, float("inf"))
                if not any(judge.flips(s) for s in legal):
                    predicted = len(game.moves) + tracker.plan.bit_count()
            game.play_candidate(rng.choice(legal))
        if predicted is not None and not game.legal_bits:
            assert len(game.moves) == predicted
            checked += 1
    assert checked >= 12  # 15 of 15 on phone-60 in each half


def fight_positions(preset: str, count: int, seed: int = 0) -> list[Game]:
    """Positions of random safe play, default rule, while the fight is on."""
    found = []
    while len(found) < count:
        rng = random.Random(seed)
        game = Game(Board.generate(preset, seed), DEFAULT)
        while len(found) < count:
            safe = safe_strokes(game)
            if not safe or not all_flippers(game):
                break
            found.append(game.copy())
            game.play_candidate(rng.choice(safe))
        seed += 1
    return found


def ends_the_fight_for_the_mover(game: Game, s: int) -> bool:
    """After s no stroke flips the plan and the player who drew s draws the last stroke."""
    after = game.copy()
    after.play_candidate(s)
    return not all_flippers(after) and not fight(after).winning()


@pytest.mark.parametrize("part", range(4))
def test_the_fight_ends_itself_in_one_stroke_whenever_one_stroke_can(part):
    """Forty positions in four tests of ten, so that no one test runs long on a loaded
    machine."""
    cases = 0
    for game in fight_positions("phone-24", 40)[part::4]:
        flippers = all_flippers(game)
        crossing = game.board.crossing_bits
        # A stroke that ends the fight draws or crosses every flipper: few can.
        candidates = [
            s for s in safe_strokes(game) if all(s == f or crossing(s) >> f & 1 for f in flippers)
        ]
        enders = [s for s in candidates if ends_the_fight_for_the_mover(game, s)]
        if enders:
            cases += 1
            order = safe_strokes(game)
            random.Random(1).shuffle(order)
            assert ends_the_fight_for_the_mover(game, fight(game).best(order))
    assert cases >= 1


def test_the_fight_stays_within_its_work_and_is_reproducible():
    game = fight_positions("phone-60", 6, seed=3)[-1]
    order = safe_strokes(game)
    choices = set()
    for _ in range(2):
        judge = fight(game, work=3_000)
        choices.add(judge.best(order))
        assert judge.t.work <= 3_000 + 200  # the last step may overrun by its own size
    assert len(choices) == 1 and None not in choices


def test_hard_fights_for_the_last_stroke_from_its_first_move_on_a_big_board():
    """Before its tracker took over at 600 legal strokes, Hard opened with any safe stroke.
    Here a fresh board has a stroke that ends the fight at once for whoever draws it."""
    for seed in range(40):
        game = Game(Board.generate("phone-60", seed), DEFAULT)
        rng = random.Random(seed)
        for _ in range(3):
            game.play_candidate(rng.choice(safe_strokes(game)))
        if game.legal_bits.bit_count() <= TRACKER_LEGAL_LIMIT:
            continue
        flippers = all_flippers(game)
        crossing = game.board.crossing_bits
        ender = next(
            (
                s
                for s in safe_strokes(game)
                if all(s == f or crossing(s) >> f & 1 for f in flippers)
                and ends_the_fight_for_the_mover(game, s)
            ),
            None,
        )
        if ender is None:
            continue
        stroke = Hard(seed=1).choose_stroke(Position(game), 1.0)
        assert ends_the_fight_for_the_mover(game, game.board.candidate(*stroke))
        return
    pytest.fail("no opening position with a fight-ending stroke")


def test_the_fight_is_over_in_a_search_only_when_no_stroke_flips_the_plan():
    """Inside the search a move's flippers come from its parent's; but a move can also turn
    strokes into flippers (in play between Hard players, mostly the fight's last flip), so
    before calling the fight over the search looks near the plan's change. The position: four
    strokes of a game between two Hard players on phone-60, seed 0, where one fight move turns
    14 strokes into flippers."""
    game = Game(Board.generate("phone-60", 0), DEFAULT)
    for i, j in [(38, 43), (19, 23), (4, 39), (2, 45)]:
        game.play(i, j)
    tracker = Tracker(game)
    judge = Fight(tracker, 10**9, float("inf"))
    order = small_bits_to_indices(game.legal_bits & ~tracker.hot)
    flippers = judge.flippers(order)
    turned_on = ended = 0
    for s in judge.moves(flippers, order):
        tracker.play(s)
        if not judge.flippers(f for f in flippers if f != s):
            full = all_flippers(game)
            assert judge.after(flippers, s) == full
            ended += not full
            turned_on += bool(full)
        tracker.undo()
    assert turned_on and ended


def test_what_a_move_could_not_check_for_flippers_the_next_one_does():
    """Early on a big board, looking for the flippers among every legal stroke can take more
    than a move's work: Hard goes on where its last move stopped, and misses none."""
    game = Game(Board.generate("phone-60", 2), DEFAULT)
    hard = Hard(seed=1, max_nodes=4_000)
    unfinished = 0
    while True:
        tracker = Tracker(game)
        if all_flippers(game) == [] and game.legal_bits.bit_count() < 500:
            break
        stroke = hard.choose_stroke(Position(game), 0.1)
        memory = hard._memory
        assert memory is not None and memory.fight is not None
        drawn, kept, _ = memory.fight
        assert drawn == game.drawn_bits
        assert set(all_flippers(game)) <= set(kept)
        hot = (game.legal_bits & tracker.hot).bit_count()
        unfinished += len(kept) > len(all_flippers(game)) + hot
        game.play(*stroke)
        game.play(*Hard(seed=2, max_nodes=4_000).choose_stroke(Position(game), 0.1))
    assert unfinished >= 1


def test_opening_moves_on_a_big_board_prepare_the_fights_tracker():
    """On a fresh tablet board the fight's tracker does not fit a short budget: the board's
    first look for every stroke's triangles alone takes longer. Hard's opening strokes look up a
    share of them each, so the fight can start as soon as the legal strokes are few enough."""
    game = Game(Board.generate("tablet-120", 1), DEFAULT)
    board = game.board
    hard = Hard(seed=1)
    work = hard.work_for(0.1, board)
    before = board.apexes_computed
    hard.choose_stroke(Position(game), 0.1)
    share = work // (2 * UNITS_PER_APEXES_COMPUTED)
    # and the few the opening stroke itself looked at
    assert share <= board.apexes_computed - before <= share + 10 and share > 500
