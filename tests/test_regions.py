"""Hard's region solver: against a brute-force search of strings, coins and crossings, and
against brute-force minimax on the boards themselves."""

import random
from functools import cache

import pytest
from small_games import minimax, random_board

from triangles_qt.analysis import regions
from triangles_qt.analysis.tracker import Tracker
from triangles_qt.core.game import Game
from triangles_qt.core.rules import Rules


def brute_force(coins_of, crosses, replay: bool) -> int:
    """The game played out string by string from its definition, without pruning: free strokes
    one by one, no regions, no keys."""
    strings = range(len(coins_of))

    @cache
    def best(left: frozenset, alive: frozenset) -> int:
        if not alive:
            return 0
        values = []
        for i in left:
            burnt = {y for y in crosses[i] if y in left}
            dead = {c for y in burnt for c in coins_of[y]}
            rest = left - burnt - {i}
            taken = {
                c
                for c in coins_of[i]
                if c in alive and c not in dead and not any(c in coins_of[y] for y in rest)
            }
            after = best(rest, alive - dead - taken)
            gain = len(taken)
            values.append(gain + after if gain and replay else gain - after)
        return max(values)

    return best(frozenset(strings), frozenset(c for coins in coins_of for c in coins))


def random_position(rng: random.Random, three: float = 0.0):
    """Coins with one to three strings, some strings tying two coins (three, with probability
    `three`: a stroke with a triangle on one side and two overlapping ones on the other), some
    crossing (never two sides of one coin, as two sides of a triangle never cross), and a few
    free strokes."""
    coins = rng.randint(1, 6)
    coins_of: list[tuple[int, ...]] = []
    open_sides = {c: rng.randint(1, 3) for c in range(coins)}
    for c in range(coins):
        while open_sides[c] > 0:
            open_sides[c] -= 1
            partners = [d for d in range(c + 1, coins) if open_sides[d] > 0]
            if partners and rng.random() < 0.6:
                d = rng.choice(partners)
                open_sides[d] -= 1
                more = [e for e in partners if e != d and open_sides[e] > 0]
                if more and rng.random() < three:
                    e = rng.choice(more)
                    open_sides[e] -= 1
                    coins_of.append((c, d, e))
                else:
                    coins_of.append((c, d))
            else:
                coins_of.append((c,))
    coins_of += [()] * rng.randint(0, 3)
    rng.shuffle(coins_of)
    crosses: list[list[int]] = [[] for _ in coins_of]
    for _ in range(rng.randint(0, 3) if len(coins_of) > 1 else 0):
        x, y = rng.sample(range(len(coins_of)), 2)
        if not set(coins_of[x]) & set(coins_of[y]) and y not in crosses[x]:
            crosses[x].append(y)
            crosses[y].append(x)
    return coins_of, [tuple(row) for row in crosses]


def solve(state, replay: bool, table=None) -> int:
    return regions.Solver(table or regions.Table(replay), 10**7).value(state)


@pytest.mark.parametrize("replay, three", [(False, 0.0), (True, 0.0), (False, 0.3), (True, 0.3)])
def test_solver_agrees_with_brute_force_on_random_positions(replay, three):
    """Free strokes counted only by parity, regions keyed by shape, and (with "play again")
    coins taken at once by Berlekamp's rule: none of it changes a value, also where strings
    border three coins, as strokes on real boards do."""
    rng = random.Random(11 + replay + int(10 * three))
    table = regions.Table(replay)
    forced = 0
    for _ in range(400):
        coins_of, crosses = random_position(rng, three)
        state = regions.split(coins_of, crosses)
        forced += any(table.moves(region)[1] is not None for region in state[1])
        assert solve(state, replay, table) == brute_force(coins_of, crosses, replay), (
            coins_of,
            crosses,
        )
    assert forced >= 100 if replay else forced == 0


@pytest.mark.parametrize("size", range(4, 8))
def test_a_coin_tied_by_a_string_of_three_coins_is_not_taken_at_once(size):
    """Coin 0 can be taken by the string that also ties it to coin 1, whose other string borders
    three coins: no run, so Berlekamp's rule does not say to take at once, and declining wins
    here beside a chain (phone-60 96003, move 137: read +9 where it is worth -5)."""
    front = [(0, 1), (1, 2, 3), (2, 4), (3, 5)]
    coins_of = front + chain_of(size, first=6)
    crosses = [(), (), (3,), (2,)] + [()] * (size + 1)
    state = regions.split(coins_of, crosses)
    assert solve(state, True) == brute_force(coins_of, crosses, True) == size - 4


def chain_of(size: int, first: int) -> list[tuple[int, ...]]:
    """A chain closed at both ends: size + 1 strings, one coin between each two."""
    return (
        [(first,)] + [(first + k, first + k + 1) for k in range(size - 1)] + [(first + size - 1,)]
    )


@pytest.mark.parametrize("replay", [False, True])
def test_chains_and_loops_have_their_known_values(replay):
    table = regions.Table(replay)
    for size in range(1, 9):
        # A chain closed at both ends: size + 1 strings, one coin between each two.
        coins_of = [(0,)] + [(k, k + 1) for k in range(size - 1)] + [(size - 1,)]
        value = solve(regions.split(coins_of, [()] * len(coins_of)), replay, table)
        # Without "play again" the opener draws the stroke that takes nothing and turns
        # alternate; with it, the taker runs the chain to its end.
        assert value == ((0 if size % 2 == 0 else -1) if not replay else -size)
    for size in range(3, 9):
        coins_of = [(k, (k + 1) % size) for k in range(size)]
        value = solve(regions.split(coins_of, [()] * size), replay, table)
        assert value == ((1 if size % 2 else -2) if not replay else -size)


def test_like_regions_anywhere_share_one_key():
    """The same chain given with its coins and strings numbered in another order."""
    chain = [(0,), (0, 1), (1, 2), (2,)]
    renamed = [(7, 9), (3,), (3, 7), (9,)]
    assert regions.split(chain, [()] * 4) == regions.split(renamed, [()] * 4)


def test_solver_gives_up_past_its_work_limit_and_keeps_what_it_learnt():
    rng = random.Random(3)
    coins_of = [(k, k + 1) for k in range(9)] + [(0,), (9,), (4,)] + [(10 + k,) for k in range(6)]
    rng.shuffle(coins_of)
    state = regions.split(coins_of, [()] * len(coins_of))
    whole = regions.Solver(regions.Table(False), 10**7)
    whole.value(state)
    table = regions.Table(False)
    with pytest.raises(regions.TooBig):
        regions.Solver(table, whole.work // 2).value(state)
    assert table.bounds
    assert solve(state, False, table) == solve(state, False)


@pytest.mark.parametrize("seeds", [range(k, 20, 4) for k in range(4)], ids=lambda r: str(r[0]))
def test_regions_read_off_boards_have_the_exact_value_of_the_position(seeds):
    """At late positions of random games on random boards (both rules, strokes still crossing
    in many of them), the regions' value is the brute-force minimax value of the game. (Twenty
    boards in four tests of five, so that no one test runs long on a loaded machine.)"""
    checked = crossing = 0
    for seed in seeds:
        rng = random.Random(seed)
        replay = seed % 2 == 1
        game = Game(random_board(rng, 8 + seed % 5), Rules(replay_after_triangle=replay))
        table = regions.Table(replay)
        memo: dict = {}
        while not game.is_over:
            if game.legal_bits.bit_count() <= 13:
                tracker = Tracker(game.copy())
                checked += 1
                crossing += tracker.crossings > 0
                state = tracker.regions()
                assert state is not None
                assert solve(state, replay, table) == minimax(game, memo)
            legal = game.legal_strokes()
            game.play(*map(int, legal[rng.randrange(len(legal))]))
    assert checked >= 30 and crossing >= 10
