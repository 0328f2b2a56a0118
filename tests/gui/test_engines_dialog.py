"""Settings > Engines: a player adds an engine program (checked first), it is remembered and
offered in the New game window, and it plays a whole game; a program that is not an engine is
refused with the reason."""

import shutil
import sys
import textwrap
from pathlib import Path

import pytest
from app_helpers import is_failure
from PySide6.QtCore import Qt

from triangles_qt.app.settings import EngineEntry, NewGameChoices, Settings
from triangles_qt.plugin_manager import load_plugins


def engine_script(tmp_path, name="mine.py"):
    """A Python engine program: the built-in Easy served over the protocol."""
    script = tmp_path / name
    script.write_text(
        textwrap.dedent(
            """
            import sys
            from triangles_qt.engine.__main__ import main
            sys.exit(main(["--strategy", "easy"]))
            """
        )
    )
    return script


def play_to_the_end(session, qtbot, pick):
    """The person draws the legal stroke at index `pick` whenever it is their turn."""
    with qtbot.waitSignal(session.game_over, timeout=60000):
        while not session.position.is_over:
            qtbot.waitUntil(
                lambda: session.local_to_move or session.position.is_over, timeout=20000
            )
            if not session.position.is_over:
                i, j = session.position.legal_strokes()[pick]
                session.request_stroke(int(i), int(j))


def open_engines(window, qtbot, program, name):
    window.engines_action.trigger()
    dialog = window._child_dialogs["engines"]
    dialog.choose_program = lambda: str(program)
    dialog.choose_name = lambda suggested: name
    return dialog


def test_an_added_engine_is_remembered_offered_and_plays_a_whole_game(make_window, qtbot, tmp_path):
    window = make_window(load_plugins())
    dialog = open_engines(window, qtbot, engine_script(tmp_path), "Mine")
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=20000)
    assert dialog.list.item(0).text() == f"Mine — {sys.executable} {tmp_path / 'mine.py'}"
    again = Settings(window.settings.qsettings)
    assert again.engines == [EngineEntry("Mine", (sys.executable, str(tmp_path / "mine.py")))]
    dialog.close()

    window.new_action.trigger()
    combo = window.new_game_dialog.strategy_combo
    assert "Mine (engine)" in [combo.itemText(k) for k in range(combo.count())]
    window.new_game_dialog.reject()

    failures = []
    window.talk.notice.connect(lambda n: is_failure(n) and failures.append(n.text()))
    window.session.budget_s = 1.0
    window.start_new_game(NewGameChoices(preset="phone-24", strategy_id="engine:Mine"), seed=6)
    assert window.score_panel.cards[1].name_text == "Computer (Mine)"
    session = window.session
    play_to_the_end(session, qtbot, pick=0)
    assert failures == []
    assert session.statistics_store().per_strategy()["engine:Mine"].played == 1


def test_a_program_that_is_not_an_engine_is_refused_and_one_can_be_removed(
    make_window, qtbot, tmp_path
):
    window = make_window()
    not_an_engine = tmp_path / "quiet.py"
    # It reads the host's first line before it answers wrongly: had it ended at once, the host
    # might find it gone while writing (another true reason, and the test would race it).
    not_an_engine.write_text("import sys\nsys.stdin.readline()\nprint('hello')\n")
    dialog = open_engines(window, qtbot, not_an_engine, "Quiet")
    dialog.add_engine()
    qtbot.waitUntil(lambda: dialog.message_box is not None, timeout=20000)
    assert dialog.message_box.text() == (
        "“Quiet” did not answer as a Triangles engine, so it was not added."
    )
    assert "handshake" in dialog.message_box.detailedText()
    assert dialog.list.count() == 0 and window.settings.engines == []
    dialog.message_box.accept()

    window.settings.engines = [EngineEntry("Kept", ("a",)), EngineEntry("Gone", ("b",))]
    dialog.close()
    window.engines_action.trigger()
    dialog = window._child_dialogs["engines"]
    assert not dialog.remove_button.isEnabled()  # nothing chosen yet
    dialog.list.setCurrentRow(1)
    dialog.remove_button.click()
    assert [entry.name for entry in window.settings.engines] == ["Kept"]
    assert dialog.list.count() == 1


def test_a_damaged_engine_list_in_the_settings_is_left_out(tmp_path):
    settings = Settings(tmp_path / "s.ini")
    settings.qsettings.setValue("engines/list", "[{not json")
    assert settings.engines == []
    settings.qsettings.setValue(
        "engines/list",
        '[{"name": "Ok", "command": ["x"]}, {"name": "", "command": ["y"]}, {"name": "No"}, 7]',
    )
    assert settings.engines == [EngineEntry("Ok", ("x",))]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_javascript_example_engine_plays_a_whole_game_in_the_app(make_window, qtbot):
    script = Path(__file__).resolve().parents[2] / "docs" / "examples" / "engine-js" / "greedy.js"
    window = make_window(load_plugins())
    dialog = open_engines(window, qtbot, script, "Greedy")
    dialog.add_engine()
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=20000)
    assert window.settings.engines == [EngineEntry("Greedy", ("node", str(script)))]
    dialog.close()
    failures = []
    window.talk.notice.connect(lambda n: is_failure(n) and failures.append(n.text()))
    window.session.budget_s = 1.0
    choices = NewGameChoices(preset="phone-24", strategy_id="engine:Greedy", human_starts=False)
    window.start_new_game(choices, seed=8)
    session = window.session
    play_to_the_end(session, qtbot, pick=-1)
    assert failures == []  # every stroke it answered was legal and on time
    assert any(move.player == 0 for move in session.position.moves)
