"""Who drew the last stroke of recorded games, and whether that player won.

Without "play again" turns alternate, so the number of strokes left decides who draws the last
one. Hard's tracker keeps a *plan*, one full drawing of the strokes still to come; this replays
each game and prints, besides the result, every move after which the plan's count of strokes
(moves so far plus strokes left) changed, and who made it. Run on demand on arena records:

    python3 -m triangles_qt.arena --preset phone-60 --games 20 --seed 4000 --p1 hard --p2 medium --records DIR
    python3 benchmarks/last_stroke.py DIR

Games played with "play again after a triangle" are skipped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from triangles_qt.builtin_plugins.hard import Tracker
from triangles_qt.core.game import Game
from triangles_qt.core.record import RecordError, read_record


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+", help=".triangles files or folders of them")
    args = parser.parse_args()
    files = []
    for path in map(Path, args.paths):
        files += sorted(path.glob("*.triangles")) if path.is_dir() else [path]
    tally = {"won": 0, "drawn": 0, "lost": 0}
    for path in files:
        try:
            loaded = read_record(path)
        except (OSError, RecordError) as exc:
            print(f"{path}: skipped: {exc}", file=sys.stderr)
            continue
        game = loaded.game
        if game.replay_after_triangle or not game.is_over:
            print(f"{path.name}: skipped: played with \"play again\" or unfinished", file=sys.stderr)
            continue
        names = [p.strategy or p.name for p in loaded.players]
        last = game.moves[-1].player
        scores = game.scores
        margin = scores[last] - scores[1 - last]
        tally["won" if margin > 0 else "drawn" if margin == 0 else "lost"] += 1
        moved = " ".join(f"{k + 1}:{names[p]}:{d:+d}" for k, p, d in changes(game))
        print(f"{path.name}: {names[0]} {scores[0]} - {scores[1]} {names[1]}; "
              f"{len(game.strokes)} strokes, the last by {names[last]} ({margin:+d}); "
              f"count changed at {moved or 'no move'}")
    print(f"the player of the last stroke won {tally['won']}, drew {tally['drawn']}, "
          f"lost {tally['lost']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
