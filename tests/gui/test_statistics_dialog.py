"""The Statistics window shows the store's numbers and resets only after a confirmation."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QMessageBox

from triangles_qt.app.statistics_dialog import StatisticsDialog
from triangles_qt.statistics import Counts, StatisticsStore


@pytest.fixture
def store(tmp_path):
    store = StatisticsStore(tmp_path / "history.sqlite")
    for outcome in ("won", "won", "lost", "drawn"):
        store.record_result("easy", outcome)
    store.record_result("hard", "lost")
    store.record_result("gone.plugin", "won")
    return store


@pytest.fixture
def dialog(qtbot, store):
    names = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
    dialog = StatisticsDialog(store, strategy_names=names)
    qtbot.addWidget(dialog)
    return dialog


def table_rows(dialog) -> list[list[str]]:
    table = dialog.table
    return [
        [table.item(row, column).text() for column in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


def test_the_table_shows_each_strategy_and_the_totals(dialog):
    assert table_rows(dialog) == [
        ["Easy", "4", "2", "1", "1"],
        ["Hard", "1", "0", "0", "1"],
        # a strategy whose plugin is gone keeps its results
        ["gone.plugin (not installed)", "1", "1", "0", "0"],
        ["Total", "6", "3", "1", "2"],
    ]
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(5)]
    assert headers == ["Computer player", "Played", "Won", "Drawn", "Lost"]  # the chart's order
    assert "6" in dialog.summary_label.text()
    assert dialog.error_label.isHidden()


def test_the_chart_gets_one_bar_per_strategy(dialog):
    assert [label for label, _ in dialog.chart._rows] == [
        "Easy",
        "Hard",
        "gone.plugin (not installed)",
    ]
    assert dialog.chart._rows[0][1] == Counts(4, 2, 1, 1)
    dialog.show()
    image = dialog.chart.grab().toImage()
    assert not image.isNull() and image.width() > 100


def test_the_results_over_time_are_drawn_as_bars_under_their_period(dialog, store, qtbot):
    from datetime import date

    from PySide6.QtCore import QDate, QLocale

    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.trend.isVisible() and dialog.trend_label.text() == "Results by day"
    periods = dialog.trend.periods
    today = date.today()
    newest = QLocale().toString(QDate(today.year, today.month, today.day), "d MMM")
    assert len(periods) == 12 and periods[-1] == (newest, Counts(6, 3, 2, 1))
    assert all(counts == Counts() for _, counts in periods[:-1])
    assert dialog.trend.accessibleName() == "Results by day"
    assert dialog.trend.accessibleDescription().endswith(f"{newest}: 6")
    image = dialog.trend.grab().toImage()
    bar = image.pixelColor(image.width() - image.width() // 24, 14 + 110 - 3)  # the newest's foot
    assert bar.name() == "#009e73"  # won, at the bottom
    store.reset()
    dialog.refresh()
    assert dialog.trend.isHidden() and dialog.trend_label.isHidden()


def test_reset_asks_first_and_cancel_keeps_everything(dialog, store, monkeypatch):
    asked = []

    def answer_cancel(*args, **kwargs):
        asked.append(args)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", answer_cancel)
    dialog.reset_button.click()
    assert len(asked) == 1
    assert store.totals().played == 6
    assert table_rows(dialog)[-1] == ["Total", "6", "3", "1", "2"]


def test_reset_after_confirmation_empties_store_and_table(dialog, store, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Reset)
    dialog.reset_button.click()
    assert store.totals() == Counts()
    assert StatisticsStore(store.path).totals() == Counts()
    assert table_rows(dialog) == [["Total", "0", "0", "0", "0"]]
    assert dialog.chart.isHidden()
    assert not dialog.reset_button.isEnabled()


def test_a_failed_reset_is_reported_and_keeps_the_numbers(dialog, store, monkeypatch):
    import sqlite3

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Reset)
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warnings.append(a[2]))

    store.wait_s = 0.1
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the database
    try:
        dialog.reset_button.click()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert warnings == [
        "The statistics could not be reset.\n"
        "Another program is using the statistics file; try again when it is free."
    ]
    assert table_rows(dialog)[-1] == ["Total", "6", "3", "1", "2"]


def test_a_damaged_file_is_explained(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite"
    path.write_text("{ not json")
    store = StatisticsStore(path)
    dialog = StatisticsDialog(store)
    qtbot.addWidget(dialog)
    assert not dialog.error_label.isHidden()
    assert store.corrupt_copy.name in dialog.error_label.text()
    assert "starts again from zero" in dialog.error_label.text()
    assert dialog.error_label.toolTip() == store.load_error
    assert table_rows(dialog) == [["Total", "0", "0", "0", "0"]]

    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Reset)
    assert dialog.reset_button.isEnabled()
    dialog.reset_button.click()
    assert dialog.error_label.isHidden()
    assert store.corrupt_copy.exists()  # the player's old file is never erased


def test_a_damaged_file_that_stays_in_place_is_explained(qtbot, tmp_path, monkeypatch):
    import os

    path = tmp_path / "history.sqlite"
    path.write_text("{ not json")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse)
        store = StatisticsStore(path)
    dialog = StatisticsDialog(store)
    qtbot.addWidget(dialog)
    assert "could not be moved aside" in dialog.error_label.text()
    assert "reset the statistics" in dialog.error_label.text()


def test_a_language_change_retranslates(dialog, monkeypatch):
    calls = []
    monkeypatch.setattr(dialog, "retranslate_ui", lambda: calls.append(True))
    QCoreApplication.sendEvent(dialog, QEvent(QEvent.Type.LanguageChange))
    assert calls == [True]


def test_counts_follow_the_language_number_format(qtbot, qapp, tmp_path):
    import json

    from triangles_qt.app.i18n import LanguageManager

    path = tmp_path / "history.sqlite"
    counts = {"easy": {"won": 1234, "lost": 0, "drawn": 0}}  # a long-time player's old file
    (tmp_path / "statistics.json").write_text(json.dumps({"version": 1, "strategies": counts}))
    languages = LanguageManager(qapp)
    try:
        languages.set_language("de")
        dialog = StatisticsDialog(StatisticsStore(path))
        qtbot.addWidget(dialog)
        assert table_rows(dialog)[0][1:3] == ["1.234", "1.234"]
        assert "1.234" in dialog.summary_label.text()
    finally:
        languages.unload()


def test_the_window_opens_with_close_focused_and_enter_closes_it(dialog, qtbot):
    from PySide6.QtWidgets import QDialogButtonBox

    dialog.show()
    qtbot.waitExposed(dialog)
    close = dialog.buttons.button(QDialogButtonBox.StandardButton.Close)
    qtbot.waitUntil(lambda: dialog.focusWidget() is close)
    assert not dialog.reset_button.isDefault()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert not dialog.isVisible()


def test_a_database_that_is_only_busy_is_not_called_damaged(qtbot, tmp_path, monkeypatch):
    import sqlite3

    def busy(self):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(StatisticsStore, "_connect", busy)
    store = StatisticsStore(tmp_path / "history.sqlite")
    dialog = StatisticsDialog(store)
    qtbot.addWidget(dialog)
    text = dialog.error_label.text()
    assert "cannot be used right now" in text and "damaged" not in text
    assert store.corrupt_copy is None
