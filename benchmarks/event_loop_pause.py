"""How long the app's event loop can stall while a computer player burns every core: a plugin
whose every move starts one busy process per core and never answers, played against in a
GameSession (the app's game logic) with a 10 ms timer ticking. Run on demand:

    python3 -m benchmarks.event_loop_pause [--moves 5] [--budget 1.0]

Prints the longest gap between two ticks (the window's longest pause) and how many moves the
fallback played; the engine is stopped after each late answer, with everything it started.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import textwrap
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QTimer  # noqa: E402

from triangles_qt.app.session import GameSession  # noqa: E402
from triangles_qt.app.settings import NewGameChoices, Settings  # noqa: E402
from triangles_qt.core.players import PlayerKind  # noqa: E402
from triangles_qt.plugin_manager import load_plugins  # noqa: E402
from triangles_qt.statistics import StatisticsStore  # noqa: E402

BURNER = """
    import os, time
    from triangles_qt import hookimpl

    class Burner:
        id = "burner"
        name = "Burner"

        def choose_stroke(self, position, budget_s):
            for _ in range(os.cpu_count() or 2):
                if os.fork() == 0:
                    while True:
                        pass
            while True:
                pass

    @hookimpl
    def triangles_strategies():
        return [Burner()]
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--budget", type=float, default=1.0)
    args = parser.parse_args()
    app = QCoreApplication([])
    folder = Path(tempfile.mkdtemp()) / "plugins"
    folder.mkdir()
    (folder / "burner.py").write_text(textwrap.dedent(BURNER))
    os.environ["TRIANGLES_USER_DATA"] = str(folder.parent / "data")
    session = GameSession(
        load_plugins([folder]),
        Settings(folder.parent / "settings.ini"),
        StatisticsStore(folder.parent / "statistics.json"),
    )
    session.budget_s = args.budget
    session.seat_maker.delay_ms = 0
    last, longest = [time.perf_counter()], [0.0]

    def tick() -> None:
        now = time.perf_counter()
        longest[0] = max(longest[0], now - last[0])
        last[0] = now

    def on_turn() -> None:
        position = session.position
        if position is None or position.is_over:
            return
        if len(position.moves) >= 2 * args.moves:
            app.quit()
        elif session.local_to_move:
            i, j = position.legal_strokes()[0]
            QTimer.singleShot(0, lambda: session.request_stroke(int(i), int(j)))

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(10)
    session.changed.connect(on_turn)
    choices = NewGameChoices(
        preset="tablet-120", opponent=PlayerKind.COMPUTER, strategy_id="burner", human_starts=False
    )
    session.new_game(choices, seed=1)
    QTimer.singleShot(round(args.moves * (args.budget + 3) * 1000), app.quit)
    start = time.perf_counter()
    app.exec()
    seconds = time.perf_counter() - start
    moves = len(session.position.moves) if session.position else 0
    session.close()
    print(f"{moves} strokes in {seconds:.1f} s against an engine burning {os.cpu_count()} cores")
    print(f"longest event-loop pause: {longest[0] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
