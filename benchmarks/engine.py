"""Rules-engine benchmark: whole random games through the public API, the board's build
included, with the naive reference engine for comparison. Run on demand:

    python3 -m benchmarks.engine [--preset tablet-180] [--games 10] [--repeat 5]
                                 [--against OTHER_CHECKOUT]

What one run measures, in a fresh process (one per repeat; with --against the runs alternate
between this checkout and the other one, so that both see the same load):

- random games: for each seed, Board.generate(preset, seed), Game(board), then, until the game
  is over, the uniform random player's turn as the app's players take it: list the legal strokes
  (Game.legal_strokes) and play one picked uniformly with a seeded random.Random. CPU time
  (time.process_time) and wall time of each whole game; the run's figure is the median game.
- the board's build alone (generation and precompute), median over the same seeds; the same
  for boards of 250 stars (MAX_STARS) on the preset's size; each one's peak memory
  (tracemalloc, measured apart).
- play() alone on a fresh board: each stroke of the same kind of games, on boards built
  outside the timing; median, 95th percentile and longest over the run's strokes (CPU time of
  the thread, time.thread_time_ns, and wall time, perf_counter_ns).
- naive reference engine: the same strokes replayed, whole games on a small board (the naive
  engine takes seconds per game from phone-60 up); the fast side's time includes the board's
  build (star generation too), the naive side's only its own set-up, so the ratio is not
  flattering. CPU time.

Every figure is then given as the min and the median over the repeats, beside the machine's
load at the start and at the end. Targets (issue 49, 2-core machine, CPU): tablet-180
generation + precompute < 10 ms and 10 MB, < 30 ms with 250 stars; one stroke < 10 us median
on a fresh board; a whole random game, its build included, < 25 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc

from benchmarks import measure
from triangles_qt.core.board import MAX_STARS, PRESETS, Board, generate_stars
from triangles_qt.core.game import Game
from triangles_qt.core.naive import NaiveGame


def random_stroke(game: Game, rng: random.Random) -> tuple[int, int]:
    """A stroke picked uniformly among the legal ones, listed as the public API lists them."""
    strokes = game.legal_strokes()
    i, j = strokes[rng.randrange(len(strokes))]
    return int(i), int(j)


def random_game(preset: str, seed: int, rng: random.Random) -> Game:
    """A whole game of the uniform random player on the board of `preset` and `seed`."""
    game = Game(Board.generate(preset, seed))
    while not game.is_over:
        game.play(*random_stroke(game, rng))
    return game


def games(preset: str, seeds: range, rng_seed: int) -> dict[str, float]:
    """Whole games, the board's build included: the median game's CPU and wall seconds, and
    the strokes per game."""
    rng = random.Random(rng_seed)
    cpu, wall, strokes = [], [], []
    for seed in seeds:
        with measure.Timed() as timed:
            game = random_game(preset, seed, rng)
        cpu.append(timed.cpu)
        wall.append(timed.wall)
        strokes.append(len(game.moves))
    return {
        "game cpu": statistics.median(cpu),
        "game wall": statistics.median(wall),
        "strokes per game": statistics.fmean(strokes),
    }


def builds(preset: str, seeds: range) -> dict[str, float]:
    """The board's build alone (generation and precompute): median CPU and wall seconds; the
    same for boards of MAX_STARS stars on the preset's size; the peak of the memory allocated
    while building one of each (tracemalloc, outside the timings)."""
    p = PRESETS[preset]
    figures: dict[str, float] = {}
    for name, build in (
        ("build", lambda seed: Board.generate(preset, seed)),
        (
            "build max",
            lambda seed: Board(
                generate_stars(p.width, p.height, MAX_STARS, seed), p.width, p.height
            ),
        ),
    ):
        cpu, wall = [], []
        for seed in seeds:
            with measure.Timed() as timed:
                build(seed)
            cpu.append(timed.cpu)
            wall.append(timed.wall)
        tracemalloc.start()
        try:
            build(seeds[0])
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        figures |= {
            f"{name} cpu": statistics.median(cpu),
            f"{name} wall": statistics.median(wall),
            f"{name} peak": peak,
        }
    return figures


def strokes(preset: str, seeds: range, rng_seed: int) -> dict[str, float]:
    """play() alone, every stroke of random games on fresh boards (built untimed): median,
    95th percentile and longest, in CPU (this thread) and wall seconds."""
    rng = random.Random(rng_seed)
    cpu_clock, wall_clock = time.thread_time_ns, time.perf_counter_ns
    cpu: list[int] = []
    wall: list[int] = []
    for seed in seeds:
        game = Game(Board.generate(preset, seed))
        while not game.is_over:
            i, j = random_stroke(game, rng)
            c, w = cpu_clock(), wall_clock()
            game.play(i, j)
            wall.append(wall_clock() - w)
            cpu.append(cpu_clock() - c)
    figures = {}
    for name, values in (("cpu", cpu), ("wall", wall)):
        seconds = [v / 1e9 for v in values]
        figures[f"stroke {name} median"] = statistics.median(seconds)
        figures[f"stroke {name} p95"] = measure.percentile(seconds, 95)
        figures[f"stroke {name} max"] = max(seconds)
    return figures


def naive_ratio(preset: str, seeds: range, rng_seed: int) -> dict[str, float]:
    """Whole games on both engines, the same strokes: CPU seconds, summed over the seeds."""
    rng = random.Random(rng_seed)
    fast = naive = 0.0
    for seed in seeds:
        with measure.Timed() as timed:
            game = random_game(preset, seed, rng)
        fast += timed.cpu
        board = game.board
        with measure.Timed() as timed:
            reference = NaiveGame(board.star_list, board.tolerance)
            for i, j in game.strokes:
                reference.check(i, j)
                reference.play(i, j)
                reference.is_over()
        naive += timed.cpu
    return {"naive cpu": naive, "fast cpu": fast, "naive / fast": naive / fast}


def one_run(options: dict) -> dict[str, float]:
    """Everything one repeat measures (in a fresh process)."""
    Board.generate("phone-24", 0)  # imports and numpy's first calls, not the engine's work
    preset, first, count = options["preset"], options["seed"], options["games"]
    seeds = range(first, first + count)
    figures = games(preset, seeds, rng_seed=first)
    figures |= builds(preset, range(first + count, first + 2 * count))
    figures |= strokes(preset, range(first + 2 * count, first + 3 * count), rng_seed=first + 1)
    naive_seeds = range(first, first + options["naive_games"])
    figures |= naive_ratio(options["naive_preset"], naive_seeds, rng_seed=first + 2)
    return figures


ROWS = [  # (label, figure, scale, unit, digits)
    ("whole random game, board build included, CPU", "game cpu", 1e3, "ms", 2),
    ("whole random game, board build included, wall", "game wall", 1e3, "ms", 2),
    ("strokes per game (mean)", "strokes per game", 1, "", 1),
    ("board build alone, CPU", "build cpu", 1e3, "ms", 2),
    ("board build alone, wall", "build wall", 1e3, "ms", 2),
    ("board build alone, peak memory", "build peak", 2**-20, "MiB", 1),
    ("board of 250 stars, build, CPU", "build max cpu", 1e3, "ms", 2),
    ("board of 250 stars, build, wall", "build max wall", 1e3, "ms", 2),
    ("board of 250 stars, build, peak memory", "build max peak", 2**-20, "MiB", 1),
    ("play() on a fresh board, CPU median", "stroke cpu median", 1e6, "us", 1),
    ("play() on a fresh board, CPU p95", "stroke cpu p95", 1e6, "us", 1),
    ("play() on a fresh board, CPU max", "stroke cpu max", 1e6, "us", 0),
    ("play() on a fresh board, wall median", "stroke wall median", 1e6, "us", 1),
    ("play() on a fresh board, wall p95", "stroke wall p95", 1e6, "us", 1),
    ("play() on a fresh board, wall max", "stroke wall max", 1e6, "us", 0),
    ("naive engine, whole games, CPU (sum)", "naive cpu", 1e3, "ms", 1),
    ("fast engine, same games + builds, CPU (sum)", "fast cpu", 1e3, "ms", 2),
    ("naive / fast, CPU", "naive / fast", 1, "x", 0),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m benchmarks.engine", description=__doc__.split("\n\n")[0]
    )
    presets = ", ".join(PRESETS)
    parser.add_argument(
        "--preset", choices=list(PRESETS), default="tablet-180", metavar="PRESET", help=presets
    )
    parser.add_argument("--games", type=int, default=10, help="games (boards) per repeat")
    parser.add_argument("--repeat", "--repeats", type=int, default=5, help="runs (processes)")
    parser.add_argument("--seed", type=int, default=0, help="first board seed")
    parser.add_argument(
        "--naive-preset", choices=list(PRESETS), default="phone-24", metavar="PRESET"
    )
    parser.add_argument("--naive-games", type=int, default=3, help="games on --naive-preset")
    parser.add_argument("--against", metavar="CHECKOUT", help="another checkout to compare with")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # one run, as JSON (internal)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(one_run(json.loads(args.child))))
        return 0
    options = {
        key: getattr(args, key)
        for key in ("preset", "games", "seed", "naive_preset", "naive_games")
    }
    print(f"at the start: {measure.load_text()}")
    print(
        f"{args.preset}: {args.games} games per run; naive comparison on {args.naive_preset}, "
        f"{args.naive_games} games; {args.repeat} runs per checkout, each a fresh process"
    )
    with measure.sides(args.against) as sides:
        print(sides.describe())
        command = measure.child_command("benchmarks.engine", "--child", json.dumps(options))

        def run(side: str) -> dict[str, float]:
            _, _, out = measure.run_child(command, sides.envs[side], sides.home)
            return measure.last_json(out)

        figures = measure.interleaved(list(sides.envs), args.repeat, run, warm_up=False)
    print(f"at the end: {measure.load_text()}")
    print(measure.paces_text(figures))
    for side, found in figures.items():
        print(f"{side} (min and median over {args.repeat} runs):")
        for label, key, scale, unit, digits in ROWS:
            print(f"  {label}: {measure.summary(found[key], scale, unit, digits)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
