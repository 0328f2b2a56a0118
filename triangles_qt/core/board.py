"""Boards: the star cloud, its presets and seeded generation, and the exact precomputed tables
(which strokes are star-legal, which strokes cross which, which triangles are empty) that the
rules engine and the computer players look things up in.

Indices: a *stroke* is an unordered pair of star indices. The star-legal strokes of a board (those
that pass over no star) are numbered 0..m-1 and called *candidates*; a candidate's bit in a
Python-int bitset is its number. Everything rule-deciding is an exact integer computation.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .geometry import MAX_COORDINATE, MAX_TOLERANCE

DEFAULT_TOLERANCE = 4
MAX_STARS = 250


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
    Only Python's integer Mersenne Twister draws are used, so no platform maths can differ.
    """
    rng = random.Random(seed)
    spacing2 = min_spacing(width, height, count) ** 2
    margin = max(2, min(width, height) // 40)
    stars: list[tuple[int, int]] = []
    xs = np.empty(count, dtype=np.int64)
    ys = np.empty(count, dtype=np.int64)
    attempts = 0
    while len(stars) < count:
        placed = len(stars)
        cx = np.array(
            [rng.randrange(margin, width - margin + 1) for _ in range(12)], dtype=np.int64
        )
        cy = np.array(
            [rng.randrange(margin, height - margin + 1) for _ in range(12)], dtype=np.int64
        )
        if placed:
            d2 = (cx[:, None] - xs[None, :placed]) ** 2 + (cy[:, None] - ys[None, :placed]) ** 2
            nearest = d2.min(axis=1)
            best = int(np.argmax(nearest))  # argmax takes the first maximum: deterministic
            if nearest[best] < spacing2:
                attempts += 1
                if attempts > 10_000:  # cannot happen for the presets; guards custom sizes
                    raise BoardError(f"cannot place {count} stars on {width} x {height}")
                continue
        else:
            best = 0
        xs[placed], ys[placed] = cx[best], cy[best]
        stars.append((int(cx[best]), int(cy[best])))
    return stars


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
        n = self.n
        # int32 is exact here: |cross| <= 2 * MAX_COORDINATE^2 + MAX_COORDINATE^2 < 2^31.
        x = self.stars[:, 0].astype(np.int32)
        y = self.stars[:, 1].astype(np.int32)
        ia, ib = np.triu_indices(n, 1)
        dx = x[ib] - x[ia]
        dy = y[ib] - y[ia]
        # cross[p, k]: twice the signed area of (a_p, b_p, star k).
        c0 = dx * y[ia] - dy * x[ia]
        cross = np.multiply.outer(dx, y)
        cross -= np.multiply.outer(dy, x)
        cross -= c0[:, None]
        blocker = self._blocking_stars(ia, ib, dx, dy, cross)
        cand = np.flatnonzero(blocker < 0)
        self.m = m = len(cand)
        self.cand_a = ia[cand].astype(np.intp)
        self.cand_b = ib[cand].astype(np.intp)
        self.cand_a_list: list[int] = self.cand_a.tolist()
        self._first_end_counts = np.bincount(self.cand_a, minlength=n)
        self.cand_b_list: list[int] = self.cand_b.tolist()
        index = np.full((n, n), -1, dtype=np.int64)
        index[self.cand_a, self.cand_b] = np.arange(m)
        index[self.cand_b, self.cand_a] = np.arange(m)
        self.pair_index = index
        self.pair_index_list: list[list[int]] = index.tolist()
        cand_cross = cross[cand]
        side = (cand_cross > 0).view(np.int8) - (cand_cross < 0).view(np.int8)
        self.side = side  # side[s, k]: which side of candidate s (a -> b) star k is on
        self.side_t = np.ascontiguousarray(side.T)
        self._pos_packed = np.packbits(side > 0, axis=1, bitorder="little")
        self._neg_packed = np.packbits(side < 0, axis=1, bitorder="little")
        self._nbytes_m = (m + 7) // 8
        self._cross_rows: list[int | None] = [None] * m
        self._apexes: list[tuple[tuple[int, int, int], ...] | None] = [None] * m
        self.apexes_computed = 0  # strokes whose apexes were computed so far (they are kept)
        self._pos_bits: list[int | None] = [None] * m
        self._neg_bits: list[int | None] = [None] * m
        adjacency = np.packbits(index >= 0, axis=1, bitorder="little")
        self.candidate_neighbours = [int.from_bytes(row.tobytes(), "little") for row in adjacency]

    def _blocking_stars(
        self, ia: np.ndarray, ib: np.ndarray, dx: np.ndarray, dy: np.ndarray, cross: np.ndarray
    ) -> np.ndarray:
        """For each pair, a star at distance <= tol from its closed segment, or -1 if none."""
        tol = self.tolerance
        # |cross| / length is the distance to the line and length <= |dx| + |dy|, so this
        # necessary condition leaves few entries for the exact test below.
        reach = tol * (np.abs(dx) + np.abs(dy))
        reach = reach[:, None]
        near = (cross <= reach) & (cross >= -reach)
        if np.count_nonzero(near) > 8 * len(ia):
            # Many stars on a few lines (a hostile record, never a generated board): most are
            # near a pair's line but far beyond its ends, so keep those within the segment's
            # bounding box grown by tol.
            x32, y32 = self.stars[:, 0].astype(np.int32), self.stars[:, 1].astype(np.int32)
            for c in (x32, y32):
                lo, hi = np.minimum(c[ia], c[ib]) - tol, np.maximum(c[ia], c[ib]) + tol
                near &= c[None, :] >= lo[:, None]
                near &= c[None, :] <= hi[:, None]
        near_p, near_k = np.nonzero(near)
        del near
        blocker = np.full(len(ia), -1, dtype=np.int64)
        chunk = 1 << 20  # bounds the temporaries of the exact test (a few MB each)
        for start in range(len(near_p) - 1, -1, -chunk):  # from the end: lowest k written last
            part = slice(max(start - chunk + 1, 0), start + 1)
            self._exact_blockers(ia, ib, cross, near_p[part], near_k[part], blocker)
        return blocker

    def _exact_blockers(
        self,
        ia: np.ndarray,
        ib: np.ndarray,
        cross: np.ndarray,
        near_p: np.ndarray,
        near_k: np.ndarray,
        blocker: np.ndarray,
    ) -> None:
        """Write into `blocker` the stars among `near_k` within tol of their pair's segment."""
        tol = self.tolerance
        keep = (near_k != ia[near_p]) & (near_k != ib[near_p])
        near_p, near_k = near_p[keep], near_k[keep]
        x, y = self.stars[:, 0], self.stars[:, 1]  # int64 from here: squares need it
        ax, ay = x[ia[near_p]], y[ia[near_p]]
        bx, by = x[ib[near_p]], y[ib[near_p]]
        px, py = x[near_k], y[near_k]
        abx, aby = bx - ax, by - ay
        apx, apy = px - ax, py - ay
        bpx, bpy = px - bx, py - by
        length2 = abx * abx + aby * aby
        dot = apx * abx + apy * aby
        cr = cross[near_p, near_k].astype(np.int64)
        tol2 = tol * tol
        within = np.where(
            dot <= 0,
            apx * apx + apy * apy <= tol2,
            np.where(dot >= length2, bpx * bpx + bpy * bpy <= tol2, cr * cr <= tol2 * length2),
        )
        hit_p, hit_k = near_p[within], near_k[within]
        blocker[hit_p[::-1]] = hit_k[::-1]  # reversed so the lowest star index wins on repeats

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
            a, b = self.cand_a_list[t], self.cand_b_list[t]
            side_t = self.side[t]
            separates_ends = self.side_t[a] * self.side_t[b] < 0
            # cand_a is sorted, so repeating beats gathering for the first endpoints.
            ends_separated = (
                np.repeat(side_t, self._first_end_counts) * side_t.take(self.cand_b) < 0
            )
            packed = np.packbits(separates_ends & ends_separated, bitorder="little")
            row = int.from_bytes(packed.tobytes(), "little")
            self._cross_rows[t] = row
        return row

    def side_bits(self, s: int, positive: bool) -> int:
        """Bitset of the stars strictly on one side of candidate s (positive: left of a -> b)."""
        cache = self._pos_bits if positive else self._neg_bits
        bits = cache[s]
        if bits is None:
            packed = self._pos_packed if positive else self._neg_packed
            bits = int.from_bytes(packed[s].tobytes(), "little")
            cache[s] = bits
        return bits

    def is_empty_triangle(self, sab: int, sak: int, sbk: int, a: int, b: int, k: int) -> bool:
        """True when no star is strictly inside triangle a, b, k (sides given as candidates)."""
        side = self.side
        inside = (
            self.side_bits(sab, side[sab, k] > 0)
            & self.side_bits(sak, side[sak, b] > 0)
            & self.side_bits(sbk, side[sbk, a] > 0)
        )
        return inside == 0

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
        if not common:
            return ()
        ks = np.array(small_bits_to_indices(common), dtype=np.intp)
        sak = self.pair_index[a, ks]
        sbk = self.pair_index[b, ks]
        side = self.side
        inside = (
            (side[s][None, :] == side[s, ks][:, None])
            & (side[sak] == side[sak, b][:, None])
            & (side[sbk] == side[sbk, a][:, None])
        )
        empty = ~inside.any(axis=1)
        return tuple(
            (int(k), int(p), int(q))
            for k, p, q in zip(ks[empty], sak[empty], sbk[empty], strict=True)
        )

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
        if isinstance(star, (str, bytes)) or not hasattr(star, "__len__") or len(star) != 2:
            raise BoardError(f"star {i} must be an [x, y] pair")
        x = _checked_int(f"star {i} x", star[0], 0, width)
        y = _checked_int(f"star {i} y", star[1], 0, height)
        if (x, y) in seen:
            raise BoardError(f"stars {seen[(x, y)]} and {i} are both at ({x}, {y})")
        seen[(x, y)] = i
        points.append((x, y))
    return points
