"""The window's status bar: the session's notices on the left, a permanent label (the board) on the
right.

Notices (`notices.Notice`) are typed: one that yields does not cover one of higher priority, a
standing one (the result) comes back once a passing one is over, and a notice is withdrawn by its
kind; each is worded again when the language changes.

In a narrow window a long message ran into the label and was cut. While a message needs the room,
the label steps aside, and comes back when the message ends or the window grows. A message still
too long for one line wraps onto more, and the bar grows to show them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QLabel, QStatusBar, QStyle, QStyleOption

from triangles_qt.core.position import Position

from .board_description import BoardDescription
from .colors import legible_alpha, qcolor
from .notices import Notice, NoticeKind

# the spacing before a permanent widget, with a little air
_PADDING = 12
_SIZE_GRIP = 20  # the corner grip, when the bar has one
_MARGIN = 6  # around a wrapped message, as QStatusBar leaves around its one line
_WRAP = Qt.AlignmentFlag.AlignLeading | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap


class StatusBar(QStatusBar):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.addPermanentWidget(self.label)
        self.messageChanged.connect(self._message_changed)
        self._wrapping = False
        self._shown: Notice | None = None  # the notice on display
        self._standing: Notice | None = None  # shown whenever no passing notice is

    # -- notices ----------------------------------------------------------------------------------

    def show_notice(self, notice: Notice) -> None:
        if notice.seconds is None:
            self._standing = notice
        shown = self._shown
        if notice.yields and shown is not None and shown.priority > notice.priority:
            return  # the more important notice stays readable
        self._display(notice)

    def withdraw(self, kind: NoticeKind) -> None:
        """The notices of `kind` are no longer true."""
        if self._standing is not None and self._standing.kind == kind:
            self._standing = None
        if self._shown is not None and self._shown.kind == kind:
            self.clearMessage()

    def clear_notices(self) -> None:
        """A new game: what was said about the last one goes."""
        self._standing = None
        self.clearMessage()

    def _display(self, notice: Notice) -> None:
        self._shown = None  # showMessage announces the change before it returns
        timeout = 0 if notice.seconds is None else round(notice.seconds * 1000)
        self.showMessage(notice.text(), timeout)
        self._shown = notice

    def _message_changed(self, message: str) -> None:
        if not message:  # over, cleared, or covered by a menu's (empty) tip
            self._shown = None
            if self._standing is not None:
                self._display(self._standing)
                return
        self.make_room()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange and self._shown is not None:
            self._display(self._shown)
        super().changeEvent(event)

    def show_board(self, position: Position | None) -> None:
        """The board on the right: its family (or "custom board") and its stars."""
        if position is None:
            self.label.clear()
            return
        text = BoardDescription().text(position.board.preset, position.board.n)
        # The rule option changes every turn, so it is named while it is on; the tooltip names
        # the rule either way.
        if position.rules.replay_after_triangle:
            rule = self.tr("Play again after a triangle")
            text += " · " + rule
        else:
            rule = self.tr("One stroke per turn, even after a triangle")
        self.label.setText(text)
        self.label.setToolTip(rule)
        self.make_room()

    def set_theme(self, theme) -> None:
        top, text = qcolor(theme.background_top), qcolor(theme.text)
        # The label (the board and the rule) is quieter than the message, as far as the theme's
        # text contrast allows.
        self.label_color = legible_alpha(text, top, theme.text_contrast, least=170)
        self.setStyleSheet(
            f"QStatusBar {{ background: {top.name()}; color: {text.name()}; }}"
            f" QStatusBar QLabel {{ color: {self.label_color.name(QColor.NameFormat.HexArgb)}; }}"
        )

    # -- layout -----------------------------------------------------------------------------------

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.make_room()

    def make_room(self, *_) -> None:
        """Show the label only if it fits beside the message, and give a message that does not
        fit on one line the lines it needs; call after changing the label's text."""
        message = self.currentMessage()
        width = self.fontMetrics().horizontalAdvance(message)
        self.label.setVisible(not message or width <= self._room(with_label=True))
        wrapping = bool(message) and width > self._message_rect().width()
        height = self._wrapped_height(message) if wrapping else 0
        if wrapping != self._wrapping or self.minimumHeight() != height:
            self._wrapping = wrapping
            self.setMinimumHeight(height)
            self.update()

    def is_wrapping(self) -> bool:
        """Whether the current message takes more than one line."""
        return self._wrapping

    def _room(self, with_label: bool) -> int:
        """The message's width: the bar less its margins, the grip and the label if shown."""
        used = 2 * _MARGIN + (_SIZE_GRIP if self.isSizeGripEnabled() else 0)
        if with_label:
            used += self.label.sizeHint().width() + _PADDING
        return max(1, self.width() - used)

    def _message_rect(self) -> QRect:
        return QRect(_MARGIN, 0, self._room(not self.label.isHidden()), self.height())

    def _wrapped_height(self, message: str) -> int:
        bounds = QRect(0, 0, self._message_rect().width(), 10_000)
        return self.fontMetrics().boundingRect(bounds, _WRAP, message).height() + 2 * _MARGIN

    def paintEvent(self, event) -> None:
        if not self._wrapping:
            super().paintEvent(event)
            return
        # QStatusBar paints its message on one line, cut at the edge: this is its painting with
        # the message wrapped instead (the label has stepped aside, so no item frames).
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
        painter.setPen(self.palette().windowText().color())
        painter.drawText(self._message_rect(), _WRAP, self.currentMessage())
