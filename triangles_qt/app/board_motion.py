"""The board's short animations, none of which the game waits for: a computer's or a friend's
stroke drawn in from its first star, a "+N" in the scorer's colour rising from the triangles a
stroke closed, and at the end of a game a wave of light across the winner's triangles.

Every animation only draws: the game has already moved on when it starts, input stays open while
it runs, and a new stroke, an undo or a new game simply cuts it short. With reduced motion
(Settings > Motion) strokes appear at once, the "+N" stands still while it fades, and the end of
the game lights the winner's triangles once, without a wave.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    Property,
    QEasingCurve,
    QObject,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from .board_items import Z_MARKER, Z_STAR
from .colors import with_alpha

STROKE_DRAW_MS = 260
SCORE_MARK_MS = 1600
WAVE_MS = 1600


def stroke_drawing(parent: QObject, reach: Callable[[float], None]) -> QVariantAnimation:
    """The animation that draws a stroke in from its first star: it tells `reach` how much of
    the stroke to show, from 0 to 1. One serves every stroke of a board."""
    animation = QVariantAnimation(parent)
    animation.setDuration(STROKE_DRAW_MS)
    animation.setStartValue(0.0)
    animation.setEndValue(1.0)
    animation.setEasingCurve(QEasingCurve.Type.OutCubic)
    animation.valueChanged.connect(reach)
    return animation


class _Passing(QGraphicsObject):
    """An item that plays once over `duration_ms`, its `time` going from 0 to 1, then leaves
    the board (`finished` first, for whoever keeps it)."""

    def __init__(self, duration_ms: int) -> None:
        super().__init__()
        self._time = 0.0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._animation = QPropertyAnimation(self, b"time", self)
        self._animation.setDuration(duration_ms)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.finished.connect(self._played)
        self.on_done: Callable[[], None] | None = None

    def start(self) -> None:
        self._animation.start()

    def _played(self) -> None:
        if self.on_done is not None:
            self.on_done()
        self.finish()

    def finish(self) -> None:
        """Gone from the board (deleted once the event loop runs: this may be called from its
        own animation's signal)."""
        self._animation.stop()
        self.hide()
        self.deleteLater()

    def _get_time(self) -> float:
        return self._time

    def _set_time(self, value: float) -> None:
        self._time = value
        self.update()

    time = Property(float, _get_time, _set_time)


class ScoreMarkItem(_Passing):
    """ "+N" over the triangles a stroke closed, in the scorer's colour: who just scored, and how
    much. It rises a little and fades, then removes itself."""

    RISE_PX = 26.0
    GAP_PX = 14.0

    def __init__(self, text: str, color: QColor, outline: QColor, reduced: bool) -> None:
        super().__init__(SCORE_MARK_MS)
        self.text = text
        self._color = QColor(color)
        self._outline = QColor(outline)
        self._reduced = reduced
        self._font = QFont()
        self._font.setBold(True)
        self._font.setPixelSize(26)
        self.setZValue(Z_MARKER)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)

    @property
    def lift(self) -> float:
        """How far it has risen, in pixels (always 0 with reduced motion)."""
        if self._reduced:
            return 0.0
        return self.RISE_PX * (1 - (1 - self._time) ** 3)

    def boundingRect(self) -> QRectF:
        top = 30 + self.GAP_PX + self.RISE_PX
        return QRectF(-40, -top, 80, top + 30)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        # Fully there for most of its time, then fading out.
        alpha = 255 if self._time < 0.6 else round(255 * (1 - self._time) / 0.4)
        path = QPainterPath()
        path.addText(QPointF(0, 0), self._font, self.text)
        box = path.boundingRect()
        # Above the triangles' middle rather than on it: thin ones stay in sight.
        path.translate(-box.center().x(), -box.center().y() - self.GAP_PX - self.lift)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.strokePath(path, QPen(with_alpha(self._outline, alpha * 3 // 4), 4.0))
        painter.fillPath(path, with_alpha(self._color, alpha))


class VictoryWaveItem(_Passing):
    """The end of a game: light runs across the winner's triangles (all of them after a draw)
    from the last stroke outwards, once, then the item removes itself."""

    def __init__(
        self,
        triangles: Sequence[QPolygonF],
        origin: QPointF,
        color: QColor,
        reduced: bool,
    ) -> None:
        super().__init__(WAVE_MS)
        self._triangles = list(triangles)
        self._color = QColor(color)
        self._reduced = reduced
        centres = [polygon.boundingRect().center() for polygon in self._triangles]
        distances = [math.dist(origin.toTuple(), centre.toTuple()) for centre in centres]
        far = max(distances, default=0.0) or 1.0
        # With reduced motion every triangle lights at once: no light travelling across.
        self._delays = [0.0 if reduced else 0.55 * d / far for d in distances]
        self._rect = QRectF()
        for polygon in self._triangles:
            self._rect = self._rect.united(polygon.boundingRect())
        self.setZValue(Z_STAR - 0.5)  # over strokes and triangles, under the stars

    @property
    def triangle_count(self) -> int:
        return len(self._triangles)

    def glow(self, k: int) -> float:
        """How lit triangle k is now, 0..1: up and back down as the wave passes it."""
        phase = (self._time - self._delays[k]) / 0.45
        return math.sin(math.pi * phase) if 0.0 < phase < 1.0 else 0.0

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        for k, polygon in enumerate(self._triangles):
            light = self.glow(k)
            if light > 0.01:
                painter.setBrush(with_alpha(self._color, round(170 * light)))
                painter.drawPolygon(polygon)
