"""What people read of a tournament: a progress line per finished game (games done, W/D/L, Elo
and its interval, ETA) and the final tables, as plain text or Markdown."""

from __future__ import annotations

import dataclasses
import math
import statistics
import time
from collections.abc import Callable, Sequence

from .play import GameOutcome
from .schedule import Conditions, Pairing
from .standings import Tally, ranking


def rules_text(replay: bool) -> str:
    return "play again" if replay else "default"


def duration(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


class Progress:
    """Prints one line per finished game of a run of `plan` games at most."""

    def __init__(self, write: Callable[[str], object] = print) -> None:
        self.total = 1
        self.done = 0
        self.start = time.monotonic()
        self.write = write

    def plan(self, total: int) -> None:
        self.total = max(total, 1)
        self.start = time.monotonic()

    def __call__(self, outcome: GameOutcome, tally: Tally) -> None:
        self.done += 1
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        first, second = tally.labels
        wins, draws, losses = tally.wdl()
        scores = outcome.scores
        who = f"{outcome.labels[0]} {scores[0]} - {scores[1]} {outcome.labels[1]}"
        stood_in = [
            f"{n} moves by the fallback for {label}"
            for label, n in outcome.fallback_moves.items()
            if n
        ]
        if stood_in:  # those results are partly the fallback's, and say so where they appear
            who += f" ({', '.join(stood_in)})"
        estimate = tally.estimate()
        elo = "" if estimate is None else f", Elo {estimate}"
        decided = tally.decision()
        verdict = f", SPRT accepts {decided}" if decided else ""
        self.write(
            f"[{self.done}/{self.total}] game {outcome.spec.index + 1} (seed {outcome.spec.seed})"
            f": {who} [{outcome.seconds:.1f} s] | {first} vs {second}: +{wins} ={draws} "
            f"-{losses}{elo}{verdict} | ETA {duration(eta)}"
        )


def budget_text(c: Conditions) -> str:
    """ "1 s", or "1 s, 40000 nodes" when the work of a move was set (--nodes)."""
    return f"{c.budget:g} s" if c.nodes is None else f"{c.budget:g} s, {c.nodes} nodes"


def pairing_title(pairing: Pairing) -> str:
    c = pairing.conditions
    tolerance = "" if c.tolerance is None else f", tolerance {c.tolerance}"
    return f"{c.preset}, {rules_text(c.replay_after_triangle)} rules, {budget_text(c)}{tolerance}"


HEADER = (
    "| board | rules | budget | first | second | games | W / D / L (first) | score | "
    "Elo (first) | pairs 0-½-1-1½-2 | s/move first (mean / max) | s/move second | failures |"
)


def markdown_row(tally: Tally) -> str:
    c = tally.pairing.conditions
    first, second = tally.labels
    wins, draws, losses = tally.wdl()
    games = len(tally.games)
    score = (wins + draws / 2) / games if games else math.nan
    times = tally.move_seconds()
    estimate = tally.estimate()
    decided = tally.decision()
    elo = "" if estimate is None else str(estimate)
    if decided:
        elo += f" (SPRT: {decided})"

    def seconds(label: str) -> str:
        values = times[label]
        return f"{statistics.fmean(values):.3f} / {max(values):.3f}" if values else "-"

    return (
        f"| {c.preset} | {rules_text(c.replay_after_triangle)} | {budget_text(c)} | {first} | "
        f"{second} | {games} | {wins} / {draws} / {losses} | {100 * score:.1f}% | {elo} | "
        f"{'-'.join(map(str, tally.pentanomial()))} | {seconds(first)} | {seconds(second)} | "
        f"{len(tally.failures())} |"
    )


def by_conditions(tallies: Sequence[Tally]) -> dict[Conditions, list[Tally]]:
    """The tallies grouped by their conditions but the first seed: ratings compare only
    strategies that played on the same board size, rules and budget."""
    groups: dict[Conditions, list[Tally]] = {}
    for tally in tallies:
        key = dataclasses.replace(tally.pairing.conditions, seed=0)
        groups.setdefault(key, []).append(tally)
    return groups


def markdown_table(tallies: Sequence[Tally]) -> str:
    """All pairings in one table, then per board and rules a ranking when more than two
    contestants met there, then the versions that played."""
    lines = [HEADER, "|" + "---|" * (HEADER.count("|") - 1)]
    lines += [markdown_row(t) for t in tallies]
    for c, group in by_conditions(tallies).items():
        players = {label for t in group for label in t.labels}
        if len(players) > 2:
            title = f"{c.preset}, {rules_text(c.replay_after_triangle)} rules, {budget_text(c)}"
            lines += ["", f"Ranking on {title}:", ""]
            lines += ["| rank | player | Elo (mean 0) |", "|---|---|---|"]
            for rank, rating in enumerate(ranking(group), 1):
                elo = f"{rating.elo:+.0f} ± {rating.interval:.0f}"
                lines.append(f"| {rank} | {rating.player} | {elo} |")
    versions: dict[str, int] = {}
    for tally in tallies:
        for version, count in tally.versions().items():
            versions[version] = versions.get(version, 0) + count
    lines += ["", "Played by: " + ", ".join(f"{v} ({n} games)" for v, n in versions.items())]
    return "\n".join(lines)
