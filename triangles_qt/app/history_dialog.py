"""The History window (Game > History…): the finished games kept in the statistics database,
newest first (date, opponent, rules, board, score, result), and a replay of the chosen one,
stroke by stroke or played at a steady pace, on a board of its own drawn as the main window
draws it (on its side in a wide view); "Continue this game" hands the position shown to the main
window, to be played on."""

from __future__ import annotations

from PySide6.QtCore import QDateTime, QEvent, QLocale, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSlider,
    QSplitter,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.position import Position
from triangles_qt.core.record import LoadedRecord, RecordError, parse_record
from triangles_qt.statistics import HistoryEntry, StatisticsStore

from .board_description import BoardDescription
from .board_view import BoardView
from .i18n import format_number
from .player_names import ShownNames
from .plurals import plural
from .window_placement import fit_to_screen

COLUMNS = 6
LISTED = 1000  # the newest games; a longer history says how many more it keeps
STROKE_MS = 600  # Play: one stroke this often
OPPONENT_CHARS = 18  # about what the opponent's column is given beside the replay at first
REPLAY_SHAPE = 1.7  # the replay is given at most this times its height: a board on its side
STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_Space)


class HistoryDialog(QDialog):
    """Lists `store.history()`; selecting a game shows it on the board, where the slider and
    the buttons (or the Left/Right/Home/End keys) step through its strokes and Play (or Space)
    plays them one by one. `continue_game` carries the game as shown (its strokes up to the one
    shown, its players) when the player asks to play it on."""

    continue_game = Signal(object)  # LoadedRecord

    def __init__(self, store: StatisticsStore, theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyDialog")
        self.store = store
        self.entries: list[HistoryEntry] = []
        self.kept = 0  # games in the history: more than are listed when it is long
        self.game: Game | None = None  # the chosen game, all its strokes played
        self.players: tuple[PlayerInfo, PlayerInfo] | None = None  # who played it
        self._divider_moved = False  # by the player: then the replay keeps the width given
        self.table = QTableWidget(0, COLUMNS, self)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The opponent's name takes what is left, cut short if it must: a long name never
        # pushes the score and the result out of sight.
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setWordWrap(False)
        self.table.itemSelectionChanged.connect(self._on_selected)
        self.empty_label = QLabel(self)
        self.empty_label.setWordWrap(True)
        self.more_label = QLabel(self)  # when the history holds more games than are listed
        self.more_label.setWordWrap(True)
        self.more_label.hide()
        self.view = BoardView(theme, self)
        self.view.setMinimumSize(280, 220)
        self.view.board_scene.set_input_enabled(False)  # a replay: nothing is drawn here
        self.view.installEventFilter(self)  # its keys step through the replay
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.valueChanged.connect(self._show_stroke)
        self.slider.actionTriggered.connect(self.pause)  # dragged, clicked or keyed by the player
        self.timer = QTimer(self)
        self.timer.setInterval(STROKE_MS)
        self.timer.timeout.connect(self._play_next)
        self.play_button = QPushButton(self)
        self.play_button.setAutoDefault(False)
        self.play_button.clicked.connect(self.toggle_play)
        icons = [
            self.style().standardIcon(getattr(QStyle.StandardPixmap, name))
            for name in ("SP_MediaSkipBackward", "SP_MediaSeekBackward")
            + ("SP_MediaSeekForward", "SP_MediaSkipForward")
        ]
        self.first_button, self.back_button, self.next_button, self.last_button = (
            QPushButton(icon, "", self) for icon in icons
        )
        steps = (
            (self.first_button, lambda: self.slider.setValue(0)),
            (self.back_button, lambda: self.slider.setValue(self.slider.value() - 1)),
            (self.next_button, lambda: self.slider.setValue(self.slider.value() + 1)),
            (self.last_button, lambda: self.slider.setValue(self.slider.maximum())),
        )
        for button, step in steps:
            button.clicked.connect(self.pause)
            button.clicked.connect(step)
            button.setAutoDefault(False)
        self.step_label = QLabel(self)
        self.step_label.setWordWrap(True)  # beside the Continue button in a narrow replay
        self.continue_button = QPushButton(self)
        self.continue_button.setAutoDefault(False)
        self.continue_button.clicked.connect(self._continue)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)

        replay = QWidget(self)
        replay_layout = QVBoxLayout(replay)
        replay_layout.setContentsMargins(0, 0, 0, 0)
        replay_layout.addWidget(self.view, 1)
        controls = QHBoxLayout()
        controls.addWidget(self.play_button)
        for button, _ in steps[:2]:
            controls.addWidget(button)
        controls.addWidget(self.slider, 1)
        for button, _ in steps[2:]:
            controls.addWidget(button)
        replay_layout.addLayout(controls)
        below = QHBoxLayout()
        below.addWidget(self.step_label, 1)
        below.addWidget(self.continue_button)
        replay_layout.addLayout(below)
        self.splitter = splitter = QSplitter(Qt.Orientation.Horizontal, self)
        listing = QWidget(self)
        listing_layout = QVBoxLayout(listing)
        listing_layout.setContentsMargins(0, 0, 0, 0)
        listing_layout.addWidget(self.table)
        listing_layout.addWidget(self.empty_label)
        listing_layout.addWidget(self.more_label)
        splitter.addWidget(listing)
        splitter.addWidget(replay)
        self._replay_pane = replay
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([540, 540])  # until it is shown: then `_split`
        splitter.splitterMoved.connect(lambda *_: setattr(self, "_divider_moved", True))
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)
        fit_to_screen(self, (1200, 560))
        self.retranslate_ui()
        self.reload()

    # -- contents ---------------------------------------------------------------------------------

    def reload(self) -> None:
        self._names = ShownNames()
        self.entries = self.store.history(LISTED)
        self.kept = self.store.history_size() if len(self.entries) == LISTED else len(self.entries)
        self._tell_how_many()
        self.table.setRowCount(len(self.entries))
        for row, entry in enumerate(self.entries):
            for column, text in enumerate(self._cells(entry)):
                item = QTableWidgetItem(text)
                if column == 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if column == 1:
                    item.setToolTip(text)  # the whole name, where the column cuts it short
                self.table.setItem(row, column, item)
        self.table.setHidden(not self.entries)
        self.empty_label.setHidden(bool(self.entries))
        if self.entries:
            self.table.selectRow(0)
        else:
            self._choose(None)

    def _cells(self, entry: HistoryEntry) -> list[str]:
        when = QDateTime.fromSecsSinceEpoch(int(entry.finished))
        date = QLocale().toString(when, QLocale.FormatType.ShortFormat)
        rules = (
            self.tr("Play again after a triangle")
            if entry.replay_after_triangle
            else self.tr("One stroke per turn")
        )
        board = BoardDescription().text(entry.preset, entry.stars)
        outcome = {
            "won": self.tr("Won"),
            "lost": self.tr("Lost"),
            "drawn": self.tr("Drawn"),
            "abandoned": self.tr("Abandoned"),
            "resigned-you": self.tr("You resigned"),
            "resigned-friend": self.tr("Friend resigned"),
            "left-you": self.tr("You left"),
            "left-friend": self.tr("Friend left"),
            "refused-you": self.tr("Stopped: refused"),
            "refused-friend": self.tr("Stopped: refused"),
            "disconnected": self.tr("Connection lost"),
        }.get(entry.outcome or "", "")
        score = f"{entry.scores[0]} – {entry.scores[1]}"
        opponent = self._names.opponent(entry.opponent, entry.strategy)
        return [date, opponent, rules, board, score, outcome]

    def _on_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        self._choose(self.entries[rows[0].row()] if rows else None)

    def _choose(self, entry: HistoryEntry | None) -> None:
        self.pause()
        self.game = self.players = None
        text = None if entry is None else self.store.record_of(entry.id)
        if text:
            try:
                loaded = parse_record(text)
            except RecordError:
                pass
            else:
                self.game, self.players = loaded.game, loaded.players
        moves = len(self.game.moves) if self.game is not None else 0
        self.slider.blockSignals(True)
        self.slider.setRange(0, moves)
        self.slider.setValue(moves)
        self.slider.blockSignals(False)
        self.slider.setEnabled(self.game is not None)
        self._show_stroke(moves)

    def _show_stroke(self, k: int) -> None:
        """The chosen game after its first k strokes."""
        if self.game is None:
            for button in (self.first_button, self.back_button, self.next_button, self.last_button):
                button.setEnabled(False)
            self.play_button.setEnabled(False)
            self.continue_button.setEnabled(False)
            self.continue_button.setToolTip("")
            self.view.show_game(None)
            self.step_label.setText(
                self.tr("This game's record could not be read.") if self.entries else ""
            )
            return
        replay = self._replay(k)
        self.view.show_game(Position(replay))
        total = len(self.game.moves)
        self.step_label.setText(
            plural(self.tr("Stroke %1 of %n", "", total), total).replace("%1", str(k))
            + f" · {replay.scores[0]} – {replay.scores[1]}"
        )
        self.first_button.setEnabled(k > 0)
        self.back_button.setEnabled(k > 0)
        self.next_button.setEnabled(k < total)
        self.last_button.setEnabled(k < total)
        self.play_button.setEnabled(total > 0)
        # A finished game is played on from an earlier stroke (another line); an unfinished
        # one from where it stopped too.
        self.continue_button.setEnabled(not replay.is_over)
        self.continue_button.setToolTip(
            self.tr("Play on from the stroke shown, on the main board, as a new game.")
            if not replay.is_over
            else self.tr("The game is over here: step back to play on from an earlier stroke.")
        )

    def _replay(self, k: int) -> Game:
        """The chosen game after its first k strokes, as a game of its own."""
        assert self.game is not None
        replay = Game(self.game.board, self.game.rules)
        for move in self.game.moves[:k]:
            replay.play(*move.stroke)
        return replay

    # -- playing the strokes one by one -----------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def toggle_play(self) -> None:
        """Play (from the start when the last stroke is shown), or pause."""
        if self.playing:
            self.pause()
            return
        if self.game is None or not self.game.moves:
            return
        if self.slider.value() >= self.slider.maximum():
            self.slider.setValue(0)
        self.timer.start()
        self._show_play_state()

    def pause(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
            self._show_play_state()

    def _play_next(self) -> None:
        if self.game is None or self.slider.value() >= self.slider.maximum():
            self.pause()
            return
        self.slider.setValue(self.slider.value() + 1)
        if self.slider.value() >= self.slider.maximum():
            self.pause()  # the last stroke: it stays on the board

    def _show_play_state(self) -> None:
        name = "SP_MediaPause" if self.playing else "SP_MediaPlay"
        self.play_button.setIcon(self.style().standardIcon(getattr(QStyle.StandardPixmap, name)))
        tip = self.tr("Pause") if self.playing else self.tr("Play the strokes one by one")
        self.play_button.setToolTip(tip)
        self.play_button.setAccessibleName(tip)

    # -- playing on -------------------------------------------------------------------------------

    def _continue(self) -> None:
        """The game as shown, for the main window to play on (`continue_game`)."""
        self.pause()
        if self.game is None or self.players is None:
            return
        replay = self._replay(self.slider.value())
        if not replay.is_over:
            self.continue_game.emit(LoadedRecord(replay, self.players))

    # -- keys and language ------------------------------------------------------------------------

    def keyPressEvent(self, event) -> None:
        steps = {
            Qt.Key.Key_Left: self.slider.value() - 1,
            Qt.Key.Key_Right: self.slider.value() + 1,
            Qt.Key.Key_Home: 0,
            Qt.Key.Key_End: self.slider.maximum(),
        }
        if event.key() in steps and self.game is not None:
            self.pause()
            self.slider.setValue(steps[event.key()])
            return
        if event.key() == Qt.Key.Key_Space and self.game is not None:
            self.toggle_play()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched, event) -> bool:
        """The replay's board has no stars to pick: its keys step and play instead."""
        if (
            watched is self.view
            and event.type() == QEvent.Type.KeyPress
            and event.key() in STEP_KEYS
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            self.keyPressEvent(event)
            return True
        return super().eventFilter(watched, event)

    # -- showing ----------------------------------------------------------------------------------

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._divider_moved:
            self._split()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)  # the layout has resized the splitter already
        if self.isVisible() and not self._divider_moved:
            self._split()

    def hideEvent(self, event) -> None:
        self.pause()
        super().hideEvent(event)

    def _split(self) -> None:
        """The list takes what its columns need (a name cut short if it must), the replay the
        rest, up to a board on its side: in a wide window the replay is wide, and its board is
        drawn on its side as the main window draws it (BoardView rotates a portrait board in a
        wide view), so a game looks as it was played."""
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if total <= 0 or len(sizes) != 2:
            return
        header = self.table.horizontalHeader()
        columns = [
            max(header.sectionSizeHint(c), self.table.sizeHintForColumn(c)) for c in range(COLUMNS)
        ]
        columns[1] = min(columns[1], self.fontMetrics().averageCharWidth() * OPPONENT_CHARS)
        needed = (
            sum(columns)
            + 2 * self.table.frameWidth()
            + self.table.verticalScrollBar().sizeHint().width()
        )
        replay_height = self.splitter.height()
        least = self._replay_pane.minimumSizeHint().width()
        replay = max(least, min(total - needed, int(replay_height * REPLAY_SHAPE)))
        self.splitter.setSizes([total - replay, replay])

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Game history"))
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Date"),
                self.tr("Opponent"),
                self.tr("Rules"),
                self.tr("Board"),
                self.tr("Score"),
                self.tr("Result"),
            ]
        )
        self.empty_label.setText(
            self.tr("No finished games yet. Every game you finish is kept here to replay.")
        )
        self._tell_how_many()
        for button, tip in (
            (self.first_button, self.tr("First stroke")),
            (self.back_button, self.tr("Previous stroke")),
            (self.next_button, self.tr("Next stroke")),
            (self.last_button, self.tr("Last stroke")),
        ):
            button.setToolTip(tip)
            button.setAccessibleName(tip)
        self.slider.setAccessibleName(self.tr("Stroke"))
        self._show_play_state()
        self.continue_button.setText(self.tr("Co&ntinue this game"))
        if self.entries:
            for row, entry in enumerate(self.entries):
                for column, text in enumerate(self._cells(entry)):
                    item = self.table.item(row, column)
                    if item is not None:
                        item.setText(text)
        self._show_stroke(self.slider.value())

    def _tell_how_many(self) -> None:
        shown = len(self.entries)
        self.more_label.setVisible(self.kept > shown)
        if self.kept > shown:
            self.more_label.setText(
                plural(
                    self.tr("The newest %1 of your %Ln game(s) are listed.", "", self.kept),
                    self.kept,
                ).replace("%1", format_number(shown))
            )

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
