"""The value of a loony endgame under "play again after a triangle": Berlekamp's controlled value.

A position is *loony* when every legal stroke hands something over (no safe stroke is left). The
player to move must open a run of triangles; the other player, in control, either takes it all
and must open the next one, or keeps control by declining the last two triangles of a chain of
three or more (the last four of a loop of four or more), which the opener then takes before
opening the next run (*The Dots and Boxes Game*, chapter 4). A chain of two is opened in its
middle so that no decline is possible, and a chain of one or a loop of three offers none either.

When every region (regions.py) is a *chain* (a run with both ends tied to ground) or a *loop*,
the recurrence over which run to open and whether to keep control is exact: the tests check it
against the region solver's search of the game itself. Other regions (runs joined at triangles
with three strokes left, strokes that cross) are handed over run by run: the smallest run first,
each junction that loses a run joining the two runs left on it into one. That sequence is an
estimate, and it is what lets Hard see, well before the solver can, that control is worth more
than the two triangles it costs when a big region is left for last (docs/strength.md). Its runs
come in its order: a later one may only become a run once the one before is taken (a loop of
three that hangs on a long chain is taken with it when opened first), so the recurrence opens
a region's runs one after the other. With many runs left
it is not used: there, one run read wrong gives control to the other player.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .regions import Region

CHAIN, LOOP = 0, 1
Run = tuple[int, int]  # (CHAIN or LOOP, triangles)
# Past this many runs no value: the search of every order would take too long, and the runs
# read off big regions can be one too many or too few, which hands control to the other player
# (measured: used at every leaf of Hard's search, this value had Hard open runs of 15 and 22 in
# the middle game for a control it promised, docs/strength.md).
MOST_RUNS = 8
KEPT_SHAPES = 1 << 16  # regions whose runs are remembered


def run_of(region: Region) -> Run | None:
    """The region as a chain (both ends tied to ground) or a loop, or None for any other shape
    (a run with an end that can be taken, a triangle with three strokes left, crossings)."""
    degree: dict[int, int] = {}
    ground = 0
    for coins, crosses in region:
        if crosses or not coins or len(coins) > 2:
            return None
        ground += len(coins) == 1
        for c in coins:
            degree[c] = degree.get(c, 0) + 1
    if any(d != 2 for d in degree.values()):
        return None
    if ground == 2 and len(region) == len(degree) + 1:
        return CHAIN, len(degree)
    if ground == 0 and len(region) == len(degree):
        return LOOP, len(degree)
    return None


class Runs:
    """The runs of regions already read, by their keys (nothing in them depends on the board),
    and the work reading them took."""

    def __init__(self) -> None:
        self._known: dict[Region, tuple[Run, ...] | None] = {}
        self.work = 0  # coins and strings looked at, in all
        # Called as the work grows, reading a region as well as between regions: it raises to
        # stop (playing out one big region looks at its coins once per run).
        self.check: Callable[[], None] = _no_check

    def _spend(self, units: int) -> None:
        self.work += units
        self.check()

    def value(self, regions: tuple[Region, ...]) -> int | None:
        """The future score difference for the player to move in a loony position made of
        these regions (no free stroke, none safe), with best play on both sides when every
        region is a chain or a loop, else as estimated; None where a region cannot be read as
        runs (a stroke in it is safe), or there are more than MOST_RUNS runs."""
        found_all: list[tuple[Run, ...]] = []
        count = 0
        for region in regions:
            self._spend(len(region))  # a key is hashed whole at every look-up
            found = self.of(region)
            if found is None:
                return None
            count += len(found)
            if count > MOST_RUNS:
                return None
            found_all.append(found)
        return _opener(tuple(sorted(found_all)))

    def of(self, region: Region) -> tuple[Run, ...] | None:
        """The runs a region is handed over in, in order: itself for a chain or a loop, else
        as estimated (see the module's docstring); None when it cannot be read as runs."""
        known = self._known
        if region in known:
            return known[region]
        run = run_of(region)
        if run is not None:
            found: tuple[Run, ...] | None = (run,)
        else:
            found = _handed_over(region, self._spend)
        if len(known) >= KEPT_SHAPES:
            known.clear()
        known[region] = found
        return found


def _no_check() -> None:
    pass


def _handed_over(region: Region, spend: Callable[[int], None]) -> tuple[Run, ...] | None:
    """Play the region out: the smallest run of coins with two strings each is opened and
    taken whole (with what falls with it), until no coin is left. `spend` is told the coins
    and strings looked at."""
    strings = {x: set(coins) for x, (coins, _) in enumerate(region)}
    crosses = [set(burnt) for _, burnt in region]
    holders: dict[int, set[int]] = {}
    for x, coins in strings.items():
        for c in coins:
            holders.setdefault(c, set()).add(x)
    runs: list[Run] = []

    def cut(x: int) -> int:
        """Cut string x (burning those it crosses): the coins it leaves with no string."""
        taken = 0
        for y in crosses[x]:
            if y in strings:
                for c in strings.pop(y):  # its coins die untaken
                    for z in holders.pop(c, ()):
                        if z != y and z in strings:
                            strings[z].discard(c)
        for c in strings.pop(x):
            left = holders.get(c)
            if left is None:
                continue
            left.discard(x)
            if not left:
                del holders[c]
                taken += 1
        return taken

    while holders:
        spend(len(holders) + len(strings))
        if any(len(h) == 1 for h in holders.values()):
            return None  # a coin that can be taken now: not where this is asked
        run = _smallest_run(strings, holders)
        if run is None:
            return None  # every coin has three strings: a stroke here is safe
        members, closed = run
        taken = cut(next(iter(holders[next(iter(members))])))
        while True:  # the taker takes what falls with it
            hanging = next((c for c, h in holders.items() if len(h) == 1), None)
            if hanging is None:
                break
            taken += cut(next(iter(holders[hanging])))
        if taken:
            runs.append((LOOP if closed else CHAIN, taken))
    return tuple(runs)


def _smallest_run(strings, holders) -> tuple[set[int], bool] | None:
    """The smallest set of linked coins with two strings each, and whether it is closed (a
    loop: no string leaves it)."""
    best: tuple[set[int], bool] | None = None
    seen: set[int] = set()
    for start, h in holders.items():
        if start in seen or len(h) != 2:
            continue
        members = {start}
        stack = [start]
        inner = 0
        while stack:
            c = stack.pop()
            for x in holders[c]:
                for d in strings[x]:
                    if d != c and len(holders[d]) == 2:
                        inner += 1
                        if d not in members:
                            members.add(d)
                            stack.append(d)
        seen |= members
        closed = inner // 2 == len(members)
        if best is None or len(members) < len(best[0]):
            best = members, closed
    return best


def _taker(kind: int, size: int, rest: int) -> int:
    """What a run opened is worth to the player who takes it, `rest` being the value of the
    runs left for the player who must open the next one."""
    if size >= (3 if kind == CHAIN else 4):
        decline = 4 if kind == CHAIN else 8  # two triangles (four) given instead of taken
        return max(size + rest, size - decline - rest)
    return size + rest


@lru_cache(maxsize=1 << 18)
def _opener(regions: tuple[tuple[Run, ...], ...]) -> int:
    """The value for the player who must open the first run left of one of `regions` (each
    its runs in order; sorted)."""
    if not regions:
        return 0
    best = None
    for k, runs in enumerate(regions):
        if k and regions[k - 1] == runs:
            continue
        rest = regions[:k] + regions[k + 1 :]
        if len(runs) > 1:
            rest = tuple(sorted(rest + (runs[1:],)))
        value = -_taker(*runs[0], _opener(rest))
        if best is None or value > best:
            best = value
    assert best is not None
    return best
