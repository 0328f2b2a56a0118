"""The History window (Game > History…): the finished games kept in the statistics database,
newest first (date, opponent, rules, board, score, result), and a replay of the chosen one,
stroke by stroke, on a board of its own."""

from __future__ import annotations

from PySide6.QtCore import QDateTime, QEvent, QLocale, Qt
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
from triangles_qt.core.position import Position
from triangles_qt.core.record import RecordError, parse_record
from triangles_qt.statistics import HistoryEntry, StatisticsStore

from .board_description import BoardDescription
from .board_view import BoardView
from .i18n import format_number
from .player_names import ShownNames
from .plurals import plural
from .window_placement import fit_to_screen

COLUMNS = 6
LISTED = 1000  # the newest games; a longer history says how many more it keeps


class HistoryDialog(QDialog):
    """Lists `store.history()`; selecting a game shows it on the board, where the slider and
    the buttons (or the Left/Right/Home/End keys) step through its strokes."""

    def __init__(self, store: StatisticsStore, theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyDialog")
        self.store = store
        self.entries: list[HistoryEntry] = []
        self.kept = 0  # games in the history: more than are listed when it is long
        self.game: Game | None = None  # the chosen game, all its strokes played
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
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.valueChanged.connect(self._show_stroke)
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
            button.clicked.connect(step)
            button.setAutoDefault(False)
        self.step_label = QLabel(self)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.reject)

        replay = QWidget(self)
        replay_layout = QVBoxLayout(replay)
        replay_layout.setContentsMargins(0, 0, 0, 0)
        replay_layout.addWidget(self.view, 1)
        controls = QHBoxLayout()
        for button, _ in steps[:2]:
            controls.addWidget(button)
        controls.addWidget(self.slider, 1)
        for button, _ in steps[2:]:
            controls.addWidget(button)
        replay_layout.addLayout(controls)
        replay_layout.addWidget(self.step_label)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        listing = QWidget(self)
        listing_layout = QVBoxLayout(listing)
        listing_layout.setContentsMargins(0, 0, 0, 0)
        listing_layout.addWidget(self.table)
        listing_layout.addWidget(self.empty_label)
        listing_layout.addWidget(self.more_label)
        splitter.addWidget(listing)
        splitter.addWidget(replay)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([660, 420])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)
        fit_to_screen(self, (1100, 540))
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
            None: "",
        }[entry.outcome]
        score = f"{entry.scores[0]} – {entry.scores[1]}"
        opponent = self._names.opponent(entry.opponent, entry.strategy)
        return [date, opponent, rules, board, score, outcome]

    def _on_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        self._choose(self.entries[rows[0].row()] if rows else None)

    def _choose(self, entry: HistoryEntry | None) -> None:
        self.game = None
        text = None if entry is None else self.store.record_of(entry.id)
        if text:
            try:
                self.game = parse_record(text).game
            except RecordError:
                self.game = None
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
            self.view.show_game(None)
            self.step_label.setText(
                self.tr("This game's record could not be read.") if self.entries else ""
            )
            return
        replay = Game(self.game.board, self.game.rules)
        for move in self.game.moves[:k]:
            replay.play(*move.stroke)
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

    # -- keys and language ------------------------------------------------------------------------

    def keyPressEvent(self, event) -> None:
        steps = {
            Qt.Key.Key_Left: self.slider.value() - 1,
            Qt.Key.Key_Right: self.slider.value() + 1,
            Qt.Key.Key_Home: 0,
            Qt.Key.Key_End: self.slider.maximum(),
        }
        if event.key() in steps and self.game is not None:
            self.slider.setValue(steps[event.key()])
            return
        super().keyPressEvent(event)

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
