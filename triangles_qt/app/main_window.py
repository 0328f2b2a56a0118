"""The main window: the board, the score panel and the status bar around a game session; menus,
dialogs, theme and language. The game itself (seats, turns, files, autosave, statistics,
notices) belongs to the session (`session.py`): the window asks it and shows what it says.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QMessageBox, QVBoxLayout, QWidget

from triangles_qt.core.game import Move
from triangles_qt.core.position import Position
from triangles_qt.plugin_manager import user_data_dir
from triangles_qt.statistics import StatisticsStore
from triangles_qt.table.seats import StandIn
from triangles_qt.table.session import GameSession
from triangles_qt.themes import NEBULA

from . import notices
from .appearance import app_icon, available_themes, theme_palette
from .board_view import BoardView
from .coach import Coach
from .game_files import GameFiles
from .i18n import LANGUAGES, native_name, normalise_code
from .motion import MotionMenu
from .player_names import ShownSeatNames
from .plurals import plural
from .score_panel import ScorePanel, show_session
from .settings import NewGameChoices, Settings
from .status_bar import StatusBar
from .strategy_names import strategy_display_name
from .table_talk import TableTalk, stand_in_text
from .theme_choice import SYSTEM, ThemeNames, resolve
from .user_engines import WithUserEngines
from .window_placement import WindowPlace, place_window

# The windows a player reads while playing: not modal, so the game goes on beside them.
BESIDE_THE_BOARD = frozenset({"help", "history", "statistics", "shortcuts"})

if TYPE_CHECKING:  # the other windows are imported when first opened: a quicker start
    from .game_over import GameOverDialog
    from .new_game_dialog import NewGameDialog
    from .online_play import OnlinePlay


class MainWindow(QMainWindow):
    """The Triangles window, showing what `registry` (a `PluginRegistry`, or anything with its
    `loaded`, `failed`, `strategies()`, `strategy(id)` and `plugin_of(id)`) offers."""

    def __init__(
        self,
        registry: Any,
        settings: Settings | None = None,
        statistics: StatisticsStore | None = None,
        theme_id: str | None = None,
        language_manager: Any = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.language_manager = language_manager
        self.settings = settings if settings is not None else Settings()
        self.registry = WithUserEngines(registry, self.settings)
        self.session = GameSession(self.registry, statistics, self, names=ShownSeatNames())
        self.talk = TableTalk(self.session, self)
        self.files = GameFiles(self, self.session)
        self._online: OnlinePlay | None = None  # made when first used: a start does not
        # import the network
        self.themes, self.theme_set = available_themes(registry)
        self.theme = NEBULA
        self.last_choices: NewGameChoices = self.settings.new_game_choices()
        self.game_over_dialog: GameOverDialog | None = None
        self.new_game_dialog: NewGameDialog | None = None
        self.message_box: QMessageBox | None = None
        self._child_dialogs: dict[str, QDialog] = {}

        self.setWindowIcon(app_icon())
        self.view = BoardView(self.theme)
        self.scene = self.view.board_scene
        self.score_panel = ScorePanel()
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.score_panel)
        layout.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.status_bar = StatusBar()
        self.setStatusBar(self.status_bar)
        self.board_label = self.status_bar.label

        self._create_actions()
        self._create_menus()
        self._bind()
        self.coach = Coach(self)
        self.retranslate_ui()
        self._wanted_theme = theme_id or self.settings.theme_id
        self.set_theme(self._wanted_theme, remember=False)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._follow_the_desktop)
        self._restore_geometry()
        self.view.setFocus()
        # Told once the first game has started: starting a game clears the status bar.
        self.startup_notes: list[str] = []
        if not getattr(registry, "provisional", False):
            self._note_what_did_not_load(registry)

    def use_registry(self, registry: Any) -> None:
        """The plugins' listing came back (plugin_listing.py): what it found is offered from
        now on, the Theme menu included, and the theme chosen is shown if it is there."""
        self.registry.registry = registry
        self.themes, self.theme_set = available_themes(registry)
        for act in self.theme_actions.values():
            self.theme_group.removeAction(act)
            self.theme_menu.removeAction(act)
        self._make_theme_actions()
        self.theme_menu.addActions(list(self.theme_actions.values()))
        self.retranslate_ui()
        self.set_theme(self._wanted_theme, remember=False)
        self._note_what_did_not_load(registry)

    def _note_what_did_not_load(self, registry: Any) -> None:
        unloaded = len(getattr(registry, "failed", ())) + len(self.theme_set.errors)
        if unloaded:
            text = self.tr(
                "%n plugin(s) or theme(s) could not be loaded: see Settings > Plugins.",
                "",
                unloaded,
            )
            self.startup_notes.append(plural(text, unloaded))
        wanted = self._wanted_theme
        if wanted and wanted not in self.theme_actions:  # e.g. its plugin was removed
            self.startup_notes.append(
                self.tr("The theme “%1” is not installed; %2 is shown instead.")
                .replace("%1", wanted)
                .replace("%2", self.theme_actions[NEBULA.id].text())
            )

    # -- construction -------------------------------------------------------------------------

    def _create_actions(self) -> None:
        def action(name: str, slot, shortcut=None) -> QAction:
            act = QAction(self)
            act.setObjectName(name)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(lambda checked=False: slot())
            self.addAction(act)
            return act

        s = self.session
        f = self.files
        self.new_action = action("newAction", self.new_game, QKeySequence.StandardKey.New)
        self.online_action = action("onlineAction", lambda: self.online.show_dialog())
        self.open_action = action("openAction", f.open_game, QKeySequence.StandardKey.Open)
        self.save_action = action("saveAction", f.save_game, QKeySequence.StandardKey.Save)
        self.save_as_action = action("saveAsAction", f.save_game_as, "Ctrl+Shift+S")
        self.undo_action = action("undoAction", s.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = action("redoAction", s.redo, QKeySequence.StandardKey.Redo)
        self.hint_action = action("hintAction", s.request_hint, "H")
        self.statistics_action = action("statisticsAction", self.show_statistics)
        self.history_action = action("historyAction", self.show_history, "Ctrl+H")
        self.quit_action = action("quitAction", self.close, "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.plugins_action = action("pluginsAction", self.show_plugins)
        self.engines_action = action("enginesAction", self.show_engines)
        self.how_to_play_action = action("howToPlayAction", self.show_how_to_play, "F1")
        self.guided_action = action("guidedGameAction", self.start_guided_game)
        self.shortcuts_action = action("shortcutsAction", self.show_shortcuts, "Ctrl+F1")
        self.full_screen_action = action(
            "fullScreenAction",
            self.toggle_full_screen,
            "F11",  # as GNOME's and KDE's games
        )
        self.full_screen_action.setCheckable(True)
        v = self.view
        self.zoom_in_action = action("zoomInAction", v.zoom_in, QKeySequence.StandardKey.ZoomIn)
        self.zoom_out_action = action("zoomOutAction", v.zoom_out, QKeySequence.StandardKey.ZoomOut)
        self.zoom_fit_action = action("zoomFitAction", v.fit_whole_board, "Ctrl+0")
        self.about_action = action("aboutAction", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

        self._make_theme_actions()
        # Each language is listed in itself ("Deutsch"), so nobody gets lost in a wrong one.
        languages = list(LANGUAGES) if self.language_manager is not None else [("en", "English")]
        self.language_group, self.language_actions = self._action_group(
            languages, getattr(self.language_manager, "language", "en"), self.set_language
        )

    def _action_group(
        self, entries: list[tuple[str, str]], current: str | None, slot: Callable[[str], object]
    ) -> tuple[QActionGroup, dict[str, QAction]]:
        actions_group, actions = QActionGroup(self), {}
        for key, text in entries:
            act = QAction(text, self, checkable=True)
            act.setChecked(key == current)
            act.triggered.connect(lambda checked=False, k=key: slot(k))
            actions_group.addAction(act)
            actions[key] = act
        return actions_group, actions

    def _make_theme_actions(self) -> None:
        choices = [(SYSTEM, "System")] + [(t, str(theme.name)) for t, theme in self.themes.items()]
        self.theme_group, self.theme_actions = self._action_group(choices, None, self.set_theme)

    def _create_menus(self) -> None:
        bar = self.menuBar()
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
        self.motion_menu = MotionMenu(self.settings, self.scene.set_reduced_motion, self)
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

    def _bind(self) -> None:
        s = self.session
        self.view.bind(s)
        self.talk.notice.connect(self.status_bar.show_notice)
        self.talk.withdrawn.connect(self.status_bar.withdraw)
        s.started.connect(self._on_started)
        s.stroke_played.connect(self._on_stroke_played)
        s.reset.connect(self._on_reset)
        s.changed.connect(self._refresh)
        s.game_over.connect(self._on_game_over)
        self.scene.drawing_finished.connect(self._refresh)

    # -- text -----------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        for act, text in (
            (self.new_action, self.tr("&New game…")),
            (self.online_action, self.tr("Play on&line…")),
            (self.open_action, self.tr("&Open…")),
            (self.save_action, self.tr("&Save")),
            (self.save_as_action, self.tr("Save &As…")),
            (self.undo_action, self.tr("&Undo")),
            (self.redo_action, self.tr("&Redo")),
            (self.hint_action, self.tr("&Hint")),
            (self.statistics_action, self.tr("S&tatistics…")),
            (self.history_action, self.tr("Histor&y…")),
            (self.quit_action, self.tr("&Quit")),
            (self.plugins_action, self.tr("&Plugins…")),
            (self.engines_action, self.tr("&Engines…")),
            (self.how_to_play_action, self.tr("&How to play")),
            (self.guided_action, self.tr("&Guided first game")),
            (self.shortcuts_action, self.tr("&Keyboard shortcuts")),
            (self.full_screen_action, self.tr("&Full screen")),
            (self.zoom_in_action, self.tr("Zoom &in")),
            (self.zoom_out_action, self.tr("Zoom &out")),
            (self.zoom_fit_action, self.tr("&Whole board")),
            (self.about_action, self.tr("&About Triangles")),
        ):
            act.setText(text)
        self.game_menu.setTitle(self.tr("&Game"))
        self.settings_menu.setTitle(self.tr("&Settings"))
        self.theme_menu.setTitle(self.tr("&Theme"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.help_menu.setTitle(self.tr("&Help"))
        self.coach.retranslate_ui()
        for theme_id, name in ThemeNames().names().items():
            if theme_id in self.theme_actions:
                self.theme_actions[theme_id].setText(name)
        self.status_bar.show_board(self.session.position)
        if self.game_over_dialog is not None:
            self.game_over_dialog.show_result(self.session)
        self._refresh()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        if event.type() == QEvent.Type.WindowStateChange:  # also when the desktop changed it
            self.full_screen_action.setChecked(self.isFullScreen())
        super().changeEvent(event)

    def _update_title(self) -> None:
        """The game's file in the title, with "*" once strokes were played since it was saved."""
        file = self.session.file
        title = self.tr("Triangles")
        if file is not None:
            title = self.tr("%1 – Triangles").replace("%1", file.name + "[*]")
        self.setWindowTitle(title)
        self.setWindowModified(self.session.modified)

    # -- theme and language -----------------------------------------------------------------------

    def _follow_the_desktop(self, _scheme: object) -> None:
        """The desktop turned light or dark: the "System" theme follows it."""
        if self.theme_choice == SYSTEM:
            self.set_theme(SYSTEM, remember=False)

    def set_theme(self, theme_id: str, remember: bool = True) -> None:
        """Show a theme, or the one "System" stands for now (`theme_choice` keeps the choice)."""
        self.theme_choice = theme_id if theme_id in self.theme_actions else NEBULA.id
        theme = self.themes.get(resolve(self.theme_choice, self.themes)) or NEBULA
        self.theme = theme
        self.view.set_theme(theme)
        self.coach.set_theme(theme)
        self.score_panel.set_theme(theme)
        self.status_bar.set_theme(theme)
        self.theme_actions[self.theme_choice].setChecked(True)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.setPalette(theme_palette(theme))
        help_dialog = self._child_dialogs.get("help")
        if help_dialog is not None:  # opened, so its module is loaded already
            from .help_dialog import HowToPlayDialog

            if isinstance(help_dialog, HowToPlayDialog):
                help_dialog.set_theme(theme)
        if remember:
            self.settings.theme_id = self.theme_choice

    def set_language(self, code: str) -> None:
        """Switch the interface language; every widget retranslates on QEvent.LanguageChange."""
        if self.language_manager is None:
            return
        problems = self.language_manager.set_language(code)
        language = self.language_manager.language
        act = self.language_actions.get(language)
        if act is not None:
            act.setChecked(True)
        self.settings.language = language
        wanted = normalise_code(code)
        if problems and wanted is not None and wanted != language:
            # The details (file, folder) went to the log; the player learns what it means.
            self.status_bar.show_notice(notices.language_missing(native_name(wanted)))
        else:
            self.status_bar.withdraw(notices.NoticeKind.LANGUAGE)  # no longer true

    # -- games and files --------------------------------------------------------------------------

    def new_game(self) -> None:
        """Game > New: the New game window; an unfinished game is abandoned only once the new
        one's settings are confirmed (Cancel in either place keeps it)."""
        from .new_game_dialog import NewGameDialog

        dialog = NewGameDialog(self.registry, self.last_choices, self)
        dialog.accepted.connect(lambda: self._confirm_new_game(dialog.choices()))
        dialog.finished.connect(lambda: self._forget_new_game_dialog(dialog))
        self.new_game_dialog = dialog
        dialog.open()

    def _confirm_new_game(self, choices: NewGameChoices) -> None:
        if self.leave_game(
            self.tr("New game"),
            self.tr("Abandon the game in progress and start a new one?"),
            self.tr("Abandon and start"),
        ):
            self.start_new_game(choices)

    def leave_game(self, title: str, question: str, verb: str) -> bool:
        """Whether the player lets the game in progress go for another (yes when none is in
        progress), asked with `question` and a button saying `verb`. Against the computer an
        abandoned game counts as lost (the session counts it when the next game starts): the
        question says so."""
        if not self.game_in_progress():
            return True
        if self.session.abandoning_counts:
            question += "\n\n" + self.tr("Against the computer, a game abandoned counts as lost.")
        return bool(self.ask(title, question, (verb, self.tr("Keep playing"))))

    def _forget_new_game_dialog(self, dialog: NewGameDialog) -> None:
        if self.new_game_dialog is dialog:
            self.new_game_dialog = None
        dialog.deleteLater()

    def start_new_game(self, choices: NewGameChoices, seed: int | None = None) -> None:
        """Start the game `choices` describe (a random board unless `seed` is given). A level
        whose plugin was removed is told, and the one that plays instead is remembered."""
        stand_ins = self.session.new_game(choices, seed)
        for stand_in in stand_ins:
            choices = dataclasses.replace(choices, strategy_id=str(stand_in.stand_in.id))
        self.last_choices = choices
        try:
            self.settings.set_new_game_choices(choices)
        except ValueError:  # a plugin's strategy id the settings refuse: play, just don't store
            pass
        self.tell_stand_ins(stand_ins)

    def start_guided_game(self, ask: bool = True) -> None:
        """A short game against the easiest computer on a small board, with the guide's bubble
        saying step by step how to play (coach.py). Not remembered as the next game's
        settings."""
        if ask and not self.leave_game(
            self.tr("Guided first game"),
            self.tr("Abandon the game in progress and start the guided game?"),
            self.tr("Abandon and start"),
        ):
            return
        ids = [str(strategy.id) for strategy in self.session.seat_maker.strategies()]
        level = "easy" if "easy" in ids else (ids[0] if ids else self.last_choices.strategy_id)
        choices = NewGameChoices(preset="phone-24", strategy_id=level, human_starts=True)
        self.tell_stand_ins(self.session.new_game(choices))
        self.coach.start(seat=0)

    @property
    def online(self) -> OnlinePlay:
        """Online play (Game > Play online…), made when first used."""
        if self._online is None:
            from .online_play import OnlinePlay

            self._online = OnlinePlay(self)
            self._online.notice.connect(self.status_bar.show_notice)
            self._online.withdrawn.connect(self.status_bar.withdraw)
        return self._online

    def play_again(self) -> None:
        online = self._online
        if online is not None and online.offer_rematch():  # after an online game: asked
            return
        if online is not None and online.at_the_table():  # the friend left: not a game here
            online.friend_gone()
            return
        self.start_new_game(self.last_choices)

    def tell_stand_ins(self, stand_ins: list[StandIn]) -> None:
        if stand_ins:
            self.show_error(
                self.tr("Computer player not installed"),
                "\n".join(stand_in_text(stand_in) for stand_in in stand_ins),
            )

    def game_in_progress(self) -> bool:
        position = self.session.position
        return position is not None and not position.is_over and len(position.moves) > 0

    # -- what the session says --------------------------------------------------------------------

    def _on_started(self) -> None:
        self._close_game_over_dialog()
        self.status_bar.clear_notices()
        if self.startup_notes:
            notes = list(self.startup_notes)
            self.status_bar.show_notice(notices.startup([lambda: " ".join(notes)]))
            self.startup_notes.clear()
        self.status_bar.show_board(self.session.position)
        self._refresh()

    def _on_stroke_played(self, move: Move) -> None:
        """Tell a stroke the player did not draw here (the computer's, a friend's far away),
        and any triangles closed. Told here: Qt's tools find a plural only in a class's tr()."""
        count, player = len(move.triangles), self.session.seats[move.player]
        if player.takes_board_input and not count:
            return
        first, second = sorted(k + 1 for k in move.stroke)

        def text() -> str:
            closed = plural(self.tr("%1 closed %n triangle(s)", "", count), count)
            if player.takes_board_input:
                return closed.replace("%1", player.name)
            if not count:
                drew = self.tr("%1 drew %2–%3")
            else:
                drew = plural(self.tr("%1 drew %2–%3 and closed %n triangle(s)", "", count), count)
            return (
                drew.replace("%1", player.name).replace("%2", str(first)).replace("%3", str(second))
            )

        kind = notices.NoticeKind.TRIANGLES
        self.status_bar.show_notice(notices.Notice(kind, text, seconds=4, yields=True))

    def _on_reset(self) -> None:
        position = self.session.position
        if position is not None and not position.is_over:
            self._close_game_over_dialog()  # the last stroke was taken back: the game goes on

    def _on_game_over(self) -> None:
        from .game_over import GameOverDialog

        self._close_game_over_dialog()
        self.game_over_dialog = dialog = GameOverDialog(self)
        dialog.show_result(self.session)
        dialog.play_again.connect(self.play_again)
        dialog.new_game.connect(self.new_game)
        dialog.open()

    def _close_game_over_dialog(self) -> None:
        if self.game_over_dialog is not None:
            self.game_over_dialog.close()
            self.game_over_dialog.deleteLater()
            self.game_over_dialog = None

    def _refresh(self) -> None:
        """The title, the actions and the score panel, as the session now stands."""
        s = self.session
        self._update_title()
        self.undo_action.setEnabled(s.can_undo)
        self.redo_action.setEnabled(s.can_redo)
        self.hint_action.setEnabled(s.can_hint)
        self.save_action.setEnabled(s.position is not None)
        self.save_as_action.setEnabled(s.position is not None)
        if self.scene.is_drawing:  # whose turn it is, once the stroke before is seen whole
            return
        show_session(self.score_panel, s)

    # -- other windows ----------------------------------------------------------------------------

    def show_statistics(self) -> None:
        from .statistics_dialog import StatisticsDialog

        names = {str(s.id): strategy_display_name(s) for s in self.session.seat_maker.strategies()}
        dialog = StatisticsDialog(self.session.statistics_store(), self, strategy_names=names)
        self._open_child("statistics", dialog)

    def show_history(self) -> None:
        from .history_dialog import HistoryDialog

        store = self.session.statistics_store()
        dialog = HistoryDialog(store, self.theme, self)
        dialog.continue_game.connect(lambda loaded: self.continue_game(loaded) and dialog.close())
        self._open_child("history", dialog)

    def continue_game(self, loaded: Any) -> bool:
        """History's "Continue this game": `loaded` (a LoadedRecord: a past game up to the
        stroke shown, its players) is played on here as a new game against the same players
        (a stand-in for a computer no longer installed), as if opened from a file; an unfinished
        game is abandoned only if the player says so."""
        if not self.leave_game(
            self.tr("Continue this game"),
            self.tr("Abandon the game in progress and continue the one from History?"),
            self.tr("Abandon and continue"),
        ):
            return False
        seats, stand_ins = self.session.seat_maker.for_record(loaded.players)
        self.session.start_with_seats(loaded.game, seats)
        self.tell_stand_ins(stand_ins)
        return True

    def show_plugins(self) -> None:
        from .plugins_dialog import PluginsDialog

        self._open_child("plugins", PluginsDialog(self.registry, self, theme_set=self.theme_set))

    def show_engines(self) -> None:
        from .engines_dialog import EnginesDialog

        self._open_child("engines", EnginesDialog(self.settings, self))

    def show_shortcuts(self) -> None:
        from .shortcuts_dialog import ShortcutsDialog

        self._open_child("shortcuts", ShortcutsDialog(self.actions(), self))

    def toggle_full_screen(self) -> None:
        """Settings > Full screen (F11): the board takes the whole screen, and back."""
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def show_how_to_play(self) -> None:
        from .help_dialog import HowToPlayDialog

        self._open_child("help", HowToPlayDialog(self, self.theme))

    def _open_child(self, key: str, dialog: QDialog) -> None:
        old = self._child_dialogs.pop(key, None)
        if old is not None:
            old.close()
            old.deleteLater()
        self._child_dialogs[key] = dialog
        if key in BESIDE_THE_BOARD:  # read while playing: the board stays in reach
            dialog.setWindowModality(Qt.WindowModality.NonModal)
            dialog.show()
        else:
            dialog.open()

    def show_about(self) -> None:
        from .help_dialog import about_box

        self.message_box = box = about_box(self)
        box.open()

    # -- questions, messages and file choosers (tests replace these) ------------------------------

    def preview(self, position: Position, names: tuple[str, str]) -> None:
        """A game shown before it is played (an autosaved one offered to resume)."""
        self.view.show_game(position)
        self.score_panel.set_players(names, position.scores)

    def dialog_parent(self) -> QWidget:
        return self

    def ask(self, title: str, question: str, verbs: tuple[str, ...] | None = None) -> bool | None:
        """Yes (True) or No (False). With `verbs` the buttons say what they do: (do, keep),
        where Esc keeps (False); or (yes, no, later), where Esc is "later" (None): the player
        decided nothing."""
        if verbs is None:
            yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
            return QMessageBox.question(self, title, question, yes | no) == yes
        box = QMessageBox(QMessageBox.Icon.Question, title, question, parent=self)
        accept = box.addButton(verbs[0], QMessageBox.ButtonRole.AcceptRole)
        if len(verbs) == 2:
            keep = box.addButton(verbs[1], QMessageBox.ButtonRole.RejectRole)  # and Esc
            box.setDefaultButton(keep)  # Enter does not lose a game
            box.exec()
            return box.clickedButton() is accept
        refuse = box.addButton(verbs[1], QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(verbs[2], QMessageBox.ButtonRole.RejectRole)  # and Esc
        box.setDefaultButton(accept)
        box.exec()
        clicked = box.clickedButton()
        return True if clicked is accept else False if clicked is refuse else None

    def show_error(self, title: str, message: str, details: str = "") -> None:
        """A non-blocking warning: the game goes on behind it."""
        box = QMessageBox(
            QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, self
        )
        if details:  # the exact cause stays as Python said it, for whoever repairs the file
            box.setDetailedText(self.tr("Technical details (in English):") + "\n" + details)
        self.message_box = box
        box.open()

    # -- window state ---------------------------------------------------------------------------

    def _restore_geometry(self) -> None:
        self.place = WindowPlace(user_data_dir() / "windows")
        place_window(self, self.settings.window_geometry, self.place.index)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.window_geometry = self.saveGeometry()
        self.settings.sync()
        # The autosave stays on disk when the game is unfinished: it is offered next time.
        self._close_game_over_dialog()
        self.session.close()
        self.place.release()
        super().closeEvent(event)
