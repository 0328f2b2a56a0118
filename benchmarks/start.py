"""How long the app takes to start, as a player feels it: from the program's launch to the first
painted board, in CPU time (the app's process and the processes it waited for, such as the
plugin listing) beside wall time. Each run is a fresh process that starts the app as
`triangles-qt` does (offscreen unless QT_QPA_PLATFORM says otherwise, with a settings and data
folder of its own) and quits once the board has been painted. Also what the app's own modules
cost to import. Run on demand:

    python3 -m benchmarks.start [--repeats 7] [--against OTHER_CHECKOUT]

With --against, the runs alternate between this checkout and another one (a `git worktree` of
an earlier commit, say), so that both see the same load: an A/B comparison.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = """
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
import triangles_qt.app.application as application

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
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
sys.exit(application.main(["triangles-qt"]))
"""

IMPORTS = "import triangles_qt.app.main_window"


def run_child(code: str, env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds of the child and what it waited for, wall seconds) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # From the home folder: `python -c` puts the working folder first on the path, which would
    # take this checkout whatever PYTHONPATH says.
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=env["HOME"])
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def describe(name: str, values: list[float]) -> str:
    return (
        f"{name}: min {min(values) * 1000:.0f} ms, median {statistics.median(values) * 1000:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m benchmarks.start", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--against", metavar="CHECKOUT", help="another checkout to compare with")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="triangles-start-") as home:
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_DATA_HOME": os.path.join(home, "share"),
            "TRIANGLES_USER_DATA": os.path.join(home, "data"),
        }
        sides = {"this checkout": env}
        if args.against:
            sides[args.against] = {**env, "PYTHONPATH": os.path.abspath(args.against)}
        figures: dict[str, dict[str, list[float]]] = {}
        for side_env in sides.values():
            run_child(CHILD, side_env)  # the first run writes caches (.pyc, fontconfig)
        for _ in range(args.repeats):  # interleaved, so that a change of load hits all alike
            for side, side_env in sides.items():
                cpu, wall = run_child(CHILD, side_env)
                found = figures.setdefault(side, {"start cpu": [], "start wall": [], "imports": []})
                found["start cpu"].append(cpu)
                found["start wall"].append(wall)
                found["imports"].append(run_child(IMPORTS, side_env)[0])
    print(f"load average {os.getloadavg()[0]:.2f}, {args.repeats} runs each")
    for side, found in figures.items():
        print(f"{side}:")
        print("  " + describe("start to first painted board, CPU", found["start cpu"]))
        print("  " + describe("start to first painted board, wall", found["start wall"]))
        print("  " + describe("python + importing the window's modules, CPU", found["imports"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
