"""The Statistics window: games against the computer per strategy (played, won, drawn, lost),
their totals, a small stacked bar chart, and a Reset button (docs/rules.md 6)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QDate, QEvent, QLocale, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from triangles_qt.statistics import Counts, StatisticsError, StatisticsStore

from .i18n import format_number
from .plurals import plural
from .window_placement import fit_to_screen

# Okabe-Ito colours: told apart with every kind of colour vision, and on light or dark windows.
WON_COLOUR = QColor("#009e73")
DRAWN_COLOUR = QColor("#999999")
LOST_COLOUR = QColor("#d55e00")


class ResultsChart(QWidget):
    """One horizontal bar per strategy, split into won / drawn / lost in proportion to the games
    played; a legend on top. Draws itself with QPainter from `set_rows`."""

    BAR_HEIGHT = 18
    ROW_GAP = 10
    LEGEND_HEIGHT = 26

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, Counts]] = []
        self._legend = ("Won", "Drawn", "Lost")
        self._empty_text = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_rows(self, rows: Sequence[tuple[str, Counts]]) -> None:
        """The bars to draw: (label, counts) pairs, top to bottom."""
        self._rows = list(rows)
        self.updateGeometry()
        self.setMinimumHeight(self.sizeHint().height())
        self.update()

    def set_texts(self, won: str, drawn: str, lost: str, empty: str) -> None:
        """The (already translated) legend words and the text shown when there is nothing."""
        self._legend = (won, drawn, lost)
        self._empty_text = empty
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        rows = max(1, len(self._rows))
        height = self.LEGEND_HEIGHT + rows * (self.BAR_HEIGHT + self.ROW_GAP) + 4
        return QSize(420, height)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        metrics = painter.fontMetrics()
        self._paint_legend(painter, text_colour)

        played_rows = [(label, counts) for label, counts in self._rows if counts.played]
        if not played_rows:
            painter.setPen(text_colour)
            area = QRectF(0, self.LEGEND_HEIGHT, self.width(), self.BAR_HEIGHT + self.ROW_GAP)
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self._empty_text)
            painter.end()
            return

        label_width = min(
            max(metrics.horizontalAdvance(label) for label, _ in self._rows) + 12,
            self.width() // 3,
        )
        bar_left = label_width
        bar_width = max(10, self.width() - bar_left - 4)
        y = float(self.LEGEND_HEIGHT)
        for label, counts in self._rows:
            label_rect = QRectF(0, y, label_width - 8, self.BAR_HEIGHT)
            painter.setPen(text_colour)
            elided = metrics.elidedText(label, Qt.TextElideMode.ElideRight, int(label_rect.width()))
            painter.drawText(
                label_rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, elided
            )
            self._paint_bar(painter, QRectF(bar_left, y, bar_width, self.BAR_HEIGHT), counts)
            y += self.BAR_HEIGHT + self.ROW_GAP
        painter.end()

    def _paint_legend(self, painter: QPainter, text_colour: QColor) -> None:
        metrics = painter.fontMetrics()
        x = 4.0
        for word, colour in zip(self._legend, (WON_COLOUR, DRAWN_COLOUR, LOST_COLOUR), strict=True):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(x, 6, 12, 12), 3, 3)
            painter.setPen(text_colour)
            painter.drawText(QRectF(x + 18, 0, 400, 24), Qt.AlignmentFlag.AlignVCenter, word)
            x += 18 + metrics.horizontalAdvance(word) + 20

    def _paint_bar(self, painter: QPainter, rect: QRectF, counts: Counts) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette().color(QPalette.ColorRole.Midlight))
        painter.drawRoundedRect(rect, 4, 4)
        if not counts.played:
            return
        x = rect.left()
        for value, colour in (
            (counts.won, WON_COLOUR),
            (counts.drawn, DRAWN_COLOUR),
            (counts.lost, LOST_COLOUR),
        ):
            if not value:
                continue
            width = rect.width() * value / counts.played
            segment = QRectF(x, rect.top(), width, rect.height())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRect(segment)
            text = format_number(value)
            if painter.fontMetrics().horizontalAdvance(text) + 6 < width:
                painter.setPen(QColor("white"))
                painter.drawText(segment, Qt.AlignmentFlag.AlignCenter, text)
            x += width


class TrendChart(QWidget):
    """The results over time: one bar per day, week or month, its height the games played then,
    split into won / drawn / lost from the bottom up, its period written under it."""

    PLOT_HEIGHT = 110
    LABEL_HEIGHT = 20

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.periods: list[tuple[str, Counts]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_periods(self, periods: Sequence[tuple[str, Counts]]) -> None:
        """(label, counts) per period, oldest first."""
        self.periods = list(periods)
        self.setMinimumHeight(self.sizeHint().height())
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return QSize(420, self.PLOT_HEIGHT + self.LABEL_HEIGHT + 16)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt name
        if not self.periods:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        metrics = painter.fontMetrics()
        most = max(1, max(counts.played for _, counts in self.periods))
        slot = self.width() / len(self.periods)
        bar = max(4.0, min(36.0, slot * 0.6))
        base = 14.0 + self.PLOT_HEIGHT  # room above the tallest bar for its count
        # Labels where they fit: every one, or every second, third... of them.
        widest = max(metrics.horizontalAdvance(label) for label, _ in self.periods) + 8
        every = max(1, int(-(-widest // max(1.0, slot))))
        for k, (label, counts) in enumerate(self.periods):
            centre = slot * (k + 0.5)
            y = base
            for value, colour in (
                (counts.won, WON_COLOUR),
                (counts.drawn, DRAWN_COLOUR),
                (counts.lost, LOST_COLOUR),
            ):
                height = self.PLOT_HEIGHT * value / most
                if height:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(colour)
                    painter.drawRect(QRectF(centre - bar / 2, y - height, bar, height))
                    y -= height
            painter.setPen(text_colour)
            if counts.played:
                painter.drawText(
                    QRectF(centre - slot / 2, y - 14, slot, 14),
                    Qt.AlignmentFlag.AlignCenter,
                    format_number(counts.played),
                )
            if (len(self.periods) - 1 - k) % every == 0:  # the newest is always named
                painter.drawText(
                    QRectF(centre - widest / 2, base + 2, widest, self.LABEL_HEIGHT),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                    label,
                )
        painter.setPen(self.palette().color(QPalette.ColorRole.Mid))
        painter.drawLine(QPointF(0, base + 0.5), QPointF(self.width(), base + 0.5))
        painter.end()


class StatisticsDialog(QDialog):
    """Shows a `StatisticsStore`; the Reset button (after a confirmation) empties it.
    `strategy_names` maps strategy ids to the names shown (an id without a name is shown as
    "<id> (not installed)": its plugin has been removed)."""

    COLUMNS = 5

    def __init__(
        self,
        store: StatisticsStore,
        parent: QWidget | None = None,
        strategy_names: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.strategy_names = dict(strategy_names or {})
        self.setObjectName("statistics_dialog")

        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.setStyleSheet(
            "QLabel { background: #fff4ce; color: #4a3800; border: 1px solid #e0b000;"
            " border-radius: 4px; padding: 6px; }"
        )
        self.summary_label = QLabel()
        self.table = QTableWidget(0, self.COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, self.COLUMNS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.chart = ResultsChart()
        self.trend_label = QLabel()
        self.trend = TrendChart()

        self.reset_button = QPushButton()
        self.reset_button.clicked.connect(self.confirm_reset)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        self.buttons.accepted.connect(self.accept)

        bottom = QHBoxLayout()
        bottom.addWidget(self.reset_button)
        bottom.addStretch(1)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.error_label)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.table)
        layout.addSpacing(6)
        layout.addWidget(self.chart)
        layout.addSpacing(6)
        layout.addWidget(self.trend_label)
        layout.addWidget(self.trend)
        layout.addStretch(1)
        layout.addLayout(bottom)
        # Enter (and the first focus) closes; resetting is a deliberate click or Tab away.
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        self.reset_button.setAutoDefault(False)
        close.setDefault(True)
        QWidget.setTabOrder(close, self.reset_button)

        self.retranslate_ui()
        fit_to_screen(self, (560, self.sizeHint().height()))

    # --- text -------------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        """Set every visible text in the current language (also rebuilds the table)."""
        self.setWindowTitle(self.tr("Statistics"))
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Computer player"),
                self.tr("Played"),
                self.tr("Won"),
                self.tr("Drawn"),
                self.tr("Lost"),
            ]
        )
        self.chart.set_texts(
            self.tr("Won"), self.tr("Drawn"), self.tr("Lost"), self.tr("No games played yet.")
        )
        self.reset_button.setText(self.tr("&Reset statistics…"))
        self.reset_button.setToolTip(self.tr("Forget every result against the computer"))
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- content ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the store's current counts."""
        error = self.store.load_error
        self.error_label.setVisible(bool(error))
        if error:
            heading = self.tr("Your earlier statistics could not be read.")
            if self.store.unavailable:
                heading = self.tr("The statistics cannot be used right now.")
                what = self.tr(
                    "Another program may be using the file, or the disk is full or read-only; "
                    "games are not counted until it can be written again."
                )
            elif self.store.corrupt_copy is not None:
                what = self.tr(
                    "The damaged file was kept as %1, and counting starts again from zero."
                ).replace("%1", str(self.store.corrupt_copy))
            else:
                what = self.tr(
                    "The damaged file could not be moved aside, so new results are not "
                    "saved until you reset the statistics."
                )
            self.error_label.setText(f"<b>{html.escape(heading)}</b><br>{html.escape(what)}")
            self.error_label.setToolTip(error)  # the exact cause, in English

        per_strategy = self.store.per_strategy()
        totals = self.store.totals()
        if totals.played:
            self.summary_label.setText(
                self.tr("Games against the computer: %Ln", "", totals.played)
            )
        else:
            self.summary_label.setText(
                self.tr("No games against the computer yet. Results appear here after each game.")
            )

        # Known strategies in the order the app lists them, then ids no plugin provides any more.
        order = [sid for sid in self.strategy_names if sid in per_strategy]
        order += [sid for sid in per_strategy if sid not in self.strategy_names]
        rows = [(self.strategy_name(sid), per_strategy[sid]) for sid in order]
        self.table.setRowCount(len(rows) + 1)
        for row, (name, counts) in enumerate(rows):
            self._fill_row(row, name, counts, bold=False)
        self._fill_row(len(rows), self.tr("Total"), totals, bold=True)
        self._fit_table_height()
        self.chart.set_rows(rows)
        self.chart.setVisible(bool(totals.played))
        self._show_trend()
        self.reset_button.setEnabled(bool(totals.played) or bool(error))

    def _show_trend(self) -> None:
        """The results by day, week or month, under the totals."""
        unit, periods = self.store.results_by_period()
        locale = QLocale()
        if unit == "month":
            text, form = self.tr("Results by month"), "MMM yy"
        elif unit == "week":
            text, form = self.tr("Results by week (from Monday)"), "d MMM"
        else:
            text, form = self.tr("Results by day"), "d MMM"
        self.trend_label.setText(text)
        shown = [
            (locale.toString(QDate(start.year, start.month, start.day), form), counts)
            for start, counts in periods
        ]
        self.trend.set_periods(shown)
        self.trend.setAccessibleName(text)
        self.trend.setAccessibleDescription(
            "; ".join(f"{label}: {format_number(counts.played)}" for label, counts in shown)
        )
        for widget in (self.trend_label, self.trend):
            widget.setVisible(bool(periods))

    def _fit_table_height(self) -> None:
        """Make the table as tall as its rows (up to ten), so the chart is not pushed away by
        empty space."""
        self.table.resizeRowsToContents()
        shown = min(self.table.rowCount(), 10)
        rows_height = sum(self.table.rowHeight(row) for row in range(shown))
        frame = 2 * self.table.frameWidth()
        header = self.table.horizontalHeader().sizeHint().height()
        self.table.setFixedHeight(header + rows_height + frame)

    def strategy_name(self, strategy_id: str) -> str:
        """The shown name; a strategy no installed plugin provides any more by its id."""
        if strategy_id in self.strategy_names:
            return self.strategy_names[strategy_id]
        return self.tr("%1 (not installed)").replace("%1", strategy_id)

    def _fill_row(self, row: int, name: str, counts: Counts, bold: bool) -> None:
        numbers = [counts.played, counts.won, counts.drawn, counts.lost]  # as in the chart
        texts = [name] + [format_number(number) for number in numbers]
        for column, text in enumerate(texts):
            item = QTableWidgetItem(text)
            if column == len(texts) - 1 and counts.abandoned:
                abandoned = self.tr("%1 (%n abandoned)", "", counts.abandoned)
                item.setText(plural(abandoned, counts.abandoned).replace("%1", item.text()))
                item.setToolTip(self.tr("Games left unfinished count as lost."))
            if column:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if bold:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            self.table.setItem(row, column, item)

    # --- reset ------------------------------------------------------------------------------------

    def _why(self, error: StatisticsError) -> str:
        if error.reason == "busy":
            return self.tr(
                "Another program is using the statistics file; try again when it is free."
            )
        if error.reason == "full":
            return self.tr("The disk is full.")
        if error.reason == "read-only":
            return self.tr("The statistics file cannot be written (it is read-only).")
        return str(error)  # the exact cause, in English

    def confirm_reset(self) -> bool:
        """Ask, then empty the statistics. Returns whether they were reset."""
        answer = QMessageBox.question(
            self,
            self.tr("Reset statistics"),
            self.tr("Forget all results against the computer? This cannot be undone."),
            QMessageBox.StandardButton.Reset | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Reset:
            return False
        try:
            self.store.reset()
        except StatisticsError as error:
            QMessageBox.warning(
                self,
                self.tr("Reset statistics"),
                self.tr("The statistics could not be reset.") + "\n" + self._why(error),
            )
            return False
        self.refresh()
        return True
