"""The end of a game: the window that says who won, with the final score, the score over the
game as a small chart, its biggest turn (and longest run under "play again"), and Play again,
New game… and Close; and the final score as it shows there."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF, QTextDocumentFragment
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from triangles_qt.core.game import Move
from triangles_qt.themes import NEBULA

from .colors import qcolor
from .plurals import plural
from .table_talk import result_text


@dataclass(frozen=True)
class GameStory:
    """How a finished game went: the score after each stroke (from 0-0), its biggest turn
    (player, triangles closed; the player None when both had a turn that big) and its longest
    turn (player, strokes drawn); a turn is a player's strokes one after the other."""

    scores: list[tuple[int, int]]
    biggest_turn: tuple[int | None, int] | None
    longest_turn: tuple[int, int] | None


def story_of(moves: Sequence[Move]) -> GameStory:
    scores = [(0, 0)]
    turns: list[tuple[int, int, int]] = []  # (player, strokes, triangles)
    for move in moves:
        a, b = scores[-1]
        gained = len(move.triangles)
        scores.append((a + gained, b) if move.player == 0 else (a, b + gained))
        if turns and turns[-1][0] == move.player:
            player, strokes, triangles = turns[-1]
            turns[-1] = (player, strokes + 1, triangles + gained)
        else:
            turns.append((move.player, 1, gained))
    biggest = max(turns, key=lambda t: t[2], default=None)
    longest = max(turns, key=lambda t: t[1], default=None)
    big: tuple[int | None, int] | None = None
    if biggest is not None and biggest[2] > 0:
        both = len({t[0] for t in turns if t[2] == biggest[2]}) > 1
        big = (None if both else biggest[0], biggest[2])  # a tie is nobody's: not the first's
    return GameStory(
        scores,
        big,
        None if longest is None else (longest[0], longest[1]),
    )


class ScoreChart(QWidget):
    """Both players' scores stroke by stroke, each in the player's colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(260, 84)
        self.scores: list[tuple[int, int]] = []
        self.colors = (QColor("#ff5a36"), QColor("#3d8bff"))

    def set_story(self, scores: list[tuple[int, int]], colors: tuple[QColor, QColor]) -> None:
        self.scores, self.colors = scores, colors
        self.update()

    def paintEvent(self, event) -> None:
        if len(self.scores) < 2:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = self.rect().adjusted(4, 4, -4, -4)
        top = max(max(pair) for pair in self.scores) or 1
        last = len(self.scores) - 1
        axis = QColor(self.palette().windowText().color())
        axis.setAlpha(90)
        painter.setPen(QPen(axis, 1))
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        for player in (0, 1):
            points = QPolygonF(
                [
                    QPointF(
                        area.left() + area.width() * k / last,
                        area.bottom() - area.height() * pair[player] / top,
                    )
                    for k, pair in enumerate(self.scores)
                ]
            )
            painter.setPen(QPen(self.colors[player], 2.2))
            painter.drawPolyline(points)
        painter.end()


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
    """The end of a game: who won, the final score, how the game went, and what next."""

    play_again = Signal()
    new_game = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameOverDialog")
        self.title_label = QLabel()
        self.title_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.title_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.title_label.setFont(font)
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)  # "<name> wins!" between friends
        self.score_label = QLabel()
        self.score_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.score_label.setTextFormat(Qt.TextFormat.RichText)
        self.chart = ScoreChart()
        self.story_label = QLabel()
        self.story_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.story_label.setTextFormat(Qt.TextFormat.PlainText)
        self.buttons = QDialogButtonBox()
        self.play_again_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.new_game_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.accepted.connect(self.play_again)
        self.new_game_button.clicked.connect(self._new_game)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 22, 28, 18)
        layout.setSpacing(12)
        layout.addWidget(self.title_label)
        layout.addWidget(self.score_label)
        layout.addWidget(self.chart)
        layout.addWidget(self.story_label)
        layout.addWidget(self.buttons)
        self.retranslate_ui()

    def _new_game(self) -> None:
        self.reject()
        self.new_game.emit()

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
        names = (seats[0].name, seats[1].name)
        self.title_label.setText(result_text(session))
        self.score_label.setText(final_score(names, position.scores))
        story = story_of(position.moves)
        theme = getattr(self.parent(), "theme", NEBULA)
        colors = (qcolor(theme.player_strokes[0]), qcolor(theme.player_strokes[1]))
        self.chart.set_story(story.scores, colors)
        lines = []
        if story.biggest_turn is not None:
            player, count = story.biggest_turn
            if player is None:
                text = self.tr("Biggest turn: %n triangle(s), by both players", "", count)
                lines.append(plural(text, count))
            else:
                text = self.tr("Biggest turn: %1 closed %n triangle(s)", "", count)
                lines.append(plural(text, count).replace("%1", names[player]))
        if position.rules.replay_after_triangle and story.longest_turn is not None:
            player, count = story.longest_turn
            text = plural(self.tr("Longest run: %1 drew %n stroke(s) in a row", "", count), count)
            lines.append(text.replace("%1", names[player]))
        self.story_label.setText("\n".join(lines))
        self.story_label.setHidden(not lines)

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Game over"))
        self.play_again_button.setText(self.tr("Play again"))
        self.new_game_button.setText(self.tr("New game…"))
        self.close_button.setText(self.tr("Close"))
        self.chart.setAccessibleName(self.tr("The score over the game"))
        self.chart.setToolTip(self.tr("The score over the game"))

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
