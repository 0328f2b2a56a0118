"""How long the app takes to start, as a player feels it: from the program's launch to the first
painted board, in CPU time (the app's process and the processes it waited for, such as the
plugin listing) beside wall time. Each run is a fresh process that starts the app as
`triangles-qt` does (offscreen unless QT_QPA_PLATFORM says otherwise, with a settings and data
folder of its own) and quits once the board has been painted. That CPU time counts the quit
too (Python's and Qt's teardown, about 90 ms); what had been spent when the board was first
painted, by the app and the processes it started (read from /proc, so Linux only), is told
beside it. Also what the app's own modules cost to import. Run on demand:

    python3 -m benchmarks.start [--repeats 7] [--against OTHER_CHECKOUT]

With --against, the runs alternate between this checkout and another one (a `git worktree` of
an earlier commit, say), so that both see the same load: an A/B comparison. Every run starts
its checkout's own `triangles_qt`, plugins and themes (benchmarks/measure.py), in a home
folder of its own; the first run of each side is not counted (it writes caches).
"""

from __future__ import annotations

import argparse
import sys

from benchmarks import measure

CHILD = """
import json, os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
import triangles_qt.app.application as application

def descendants_cpu():
    # What the processes this one started (the plugins' lister, an engine) have spent so far.
    tick, children, total = os.sysconf("SC_CLK_TCK"), {}, 0.0
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append((int(name), fields))
    todo = [os.getpid()]
    while todo:
        for pid, fields in children.get(todo.pop(), []):
            total += (int(fields[11]) + int(fields[12])) / tick
            todo.append(pid)
    return total

at_paint = {}

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not at_paint:
            at_paint["cpu"] = time.process_time() + descendants_cpu()
            QTimer.singleShot(0, QApplication.instance().quit)
        return False

exec_ = QApplication.exec
def exec_until_painted(app):
    from triangles_qt.app.main_window import MainWindow
    window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))
    watcher = FirstPaint(app)
    window.view.viewport().installEventFilter(watcher)
    return exec_()
QApplication.exec = exec_until_painted
code = application.main(["triangles-qt"])
print(json.dumps(at_paint))
sys.exit(code)
"""

IMPORTS = "import triangles_qt.app.main_window"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m benchmarks.start", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--repeats", "--repeat", type=int, default=7)
    parser.add_argument("--against", metavar="CHECKOUT", help="another checkout to compare with")
    args = parser.parse_args(argv)
    print(f"at the start: {measure.load_text()}")
    with measure.sides(args.against, qt_offscreen=True) as sides:
        print(sides.describe())

        def run(side: str) -> dict[str, float]:
            env = sides.envs[side]
            cpu, wall, out = measure.run_child([sys.executable, "-c", CHILD], env, sides.home)
            at_paint = measure.last_json(out).get("cpu", float("nan"))
            imports, _, _ = measure.run_child([sys.executable, "-c", IMPORTS], env, sides.home)
            return {"start cpu": cpu, "at paint": at_paint, "start wall": wall, "imports": imports}

        figures = measure.interleaved(list(sides.envs), args.repeats, run)
    print(f"at the end: {measure.load_text()}; {args.repeats} runs each, min and median")
    print(measure.paces_text(figures))
    rows = (
        ("start to first painted board, CPU", "start cpu"),
        ("  of which spent by the first paint (without quitting)", "at paint"),
        ("start to first painted board, wall", "start wall"),
        ("python + importing the window's modules, CPU", "imports"),
    )
    for side, found in figures.items():
        print(f"{side}:")
        for label, key in rows:
            print(f"  {label}: {measure.summary(found[key], digits=0)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
