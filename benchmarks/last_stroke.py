r"""Who drew the last stroke of recorded games, and whether that player won.

Without "play again" turns alternate, so the number of strokes left decides who draws the last
one. Hard's tracker keeps a *plan*, one full drawing of the strokes still to come; this replays
each game and prints, besides the result, every move after which the plan's count of strokes
(moves so far plus strokes left) changed, and who made it. Run on demand on arena records:

    python3 -m triangles_qt.arena --preset phone-60 --games 20 --seed 4000 \
        --p1 hard --p2 medium --records DIR
    python3 -m benchmarks.last_stroke DIR

Games played with "play again after a triangle" are skipped.
"""

from __future__ import annotations

import sys

from benchmarks.records import Tally, games_on_command_line
from triangles_qt.analysis.tracker import Tracker
from triangles_qt.core.game import Game


def changes(game: Game) -> list[tuple[int, int, int]]:
    """(move index, player, change) for each move that changed the plan's count of strokes."""
    replay = Game(game.board)
    tracker = Tracker(replay)
    expected = tracker.plan.bit_count()
    found = []
    for k, (i, j) in enumerate(game.strokes):
        player = replay.player
        tracker.play(game.board.candidate(i, j))
        total = k + 1 + tracker.plan.bit_count()
        if total != expected:
            found.append((k, player, total - expected))
            expected = total
    return found


def main() -> int:
    tally = Tally()
    for path, loaded in games_on_command_line(__doc__, replay=False):
        game = loaded.game
        names = [p.strategy or p.name for p in loaded.players]
        last = game.moves[-1].player
        scores = game.scores
        margin = scores[last] - scores[1 - last]
        tally.add(margin)
        moved = " ".join(f"{k + 1}:{names[p]}:{d:+d}" for k, p, d in changes(game))
        print(
            f"{path.name}: {names[0]} {scores[0]} - {scores[1]} {names[1]}; "
            f"{len(game.strokes)} strokes, the last by {names[last]} ({margin:+d}); "
            f"count changed at {moved or 'no move'}"
        )
    print(f"the player of the last stroke {tally}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
