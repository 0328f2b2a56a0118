r"""Who took the biggest run of recorded "play again" games, and whether that player won.

With "play again after a triangle" a turn is a run of strokes that take triangles, ended by one
that takes none. Late in a game nobody has a safe stroke left, so every turn ends by handing
something over, and sooner or later someone must open the big region that is left, which
the other player then takes in one run. This replays each game and prints its result, its
three biggest runs and who took them, and, at the start of the exchange, how the strokes that
take nothing (who draws the last of them opens the final run) split into strokes left minus
triangles left plus strokes that take two at once. Run on demand on arena records:

    python3 -m triangles_qt.arena --preset tablet-120 --games 20 --seed 2000 \
        --p1 hard --p2 medium --replay-after-triangle --records DIR
    python3 -m benchmarks.biggest_run DIR

Games played without "play again" are skipped (see benchmarks/last_stroke.py for those).
"""

from __future__ import annotations

import sys

from benchmarks.records import Tally, games_on_command_line
from triangles_qt.core.game import Move


def runs(moves: list[Move]) -> list[tuple[int, int]]:
    """(triangles, player) of each run of strokes that took triangles, in order."""
    found = []
    size = 0
    player = -1
    for move in moves:
        if move.triangles:
            size += len(move.triangles)
            player = move.player
        elif size:
            found.append((size, player))
            size = 0
    if size:
        found.append((size, player))
    return found


def main() -> int:
    tally = Tally()
    for path, loaded in games_on_command_line(__doc__, replay=True):
        game = loaded.game
        names = [p.strategy or p.name for p in loaded.players]
        moves = list(game.moves)
        scores = game.scores
        found = runs(moves)
        if not found:
            continue
        biggest = max(found)
        taker = biggest[1]
        margin = scores[taker] - scores[1 - taker]
        tally.add(margin)
        top = ", ".join(f"{size} by {names[p]}" for size, p in sorted(found, reverse=True)[:3])
        # From the first stroke after which nobody had a stroke that hands nothing over.
        start = next((k for k, m in enumerate(moves) if m.triangles), len(moves))
        rest = moves[start:]
        strokes = len(rest)
        triangles = sum(len(m.triangles) for m in rest)
        doubles = sum(len(m.triangles) == 2 for m in rest)
        print(
            f"{path.name}: {names[0]} {scores[0]} - {scores[1]} {names[1]}; biggest runs "
            f"{top}; from the first triangle on, {strokes - triangles + doubles} strokes took "
            f"nothing = {strokes} strokes - {triangles} triangles + {doubles} doubles"
        )
    print(f"the player who took the biggest run {tally}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
