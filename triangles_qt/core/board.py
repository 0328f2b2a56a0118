"""Boards: the star cloud, its presets and seeded generation, and the exact precomputed tables
(which strokes are star-legal, which side of each star-legal stroke every star is on) that the
rules engine and the computer players look things up in, with what is derived from them on
demand and kept (which strokes cross which, which triangles are empty).

Indices: a *stroke* is an unordered pair of star indices. The star-legal strokes of a board (those
that pass over no star) are numbered 0..m-1 and called *candidates*; a candidate's bit in a
Python-int bitset is its number. Everything rule-deciding is an exact integer computation.

The build (Board._precompute) takes two sweeps over the stars, a few at a time (CHUNK_ENTRIES):
each star a row and all the pairs the columns, so that numpy's loops run along whole rows (on
rows of a few hundred they cost twice as much), in int32 work arrays reused from chunk to chunk.
The first finds the star-legal pairs: three stars k < a < b have one |orientation| whichever of
them is the star and which two the pair, so each triple is looked at once, as star k and pair
a-b (n^3 / 6 orientations, 1 million at 180 stars, where each (star, pair) took 2.9), against a
bound on the three pairs' reaches; the few triples within it (2 %) go to the exact test, which
decides their three (star, pair) entries at once (_ExactTests). The second computes the side
table's orientations for the star-legal pairs only, row by row. What is kept is one byte per
candidate and star (`side_t`: 1.5 MB on a tablet-180 board, 3.1 MB with 250 stars; at most
n^3 / 2 bytes, when no star blocks any pair) and O(n^2) besides; the build peaks at 4.2 MiB at
180 stars (tracemalloc; 7.4 with 250). Fresh memory costs a page fault every 4 KiB, as much as
a few numpy passes over it: hence the reused work arrays, and the exact test's batches of a few
thousand triples, whose temporaries reuse the memory of the batch before.

A game's legal strokes, once few, get CrossingFilters: bitsets over them that narrow down which
ones a new stroke crosses to a handful, decided one at a time with exact integer orientations.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .geometry import MAX_COORDINATE, MAX_TOLERANCE

DEFAULT_TOLERANCE = 4
MAX_STARS = 250
CHUNK_ENTRIES = 1 << 16
"""(star, pair) entries per chunk of the board's build, at most (a chunk is at least one star's
row): 256 KiB per int32 work array, within a core's L2 cache (0.5-2 MiB on current CPUs).
Measured on tablet-180: 2^16 and 2^17 are alike, 2^15 pays numpy's per-call cost, 2^18 the
cache's misses."""
BOX_LEVEL = 64
"""Coordinate units per level of CrossingFilters' bounding boxes."""
PENDING_ENTRIES = 1 << 12
"""Triples of stars of the build kept waiting for the exact test, which takes this many at once
(see _ExactTests)."""


@dataclass(frozen=True)
class Preset:
    """A board size of the documented app (docs/rules.md section 1)."""

    name: str
    family: str  # "phone" or "tablet"
    stars: int
    width: int
    height: int


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("phone-24", "phone", 24, 360, 640),
        Preset("phone-60", "phone", 60, 360, 640),
        Preset("phone-120", "phone", 120, 360, 640),
        Preset("tablet-80", "tablet", 80, 800, 1280),
        Preset("tablet-120", "tablet", 120, 800, 1280),
        Preset("tablet-180", "tablet", 180, 800, 1280),
    )
}


class BoardError(ValueError):
    """A board description that breaks docs/rules.md section 1 or this program's limits."""


def min_spacing(width: int, height: int, count: int) -> int:
    """The smallest distance generated stars keep between each other (easy to hit, never crowded).

    Half the side of the square each star would own on an evenly filled board: 21 points on
    phone-120, the densest preset, which is comfortably wider than a finger's or pointer's aim.
    """
    return max(1, int((width * height / count) ** 0.5 * 0.5))


def generate_stars(width: int, height: int, count: int, seed: int) -> list[tuple[int, int]]:
    """Blue-noise star positions from a seed, identical on every machine.

    Mitchell's best-candidate sampling on integers: each new star is the candidate, among a few
    random ones, farthest from the stars already placed, and never closer than `min_spacing`.
    Only Python's integer Mersenne Twister draws are used, so no platform maths can differ:
    each coordinate is rng.randrange(margin, side - margin + 1), 12 x then 12 y a try (drawn
    as _DrawStream does, the same numbers).
    """
    rng = random.Random(seed)
    spacing2 = min_spacing(width, height, count) ** 2
    margin = max(2, min(width, height) // 40)
    draws = _DrawStream(rng, (margin, width - margin + 1), (margin, height - margin + 1))
    draws.batch = min(draws.batch, 40 * count)  # a try takes about 36 outputs
    placed = np.empty((2, count), dtype=np.int64)  # the stars so far: x row, y row
    tried = np.empty((2, 12, 1), dtype=np.int64)  # a try's candidates: x row, y row
    stars: list[tuple[int, int]] = []
    attempts = 0
    while len(stars) < count:
        k = len(stars)
        tried[0, :, 0] = draws.take(0, 12)
        tried[1, :, 0] = draws.take(1, 12)
        best = 0
        if k:
            apart = tried - placed[:, None, :k]  # (2, candidate, star)
            apart *= apart
            nearest = (apart[0] + apart[1]).min(axis=1)
            best = int(nearest.argmax())  # argmax takes the first maximum: deterministic
            if nearest[best] < spacing2:
                attempts += 1
                if attempts > 10_000:  # cannot happen for the presets; guards custom sizes
                    raise BoardError(f"cannot place {count} stars on {width} x {height}")
                continue
        x, y = int(tried[0, best, 0]), int(tried[1, best, 0])
        placed[0, k], placed[1, k] = x, y
        stars.append((x, y))
    return stars


class _DrawStream:
    """rng.randrange(start, stop) draws for a few ranges, taken in any order, the same numbers as
    randrange would give: CPython draws k = (stop - start).bit_length() bits, the top k bits of
    one 32-bit Mersenne Twister output (k <= 32), and rejects values past the range. Here the
    outputs are drawn many at a time (rng.getrandbits(32 w) holds w outputs, the first one in
    the lowest 32 bits), and each range's values and the outputs they come from are worked out
    in numpy: `take` only slices them. The outputs drawn ahead are lost to rng, which is then
    spent (generate_stars' own)."""

    BATCH = 8192  # outputs per draw at most

    def __init__(self, rng: random.Random, *ranges: tuple[int, int]) -> None:
        for start, stop in ranges:
            if not 0 < stop - start < 2**32:
                raise BoardError(f"cannot draw from range({start}, {stop})")
        self.rng, self.ranges = rng, ranges
        self.batch = self.BATCH  # outputs per draw
        self.outputs = np.zeros(0, dtype=np.uint32)
        self.used = 0  # outputs taken so far
        self.values: list[np.ndarray] = []  # per range: its value at each accepted output
        self.at: list[list[int]] = []  # per range: the accepted outputs' positions

    def take(self, which: int, count: int) -> np.ndarray:
        """The next `count` draws of range `which` (an array view)."""
        while True:
            if self.values:
                at = self.at[which]
                first = bisect.bisect_left(at, self.used)
                if first + count <= len(at):
                    self.used = at[first + count - 1] + 1
                    return self.values[which][first : first + count]
            self._draw_more()

    def _draw_more(self) -> None:
        more = self.rng.getrandbits(32 * self.batch).to_bytes(4 * self.batch, "little")
        kept = self.outputs[self.used :]  # those not taken yet, now from position 0
        self.outputs = np.concatenate((kept, np.frombuffer(more, dtype="<u4")))
        self.used = 0
        self.values, self.at = [], []
        for start, stop in self.ranges:
            width = stop - start
            r = self.outputs >> np.uint32(32 - width.bit_length())
            accepted = np.flatnonzero(r < width)
            self.values.append(r[accepted].astype(np.int64) + start)
            self.at.append(accepted.tolist())


def randrange_draws(rng: random.Random, start: int, stop: int, count: int) -> list[int]:
    """`count` draws of rng.randrange(start, stop), the same numbers from the same state, faster:
    CPython draws k = (stop - start).bit_length() random bits and rejects values past the range.
    Written out here, so the boards do not depend on that staying so (a test compares them)."""
    width = stop - start
    bits = width.bit_length()
    getrandbits = rng.getrandbits
    out: list[int] = []
    while len(out) < count:
        r = getrandbits(bits)
        if r < width:
            out.append(start + r)
    return out


class Board:
    """A validated star cloud with its tolerance and the exact tables derived from it.

    Immutable after construction. Lazily filled caches (crossing rows, empty-triangle apexes)
    are pure functions of the board, so sharing one Board between games is safe.
    """

    def __init__(
        self,
        stars: Iterable[Sequence[int]],
        width: int,
        height: int,
        tolerance: int = DEFAULT_TOLERANCE,
        preset: str | None = None,
        seed: int | None = None,
    ) -> None:
        self.width = _checked_int("width", width, 1, MAX_COORDINATE)
        self.height = _checked_int("height", height, 1, MAX_COORDINATE)
        self.tolerance = _checked_int("tolerance", tolerance, 0, MAX_TOLERANCE)
        self.preset = preset
        self.seed = seed
        points = _checked_stars(stars, self.width, self.height)
        _check_preset(preset, self.width, self.height, len(points))
        self.stars = np.array(points, dtype=np.int64).reshape(-1, 2)
        self.stars.setflags(write=False)
        self.star_list: list[tuple[int, int]] = points
        self.n = len(points)
        self._precompute()

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def generate(cls, preset: str, seed: int, tolerance: int | None = None) -> Board:
        """The board of a preset and seed (same stars everywhere), with an optional tolerance."""
        try:
            p = PRESETS[preset]
        except KeyError:
            raise BoardError(
                f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}"
            ) from None
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            # Python seeds from abs(seed): -7 and 7 would silently give the same board.
            raise BoardError(f"a board seed is a non-negative integer, not {seed!r}")
        stars = generate_stars(p.width, p.height, p.stars, seed)
        tol = DEFAULT_TOLERANCE if tolerance is None else tolerance
        return cls(stars, p.width, p.height, tol, preset=preset, seed=seed)

    def _precompute(self) -> None:
        """The tables: the star-legal pairs (the candidates) and, for each candidate, which side
        of it every star is on (`side_t`), in two sweeps over the stars (see the module
        docstring)."""
        n = self.n
        # int32 is exact here: see _orient_rows.
        x = self.stars[:, 0].astype(np.int32)
        y = self.stars[:, 1].astype(np.int32)
        ia, ib = np.triu_indices(n, 1)
        # Per pair, once: its direction and its line's constant (see _orient_rows).
        dx, dy = x[ib] - x[ia], y[ib] - y[ia]
        const = dx * y[ia] - dy * x[ia]
        # Reused by both sweeps: fresh big arrays fault their pages in again.
        work = np.empty((2, max(CHUNK_ENTRIES, len(ia))), dtype=np.int32)
        star_legal = _star_legal(x, y, ia, ib, dx, dy, const, self.tolerance, work)
        cand = np.flatnonzero(star_legal)
        self.m = m = len(cand)
        self.cand_a = ia[cand]
        self.cand_b = ib[cand]
        self.cand_a_list: list[int] = self.cand_a.tolist()
        self.cand_b_list: list[int] = self.cand_b.tolist()
        self.cand_pairs = np.stack((self.cand_a, self.cand_b), axis=1)  # (m, 2): (low, high)
        self.bitset_bytes = (m + 7) // 8  # bytes of a bitset over the candidates
        # side_t[k, s]: which side of candidate s (a -> b) star k is on (+1 left, -1 right, 0 on
        # its line). Star-major: a star's row over the candidates is contiguous, a candidate's
        # column over the stars is strided (a copy the other way round would cost the build
        # more than the strided reads cost a game).
        self.side_t = _sides(x, y, dx[cand], dy[cand], const[cand], work)
        self._first_end_counts = np.bincount(self.cand_a, minlength=n)
        index = np.full((n, n), -1, dtype=np.intp)
        index[self.cand_a, self.cand_b] = np.arange(m)
        index[self.cand_b, self.cand_a] = np.arange(m)
        self.pair_index_list: list[list[int]] = index.tolist()
        adjacency = np.packbits(index >= 0, axis=1, bitorder="little")
        self.candidate_neighbours = [int.from_bytes(row.tobytes(), "little") for row in adjacency]
        self._cross_rows: list[int | None] = [None] * m
        self._apexes: list[tuple[tuple[int, int, int], ...] | None] = [None] * m
        self.apexes_computed = 0  # strokes whose apexes were computed so far (they are kept)
        self._star_sides: list[tuple[int, int] | None] = [None] * m
        self._star_pairs: list[int | None] = [None] * m
        self._even_bits = int("01" * n, 2)  # bit 2x for every star x

    # -- lookups -------------------------------------------------------------------------------

    def candidate(self, i: int, j: int) -> int:
        """The candidate number of stroke i-j, or -1 when it passes over a star or i == j."""
        return self.pair_index_list[i][j]

    def stroke(self, s: int) -> tuple[int, int]:
        """The star pair (low, high) of candidate s."""
        return self.cand_a_list[s], self.cand_b_list[s]

    def crossing_bits(self, t: int) -> int:
        """Bitset of the candidates that share a point with candidate t other than an endpoint.

        Star-legal strokes have no star on them, so two of them conflict exactly when each one's
        line strictly separates the other's endpoints: a proper crossing.
        """
        row = self._cross_rows[t]
        if row is None:
            side_t = self.side_t
            col = side_t[:, t]  # the side of t each star is on
            # < 0 where t's line separates s's ends (cand_a is sorted: repeating beats gathering)
            ends = np.repeat(col, self._first_end_counts)
            ends *= col.take(self.cand_b)
            # < 0 where s's line separates t's ends
            across = side_t[self.cand_a_list[t]] * side_t[self.cand_b_list[t]]
            # Both < 0: on {-1, 0, 1}, x & y is -1 exactly when both are -1.
            ends &= across
            row = _bits_of(ends < 0)
            self._cross_rows[t] = row
        return row

    def crossing_among(self, t: int, among: np.ndarray) -> np.ndarray:
        """Which of the candidates `among` (an int array) cross candidate t, as a bool array
        over them: crossing_bits(t) read at `among`, computed for those only (cheaper when they
        are few, as a game's legal strokes soon are). The same test as crossing_bits."""
        side_t = self.side_t
        a, b = self.cand_a_list[t], self.cand_b_list[t]
        ends = side_t[:, t].take(self.cand_pairs.take(among, axis=0))
        crossing = ends[:, 0] * ends[:, 1]  # < 0: t's line separates s's ends
        # and < 0 where s's line separates t's ends: both (see crossing_bits)
        crossing &= side_t[a].take(among) * side_t[b].take(among)
        flags: np.ndarray = crossing < 0
        return flags

    def crossing_filters(self, among: np.ndarray) -> CrossingFilters:
        """The bitsets that find quickly which of the candidates `among` (ascending) a stroke
        crosses: see CrossingFilters."""
        return CrossingFilters(self, among)

    def side_bits(self, s: int, positive: bool) -> int:
        """Bitset of the stars strictly on one side of candidate s (positive: left of a -> b)."""
        return self._sides_of(s)[0 if positive else 1]

    def _sides_of(self, s: int) -> tuple[int, int]:
        """(left, right): the bitsets of the stars strictly on each side of candidate s. Made
        from its column as text: one digit a star, read as a binary number (cheaper than numpy's
        packbits on n values)."""
        found = self._star_sides[s]
        if found is None:
            col = self.side_t[::-1, s].tobytes()  # star n-1 first: the highest digit
            found = (int(col.translate(_LEFT_DIGITS), 2), int(col.translate(_RIGHT_DIGITS), 2))
            self._star_sides[s] = found
        return found

    def is_empty_triangle(self, sab: int, sak: int, sbk: int, a: int, b: int, k: int) -> bool:
        """True when no star is strictly inside triangle a, b, k (sides given as candidates):
        none is on k's side of a-b, b's side of a-k and a's side of b-k at once.

        Read in the sides' two-bit star sets (_pairs_of): bit 2x of a side's set is star x
        being left of it, bit 2x + 1 its being right; shifted down one, the rights are on the
        even bits. The three chosen sides meet on the even bits."""
        pairs = self._star_pairs
        found = pairs[sab]
        if found is None:
            found = self._pairs_of(sab)
        inside = found if found >> 2 * k & 1 else found >> 1
        found = pairs[sak]
        if found is None:
            found = self._pairs_of(sak)
        inside &= found if found >> 2 * b & 1 else found >> 1
        found = pairs[sbk]
        if found is None:
            found = self._pairs_of(sbk)
        inside &= found if found >> 2 * a & 1 else found >> 1
        return inside & self._even_bits == 0

    def _pairs_of(self, s: int) -> int:
        """Candidate s's two-bit star set (see is_empty_triangle), made from its column as text:
        a base-4 digit a star, read as a number (one int() where _sides_of takes two)."""
        found = int(self.side_t[::-1, s].tobytes().translate(_PAIR_DIGITS), 4)
        self._star_pairs[s] = found
        return found

    def keep_star_pairs(self, among: np.ndarray) -> None:
        """Make the star sets of the candidates `among` at once (see is_empty_triangle): made
        together, each costs a fifth of what _pairs_of costs for one."""
        count = len(among)
        digits = np.zeros((count, -(-self.n // 4) * 4), dtype=np.uint8)
        side = self.side_t.take(among, axis=1)
        np.bitwise_and(side.T.view(np.uint8), 3, out=digits[:, : self.n])  # 1 left, 3 right
        digits ^= digits >> 1  # right: 2, the base-4 digit of _pairs_of
        packed = digits[:, 0::4] | digits[:, 1::4] << 2 | digits[:, 2::4] << 4
        packed |= digits[:, 3::4] << 6
        pairs = self._star_pairs
        for s, found in zip(among.tolist(), _rows_as_bits(packed, packed.shape[1]), strict=True):
            pairs[s] = found

    def apexes(self, s: int) -> tuple[tuple[int, int, int], ...]:
        """The empty triangles with side s: (apex star, candidate apex-a, candidate apex-b).

        Only triangles whose three sides are all star-legal, the ones that can ever count.
        """
        found = self._apexes[s]
        if found is None:
            found = self._compute_apexes(s)
            self._apexes[s] = found
            self.apexes_computed += 1
        return found

    def has_apexes(self, s: int) -> bool:
        """Whether apexes(s) was computed already (it is kept)."""
        return self._apexes[s] is not None

    def _compute_apexes(self, s: int) -> tuple[tuple[int, int, int], ...]:
        a, b = self.cand_a_list[s], self.cand_b_list[s]
        common = self.candidate_neighbours[a] & self.candidate_neighbours[b]
        index_a, index_b = self.pair_index_list[a], self.pair_index_list[b]
        apexes = small_bits_to_indices(common)
        if len(apexes) <= 4:
            found = []
            for k in apexes:
                p, q = index_a[k], index_b[k]
                if self.is_empty_triangle(s, p, q, a, b, k):
                    found.append((k, p, q))
            return tuple(found)
        # Many: is_empty_triangle's test for all at once, on the side table's columns. Star x
        # is inside triangle a, b, k when it is on k's side of a-b, b's side of a-k and a's
        # side of b-k (strictly: k, b and a are never on those lines, see below).
        ks = np.array(apexes)
        ps = np.array([index_a[k] for k in apexes])
        qs = np.array([index_b[k] for k in apexes])
        side = self.side_t
        col = side[:, s]
        inside = col[:, None] == col[ks]  # (star, apex)
        sides = side[:, ps]
        inside &= sides == sides[b]
        sides = side[:, qs]
        inside &= sides == sides[a]
        empty = ~inside.any(axis=0)
        # (A common neighbour k of a and b is off line a-b: were it on it, a-k or b-k would
        # pass over b or a, and not be a candidate.)
        return tuple(zip(ks[empty].tolist(), ps[empty].tolist(), qs[empty].tolist(), strict=True))

    def bits_to_strokes(self, bits: int) -> np.ndarray:
        """The (k, 2) int array of the star pairs of the candidates in a bitset."""
        idx = bits_to_indices(bits, self.m)
        return np.stack((self.cand_a[idx], self.cand_b[idx]), axis=1)

    @functools.cached_property
    def fingerprint(self) -> str:
        """What the board is, whatever it was made from (a preset and seed, a file, the engine
        protocol's star list): strategies seed their random choices with it, so a position
        gets the same answer in every process."""
        identity = f"{self.width}x{self.height}/{self.tolerance}/" + ";".join(
            f"{x},{y}" for x, y in self.star_list
        )
        return hashlib.blake2b(identity.encode(), digest_size=8).hexdigest()

    def same_as(self, other: Board) -> bool:
        """Whether `other` is this board (same size, tolerance and stars), e.g. read back from
        a file: boards compare by identity otherwise."""
        mine = (self.width, self.height, self.tolerance)
        theirs = (other.width, other.height, other.tolerance)
        return mine == theirs and np.array_equal(self.stars, other.stars)

    def __repr__(self) -> str:
        return (
            f"Board(preset={self.preset!r}, seed={self.seed!r}, n={self.n}, "
            f"{self.width}x{self.height}, tolerance={self.tolerance}, candidates={self.m})"
        )


def _reach(dx: np.ndarray, dy: np.ndarray, tol: int) -> np.ndarray:
    """For pairs of direction (dx, dy), the most |orient| that a star within tol of the pair's
    segment, hence of its line, can have: |ab| <= max + min / 2 (as (3/4) min^2 <= max * min),
    and |orient| = distance * |ab|."""
    adx, ady = np.abs(dx), np.abs(dy)
    reach: np.ndarray = tol * (np.maximum(adx, ady) + (np.minimum(adx, ady) + 1) // 2)
    return reach


def _orient_rows(
    x: np.ndarray,
    y: np.ndarray,
    rows: slice,
    dx: np.ndarray,
    dy: np.ndarray,
    const: np.ndarray,
    work: np.ndarray,
) -> np.ndarray:
    """orient[k, p] = y_k dx_p - x_k dy_p - const_p for the stars k of `rows` and the pairs p,
    twice the signed area of (a_p, b_p, star k) with const_p the pair's line constant
    dx_p y_a - dy_p x_a; in work[0], with work[1] as scratch.
    Stars are the rows and pairs the columns, so that numpy's broadcast loops run along whole
    rows of pairs: their cost per element doubles on rows of a few hundred (chunks of pairs by
    all the stars took twice as long).

    int32 is exact: with coordinates at most MAX_COORDINATE (M), y_k dx_p and x_k dy_p (and
    the two terms of const_p) are at most M^2 in size, their difference 2 M^2, and the result,
    twice the area of a triangle within the board, M^2: all below 2^31."""
    ys, xs = y[rows, None], x[rows, None]
    shape = (len(ys), len(dx))
    orient: np.ndarray = work[0, : shape[0] * shape[1]].reshape(shape)
    scratch = work[1, : shape[0] * shape[1]].reshape(shape)
    np.multiply(ys, dx, out=orient)
    orient -= np.multiply(xs, dy, out=scratch)
    orient -= const
    return orient


def _star_legal(
    x: np.ndarray,
    y: np.ndarray,
    ia: np.ndarray,
    ib: np.ndarray,
    dx: np.ndarray,
    dy: np.ndarray,
    const: np.ndarray,
    tol: int,
    work: np.ndarray,
) -> np.ndarray:
    """The build's first sweep: whether each pair (ia, ib) is star-legal (docs/rules.md 2.2).

    A star within tol of a pair's segment has |orient| at most the pair's reach (_reach). Three
    stars k < a < b have one |orient| whichever is the star and which the pair, so each triple
    is looked at once, as star k and pair a-b: star k's row over the pairs of stars after it,
    a few stars at a time (CHUNK_ENTRIES), against a bound on the three pairs' reaches, the
    greater of a-b's and the widest of star k's pairs (`widest`). The few triples within it
    (2 % on generated boards) go to the exact test of their three (star, pair) entries
    (_ExactTests)."""
    n, pairs = len(x), len(ia)
    reach = _reach(dx, dy, tol)
    # first[k]: the first pair of star k (pairs a-b, a < b, are numbered by a, then by b);
    # first[n - 1] = first[n] = pairs: star n - 1 is no pair's first star.
    first = np.zeros(n + 1, dtype=np.intp)
    np.cumsum(np.arange(n - 1, -1, -1), out=first[1:])
    widest = np.zeros(n, dtype=reach.dtype)  # widest[k]: the most reach of a pair k-j, j > k
    if n > 1:
        widest[: n - 1] = np.maximum.reduceat(reach, first[: n - 1])
    star_legal = np.ones(pairs, dtype=bool)
    exact = _ExactTests(x, y, ia, ib, first, tol, star_legal)
    near_work = np.empty(work.shape[1], dtype=bool)
    start = 0
    while start < n - 2:  # a triple's first star has two after it
        # The pairs of the stars after `start`; the chunk's later rows also reach pairs of the
        # stars up to theirs, which are left out of `near`.
        columns = slice(first[start + 1], pairs)
        width = pairs - columns.start
        rows = slice(start, min(n - 2, start + max(1, work.shape[1] // width)))
        orient = _orient_rows(x, y, rows, dx[columns], dy[columns], const[columns], work)
        size = np.abs(orient, out=orient)
        # Within the larger of the two bounds: within one or the other (cheaper than the larger);
        # work[1], _orient_rows' scratch, is free again.
        near = np.less_equal(size, reach[columns], out=near_work[: size.size].reshape(size.shape))
        near |= np.less_equal(
            size, widest[rows, None], out=work[1].view(bool)[: size.size].reshape(size.shape)
        )
        for row, star in enumerate(range(rows.start + 1, rows.stop), 1):
            near[row, : first[star + 1] - columns.start] = False
        found = np.flatnonzero(near)
        k, p = np.divmod(found, width)
        k += rows.start
        p += columns.start
        exact.add(k, p, size.ravel()[found])
        start = rows.stop
    exact.flush()
    return star_legal


class _ExactTests:
    """Triples of stars of the build, k < a < b given as star k, pair a-b and |orient|, waiting
    for the exact test of their three (star, pair) entries, which runs on PENDING_ENTRIES at
    once (numpy calls for each chunk's few would cost more than the test); the pairs found
    passing over a star are struck from `star_legal`."""

    def __init__(
        self,
        x: np.ndarray,
        y: np.ndarray,
        ia: np.ndarray,
        ib: np.ndarray,
        first: np.ndarray,
        tol: int,
        star_legal: np.ndarray,
    ) -> None:
        self.x, self.y, self.ia, self.ib, self.first, self.tol = x, y, ia, ib, first, tol
        self.star_legal = star_legal
        self.waiting: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        self.entries = 0

    def add(self, k: np.ndarray, p: np.ndarray, size: np.ndarray) -> None:
        self.waiting.append((k, p, size))
        self.entries += len(k)
        if self.entries >= PENDING_ENTRIES:
            self.flush()

    def flush(self) -> None:
        if not self.waiting:
            return
        ks, ps, sizes = (np.concatenate(parts) for parts in zip(*self.waiting, strict=True))
        self.waiting, self.entries = [], 0
        # In slices: the test's temporaries then stay small, and each slice's reuse the memory
        # of the one before (fresh memory costs a page fault every 4 KiB: as much as the test).
        for start in range(0, len(ks), PENDING_ENTRIES):
            part = slice(start, start + PENDING_ENTRIES)
            self._test(ks[part], ps[part], sizes[part])

    def _test(self, k: np.ndarray, p: np.ndarray, size: np.ndarray) -> None:
        """docs/rules.md 1.2, as geometry.within_distance_of_segment, for the three (star,
        pair) entries of each triple k < a < b (star k and pair a-b, with |orient| `size`): a
        star s is within tol of segment c-d exactly when it is within tol of c or of d, or
        projects strictly inside the segment (0 < dot < |cd|^2, dot = (s - c).(d - c)) at a
        distance within tol (cross^2 <= tol^2 |cd|^2, cross = |orient|, the same for the three
        entries). That is within_distance_of_segment's case split: when dot <= 0, s is no
        farther from c than from d (and the other way round when dot >= |cd|^2), and when s is
        within tol of c or d, cross^2 <= |cs|^2 |cd|^2 <= tol^2 |cd|^2 (and as much from d).

        With u = a - k and v = b - k: star k and pair a-b have dot = |u|^2 - u.v and |ab|^2 =
        |u|^2 - 2 u.v + |v|^2, star a and pair k-b dot = u.v and |kb|^2 = |v|^2, star b and
        pair k-a dot = u.v and |ka|^2 = |u|^2. int32 is exact: with coordinates at most
        MAX_COORDINATE (M), the squares and dot products are at most 2 M^2 in size and the sums
        on the way 6 M^2 < 2^31; cross^2 (4 M^4) and tol^2 |cd|^2 are int64."""
        x, y, tol2 = self.x, self.y, self.tol * self.tol
        a, b = self.ia.take(p), self.ib.take(p)
        xk, yk = x.take(k), y.take(k)
        ux, uy = x.take(a) - xk, y.take(a) - yk
        vx, vy = x.take(b) - xk, y.take(b) - yk
        uu = ux * ux + uy * uy
        vv = vx * vx + vy * vy
        uv = ux * vx + uy * vy
        ww = uu - 2 * uv + vv
        cross2 = size.astype(np.int64)
        cross2 *= cross2
        close_ka, close_kb, close_ab = uu <= tol2, vv <= tol2, ww <= tol2
        star_legal, first = self.star_legal, self.first
        hit = _within(close_ka | close_kb, uu - uv, ww, cross2, tol2)  # star k, pair a-b
        star_legal[p[hit]] = False
        hit = _within(close_ka | close_ab, uv, vv, cross2, tol2)  # star a, pair k-b
        star_legal[first.take(k[hit]) + (b[hit] - k[hit] - 1)] = False
        hit = _within(close_kb | close_ab, uv, uu, cross2, tol2)  # star b, pair k-a
        star_legal[first.take(k[hit]) + (a[hit] - k[hit] - 1)] = False


def _within(
    close: np.ndarray, dot: np.ndarray, length2: np.ndarray, cross2: np.ndarray, tol2: int
) -> np.ndarray:
    """Where a star is within tol of a segment (see _ExactTests._test): within tol of an end
    (`close`, changed in place), or projected strictly inside at a distance within tol."""
    across = cross2 <= tol2 * length2.astype(np.int64)
    across &= dot > 0
    across &= dot < length2
    close |= across
    return np.flatnonzero(close)


def _sides(
    x: np.ndarray,
    y: np.ndarray,
    dx: np.ndarray,
    dy: np.ndarray,
    const: np.ndarray,
    work: np.ndarray,
) -> np.ndarray:
    """The build's second sweep: the (stars, candidates) side table, orientations' signs, for the
    candidates of directions dx, dy and line constants const, a few stars at a time."""
    n, m = len(x), len(dx)
    side = np.empty((n, m), dtype=np.int8)
    step = max(1, work.shape[1] // max(m, 1))  # stars per chunk
    for start in range(0, n, step):
        rows = slice(start, min(n, start + step))
        orient = _orient_rows(x, y, rows, dx, dy, const, work)
        np.sign(orient, out=side[rows], casting="unsafe")
    return side


class CrossingFilters:
    """Which strokes of a set U (`among`: a game's legal strokes once they are few) a candidate
    t = a-b crosses, found with bitsets over U (bit u is the stroke strokes[u]) narrowing them
    down to a few, which the rest of the exact test then decides one at a time. The bitsets
    are exact necessary conditions of a proper crossing of s and t:

    - left_of[k] / right_of[k]: the strokes s of U that star k is strictly left / right of;
      s's line strictly separates a and b exactly when s is in left_of[a] & right_of[b] or in
      right_of[a] & left_of[b] (the half of crossing_bits' test that reads star rows);
    - their bounding boxes meet: s's lowest x is at most t's highest, s's highest at least t's
      lowest, and the same in y. Coordinates are cut into levels of BOX_LEVEL units:
      x_low_at_most[j] holds the strokes whose lowest x is on level j or below, so that
      x_low_at_most[level of t's highest x] holds every s whose lowest x is at most t's
      highest; x_high_at_least[j] likewise.

    Over a game's legal strokes once they are few (an eighth of the candidates or fewer: a
    thousand on tablet-180), building them takes under a millisecond; over all the
    candidates, twenty times as much.
    """

    def __init__(self, board: Board, among: np.ndarray) -> None:
        self.board = board
        self.strokes: list[int] = among.tolist()
        self.among = among
        self.members = _bits_at(among, board.m)  # U as a bitset over the candidates
        width = (len(self.strokes) + 7) // 8
        side = board.side_t.take(among, axis=1)
        self.left_of = _rows_as_bits(np.packbits(side == 1, axis=1, bitorder="little"), width)
        self.right_of = _rows_as_bits(np.packbits(side == -1, axis=1, bitorder="little"), width)
        lists = []
        for c in (board.stars[:, 0], board.stars[:, 1]):
            ca, cb = c[board.cand_a[among]], c[board.cand_b[among]]
            levels = np.arange(int(c.max()) // BOX_LEVEL + 1)[:, None]
            for flags in (
                np.minimum(ca, cb) // BOX_LEVEL <= levels,
                np.maximum(ca, cb) // BOX_LEVEL >= levels,
            ):
                lists.append(_rows_as_bits(np.packbits(flags, axis=1, bitorder="little"), width))
        self.x_low_at_most, self.x_high_at_least, self.y_low_at_most, self.y_high_at_least = lists

    def position(self, s: int) -> int | None:
        """Candidate s's bit in the bitsets over U, or None when s is not in U."""
        u = bisect.bisect_left(self.strokes, s)
        return u if u < len(self.strokes) and self.strokes[u] == s else None

    def restricted(self, bits: int) -> int:
        """A bitset over the candidates, of strokes of U, as a bitset over U."""
        flags = np.unpackbits(
            np.frombuffer(bits.to_bytes(self.board.bitset_bytes, "little"), dtype=np.uint8),
            bitorder="little",
        )
        return _bits_of(flags.view(bool)[self.among])

    def crossed(self, t: int, within: int) -> tuple[int, int]:
        """The strokes of U in the bitset `within` (over U) that candidate t crosses: as a
        bitset over the candidates, and as one over U. The same as crossing_bits(t) read there."""
        board = self.board
        a, b = board.cand_a_list[t], board.cand_b_list[t]
        left, right = self.left_of, self.right_of
        x = within & ((left[a] & right[b]) | (right[a] & left[b]))
        if not x:
            return 0, 0
        stars = board.star_list
        ax, ay = stars[a]
        bx, by = stars[b]
        if ax < bx:
            x &= self.x_low_at_most[bx // BOX_LEVEL] & self.x_high_at_least[ax // BOX_LEVEL]
        else:
            x &= self.x_low_at_most[ax // BOX_LEVEL] & self.x_high_at_least[bx // BOX_LEVEL]
        if ay < by:
            x &= self.y_low_at_most[by // BOX_LEVEL] & self.y_high_at_least[ay // BOX_LEVEL]
        else:
            x &= self.y_low_at_most[ay // BOX_LEVEL] & self.y_high_at_least[by // BOX_LEVEL]
        strokes, cand_a, cand_b = self.strokes, board.cand_a_list, board.cand_b_list
        dx, dy = bx - ax, by - ay
        crossed = crossed_here = 0
        while x:
            u = x.bit_length() - 1
            x ^= 1 << u
            s = strokes[u]
            cx, cy = stars[cand_a[s]]
            ex, ey = stars[cand_b[s]]
            # The other half: t's line strictly separates s's ends, orient(a, b, c) and
            # orient(a, b, e) of opposite signs (exact integers, as geometry.orient).
            oc = dx * (cy - ay) - dy * (cx - ax)
            oe = dx * (ey - ay) - dy * (ex - ax)
            if oc < 0 < oe or oe < 0 < oc:
                crossed |= 1 << s
                crossed_here |= 1 << u
        return crossed, crossed_here


def _rows_as_bits(packed: np.ndarray, width: int) -> list[int]:
    """The Python-int bitsets of the rows of a packbits(..., axis=1, bitorder="little") array."""
    if width == 0:
        return [0] * len(packed)
    raw, from_bytes = packed.tobytes(), int.from_bytes
    return [from_bytes(raw[i : i + width], "little") for i in range(0, len(raw), width)]


def _bits_at(indices: np.ndarray, size: int) -> int:
    """The bitset of some indices below `size`."""
    flags = np.zeros(size, dtype=bool)
    flags[indices] = True
    return _bits_of(flags)


# Byte translations of a side column (int8: +1 left, -1 = 0xff right, 0) into binary digits:
# "1" where the star is left of the stroke, or right.
_LEFT_DIGITS = bytes(b"01"[v == 1] for v in range(256))
_RIGHT_DIGITS = bytes(b"01"[v == 0xFF] for v in range(256))
# ... and into base-4 digits: "1" where the star is left of the stroke, "2" right, "0" on its line.
_PAIR_DIGITS = bytes(b"012"[(v == 1) + 2 * (v == 0xFF)] for v in range(256))


def _bits_of(flags: np.ndarray) -> int:
    """The Python-int bitset of a bool array (bit i is flags[i])."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def bits_to_indices(bits: int, size: int) -> np.ndarray:
    """The indices of the set bits of a non-negative Python int, ascending."""
    if bits == 0:
        return np.zeros(0, dtype=np.intp)
    raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little"))


def small_bits_to_indices(x: int) -> list[int]:
    """The indices of the set bits of a non-negative Python int, ascending: faster than
    bits_to_indices when few bits are set."""
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def _check_preset(preset: object, width: int, height: int, count: int) -> None:
    """A board that names a preset is one of that preset's boards: same size, same star count."""
    if preset is None:
        return
    if not isinstance(preset, str) or preset not in PRESETS:
        raise BoardError(f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}")
    p = PRESETS[preset]
    if (width, height) != (p.width, p.height):
        raise BoardError(f"a {preset} board is {p.width} x {p.height}, not {width} x {height}")
    if count != p.stars:
        raise BoardError(f"a {preset} board has {p.stars} stars, not {count}")


def _checked_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise BoardError(f"{name} must be an integer, not {type(value).__name__}")
    value = int(value)
    if not low <= value <= high:
        raise BoardError(f"{name} must be between {low} and {high}, not {value}")
    return value


def _checked_stars(
    stars: Iterable[Sequence[int]], width: int, height: int
) -> list[tuple[int, int]]:
    try:
        raw = list(stars)
    except TypeError:
        raise BoardError("stars must be a list of [x, y] pairs") from None
    if len(raw) < 3:
        raise BoardError(f"a board needs at least 3 stars, not {len(raw)}")
    if len(raw) > MAX_STARS:
        raise BoardError(f"a board holds at most {MAX_STARS} stars, not {len(raw)}")
    points: list[tuple[int, int]] = []
    seen: dict[tuple[int, int], int] = {}
    for i, star in enumerate(raw):
        x = y = None
        if type(star) in (tuple, list) and len(star) == 2:
            x, y = star
        # The usual case, a pair of plain ints on the board, is checked quickly; anything else
        # takes the full checks, which say what is wrong.
        if not (type(x) is int and type(y) is int and 0 <= x <= width and 0 <= y <= height):
            if isinstance(star, (str, bytes)) or not hasattr(star, "__len__") or len(star) != 2:
                raise BoardError(f"star {i} must be an [x, y] pair")
            x = _checked_int(f"star {i} x", star[0], 0, width)
            y = _checked_int(f"star {i} y", star[1], 0, height)
        if (x, y) in seen:
            raise BoardError(f"stars {seen[(x, y)]} and {i} are both at ({x}, {y})")
        seen[(x, y)] = i
        points.append((x, y))
    return points
