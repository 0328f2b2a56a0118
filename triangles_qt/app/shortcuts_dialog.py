"""Help > Keyboard shortcuts: every menu command that has a key, and the keys of the board, in
the player's language and as this system writes keys (Ctrl+Z, or ⌘Z on a Mac)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .window_placement import fit_to_screen


class ShortcutsDialog(QDialog):
    """The keys of `actions` (the window's menu commands) and of the board."""

    def __init__(self, actions: list[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.actions_with_keys = [a for a in actions if not a.shortcut().isEmpty()]
        self.table = QTableWidget(0, 2, self)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.retranslate_ui()
        fit_to_screen(self, (520, 480))

    def rows(self) -> list[tuple[str, str]]:
        """(what it does, its keys), in the order shown."""
        board = [
            (self.tr("Move the ring to the nearest star that way"), self.tr("Arrow keys")),
            (self.tr("Go from star to star"), self.tr("Tab, Shift+Tab")),
            (self.tr("Pick the star in the ring (a second one draws the stroke)"),
             self.tr("Enter, Space")),
            (self.tr("Let go of the picked star"), self.tr("Esc")),
            (self.tr("Zoom the board in or out"), self.tr("Ctrl+mouse wheel")),
            (self.tr("Move over the zoomed board"),
             self.tr("Mouse wheel, or drag with the middle button")),
        ]  # fmt: skip
        native = QKeySequence.SequenceFormat.NativeText
        menus = [
            (action.text().replace("&", "").rstrip("…"), action.shortcut().toString(native))
            for action in self.actions_with_keys
        ]
        return menus + board

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.table.setHorizontalHeaderLabels([self.tr("Command"), self.tr("Keys")])
        rows = self.rows()
        self.table.setRowCount(len(rows))
        for row, (what, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(what))
            self.table.setItem(row, 1, QTableWidgetItem(keys))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
