"""Fast tactics on the engine's bitsets, shared by the built-in strategies, and the fallback
strategy that the strategy runner plays when a strategy fails.

Everything here works on a private mutable `Game` (``position.game()``) through the engine's fast
paths (`legal_bits`, `play_candidate`, `undo`, `candidate_gain`, `board.crossing_bits`,
`board.apexes`). A *threat* is a legal stroke that would close a counting triangle now.
This module is not a plugin: the fallback is never offered as an opponent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable

from triangles_qt.computer_move import Work
from triangles_qt.core.board import bits_to_indices
from triangles_qt.core.game import Game


def seeded_rng(seed: int, game: Game) -> random.Random:
    """A generator that depends only on the seed and the strokes played, not on call history."""
    strokes = ";".join(f"{i}-{j}" for i, j in game.strokes)
    return random.Random(f"{seed}|{game.board.fingerprint}|{strokes}")


def legal_candidates(game: Game) -> list[int]:
    """The legal candidates, ascending."""
    return bits_to_indices(game.legal_bits, game.board.m).tolist()


def threats(game: Game) -> dict[int, int]:
    """Every legal stroke that closes a counting triangle now, with its gain."""
    found = {}
    board = game.board
    drawn = game.drawn_bits
    legal = game.legal_bits
    # A threat is the missing side of an empty triangle with two drawn sides: look from the drawn
    # strokes, which are far fewer than the legal ones for most of a game.
    for d in bits_to_indices(drawn, board.m).tolist():
        for _, p, q in board.apexes(d):
            if drawn >> p & 1:
                if legal >> q & 1 and q not in found:
                    found[q] = game.candidate_gain(q)
            elif drawn >> q & 1 and legal >> p & 1 and p not in found:
                found[p] = game.candidate_gain(p)
    return found


def new_threats(game: Game, s: int) -> list[int]:
    """The strokes that would become threats through drawing legal candidate s (not played)."""
    board = game.board
    drawn = game.drawn_bits
    legal = game.legal_bits & ~(board.crossing_bits(s) | 1 << s)
    found = []
    for _, p, q in board.apexes(s):
        if drawn >> p & 1:
            if legal >> q & 1:
                found.append(q)
        elif drawn >> q & 1 and legal >> p & 1:
            found.append(p)
    return found


def threats_after(game: Game, s: int, current: Iterable[int]) -> set[int]:
    """The threats left after drawing legal candidate s (not played), given the current ones."""
    legal = game.legal_bits & ~(game.board.crossing_bits(s) | 1 << s)
    left = {t for t in current if legal >> t & 1}
    left.update(new_threats(game, s))
    return left


def best_gain(game: Game, found: dict[int, int], rng: random.Random) -> int:
    """A threat of maximal gain, chosen at random among equals."""
    top = max(found.values())
    return rng.choice(sorted(t for t, g in found.items() if g == top))


def first_safe(game: Game, order: list[int], current: dict[int, int], work: Work) -> int | None:
    """The first stroke of `order` after which the opponent can close nothing, or None when
    there is none or the work runs out first (a stroke looked at is a unit)."""
    for s in order:
        if not threats_after(game, s, current):
            return s
        if work.spend():
            return None
    return None


def greedy_net(
    game: Game, s: int, work: Work, current: Iterable[int] | None = None, max_plies: int = 60
) -> int:
    """Score difference for the player to move after drawing s, if both then take the best
    triangle whenever they can (chains under the replay rule included) and stop when the player
    to move can close nothing, or the work runs out (a stroke played is a unit). `current`:
    the threats now, when the caller knows them."""
    me = game.player
    before = game.scores
    if current is None:
        current = threats(game)
    game.play_candidate(s)
    played = 1
    t = s
    try:
        while not game.is_over and played < max_plies:
            gains = {x: game.candidate_gain(x) for x in threats_after_played(game, t, current)}
            current = {x: g for x, g in gains.items() if g > 0}
            if not current or work.spend():
                break
            top = max(current.values())
            t = min(x for x, g in current.items() if g == top)
            game.play_candidate(t)
            played += 1
        after = game.scores
    finally:
        for _ in range(played):
            game.undo()
    return (after[me] - before[me]) - (after[1 - me] - before[1 - me])


def threats_after_played(game: Game, t: int, previous: Iterable[int]) -> set[int]:
    """Threat candidates after t was played: the previous ones still legal, and those t opened."""
    board = game.board
    drawn = game.drawn_bits
    legal = game.legal_bits
    found = {x for x in previous if legal >> x & 1}
    for _, p, q in board.apexes(t):
        if drawn >> p & 1:
            if legal >> q & 1:
                found.add(q)
        elif drawn >> q & 1 and legal >> p & 1:
            found.add(p)
    return found


def least_giveaway(game: Game, order: list[int], current: Iterable[int], work: Work) -> int:
    """The stroke of `order` with the best greedy exchange after it (first one on ties), given
    the current threats; stops when the work runs out with the best so far."""
    best, best_value = order[0], None
    for s in order:
        value = greedy_net(game, s, work, current)
        if best_value is None or value > best_value:
            best, best_value = s, value
        if work.spend():
            break
    return best


class FallbackStrategy:
    """A fast legal move: the best immediate gain, else a random-but-seeded safe stroke, else
    the stroke that creates the fewest threats. Plays for a strategy that failed."""

    id = "fallback"
    name = "Fallback"

    def __init__(self, seed: int = 0, safe_checks: int = 400) -> None:
        self.seed = seed
        self.safe_checks = safe_checks

    def choose_stroke(self, position, budget_s: float = 0.2) -> tuple[int, int]:
        game = position.game()
        if game.is_over:
            raise ValueError("the game is over")
        rng = seeded_rng(self.seed, game)
        current = threats(game)
        if current:
            return game.board.stroke(best_gain(game, current, rng))
        order = legal_candidates(game)
        rng.shuffle(order)
        # It plays at once for a player that failed, on the window's thread: a fixed number
        # of strokes looked at, and a short stop on the clock.
        work = Work(self.safe_checks, time.perf_counter() + min(budget_s, 0.2))
        safe = first_safe(game, order, current, work)
        if safe is None:
            safe = min(order[: self.safe_checks], key=lambda s: len(new_threats(game, s)))
        return game.board.stroke(safe)
