"""Exact values of late positions, split into independent regions, for the Hard strategy.

All that matters of a position for the rest of the game is its *alive* triangles (empty, each
undrawn side a legal stroke: the Tracker's), the legal strokes that border them, and which legal
strokes cross. That is a game of strings and coins (Berlekamp, *The Dots and Boxes Game*): each
alive triangle a coin, each legal stroke a string tied to the coins it borders, and cutting a
string takes every coin it leaves with no string. Triangles adds one thing: a stroke also *burns*
the legal strokes it crosses (they can never be drawn), and the coins those border die untaken.

Strokes linked neither by a coin nor by a crossing cannot affect each other, so a position is a
multiset of independent regions plus *free* strokes, which border nothing and cross nothing. Of
those only the parity counts: a free stroke answered by a free stroke gives back the same position
with the same player to move, so either player can cancel two of them. The game ends when no
coin is left (docs/rules.md section 5), whatever free strokes remain.

Each region is keyed by an exact encoding of its structure (strings numbered along a walk from
one end, coins in the order the walk meets them), so equal keys are the same game, and regions of
the same shape anywhere, on any board, mostly share a key, their moves and their values.

Under "play again after a triangle", a coin that can be taken is taken at once unless the choice
to decline is real: when it is tied to ground, to a coin without exactly two strings, or to a
run of coins with two strings each that goes on past the next one (Berlekamp's rule: declining
only ever pays at a run's last two coins), unless that run is four coins open at both ends (an
opened loop, whose last four are declined together). The tests check it, and every value here,
against a search of the game itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable

String = tuple[tuple[int, ...], tuple[int, ...]]  # the coins it borders, the strings it crosses
Region = tuple[String, ...]
State = tuple[int, tuple[Region, ...]]  # free strokes (their parity), the regions sorted
Move = tuple[int, int, int, tuple[Region, ...]]  # coins taken, coins offered, free made, regions

MOVES_PER_UNIT = 3
START_TRIES = 2  # ends a region's key is tried from: more share more keys, at a cost
INFINITY = 10**6


class TooBig(Exception):
    """The search needed more work than it was allowed, or its time ran out."""


def encode(coins_of: list[tuple[int, ...]], crosses: list[tuple[int, ...]]) -> Region:
    """The key of one region: strings 0..m-1 given by the coins they border (any labels) and
    the strings they cross (by index)."""
    run = _run(coins_of, crosses)
    if run is not None:
        return run
    holders: dict[int, list[int]] = {}
    for x, coins in enumerate(coins_of):
        for c in coins:
            holders.setdefault(c, []).append(x)
    rank = [
        (len(coins), len(crosses[x]), sorted(len(holders[c]) for c in coins), x)
        for x, coins in enumerate(coins_of)
    ]
    ranked = sorted(range(len(coins_of)), key=rank.__getitem__)
    place = [0] * len(ranked)
    for k, x in enumerate(ranked):
        place[x] = k
    lowest = rank[ranked[0]][:3]
    starts = [x for x in ranked[:START_TRIES] if rank[x][:3] == lowest]
    return min(_walk(x, coins_of, crosses, holders, place) for x in starts)


def _run(coins_of: list[tuple[int, ...]], crosses: list[tuple[int, ...]]) -> Region | None:
    """The key of a region that is a chain or a loop (most late regions are), straight from its
    counts; None for any other region."""
    degree: dict[int, int] = {}
    ground = 0
    for x, coins in enumerate(coins_of):
        if crosses[x] or len(coins) > 2:
            return None
        if len(coins) == 1:
            ground += 1
        for c in coins:
            degree[c] = degree.get(c, 0) + 1
    if max(degree.values(), default=3) > 2:
        return None
    shape = (len(degree), ground, len(coins_of))
    key = _runs.get(shape)
    if key is None:
        key = _runs[shape] = _run_key(*shape)
    return key


_runs: dict[tuple[int, int, int], Region] = {}


def _run_key(coins: int, ground: int, strings: int) -> Region:
    """A chain of `coins` with `ground` closed ends (strings to ground), from one closed end,
    or a loop: as many strings as coins, none to ground."""
    chain: list[String] = [((0,), ())] if ground else []
    chain += [((k, k + 1), ()) for k in range(coins - 1)]
    if ground == 2:
        chain.append(((coins - 1,), ()))
    if strings == coins and not ground:
        chain.append(((0, coins - 1), ()))
    return tuple(chain)


def _walk(start, coins_of, crosses, holders, place) -> Region:
    label = {start: 0}
    order = [start]
    k = 0
    while k < len(order):
        x = order[k]
        k += 1
        near = {y for c in coins_of[x] for y in holders[c] if y not in label}
        near.update(y for y in crosses[x] if y not in label)
        for y in sorted(near, key=place.__getitem__):
            label[y] = len(order)
            order.append(y)
    coin_label: dict[int, int] = {}
    region = []
    for x in order:
        coins = coins_of[x]
        if len(coins) > 1:
            coins = sorted(coins, key=lambda c: (len(holders[c]), c))
        for c in coins:
            if c not in coin_label:
                coin_label[c] = len(coin_label)
        region.append(
            (
                tuple(sorted([coin_label[c] for c in coins])),
                tuple(sorted([label[y] for y in crosses[x]])),
            )
        )
    return tuple(region)


def split(coins_of: list[tuple[int, ...]], crosses: list[tuple[int, ...]]) -> State:
    """The free strokes (parity) and regions of a position given as strings, as in encode()."""
    holders: dict[int, list[int]] = {}
    for x, coins in enumerate(coins_of):
        for c in coins:
            holders.setdefault(c, []).append(x)
    seen = [False] * len(coins_of)
    free = 0
    regions = []
    for s in range(len(coins_of)):
        if seen[s]:
            continue
        seen[s] = True
        if not coins_of[s] and not crosses[s]:
            free += 1
            continue
        members = [s]
        k = 0
        while k < len(members):
            x = members[k]
            k += 1
            for y in [y for c in coins_of[x] for y in holders[c]] + list(crosses[x]):
                if not seen[y]:
                    seen[y] = True
                    members.append(y)
        local = {x: j for j, x in enumerate(members)}
        regions.append(
            encode(
                [coins_of[x] for x in members],
                [tuple(local[y] for y in crosses[x]) for x in members],
            )
        )
    return free & 1, tuple(sorted(regions))


class Table:
    """What searches learnt under one rule option: each region's moves, and bounds on the
    values of positions. Nothing in it depends on the board, so it may outlive one."""

    def __init__(self, replay: bool) -> None:
        self.replay = replay
        self.bounds: dict[State, tuple[int, int]] = {}
        self._moves: dict[Region, tuple[list[Move], Move | None]] = {}
        self._coins: dict[Region, int] = {}
        self.work = 0  # regions expanded so far, weighted by their cost (see Solver.work)

    def __len__(self) -> int:
        return len(self.bounds) + len(self._moves)

    def coins(self, region: Region) -> int:
        count = self._coins.get(region)
        if count is None:
            count = self._coins[region] = len({c for coins, _ in region for c in coins})
        return count

    def moves(
        self, region: Region, check: Callable[[], None] | None = None
    ) -> tuple[list[Move], Move | None]:
        """The distinct moves in a region (takes first, then those offering least); under "play
        again", when Berlekamp's rule takes a coin at once, no moves but that one. `check` is
        called after each cut's work is counted (it raises to stop): one region of a thousand
        strings takes seconds to expand."""
        known = self._moves.get(region)
        if known is None:
            known = self._moves[region] = self._expand(region, check or _no_check)
        return known

    def _expand(self, region: Region, check: Callable[[], None]) -> tuple[list[Move], Move | None]:
        degree: dict[int, int] = {}
        holders: dict[int, list[int]] = {}
        for x, (coins, _) in enumerate(region):
            for c in coins:
                degree[c] = degree.get(c, 0) + 1
                holders.setdefault(c, []).append(x)
        if self.replay:
            i = _taken_at_once(region, degree, holders)
            if i is not None:
                self.work += 1 + len(region) // 2
                return [], self._cut(region, i, degree)
        # Each cut splits and keys what is left: measured at about 5/8 unit per string.
        per_cut = 1 + len(region) * 5 // 8
        found: dict[Move, None] = {}
        for i in range(len(region)):
            self.work += per_cut
            check()
            found[self._cut(region, i, degree)] = None
        return sorted(found, key=lambda move: (-move[0], move[1])), None

    def _cut(self, region: Region, i: int, degree: dict[int, int]) -> Move:
        coins_i, burnt = region[i]
        gone = set(burnt)
        gone.add(i)
        dead = {c for y in burnt for c in region[y][0]}
        gain = 0
        for c in coins_i:
            if degree[c] == 1:
                gain += 1
                dead.add(c)
        index: dict[int, int] = {}
        for x in range(len(region)):
            if x not in gone:
                index[x] = len(index)
        coins_of = [tuple(c for c in region[x][0] if c not in dead) for x in index]
        crosses = [tuple(index[y] for y in region[x][1] if y not in gone) for x in index]
        left: dict[int, int] = {}
        for coins in coins_of:
            for c in coins:
                left[c] = left.get(c, 0) + 1
        offered = sum(1 for n in left.values() if n == 1)
        free, pieces = split(coins_of, crosses)
        return gain, offered, free, pieces


def _taken_at_once(region: Region, degree: dict[int, int], holders: dict[int, list[int]]):
    """A string whose cut takes a coin and that, under "play again", is always right to cut
    at once: the coin is tied by it to ground, to a coin without exactly two strings, or to the
    middle of a run of coins with two strings each (Berlekamp: the choice to decline only comes
    at a run's last two coins, or the last four of a run open at both ends). None if there is
    none."""
    for i, (coins, burnt) in enumerate(region):
        if burnt or not any(degree[c] == 1 for c in coins):
            continue
        others = [c for c in coins if degree[c] != 1]
        if not others:
            return i
        if len(others) > 1:
            continue
        d = others[0]
        if len(coins) != 2 or any(len(region[x][0]) > 2 for x in holders[d]):
            # A string bordering three coins (a stroke with a triangle on one side and two
            # overlapping ones on the other) is no link of a run, and ties d to more than a
            # run's next coin: declining can pay before a run's end (phone-60 96003, move 137:
            # taking at once read +9 where it is worth -5).
            continue
        if degree[d] != 2:
            return i
        (j,) = (x for x in holders[d] if x != i)
        onward, crossed = region[j]
        e = next((y for y in onward if y != d and degree[y] == 2), None)
        if not crossed and e is not None and not _ends_a_run_of_four(region, j, e, degree, holders):
            return i
    return None


def _ends_a_run_of_four(region: Region, j: int, e: int, degree, holders) -> bool:
    """Whether coin e, tied by string j to the coin after the one to take, is tied by its other
    string to a coin that can be taken too: a run of four open at both ends (an opened loop),
    where the player in control declines all four by cutting its middle string."""
    (k,) = (x for x in holders[e] if x != j)
    coins, crossed = region[k]
    return not crossed and any(f != e and degree[f] == 1 for f in coins)


def _no_check() -> None:
    pass


class Solver:
    """Alpha-beta over states of free strokes and regions, with the bounds of a Table."""

    def __init__(self, table: Table, max_work: int, deadline: float | None = None) -> None:
        """Give up after max_work units of work, or past the deadline (time.perf_counter()):
        a safety stop for a machine far slower than expected. Both are checked at every node
        and inside the expansion of a region, so that no single step runs on unchecked."""
        self.table = table
        self.max_work = max_work
        self.deadline = deadline
        self.nodes = 0
        self.generated = 0  # moves listed at the nodes searched
        self._expanded = table.work

    @property
    def work(self) -> int:
        """Moves listed and regions expanded, in about the units of Tracker.work (a move listed
        costs about a third of one: measured by fitting the time of a game's searches)."""
        return self.generated // MOVES_PER_UNIT + (self.table.work - self._expanded)

    def _check(self) -> None:
        if self.work > self.max_work:
            raise TooBig
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TooBig

    def value(self, state: State, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The best future score difference for the player to move, exact when strictly between
        alpha and beta (otherwise a bound on the same side). Raises TooBig past max_work;
        what was learnt stays in the table for the next call."""
        return self._search(state, alpha, beta)

    def _moves(self, state: State) -> list[tuple[int, State]]:
        free, regions = state
        table = self.table
        replay = table.replay
        found: list[tuple[int, int, State]] = []
        for k, region in enumerate(regions):
            if k and regions[k - 1] == region:
                continue
            rest = regions[:k] + regions[k + 1 :]
            moves, forced = table.moves(region, self._check)
            if replay and forced is not None:
                gain, _, made, pieces = forced
                self.generated += 1
                return [(gain, ((free + made) & 1, tuple(sorted(rest + pieces))))]
            for gain, offered, made, pieces in moves:
                found.append((gain, offered, ((free + made) & 1, tuple(sorted(rest + pieces)))))
        found.sort(key=lambda move: (-move[0], move[1]))
        ordered = [(gain, after) for gain, _, after in found]
        if free:
            ordered.append((0, (0, regions)))
        self.generated += len(ordered)
        return ordered

    def _search(self, state: State, alpha: int, beta: int) -> int:
        table = self.table
        if not any(table.coins(region) for region in state[1]):
            return 0  # no triangle can be closed: the game is over
        self.nodes += 1
        self._check()
        low, high = table.bounds.get(state, (-INFINITY, INFINITY))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        alpha0, best = alpha, -INFINITY
        replay = table.replay
        for gain, after in self._moves(state):
            if gain and replay:
                result = gain + self._search(after, alpha - gain, beta - gain)
            else:
                result = gain - self._search(after, gain - beta, gain - alpha)
            if result > best:
                best = result
                if result > alpha:
                    alpha = result
                    if alpha >= beta:
                        break
        if best <= alpha0:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        table.bounds[state] = (low, high)
        return best
