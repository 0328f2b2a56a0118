"""The end of a game: the window that says who won, with the final score, and offers to play
again; and the final score as it shows there."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QFont, QTextDocumentFragment
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget


def final_score(names: tuple[str, str], scores: tuple[int, int]) -> str:
    """ "Player 1 21 – 17 Player 2" as rich text: the scores in bold, so that the names' numbers
    do not run into them; names exactly as typed. One pass, so a name holding "%2" stays."""
    parts = {
        "1": html.escape(names[0]),
        "2": f"<b>{scores[0]}</b>",
        "3": f"<b>{scores[1]}</b>",
        "4": html.escape(names[1]),
    }
    pattern = QCoreApplication.translate("MainWindow", "%1 %2 – %3 %4")
    score = re.sub("%([1-4])", lambda m: parts[m.group(1)], pattern)
    return f'<span style="white-space: pre-wrap">{score}</span>'


class GameOverDialog(QDialog):
    """The end of a game: who won, the final score, and Play again."""

    play_again = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
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

    def show_result(self, session) -> None:
        """Who won `session`'s game (a `GameSession`) and its final score, in the language in
        use (again after a language change)."""
        position, seats = session.position, session.seats
        self.title_label.setText(session.result_text())
        self.score_label.setText(final_score((seats[0].name, seats[1].name), position.scores))

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Game over"))
        self.play_again_button.setText(self.tr("Play again"))
        self.close_button.setText(self.tr("Close"))

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
