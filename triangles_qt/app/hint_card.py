"""Why the hinted stroke is good, on the board beside it until a stroke is played: the status
bar's sentence where the player is looking, in the language in use (it is said again after a
language switch), in the theme's hint colour."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget

from .colors import qcolor, readable_on

MARGIN = 12


class HintCard(QLabel):
    """Shown at the top left of `parent` (the board's viewport) by `show_reason`."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("hintCard")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._reason: Callable[[], str] | None = None
        parent.installEventFilter(self)  # it follows the board's size
        self.hide()

    def set_theme(self, theme) -> None:
        back, hint = qcolor(theme.background_top), qcolor(theme.hint_colour)
        text = readable_on(qcolor(theme.text), back, theme.text_contrast)
        self.setStyleSheet(
            f"QLabel#hintCard {{ color: {text.name()}; background: {back.name()};"
            f" border: 2px solid {hint.name()}; border-radius: 8px; padding: 6px 10px; }}"
        )

    def show_reason(self, reason: Callable[[], str]) -> None:
        """Show the sentence `reason` gives, now and after each language switch."""
        self._reason = reason
        self._say()
        self.show()
        self.raise_()

    def dismiss(self) -> None:
        self._reason = None
        self.hide()

    def _say(self) -> None:
        if self._reason is None:
            return
        text = self._reason()
        self.setText(text)
        self.setAccessibleName(text)
        self._place()

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:  # made with one; nothing to place against without it
            return
        self.setFixedWidth(max(160, min(380, parent.width() * 45 // 100)))
        self.adjustSize()
        self.move(MARGIN, MARGIN)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._say()
        super().changeEvent(event)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self._place()
        return False
