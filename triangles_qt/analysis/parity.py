"""The fight over who draws the game's last stroke, without "play again", for the Hard strategy.

Without "play again" turns alternate, and the player who draws the last stroke takes the last
run of triangles, which the other must open one stroke at a time: in 78 of 80 games between
two Hard players the one who drew it won (docs/strength.md). How many strokes a game has is
not quite fixed: a stroke that cannot be drawn for a star lying near it can leave a gap in the
drawing, so a few strokes early in a game change the number of strokes still to come by one.
The tracker's plan (one full drawing of the strokes still to come, see hard.py) counts them;
a *flipper* is a stroke that changes the parity of that count, whoever draws it.

Flippers are few (42 on a fresh phone-60 board, 172 on a tablet-120 one, none after the first
10 to 40 strokes), and they mostly only go: drawn, or crossed by a stroke drawn (a stroke can
also turn on flippers near where it changes the plan: see after). So the fight is a small game
of its own. The player who is losing it (by the plan) must draw a flipper; the player who is
winning it draws a stroke that keeps the parity, either one that crosses nothing of the fight
(a pass) or one that crosses flippers and so takes them out of the fight. Whoever is losing
when no flipper is left has lost the fight. This module searches that game, with iterative
deepening and a work limit: strokes that cross the same flippers are the same move in it. Past
its depth, a player losing the fight wins it if an odd number of flippers are left (each
answering the last).
"""

from __future__ import annotations

import time

from triangles_qt.core.board import small_bits_to_indices

# What checking whether a stroke flips the plan's parity costs, measured against play(): about
# (4 + 3 displaced + freed) / 24 units, where it displaces strokes of the plan that it crosses
# and frees the strokes they blocked (benchmarks/hard_work.py calibrates the unit).
PLAN_STROKES_PER_UNIT = 24
MAX_DEPTH = 64


class OutOfWork(Exception):
    pass


class Fight:
    """The parity fight of a tracker's position (default rule), searched with a work limit."""

    def __init__(self, tracker, work: int, deadline: float) -> None:
        """`work`: the units the move may do, counted from the tracker's building (which, early
        on a big board, can take most of them)."""
        self.t = tracker
        self.limit = work
        self.deadline = deadline  # the clock only stops a search on a very slow machine
        # drawn -> depth searched (MAX_DEPTH: to the fight's end), fight won
        self.known: dict[int, tuple[int, bool]] = {}
        self.cut = False  # whether a depth limit cut the search below the current node
        self.found: list[int] = []  # the flippers best() found at the root
        self.unchecked: list[int] = []  # the candidates it had no work left to check

    def _spend(self, units: int) -> None:
        self.t.work += units
        if self.t.work > self.limit or time.perf_counter() > self.deadline:
            raise OutOfWork

    def flips(self, s: int) -> bool:
        """Whether legal stroke s changes the parity of the strokes still to come."""
        t = self.t
        plan = t.plan
        if plan >> s & 1:
            return False  # it is one of them: one fewer to come, and s itself drawn
        after, displaced, freed = t.mend(s)
        self._spend(
            (4 + 3 * displaced.bit_count() + (freed & t.game.legal_bits).bit_count())
            // PLAN_STROKES_PER_UNIT
        )
        return (after.bit_count() - plan.bit_count()) % 2 == 0

    def flippers(self, candidates) -> list[int]:
        """Those of `candidates` that are safe legal flippers in the tracker's position."""
        t = self.t
        safe = t.game.legal_bits & ~t.hot
        return [s for s in candidates if safe >> s & 1 and self.flips(s)]

    def near_changes(self, changed: int) -> list[int]:
        """The legal strokes outside the plan that cross a stroke in `changed` (strokes that
        joined or left the plan): the only ones whose flipping a change of plan can turn on.
        Measured: every stroke that became a flipper in the first 40 moves of 8 games did."""
        t = self.t
        crossing = t.board.crossing_bits
        near = 0
        for x in small_bits_to_indices(changed):
            near |= crossing(x)
        self._spend(1 + changed.bit_count() // 4)
        return small_bits_to_indices(near & t.game.legal_bits & ~t.plan)

    def after(self, flippers: list[int], s: int) -> list[int]:
        """The flippers once s is played (on the tracker): those left of `flippers`, and when
        none is, any that the plan's change turned on (the fight is over only if none is)."""
        left = self.flippers(f for f in flippers if f != s)
        if not left:
            left = self.flippers(self.near_changes(self.t.plan_changed()))
        return left

    def winning(self) -> bool:
        """Whether the player to move draws the last stroke by the plan, as things stand."""
        return self.t.plan.bit_count() % 2 == 1  # the mover draws strokes 1, 3, ...

    def moves(self, flippers: list[int], order: list[int]) -> list[int]:
        """The fight's moves: flippers, one stroke for each set of flippers that safe strokes
        cross, and a pass (a stroke of the plan if there is one, crossing no flipper). `order`
        is the safe strokes in the order to prefer among equals."""
        t = self.t
        crossing = t.board.crossing_bits
        fight = near = 0
        for f in flippers:
            fight |= 1 << f
            near |= crossing(f)
        safe = t.game.legal_bits & ~t.hot & ~fight
        crossers: dict[int, int] = {}  # flippers crossed -> the first stroke crossing them
        strokes = small_bits_to_indices(near & safe)
        for s in strokes:
            crossers.setdefault(crossing(s) & fight, s)
        self._spend(1 + len(flippers) + len(strokes) // 8)
        away = safe & ~near
        planned = away & t.plan
        passing = next((s for s in order if planned >> s & 1), None)
        if passing is None:
            passing = next((s for s in order if away >> s & 1), None)
        # What each move leaves: the flippers it does not draw or cross, and whether the player
        # to move then is losing the fight (a flipper hands the last stroke to the other side).
        winning = self.winning()
        moves = [(s, fight & ~crossing(s) & ~(1 << s), not winning) for s in flippers]
        moves += [(s, fight & ~crossed, winning) for crossed, s in crossers.items()]
        if passing is not None:
            moves.append((passing, fight, winning))
        # First what the fight's rule of thumb (see won) says the opponent loses, fewest flippers
        # left first, which ends the fight soonest.
        moves.sort(key=lambda m: (not m[2] or m[1].bit_count() % 2 == 1, m[1].bit_count()))
        return [s for s, _, _ in moves]

    def won(self, flippers: list[int], order: list[int], depth: int) -> bool:
        """Whether the player to move wins the fight, looking `depth` strokes ahead."""
        if not flippers:
            return self.winning()
        if depth == 0:
            self.cut = True
            return self.winning() or len(flippers) % 2 == 1
        key = self.t.game.drawn_bits
        known = self.known.get(key)
        if known is not None and known[0] >= depth:
            self.cut = self.cut or known[0] < MAX_DEPTH
            return known[1]
        outer, self.cut = self.cut, False
        won = self._winning(self.moves(flippers, order), flippers, order, depth) is not None
        # A value that no depth limit cut is the fight's own: any depth may use it.
        self.known[key] = (depth if self.cut else MAX_DEPTH, won)
        self.cut = outer or self.cut
        return won

    def _winning(
        self, moves: list[int], flippers: list[int], order: list[int], depth: int
    ) -> int | None:
        """The first of `moves` after which the other player loses the fight, looking `depth`
        strokes ahead (this one included), or None."""
        t = self.t
        for s in moves:
            t.play(s)
            try:
                if not self.won(self.after(flippers, s), order, depth - 1):
                    return s
            finally:
                t.undo()
        return None

    def best(
        self, order: list[int], candidates: list[int] | None = None, changed: int = 0
    ) -> int | None:
        """The stroke to draw in the fight (from `order`, the safe strokes in the order to
        prefer among equals): one that wins it at the deepest depth searched, else one that gets
        or keeps the last stroke as things stand. None if there is no fight (no flipper) or the
        work runs out first.

        The flippers are looked for among `candidates` (every legal stroke if None) and the
        strokes near `changed`, strokes that joined or left the plan since. Afterwards `found`
        holds those found, and `unchecked` those that were not safe or that the work did not
        reach, which a later move can take up (see Hard's memory)."""
        choice = None
        self.found, self.unchecked = [], []
        legal = self.t.game.legal_bits
        safe = legal & ~self.t.hot
        try:
            if candidates is None:
                candidates = order + small_bits_to_indices(legal & ~safe)
            elif changed:
                try:
                    near = self.near_changes(changed)
                except OutOfWork:
                    self.unchecked = list(candidates)
                    raise
                listed = set(candidates)
                candidates += [s for s in near if s not in listed]
            for place, s in enumerate(candidates):
                try:
                    if not safe >> s & 1:
                        self.unchecked.append(s)
                    elif self.flips(s):
                        self.found.append(s)
                except OutOfWork:
                    self.unchecked += candidates[place:]
                    raise
            flippers = self.found
            if not flippers:
                return None
            for depth in range(1, MAX_DEPTH):
                self.cut = False
                moves = self.moves(flippers, order)
                if choice is None:
                    # Until a search finds a win: a stroke that gets or keeps the last stroke as
                    # things stand, so that the other player still has to find the answer.
                    flipping = set(flippers)
                    winning = self.winning()
                    choice = next((s for s in moves if (s in flipping) != winning), moves[0])
                found = self._winning(moves, flippers, order, depth)
                if found is not None:
                    choice = found
                if not self.cut:
                    break  # every line searched reached the fight's end: deeper adds nothing
        except OutOfWork:
            pass
        return choice
