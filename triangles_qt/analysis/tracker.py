"""The triangle tracker: the alive empty triangles of a game (each undrawn side still legal) and
how many sides each lacks, updated incrementally as strokes are played and taken back. From it a
stroke's gain and whether it is safe are read in O(1), the regions a late position falls into
(regions.py), and a plan of the strokes still to come (parity.py). Hard searches on it; hints
read why a stroke is good with it (app/hint_reason.py). Its work is counted in Hard's units:
about one stroke played and taken back (plugins/hard.py, WORK_PER_SECOND).
"""

from __future__ import annotations

import weakref

from triangles_qt.core.board import bits_to_indices, small_bits_to_indices
from triangles_qt.core.game import Game

from . import regions

BUILD_TRIANGLES_PER_UNIT = 4  # triangles found when building a tracker per unit of work
# ...and a stroke's triangles, the first time the board looks for them (it keeps them, as it
# keeps the strokes each one crosses, which the plan then looks up) cost this many units: on a
# fresh phone-60 board 0.041 s and 0.011 s for the two, then 0.015 s for the tracker itself.
UNITS_PER_APEXES_COMPUTED = 2
TRIANGLES_PER_UNIT = 10  # triangles a stroke kills or touches (Tracker.play) per unit of work
SCAN_PER_UNIT = 48  # triangles looked at along a chain (Tracker.chain_size) per unit of work
WALK_START = 16  # what starting a chain walk costs, in triangles looked at
STROKES_SCANNED_PER_UNIT = 400  # takes compared in a leaf's exchange (quiesce) per unit of work


_RANKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # board -> _length_ranks


def _length_ranks(board) -> list[int]:
    """Each candidate stroke's place by length, shortest first: plans are filled in this
    order. Kept while the board lives, since a Hard player builds a tracker on every move."""
    ranks = _RANKS.get(board)
    if ranks is None:
        ends = board.stars[board.cand_a] - board.stars[board.cand_b]
        ranks = _RANKS[board] = (ends * ends).sum(axis=1).argsort(kind="stable").argsort().tolist()
    return ranks


class Tracker:
    """The alive empty triangles of a game, updated incrementally as strokes are played."""

    def __init__(self, game: Game) -> None:
        self.game = game
        board = game.board
        self.board = board
        drawn, legal = game.drawn_bits, game.legal_bits
        usable = drawn | legal
        self.c0 = [0] * board.m  # alive triangles where the stroke is the only undrawn side
        self.c1 = [0] * board.m  # alive triangles where it is one of two undrawn sides
        self.hot = 0  # bitset: c0 or c1 non-zero (not safe)
        self.taking = 0  # bitset: c0 non-zero (closes a triangle now)
        self.sides: list[tuple[int, int, int]] = []
        self.stars: list[tuple[int, int, int]] = []  # each triangle's stars, ascending
        self.undrawn: list[tuple[int, ...]] = []
        self.alive = bytearray()
        self.by_stroke: dict[int, list[int]] = {}
        seen = set()
        computed = board.apexes_computed
        strokes = bits_to_indices(legal, board.m).tolist()
        for s in strokes:
            a, b = board.cand_a_list[s], board.cand_b_list[s]
            for k, p, q in board.apexes(s):
                if usable >> p & 1 and usable >> q & 1:
                    key = (s, p, q) if s < p < q else tuple(sorted((s, p, q)))
                    if key in seen:
                        continue
                    seen.add(key)
                    t = len(self.sides)
                    self.sides.append(key)
                    self.stars.append(tuple(sorted((a, b, k))))
                    self.undrawn.append(tuple(x for x in key if not drawn >> x & 1))
                    self.alive.append(1)
                    for x in key:
                        self.by_stroke.setdefault(x, []).append(t)
                    self._contribute(t, 1)
        self._refresh(strokes)
        crossing = board.crossing_bits
        # Pairs of legal strokes that cross: while there are any, the position is no chain endgame.
        self.crossings = sum((crossing(s) & legal).bit_count() for s in strokes) // 2
        # Work done on this tracker, in units of about one stroke played and taken back: what
        # bounds a search (see plugins/hard.py, WORK_PER_SECOND). Building it counts: early in
        # a game on a big board it takes as long as a short budget.
        self.work = (
            len(self.sides) // BUILD_TRIANGLES_PER_UNIT
            + (board.apexes_computed - computed) * UNITS_PER_APEXES_COMPUTED
        )
        self._triangles = 0  # triangles killed or touched not yet counted as a unit of work
        self._looked = 0  # the same for triangles looked at along chains
        self._scanned = 0  # the same for takes compared in a leaf's exchange
        self._log: list[tuple[int, int, list[int], list[int], int | None, set[int]]] = []
        # The strokes still to come, as one full drawing (None under "play again").
        self.plan: int | None = None
        self.rank = _length_ranks(board)
        if not game.rules.replay_after_triangle:
            self.plan = self._completed(legal)

    def _completed(self, candidates: int, plan: int = 0) -> int:
        """`plan` grown with those of the (legal) `candidates` that cross nothing in it,
        shortest first (as in the triangulations play tends to), until no more fit."""
        crossing = self.board.crossing_bits
        for s in sorted(small_bits_to_indices(candidates & ~plan), key=self.rank.__getitem__):
            if not crossing(s) & plan:
                plan |= 1 << s
        return plan

    def _contribute(self, t: int, sign: int) -> None:
        """Count alive triangle t in (sign 1) or out of (-1) its undrawn sides' c0 or c1; the
        bitsets follow in _refresh, once per play for every stroke whose counts changed."""
        u = self.undrawn[t]
        if len(u) == 1:
            self.c0[u[0]] += sign
        elif len(u) == 2:
            c1 = self.c1
            c1[u[0]] += sign
            c1[u[1]] += sign

    def _refresh(self, strokes) -> None:
        """Bring the hot and taking bitsets up to date with the counts of these strokes."""
        c0, c1 = self.c0, self.c1
        hot, taking = self.hot, self.taking
        for x in strokes:
            bit = 1 << x
            if c0[x]:
                hot |= bit
                taking |= bit
            else:
                if taking & bit:
                    taking ^= bit
                if c1[x]:
                    hot |= bit
                elif hot & bit:
                    hot ^= bit
        self.hot, self.taking = hot, taking

    def leaves_last_stroke(self, s: int) -> bool:
        """Whether, after s, the player to move now would draw the game's last stroke (by the
        plan): the other player then moves with an even number of strokes left."""
        return self._plan_after(s).bit_count() % 2 == 0

    def _plan_after(self, s: int) -> int:
        """The plan once legal stroke s is drawn, as play(s) would mend it."""
        return self.mend(s)[0]

    def mend(self, s: int) -> tuple[int, int, int]:
        """The plan once legal stroke s is drawn, the plan's strokes s displaces (those it
        crosses) and the strokes they freed (those they crossed), which say what mending cost."""
        plan = self.plan
        assert plan is not None, "no plan under play again"
        if plan >> s & 1:
            return plan ^ 1 << s, 0, 0
        crossing = self.board.crossing_bits
        # s replaces the plan's strokes it crosses; what those blocked may fit again.
        displaced = plan & crossing(s)
        freed = 0
        for x in small_bits_to_indices(displaced):
            freed |= crossing(x)
        legal_after = self.game.legal_bits & ~crossing(s) & ~(1 << s)
        return self._completed(freed & legal_after, plan & ~displaced), displaced, freed

    def plan_changed(self) -> int:
        """The strokes that joined or left the plan with the last play, other than the stroke
        played."""
        s, plan = self._log[-1][0], self._log[-1][4]
        assert plan is not None and self.plan is not None, "no plan under play again"
        return (plan ^ self.plan) & ~(1 << s)

    def closing(self, s: int) -> tuple[tuple[int, int, int], ...]:
        """The triangles legal stroke s closes (as Game.gain finds them): the alive ones it is
        the last undrawn side of."""
        if not self.c0[s]:
            return ()
        alive, undrawn, stars = self.alive, self.undrawn, self.stars
        closed = [stars[t] for t in self.by_stroke[s] if alive[t] and undrawn[t] == (s,)]
        if len(closed) > 1:
            closed.sort()
        return tuple(closed)

    def gain(self, s: int) -> int:
        return self.c0[s]

    def chain_size(self, s: int, bound: int | None = None) -> int:
        """How many triangles the opponent could take in a row, moving again after each, once
        s is drawn: a quick estimate from the triangles' sides, without playing anything.
        With `bound`, the walk stops as soon as it has found that many."""
        alive, undrawn, by_stroke = self.alive, self.undrawn, self.by_stroke
        scanned = 0
        drawn = {s}
        frontier = [
            (u[0] if u[1] == s else u[1], t)
            for t in by_stroke.get(s, ())
            if alive[t] and len(u := undrawn[t]) == 2 and s in u
        ]
        closed: set[int] = set()
        while frontier and (bound is None or len(closed) < bound):
            q, t = frontier.pop()
            if t in closed:
                continue
            closed.add(t)
            if q in drawn:
                continue
            drawn.add(q)
            near = by_stroke.get(q, ())
            scanned += len(near)
            for t2 in near:
                if alive[t2] and t2 not in closed:
                    rest = [x for x in undrawn[t2] if x not in drawn]
                    if not rest:
                        frontier.append((q, t2))
                    elif len(rest) == 1:
                        frontier.append((rest[0], t2))
        # Measured: a stroke played costs about as much as SCAN_PER_UNIT triangles looked at,
        # and a walk that stops at once as much as WALK_START of them.
        units, self._looked = divmod(self._looked + WALK_START + scanned, SCAN_PER_UNIT)
        self.work += units
        return len(closed)

    def cheapest_gives(self, gives: list[int], k: int) -> list[int]:
        """The first k of `gives` sorted by chain_size (a stable sort), walking each chain only
        as far as it could still make the cut: most gives on a big board open long runs."""
        chosen: list[tuple[int, int, int]] = []  # (size, place in gives, stroke), sorted
        for place, s in enumerate(gives):
            bound = chosen[-1][0] if len(chosen) == k else None
            if bound is not None and self.c1[s] >= bound:
                continue  # its chain has at least the c1[s] triangles s opens at once
            size = self.chain_size(s, bound)
            if bound is None or size < bound:
                chosen.append((size, place, s))
                chosen.sort()
                del chosen[k:]
        return [s for _, _, s in chosen]

    def threats(self) -> list[int]:
        return small_bits_to_indices(self.taking)

    def last_changed(self) -> set[int]:
        """The strokes whose counts (c0, c1) the last play changed: the undrawn sides of the
        triangles it killed or touched, and the stroke itself."""
        return self._log[-1][5]

    def note_scanned(self, n: int) -> None:
        """Count n strokes looked at in a leaf's exchange as work (see plugins/hard.py,
        WORK_PER_SECOND)."""
        units, self._scanned = divmod(self._scanned + n, STROKES_SCANNED_PER_UNIT)
        self.work += units

    def parts(self) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """The legal strokes grouped in independent parts (linked by the alive triangles they
        border together and by crossing one another), ascending, keyed by their first stroke;
        and the alive triangles each stroke borders."""
        legal = self.game.legal_bits
        alive, undrawn, by_stroke = self.alive, self.undrawn, self.by_stroke
        crossing = self.board.crossing_bits if self.crossings else None
        strokes = small_bits_to_indices(legal)
        self.work += 1 + len(strokes) // 2  # measured against play() (benchmarks/hard_work.py)
        borders = {s: [t for t in by_stroke.get(s, ()) if alive[t]] for s in strokes}
        parts: dict[int, list[int]] = {}
        seen = 0
        for s in strokes:
            if seen >> s & 1:
                continue
            seen |= 1 << s
            members, stack = [s], [s]
            while stack:
                x = stack.pop()
                # An alive triangle's undrawn sides are all legal, so all are in `borders`.
                linked = [y for t in borders[x] for y in undrawn[t] if not seen >> y & 1]
                if crossing is not None:
                    row = crossing(x) & legal & ~seen
                    if row:
                        linked += small_bits_to_indices(row)
                for y in linked:
                    if not seen >> y & 1:
                        seen |= 1 << y
                        members.append(y)
                        stack.append(y)
            members.sort()
            parts[s] = members
        return parts, borders

    def regions(self, most: int | None = None) -> regions.State | None:
        """The position as independent regions and free strokes (see regions.py): the parts
        of parts(), each keyed by its shape; None when there are more than `most` regions
        (keying big regions is what costs)."""
        legal = self.game.legal_bits
        parts, borders = self.parts()
        crossing = self.board.crossing_bits if self.crossings else None
        free = 0
        found = []
        if most is not None:
            alone = sum(1 for members in parts.values() if len(members) == 1)
            if len(parts) - alone > most:
                return None  # even a part of one stroke with a triangle is one region
        for members in parts.values():
            if len(members) == 1 and not borders[members[0]]:
                free += 1  # it crosses nothing either: a crossing would have joined it to a part
                continue
            local = {s: k for k, s in enumerate(members)}
            crosses = []
            for s in members:
                row = crossing(s) & legal if crossing is not None else 0
                crosses.append(tuple(local[y] for y in small_bits_to_indices(row)) if row else ())
            found.append(regions.encode([tuple(borders[s]) for s in members], crosses))
        self.work += len(borders) // 4
        return free & 1, tuple(sorted(found))

    def play(self, s: int) -> None:
        self.work += 1
        game = self.game
        plan = self.plan
        if plan is not None:
            self.plan = self._plan_after(s)  # before s is drawn: it reads the legal strokes
        before = game.legal_bits
        game.play_candidate(s, None, self.closing(s))
        removed = before & ~game.legal_bits
        killed_strokes = removed & ~(1 << s)
        killed: list[int] = []
        alive = self.alive
        by_stroke = self.by_stroke
        uncrossed = 0
        if self.crossings:
            crossing = self.board.crossing_bits
            # Every pair with a removed stroke goes; pairs of two removed ones were counted twice.
            lost = twice = 0
            for x in small_bits_to_indices(removed):
                row = crossing(x)
                lost += (row & before).bit_count()
                twice += (row & removed).bit_count()
            uncrossed = lost - twice // 2
            self.crossings -= uncrossed
        while killed_strokes:
            low = killed_strokes & -killed_strokes
            x = low.bit_length() - 1
            killed_strokes ^= low
            for t in by_stroke.get(x, ()):
                if alive[t]:
                    alive[t] = 0
                    self._contribute(t, -1)
                    killed.append(t)
        touched: list[int] = []
        for t in by_stroke.get(s, ()):
            if alive[t]:
                self._contribute(t, -1)
                u = self.undrawn[t]
                self.undrawn[t] = tuple(x for x in u if x != s)
                touched.append(t)
                if self.undrawn[t]:
                    self._contribute(t, 1)
                else:
                    alive[t] = 0
        changed = {s}
        undrawn = self.undrawn
        for t in killed:
            changed.update(undrawn[t])
        for t in touched:
            changed.update(undrawn[t])
        self._refresh(changed)
        self._log.append((s, uncrossed, killed, touched, plan, changed))
        # Measured: each triangle killed or touched costs about a tenth of a stroke played and
        # taken back (on big boards a stroke can kill dozens, crossing many legal strokes).
        units, self._triangles = divmod(
            self._triangles + len(killed) + len(touched), TRIANGLES_PER_UNIT
        )
        self.work += units

    def undo(self) -> None:
        s, uncrossed, killed, touched, self.plan, changed = self._log.pop()
        self.game.undo()
        self.crossings += uncrossed
        alive = self.alive
        for t in reversed(touched):
            if alive[t]:
                self._contribute(t, -1)
            self.undrawn[t] = tuple(sorted(self.undrawn[t] + (s,)))
            alive[t] = 1
            self._contribute(t, 1)
        for t in killed:
            alive[t] = 1
            self._contribute(t, 1)
        self._refresh(changed)
