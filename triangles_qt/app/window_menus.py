"""The main window's actions and menus: Game, Settings (with its Theme, Language and Motion
submenus) and Help, their shortcuts, and their texts in the language in use.

What an action does is the window's: `WindowMenus` is given the commands (`MenuCommands`, callbacks)
and only connects them. The texts keep the "MainWindow" translation context they were first
translated in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow

from .motion import MotionMenu
from .settings import Settings
from .theme_choice import SYSTEM, ThemeNames

if TYPE_CHECKING:
    from triangles_qt.themes import Theme

Command = Callable[[], object]


@dataclass(frozen=True)
class MenuCommands:
    """What the menus' actions do, as the window gives it."""

    new_game: Command
    show_online: Command
    open_game: Command
    save_game: Command
    save_game_as: Command
    undo: Command
    redo: Command
    request_hint: Command
    show_statistics: Command
    show_history: Command
    quit: Command
    show_plugins: Command
    show_engines: Command
    show_how_to_play: Command
    start_guided_game: Command
    show_shortcuts: Command
    toggle_full_screen: Command
    zoom_in: Command
    zoom_out: Command
    zoom_fit: Command
    show_about: Command
    set_theme: Callable[[str], object]
    set_language: Callable[[str], object]
    set_reduced_motion: Callable[[bool], None]


class WindowMenus:
    """The actions (added to `window`, so their shortcuts work wherever its focus is) and the
    menu bar's menus. `themes`: theme id -> menu name; `languages`: (code, name in itself)."""

    def __init__(
        self,
        window: QMainWindow,
        commands: MenuCommands,
        settings: Settings,
        themes: Mapping[str, str],
        languages: list[tuple[str, str]],
        language: str,
    ) -> None:
        self._window = window
        self._commands = commands

        def action(name: str, slot: Callable[[], object], shortcut=None) -> QAction:
            act = QAction(window)
            act.setObjectName(name)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(lambda checked=False: slot())
            window.addAction(act)
            return act

        c = commands
        keys = QKeySequence.StandardKey
        self.new_action = action("newAction", c.new_game, keys.New)
        self.online_action = action("onlineAction", c.show_online)
        self.open_action = action("openAction", c.open_game, keys.Open)
        self.save_action = action("saveAction", c.save_game, keys.Save)
        self.save_as_action = action("saveAsAction", c.save_game_as, "Ctrl+Shift+S")
        self.undo_action = action("undoAction", c.undo, keys.Undo)
        self.redo_action = action("redoAction", c.redo, keys.Redo)
        self.hint_action = action("hintAction", c.request_hint, "H")
        self.statistics_action = action("statisticsAction", c.show_statistics)
        self.history_action = action("historyAction", c.show_history, "Ctrl+H")
        self.quit_action = action("quitAction", c.quit, "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.plugins_action = action("pluginsAction", c.show_plugins)
        self.engines_action = action("enginesAction", c.show_engines)
        self.how_to_play_action = action("howToPlayAction", c.show_how_to_play, "F1")
        self.guided_action = action("guidedGameAction", c.start_guided_game)
        self.shortcuts_action = action("shortcutsAction", c.show_shortcuts, "Ctrl+F1")
        self.full_screen_action = action(
            "fullScreenAction",
            c.toggle_full_screen,
            "F11",  # as GNOME's and KDE's games
        )
        self.full_screen_action.setCheckable(True)
        self.zoom_in_action = action("zoomInAction", c.zoom_in, keys.ZoomIn)
        self.zoom_out_action = action("zoomOutAction", c.zoom_out, keys.ZoomOut)
        self.zoom_fit_action = action("zoomFitAction", c.zoom_fit, "Ctrl+0")
        self.about_action = action("aboutAction", c.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

        self.theme_group, self.theme_actions = self._action_group(themes, None, c.set_theme)
        # Each language is listed in itself ("Deutsch"), so nobody gets lost in a wrong one.
        self.language_group, self.language_actions = self._action_group(
            dict(languages), language, c.set_language
        )
        self._create_menus(settings)

    def _action_group(
        self, entries: Mapping[str, str], current: str | None, slot: Callable[[str], object]
    ) -> tuple[QActionGroup, dict[str, QAction]]:
        group, actions = QActionGroup(self._window), {}
        for key, text in entries.items():
            act = QAction(text, self._window, checkable=True)
            act.setChecked(key == current)
            act.triggered.connect(lambda checked=False, k=key: slot(k))
            group.addAction(act)
            actions[key] = act
        return group, actions

    def _create_menus(self, settings: Settings) -> None:
        bar = self._window.menuBar()
        self.game_menu = bar.addMenu("")
        for section in (
            [self.new_action, self.online_action],
            [self.open_action, self.save_action, self.save_as_action],
            [self.undo_action, self.redo_action, self.hint_action],
            [self.statistics_action, self.history_action],
        ):
            self.game_menu.addActions(section)
            self.game_menu.addSeparator()
        self.game_menu.addAction(self.quit_action)
        self.settings_menu = bar.addMenu("")
        self.theme_menu = self.settings_menu.addMenu("")
        self.theme_menu.addActions(list(self.theme_actions.values()))
        self.language_menu = self.settings_menu.addMenu("")
        self.language_menu.addActions(list(self.language_actions.values()))
        self.motion_menu = MotionMenu(settings, self._commands.set_reduced_motion, self._window)
        self.settings_menu.addMenu(self.motion_menu)
        self.settings_menu.addAction(self.full_screen_action)
        self.settings_menu.addActions(
            [self.zoom_in_action, self.zoom_out_action, self.zoom_fit_action]
        )
        self.settings_menu.addSeparator()
        self.settings_menu.addActions([self.engines_action, self.plugins_action])
        self.help_menu = bar.addMenu("")
        self.help_menu.addAction(self.how_to_play_action)
        self.help_menu.addAction(self.guided_action)
        self.help_menu.addAction(self.shortcuts_action)
        self.help_menu.addAction(self.about_action)

    def replace_themes(self, themes: Mapping[str, str]) -> None:
        """The Theme menu lists `themes` (id -> name) from now on; none is checked."""
        for act in self.theme_actions.values():
            self.theme_group.removeAction(act)
            self.theme_menu.removeAction(act)
        self.theme_group, self.theme_actions = self._action_group(
            themes, None, self._commands.set_theme
        )
        self.theme_menu.addActions(list(self.theme_actions.values()))

    def retranslate(self) -> None:
        for act, text in (
            (self.new_action, QCoreApplication.translate("MainWindow", "&New game…")),
            (self.online_action, QCoreApplication.translate("MainWindow", "Play on&line…")),
            (self.open_action, QCoreApplication.translate("MainWindow", "&Open…")),
            (self.save_action, QCoreApplication.translate("MainWindow", "&Save")),
            (self.save_as_action, QCoreApplication.translate("MainWindow", "Save &As…")),
            (self.undo_action, QCoreApplication.translate("MainWindow", "&Undo")),
            (self.redo_action, QCoreApplication.translate("MainWindow", "&Redo")),
            (self.hint_action, QCoreApplication.translate("MainWindow", "&Hint")),
            (self.statistics_action, QCoreApplication.translate("MainWindow", "S&tatistics…")),
            (self.history_action, QCoreApplication.translate("MainWindow", "Histor&y…")),
            (self.quit_action, QCoreApplication.translate("MainWindow", "&Quit")),
            (self.plugins_action, QCoreApplication.translate("MainWindow", "&Plugins…")),
            (self.engines_action, QCoreApplication.translate("MainWindow", "&Engines…")),
            (self.how_to_play_action, QCoreApplication.translate("MainWindow", "&How to play")),
            (self.guided_action, QCoreApplication.translate("MainWindow", "&Guided first game")),
            (
                self.shortcuts_action,
                QCoreApplication.translate("MainWindow", "&Keyboard shortcuts"),
            ),
            (self.full_screen_action, QCoreApplication.translate("MainWindow", "&Full screen")),
            (self.zoom_in_action, QCoreApplication.translate("MainWindow", "Zoom &in")),
            (self.zoom_out_action, QCoreApplication.translate("MainWindow", "Zoom &out")),
            (self.zoom_fit_action, QCoreApplication.translate("MainWindow", "&Whole board")),
            (self.about_action, QCoreApplication.translate("MainWindow", "&About Triangles")),
        ):
            act.setText(text)
        self.game_menu.setTitle(QCoreApplication.translate("MainWindow", "&Game"))
        self.settings_menu.setTitle(QCoreApplication.translate("MainWindow", "&Settings"))
        self.theme_menu.setTitle(QCoreApplication.translate("MainWindow", "&Theme"))
        self.language_menu.setTitle(QCoreApplication.translate("MainWindow", "&Language"))
        self.help_menu.setTitle(QCoreApplication.translate("MainWindow", "&Help"))
        for theme_id, name in ThemeNames().names().items():
            if theme_id in self.theme_actions:
                self.theme_actions[theme_id].setText(name)


def theme_entries(themes: Mapping[str, Theme]) -> dict[str, str]:
    """The Theme menu's entries for `themes` (id -> Theme): "System" first."""
    entries = {SYSTEM: "System"}
    entries.update((theme_id, str(theme.name)) for theme_id, theme in themes.items())
    return entries
