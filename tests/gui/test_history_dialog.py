"""The History window: every finished game, newest first, and a replay stroke by stroke, drawn
as the main board draws it, played at a steady pace, and continued on the main board."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSlider
from test_app_game import VS_COMPUTER, finished_game

from triangles_qt.app import history_dialog
from triangles_qt.app.history_dialog import HistoryDialog
from triangles_qt.app.i18n import LanguageManager, format_number
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.core.record import record_to_text
from triangles_qt.core.rules import Rules
from triangles_qt.statistics import FinishedGame, StatisticsStore
from triangles_qt.themes import NEBULA


def history_of_one_game(tmp_path, strokes=8):
    """A history holding one phone game of `strokes` strokes (not finished: it is the record
    that is replayed), and that game."""
    game = Game(Board.generate("phone-24", 5), Rules(False))
    for _ in range(strokes):
        game.play(*map(int, game.legal_strokes()[0]))
    players = [
        PlayerInfo("Ana", PlayerKind.HUMAN),
        PlayerInfo("First", PlayerKind.COMPUTER, "first"),
    ]
    store = StatisticsStore(tmp_path / "history.sqlite")
    record = record_to_text(game, players)
    store.record_game(FinishedGame("First", "phone-24", 24, False, tuple(game.scores), record))
    return store, game


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


def spread(view) -> tuple[int, int]:
    """How far the stars reach across and down the view, in pixels."""
    points = [view.star_view_pos(i) for i in range(view.board_scene.star_count)]
    xs, ys = [p.x() for p in points], [p.y() for p in points]
    return max(xs) - min(xs), max(ys) - min(ys)


def test_the_replay_is_drawn_as_the_main_board_draws_it(make_window, qtbot, tmp_path):
    """A portrait board played in a wide window lies on its side there: History, as wide, shows
    it the same way; in a tall window both stand it up (issue 48: always portrait)."""
    store, _ = history_of_one_game(tmp_path)
    window = make_window(size=(1200, 700))
    window.start_new_game(VS_COMPUTER, seed=5)  # a phone board: portrait
    qtbot.waitUntil(lambda: window.view.rotated)
    dialog = HistoryDialog(store, NEBULA, window)
    qtbot.addWidget(dialog)
    dialog.resize(1200, 560)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.view.rotated)  # on its side, as in the main window
    across, down = spread(dialog.view)
    assert across > down * 1.3
    assert dialog.view.viewport().width() > dialog.view.viewport().height()
    header = dialog.table.horizontalHeader()  # and the list still shows its last column
    assert header.sectionViewportPosition(5) + header.sectionSize(5) <= (
        dialog.table.viewport().width()
    )
    window.resize(700, 1000)
    dialog.resize(700, 1000)
    qtbot.waitUntil(lambda: not window.view.rotated and not dialog.view.rotated)
    across, down = spread(dialog.view)
    assert down > across * 1.3


def test_play_steps_through_the_strokes_and_the_player_pauses_it(qtbot, tmp_path):
    store, game = history_of_one_game(tmp_path, strokes=5)
    dialog = HistoryDialog(store, NEBULA)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    scene = dialog.view.board_scene
    assert dialog.slider.value() == 5 and not dialog.playing
    assert dialog.continue_button.isEnabled()  # an unfinished record: played on from its end
    assert dialog.play_button.toolTip() == "Play the strokes one by one"
    assert dialog.timer.interval() == history_dialog.STROKE_MS
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)  # from the last: the start
    assert dialog.playing and dialog.slider.value() == 0 and scene.strokes == {}
    assert dialog.play_button.toolTip() == "Pause"
    dialog.timer.timeout.emit()
    dialog.timer.timeout.emit()
    assert dialog.slider.value() == 2 and len(scene.strokes) == 2 and dialog.playing
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)  # a step: paused there
    assert not dialog.playing and dialog.slider.value() == 3
    dialog.view.setFocus()
    qtbot.keyClick(dialog.view, Qt.Key.Key_Space)  # the replay's board has the focus
    assert dialog.playing
    qtbot.keyClick(dialog.view, Qt.Key.Key_Space)
    assert not dialog.playing and dialog.slider.value() == 3
    qtbot.keyClick(dialog.view, Qt.Key.Key_Left)  # steps, not a star cursor
    assert dialog.slider.value() == 2 and scene.cursor is None
    qtbot.keyClick(dialog.view, Qt.Key.Key_Space)
    dialog.slider.triggerAction(QAbstractSlider.SliderAction.SliderSingleStepAdd)  # the player
    assert not dialog.playing and dialog.slider.value() == 3
    dialog.timer.setInterval(1)  # the pace is not what is tested: the end is
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.playing, timeout=5000)
    assert dialog.slider.value() == 5 and len(scene.strokes) == len(game.moves)
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
    assert dialog.playing
    dialog.hide()  # closing the window stops it
    assert not dialog.playing


def test_a_past_game_is_continued_on_the_main_board_from_the_stroke_shown(make_window, qtbot):
    window = finished_game(make_window(), qtbot)
    final = [tuple(m.stroke) for m in window.session.position.moves]
    window.game_over_dialog.close_button.click()
    window.history_action.trigger()
    dialog = window._child_dialogs["history"]
    qtbot.waitExposed(dialog)
    # The last stroke of a finished game: nothing to play on from.
    assert not dialog.continue_button.isEnabled()
    assert dialog.continue_button.text() == "Co&ntinue this game"
    assert "step back" in dialog.continue_button.toolTip()
    qtbot.mouseClick(dialog.first_button, Qt.MouseButton.LeftButton)
    for _ in range(3):
        qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    assert dialog.continue_button.isEnabled()
    qtbot.mouseClick(dialog.continue_button, Qt.MouseButton.LeftButton)
    session = window.session
    played = [tuple(m.stroke) for m in session.position.moves]
    assert played[:3] == final[:3] and not session.position.is_over
    assert window.asked == []  # the game on the board was over: nothing to abandon
    assert session.players[1].kind == PlayerKind.COMPUTER and session.players[1].strategy == "first"
    assert session.file is None and not dialog.isVisible()  # a new game, in sight
    # Now a game is in progress: it is abandoned only if the player says so.
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    window.show_history()
    dialog = window._child_dialogs["history"]
    qtbot.waitExposed(dialog)
    dialog.slider.setValue(1)
    now = [tuple(m.stroke) for m in session.position.moves]
    window.answers = [False]
    qtbot.mouseClick(dialog.continue_button, Qt.MouseButton.LeftButton)
    assert window.asked == [
        "Abandon the game in progress and continue the one from History?\n\n"
        "Against the computer, a game abandoned counts as lost."
    ]
    assert [tuple(m.stroke) for m in session.position.moves] == now and dialog.isVisible()
    window.answers = [True]
    qtbot.mouseClick(dialog.continue_button, Qt.MouseButton.LeftButton)
    assert [tuple(m.stroke) for m in session.position.moves][:1] == final[:1]
    assert not dialog.isVisible()
