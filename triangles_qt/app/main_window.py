"""The main window: the board, the score panel and the status bar around a game session. The game
itself (seats, turns, files, autosave, statistics, notices) belongs to the session (`session.py`):
the window asks it and shows what it says. The window composes the parts that are its own:

- window_menus.py: the actions and menus;
- window_look.py: the theme shown and the interface language;
- window_dialogs.py: the windows opened from the menus (Statistics, History, Help...);
- game_files.py: the file commands; coach.py: the guided game; table_talk.py: the notices
  about the table; online_play.py: online play, made when first used.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QMainWindow, QVBoxLayout, QWidget

from triangles_qt.plugin_manager import user_data_dir
from triangles_qt.table.session import GameSession
from triangles_qt.themes import NEBULA, Theme, ThemeSet

from . import notices
from .appearance import available_themes
from .board_view import BoardView
from .coach import Coach
from .game_files import GameFiles
from .i18n import LANGUAGES
from .player_names import ShownSeatNames
from .plurals import plural
from .score_panel import ScorePanel, show_session
from .settings import NewGameChoices, Settings
from .status_bar import StatusBar
from .table_talk import TableTalk, stand_in_text
from .user_engines import WithUserEngines
from .window_dialogs import WindowDialogs
from .window_look import WindowLook
from .window_menus import MenuCommands, WindowMenus, theme_entries
from .window_placement import WindowPlace, place_window

if TYPE_CHECKING:  # the other windows are imported when first opened: a quicker start
    from PySide6.QtWidgets import QDialog, QMessageBox

    from triangles_qt.core.game import Move
    from triangles_qt.core.position import Position
    from triangles_qt.statistics import StatisticsStore
    from triangles_qt.table.seats import StandIn

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
        self.last_choices: NewGameChoices = self.settings.new_game_choices()
        self.game_over_dialog: GameOverDialog | None = None
        self.new_game_dialog: NewGameDialog | None = None
        self.message_box: QMessageBox | None = None
        self.dialogs = WindowDialogs(self)
        self._child_dialogs: dict[str, QDialog] = self.dialogs.opened

        self.view = BoardView(NEBULA)
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

        themes = available_themes(registry)
        self.menus = menus = self._create_menus(theme_entries(themes[0]))
        self._bind()
        self.coach = Coach(self)
        self.look = WindowLook(
            themes,
            self.settings,
            menus,
            themed=(self.view, self.coach, self.score_panel, self.status_bar),
            also_themed=self.dialogs.themed,
            show_notice=self.status_bar.show_notice,
            withdraw=self.status_bar.withdraw,
            language_manager=language_manager,
        )
        self.retranslate_ui()
        self._wanted_theme = theme_id or self.settings.theme_id
        self.set_theme(self._wanted_theme, remember=False)
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
        self.look.use_registry(registry)
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

    def _create_menus(self, themes: dict[str, str]) -> WindowMenus:
        s, f, v, d = self.session, self.files, self.view, self.dialogs
        commands = MenuCommands(
            new_game=self.new_game,
            show_online=lambda: self.online.show_dialog(),
            open_game=f.open_game,
            save_game=f.save_game,
            save_game_as=f.save_game_as,
            undo=s.undo,
            redo=s.redo,
            request_hint=s.request_hint,
            show_statistics=d.show_statistics,
            show_history=d.show_history,
            quit=self.close,
            show_plugins=d.show_plugins,
            show_engines=d.show_engines,
            show_how_to_play=d.show_how_to_play,
            start_guided_game=self.start_guided_game,
            show_shortcuts=d.show_shortcuts,
            toggle_full_screen=self.toggle_full_screen,
            zoom_in=v.zoom_in,
            zoom_out=v.zoom_out,
            zoom_fit=v.fit_whole_board,
            show_about=d.show_about,
            set_theme=self.set_theme,
            set_language=self.set_language,
            set_reduced_motion=self.scene.set_reduced_motion,
        )
        manager = self.language_manager
        languages = list(LANGUAGES) if manager is not None else [("en", "English")]
        language = getattr(manager, "language", "en")
        menus = WindowMenus(self, commands, self.settings, themes, languages, language)
        # The actions and menus by name, as online play, the tests and the rest of this
        # window know them.
        self.new_action, self.online_action = menus.new_action, menus.online_action
        self.open_action, self.save_action = menus.open_action, menus.save_action
        self.save_as_action = menus.save_as_action
        self.undo_action, self.redo_action = menus.undo_action, menus.redo_action
        self.hint_action = menus.hint_action
        self.statistics_action, self.history_action = menus.statistics_action, menus.history_action
        self.quit_action = menus.quit_action
        self.plugins_action, self.engines_action = menus.plugins_action, menus.engines_action
        self.how_to_play_action, self.guided_action = menus.how_to_play_action, menus.guided_action
        self.shortcuts_action = menus.shortcuts_action
        self.full_screen_action = menus.full_screen_action
        self.zoom_in_action, self.zoom_out_action = menus.zoom_in_action, menus.zoom_out_action
        self.zoom_fit_action, self.about_action = menus.zoom_fit_action, menus.about_action
        self.game_menu, self.settings_menu = menus.game_menu, menus.settings_menu
        self.theme_menu, self.language_menu = menus.theme_menu, menus.language_menu
        self.motion_menu, self.help_menu = menus.motion_menu, menus.help_menu
        return menus

    @property
    def theme_actions(self) -> dict[str, QAction]:
        return self.menus.theme_actions

    @property
    def language_actions(self) -> dict[str, QAction]:
        return self.menus.language_actions

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
        self.menus.retranslate()
        self.coach.retranslate_ui()
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

    # -- theme and language (window_look.py) ------------------------------------------------------

    @property
    def theme(self) -> Theme:
        """The theme shown."""
        return self.look.theme

    @property
    def themes(self) -> dict[str, Theme]:
        return self.look.themes

    @property
    def theme_set(self) -> ThemeSet:
        return self.look.theme_set

    @property
    def theme_choice(self) -> str:
        """The Theme menu's choice ("system" or a theme id)."""
        return self.look.theme_choice

    def set_theme(self, theme_id: str, remember: bool = True) -> None:
        """Show a theme, or the one "System" stands for now (`theme_choice` keeps the choice)."""
        self.look.set_theme(theme_id, remember)

    def set_language(self, code: str) -> None:
        """Switch the interface language; every widget retranslates on QEvent.LanguageChange."""
        self.look.set_language(code)

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

    def offer_rejoin(self) -> bool:
        """On start: offer the online games a killed window left, if any (online play is made
        only then)."""
        from .online_kept import kept_seat_files

        return bool(kept_seat_files()) and self.online.offer_rejoin()

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

    # -- other windows (window_dialogs.py) ---------------------------------------------------------

    def show_statistics(self) -> None:
        self.dialogs.show_statistics()

    def show_history(self) -> None:
        self.dialogs.show_history()

    def show_plugins(self) -> None:
        self.dialogs.show_plugins()

    def show_engines(self) -> None:
        self.dialogs.show_engines()

    def show_shortcuts(self) -> None:
        self.dialogs.show_shortcuts()

    def show_how_to_play(self) -> None:
        self.dialogs.show_how_to_play()

    def show_about(self) -> None:
        self.dialogs.show_about()

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

    def toggle_full_screen(self) -> None:
        """Settings > Full screen (F11): the board takes the whole screen, and back."""
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    # -- questions, messages and file choosers (tests replace these) ------------------------------

    def preview(self, position: Position, names: tuple[str, str]) -> None:
        """A game shown before it is played (an autosaved one offered to resume)."""
        self.view.show_game(position)
        self.score_panel.set_players(names, position.scores)

    def dialog_parent(self) -> QWidget:
        return self

    def ask(self, title: str, question: str, verbs: tuple[str, ...] | None = None) -> bool | None:
        """Yes (True) or No (False); with `verbs`, buttons that say what they do (see
        window_questions.ask)."""
        from .window_questions import ask

        return ask(self, title, question, verbs)

    def show_error(self, title: str, message: str, details: str = "") -> None:
        """A non-blocking warning: the game goes on behind it."""
        from .window_questions import warning

        self.message_box = warning(self, title, message, details)

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
