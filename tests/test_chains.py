"""Hard's chains-and-loops solver: against brute force on the strokes themselves, and on boards."""

import random
import time
from functools import cache

import pytest
from small_games import minimax, random_board

from triangles_qt.builtin_plugins import chains
from triangles_qt.builtin_plugins.chains import LOOP
from triangles_qt.builtin_plugins.hard import GIVE_SAMPLE, Search, Tracker
from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules


def brute_force(shapes, replay: bool) -> int:
    """Every stroke of the shapes drawn out as triangles and sides, searched without pruning."""
    sides: list[tuple[int, ...]] = []  # the triangles each undrawn side borders
    triangles = 0
    for size, ends in shapes:
        first = triangles
        triangles += size
        links = [(first + i, first + i + 1) for i in range(size - 1)]
        if ends == LOOP:
            links.append((first + size - 1, first))
        else:
            if ends >= 1:
                links.append((first,))
            if ends == 2:
                links.append((first + size - 1,))
        sides.extend(links)

    @cache
    def best(drawn: int) -> int:
        if drawn == (1 << len(sides)) - 1:
            return 0
        left = [0] * triangles
        for k, side in enumerate(sides):
            if not drawn >> k & 1:
                for t in side:
                    left[t] += 1
        values = []
        for k, side in enumerate(sides):
            if not drawn >> k & 1:
                gain = sum(left[t] == 1 for t in side)
                rest = best(drawn | 1 << k)
                values.append(gain + rest if gain and replay else gain - rest)
        return max(values)

    return best(0)


def random_shapes(rng: random.Random, sides: int):
    shapes, used = [], 0
    while True:
        ends = rng.choice((0, 1, 2, LOOP))
        size = rng.randint(3 if ends == LOOP else 1, 6)
        cost = size if ends == LOOP else size - 1 + ends
        if (size, ends) == (1, 0) or used + cost > sides:
            return tuple(sorted(shapes))
        shapes.append((size, ends))
        used += cost


@pytest.mark.parametrize("replay", [False, True])
def test_lone_chains_and_loops_have_their_known_values(replay):
    bounds: chains.Bounds = {}
    for size in range(1, 9):
        closed_chain = chains.value(((size, 2),), replay, bounds, 10**6)
        # Without "play again" the opener of a closed chain draws the one stroke that takes
        # nothing and the turns alternate; with it, the taker runs the chain to its end.
        assert closed_chain == ((0 if size % 2 == 0 else -1) if not replay else -size)
    for size in range(3, 9):
        loop = chains.value(((size, LOOP),), replay, bounds, 10**6)
        assert loop == ((1 if size % 2 else -2) if not replay else -size)


@pytest.mark.parametrize("replay", [False, True])
def test_solver_agrees_with_brute_force_on_random_sums(replay):
    rng = random.Random(7 + replay)
    bounds: chains.Bounds = {}
    checked = set()
    while len(checked) < 60:
        shapes = random_shapes(rng, 13)
        if shapes and shapes not in checked:
            checked.add(shapes)
            expected = brute_force(shapes, replay)
            assert chains.value(shapes, replay, bounds, 10**6) == expected, shapes


def test_solver_gives_up_past_its_node_limit_and_keeps_what_it_learnt():
    shapes = ((4, LOOP), (5, 2), (6, LOOP), (7, 1), (7, LOOP))
    bounds: chains.Bounds = {}
    with pytest.raises(chains.TooBig):
        chains.value(shapes, False, bounds, 50)
    assert bounds
    assert chains.value(shapes, False, bounds, 10**7) == chains.value(shapes, False, {}, 10**7)


def test_chains_and_loops_read_off_boards_have_their_exact_value():
    """At every position of random games (both rules) that Hard reads as chains and loops,
    their value is the brute-force minimax value of the position itself."""
    read = 0
    for seed in range(40):
        rng = random.Random(seed)
        replay = seed % 2 == 1
        game = Game(random_board(rng, 8 + seed % 4), Rules(replay_after_triangle=replay))
        bounds: chains.Bounds = {}
        memo: dict = {}
        while not game.is_over:
            shapes = Tracker(game.copy()).shapes()
            if shapes is not None and bin(game.legal_bits).count("1") <= 12:
                read += 1
                assert chains.value(shapes, replay, bounds, 10**6) == minimax(game, memo), shapes
            legal = game.legal_strokes()
            game.play(*map(int, legal[rng.randrange(len(legal))]))
    assert read >= 150


def test_exact_search_sharing_values_between_like_chains_agrees_with_brute_force():
    """The exact search keys positions by their chains' shapes and skips strokes that repeat
    another's cut: at every late position of random 11-14-star games, both rules, its value is
    still the brute-force one."""
    mixed = skipped = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(
            random_board(rng, rng.randint(11, 14)), Rules(replay_after_triangle=seed % 2 == 1)
        )
        memo: dict = {}
        while not game.is_over:
            if bin(game.legal_bits).count("1") <= 13:
                tracker = Tracker(game.copy())
                shapes, rest, _ = tracker.signature()
                mixed += bool(shapes and rest)
                skipped += tracker.redundant != 0
                search = Search(tracker, time.perf_counter() + 3600, random.Random(0))
                assert search.solve()[1] == minimax(game, memo)
            legal = game.legal_strokes()
            game.play(*map(int, legal[rng.randrange(len(legal))]))
    assert mixed >= 20 and skipped >= 20  # the positions did exercise both


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
