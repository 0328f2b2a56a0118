"""The History window: every finished game, newest first, and a replay stroke by stroke."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from test_app_game import VS_COMPUTER, finished_game

from triangles_qt.app import history_dialog
from triangles_qt.app.history_dialog import HistoryDialog
from triangles_qt.app.i18n import LanguageManager, format_number
from triangles_qt.statistics import FinishedGame, StatisticsStore
from triangles_qt.themes import NEBULA


def test_a_finished_game_is_listed_and_replayed_stroke_by_stroke(make_window, qtbot):
    window = finished_game(make_window(), qtbot)
    final = window.session.position
    window.game_over_dialog.close_button.click()
    window.history_action.trigger()
    dialog = window._child_dialogs["history"]
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == "Game history"
    assert dialog.table.rowCount() == 1
    row = [dialog.table.item(0, c).text() for c in range(dialog.table.columnCount())]
    opponent = window.session.seats[1].name
    assert row[1] == opponent and row[2] == "One stroke per turn"
    assert row[3] == "Phone · 24 stars"
    assert row[4] == f"{final.scores[0]} – {final.scores[1]}"
    assert row[5] in ("Won", "Lost", "Drawn")
    total = len(final.moves)
    scene = dialog.view.board_scene
    assert len(scene.strokes) == total  # the final position first
    assert dialog.step_label.text().startswith(f"Stroke {total} of {total}")
    qtbot.mouseClick(dialog.first_button, Qt.MouseButton.LeftButton)
    assert scene.strokes == {} and not dialog.back_button.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Right)
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    strokes = {tuple(sorted(m.stroke)) for m in final.moves[:2]}
    assert set(scene.strokes) == strokes
    assert dialog.step_label.text().startswith(f"Stroke 2 of {total} · ")
    qtbot.keyClick(dialog, Qt.Key.Key_End)
    assert len(scene.strokes) == total and not dialog.next_button.isEnabled()


def test_an_empty_history_says_so_and_a_damaged_record_is_told(qtbot, tmp_path):
    store = StatisticsStore(tmp_path / "history.sqlite")
    dialog = HistoryDialog(store, NEBULA)
    qtbot.addWidget(dialog)
    assert dialog.table.isHidden() and not dialog.empty_label.isHidden()
    assert "No finished games yet" in dialog.empty_label.text()
    store._add(None, None, None, None)  # a row without a readable record
    dialog.reload()
    assert dialog.table.rowCount() == 1 and dialog.game is None
    assert dialog.step_label.text() == "This game's record could not be read."
    assert not dialog.next_button.isEnabled()


def test_an_unfinished_game_is_not_history(make_window, qtbot):
    window = finished_game(make_window(), qtbot)
    window.game_over_dialog.close_button.click()
    window.start_new_game(VS_COMPUTER, seed=6)
    window.show_history()
    dialog = window._child_dialogs["history"]
    assert dialog.table.rowCount() == 1  # an unfinished game is not history


def test_a_long_history_says_how_many_games_are_not_listed(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(history_dialog, "LISTED", 3)
    store = StatisticsStore(tmp_path / "history.sqlite")
    for _ in range(3):
        store._add(None, None, None, None)
    dialog = HistoryDialog(store, NEBULA)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 3 and dialog.more_label.isHidden()
    for _ in range(1234 - 3):
        store._add(None, None, None, None)
    dialog.reload()
    assert dialog.table.rowCount() == 3 and not dialog.more_label.isHidden()
    many = format_number(1234)  # as the language writes numbers: "1,234", "1.234"
    assert dialog.more_label.text() == f"The newest 3 of your {many} games are listed."


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", ["Computer (Easy)", "Computer (Hard)", "Player 1 – Ana", "Thirdparty"]),
        ("es", ["Ordenador (Fácil)", "Ordenador (Difícil)", "Jugador 1 – Ana", "Thirdparty"]),
        ("de", ["Computer (Leicht)", "Computer (Schwer)", "Spieler 1 – Ana", "Thirdparty"]),
        ("bg", ["Компютър (Лесно)", "Компютър (Трудно)", "Играч 1 – Ana", "Thirdparty"]),
    ],
)
def test_opponents_are_shown_in_the_language_in_use_whatever_they_were_kept_in(
    qapp, qtbot, tmp_path, language, shown
):
    """History rows written in German (and an older Spanish one) read right in every language
    (issue 48: "Computer (Leicht)" was shown in English)."""
    store = StatisticsStore(tmp_path / "history.sqlite")
    kept = [
        ("Computer (Leicht)", "easy"),  # counted: the level's id is kept beside the text
        ("Ordenador (Difícil)", None),  # not counted: the text alone
        ("Jugador 1 – Ana", None),  # two people here
        ("Thirdparty", None),
    ]
    for opponent, strategy in reversed(kept):
        game = FinishedGame(opponent, "phone-24", 24, False, (1, 2), "")
        if strategy:
            store.record_result(strategy, "won", game=game)
        else:
            store.record_game(game)
    languages = LanguageManager(qapp)
    try:
        languages.set_language(language)
        dialog = HistoryDialog(store, NEBULA)
        qtbot.addWidget(dialog)
        assert [dialog.table.item(row, 1).text() for row in range(4)] == shown
    finally:
        languages.unload()
