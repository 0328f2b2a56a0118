"""Repaint time of the board after a stroke, on a full tablet-180 board.

    python3 -m benchmarks.repaint [--size 1280x900] [--scale 2] [--repeats 4]
                                  [--against OTHER_CHECKOUT [--rounds 5]]

Plays a whole tablet-180 game (both sides take the first legal stroke that scores most), then,
for each of the last 60 strokes, measures what the player waits for: the scene adding the stroke
(and its triangles) plus a synchronous repaint of the view's viewport (`repaint()`), and also a
render of the view into a QImage (the first of every 10 re-renders the cached layers for that
new device: that is its p95), and a live resize: the view shrunk and grown again in steps of
8 x 6 pixels, each step laid out and painted (one pass of the event loop), as a window manager
resizes it, then left
alone for the re-render once the size settles; and a game of 200 strokes opened over another
board (`show_game` and the repaint that shows it). Prints min, median and p95 in ms, of the
window's thread's CPU time (`time.thread_time`) beside wall time, and for a stroke, a resize step
and an opening, also the whole process's (`time.process_time`: any thread Qt works in).
Target: <= 16 ms (one frame at 60 Hz). Runs off-screen unless QT_QPA_PLATFORM says otherwise.

With --against, fresh processes of this checkout and of the other one alternate (`--rounds`
each, see benchmarks/measure.py), every one measuring as above; the samples of a side's
processes are pooled.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time

from benchmarks import measure

# (label, key) of the figures, in the order printed.
FIGURES = (
    ("stroke + viewport repaint", "stroke"),
    ("  the same, CPU", "stroke_cpu"),
    ("  the same, process CPU", "stroke_process"),
    ("render into a QImage", "render"),
    ("resize step + repaint", "resize"),
    ("  the same, CPU", "resize_cpu"),
    ("  the same, process CPU", "resize_process"),
    ("settling after a resize, CPU", "settle_cpu"),
    ("opening a 200-stroke game", "open"),
    ("  the same, CPU", "open_cpu"),
    ("  the same, process CPU", "open_process"),
)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def report(samples: dict[str, list[float]]) -> None:
    for label, key in FIGURES:
        values = samples[key]
        print(
            f"{label:>30}: min {min(values):6.2f}, median {statistics.median(values):6.2f}, "
            f"p95 {percentile(values, 95):6.2f} ms  ({len(values)} samples)"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x900", help="window size WxH (logical px)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="device pixel ratio (QT_SCALE_FACTOR)"
    )
    parser.add_argument("--repeats", type=int, default=4, help="passes over the last 60 strokes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="CHECKOUT", help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="processes per side (--against)")
    parser.add_argument("--json", action="store_true", help="(a child's) samples as JSON")
    args = parser.parse_args(argv)
    if args.against:
        return compare(args, argv if argv is not None else sys.argv[1:])
    if not args.json:
        print(f"at the start: {measure.load_text()}")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.scale != 1.0:
        os.environ["QT_SCALE_FACTOR"] = str(args.scale)

    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from triangles_qt.app.board_view import BoardView
    from triangles_qt.core.board import Board
    from triangles_qt.core.game import Game
    from triangles_qt.themes import NEBULA

    app = QApplication.instance() or QApplication(sys.argv[:1])
    board = Board.generate("tablet-180", args.seed)
    game = Game(board)
    while not game.is_over:
        best, best_gain = None, -1
        for i, j in game.legal_strokes():
            gain = len(game.gain(int(i), int(j)))
            if gain > best_gain:
                best, best_gain = (int(i), int(j)), gain
        game.play(*best)
    moves = game.moves
    tail = min(60, len(moves))
    start = game.copy()
    for _ in range(tail):
        start.undo()

    width, height = (int(v) for v in args.size.lower().split("x"))
    view = BoardView(NEBULA)
    view.resize(width, height)
    view.show()
    app.processEvents()
    view.show_game(start)
    app.processEvents()
    # As the app does at its first paint (application.main): what the start made is frozen,
    # so that the collector's passes do not walk it again during a game.
    gc.collect()
    gc.freeze()

    stroke_ms: list[float] = []
    stroke_cpu_ms: list[float] = []
    stroke_process_ms: list[float] = []
    render_ms: list[float] = []
    resize_ms: list[float] = []
    resize_cpu_ms: list[float] = []
    resize_process_ms: list[float] = []
    settle_cpu_ms: list[float] = []
    ratio = view.devicePixelRatioF()
    image = QImage(int(width * ratio), int(height * ratio), QImage.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    for _ in range(args.repeats):
        view.show_game(start)
        app.processEvents()
        for move in moves[-tail:]:
            t0, c0, p0 = time.perf_counter(), time.thread_time(), time.process_time()
            view.board_scene.add_move(move, animate=False)
            view.viewport().repaint()
            stroke_cpu_ms.append((time.thread_time() - c0) * 1000)
            stroke_process_ms.append((time.process_time() - p0) * 1000)
            stroke_ms.append((time.perf_counter() - t0) * 1000)
        for _ in range(10):
            t0 = time.perf_counter()
            painter = QPainter(image)
            view.render(painter)
            painter.end()
            render_ms.append((time.perf_counter() - t0) * 1000)

    for _ in range(args.repeats):
        for k in [*range(1, 21), *range(19, -1, -1)]:
            t0, c0, p0 = time.perf_counter(), time.thread_time(), time.process_time()
            view.resize(width - 8 * k, height - 6 * k)
            app.processEvents()  # the resize and the one repaint it asks for, as under a drag
            resize_cpu_ms.append((time.thread_time() - c0) * 1000)
            resize_process_ms.append((time.process_time() - p0) * 1000)
            resize_ms.append((time.perf_counter() - t0) * 1000)
        c0 = time.thread_time()
        deadline = time.perf_counter() + 0.5  # the size settles: the one full re-render
        while time.perf_counter() < deadline:
            app.processEvents()
            time.sleep(0.01)
        view.viewport().repaint()
        settle_cpu_ms.append((time.thread_time() - c0) * 1000)

    opened = Game(board)  # a game of 200 strokes opened over another board's
    for move in moves[:200]:
        opened.play(*move.stroke)
    other = Game(Board.generate("tablet-180", args.seed + 1))
    open_ms: list[float] = []
    open_cpu_ms: list[float] = []
    open_process_ms: list[float] = []
    for _ in range(max(5, args.repeats)):
        view.show_game(other)
        app.processEvents()
        t0, c0, p0 = time.perf_counter(), time.thread_time(), time.process_time()
        view.show_game(opened)
        view.viewport().repaint()
        open_cpu_ms.append((time.thread_time() - c0) * 1000)
        open_process_ms.append((time.process_time() - p0) * 1000)
        open_ms.append((time.perf_counter() - t0) * 1000)

    samples = {
        "stroke": stroke_ms,
        "stroke_cpu": stroke_cpu_ms,
        "stroke_process": stroke_process_ms,
        "render": render_ms,
        "resize": resize_ms,
        "resize_cpu": resize_cpu_ms,
        "resize_process": resize_process_ms,
        "settle_cpu": settle_cpu_ms,
        "open": open_ms,
        "open_cpu": open_cpu_ms,
        "open_process": open_process_ms,
    }
    if args.json:
        print(json.dumps(samples))
        return 0
    print(
        f"tablet-180, {len(moves)} strokes, {sum(game.scores)} triangles; "
        f"view {width}x{height} at device pixel ratio {ratio:g}"
    )
    report(samples)
    print(f"at the end: {measure.load_text()}")
    return 0


def compare(args: argparse.Namespace, argv: list[str]) -> int:
    """This checkout against `args.against`: `args.rounds` processes each, alternating."""
    passed: list[str] = []
    skip = False
    for arg in argv:  # the child's arguments: ours, less the comparison's own
        if skip:
            skip = False
        elif arg in ("--against", "--rounds"):
            skip = True
        elif not arg.startswith(("--against=", "--rounds=")):
            passed.append(arg)
    print(f"at the start: {measure.load_text()}")
    with measure.sides(args.against, qt_offscreen=True) as sides:
        print(sides.describe())
        pooled: dict[str, dict[str, list[float]]] = {side: {} for side in sides.envs}

        def run(side: str) -> dict[str, float]:
            command = measure.child_command("benchmarks.repaint", *passed, "--json")
            _, _, out = measure.run_child(command, sides.envs[side], sides.home)
            for key, values in measure.last_json(out).items():
                pooled[side].setdefault(key, []).extend(values)
            return {}

        figures = measure.interleaved(list(sides.envs), args.rounds, run, warm_up=False)
    print(f"at the end: {measure.load_text()}; {args.rounds} processes each, samples pooled")
    print(measure.paces_text(figures))
    for side, samples in pooled.items():
        print(f"{side}:")
        report(samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
