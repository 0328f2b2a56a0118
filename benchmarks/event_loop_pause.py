"""How long the window's event loop pauses while the computer thinks: the app's real window
(MainWindow, shown, offscreen unless QT_QPA_PLATFORM says otherwise) plays a game against a
built-in level run as the app runs it, and a timer on the window's thread ticks every few
milliseconds. Run on demand:

    python3 -m benchmarks.event_loop_pause [--level hard] [--moves 8] [--budget 1.0]
                                           [--repeat 3] [--against OTHER_CHECKOUT]

How: each run is a fresh process with settings and user data of its own. As application.main
does, it lists the plugins in a process of their own (load_plugins_isolated), sets the app's
widget style and opens a MainWindow; the game starts as Game > New does (start_new_game), the
computer first, so that the level plays through the session's seats (SeatMaker: its engine
process, SafeStrategy, a worker thread per stroke; triangles_qt/computer_players.py). The
computer's delay before it starts thinking (350 ms in the app) is 0 here; the person's strokes
are drawn at once, picked at random among the legal ones (seeded). A precise timer ticks every
--tick-ms on the window's thread; the gap between two ticks is how long the window could not
answer. Figures of a run: the longest gap and the 95th percentile, over the gaps that began
and ended while the computer was thinking, and over the whole game (which adds the window's own
work: drawing each stroke, its animations); the computer's moves and their mean wall time;
the CPU time of the window's process (its threads) and of the engine (its process, once
ended). Each figure is given as the min and the median over the runs, with the machine's load
(os.getloadavg) at the start and at the end, and at each run's start. With --against, the runs
alternate between this checkout and another one (an A/B comparison).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import tempfile
import time

from benchmarks import measure


def one_run(options: dict) -> dict[str, float]:
    """One game in a real window, in this (fresh) process: the figures of the module docstring."""
    load = os.getloadavg()[0]
    data = tempfile.mkdtemp(prefix="triangles-pause-", dir=options.get("folder"))
    os.environ["TRIANGLES_USER_DATA"] = os.path.join(data, "data")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt, QTimer, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from triangles_qt.app.application import use_app_style
    from triangles_qt.app.main_window import MainWindow
    from triangles_qt.app.settings import NewGameChoices, Settings
    from triangles_qt.core.players import PlayerKind
    from triangles_qt.engine.listing import load_plugins_isolated
    from triangles_qt.statistics import StatisticsStore

    def quiet(kind, context, message: str) -> None:  # the offscreen platform's one complaint
        if "propagateSizeHints" not in message:
            print(message, file=sys.stderr)

    qInstallMessageHandler(quiet)
    app = QApplication([sys.argv[0]])
    use_app_style(app, [])
    registry = load_plugins_isolated([])
    window = MainWindow(
        registry,
        Settings(os.path.join(data, "settings.ini")),
        statistics=StatisticsStore(os.path.join(data, "history.sqlite")),
    )
    window.ask = lambda *args, **kwargs: True  # no question waits for an answer
    window.resize(900, 900)
    window.show()
    session = window.session
    session.budget_s = options["budget"]
    session.seat_maker.delay_ms = 0
    rng = random.Random(options["seed"])
    moves_wanted = options["moves"]

    gaps_thinking: list[float] = []
    gaps_all: list[float] = []
    thinking_times: list[float] = []
    state = {"last": time.perf_counter(), "was_thinking": False, "since": 0.0, "asked": -1}
    state |= {"played": 0, "over": False}

    def tick() -> None:
        now = time.perf_counter()
        gap = now - state["last"]
        thinking = session.thinking
        gaps_all.append(gap)
        if thinking and state["was_thinking"]:
            gaps_thinking.append(gap)
        state["last"], state["was_thinking"] = now, thinking

    def computer_moves() -> int:
        position = session.position
        return 0 if position is None else sum(move.player == 0 for move in position.moves)

    def on_changed() -> None:
        position = session.position
        if position is None:
            return
        now = time.perf_counter()
        if session.thinking and not state["since"]:
            state["since"] = now
        elif not session.thinking and state["since"]:
            thinking_times.append(now - state["since"])
            state["since"] = 0.0
        state["played"], state["over"] = computer_moves(), position.is_over
        if position.is_over or state["played"] >= moves_wanted:
            QTimer.singleShot(0, app.quit)
        elif session.local_to_move and state["asked"] != len(position.moves):
            state["asked"] = len(position.moves)
            strokes = position.legal_strokes()
            i, j = strokes[rng.randrange(len(strokes))]
            QTimer.singleShot(0, lambda: session.request_stroke(int(i), int(j)))

    session.changed.connect(on_changed)
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.timeout.connect(tick)
    choices = NewGameChoices(
        preset=options["preset"],
        opponent=PlayerKind.COMPUTER,
        strategy_id=options["level"],
        human_starts=False,
    )
    # Against a hang: the computer's safety stop is a few budgets; the fallback answers then.
    QTimer.singleShot(round(moves_wanted * (4 * options["budget"] + 5) * 1000), app.quit)
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with measure.Timed() as timed:
        window.start_new_game(choices, seed=options["seed"])
        state["last"] = time.perf_counter()
        timer.start(options["tick_ms"])
        app.exec()
        timer.stop()
    played, over = state["played"], state["over"]  # the session closes its game on quitting
    window.close()  # ends the engine process, which is then counted below
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    engine_cpu = (children.ru_utime - children_before.ru_utime) + (
        children.ru_stime - children_before.ru_stime
    )
    if played < moves_wanted and not over:
        raise SystemExit(f"only {played} of {moves_wanted} computer moves within the time")
    if not gaps_thinking:
        raise SystemExit("no timer tick while the computer thought")
    return {
        "load at the run's start": load,
        "pause while thinking, max": max(gaps_thinking),
        "pause while thinking, p95": measure.percentile(gaps_thinking, 95),
        "pause over the game, max": max(gaps_all),
        "pause over the game, p95": measure.percentile(gaps_all, 95),
        "computer moves": played,
        "computer move, mean wall": sum(thinking_times) / max(1, len(thinking_times)),
        "window process CPU": timed.cpu,
        "engine process CPU": engine_cpu,
        "game wall": timed.wall,
    }


ROWS = [  # (figure, scale, unit, digits)
    ("pause while thinking, max", 1e3, "ms", 1),
    ("pause while thinking, p95", 1e3, "ms", 2),
    ("pause over the game, max", 1e3, "ms", 1),
    ("pause over the game, p95", 1e3, "ms", 2),
    ("computer moves", 1, "", 0),
    ("computer move, mean wall", 1, "s", 3),
    ("window process CPU", 1, "s", 2),
    ("engine process CPU", 1, "s", 2),
    ("game wall", 1, "s", 2),
    ("load at the run's start", 1, "", 2),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m benchmarks.event_loop_pause", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--level", default="hard", help="the computer's strategy id (hard)")
    parser.add_argument("--preset", default="tablet-120", help="board (tablet-120)")
    parser.add_argument("--moves", type=int, default=8, help="computer moves per run (8)")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per move (1.0)")
    parser.add_argument("--repeat", "--repeats", type=int, default=3, help="runs (3)")
    parser.add_argument("--tick-ms", type=int, default=5, help="the timer's interval (5)")
    parser.add_argument("--seed", type=int, default=1, help="board and person seed (1)")
    parser.add_argument("--against", metavar="CHECKOUT", help="another checkout to compare with")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # one run, as JSON (internal)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(one_run(json.loads(args.child))))
        return 0
    options = {
        key: getattr(args, key) for key in ("level", "preset", "moves", "budget", "tick_ms", "seed")
    }
    print(f"at the start: {measure.load_text()}")
    print(
        f"{args.level} on {args.preset}, budget {args.budget:g} s, {args.moves} of its moves per "
        f"run, a tick every {args.tick_ms} ms; {args.repeat} runs per checkout, each a fresh "
        "process (one more before them, not counted: it writes caches)"
    )
    with measure.sides(args.against, qt_offscreen=True) as sides:
        print(sides.describe())
        options["folder"] = sides.home  # removed with it
        command = measure.child_command(
            "benchmarks.event_loop_pause", "--child", json.dumps(options)
        )

        def run(side: str) -> dict[str, float]:
            _, _, out = measure.run_child(command, sides.envs[side], sides.home)
            return measure.last_json(out)

        figures = measure.interleaved(list(sides.envs), args.repeat, run)
    print(f"at the end: {measure.load_text()}")
    print(measure.paces_text(figures))
    for side, found in figures.items():
        print(f"{side} (min and median over {args.repeat} runs):")
        for key, scale, unit, digits in ROWS:
            print(f"  {key}: {measure.summary(found[key], scale, unit, digits)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
