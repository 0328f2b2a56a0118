"""The window's status bar: messages on the left, a permanent label (the board) on the right.

In a narrow window a long message ran into the label and was cut. While a message needs the room,
the label steps aside, and comes back when the message ends or the window grows.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QStatusBar

# QStatusBar's own margins and the spacing before a permanent widget, with a little air
_PADDING = 24
_SIZE_GRIP = 20  # the corner grip, when the bar has one


class StatusBar(QStatusBar):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.addPermanentWidget(self.label)
        self.messageChanged.connect(self.make_room)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.make_room()

    def make_room(self, *_) -> None:
        """Show the label only if it fits beside the message; call after changing its text."""
        message = self.currentMessage()
        needed = (self.fontMetrics().horizontalAdvance(message) + self.label.sizeHint().width()
                  + _PADDING + (_SIZE_GRIP if self.isSizeGripEnabled() else 0))
        self.label.setVisible(not message or needed <= self.width())
