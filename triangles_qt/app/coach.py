"""The guided first game: a short game against the computer on a small board in which a bubble
over the board says, step by step, how to draw a stroke, what may not be drawn and how a triangle
scores, and marks the stars to use. It is offered on the first start and from Help; "Skip" or the
last step's "Got it" end it, and it is not offered again at start.

The steps follow what the player does, not a script: picking a star moves on to its other end,
letting it go comes back; after the first stroke the coach waits for a turn in which a triangle
can be closed and shows one. Every sentence is also announced to screen readers.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from triangles_qt.core.game import Move

from .colors import qcolor, readable_on

# A star the guide rings is the one its words are about: hiding it costs more than hiding all
# the others.
RINGED_STAR_WEIGHT = 1000


class Step(Enum):
    PICK = "pick"  # pick a first star
    JOIN = "join"  # pick its other end
    TAKE_TURNS = "take turns"  # the first stroke is drawn: take turns
    CLOSE = "close"  # a triangle can be closed: the marked stroke does it
    DONE = "done"  # a triangle was closed


class CoachBubble(QFrame):
    """The bubble at the foot of the board: the step's words, and Skip or Got it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("coachBubble")
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.skip_button = QPushButton()
        self.done_button = QPushButton()
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.skip_button)
        buttons.addWidget(self.done_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.addWidget(self.label)
        layout.addLayout(buttons)
        self.hide()
        parent.installEventFilter(self)  # follow the board's size

    def set_theme(self, theme) -> None:
        back, warm = qcolor(theme.background_top), qcolor(theme.hint_colour)
        text = readable_on(qcolor(theme.text), back, theme.text_contrast)
        self.setStyleSheet(
            f"QFrame#coachBubble {{ background: {back.name()}; border: 2px solid {warm.name()};"
            " border-radius: 10px; }"
            f" QFrame#coachBubble QLabel {{ color: {text.name()}; }}"
        )

    def show_text(self, text: str, last: bool) -> None:
        self.label.setText(text)
        self.setAccessibleName(text)
        self.skip_button.setVisible(not last)
        self.done_button.setVisible(last)
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        """At the foot of the board, in the middle, or else where it hides the fewest stars: the
        head, then the corners (never over a star the guide rings, if it can help it)."""
        parent = self.parentWidget()
        if parent is None:  # made with one; nothing to place against without it
            return
        width = min(520, max(200, parent.width() - 24))
        self.setFixedWidth(width)
        self.adjustSize()
        middle, left, right = (parent.width() - width) // 2, 12, parent.width() - width - 12
        foot, head = parent.height() - self.height() - 12, 12
        places = [(middle, foot), (middle, head), (left, foot), (right, foot)]
        places += [(left, head), (right, head)]
        self.move(*min(places, key=lambda p: self.covers(QRect(QPoint(*p), self.size()))))

    def covers(self, area: QRect) -> int:
        """How much `area` of the board would hide: its stars, a ringed one counting as many
        (set by the coach)."""
        return 0

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self.place()
        return False


class Coach(QObject):
    """Guides one game of `window` (a MainWindow) step by step; `finished` when skipped or done
    (the settings then remember it)."""

    finished = Signal()

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.view, self.scene, self.session = window.view, window.scene, window.session
        self.bubble = CoachBubble(self.view.viewport())
        self.bubble.covers = self._stars_under  # type: ignore[method-assign]
        self.bubble.skip_button.clicked.connect(self.stop)
        self.bubble.done_button.clicked.connect(self.stop)
        self.step: Step | None = None
        self._seat: int | None = None  # the player's seat in the guided game
        self.session.stroke_played.connect(self._played)
        self.session.started.connect(self._restarted)
        self.session.changed.connect(self._turn_changed)
        self.scene.picked_changed.connect(self._picked)
        self.retranslate_ui()

    @property
    def active(self) -> bool:
        return self.step is not None

    def retranslate_ui(self) -> None:
        self.bubble.skip_button.setText(self.tr("Skip the guide"))
        self.bubble.done_button.setText(self.tr("Got it"))
        if self.step is not None:
            self._show(self.step)

    def set_theme(self, theme) -> None:
        self.bubble.set_theme(theme)

    # -- the steps ---------------------------------------------------------------------------------

    def start(self, seat: int) -> None:
        """Guide the game just started, in which the player sits in `seat`."""
        self._seat = seat
        self._show(Step.PICK)

    def stop(self) -> None:
        if self.step is None:
            return
        self.step = None
        self.bubble.hide()
        self.scene.clear_hint()
        self.window.settings.coached = True
        self.finished.emit()

    def text(self, step: Step) -> str:
        return {
            Step.PICK: self.tr(
                "Welcome! Players take turns drawing straight strokes between stars. "
                "Click a star to pick it: the marked one, for example."
            ),
            Step.JOIN: self.tr(
                "Now click another star: a stroke joins the two. A stroke may not cross "
                "another stroke or pass over a star. Click the picked star again to let it go."
            ),
            Step.TAKE_TURNS: self.tr(
                "Well drawn! Now the computer plays, then you again. Watch for three stars "
                "that two strokes already join."
            ),
            Step.CLOSE: self.tr(
                "Close an empty triangle to score a point: the marked stroke closes one. Draw it!"
            ),
            Step.DONE: self.tr(
                "A triangle: one point! The game ends when no triangle can be closed any "
                "more; the most triangles wins. Game > Hint (H) shows a good stroke any time."
            ),
        }[step]

    def _show(self, step: Step) -> None:
        self.step = step
        text = self.text(step)
        self._mark()  # first: the bubble keeps clear of the stars it rings
        self.bubble.show_text(text, last=step is Step.DONE)
        announcer = getattr(self.view, "announcer", None)
        if announcer is not None:
            announcer.say(text)

    def _mark(self) -> None:
        """Mark the stars this step is about."""
        position = self.session.position
        if position is None or position.is_over or not self._players_turn():
            return
        if self.step is Step.PICK:
            self.scene.mark_stars([self._central_star()])
        elif self.step is Step.JOIN and self.scene.picked is not None:
            partner = self._partner(self.scene.picked)
            if partner is not None:
                self.scene.mark_stars([self.scene.picked, partner])
        elif self.step is Step.CLOSE:
            closing = self._closing_stroke()
            if closing is not None:
                self.scene.show_hint(*closing)

    def _stars_under(self, area: QRect) -> int:
        grown = area.adjusted(-14, -14, 14, 14)  # a star's glow and ring count too
        view, scene = self.view, self.scene
        hidden = sum(grown.contains(view.star_view_pos(k)) for k in range(scene.star_count))
        ringed = sum(grown.contains(view.mapFromScene(p)) for p in scene.marked_points())
        return hidden + RINGED_STAR_WEIGHT * ringed

    def _players_turn(self) -> bool:
        position = self.session.position
        return position is not None and position.player == self._seat

    def _central_star(self) -> int:
        """A star near the middle of the board that can still be joined to another."""
        position = self.session.position
        assert position is not None
        board = position.board
        middle = (board.width / 2, board.height / 2)
        joinable = {int(k) for stroke in position.legal_strokes() for k in stroke}
        return min(
            joinable,
            key=lambda k: (
                (board.star_list[k][0] - middle[0]) ** 2 + (board.star_list[k][1] - middle[1]) ** 2
            ),
        )

    def _partner(self, star: int) -> int | None:
        """The nearest star a stroke from `star` may reach now."""
        position = self.session.position
        assert position is not None
        stars = position.board.star_list
        ends = [int(b if a == star else a) for a, b in position.legal_strokes() if star in (a, b)]
        if not ends:
            return None
        x, y = stars[star]
        return min(ends, key=lambda k: (stars[k][0] - x) ** 2 + (stars[k][1] - y) ** 2)

    def _closing_stroke(self) -> tuple[int, int] | None:
        position = self.session.position
        assert position is not None
        for i, j in position.legal_strokes():
            if position.gain((int(i), int(j))):
                return int(i), int(j)
        return None

    # -- what the player does ----------------------------------------------------------------------

    def _picked(self, star: int | None) -> None:
        if self.step is Step.PICK and star is not None:
            self._show(Step.JOIN)
        elif self.step is Step.JOIN and star is None:
            position = self.session.position
            if position is not None and not any(
                move.player == self._seat for move in position.moves
            ):
                self._show(Step.PICK)

    def _played(self, move: Move) -> None:
        if self.step is None:
            return
        if move.player == self._seat and move.triangles:
            self._show(Step.DONE)
        elif move.player == self._seat and self.step in (Step.PICK, Step.JOIN):
            self._show(Step.TAKE_TURNS)

    def _turn_changed(self) -> None:
        """On the player's turn, the coach marks what this step is about (again)."""
        if self.step in (Step.TAKE_TURNS, Step.CLOSE) and self._players_turn():
            position = self.session.position
            if position is not None and not position.is_over:
                closing = self._closing_stroke()
                if closing is not None and self.step is not Step.CLOSE:
                    self._show(Step.CLOSE)
                elif closing is not None and not self.scene.hint_visible:
                    self.scene.show_hint(*closing)
        if self.session.position is not None and self.session.position.is_over:
            if self.step is not Step.DONE and self.step is not None:
                self._show(Step.DONE)

    def _restarted(self, position) -> None:
        """Another game started (`start` comes after the guided one's): the guide is over."""
        self.stop()
