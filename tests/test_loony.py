"""Loony endgames under "play again" (triangles_qt/analysis/loony.py): the controlled-value
recurrence against the region solver and a brute-force search of strings and coins, the runs
other regions are read as, and Hard keeping control at the end of a run when a big region is
left."""

import random
from collections import Counter
from pathlib import Path

import pytest
from test_regions import brute_force

from triangles_qt.analysis import loony, regions
from triangles_qt.builtin_plugins.hard import Hard, Tracker
from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.core.position import Position
from triangles_qt.core.record import read_record

RECORDS = Path(__file__).parent / "records" / "positions"


def chain(size: int, first: int = 0) -> list[tuple[int, ...]]:
    """A chain closed at both ends: size + 1 strings, one coin between each two."""
    coins = range(first, first + size)
    return [(first,)] + [(c, c + 1) for c in coins[:-1]] + [(first + size - 1,)]


def loop(size: int, first: int = 0) -> list[tuple[int, ...]]:
    return [(first + k, first + (k + 1) % size) for k in range(size)]


def position(runs):
    """Strings of the given runs side by side, as (coins of each string, crossings)."""
    coins_of: list[tuple[int, ...]] = []
    first = 0
    for kind, size in runs:
        coins_of += (chain if kind == loony.CHAIN else loop)(size, first)
        first += size
    return coins_of, [()] * len(coins_of)


def random_runs(rng: random.Random, most: int, longest: int):
    runs = []
    for _ in range(rng.randint(1, most)):
        if rng.random() < 0.65:
            runs.append((loony.CHAIN, rng.randint(1, longest)))
        else:
            runs.append((loony.LOOP, rng.randint(3, longest + 1)))
    return runs


def test_chains_and_loops_are_read_as_themselves():
    for size in range(1, 12):
        (region,) = regions.split(*position([(loony.CHAIN, size)]))[1]
        assert loony.run_of(region) == (loony.CHAIN, size)
    for size in range(3, 12):
        (region,) = regions.split(*position([(loony.LOOP, size)]))[1]
        assert loony.run_of(region) == (loony.LOOP, size)
    # A run with an end that can be taken now, and a coin with three strings, are neither.
    (open_end,) = regions.split([(0,), (0, 1), (1, 2)], [()] * 3)[1]
    (junction,) = regions.split([(0,), (0,), (0,)], [()] * 3)[1]
    assert loony.run_of(open_end) is None and loony.run_of(junction) is None


# Two halves of 60 positions each: one of 120 took 33 s on a loaded machine.
@pytest.mark.parametrize("seed", [5, 6])
def test_the_controlled_value_is_the_brute_force_value_of_small_positions(seed):
    """Every stroke played, no regions, no keys, no Berlekamp's rule: positions of up to 13
    strings, loops of four (declined whole) included."""
    rng = random.Random(seed)
    checked = 0
    while checked < 60:
        runs = random_runs(rng, 3, 5)
        coins_of, crosses = position(runs)
        if len(coins_of) > 13:
            continue
        state = regions.split(coins_of, crosses)
        assert loony.Runs().value(state[1]) == brute_force(coins_of, crosses, True), runs
        checked += 1


def test_the_controlled_value_is_the_region_solvers_value():
    """Larger positions, up to five runs, against the exact region solver, which plays every
    stroke of every run."""
    rng = random.Random(8)
    table = regions.Table(True)
    runs_table = loony.Runs()
    for _ in range(150):
        runs = random_runs(rng, 5, 9)
        state = regions.split(*position(runs))
        exact = regions.Solver(table, 10**8).value(state)
        assert runs_table.value(state[1]) == exact, runs


def test_the_region_solver_declines_an_opened_loop_of_four():
    """An opened loop of four is a run open at both ends: its taker may decline all four by
    cutting its middle string, which Berlekamp's rule of taking at once must leave open."""
    coins_of, crosses = position([(loony.LOOP, 4), (loony.CHAIN, 5)])
    state = regions.split(coins_of, crosses)
    assert regions.Solver(regions.Table(True), 10**7).value(state) == -1
    assert brute_force(coins_of, crosses, True) == -1


def test_a_junction_joins_the_runs_left_on_it():
    """Three arms tied to one coin: the first one opened is taken, and the coin then joins
    the other two into one chain."""
    coins_of = [(0, 1), (1,), (0, 2), (2,), (0, 3), (3,)]  # the coin 0 and three arms of one
    (region,) = regions.split(coins_of, [()] * len(coins_of))[1]
    assert loony.Runs().of(region) == ((loony.CHAIN, 1), (loony.CHAIN, 3))
    arms = [(0, 1), (1, 4), (4,), (0, 2), (2, 5), (5,), (0, 3), (3, 6), (6,)]
    (region,) = regions.split(arms, [()] * len(arms))[1]
    assert loony.Runs().of(region) == ((loony.CHAIN, 2), (loony.CHAIN, 5))
    # The estimate is this position's exact value here.
    assert loony.Runs().value((region,)) == brute_force(arms, [()] * len(arms), True)


def test_a_region_with_a_safe_stroke_is_not_read():
    """Two coins with three strings each, tied by one of them: that string is safe."""
    coins_of = [(0, 1), (0,), (0,), (1,), (1,)]
    (region,) = regions.split(coins_of, [()] * len(coins_of))[1]
    assert loony.Runs().value((region,)) is None


def test_too_many_runs_have_no_value():
    runs = [(loony.CHAIN, 5)] * (loony.MOST_RUNS - 1) + [(loony.LOOP, 6)]
    state = regions.split(*position(runs))
    exact = regions.Solver(regions.Table(True), 10**8).value(state)
    assert loony.Runs().value(state[1]) == exact
    state = regions.split(*position(runs + [(loony.CHAIN, 3)]))
    assert loony.Runs().value(state[1]) is None


@pytest.mark.parametrize(
    "record, given",
    [
        # Seed 5025, move 253: Hard, taking a run, can take its last two triangles and then
        # open one of two loops of three or the last big region, or decline them. The Hard
        # before loony.py took them, and Medium went on to take 74 of the big region (Hard
        # lost 86-134).
        ("control-tablet-120.triangles", 2),
        # Seed 5026, move 187 of a game the new Hard won 151-69: the run ends in a fork, and
        # declining leaves four.
        ("control-four-tablet-120.triangles", 4),
    ],
)
def test_hard_declines_the_end_of_a_run_to_keep_control(record, given):
    """Tablet-120 games under "play again" against Medium (Medium first). Declining hands the
    other player what is left of the run, after which they must open the next one."""
    game = read_record(RECORDS / record).game
    me = game.player
    assert handed_over(game) == given
    assert game.player != me  # what is left to open is theirs


def test_hard_opens_the_lone_loop_of_three_first():
    """Tablet-120, seed 5045, move 274, Medium first: nothing to take, every stroke gives.
    Left are a lone loop of three and a region read as a chain of 60 and then a loop of
    three. Opening the lone loop, which cannot be declined, leaves Medium to open the region.
    The search, whose leaves cost every give alike, opens the region (2241); the Hard that
    lost that board 84-138 opened it too, three moves later."""
    game = read_record(RECORDS / "open-tablet-120.triangles").game
    before = Counter(Tracker(game).regions()[1])
    me = game.player
    assert handed_over(game) == 3
    assert game.player != me
    after = Counter(Tracker(game).regions()[1])
    assert after < before and (before - after).total() == 1


def handed_over(game) -> int:
    """Let Hard play one stroke that takes nothing, at 1 s of work; then what the other
    player takes, greedily, before they must give in turn."""
    hard = Hard(max_nodes=Hard().work_for(1.0, game.board))
    i, j = hard.choose_stroke(Position(game), 30.0)  # bound by work: the clock only stops it
    assert not game.gain(i, j)
    me = game.player
    game.play(i, j)
    taken = 0
    while game.player != me:
        takes = [tuple(map(int, s)) for s in game.legal_strokes() if game.gain(*map(int, s))]
        if not takes:
            break
        taken += len(game.gain(*takes[0]))
        game.play(*takes[0])
    return taken


def test_a_regions_runs_are_opened_in_the_order_they_are_read():
    """A loop of three that hangs on a junction forms only once the chain through the junction
    is taken: opened first, it is taken with the chain. Read as two independent runs, the
    opener would open the loop and win 1; in order, and in fact, they lose 3."""
    strings = [(1, 5), (1, 4), (2, 5), (4, 5), (0, 3), (0, 6), (0, 3), (2, 6)]
    (region,) = regions.split(strings, [()] * len(strings))[1]
    assert loony.Runs().of(region) == ((loony.CHAIN, 4), (loony.LOOP, 3))
    assert loony.Runs().value((region,)) == brute_force(strings, [()] * len(strings), True) == -3


def test_hard_takes_the_run_whole_when_the_loop_left_hangs_on_a_chain():
    """Phone-60, seed 5001, move 113, Hard first: Hard, taking a run, can decline its last
    triangle. Left are a loop of three and a region read as a chain of 44 and then a loop of
    three. The Hard that read those runs as independent declined, counting on Medium to open
    the lone loop and then itself to open the region's loop first; but that loop cannot be
    opened on its own, and Hard lost 36-71. Taking leaves Medium the region to open."""
    game = read_record(RECORDS / "take-phone-60.triangles").game
    hard = Hard(max_nodes=Hard().work_for(1.0, game.board))
    i, j = hard.choose_stroke(Position(game), 30.0)  # bound by work: the clock only stops it
    assert game.gain(i, j)


def test_hard_leaves_a_lost_opening_to_the_search():
    """Phone-60, seed 5001, move 94, Medium first: nothing to take, every stroke gives, and
    the exact solver has Hard lose by 14 whatever it gives. The Hard that chose its give by
    the runs read off the regions handed Medium a run it took whole on its way to winning
    58-44; the search's give leaves Medium, who never declines, to go wrong, and Hard wins."""
    game = read_record(RECORDS / "lost-open-phone-60.triangles").game
    me = game.player
    hard = Hard(max_nodes=Hard().work_for(1.0, game.board))
    medium = Medium()
    while not game.is_over:
        if game.player == me:
            stroke = hard.choose_stroke(Position(game), 30.0)  # bound by work, as in a game
        else:
            stroke = medium.choose_stroke(Position(game), 30.0)  # never near its clock
        game.play(*stroke)
    assert game.winner == me, game.scores


@pytest.mark.parametrize(
    "record, declined, taken",
    [
        # Seed 96000, move 141: the take (6, 34) is worth -10, declining +10.
        ("decline-two-fronts-phone-60-96000.triangles", (20, 34), (6, 34)),
        # Seed 96003, move 137: the take (17, 23) is worth -5, "all but four" +5.
        ("decline-two-fronts-phone-60-96003.triangles", (17, 45), (17, 23)),
    ],
)
def test_hard_declines_at_one_of_two_capture_fronts(record, declined, taken):
    """Phone-60 under "play again", against an independent opponent, 28 legal strokes: two
    capture fronts at the end of a run. The Hard that took there read a string bordering three
    triangles as a link of a run and so took a coin at once (regions.py); the exact values
    here are those of a search without that rule."""
    game = read_record(RECORDS / record).game
    hard = Hard(max_nodes=Hard().work_for(1.0, game.board))
    assert hard.choose_stroke(Position(game), 30.0) == declined  # bound by work
    tracker = Tracker(game)
    me = game.player
    values = {}
    for stroke in (declined, taken):
        gain = len(game.gain(*stroke))
        tracker.play(game.board.candidate(*stroke))
        after = regions.Solver(regions.Table(True), 10**7).value(tracker.regions())
        values[stroke] = gain + after if game.player == me else gain - after
        tracker.undo()
    assert values[declined] > 0 > values[taken]
