"""What the window loses to an engine at one CPU priority or another (issue 44: engines ran at
nice 10, which starved them on a busy machine; they now run at nice 2). A Qt event loop ticks
every 5 ms, as the window's does, while Hard thinks in its engine process on a tablet-180 game
(moves asked from a worker thread, as the app's computer seat does), with N CPU hogs beside
them. For each nice value, interleaved over the repeats: the event loop's longest pause and its
99th percentile, and Hard's mean and longest move (wall). Run on demand:

    python3 -m benchmarks.engine_nice [--nice 10 2 0] [--hogs 4] [--moves 12] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QTimer  # noqa: E402

from triangles_qt.core.board import Board  # noqa: E402
from triangles_qt.core.game import Game  # noqa: E402
from triangles_qt.core.position import Position  # noqa: E402
from triangles_qt.engine.host import EngineStrategy, ProcessLimits  # noqa: E402
from triangles_qt.plugin_manager import load_builtin_plugins  # noqa: E402
from triangles_qt.strategy_runner import SafeStrategy  # noqa: E402

TICK_MS = 5


def one_run(app: QCoreApplication, nice: int, moves: int, budget: float) -> dict[str, float]:
    registry = load_builtin_plugins()
    engine = EngineStrategy(
        "hard", registry.engine_command("hard"), limits=ProcessLimits(nice=nice)
    )
    engine.process.start()
    safe = SafeStrategy(engine, "built-in")
    game = Game(Board.generate("tablet-180", 3))
    medium = registry.strategy("medium")
    times: list[float] = []
    done = threading.Event()

    def play() -> None:
        try:
            while len(times) < moves and not game.is_over:
                start = time.perf_counter()
                choice = safe.choose(Position(game), budget)
                times.append(time.perf_counter() - start)
                game.play(*choice.stroke)
                if not game.is_over:
                    game.play(*medium.choose_stroke(Position(game), budget))
        finally:
            done.set()

    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now
        if done.is_set():
            app.quit()

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(TICK_MS)
    threading.Thread(target=play, daemon=True).start()
    app.exec()
    timer.stop()
    engine.close()
    gaps.sort()
    return {
        "pause_max_ms": 1000 * gaps[-1],
        "pause_p99_ms": 1000 * gaps[int(0.99 * (len(gaps) - 1))],
        "move_mean_s": statistics.fmean(times),
        "move_max_s": max(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nice", type=int, nargs="+", default=[10, 2])
    parser.add_argument("--hogs", type=int, default=4)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--budget", type=float, default=0.5)
    args = parser.parse_args()
    app = QCoreApplication(sys.argv[:1])
    # Each hog a program of its own session, as other programs on a desktop are (the kernel's
    # autogroup, where enabled, shares the processor between sessions first).
    hogs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
        for _ in range(args.hogs)
    ]
    results: dict[int, list[dict[str, float]]] = {n: [] for n in args.nice}
    try:
        for _ in range(args.repeats):
            for nice in args.nice:  # A/B interleaved
                results[nice].append(one_run(app, nice, args.moves, args.budget))
    finally:
        for hog in hogs:
            hog.kill()
    load = os.getloadavg()[0]
    print(
        f"{args.hogs} CPU hogs, {os.cpu_count()} cores, budget {args.budget:g} s, load {load:.1f}"
    )
    try:
        with open("/proc/sys/kernel/sched_autogroup_enabled") as flag:
            print(f"autogroup: {flag.read().strip()}")
    except OSError:
        pass
    for nice, runs in results.items():
        cells = []
        for key in ("pause_max_ms", "pause_p99_ms", "move_mean_s", "move_max_s"):
            values = [run[key] for run in runs]
            cells.append(f"{key} min {min(values):.3g} median {statistics.median(values):.3g}")
        print(f"nice {nice}: " + "; ".join(cells))


if __name__ == "__main__":
    main()
