"""The main window: board view, score panel, status bar, menus, files (save, open, autosave and
resume), end of game, statistics; it wires the controller's signals to the widgets.

The window never changes the game itself: it asks the controller, and redraws when told.
"""

from __future__ import annotations

import dataclasses
import errno
import html
import os
import random
import re
import sys
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QByteArray, QEvent, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QColor,
    QFont,
    QIcon,
    QKeySequence,
    QPalette,
    QTextDocumentFragment,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from triangles_qt import __version__
from triangles_qt.core.atomic_file import set_aside
from triangles_qt.core.board import PRESETS, Board
from triangles_qt.core.game import Move, Rejection
from triangles_qt.core.record import LoadedRecord, RecordError, read_record, write_record
from triangles_qt.plugin_manager import user_data_dir
from triangles_qt.statistics import StatisticsStore
from triangles_qt.themes import NEBULA, Theme, ThemeSet, load_themes

from .board_view import BoardView
from .colors import blend, contrast_ratio, qcolor, readable_on, with_alpha
from .controller import (
    COMPUTER,
    HUMAN,
    GameController,
    PlayerInfo,
    find_strategy,
    registry_strategies,
    rejection_text,
)
from .help_dialog import HowToPlayDialog
from .i18n import native_name, normalise_code
from .new_game_dialog import NewGameDialog
from .plugins_dialog import PluginsDialog
from .player_names import computer_label, computer_name, default_human_names, loaded_name
from .plurals import plural
from .score_panel import ScorePanel
from .status_bar import StatusBar
from .settings import NewGameChoices, Settings
from .strategy_names import strategy_display_name
from .statistics_dialog import StatisticsDialog

AUTOSAVE_NAME = "autosave.triangles"
RECORD_SUFFIX = ".triangles"
ICON_PATH = Path(__file__).with_name("resources") / "triangles.svg"


def autosave_path() -> Path:
    return user_data_dir() / AUTOSAVE_NAME


def app_icon() -> QIcon:
    return QIcon(str(ICON_PATH)) if ICON_PATH.is_file() else QIcon()


def available_themes(registry: Any) -> tuple[dict[str, Theme], ThemeSet]:
    """Theme id -> Theme for the Theme menu (Nebula first, the others by name), and the loaded
    set itself (which plugin gave which theme, which were skipped)."""
    loaded = load_themes(registry)
    others = [theme for theme in loaded.themes.values() if theme.id != NEBULA.id]
    ordered = {NEBULA.id: NEBULA}
    ordered.update((theme.id, theme) for theme in sorted(others, key=lambda t: t.name.lower()))
    return ordered, loaded


class GameOverDialog(QDialog):
    """The end of a game: who won, the final score, and Play again."""

    play_again = Signal()

    def __init__(self, title: str, score: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameOverDialog")
        self.title_label = QLabel()
        self.title_label.setAlignment(Qt.AlignCenter)
        font = QFont(self.title_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.title_label.setFont(font)
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)  # "<name> wins!" between friends
        self.score_label = QLabel()
        self.score_label.setAlignment(Qt.AlignCenter)
        self.score_label.setTextFormat(Qt.TextFormat.RichText)
        self.set_texts(title, score)
        self.buttons = QDialogButtonBox()
        self.play_again_button = self.buttons.addButton("", QDialogButtonBox.AcceptRole)
        self.close_button = self.buttons.addButton("", QDialogButtonBox.RejectRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.accepted.connect(self.play_again)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 22, 28, 18)
        layout.setSpacing(12)
        layout.addWidget(self.title_label)
        layout.addWidget(self.score_label)
        layout.addWidget(self.buttons)
        self.retranslate_ui()

    @property
    def title_text(self) -> str:
        return self.title_label.text()

    @property
    def score_text(self) -> str:
        """The final score as plain text."""
        return QTextDocumentFragment.fromHtml(self.score_label.text()).toPlainText()

    def set_texts(self, title: str, score: str) -> None:
        """Who won (plain text) and the final score (rich text), worded by the window that knows
        the game."""
        self.title_label.setText(title)
        self.score_label.setText(score)

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Game over"))
        self.play_again_button.setText(self.tr("Play again"))
        self.close_button.setText(self.tr("Close"))

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class MainWindow(QMainWindow):
    """The Triangles window, showing what `registry` (a `PluginRegistry`, or anything with its
    `loaded`, `failed`, `strategies()`, `strategy(id)` and `plugin_of(id)`) offers."""

    def __init__(
        self,
        registry: Any,
        settings: Settings | None = None,
        statistics: StatisticsStore | None = None,
        theme_id: str | None = None,
        controller: GameController | None = None,
        language_manager: Any = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.language_manager = language_manager
        self.settings = settings if settings is not None else Settings()
        self._statistics = statistics
        self.controller = controller or GameController(registry, self)
        if self.controller.parent() is None:
            self.controller.setParent(self)
        self.themes, self.theme_set = available_themes(registry)
        self._language_note: str | None = None  # the last "translation missing" status message
        # The last plugin failure, which a triangle notice must not hide.
        self._failure_note: str | None = None
        self._end_note: str | None = None  # the game-over status message, retranslated
        # Per seat, the player's name in the language in use (None before the first game).
        self._seat_names: list[Callable[[], str]] | None = None
        self.theme = NEBULA
        self.current_path: Path | None = None
        self._saved_strokes: tuple | None = None  # the strokes in current_path, as last written
        self.last_choices: NewGameChoices = self.settings.new_game_choices()
        self.game_over_dialog: GameOverDialog | None = None
        self.new_game_dialog: NewGameDialog | None = None
        self.message_box: QMessageBox | None = None
        self._child_dialogs: dict[str, QDialog] = {}
        self._stroke_since_start = False
        self._counted: tuple[str, str] | None = None  # this game's result in the statistics,
        # kept through undo after the end so that the next ending replaces it

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
        self.setStatusBar(StatusBar())
        self.board_label = self.statusBar().label

        self._create_actions()
        self._create_menus()
        self._connect()
        self.retranslate_ui()
        self.set_theme(theme_id or self.settings.theme_id, remember=False)
        self._restore_geometry()
        self.view.setFocus()
        # Told once the first game has started: starting a game clears the status bar.
        self._startup_notes: list[str] = []
        self._autosave_failing = False
        unloaded = len(getattr(registry, "failed", ())) + len(self.theme_set.errors)
        if unloaded:
            self._startup_notes.append(plural(
                self.tr("%n plugin(s) or theme(s) could not be loaded: see Settings > Plugins.",
                        "", unloaded),
                unloaded,
            ))
        wanted = theme_id or self.settings.theme_id
        if wanted and wanted not in self.themes:  # e.g. its plugin was removed
            self._startup_notes.append(
                self.tr("The theme “%1” is not installed; %2 is shown instead.")
                .replace("%1", wanted).replace("%2", self.theme_actions[NEBULA.id].text()))

    # -- construction -------------------------------------------------------------------------

    def _create_actions(self) -> None:
        def action(name: str, slot, shortcut=None) -> QAction:
            act = QAction(self)
            act.setObjectName(name)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(slot)
            self.addAction(act)
            return act

        self.new_action = action("newAction", self.new_game, QKeySequence.New)
        self.open_action = action("openAction", self.open_game, QKeySequence.Open)
        self.save_action = action("saveAction", self.save_game, QKeySequence.Save)
        self.save_as_action = action(
            "saveAsAction", self.save_game_as, QKeySequence("Ctrl+Shift+S")
        )
        self.undo_action = action("undoAction", self.undo, QKeySequence.Undo)
        self.redo_action = action("redoAction", self.redo, QKeySequence.Redo)
        self.hint_action = action("hintAction", self.hint, QKeySequence("H"))
        self.statistics_action = action("statisticsAction", self.show_statistics)
        self.quit_action = action("quitAction", self.close, QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.QuitRole)
        self.plugins_action = action("pluginsAction", self.show_plugins)
        self.how_to_play_action = action(
            "howToPlayAction", self.show_how_to_play, QKeySequence("F1")
        )
        self.about_action = action("aboutAction", self.show_about)
        self.about_action.setMenuRole(QAction.AboutRole)

        self.theme_group = QActionGroup(self)
        self.theme_group.setExclusive(True)
        self.theme_actions: dict[str, QAction] = {}
        for theme_id, theme in self.themes.items():
            act = QAction(str(theme.name), self, checkable=True)
            act.setData(theme_id)
            act.triggered.connect(lambda checked=False, t=theme_id: self.set_theme(t))
            self.theme_group.addAction(act)
            self.theme_actions[theme_id] = act

        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        languages = [("en", "English")]
        if self.language_manager is not None:
            from .i18n import LANGUAGES

            languages = list(LANGUAGES)
        current = getattr(self.language_manager, "language", "en")
        for code, name in languages:
            # Each language is listed in itself ("Deutsch"), so nobody gets lost in a wrong one.
            act = QAction(name, self, checkable=True)
            act.setData(code)
            act.setChecked(code == current)
            act.triggered.connect(lambda checked=False, c=code: self.set_language(c))
            self.language_group.addAction(act)
            self.language_actions[code] = act

    def _create_menus(self) -> None:
        bar = self.menuBar()
        self.game_menu = bar.addMenu("")
        for act in (self.new_action, self.open_action, self.save_action, self.save_as_action):
            self.game_menu.addAction(act)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.undo_action)
        self.game_menu.addAction(self.redo_action)
        self.game_menu.addAction(self.hint_action)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.statistics_action)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.quit_action)
        self.settings_menu = bar.addMenu("")
        self.theme_menu = self.settings_menu.addMenu("")
        for act in self.theme_actions.values():
            self.theme_menu.addAction(act)
        self.language_menu = self.settings_menu.addMenu("")
        for act in self.language_actions.values():
            self.language_menu.addAction(act)
        self.settings_menu.addSeparator()
        self.settings_menu.addAction(self.plugins_action)
        self.help_menu = bar.addMenu("")
        self.help_menu.addAction(self.how_to_play_action)
        self.help_menu.addAction(self.about_action)

    def _connect(self) -> None:
        c = self.controller
        self.scene.stroke_requested.connect(c.request_stroke)
        c.stroke_played.connect(self._on_stroke_played)
        c.stroke_rejected.connect(self._on_stroke_rejected)
        c.turn_changed.connect(lambda player: self._refresh())
        c.thinking_changed.connect(lambda thinking: self._refresh())
        c.game_over.connect(self._on_game_over)
        c.plugin_failed.connect(self._on_plugin_failed)
        c.game_started.connect(self._on_game_started)
        c.game_reset.connect(self._on_game_reset)
        c.hint_ready.connect(self._on_hint_ready)
        c.players_renamed.connect(self._on_players_renamed)

    # -- text -----------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.new_action.setText(self.tr("&New game…"))
        self.open_action.setText(self.tr("&Open…"))
        self.save_action.setText(self.tr("&Save"))
        self.save_as_action.setText(self.tr("Save &As…"))
        self.undo_action.setText(self.tr("&Undo"))
        self.redo_action.setText(self.tr("&Redo"))
        self.hint_action.setText(self.tr("&Hint"))
        self.statistics_action.setText(self.tr("S&tatistics…"))
        self.quit_action.setText(self.tr("&Quit"))
        self.plugins_action.setText(self.tr("&Plugins…"))
        self.how_to_play_action.setText(self.tr("&How to play"))
        self.about_action.setText(self.tr("&About Triangles"))
        self.game_menu.setTitle(self.tr("&Game"))
        self.settings_menu.setTitle(self.tr("&Settings"))
        self.theme_menu.setTitle(self.tr("&Theme"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.help_menu.setTitle(self.tr("&Help"))
        built_in_names = {
            NEBULA.id: self.tr("Nebula"),
            "daylight": self.tr("Daylight"),
            "high-contrast": self.tr("High contrast"),
        }
        for theme_id, name in built_in_names.items():
            if theme_id in self.theme_actions:
                self.theme_actions[theme_id].setText(name)
        self._update_title()
        self._update_board_label()
        self._rename_default_players()
        game = self.controller.game
        # Hovering a menu clears the status bar, so an empty one is retold the result too.
        ending = self.statusBar().currentMessage() in (self._end_note, "")
        if ending and game is not None and game.is_over:
            self._end_note = self.end_message(game.winner)
            self.statusBar().showMessage(self._end_note)
        self._update_game_over_texts()
        self.view.setAccessibleName(self.tr("Board"))
        self.view.setAccessibleDescription(
            self.tr("Click a star, then another, to draw a stroke. Keyboard: arrows or Tab to "
                    "move between stars, Enter or Space to pick, Esc to cancel.")
        )
        self._refresh()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _update_title(self) -> None:
        """The game's file in the title, with "*" once strokes were played since it was saved."""
        title = self.tr("Triangles")
        if self.current_path is not None:
            title = self.tr("%1 – Triangles").replace("%1", self.current_path.name + "[*]")
        self.setWindowTitle(title)
        game = self.controller.game
        self.setWindowModified(self.current_path is not None and game is not None
                               and tuple(game.strokes) != self._saved_strokes)

    # -- theme ----------------------------------------------------------------------------------

    def set_theme(self, theme_id: str, remember: bool = True) -> None:
        theme = self.themes.get(theme_id) or NEBULA
        self.theme = theme
        self.view.set_theme(theme)
        self.score_panel.set_theme(theme)
        top, text = qcolor(theme.background_top), qcolor(theme.text)
        self.statusBar().setStyleSheet(
            f"QStatusBar {{ background: {top.name()}; color: {text.name()}; }}"
            f" QStatusBar QLabel {{ color: {with_alpha(text, 170).name(QColor.HexArgb)}; }}"
        )
        act = self.theme_actions.get(theme.id)
        if act is not None:
            act.setChecked(True)
        app = QApplication.instance()
        if app is not None:
            app.setPalette(theme_palette(theme))
        help_dialog = self._child_dialogs.get("help")
        if help_dialog is not None:
            help_dialog.set_theme(theme)
        if remember:
            self.settings.theme_id = theme.id

    def set_language(self, code: str) -> None:
        """Switch the interface language; every widget retranslates on QEvent.LanguageChange."""
        if self.language_manager is None:
            return
        notes = self.language_manager.set_language(code)
        language = self.language_manager.language
        act = self.language_actions.get(language)
        if act is not None:
            act.setChecked(True)
        self.settings.language = language
        wanted = normalise_code(code)
        status = self.statusBar()
        if notes and wanted is not None and wanted != language:
            # The details (file, folder) went to the log; the player learns what it means.
            message = self.tr("The %1 translation is missing or damaged; using English.")
            self._language_note = message.replace("%1", native_name(wanted))
            status.showMessage(self._language_note, 8000)
        elif status.currentMessage() == self._language_note:
            status.clearMessage()  # no longer true

    # -- starting games ---------------------------------------------------------------------------

    def new_game(self) -> None:
        """Game > New: ask before abandoning an unfinished game, then open the New game window."""
        if self._game_in_progress() and not self._ask(
            self.tr("New game"), self.tr("Abandon the game in progress and start a new one?")
        ):
            return
        dialog = NewGameDialog(self.registry, self.last_choices, self)
        dialog.accepted.connect(lambda: self.start_new_game(dialog.choices()))
        dialog.finished.connect(lambda: self._forget_new_game_dialog(dialog))
        self.new_game_dialog = dialog
        dialog.open()

    def _forget_new_game_dialog(self, dialog: NewGameDialog) -> None:
        if self.new_game_dialog is dialog:
            self.new_game_dialog = None
        dialog.deleteLater()

    def start_new_game(self, choices: NewGameChoices, seed: int | None = None) -> None:
        """Start the game `choices` describe, on a fresh board (random seed unless given)."""
        preset = choices.preset if choices.preset in PRESETS else "phone-60"
        board = Board.generate(preset, random.randrange(2**31) if seed is None else seed)
        note = None
        missing = find_strategy(self.registry, choices.strategy_id) is None
        if choices.opponent != "human" and missing:
            # A remembered level whose plugin was removed: say who plays, and remember that one.
            stand_in = self.controller.strategy_for(choices.strategy_id)
            note = self._stand_in_note(choices.strategy_id, stand_in)
            choices = dataclasses.replace(choices, strategy_id=str(stand_in.id))
        players = self._players_for(choices)
        self.last_choices = choices
        try:
            self.settings.set_new_game_choices(choices)
        except ValueError:  # a plugin's strategy id the settings refuse: play, just don't store
            pass
        self._set_file(None, None)
        self._remove_autosave()
        self.controller.new_game(board, players, choices.replay_after_triangle)
        if note:
            self._show_error(self.tr("Computer player not installed"), note)

    def play_again(self) -> None:
        self.start_new_game(self.last_choices)

    def _players_for(self, choices: NewGameChoices) -> list[PlayerInfo]:
        """The two players. A name the player left empty is the default of the language in use,
        and follows it when it changes (see `_rename_default_players`)."""
        given = choices.player_names

        def name(chosen: str, default: Callable[[], str]) -> Callable[[], str]:
            return (lambda: chosen) if chosen else default

        defaults = default_human_names()
        if choices.opponent == "human":
            seats = [
                (name(given[0], defaults["Player 1"]), HUMAN, None),
                (name(given[1], defaults["Player 2"]), HUMAN, None),
            ]
        else:
            strategy = self.controller.strategy_for(choices.strategy_id)
            human = (name(given[0], defaults["You"]), HUMAN, None)
            computer = (lambda: computer_name(strategy), COMPUTER, str(strategy.id))
            seats = [human, computer] if choices.human_starts else [computer, human]
        self._seat_names = [seat_name for seat_name, _, _ in seats]
        return [PlayerInfo(seat_name(), kind, sid) for seat_name, kind, sid in seats]

    def _rename_default_players(self) -> None:
        """Give default-named players the names of the language now in use."""
        players = self.controller.players
        if self._seat_names is None or len(players) != 2:
            return
        renamed = [
            dataclasses.replace(player, name=seat_name())
            for seat_name, player in zip(self._seat_names, players)
        ]
        if renamed != players:
            self.controller.rename_players(renamed)

    def _computer_player(self, strategy: Any) -> PlayerInfo:
        return PlayerInfo(computer_name(strategy), COMPUTER, str(strategy.id))

    def _start_loaded(self, loaded: LoadedRecord) -> None:
        """Play a loaded record. A computer whose strategy is not installed is replaced by the
        one that plays instead, in the player list too (its name and id); the player is told."""
        players, notes = [], []
        for player in loaded.players:
            if player.kind == COMPUTER and find_strategy(self.registry, player.strategy) is None:
                stand_in = self.controller.strategy_for(player.strategy)
                notes.append(self._stand_in_note(player.strategy, stand_in))
                player = self._computer_player(stand_in)
            players.append(player)
        self.controller.start(loaded.game, players)
        self._seat_names = [loaded_name(player, self.controller.strategy_for)
                            for player in players]
        self._rename_default_players()
        if notes:
            self._show_error(self.tr("Computer player not installed"), "\n".join(notes))

    def _stand_in_note(self, missing_id: str, stand_in: Any) -> str:
        note = self.tr("The computer player “%1” is not installed; “%2” plays instead.")
        return note.replace("%1", missing_id).replace("%2", strategy_display_name(stand_in))

    def _game_in_progress(self) -> bool:
        game = self.controller.game
        return game is not None and not game.is_over and len(game.moves) > 0

    # -- files ----------------------------------------------------------------------------------

    def open_game(self) -> None:
        """Game > Open: ask before abandoning an unfinished game, then choose the file."""
        if self._game_in_progress() and not self._ask(
            self.tr("Open game"), self.tr("Abandon the game in progress and open another one?")
        ):
            return
        path = self._choose_open_path()
        if path:
            self.open_file(path)

    def open_file(self, path: str | os.PathLike[str]) -> bool:
        """Load a .triangles record; a bad file gets a message and the current game goes on."""
        try:
            loaded = read_record(path)
        except (RecordError, OSError, ValueError) as exc:
            # The sentence in the player's language; the exact cause, for whoever repairs the
            # file, under Show Details.
            why = {
                "unreadable": self.tr("“%1” cannot be opened: the file could not be read."),
                "newer": self.tr("“%1” was saved by a newer version of Triangles."),
            }.get(getattr(exc, "kind", ""),
                  self.tr("“%1” is not a Triangles game, or it is damaged."))
            self._show_error(self.tr("Could not open the game"),
                             why.replace("%1", Path(path).name), details=str(exc))
            return False
        self._set_file(Path(path), loaded.game.strokes)
        self._remove_autosave()
        self._start_loaded(loaded)
        if not self.statusBar().currentMessage():  # the start-up notes, if any, come first
            self.statusBar().showMessage(
                self.tr("Opened %1").replace("%1", self.current_path.name), 4000
            )
        return True

    def save_game(self) -> bool:
        if self.current_path is None:
            return self.save_game_as()
        return self.save_to(self.current_path)

    def save_game_as(self) -> bool:
        path = self._choose_save_path()
        if not path:
            return False
        if not str(path).endswith(RECORD_SUFFIX):
            path = str(path) + RECORD_SUFFIX
        if Path(path).exists() and not self._ask(
            self.tr("Replace the file?"),
            self.tr("“%1” already exists. Do you want to replace it?").replace(
                "%1", Path(path).name),
        ):
            return False
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        game = self.controller.game
        if game is None:
            return False
        try:
            write_record(path, game, self.controller.players)
        except (RecordError, OSError, ValueError) as exc:
            self._show_error(
                self.tr("Could not save the game"),
                self.tr("“%1” could not be written. The game goes on; try another folder or "
                        "name.").replace("%1", Path(path).name),
                details=str(exc),
            )
            return False
        self._set_file(Path(path), game.strokes)
        self._update_title()
        self.statusBar().showMessage(self.tr("Saved %1").replace("%1", Path(path).name), 4000)
        return True

    def _autosave(self) -> None:
        """Keep the unfinished game safe on disk after every stroke (atomic write)."""
        game = self.controller.game
        if game is None:
            return
        # Nothing worth offering to resume; and a finished game reopened by undo is already
        # counted in the statistics: resumed in another session it would be counted twice.
        if game.is_over or not game.moves or self._counted is not None:
            self._remove_autosave()
            return
        path = autosave_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_record(path, game, self.controller.players)
        except (RecordError, OSError) as exc:  # a full disk must not stop the game
            if not self._autosave_failing:  # said once, not after every stroke
                print(f"triangles-qt: autosave to {path} failed: {exc}", file=sys.stderr)
                self.statusBar().showMessage(self._autosave_failure(exc), 10000)
            self._autosave_failing = True
            return
        self._autosave_failing = False

    def _autosave_failure(self, exc: Exception) -> str:
        """The status line for a failed autosave, in the player's language (the OS's own
        words go to the terminal)."""
        code = getattr(exc, "errno", None)
        if code == errno.ENOSPC:
            return self.tr("The game could not be autosaved: the disk is full. It goes on; "
                           "free some space, or save it with Save As.")
        if code in (errno.EACCES, errno.EPERM, errno.EROFS):
            return self.tr("The game could not be autosaved: %1 is not writable. It goes on; "
                           "save it with Save As.").replace("%1", str(autosave_path().parent))
        return self.tr("The game could not be autosaved. It goes on; save it with Save As.")

    def _remove_autosave(self) -> None:
        try:
            autosave_path().unlink(missing_ok=True)
        except OSError:
            pass

    def first_game(self, path: str | None = None) -> None:
        """On start: open `path` if given; else (or if it cannot be opened) offer the autosaved
        game, or start a new one. The resume question waits until the player has closed the
        message saying why the file did not open, rather than hiding it."""
        before = self.message_box
        if path and self.open_file(path):
            return
        box = self.message_box
        if box is not None and box is not before and box.isVisible():
            box.finished.connect(self._resume_or_start)
        else:
            self._resume_or_start()

    def _resume_or_start(self) -> None:
        if not self.offer_resume():
            self.start_new_game(self.last_choices)

    def offer_resume(self) -> bool:
        """On start: if an unfinished game was autosaved, offer to resume it exactly."""
        path = autosave_path()
        if not path.is_file():
            return False
        try:
            loaded = read_record(path)
        except (RecordError, OSError, ValueError):
            try:
                kept = set_aside(path)
            except OSError:
                self._startup_notes.append(
                    self.tr("The unfinished game saved last time could not be read, and was "
                            "removed."))
                self._remove_autosave()
            else:
                self._startup_notes.append(self.tr(
                    "The unfinished game saved last time could not be read; it was kept as %1."
                ).replace("%1", str(kept)))
            return False
        if loaded.game.is_over:
            self._remove_autosave()
            return False
        # The question is asked over the game it is about, not over an empty board.
        self.view.show_game(loaded.game)
        names = tuple(loaded_name(player, self.controller.strategy_for)() for player in
                      loaded.players)
        self.score_panel.set_players(names, tuple(loaded.game.scores))
        if not self._ask(
            self.tr("Resume game"),
            self.tr("An unfinished game was saved when Triangles last closed. Resume it?"),
        ):
            self._remove_autosave()
            return False
        file = self.settings.resume_file
        self._set_file(None, None)
        self._start_loaded(loaded)
        self._tie_to_file(file)
        return True

    def _set_file(self, path: Path | None, strokes) -> None:
        """The game's file (None: none yet) and the strokes it holds; remembered in the settings
        too, so that a resumed game belongs to it again."""
        self.current_path = path
        self._saved_strokes = None if strokes is None else tuple(strokes)
        self.settings.resume_file = str(path or "")

    def _tie_to_file(self, file: str) -> None:
        """A resumed game belongs again to the file it was saved to or opened from (still marked
        changed if strokes were played since), so Save writes there."""
        try:
            saved = read_record(Path(file)) if file else None
        except (RecordError, OSError, ValueError):
            saved = None  # moved or damaged since: the game is resumed without a file
        if saved is not None and saved.game.board.same_as(self.controller.game.board):
            self._set_file(Path(file), saved.game.strokes)
        self._update_title()

    # -- play -----------------------------------------------------------------------------------

    def undo(self) -> None:
        if self.controller.undo():
            self.statusBar().showMessage(self.tr("Stroke taken back"), 2500)

    def redo(self) -> None:
        if self.controller.redo() and not self.controller.game.is_over:
            self.statusBar().showMessage(self.tr("Stroke drawn again"), 2500)

    def hint(self) -> None:
        if self.controller.request_hint():
            self.statusBar().showMessage(self.tr("Looking for a good stroke…"))
        self.hint_action.setEnabled(self.controller.can_hint)

    def _on_game_started(self) -> None:
        self._stroke_since_start = False
        self._counted = None
        self._end_note = None
        self._autosave_failing = False  # a new game's first failure is told again
        self._close_game_over_dialog()
        game = self.controller.game
        self.view.show_game(game)
        self._update_title()
        self._update_board_label()
        self.statusBar().clearMessage()
        if self._startup_notes:
            self.statusBar().showMessage(" ".join(self._startup_notes), 15000)
            self._startup_notes.clear()
        self._refresh()

    def _update_board_label(self) -> None:
        """The board in the status bar: its family (or "custom board") and its stars."""
        game = self.controller.game
        if game is None:
            self.board_label.clear()
            return
        preset = PRESETS.get(game.board.preset or "")
        if preset is None:
            family = self.tr("custom board")
        else:
            family = self.tr("Phone") if preset.family == "phone" else self.tr("Tablet")
        n = game.board.n
        self.board_label.setText(plural(self.tr("%1 · %n star(s)", "", n), n).replace("%1", family))
        self.statusBar().make_room()

    def _on_game_reset(self) -> None:
        if self._end_note is not None:
            self._reopen_finished_game()
        self.view.show_game(self.controller.game)
        self._autosave()
        self._refresh()

    def _on_stroke_played(self, move: Move) -> None:
        self._stroke_since_start = True
        self.scene.add_move(move)
        if move.triangles and self.statusBar().currentMessage() != self._failure_note:
            who = self._player_label(move.player)
            count = len(move.triangles)
            self.statusBar().showMessage(
                plural(self.tr("%1 closed %n triangle(s)", "", count), count).replace("%1", who),
                3000,
            )
        elif self.statusBar().currentMessage().startswith(self.tr("Looking for a good stroke…")):
            self.statusBar().clearMessage()
        self._autosave()
        self._refresh()

    def _on_stroke_rejected(self, i: int, j: int, reason: Rejection) -> None:
        game = self.controller.game
        over, crossed = game.obstacles(i, j) if game is not None else ((), ())
        self.scene.show_rejected(i, j, over, crossed)
        self.statusBar().showMessage(rejection_text(reason), 6000)

    def _on_hint_ready(self, i: int, j: int) -> None:
        self.scene.show_hint(i, j)
        scene = self.scene
        if scene.cursor is not None:  # playing by keyboard: Enter goes on with the hinted stroke
            if scene.picked not in (None, i, j):
                scene.cancel()  # the star picked is not part of the hint
            scene.set_cursor(j if scene.picked == i else i)
        self.hint_action.setEnabled(self.controller.can_hint)
        self.statusBar().showMessage(self.tr("Hint: try the highlighted stroke"), 5000)

    def _on_plugin_failed(self, message: str) -> None:
        self._failure_note = message
        self.statusBar().showMessage(message, 10000)

    def _on_game_over(self, winner: int | None) -> None:
        self._refresh()
        self.scene.set_cursor(None)  # no star is to be picked any more
        self._remove_autosave()
        game = self.controller.game
        if game is None:
            return
        title, score = self._final_texts(winner)
        problem = self._record_statistics(winner) if self._stroke_since_start else None
        # One message, so that a failure to save stays beside the result instead of hiding it.
        self._end_note = title if problem is None else f"{title} {problem}"
        self.statusBar().showMessage(self._end_note)
        self._close_game_over_dialog()
        dialog = GameOverDialog(title, score, self)
        dialog.play_again.connect(self.play_again)
        self.game_over_dialog = dialog
        dialog.open()

    def _final_texts(self, winner: int | None) -> tuple[str, str]:
        """The game-over window's heading and final score, in the current language."""
        game = self.controller.game
        # Rich text: the scores in bold, so that "Player 1 21 – 17 Player 2" does not run the
        # names' numbers into the scores. One pass, so a name holding "%2" stays as it is.
        parts = {
            "1": html.escape(self._player_label(0)),
            "2": f"<b>{game.scores[0]}</b>",
            "3": f"<b>{game.scores[1]}</b>",
            "4": html.escape(self._player_label(1)),
        }
        score = re.sub("%([1-4])", lambda m: parts[m.group(1)], self.tr("%1 %2 – %3 %4"))
        return self.end_message(winner), f'<span style="white-space: pre-wrap">{score}</span>'


    def end_message(self, winner: int | None) -> str:
        """'You won!', 'You lost!', 'Draw!' against the computer; '<name> wins!' or 'Draw!'."""
        if winner is None:
            return self.tr("Draw!")
        human = self.controller.human_index
        if self.controller.against_computer and human is not None:
            return self.tr("You won!") if winner == human else self.tr("You lost!")
        return self.tr("%1 wins!").replace("%1", self.controller.players[winner].name)

    def _record_statistics(self, winner: int | None) -> str | None:
        """Count the result of a game against the computer; None, or why it could not be saved
        (a full disk must not spoil the end of a game)."""
        human = self.controller.human_index
        if not self.controller.against_computer or human is None:
            return None
        computer = self.controller.players[1 - human]
        outcome = "drawn" if winner is None else ("won" if winner == human else "lost")
        result = (computer.strategy or "unknown", outcome)
        try:
            self.statistics_store().record_result(*result, replacing=self._counted)
        except OSError as exc:  # StatisticsError
            return self.tr("The statistics could not be saved: %1").replace("%1", str(exc))
        self._counted = result
        return None

    def _reopen_finished_game(self) -> None:
        """The last stroke of a finished game was taken back: the game goes on. Its result stays
        counted until the game ends again and replaces it, so a lost game cannot be erased by
        taking a stroke back and starting another game."""
        self._close_game_over_dialog()
        if self.statusBar().currentMessage() == self._end_note:
            self.statusBar().clearMessage()
        self._end_note = None

    def statistics_store(self) -> StatisticsStore:
        if self._statistics is None:
            self._statistics = StatisticsStore()
        return self._statistics

    def _close_game_over_dialog(self) -> None:
        if self.game_over_dialog is not None:
            self.game_over_dialog.close()
            self.game_over_dialog.deleteLater()
            self.game_over_dialog = None

    def _on_players_renamed(self) -> None:
        self._update_game_over_texts()
        self._refresh()

    def _update_game_over_texts(self) -> None:
        game = self.controller.game
        if self.game_over_dialog is not None and game is not None and game.is_over:
            self.game_over_dialog.set_texts(*self._final_texts(game.winner))

    def _refresh(self) -> None:
        """Score panel, input and actions from the controller's state."""
        c = self.controller
        game = c.game
        self._update_title()
        self.scene.set_input_enabled(c.human_to_move)
        self.undo_action.setEnabled(c.can_undo)
        self.redo_action.setEnabled(c.can_redo)
        self.hint_action.setEnabled(c.can_hint)
        self.save_action.setEnabled(game is not None)
        self.save_as_action.setEnabled(game is not None)
        if game is None:
            self.score_panel.set_players(("", ""), (0, 0))
            self.score_panel.set_turn(None, "", False)
            return
        players = c.players
        self.score_panel.set_players(tuple(self._player_label(seat) for seat in (0, 1)),
                                     game.scores, tuple(self._card_note(seat) for seat in (0, 1)))
        if game.is_over:
            self.score_panel.set_turn(None, self.end_message(game.winner), False)
            return
        player = game.player
        if c.is_computer(player):
            text = self.tr("The computer is thinking…")
        elif c.against_computer:
            text = self.tr("Your turn")
        else:
            text = self.tr("%1’s turn").replace("%1", players[player].name)
        last = game.moves[-1] if game.moves else None
        replaying = last is not None and last.triangles and last.player == player
        if replaying and not c.is_computer(player):
            text = self.tr("Triangle! Play again") if c.against_computer else self.tr(
                "Triangle! %1 plays again"
            ).replace("%1", players[player].name)
        self.score_panel.set_turn(player, text, c.thinking)

    def _player_label(self, seat: int) -> str:
        """The seat's name, or who really plays once its strategy has been replaced."""
        if self.controller.replaced_strategy(seat) is None:
            return self.controller.players[seat].name
        return computer_label(self.tr("simple player"))

    def _card_note(self, seat: int) -> str:
        replaced = self.controller.replaced_strategy(seat)
        if replaced is None:
            return ""
        return self.tr("“%1” failed three times; a simple player plays in its place until this "
                       "game ends.").replace("%1", replaced)

    # -- other windows ----------------------------------------------------------------------------

    def show_statistics(self) -> None:
        names = {
            str(strategy.id): strategy_display_name(strategy)
            for strategy in registry_strategies(self.registry)
        }
        dialog = StatisticsDialog(self.statistics_store(), self, strategy_names=names)
        self._open_child("statistics", dialog)

    def show_plugins(self) -> None:
        dialog = PluginsDialog(self.registry, self, theme_set=self.theme_set)
        self._open_child("plugins", dialog)

    def show_how_to_play(self) -> None:
        self._open_child("help", HowToPlayDialog(self, self.theme))

    def _open_child(self, key: str, dialog: QDialog) -> None:
        old = self._child_dialogs.pop(key, None)
        if old is not None:
            old.close()
            old.deleteLater()
        self._child_dialogs[key] = dialog
        dialog.open()

    def show_about(self) -> None:
        text = self.tr(
            "<h3>Triangles %1</h3><p>Draw strokes between stars, close empty triangles and "
            "outscore your opponent.</p><p>Free software under the GNU GPL, version 3 or later.</p>"
        ).replace("%1", __version__)
        box = QMessageBox(QMessageBox.Information, self.tr("About Triangles"), text, parent=self)
        icon = app_icon()
        if not icon.isNull():
            box.setIconPixmap(icon.pixmap(64, 64))
        self.message_box = box
        box.open()

    # -- interaction points that tests replace -----------------------------------------------------

    def _ask(self, title: str, question: str) -> bool:
        answer = QMessageBox.question(self, title, question, QMessageBox.Yes | QMessageBox.No)
        return answer == QMessageBox.Yes

    def _show_error(self, title: str, message: str, details: str = "") -> None:
        """A non-blocking warning: the game goes on behind it."""
        box = QMessageBox(QMessageBox.Warning, title, message, QMessageBox.Ok, self)
        if details:  # the exact cause stays as Python said it, for whoever repairs the file
            box.setDetailedText(self.tr("Technical details (in English):") + "\n" + details)
        self.message_box = box
        box.open()

    def _file_filter(self) -> str:
        return self.tr("Triangles games (*.triangles)")

    def _choose_open_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open game"), str(self._folder()), self._file_filter()
        )
        return path

    def _choose_save_path(self) -> str:
        dialog = QFileDialog(self, self.tr("Save game"), str(self._folder()), self._file_filter())
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix(RECORD_SUFFIX.lstrip("."))
        # A native dialog adds the suffix after asking about the name as typed, so the app asks
        # about the final name itself (save_game_as), the same way with every dialog.
        dialog.setOption(QFileDialog.Option.DontConfirmOverwrite)
        if self.current_path is not None:
            dialog.selectFile(self.current_path.name)
        chosen = dialog.selectedFiles()[0] if dialog.exec() else ""
        dialog.deleteLater()
        return chosen

    def _folder(self) -> Path:
        return self.current_path.parent if self.current_path is not None else Path.home()

    # -- window state ---------------------------------------------------------------------------

    def _restore_geometry(self) -> None:
        geometry = self.settings.window_geometry
        if not geometry or not self.restoreGeometry(QByteArray(geometry)):
            self.resize(960, 760)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.window_geometry = self.saveGeometry()
        self.settings.sync()
        # The autosave stays on disk when the game is unfinished: it is offered next time.
        self.controller.close_game()
        super().closeEvent(event)


def theme_palette(theme) -> QPalette:
    """A widget palette matching the theme, so menus and dialogs sit well beside the sky."""
    sky, text = qcolor(theme.background_top), qcolor(theme.text)
    dark = sky.lightness() < 128
    window = sky.lighter(135) if dark else sky
    if dark and window.value() < 48:
        # lighter() scales the value, so it cannot lift a black sky: every shade derived from
        # it would stay black and frames, separators and indicators would vanish.
        window = QColor.fromHsv(max(window.hsvHue(), 0), window.hsvSaturation(), 48)
    # The accent marks focus and selection: Fusion draws the focus frame in a darker shade of
    # it, which must still stand out (3:1) from the window.
    accent = readable_on(qcolor(theme.player_strokes[1]), window, 4.5)
    # Selected text stays white (the themes' look) unless a lightened accent makes it faint.
    white = QColor("white")
    on_accent = white if contrast_ratio(white, accent) >= 3 else QColor("black")
    # Fusion draws indicator outlines in a darker shade of Window and fills them with Base: on
    # a dark sky Base must be clearly lighter, or radio buttons and check boxes vanish.
    base = window.lighter(175) if dark else QColor("white")
    # Fusion derives a scroll bar's groove from Base and its handle from Button: on a dark sky
    # the handle must be the lighter one, while button text stays readable.
    button = blend(base, text, 0.2) if dark else window.darker(105)
    palette = QPalette()
    roles = {
        QPalette.Window: window,
        QPalette.WindowText: text,
        QPalette.Base: base,
        QPalette.AlternateBase: window,
        QPalette.Text: text,
        QPalette.Button: button,
        QPalette.ButtonText: text,
        QPalette.BrightText: qcolor(theme.warning),
        QPalette.Highlight: accent,
        QPalette.HighlightedText: on_accent,
        QPalette.ToolTipBase: window,
        QPalette.ToolTipText: text,
        QPalette.PlaceholderText: with_alpha(text, 120),
        QPalette.Link: accent.lighter(130) if dark else accent,
        QPalette.Light: window.lighter(190) if dark else window.lighter(115),
        QPalette.Midlight: window.lighter(160) if dark else window.lighter(105),
        QPalette.Mid: window.lighter(130) if dark else window.darker(125),
        QPalette.Dark: window.darker(150),
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        palette.setColor(QPalette.Disabled, role, with_alpha(text, 110))
    return palette

