"""Where a pairing stands: its games' wins, draws and losses, pairs, times and failures, and the
statistics they give (`stats`). Built the same way from games just played and from the results
database, so a resumed run counts exactly what one long run would have."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

from ..strategy_runner import Failure
from . import stats
from .play import GameOutcome
from .schedule import Pairing


@dataclass
class Tally:
    """A pairing's finished games, from its first contestant's point of view."""

    pairing: Pairing
    games: list[GameOutcome] = field(default_factory=list)
    sprt: stats.Sprt | None = None

    def add(self, outcome: GameOutcome) -> None:
        self.games.append(outcome)

    @property
    def labels(self) -> tuple[str, str]:
        return self.pairing.labels

    def wins(self) -> dict[str, int]:
        counts = {label: 0 for label in self.labels}
        for game in self.games:
            if game.winner_label is not None:
                counts[game.winner_label] += 1
        return counts

    def draws(self) -> int:
        return sum(1 for game in self.games if game.winner_label is None)

    def wdl(self) -> tuple[int, int, int]:
        """Wins, draws and losses of the first contestant."""
        wins = self.wins()
        return wins[self.labels[0]], self.draws(), wins[self.labels[1]]

    def pentanomial(self) -> list[int]:
        """Pair counts by bin (`stats.pair_bin`) over the boards whose two games are both done."""
        by_board: dict[int, list[float]] = {}
        for game in self.games:
            by_board.setdefault(game.spec.index // 2, []).append(game.score_of(self.labels[0]))
        counts = [0] * 5
        for scores in by_board.values():
            if len(scores) == 2:
                counts[stats.pair_bin(*scores)] += 1
        return counts

    def estimate(self) -> stats.Estimate | None:
        """The first contestant's Elo advantage: from pairs once there are some, else games."""
        counts = self.pentanomial()
        if sum(counts):
            return stats.pentanomial(counts)
        return stats.trinomial(*self.wdl())

    def decision(self) -> str | None:
        """The SPRT's verdict so far ("H0", "H1" or None), when the pairing has an SPRT."""
        return None if self.sprt is None else self.sprt.decision(self.pentanomial())

    def move_seconds(self) -> dict[str, list[float]]:
        times: dict[str, list[float]] = {label: [] for label in self.labels}
        for game in self.games:
            for label, values in game.move_seconds.items():
                times[label].extend(values)
        return times

    def failures(self) -> list[Failure]:
        """In game order, however the games finished (several run at once)."""
        ordered = sorted(self.games, key=lambda g: g.spec.index)
        return [f for game in ordered for f in game.failures]

    def fallback_moves(self) -> dict[str, int]:
        """Per contestant, the moves the fallback played for it (a failing strategy's results
        are largely the fallback's)."""
        return {
            label: sum(g.fallback_moves.get(label, 0) for g in self.games) for label in self.labels
        }

    def versions(self) -> dict[str, int]:
        """Games per version that played them ("0.1.0 af53786")."""
        counts: dict[str, int] = {}
        for game in self.games:
            key = f"{game.version} {game.commit}".strip()
            counts[key] = counts.get(key, 0) + 1
        return counts

    def summary(self) -> dict[str, Any]:
        """The --json summary of the pairing."""
        ordered = sorted(self.games, key=lambda g: g.spec.index)
        estimate = self.estimate()
        sprt = None
        if self.sprt is not None:
            lower, upper = self.sprt.bounds
            sprt = {
                "elo0": self.sprt.elo0,
                "elo1": self.sprt.elo1,
                "alpha": self.sprt.alpha,
                "beta": self.sprt.beta,
                "llr": round(self.sprt.llr(self.pentanomial()), 4),
                "lower": round(lower, 4),
                "upper": round(upper, 4),
                "decision": self.decision(),
            }
        return {
            "games": len(self.games),
            "wins": self.wins(),
            "draws": self.draws(),
            "seconds_per_game": [round(g.seconds, 4) for g in ordered],
            "move_seconds": {
                label: {
                    "mean": round(statistics.fmean(values), 6) if values else 0.0,
                    "max": round(max(values), 6) if values else 0.0,
                    "moves": len(values),
                }
                for label, values in self.move_seconds().items()
            },
            "fallback_moves": self.fallback_moves(),
            "failures": [
                {
                    "strategy": f.strategy_id,
                    "plugin": f.plugin_name,
                    "error": f.error,
                    "kind": f.kind,
                    "replaced": f.replaced,
                    "details": f.details,
                }
                for f in self.failures()
            ],
            "elo": None
            if estimate is None
            else {"elo": estimate.elo, "low": estimate.low, "high": estimate.high},
            "pentanomial": self.pentanomial(),
            "sprt": sprt,
        }


def ranking(tallies: list[Tally]) -> list[stats.Rating]:
    """All contestants of the tallies, rated together (`stats.ranking`)."""
    players: list[str] = []
    games = []
    for tally in tallies:
        first, second = tally.labels
        players += [p for p in (first, second) if p not in players]
        games += [(first, second, g.score_of(first)) for g in tally.games]
    return stats.ranking(players, games)
