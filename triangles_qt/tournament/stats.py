"""Match statistics as chess engine testing does them: Elo with a 95% interval from game
(trinomial) or pair (pentanomial) results, the SPRT that stops a match once it is decided, and a
Bradley-Terry ranking of several players.

Scores are from the first player's point of view: 1 a win, 0.5 a draw, 0 a loss. A *pair* is
one board played twice with the seats swapped; its score is the sum of its two games (0, 0.5, 1,
1.5 or 2), counted in the five pentanomial bins. Pairs cancel most of what the board itself
gives one seat, so their intervals are narrower than those of as many single games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Z95 = 1.959963984540054
MAX_ELO = 2000.0


def elo_from_score(score: float) -> float:
    """The logistic Elo difference that expects `score` (0 < score < 1; +-inf at the ends)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def score_from_elo(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class Estimate:
    """An Elo difference and its 95% interval. When every game went one way the difference is
    infinite, and `low` (or `high`) is the one-sided 95% bound the results still allow."""

    elo: float
    low: float
    high: float

    def __str__(self) -> str:
        if math.isinf(self.elo):  # a sweep: the interval is all there is, one end infinite
            return f"{_bound(self.low)} to {_bound(self.high)}"
        below, above = self.elo - self.low, self.high - self.elo
        # Near a score of 0 or 1 the interval is lopsided in Elo: a "±" of its half-width would
        # put one end far from where it is (below 0 for a match won 23 to 3).
        if math.isinf(below) or math.isinf(above) or abs(above - below) > (above + below) / 8:
            return f"{self.elo:+.0f} ({_bound(self.low)} to {_bound(self.high)})"
        return f"{self.elo:+.0f} ± {(self.high - self.low) / 2:.0f}"


def _bound(elo: float) -> str:
    return ("-" if elo < 0 else "+") + "inf" if math.isinf(elo) else f"{elo:+.0f}"


def _estimate(values: Sequence[float], counts: Sequence[float]) -> Estimate | None:
    """The Elo estimate from outcomes `values` (scores per unit, 0..1) seen `counts` times."""
    n = sum(counts)
    if n <= 0:
        return None
    mean = sum(v * c for v, c in zip(values, counts, strict=True)) / n
    if mean in (0.0, 1.0):  # every unit went one way: the exact binomial bound of a clean sweep
        bound = 0.05 ** (1 / n)
        if mean == 1.0:
            return Estimate(math.inf, elo_from_score(bound), math.inf)
        return Estimate(-math.inf, -math.inf, elo_from_score(1 - bound))
    variance = sum(c * (v - mean) ** 2 for v, c in zip(values, counts, strict=True)) / n
    if n < 2 or variance == 0:  # one unit, or all alike: no spread to measure an interval by
        return Estimate(elo_from_score(mean) + 0.0, -math.inf, math.inf)
    half = Z95 * math.sqrt(variance / n)
    low, high = max(mean - half, 0.0), min(mean + half, 1.0)
    return Estimate(elo_from_score(mean) + 0.0, elo_from_score(low), elo_from_score(high))


def trinomial(wins: int, draws: int, losses: int) -> Estimate | None:
    """Elo of the first player from single games (None before any game)."""
    return _estimate((1.0, 0.5, 0.0), (wins, draws, losses))


PAIR_VALUES = (0.0, 0.25, 0.5, 0.75, 1.0)


def pentanomial(counts: Sequence[int]) -> Estimate | None:
    """Elo of the first player from pairs: counts[k] pairs scored k/2 points (k = 0..4)."""
    return _estimate(PAIR_VALUES, counts)


def pair_bin(first: float, second: float) -> int:
    """The pentanomial bin of a pair whose games scored `first` and `second` (each 0/0.5/1)."""
    return round(2 * (first + second))


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test between H0: Elo = elo0 and H1: Elo = elo1, with
    error rates alpha (accepting H1 when H0 holds) and beta, on pentanomial pair counts.

    The log-likelihood ratio is the generalised SPRT's normal approximation (as fishtest uses):
    n (s1 - s0) (2 m - s0 - s1) / (2 v), with n the pairs, m the mean of their scores and v
    their variance. The variance counts one virtual pair in each bin besides the real ones, so
    that a handful of one-sided pairs (variance 0) cannot decide a match by themselves; the
    mean is the real pairs' own, and no verdict comes before MIN_PAIRS pairs."""

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    MIN_PAIRS = 2

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ValueError("alpha and beta must lie between 0 and 1, and add up to less than 1")
        if not (abs(self.elo0) <= MAX_ELO and abs(self.elo1) <= MAX_ELO):
            raise ValueError(f"ELO0 and ELO1 must lie between -{MAX_ELO} and {MAX_ELO}")
        if not self.elo1 > self.elo0:
            raise ValueError("elo1 must be larger than elo0")

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper): below the lower the test accepts H0, above the upper H1."""
        return (
            math.log(self.beta / (1 - self.alpha)),
            math.log((1 - self.beta) / self.alpha),
        )

    def llr(self, counts: Sequence[int]) -> float:
        n = sum(counts)
        if n == 0:
            return 0.0
        mean = sum(v * c for v, c in zip(PAIR_VALUES, counts, strict=True)) / n
        regularised = [c + 1 for c in counts]
        m = sum(v * c for v, c in zip(PAIR_VALUES, regularised, strict=True)) / sum(regularised)
        variance = sum(c * (v - m) ** 2 for v, c in zip(PAIR_VALUES, regularised, strict=True))
        variance /= sum(regularised)
        s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def decision(self, counts: Sequence[int]) -> str | None:
        """ "H1", "H0", or None while the match is undecided."""
        if sum(counts) < self.MIN_PAIRS:
            return None
        lower, upper = self.bounds
        llr = self.llr(counts)
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None


@dataclass(frozen=True)
class Rating:
    player: str
    elo: float
    interval: float  # half the width of the 95% interval


def ranking(players: Sequence[str], games: Sequence[tuple[str, str, float]]) -> list[Rating]:
    """Bradley-Terry (logistic Elo) ratings of `players` from games (a, b, a's score), best
    first, shifted so that their mean is 0. As in BayesElo, every pairing that played gets one
    virtual draw, so that a player who won everything still has a finite rating."""
    index = {p: k for k, p in enumerate(players)}
    m = len(players)
    score = np.zeros((m, m))  # score[a, b]: a's points against b
    played = np.zeros((m, m))
    for a, b, s in games:
        i, j = index[a], index[b]
        score[i, j] += s
        score[j, i] += 1 - s
        played[i, j] += 1
        played[j, i] += 1
    met = played > 0
    score += 0.5 * met
    played += 1.0 * met
    scale = math.log(10) / 400
    r = np.zeros(m)
    for _ in range(200):  # Newton's method on the concave log-likelihood
        expected = 1 / (1 + np.exp(-scale * (r[:, None] - r[None, :])))
        gradient = scale * (score - played * expected).sum(axis=1)
        weight = scale**2 * played * expected * (1 - expected)
        hessian = weight - np.diag(weight.sum(axis=1))
        step = np.linalg.lstsq(hessian, -gradient, rcond=None)[0]
        r += step
        r -= r.mean()
        if np.abs(step).max() < 1e-9:
            break
    covariance = np.linalg.pinv(-hessian)
    intervals = Z95 * np.sqrt(np.clip(np.diag(covariance), 0, None))
    ratings = [Rating(p, float(r[k]), float(intervals[k])) for p, k in index.items()]
    return sorted(ratings, key=lambda rating: -rating.elo)
