"""The How to play window: the rules of Triangles (RULES.md 1-6), short and friendly, in a
QTextBrowser. Every sentence is its own translatable string; the page is assembled around them."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget


class HowToPlayDialog(QDialog):
    """The rules, for a player who has never played."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("how_to_play_dialog")
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(self.buttons)
        self.retranslate_ui()
        self.resize(600, 640)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        """Set the title and rebuild the page in the current language."""
        self.setWindowTitle(self.tr("How to play"))
        self.browser.setHtml(self.rules_html())

    def rules_html(self) -> str:
        """The rules page as HTML (the sections below, each a heading and its paragraphs)."""
        sections: list[tuple[str, list[str], list[str]]] = [
            (
                self.tr("The aim"),
                [
                    self.tr(
                        "The board is a cloud of stars. Two players take turns drawing straight "
                        "strokes between stars. Close triangles to score: whoever has more "
                        "triangles at the end wins."
                    )
                ],
                [],
            ),
            (
                self.tr("Your turn"),
                [
                    self.tr(
                        "Click a star, then another star, or drag from one star to the other. "
                        "Any two stars may be joined, however far apart they are."
                    ),
                    self.tr(
                        "Each stroke takes its player's colour. In the Nebula theme, Player 1 is "
                        "red-orange and Player 2 is blue."
                    ),
                ],
                [],
            ),
            (
                self.tr("Strokes that are not allowed"),
                [
                    self.tr(
                        "A stroke is refused, and the reason is shown, in three cases. Nothing "
                        "changes and it is still your turn:"
                    )
                ],
                [
                    self.tr("It is already drawn."),
                    self.tr("It passes over another star, or very close to one."),
                    self.tr(
                        "It crosses a stroke that is already drawn. Strokes may leave the same "
                        "star, but they never cross or touch anywhere else."
                    ),
                ],
            ),
            (
                self.tr("Closing triangles"),
                [
                    self.tr(
                        "Your stroke closes a triangle when its two other sides are already "
                        "drawn, by either player."
                    ),
                    self.tr(
                        "The triangle counts only if it is empty: no star inside it. A counting "
                        "triangle scores one point for you and is filled with your colour."
                    ),
                    self.tr(
                        "A stroke has two sides, so it can close two triangles at once: one on "
                        "each side."
                    ),
                ],
                [],
            ),
            (
                self.tr("Turns"),
                [
                    self.tr(
                        "Player 1 begins. Normally each player draws one stroke per turn, "
                        "whether it closed a triangle or not."
                    ),
                    self.tr(
                        "With the option \u201cPlay again after a triangle\u201d in the New game "
                        "window, a player whose stroke closed a triangle draws another stroke "
                        "at once."
                    ),
                ],
                [],
            ),
            (
                self.tr("The end"),
                [
                    self.tr(
                        "The game ends as soon as no triangle can be closed any more. Strokes "
                        "that would still fit could not score, so they are not played."
                    ),
                    self.tr("The player with more triangles wins. The same number is a draw."),
                ],
                [],
            ),
            (
                self.tr("Tips"),
                [],
                [
                    self.tr(
                        "Think twice before drawing the second side of a triangle: your "
                        "opponent may close it with the third."
                    ),
                    self.tr(
                        "A long stroke blocks every stroke it crosses. Use that to spoil the "
                        "triangles your opponent is preparing."
                    ),
                    self.tr(
                        "Towards the end, count the safe strokes left: the player who runs out "
                        "of them first has to give triangles away."
                    ),
                ],
            ),
        ]
        title = self.tr("How to play Triangles")
        parts = [f"<h2>{html.escape(title)}</h2>"]
        for heading, paragraphs, items in sections:
            parts.append(f"<h3>{html.escape(heading)}</h3>")
            parts.extend(f"<p>{html.escape(text)}</p>" for text in paragraphs)
            if items:
                parts.append("<ul>")
                parts.extend(f"<li>{html.escape(text)}</li>" for text in items)
                parts.append("</ul>")
        return "\n".join(parts)
