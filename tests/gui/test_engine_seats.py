"""Computer players in their own processes in the app: the plugins' strategies run as engines
(docs/engine-protocol.md), so a plugin that kills its process, hogs the processor or its memory
never ends or freezes the game; the seat's failure is told and the fallback plays."""

import dataclasses
import os
import textwrap

from app_helpers import is_failure

from triangles_qt.app.settings import NewGameChoices
from triangles_qt.app.table_talk import TableTalk
from triangles_qt.core.players import PlayerKind
from triangles_qt.engine.host import EngineStrategy
from triangles_qt.plugin_manager import load_plugins
from triangles_qt.statistics import StatisticsStore
from triangles_qt.table.session import GameSession

HOSTILE = """
    import os, threading
    from triangles_qt import hookimpl

    class Hostile:
        id = "hostile"
        name = "Hostile"

        def choose_stroke(self, position, budget_s):
            {body}

    @hookimpl
    def triangles_strategies():
        return [Hostile()]
"""


def session_with(tmp_path, registry):
    session = GameSession(registry, StatisticsStore(tmp_path / "history.sqlite"))
    session.talk = TableTalk(session, session)  # the app's words for its events
    session.seat_maker.delay_ms = 0
    session.budget_s = 0.3
    return session


def play_first_legal_to_the_end(session, qtbot):
    while not session.position.is_over:
        qtbot.waitUntil(lambda: session.local_to_move or session.position.is_over, timeout=10000)
        if not session.position.is_over:
            i, j = session.position.legal_strokes()[0]
            session.request_stroke(int(i), int(j))


def test_a_built_in_level_plays_a_whole_game_from_its_own_process(qtbot, tmp_path):
    session = session_with(tmp_path, load_plugins())
    failures = []
    session.talk.notice.connect(
        lambda notice: is_failure(notice) and failures.append(notice.text())
    )
    session.new_game(NewGameChoices(preset="phone-24", strategy_id="easy"), seed=2)
    engine = session.seats[1].runner.strategy
    assert isinstance(engine, EngineStrategy) and engine.id == "easy"
    with qtbot.waitSignal(session.game_over, timeout=60000):
        play_first_legal_to_the_end(session, qtbot)
    pid = engine.process.pid
    assert failures == [] and pid is not None and pid != os.getpid()
    assert session.statistics_store().per_strategy()["easy"].played == 1
    session.close()  # the window closes: its engines end with it
    assert not engine.process.running


def hostile_session(tmp_path, body):
    folder = tmp_path / "plugins"
    folder.mkdir()
    source = textwrap.dedent(HOSTILE).replace("{body}", body)
    (folder / "hostile.py").write_text(source)
    session = session_with(tmp_path, load_plugins([folder]))
    choices = NewGameChoices(preset="phone-24", opponent=PlayerKind.COMPUTER, strategy_id="hostile")
    return session, choices


def test_a_plugin_that_ends_its_process_cannot_end_the_game(qtbot, tmp_path, capfd):
    session, choices = hostile_session(tmp_path, "os._exit(3)")
    failures = []
    session.talk.notice.connect(
        lambda notice: is_failure(notice) and failures.append(notice.text())
    )
    session.new_game(choices, seed=4)
    with qtbot.waitSignal(session.game_over, timeout=60000):
        play_first_legal_to_the_end(session, qtbot)  # we are still here: it ended only itself
    assert len(failures) == 3  # then the simple player took its place for the rest of the game
    assert "“Hostile”" in failures[0] and "its program stopped" in failures[0]
    assert "(exit code 3)" in capfd.readouterr().err  # the specifics, for its author
    assert session.seats[1].name == "Computer (simple player)"
    session.close()


def test_a_plugin_that_burns_every_core_does_not_freeze_the_event_loop(qtbot, tmp_path):
    body = (
        "[threading.Thread(target=lambda: [0 for _ in iter(int, 1)], daemon=True).start() "
        "for _ in range(8)]; import time; time.sleep(60)"
    )
    session, choices = hostile_session(tmp_path, body)
    ticks = []
    from PySide6.QtCore import QTimer

    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    session.new_game(dataclasses.replace(choices, human_starts=False), seed=4)
    qtbot.waitUntil(lambda: len(session.position.moves) == 1, timeout=20000)  # the fallback
    timer.stop()
    assert len(ticks) > 10  # the event loop went on while the engine burned
    session.close()
