"""The score panel above the board: both players in their colours, their triangle counts, whose
turn it is, and a spinner while the computer thinks. It only shows what the window tells it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from .colors import blend, qcolor, readable_on, with_alpha
from .plurals import plural
from .table_talk import result_text, seat_badge, seat_note, waiting_text

_MIDDLE_SPACING = 8  # between the spinner and the turn line


class Spinner(QWidget):
    """A small rotating arc: the computer is thinking."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._angle = 0
        self._color = QColor("white")
        self._timer = QTimer(self)
        self._timer.setInterval(40)
        self._timer.timeout.connect(self._turn)
        self.setFixedSize(18, 18)
        self.setVisible(False)

    def set_color(self, color: QColor) -> None:
        self._color = QColor(color)
        self.update()

    def set_spinning(self, spinning: bool) -> None:
        self.setVisible(spinning)
        if spinning:
            self._timer.start()
        else:
            self._timer.stop()

    @property
    def spinning(self) -> bool:
        return self._timer.isActive()

    def _turn(self) -> None:
        self._angle = (self._angle + 12) % 360
        self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(2, 2, self.width() - 4, self.height() - 4)
        painter.setPen(QPen(with_alpha(self._color, 50), 2.4))
        painter.drawEllipse(rect)
        painter.setPen(QPen(self._color, 2.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawArc(rect, -self._angle * 16, 100 * 16)


class ElidedLabel(QLabel):
    """A one-line label that ends in "…" when it is too narrow, with the whole text as tooltip:
    a long name must not be cut mid-letter. A closing "(…)" part, such as the computer's level
    in "Computer (Hard)", is kept whole while the part before it is shortened."""

    def displayed_text(self) -> str:
        text, width, metrics = self.text(), self.contentsRect().width(), self.fontMetrics()
        if metrics.horizontalAdvance(text) <= width:
            return text
        head, space, tail = text.rpartition(" (")
        if space and tail.endswith(")"):
            tail = space + tail
            room = width - metrics.horizontalAdvance(tail)
            shortened = metrics.elidedText(head, Qt.TextElideMode.ElideRight, room)
            if shortened:  # at least the "…": the level is what tells computers apart
                return shortened + tail
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._update_tooltip()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._update_tooltip()

    def _update_tooltip(self) -> None:
        self.setToolTip(self.text() if self.displayed_text() != self.text() else "")

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            self.displayed_text(),
            self.foregroundRole(),
        )


class PlayerCard(QFrame):
    """One player: a colour dot, the name, the triangle count; framed when it is their turn."""

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"playerCard{seat}")
        self.name_label = ElidedLabel()
        self.name_label.setObjectName("name")
        self.count_label = QLabel()
        self.count_label.setObjectName("count")
        name_font = QFont(self.name_label.font())
        name_font.setPointSizeF(name_font.pointSizeF() * 1.15)
        name_font.setBold(True)
        self.name_label.setFont(name_font)
        count_font = QFont(self.count_label.font())
        count_font.setPointSizeF(count_font.pointSizeF() * 1.08)
        self.count_label.setFont(count_font)
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)
        self.name_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 8, 14, 8)
        layout.setSpacing(2)
        align = Qt.AlignmentFlag.AlignLeft if seat == 0 else Qt.AlignmentFlag.AlignRight
        self.name_label.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        self.count_label.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.name_label)
        layout.addWidget(self.count_label)
        self._name = ""
        self.name_color = QColor()  # as painted: the player's colour, made readable as text
        self.count_color = QColor()
        self.background_color = QColor()
        self._count = 0
        self._badge = ""

    def set_player(self, name: str, count: int, badge: str = "") -> None:
        """`badge`: a word or two after the count (a friend's connection: "online")."""
        self._name, self._count, self._badge = name, count, badge
        self.retranslate_ui()

    def set_active(
        self, active: bool, color: QColor, text: QColor, panel: QColor, ratio: float = 4.5
    ) -> None:
        """`ratio`: the contrast the words need on the card (the theme's text contrast)."""
        border = color.name() if active else "transparent"
        background = with_alpha(color, 46 if active else 14)
        self.background_color = blend(panel, color, background.alphaF())  # as painted, opaque
        self.name_color = readable_on(color, self.background_color, ratio)
        self.count_color = readable_on(text, self.background_color, ratio)
        self.setStyleSheet(
            f"QFrame#{self.objectName()} {{ border: 2px solid {border}; border-radius: 12px;"
            f" background: rgba({background.red()}, {background.green()}, {background.blue()},"
            f" {background.alpha()}); }}"
            f" QLabel#name {{ color: {self.name_color.name()}; }}"
            f" QLabel#count {{ color: {self.count_color.name()}; }}"
        )

    @property
    def name_text(self) -> str:
        return self.name_label.text()

    @property
    def count_text(self) -> str:
        return self.count_label.text()

    def retranslate_ui(self) -> None:
        self.name_label.setText(self._name)
        count = plural(self.tr("%n triangle(s)", "", self._count), self._count)
        self.count_label.setText(f"{count} · {self._badge}" if self._badge else count)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class ScorePanel(QWidget):
    """Both players and the turn line between them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scorePanel")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.cards = (PlayerCard(0), PlayerCard(1))
        self.turn_label = QLabel()
        self.turn_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.turn_label.setTextFormat(Qt.TextFormat.PlainText)
        self.turn_label.setWordWrap(True)
        turn_font = QFont(self.turn_label.font())
        turn_font.setPointSizeF(turn_font.pointSizeF() * 1.2)
        turn_font.setBold(True)
        self.turn_label.setFont(turn_font)
        self.spinner = Spinner()
        middle = QHBoxLayout()
        middle.setSpacing(_MIDDLE_SPACING)
        middle.addStretch(1)
        middle.addWidget(self.spinner)
        middle.addWidget(self.turn_label)
        middle.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(10)
        layout.addWidget(self.cards[0], 3)
        layout.addLayout(middle, 2)
        layout.addWidget(self.cards[1], 3)
        self._theme = None
        self.panel_color = QColor()
        self.turn_color = QColor()
        self._active: int | None = None

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_turn_line()

    def _fit_turn_line(self) -> None:
        """Keep the turn line on one line while the middle of the panel has room for it: a
        wrapping label asks for too little width and would break "Triangle! Ana plays again"."""
        label = self.turn_label
        # Up to a third of the panel (the stretch would give the middle a quarter): the cards
        # shorten their names first. Less the spinner and the spacing beside it.
        room = self.width() // 3 - self.spinner.sizeHint().width() - _MIDDLE_SPACING
        wanted = label.fontMetrics().horizontalAdvance(label.text()) + 2 * label.margin() + 4
        label.setMinimumWidth(max(0, min(wanted, room)))

    def set_theme(self, theme) -> None:
        self._theme = theme
        top = qcolor(theme.background_top)
        text = qcolor(theme.text)
        self.panel_color = top.darker(110) if top.lightness() > 128 else top.lighter(125)
        panel = self.panel_color
        self.text_color = readable_on(text, panel, theme.text_contrast)
        self.setStyleSheet(
            f"QWidget#scorePanel {{ background: {panel.name()};"
            f" border-bottom: 1px solid {with_alpha(text, 40).name(QColor.NameFormat.HexArgb)}; }}"
            f" QWidget#scorePanel QLabel {{ color: {self.text_color.name()}; }}"
        )
        self.spinner.set_color(qcolor(theme.highlight))
        self._restyle_cards()

    def set_players(
        self,
        names: tuple[str, str],
        scores: tuple[int, int],
        notes: tuple[str, str] = ("", ""),
        badges: tuple[str, str] = ("", ""),
    ) -> None:
        """Names and triangle counts, each with its badge; a note, if any, is the card's
        tooltip."""
        for card, name, score, note, badge in zip(
            self.cards, names, scores, notes, badges, strict=True
        ):
            card.set_player(name, score, badge)
            card.setToolTip(note)

    def set_turn(self, active: int | None, text: str, thinking: bool) -> None:
        self._active = active
        self.turn_label.setText(text)
        self._fit_turn_line()
        self.spinner.set_spinning(thinking)
        self._restyle_cards()

    def _restyle_cards(self) -> None:
        if self._theme is None:
            return
        text = qcolor(self._theme.text)
        ratio = self._theme.text_contrast
        for card, color in zip(self.cards, self._theme.player_strokes, strict=True):
            card.set_active(card.seat == self._active, qcolor(color), text, self.panel_color, ratio)
        # The turn line speaks in the colour of the player to move.
        self.turn_color = readable_on(text, self.panel_color, ratio)
        if self._active is not None:
            self.turn_color = readable_on(
                qcolor(self._theme.player_strokes[self._active]), self.panel_color, ratio
            )
        self.turn_label.setStyleSheet(f"color: {self.turn_color.name()};")


def show_session(panel: ScorePanel, session) -> None:
    """Show `session` (a `GameSession`): each seat's name, triangles and note, and whose turn it
    is. The texts keep the "MainWindow" translation context they were first translated in."""
    position = session.position
    if position is None:
        panel.set_players(("", ""), (0, 0))
        panel.set_turn(None, "", False)
        return
    seats = session.seats
    panel.set_players(
        (seats[0].name, seats[1].name),
        position.scores,
        (seat_note(seats[0]), seat_note(seats[1])),
        (seat_badge(seats[0]), seat_badge(seats[1])),
    )
    if position.is_over:
        panel.set_turn(None, result_text(session), False)
        return
    player = position.player
    seat = seats[player]
    text = waiting_text(seat)
    if text is None:
        last = position.moves[-1] if position.moves else None
        again = last is not None and bool(last.triangles) and last.player == player
        if session.person_seat is not None:
            text = (
                QCoreApplication.translate("MainWindow", "Triangle! Play again")
                if again
                else QCoreApplication.translate("MainWindow", "Your turn")
            )
        else:
            text = (
                QCoreApplication.translate("MainWindow", "Triangle! %1 plays again")
                if again
                else QCoreApplication.translate("MainWindow", "%1’s turn")
            ).replace("%1", seat.name)
    panel.set_turn(player, text, session.thinking)
