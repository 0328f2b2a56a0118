"""Boards: the star cloud, its presets and seeded generation, and the exact precomputed tables
(which strokes are star-legal, which side of each star-legal stroke every star is on) that the
rules engine and the computer players look things up in, with what is derived from them on
demand and kept (which strokes cross which, which triangles are empty).

Indices: a *stroke* is an unordered pair of star indices. The star-legal strokes of a board (those
that pass over no star) are numbered 0..m-1 and called *candidates*; a candidate's bit in a
Python-int bitset is its number. Everything rule-deciding is an exact integer computation.

The build (Board._precompute) decides n^3 / 2 (pair, star) orientations, 2.9 million at 180
stars. It takes the pairs in chunks of CHUNK_ENTRIES, stars as rows and pairs as columns so that
numpy's inner loops are long, in int32 work arrays reused from chunk to chunk and small enough to
stay in a core's cache: a chunk's orientations give its signs (int8) and, made absolute in place
and compared with each pair's reach (computed once for all pairs, as their directions), the few
stars near each pair's line, which an exact test then decides in batches (_PendingChunks): eight
passes over a chunk in all, each near the speed of memory. What is kept is one byte per
candidate and star (`side_t`: 1.5 MB on a tablet-180 board, 3.3 MB with 250 stars; at most
n^3 / 2 bytes, when no star blocks any pair) and O(n^2) besides; the build's peak is that twice
(the chunks' columns, then the table), one batch of chunks and the pairs' four int32 vectors:
5.1 MiB at 180 stars (tracemalloc; 9.2 with 250), where a pairs x stars int32 matrix and its
temporaries took 24 MB.

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
CHUNK_ENTRIES = 1 << 17
"""(star, pair) entries per chunk of the board's build: 512 KiB per int32 work array, about a
core's L2 cache (0.5-2 MiB on current CPUs). Measured on tablet-180: 2^16 to 2^18 are alike,
2^15 and below pay numpy's per-call cost."""
BOX_LEVEL = 64
"""Coordinate units per level of CrossingFilters' bounding boxes."""
PENDING_ENTRIES = 1 << 19
"""Bytes, about, of chunks kept waiting for one exact test (see _PendingChunks)."""


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
        of it every star is on (`side_t`), built in chunks of pairs (see the module docstring)."""
        n = self.n
        # int32 is exact here: every orientation and intermediate is at most 2 MAX_COORDINATE^2
        # in size, plus a reach of at most 1.5 MAX_COORDINATE MAX_TOLERANCE (_near_line): < 2^31.
        x = self.stars[:, 0].astype(np.int32)
        y = self.stars[:, 1].astype(np.int32)
        ia, ib = np.triu_indices(n, 1)
        # Per pair, once: its direction, its line's constant and its reach (see _near_line).
        dx_all, dy_all = x[ib] - x[ia], y[ib] - y[ia]
        const_all = dx_all * y[ia] - dy_all * x[ia]
        reach_all = _reach(dx_all, dy_all, self.tolerance)
        step = max(8, CHUNK_ENTRIES // n)  # pairs per chunk
        work = np.empty((2, n * step), dtype=np.int32)  # reused: fresh big arrays fault pages in
        near_work = np.empty(n * step, dtype=bool)
        star_legal = np.ones(len(ia), dtype=bool)
        sides: list[np.ndarray] = []  # the candidates' columns of each chunk, in order
        pending = _PendingChunks(x, y, ia, ib, self.tolerance, star_legal, sides)
        for start in range(0, len(ia), step):
            part = slice(start, start + step)
            dx, dy = dx_all[part], dy_all[part]
            shape = (n, len(dx))
            # orient[k, p]: twice the signed area of (a_p, b_p, star k). Stars are the rows, so
            # numpy's inner loops run along the chunk's pairs, the longer axis.
            orient, scratch = (w[: n * len(dx)].reshape(shape) for w in work)
            np.multiply.outer(y, dx, out=orient)
            orient -= np.multiply.outer(x, dy, out=scratch)
            orient -= const_all[part]
            signs = np.sign(orient, out=np.empty(shape, np.int8), casting="unsafe")
            near = np.less_equal(
                np.abs(orient, out=orient),
                reach_all[part],
                out=near_work[: orient.size].reshape(shape),
            )
            k, p = _near_line(x, y, ia[part], ib[part], near, self.tolerance)
            pending.add(start, signs, k, p + start)
        pending.flush()
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
        self.side_t = np.concatenate(sides, axis=1, out=np.empty((n, m), dtype=np.int8))
        del sides[:]
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


def _near_line(
    x: np.ndarray, y: np.ndarray, a: np.ndarray, b: np.ndarray, near: np.ndarray, tol: int
) -> tuple[np.ndarray, np.ndarray]:
    """The (star, pair) entries of a chunk that may pass over a star: where `near` (|orient| at
    most the pair's reach: within tol of its line, and a few more), the stars other than the
    pair's ends (a necessary condition of docs/rules.md 2.2, which the exact test then decides).
    Returns the stars and the pairs' chunk indices."""
    found = np.flatnonzero(near)
    if len(found) > 8 * len(a):
        # Many stars on a few lines (a hostile record, never a generated board): most are near
        # a pair's line but beyond its ends, so keep those within its segment's box grown by tol.
        for c in (x, y):
            near &= c[:, None] >= np.minimum(c[a], c[b]) - tol
            near &= c[:, None] <= np.maximum(c[a], c[b]) + tol
        found = np.flatnonzero(near)
    k, p = np.divmod(found, len(a))
    others = (k != a[p]) & (k != b[p])
    return k[others], p[others]


class _PendingChunks:
    """Chunks of the build waiting for the exact test of their near stars, which runs on many
    chunks at once (a numpy call per chunk would cost more than the test): then the pairs it
    finds passing over a star are struck from `star_legal`, and each chunk's candidate columns
    go to `sides`, in order."""

    def __init__(
        self,
        x: np.ndarray,
        y: np.ndarray,
        ia: np.ndarray,
        ib: np.ndarray,
        tol: int,
        star_legal: np.ndarray,
        sides: list[np.ndarray],
    ) -> None:
        self.x, self.y, self.ia, self.ib, self.tol = x, y, ia, ib, tol
        self.star_legal, self.sides = star_legal, sides
        self.chunks: list[tuple[int, np.ndarray]] = []
        self.near: list[tuple[np.ndarray, np.ndarray]] = []
        self.entries = 0  # bounds the memory held: the chunks' signs and their near entries

    def add(self, start: int, signs: np.ndarray, k: np.ndarray, p: np.ndarray) -> None:
        self.chunks.append((start, signs))
        self.near.append((k, p))
        self.entries += signs.size + 16 * len(k)
        if self.entries >= PENDING_ENTRIES:
            self.flush()

    def flush(self) -> None:
        if self.near:
            k = np.concatenate([k for k, _ in self.near])
            p = np.concatenate([p for _, p in self.near])
            hit = _within_tolerance(self.x, self.y, k, self.ia[p], self.ib[p], self.tol)
            self.star_legal[p[hit]] = False
        for start, signs in self.chunks:
            kept = np.flatnonzero(self.star_legal[start : start + signs.shape[1]])
            self.sides.append(signs.take(kept, axis=1))  # C order (a bool mask gives F order)
        self.chunks, self.near, self.entries = [], [], 0


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
    thousand on tablet-180), building them takes well under a millisecond; over all the
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


def _within_tolerance(
    x: np.ndarray, y: np.ndarray, k: np.ndarray, a: np.ndarray, b: np.ndarray, tol: int
) -> np.ndarray:
    """Whether star k[i] is at distance <= tol from the closed segment a[i]-b[i]: docs/rules.md
    1.2 vectorised, as geometry.within_distance_of_segment. x and y are int32: differences, dot
    products and squared lengths are at most 2 MAX_COORDINATE^2 < 2^31 in size (|p - b|^2 as
    |p - a|^2 - 2 dot + |b - a|^2, at most 4 times that on the way); the squared cross product
    and tol^2 |b - a|^2 are int64."""
    ax, ay = x[a], y[a]
    abx, aby = x[b] - ax, y[b] - ay
    apx, apy = x[k] - ax, y[k] - ay
    length2 = abx * abx + aby * aby
    dot = apx * abx + apy * aby
    ap2 = apx * apx + apy * apy
    bp2 = ap2 - 2 * dot + length2
    cross = (abx * apy - aby * apx).astype(np.int64)
    tol2 = tol * tol
    within: np.ndarray = np.where(
        dot <= 0,
        ap2 <= tol2,
        np.where(dot >= length2, bp2 <= tol2, cross * cross <= tol2 * length2.astype(np.int64)),
    )
    return within


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
