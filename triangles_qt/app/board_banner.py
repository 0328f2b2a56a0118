"""A short line over the board itself, where the player is looking: why a stroke was refused.
The status bar says it too, but in small text at the window's edge; this one is large, in the
theme's warning colour, and goes away by itself (or with the next stroke) without taking a click."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QWidget

from .colors import qcolor, readable_on

SHOWN_MS = 2500


class BoardBanner(QLabel):
    """Shown at the top centre of `parent` (the board's viewport) by `show_text`."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("boardBanner")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setWordWrap(True)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.setFont(font)
        self._timer = QTimer(self, singleShot=True, interval=SHOWN_MS)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def set_theme(self, theme) -> None:
        back = QColor(qcolor(theme.background_top))
        back.setAlpha(225)
        border = qcolor(theme.warning)
        # Words in the warning colour, as readable as the theme promises on the banner's face.
        words = readable_on(border, qcolor(theme.background_top), theme.text_contrast)
        self.setStyleSheet(
            f"QLabel#boardBanner {{ color: {words.name()}; background: rgba({back.red()}, "
            f"{back.green()}, {back.blue()}, {back.alpha()}); border: 2px solid {border.name()};"
            " border-radius: 8px; padding: 6px 14px; }"
        )

    def show_text(self, text: str) -> None:
        self.setText(text)
        self.setAccessibleName(text)
        parent = self.parentWidget()
        assert parent is not None  # made with one
        width = min(self.sizeHint().width() + 8, max(parent.width() - 24, 80))
        self.setFixedWidth(width)
        self.adjustSize()
        self.move((parent.width() - self.width()) // 2, 14)
        self.show()
        self.raise_()
        self._timer.start()

    def dismiss(self) -> None:
        self._timer.stop()
        self.hide()
