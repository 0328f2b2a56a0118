"""The windows the main window opens from its menus: Statistics, History, Plugins, Engines,
Keyboard shortcuts, How to play and About; one of each kind at a time, the ones read while
playing beside the board (not modal), the others over it. Each is imported when first opened:
a start does not import them.

It is given what the windows show (`WindowDialogsHost`); it reaches nothing else of the window.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt

from .strategy_names import strategy_display_name

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

    from triangles_qt.table.session import GameSession
    from triangles_qt.themes import Theme, ThemeSet

    from .settings import Settings

# The windows a player reads while playing: not modal, so the game goes on beside them.
BESIDE_THE_BOARD = frozenset({"help", "history", "statistics", "shortcuts"})


class WindowDialogsHost(Protocol):
    """What the windows opened from the menus show, and what they give back."""

    session: GameSession
    settings: Settings
    registry: Any  # the plugins' registry, with the player's own engines
    message_box: QMessageBox | None

    @property
    def theme(self) -> Theme: ...

    @property
    def theme_set(self) -> ThemeSet: ...

    def dialog_parent(self) -> QWidget: ...

    def actions(self) -> list[QAction]: ...

    def continue_game(self, loaded: Any) -> bool: ...


class WindowDialogs:
    """The windows opened from the menus, by kind (`opened`: kind -> dialog)."""

    def __init__(self, host: WindowDialogsHost) -> None:
        self.host = host
        self.opened: dict[str, QDialog] = {}

    def show_statistics(self) -> None:
        from .statistics_dialog import StatisticsDialog

        session = self.host.session
        names = {str(s.id): strategy_display_name(s) for s in session.seat_maker.strategies()}
        parent = self.host.dialog_parent()
        dialog = StatisticsDialog(session.statistics_store(), parent, strategy_names=names)
        self._open("statistics", dialog)

    def show_history(self) -> None:
        from .history_dialog import HistoryDialog

        store = self.host.session.statistics_store()
        dialog = HistoryDialog(store, self.host.theme, self.host.dialog_parent())
        dialog.continue_game.connect(
            lambda loaded: self.host.continue_game(loaded) and dialog.close()
        )
        self._open("history", dialog)

    def show_plugins(self) -> None:
        from .plugins_dialog import PluginsDialog

        host = self.host
        dialog = PluginsDialog(host.registry, host.dialog_parent(), theme_set=host.theme_set)
        self._open("plugins", dialog)

    def show_engines(self) -> None:
        from .engines_dialog import EnginesDialog

        self._open("engines", EnginesDialog(self.host.settings, self.host.dialog_parent()))

    def show_shortcuts(self) -> None:
        from .shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self.host.actions(), self.host.dialog_parent())
        self._open("shortcuts", dialog)

    def show_how_to_play(self) -> None:
        from .help_dialog import HowToPlayDialog

        self._open("help", HowToPlayDialog(self.host.dialog_parent(), self.host.theme))

    def show_about(self) -> None:
        from .help_dialog import about_box

        self.host.message_box = box = about_box(self.host.dialog_parent())
        box.open()

    def themed(self) -> Iterator[Any]:
        """The opened windows that show the theme (How to play)."""
        help_dialog = self.opened.get("help")
        if help_dialog is not None:  # opened, so its module is loaded already
            from .help_dialog import HowToPlayDialog

            if isinstance(help_dialog, HowToPlayDialog):
                yield help_dialog

    def _open(self, key: str, dialog: QDialog) -> None:
        old = self.opened.pop(key, None)
        if old is not None:
            old.close()
            old.deleteLater()
        self.opened[key] = dialog
        if key in BESIDE_THE_BOARD:  # read while playing: the board stays in reach
            dialog.setWindowModality(Qt.WindowModality.NonModal)
            dialog.show()
        else:
            dialog.open()
