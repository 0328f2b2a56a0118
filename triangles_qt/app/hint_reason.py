"""Why a hinted stroke is good, in one sentence: what it takes, that it gives nothing away, or
what it gives and what that buys (keeping control under "play again after a triangle").

The reason is read off the position by playing the stroke and the greedy replies on a copy, not
taken from the strategy that chose it: any strategy's hint gets an honest explanation, and one
that is not borne out by the position ("the least it can give") is never claimed. Claims about
every reply are read with Hard's triangle tracker, which updates only what a stroke touches: a
tablet board's hundreds of replies then take milliseconds, not seconds of the window's time.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from PySide6.QtCore import QObject

from triangles_qt.analysis.tactics import threats
from triangles_qt.core.board import bits_to_indices
from triangles_qt.core.game import Game

from .plurals import plural


class Why(enum.Enum):
    TAKES = "takes"  # closes `count` triangles
    SAFE = "safe"  # closes nothing and gives nothing away
    LEAST = "least"  # no safe stroke is left: gives `count`, the fewest possible
    CONTROL = "control"  # gives `count` (declining triangles) so as to take a run of `run` next
    LATER = "later"  # gives `count` now for a better end (the search saw further)


@dataclass(frozen=True)
class Reason:
    why: Why
    count: int = 0
    run: int = 0


def take_turn(game: Game) -> tuple[int, int]:
    """The player to move takes what they can before the turn passes: the best single stroke,
    or under "play again" a whole run of best strokes. Returns (triangles taken, strokes
    played); the strokes stay played."""
    mover, total, played = game.player, 0, 0
    while not game.is_over and game.player == mover:
        offered = threats(game)
        if not offered:
            break
        s = max(offered, key=lambda x: (offered[x], -x))
        total += offered[s]
        game.play_candidate(s)
        played += 1
        if not game.rules.replay_after_triangle:
            break
    return total, played


def taken_in_turn(game: Game) -> int:
    """How many triangles the player to move can take before the turn passes (take_turn); the
    game is left as it was."""
    total, played = take_turn(game)
    for _ in range(played):
        game.undo()
    return total


def gives(game: Game, s: int) -> int:
    """What drawing legal stroke s (closing nothing) hands the opponent in their turn."""
    game.play_candidate(s)
    try:
        return taken_in_turn(game) if not game.is_over else 0
    finally:
        game.undo()


def reason_for(game: Game, stroke: tuple[int, int]) -> Reason:
    """Why `stroke` (legal in `game`, for the player to move) is worth playing."""
    game = game.copy()
    board = game.board
    s = board.candidate(*stroke)
    gain = game.candidate_gain(s)
    if gain:
        return Reason(Why.TAKES, gain)
    given = gives(game, s)
    if not given:
        return Reason(Why.SAFE)
    if threats(game):
        if game.rules.replay_after_triangle:
            run = run_after_giving(game, s)
            if run > given:
                return Reason(Why.CONTROL, given, run)
    elif least_given(game) == given:
        return Reason(Why.LEAST, given)
    return Reason(Why.LATER, given)


def run_after_giving(game: Game, s: int) -> int:
    """Under "play again": the run the player to move is sure to take after drawing s, once the
    opponent has taken what s hands over and must move on: the least of what each of their
    strokes then gives back (0 if one of them is safe)."""
    me = game.player
    game.play_candidate(s)
    played = 1
    try:
        if not game.is_over and game.player != me:
            played += take_turn(game)[1]
        if game.is_over or game.player == me:
            return 0
        return least_given(game)
    finally:
        for _ in range(played):
            game.undo()


def least_given(game: Game) -> int:
    """The least that a stroke of the player to move, who has nothing to take, hands the
    other player in their turn (take_turn): 0 if one of them is safe."""
    from triangles_qt.analysis.tracker import Tracker  # when a hint first asks: a quicker start

    tracker = Tracker(game)
    legal = game.legal_bits
    if legal & ~tracker.hot:
        return 0
    mover = game.player
    least = None
    for x in bits_to_indices(legal, game.board.m).tolist():
        tracker.play(x)
        played, total = 1, 0
        while not game.is_over and game.player != mover and tracker.taking:
            y = max(tracker.threats(), key=lambda y: (tracker.c0[y], -y))
            total += tracker.c0[y]
            tracker.play(y)
            played += 1
            if not game.rules.replay_after_triangle:
                break
        for _ in range(played):
            tracker.undo()
        least = total if least is None else min(least, total)
    return least or 0


class HintTexts(QObject):
    """The sentence for a Reason (a class, so that lupdate reads the plural forms of tr())."""

    def sentence(self, reason: Reason) -> str:
        n, run = reason.count, reason.run
        if reason.why is Why.TAKES:
            return plural(self.tr("Hint: the highlighted stroke closes %n triangle(s).", "", n), n)
        if reason.why is Why.SAFE:
            return self.tr("Hint: the highlighted stroke is safe: it gives nothing away.")
        if reason.why is Why.LEAST:
            return plural(
                self.tr(
                    "Hint: no safe stroke is left; the highlighted one gives away the fewest: "
                    "%n triangle(s).",
                    "",
                    n,
                ),
                n,
            )
        if reason.why is Why.CONTROL:
            keeps = plural(
                self.tr("Hint: the highlighted stroke gives %n triangle(s) to keep control", "", n),
                n,
            )
            then = plural(self.tr("you then take a run of at least %n triangle(s).", "", run), run)
            return self.tr("%1: %2").replace("%1", keeps).replace("%2", then)
        return plural(
            self.tr(
                "Hint: the highlighted stroke gives %n triangle(s) now for a better end.", "", n
            ),
            n,
        )
