"""Rules-engine benchmark: board precompute, stroke application, whole random games, and the
same work on the naive reference engine, measured in the same run. Run on demand:

    python3 -m benchmarks.engine [--games N]

Targets (issue 2, 2-core machine): tablet-180 generation + precompute <= 50 ms; one stroke
(legality + scoring + end test) <= 20 us median at 180 stars; random self-play game on
tablet-180 <= 30 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from triangles_qt.core.board import PRESETS, Board
from triangles_qt.core.game import Game
from triangles_qt.core.naive import NaiveGame


def random_candidate(legal: int, m: int, rng: random.Random) -> int:
    """A legal candidate picked by a random start bit, without listing all legal strokes."""
    r = rng.randrange(m)
    above = legal >> r
    if above:
        return r + (above & -above).bit_length() - 1
    return (legal & -legal).bit_length() - 1


def timed_game(board: Board, rng: random.Random) -> tuple[float, list[float], Game]:
    """A random game through the public play(i, j); returns total seconds and per-stroke seconds."""
    per_stroke = []
    clock = time.perf_counter
    start = clock()
    game = Game(board)
    while not game.is_over:
        i, j = board.stroke(random_candidate(game.legal_bits, board.m, rng))
        t = clock()
        game.play(i, j)
        per_stroke.append(clock() - t)
    return clock() - start, per_stroke, game


def naive_strokes(board: Board, rng: random.Random, limit: int) -> tuple[list[float], list]:
    """The naive engine applying strokes (check + play + end test), up to `limit` strokes."""
    naive = NaiveGame(board.star_list, board.tolerance)
    fast = Game(board)
    per_stroke = []
    while not fast.is_over and len(per_stroke) < limit:
        i, j = board.stroke(random_candidate(fast.legal_bits, board.m, rng))
        fast.play(i, j)
        t = time.perf_counter()
        naive.check(i, j)
        naive.play(i, j)
        naive.is_over()
        per_stroke.append(time.perf_counter() - t)
    return per_stroke, fast.strokes


def ms(x: float) -> str:
    return f"{x * 1e3:8.2f} ms"


def us(x: float) -> str:
    return f"{x * 1e6:8.1f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="fresh tablet-180 boards to play on")
    args = parser.parse_args()
    Board.generate("phone-24", 0)  # warm imports and numpy dispatch

    print("Board generation + precompute (median of fresh seeds):")
    for name in PRESETS:
        times = []
        for seed in range(args.games):
            t = time.perf_counter()
            Board.generate(name, 1000 + seed)
            times.append(time.perf_counter() - t)
        print(f"  {name:11s} {ms(statistics.median(times))}  (max {ms(max(times))})")

    rng = random.Random(1)
    cold_games, warm_games, strokes_cold, strokes_warm, moves = [], [], [], [], []
    for seed in range(args.games):
        board = Board.generate("tablet-180", seed)
        total, per, game = timed_game(board, rng)  # caches filled during this game
        cold_games.append(total)
        strokes_cold += per
        moves.append(len(game.moves))
        total, per, _ = timed_game(board, rng)  # a second game on the same board
        warm_games.append(total)
        strokes_warm += per
    print(f"\ntablet-180, {args.games} boards, {statistics.mean(moves):.0f} strokes per game:")
    print(
        f"  stroke, fresh board    median {us(statistics.median(strokes_cold))}"
        f"  p95 {us(statistics.quantiles(strokes_cold, n=20)[-1])}"
    )
    print(f"  stroke, warm caches    median {us(statistics.median(strokes_warm))}")
    print(
        f"  random game, fresh     median {ms(statistics.median(cold_games))}"
        f"  max {ms(max(cold_games))}"
    )
    print(f"  random game, warm      median {ms(statistics.median(warm_games))}")

    print("\nNaive reference engine, same strokes, same run:")
    board = Board.generate("tablet-180", 0)
    naive_per, strokes = naive_strokes(board, random.Random(5), limit=40)
    fast_per = []
    game = Game(Board.generate("tablet-180", 0))
    for i, j in strokes:
        t = time.perf_counter()
        game.play(i, j)
        fast_per.append(time.perf_counter() - t)
    nm, fm = statistics.median(naive_per), statistics.median(fast_per)
    print(
        f"  tablet-180, first {len(strokes)} strokes: naive {us(nm)}, fast {us(fm)}"
        f"  -> {nm / fm:,.0f}x faster"
    )

    naive_games, fast_games = [], []
    for seed in range(5):
        board = Board.generate("phone-24", seed)
        grng = random.Random(seed)
        t = time.perf_counter()
        _, _, game = timed_game(board, grng)
        fast_games.append(time.perf_counter() - t)
        naive = NaiveGame(board.star_list, board.tolerance)
        t = time.perf_counter()
        for i, j in game.strokes:
            naive.check(i, j)
            naive.play(i, j)
            naive.is_over()
        naive_games.append(time.perf_counter() - t)
    nm, fm = statistics.median(naive_games), statistics.median(fast_games)
    print(
        f"  phone-24 whole game (incl. fresh-board caches): naive {ms(nm)}, fast {ms(fm)}"
        f"  -> {nm / fm:,.0f}x faster"
    )


if __name__ == "__main__":
    main()
