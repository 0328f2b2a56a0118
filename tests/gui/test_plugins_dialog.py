"""The Plugins window lists loaded plugins, blocked ones with their error and traceback, and
skipped themes."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from triangles_qt.app.plugins_dialog import PluginsDialog


@dataclass(frozen=True)
class Info:
    name: str
    kind: str
    source: str


@dataclass(frozen=True)
class Failure:
    name: str
    source: str
    error: str
    details: str = ""


TRACEBACK = 'Traceback (most recent call last):\n  File "broken/__init__.py", line 3\nZeroDivisionError: division by zero\n'


class FakeRegistry:
    loaded = [
        Info("easy", "strategies", "built-in"),
        Info("builtin_themes", "themes", "built-in"),
        Info("acme", "strategies, themes", "/plugins/acme"),
    ]
    failed = [
        Failure("broken", "/plugins/broken", "ZeroDivisionError: division by zero", TRACEBACK),
        Failure("oldie", "entry point oldie 0.3", "triangles_strategies returned a dict, not a list"),
    ]


def cells(table) -> list[list[str]]:
    return [
        [table.item(row, column).text() for column in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


@pytest.fixture
def dialog(qtbot):
    dialog = PluginsDialog(FakeRegistry(), theme_errors=["Theme file 'x.toml': bad colour."])
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_loaded_plugins_are_listed_with_kind_and_source(dialog):
    assert cells(dialog.loaded_table) == [
        ["easy", "Computer players", "Built-in"],
        ["builtin_themes", "Themes", "Built-in"],
        ["acme", "Computer players, Themes", "/plugins/acme"],
    ]
    assert "3" in dialog.loaded_label.text()


def test_failed_plugins_are_listed_with_their_error(dialog):
    assert cells(dialog.failed_table) == [
        ["broken", "/plugins/broken", "ZeroDivisionError: division by zero"],
        ["oldie", "entry point oldie 0.3", "triangles_strategies returned a dict, not a list"],
    ]
    assert dialog.failed_table.isVisible()


def test_the_traceback_is_in_the_expandable_details(dialog, qtbot):
    assert not dialog.details.isVisible()
    dialog.details_button.click()
    assert dialog.details.isVisible()
    assert "ZeroDivisionError" in dialog.details.toPlainText()
    assert "Traceback" in dialog.details.toPlainText()

    dialog.failed_table.selectRow(1)  # no traceback: the error itself is shown
    assert dialog.details.toPlainText() == "triangles_strategies returned a dict, not a list"

    dialog.details_button.click()
    assert not dialog.details.isVisible()


def test_theme_errors_are_shown(dialog):
    assert dialog.theme_list.isVisible()
    assert [dialog.theme_list.item(i).text() for i in range(dialog.theme_list.count())] == [
        "Theme file 'x.toml': bad colour."
    ]


def test_nothing_failed_hides_the_failure_sections(qtbot):
    class Healthy:
        loaded = FakeRegistry.loaded[:1]
        failed: list = []

    dialog = PluginsDialog(Healthy())
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.failed_table.isVisible()
    assert not dialog.details_button.isVisible()
    assert not dialog.theme_list.isVisible()
    assert cells(dialog.loaded_table) == [["easy", "Computer players", "Built-in"]]


def test_a_language_change_keeps_the_content_and_selection(dialog):
    dialog.failed_table.selectRow(1)
    QCoreApplication.sendEvent(dialog, QEvent(QEvent.Type.LanguageChange))
    assert len(cells(dialog.loaded_table)) == 3
    assert dialog.failed_table.currentRow() == 1


def test_the_real_registry_can_be_shown(qtbot):
    plugin_manager = pytest.importorskip("triangles_qt.plugin_manager")
    registry = plugin_manager.load_plugins()
    dialog = PluginsDialog(registry)
    qtbot.addWidget(dialog)
    assert [row[0] for row in cells(dialog.loaded_table)] == [p.name for p in registry.loaded]
    assert dialog.failed_table.rowCount() == len(registry.failed)
