"""Search speed of two versions of the Hard strategy, for changes meant to make it faster only.

Plays Medium against itself on a few phone-60 boards and, at every few moves from the point
where Hard starts searching, checks that both versions choose the same stroke when bounded by
nodes instead of time (under both rule options), then counts the nodes each searches (the
heuristic search, no exact attempt) in the same fixed time. Run on demand (about two minutes):

    python3 -m benchmarks.hard_speed OLD_HARD.py NEW_HARD.py [--boards 4] [--seconds 0.3]

A version is a copy of plugins/hard.py (e.g. `git show HEAD~1:plugins/hard.py > /tmp/old.py`).
The versions are timed alternately on each position, so a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from benchmarks.hard_ab import load_hard
from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules

SEARCHED_FROM = 300  # legal strokes: Hard's tracker and search start below this on phone-60


def positions(seed: int, every: int) -> list[list[int]]:
    """Stroke lists leading to the searched positions of one Medium-against-Medium game."""
    game = Game(Board.generate("phone-60", seed))
    players = (Medium(seed=1), Medium(seed=2))
    found = []
    while not game.is_over:
        if game.legal_bits.bit_count() < SEARCHED_FROM and len(game.moves) % every == 0:
            found.append([game.board.candidate(*move.stroke) for move in game.moves])
        # A budget Medium never uses up keeps its choices reproducible.
        game.play(*players[game.player].choose_stroke(Position(game), 60.0))
    return found


def replayed(seed: int, strokes: list[int], replay: bool) -> Game:
    game = Game(Board.generate("phone-60", seed), Rules(replay_after_triangle=replay))
    for s in strokes:
        game.play_candidate(s)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--boards", type=int, default=4, help="board seeds 1..N")
    parser.add_argument("--every", type=int, default=7, help="test every Nth move")
    parser.add_argument("--nodes", type=int, default=1500, help="node bound of the choice check")
    parser.add_argument("--seconds", type=float, default=0.3, help="time of the node count")
    args = parser.parse_args()
    old, new = load_hard(args.old), load_hard(args.new)
    checked = differ = 0
    nodes = {"old": 0, "new": 0}
    for seed in range(1, args.boards + 1):
        for strokes in positions(seed, args.every):
            for replay in (False, True):
                game = replayed(seed, strokes, replay)
                choices = [
                    version.Hard(max_nodes=args.nodes).choose_stroke(Position(game), 100.0)
                    for version in (old, new)
                ]
                checked += 1
                differ += choices[0] != choices[1]
            game = replayed(seed, strokes, False)
            for name, version in (("old", old), ("new", new)):
                search = version.Search(
                    version.Tracker(game.copy()),
                    time.perf_counter() + args.seconds,
                    random.Random(0),
                )
                search.best_move(exact_first=False)
                nodes[name] += search.nodes
    print(f"positions checked: {checked}, different choices at {args.nodes} nodes: {differ}")
    print(
        f"nodes in {args.seconds} s per position: old {nodes['old']}, new {nodes['new']}, "
        f"ratio {nodes['new'] / max(1, nodes['old']):.2f}"
    )


if __name__ == "__main__":
    sys.exit(main())
