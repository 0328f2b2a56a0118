"""The Plugins window: which plugins loaded (name, kind, source), which were blocked and why (in
the player's language, with the author's English specifics and traceback in an expandable details
area), which themes were skipped, and where the player's own plugins go (with a button that
opens that folder, made first if need be)."""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QEvent, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from triangles_qt.plugin_manager import BUILTIN_SOURCE, Reason, user_plugin_dir
from triangles_qt.themes import SkippedTheme, SkipReason, ThemeSet

from .strategy_names import builtin_level_name, strategy_display_name


def _fit_height(table: QTableWidget, max_rows: int) -> None:
    """Make a table as tall as its rows (at most `max_rows`; it scrolls beyond)."""
    table.resizeRowsToContents()
    shown = min(table.rowCount(), max_rows)
    rows_height = sum(table.rowHeight(row) for row in range(shown))
    rows_height = rows_height or table.verticalHeader().defaultSectionSize()
    header = table.horizontalHeader().sizeHint().height()
    table.setFixedHeight(header + rows_height + 2 * table.frameWidth())


def _provided_names(registry: Any, theme_set: ThemeSet | None) -> dict[str, dict[str, list[str]]]:
    """The names of the computer players and themes each third-party plugin gives, by plugin
    (built-in ones are known by the plugin's own name)."""
    builtin = {info.name for info in registry.loaded if info.source == BUILTIN_SOURCE}
    provided: dict[str, dict[str, list[str]]] = {}
    for strategy in registry.strategies():
        plugin = registry.plugin_of(strategy.id)
        if plugin not in builtin:
            provided.setdefault(plugin, {}).setdefault("strategies", []).append(
                strategy_display_name(strategy)
            )
    if theme_set is not None:
        for theme_id, plugin in theme_set.theme_plugin.items():
            if plugin not in builtin:
                provided.setdefault(plugin, {}).setdefault("themes", []).append(
                    theme_set.themes[theme_id].name
                )
    return provided


def opening_width(wanted: int, screen_width: int) -> int:
    """The Plugins window's first width: what its tables' texts want (errors whole), at least
    720 px, but at most 1200 px and nine tenths of the screen; the player can still resize."""
    return min(max(720, wanted), 1200, int(screen_width * 0.9))


class PluginsDialog(QDialog):
    """Shows a plugin registry: anything with ``loaded`` (items with ``name``, ``kind``,
    ``source``), ``failed`` (items with ``name``, ``source``, ``error``, ``details``,
    ``reason``), ``strategies()`` and ``plugin_of(strategy_id)``, and the themes and skipped
    themes of `theme_set` (`triangles_qt.themes.load_themes`)."""

    def __init__(
        self,
        registry: Any,
        parent: QWidget | None = None,
        *,
        theme_set: ThemeSet | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("plugins_dialog")
        self.loaded = list(registry.loaded)
        self.failed = list(registry.failed)
        self.skipped_themes: list[SkippedTheme] = list(theme_set.errors) if theme_set else []
        usable = set(theme_set.theme_plugin.values()) if theme_set else set()
        self._all_themes_skipped = {s.plugin for s in self.skipped_themes if s.plugin} - usable
        self._provided = _provided_names(registry, theme_set)

        self.loaded_label = QLabel()
        self.loaded_label.setStyleSheet("font-weight: bold")
        self.loaded_table = self._new_table(3)
        self.loaded_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.loaded_table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.failed_label = QLabel()
        self.failed_label.setStyleSheet("font-weight: bold")
        self.failed_table = self._new_table(3)
        self.failed_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.failed_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # A drop-in's source is a long path; the error is what the reader came for.
        self.failed_table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Interactive
        )
        self.failed_table.horizontalHeader().resizeSection(1, 200)
        self.failed_table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.details_button = QToolButton()
        self.details_button.setCheckable(True)
        self.details_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.details_button.setArrowType(Qt.ArrowType.RightArrow)
        self.details_button.toggled.connect(self._show_details)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.details.setMinimumHeight(140)
        self.details.hide()
        self.themes_label = QLabel()
        self.themes_label.setStyleSheet("font-weight: bold")
        self.theme_list = QListWidget()
        self.theme_list.setWordWrap(True)
        self.theme_list.setSpacing(3)  # each theme is two lines or more: keep them apart
        self.folder_label = QLabel()
        self.folder_label.setWordWrap(True)
        self.folder_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        self.open_folder_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.open_folder_button.clicked.connect(self.open_plugin_folder)
        self._folder_failed = False  # it could not be made
        self._folder_unopened = False  # no file manager opened it

        layout = QVBoxLayout(self)
        layout.addWidget(self.loaded_label)
        layout.addWidget(self.loaded_table)
        layout.addWidget(self.failed_label)
        layout.addWidget(self.failed_table)
        layout.addWidget(self.details_button)
        layout.addWidget(self.details, 1)
        layout.addWidget(self.themes_label)
        layout.addWidget(self.theme_list)
        layout.addStretch(0)
        layout.addWidget(self.folder_label)
        layout.addWidget(self.buttons)

        for widget in (self.failed_label, self.failed_table, self.details_button):
            widget.setVisible(bool(self.failed))
        self.themes_label.setVisible(bool(self.skipped_themes))
        self.theme_list.setVisible(bool(self.skipped_themes))
        self.theme_list.setFixedHeight(min(200, 12 + 64 * max(1, len(self.skipped_themes))))

        self.failed_table.itemSelectionChanged.connect(self._update_details)
        self.retranslate_ui()
        if self.failed:
            self.failed_table.selectRow(0)
        self.resize(self._opening_width(), self.sizeHint().height())

    def _opening_width(self) -> int:
        wanted = 0
        for table in (self.loaded_table, self.failed_table):
            header = table.horizontalHeader()
            columns = sum(
                header.sectionSize(c)
                if header.sectionResizeMode(c) == QHeaderView.ResizeMode.Interactive
                else max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) + 12
                for c in range(table.columnCount())
            )
            wanted = max(wanted, columns + 2 * table.frameWidth())
        layout = self.layout()
        if layout is not None:  # set in __init__
            margins = layout.contentsMargins()
            wanted += margins.left() + margins.right()
        wanted += 8
        screen = self.screen().availableGeometry().width() if self.screen() else 1024
        return opening_width(wanted, screen)

    @staticmethod
    def _new_table(columns: int) -> QTableWidget:
        table = QTableWidget(0, columns)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().hide()
        table.setWordWrap(False)
        table.setAlternatingRowColors(True)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(columns - 1, QHeaderView.ResizeMode.Stretch)
        return table

    # --- text -------------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        """Set every visible text in the current language (also refills the tables)."""
        self.setWindowTitle(self.tr("Plugins"))
        self.loaded_label.setText(self.tr("Loaded plugins: %n", "", len(self.loaded)))
        self.loaded_table.setHorizontalHeaderLabels(
            [self.tr("Name"), self.tr("Provides"), self.tr("Source")]
        )
        self.failed_label.setText(
            self.tr("Plugins that could not be loaded: %n", "", len(self.failed))
        )
        self.failed_table.setHorizontalHeaderLabels(
            [self.tr("Name"), self.tr("Source"), self.tr("Error")]
        )
        self.themes_label.setText(
            self.tr("Themes that were skipped: %n", "", len(self.skipped_themes))
        )
        self.open_folder_button.setText(self.tr("&Open Plugin Folder"))
        if self._folder_failed:
            self.folder_label.setText(
                self.tr("The plugin folder could not be created: %1").replace(
                    "%1", str(user_plugin_dir())
                )
            )
        elif self._folder_unopened:
            self.folder_label.setText(
                self.tr("No file manager could open the plugin folder: %1").replace(
                    "%1", str(user_plugin_dir())
                )
            )
        else:
            self.folder_label.setText(
                self.tr("To add a plugin, put it in this folder and restart Triangles: %1").replace(
                    "%1", str(user_plugin_dir())
                )
            )
        self._show_details(self.details_button.isChecked())
        self._fill_tables()
        self._update_details()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def kind_text(self, kind: str, plugin: str = "") -> str:
        """The translated "what it provides" of a plugin ("strategies", "themes" or both), with
        the names of a third party's computer players and themes; themes of which none could
        be used say so."""
        names = self._provided.get(plugin, {})
        words = {
            "strategies": self.tr("Computer players: %1").replace(
                "%1", ", ".join(names["strategies"])
            )
            if names.get("strategies")
            else self.tr("Computer players"),
            "themes": self.tr("Themes (all skipped)")
            if plugin in self._all_themes_skipped
            else self.tr("Themes: %1").replace("%1", ", ".join(names["themes"]))
            if names.get("themes")
            else self.tr("Themes"),
        }
        parts = [part.strip() for part in str(kind).split(",") if part.strip()]
        return "; ".join(words.get(part, part) for part in parts) or self.tr("Nothing")

    def reason_text(self, failure: Any) -> str:
        """Why a plugin was blocked, in the player's language (its English error if unknown)."""
        texts: dict[object, str] = {
            Reason.IMPORT: self.tr("Its code could not be loaded."),
            Reason.REGISTER: self.tr("Triangles could not register it."),
            Reason.FOLDER_MISSING: self.tr("This plugin folder does not exist."),
            Reason.FOLDER_UNREADABLE: self.tr("This plugin folder cannot be read."),
            Reason.NAME_TAKEN: self.tr("A plugin with the same name is already loaded."),
            Reason.NO_HOOKS: self.tr("It does not provide anything for Triangles."),
            Reason.UNKNOWN_HOOK: self.tr(
                "It uses a hook that this version of Triangles does not know."
            ),
            Reason.HOOK_RAISED: self.tr("It failed while telling Triangles what it provides."),
            Reason.BAD_RESULT: self.tr("It gave Triangles something it cannot use."),
            Reason.ID_TAKEN: self.tr("It gives a computer player an id that is already taken."),
        }
        return texts.get(getattr(failure, "reason", None), str(getattr(failure, "error", "")))

    def skipped_text(self, skipped: SkippedTheme) -> str:
        """One skipped theme: why, in the player's language, then the author's English specifics."""
        taken = skipped.reason == SkipReason.ID_TAKEN
        if skipped.reason == SkipReason.NO_LIST:
            why = self.tr("The list of themes could not be read.")
        elif skipped.reason == SkipReason.IMAGE:
            why = (
                self.tr(
                    "The background image of a theme of the plugin “%1” cannot be shown; "
                    "the theme is offered with its colours alone."
                ).replace("%1", self._plugin_name(skipped.plugin))
                if skipped.plugin
                else self.tr(
                    "The background image of a theme cannot be shown; the theme is offered "
                    "with its colours alone."
                )
            )
        elif not skipped.plugin:
            why = (
                self.tr("A theme uses an id that another theme already has.")
                if taken
                else self.tr("A theme is not valid.")
            )
        else:
            why = (
                self.tr("A theme of the plugin “%1” uses an id that another theme already has.")
                if taken
                else self.tr("A theme of the plugin “%1” is not valid.")
            )
            why = why.replace("%1", self._plugin_name(skipped.plugin))
        return (
            why
            + "\n"
            + self.tr("In English, for the theme's author: %1").replace("%1", skipped.message)
        )

    def name_text(self, name: str, source: str) -> str:
        """A built-in plugin under the name players know it by; others under their own."""
        if source != BUILTIN_SOURCE:
            return name
        if name == "builtin_themes":
            return self.tr("Built-in themes")
        return builtin_level_name(name) or name  # each built-in level is a plugin of its name

    def source_text(self, source: str) -> str:
        return self.tr("Built-in") if source == BUILTIN_SOURCE else str(source)

    def _plugin_name(self, name: str) -> str:
        """A loaded plugin's shown name, known only by its plugin name (as in a skipped theme)."""
        source = next(
            (
                str(getattr(info, "source", ""))
                for info in self.loaded
                if getattr(info, "name", None) == name
            ),
            "",
        )
        return self.name_text(name, source)

    def open_plugin_folder(self) -> None:
        """Show the user's plugin folder in the file manager, making it first if need be."""
        folder = user_plugin_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"triangles: cannot create the plugin folder: {exc}", file=sys.stderr)
            self._folder_failed = True
        else:
            self._folder_failed = False
            self._folder_unopened = not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
        self.retranslate_ui()

    # --- content ----------------------------------------------------------------------------------

    def _fill_tables(self) -> None:
        self.loaded_table.setRowCount(len(self.loaded))
        for row, info in enumerate(self.loaded):
            source = str(getattr(info, "source", ""))
            name = str(getattr(info, "name", "?"))
            cells = [
                self.name_text(name, source),
                self.kind_text(getattr(info, "kind", ""), name),
                self.source_text(source),
            ]
            self._fill_row(self.loaded_table, row, cells, tooltip=source)
        selected = self.failed_table.currentRow()
        self.failed_table.setRowCount(len(self.failed))
        for row, failure in enumerate(self.failed):
            source = str(getattr(failure, "source", ""))
            error = str(getattr(failure, "error", ""))
            cells = [
                self.name_text(str(getattr(failure, "name", "?")), source),
                self.source_text(source),
                self.reason_text(failure),
            ]
            self._fill_row(self.failed_table, row, cells, tooltip=error)
        if selected >= 0:
            self.failed_table.selectRow(selected)
        self.theme_list.clear()
        self.theme_list.addItems([self.skipped_text(skipped) for skipped in self.skipped_themes])
        _fit_height(self.loaded_table, max_rows=8)
        _fit_height(self.failed_table, max_rows=4)

    @staticmethod
    def _fill_row(table: QTableWidget, row: int, cells: list[str], tooltip: str) -> None:
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(tooltip if column == len(cells) - 1 else text)
            table.setItem(row, column, item)

    def _selected_failure(self) -> Any | None:
        rows = self.failed_table.selectionModel().selectedRows()
        row = rows[0].row() if rows else -1
        return self.failed[row] if 0 <= row < len(self.failed) else None

    def _update_details(self) -> None:
        failure = self._selected_failure()
        if failure is None:
            self.details.setPlainText("")
            return
        details = str(getattr(failure, "details", "") or "").rstrip()
        error = str(getattr(failure, "error", ""))
        heading = self.tr("Technical details (in English):")
        self.details.setPlainText("\n\n".join(part for part in (heading, error, details) if part))

    def _show_details(self, shown: bool) -> None:
        self.details.setVisible(shown and bool(self.failed))
        self.details_button.setArrowType(
            Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        )
        self.details_button.setText(
            self.tr("Hide details") if shown else self.tr("Show details (traceback)")
        )
