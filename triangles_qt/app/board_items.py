"""The things drawn on the board, one small QGraphicsItem class each (as in Qt's diagramscene).

Scene coordinates are the board's logical points. Stars and markers keep their size on screen
(ItemIgnoresTransformations); lines use cosmetic pens, so they look the same at every zoom and
stay crisp on high-DPI screens. Items only draw: they hold no game state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import Property, QEasingCurve, QPointF, QPropertyAnimation, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from .colors import faded, with_alpha

# Stacking order, bottom to top.
Z_TRIANGLE, Z_STROKE, Z_HINT, Z_REJECTED, Z_BAND, Z_STAR, Z_MARKER = range(7)

# Lines are cosmetic (their width is in screen pixels) but bounding rects are in scene units:
# this margin covers the widest glow at any zoom the window allows.
LINE_MARGIN = 20.0

# The view's shorter side, in pixels, at which stars and strokes have their base size; on a
# bigger view they grow with it (up to MAX_GROWTH), so a board on a large screen does not look
# drawn with a hairline.
BASE_VIEW_PX = 640.0
MAX_GROWTH = 2.0


@dataclass(frozen=True)
class LineSizes:
    """How big star cores and strokes are drawn, in screen pixels."""

    core: float
    stroke: float


def line_sizes(
    pixels_per_point: float, tolerance: int, view_px: float, marks: float = 1.0
) -> LineSizes:
    """Star cores and strokes for a board shown at `pixels_per_point` in a view whose shorter
    side is `view_px` pixels, `marks` times their usual size (a theme's [board] marks).

    They grow with the view. But a stroke may pass `tolerance` points from a star (docs/rules.md
    2), and on screen a legal stroke must not touch the star's core, or it looks as if it went
    over it: the core's radius plus half a stroke must fit within the tolerance. The core gives
    way first (its glow keeps the star easy to see), down to 60% of its usual size; then both
    shrink, down to half size, below which they would be hard to see."""
    grow = max(1.0, min(MAX_GROWTH, view_px / BASE_VIEW_PX)) * marks
    room = tolerance * pixels_per_point
    core, stroke = StarItem.CORE * grow, StrokeItem.WIDTH * grow
    if core + stroke / 2 <= room:
        return LineSizes(core, stroke)
    # Where room is short the strokes keep their extra width and the core gives way: a star's
    # glow, grown by `marks` too (StarItem.set_glow_scale), keeps it big enough to see.
    smallest_core = StarItem.CORE * 0.6
    core = max(smallest_core, room - stroke / 2)
    if core + stroke / 2 <= room:
        return LineSizes(core, stroke)
    width = StrokeItem.WIDTH * marks
    if room - smallest_core >= width / 2:  # the stroke takes the room that is left
        return LineSizes(smallest_core, 2 * (room - smallest_core))
    shrink = max(0.5, room / (smallest_core + width / 2))
    return LineSizes(smallest_core * shrink, width * shrink)


def legible_fill(color: QColor, inradius_px: float) -> QColor:
    """A triangle's translucent fill, more opaque the thinner the triangle is on screen: a sliver
    a few pixels wide in the theme's light tint would be all but invisible."""
    thin = max(0.0, min(1.0, (12.0 - inradius_px) / 9.0))
    alpha = color.alpha()
    return with_alpha(color, round(alpha + (min(255, alpha * 2.4) - alpha) * thin))


def inradius(a: QPointF, b: QPointF, c: QPointF) -> float:
    """The radius of the circle inside the triangle abc (twice the area over the perimeter)."""
    area2 = abs((b.x() - a.x()) * (c.y() - a.y()) - (c.x() - a.x()) * (b.y() - a.y()))
    perimeter = sum(math.dist(p.toTuple(), q.toTuple()) for p, q in ((a, b), (b, c), (c, a)))
    return area2 / perimeter if perimeter else 0.0


def _cosmetic_pen(
    color: QColor,
    width: float,
    style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap,
) -> QPen:
    pen = QPen(color, width, style, cap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


def _segment_bounds(a: QPointF, b: QPointF) -> QRectF:
    """The box around a drawn segment, with room for its widest pen and glow."""
    return QRectF(a, b).normalized().adjusted(-LINE_MARGIN, -LINE_MARGIN, LINE_MARGIN, LINE_MARGIN)


class StarItem(QGraphicsItem):
    """A star: a bright core in a soft glow, the same size on screen at every zoom."""

    CORE = 3.0
    GLOW = 13.0

    def __init__(self, index: int, x: float, y: float) -> None:
        super().__init__()
        self.index = index
        self._core = QColor("white")
        self._glow = QColor("white")
        self._core_radius = self.CORE
        self._glow_scale = 1.0
        self._bounds = QRectF()
        self._corner = QPointF()
        self._shown: QPixmap | None = None  # the picture painted, for `_shown_ratio`
        self._shown_ratio = 0.0
        self._reshape()
        self.setPos(x, y)
        self.setZValue(Z_STAR)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)

    def _reshape(self) -> None:
        """Its box and picture after a change of size or colour (a board of 180 stars is
        painted whole on every resize: its paint() and boundingRect() only read)."""
        g = self.glow_radius
        self._bounds = QRectF(-g, -g, 2 * g, 2 * g)
        self._corner = self._bounds.topLeft()
        self._shown = None

    def set_colors(self, core: QColor, glow: QColor) -> None:
        if (core.rgba(), glow.rgba()) != (self._core.rgba(), self._glow.rgba()):
            self._shown = None
        self._core, self._glow = QColor(core), QColor(glow)
        self.update()

    def set_core_radius(self, radius: float) -> None:
        """Draw the core `radius` pixels wide (see `line_sizes`); the glow grows with it."""
        if radius != self._core_radius:
            self.prepareGeometryChange()
            self._core_radius = radius
            self._reshape()
            self.update()

    def set_glow_scale(self, scale: float) -> None:
        """Draw the glow `scale` times its size (a theme's [board] marks)."""
        if scale != self._glow_scale:
            self.prepareGeometryChange()
            self._glow_scale = scale
            self._reshape()
            self.update()

    @property
    def core_radius(self) -> float:
        return self._core_radius

    @property
    def glow_radius(self) -> float:
        return self.GLOW * max(1.0, self._core_radius / self.CORE, self._glow_scale)

    def boundingRect(self) -> QRectF:
        return self._bounds

    # Every star of a board looks the same: one picture per look and device, drawn once and
    # copied to each star (a board of 180 stars opens without painting 180 gradients).
    _pictures: dict[tuple, QPixmap] = {}

    def paint(self, painter: QPainter, option, widget=None) -> None:
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        if self._shown is None or ratio != self._shown_ratio:
            self._shown, self._shown_ratio = self._shared_picture(ratio), ratio
        painter.drawPixmap(self._corner, self._shown)

    def _shared_picture(self, ratio: float) -> QPixmap:
        key = (self._core.rgba(), self._glow.rgba(), self._core_radius, self.glow_radius, ratio)
        picture = StarItem._pictures.get(key)
        if picture is None:
            if len(StarItem._pictures) > 64:  # old themes and sizes
                StarItem._pictures.clear()
            picture = StarItem._pictures[key] = self._picture(ratio)
        return picture

    def _picture(self, ratio: float) -> QPixmap:
        g = self.glow_radius
        side = max(1, math.ceil(2 * g * ratio))
        picture = QPixmap(side, side)
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(g, g)
        glow = QRadialGradient(QPointF(0, 0), g)
        glow.setColorAt(0.0, faded(self._glow, 255))
        glow.setColorAt(0.25, faded(self._glow, 190))
        glow.setColorAt(0.5, faded(self._glow, 70))
        glow.setColorAt(1.0, faded(self._glow, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(glow))
        painter.drawEllipse(QRectF(-g, -g, 2 * g, 2 * g))
        painter.setBrush(self._core)
        c = self.core_radius
        painter.drawEllipse(QRectF(-c, -c, 2 * c, 2 * c))
        painter.end()
        return picture


class StrokeItem(QGraphicsItem):
    """A drawn stroke in its player's colour; the last one played glows. While `reach` is below
    1 only that part of it is drawn, from its first star: the stroke is being drawn in."""

    WIDTH = 3.2

    def __init__(self, a: QPointF, b: QPointF, color: QColor, width: float = WIDTH) -> None:
        super().__init__()
        self._a, self._b = QPointF(a), QPointF(b)
        self._color = QColor(color)
        self._last = False
        self._reach = 1.0
        self.width = width  # see `line_sizes`
        self.setZValue(Z_STROKE)

    def set_reach(self, reach: float) -> None:
        self._reach = max(0.0, min(1.0, reach))
        self.update()

    @property
    def reach(self) -> float:
        return self._reach

    def set_color(self, color: QColor) -> None:
        self._color = QColor(color)
        self.update()

    def set_last(self, last: bool) -> None:
        if last != self._last:
            self._last = last
            self.setZValue(Z_STROKE + (0.5 if last else 0.0))
            self.update()

    @property
    def is_last(self) -> bool:
        return self._last

    @property
    def color(self) -> QColor:
        return QColor(self._color)

    def boundingRect(self) -> QRectF:
        return _segment_bounds(self._a, self._b)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        a, b = self._a, self._a + (self._b - self._a) * self._reach
        if self._last:
            painter.setPen(_cosmetic_pen(with_alpha(self._color, 45), self.width * 3.4))
            painter.drawLine(a, b)
            painter.setPen(_cosmetic_pen(with_alpha(self._color, 95), self.width * 2.0))
            painter.drawLine(a, b)
            painter.setPen(_cosmetic_pen(self._color.lighter(135), self.width * 1.25))
        else:
            painter.setPen(_cosmetic_pen(self._color, self.width))
        painter.drawLine(a, b)


class TriangleItem(QGraphicsObject):
    """A counted triangle filled with its closer's colour while it fades in; then `settled` is
    emitted and the scene bakes it into the triangle layer."""

    settled = Signal()

    def __init__(
        self,
        points: list[QPointF],
        color: QColor,
        player: int,
        triangle: tuple[int, int, int] = (0, 0, 0),
    ) -> None:
        super().__init__()
        self.player = player
        a, b, c = sorted(triangle)
        self.triangle = (a, b, c)  # its stars, in order
        self._polygon = QPolygonF(points)
        self._color = QColor(color)
        self._animation: QPropertyAnimation | None = None
        self.setZValue(Z_TRIANGLE)

    def set_color(self, color: QColor) -> None:
        self._color = QColor(color)
        self.update()

    def fade_in(self, duration_ms: int = 450) -> None:
        self.setOpacity(0.0)
        animation = QPropertyAnimation(self, b"opacity", self)
        animation.setDuration(duration_ms)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        animation.finished.connect(self.settled)
        animation.start()
        self._animation = animation

    def stop(self) -> None:
        if self._animation is not None:
            self._animation.stop()

    def boundingRect(self) -> QRectF:
        return self._polygon.boundingRect().adjusted(-2, -2, 2, 2)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self._polygon)
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._color)
        painter.drawPolygon(self._polygon)


@dataclass(frozen=True)
class BakedLine:
    """A settled stroke. `flat_ends`: its ends lie under opaque star cores wider than the
    stroke (see `ends_hidden`), so its round caps would not show; a flat-capped line is several
    times quicker to rasterise (Qt fills a round cap's curves slowly)."""

    a: QPointF
    b: QPointF
    color: QColor
    width: float
    flat_ends: bool = False

    @property
    def pen(self) -> QPen:
        cap = Qt.PenCapStyle.FlatCap if self.flat_ends else Qt.PenCapStyle.RoundCap
        return _cosmetic_pen(self.color, self.width, cap=cap)


# How much wider (in screen pixels) than half a stroke a star's opaque core must be for the
# stroke's round cap to be wholly under it: the core's antialiased rim and its picture's
# smoothing at a fractional position (StarItem) take about a pixel and a half, the cap's own
# antialiased rim half a pixel more.
HIDDEN_END_MARGIN = 2.0


def ends_hidden(sizes: LineSizes, core: QColor) -> bool:
    """Whether a stroke of `sizes` ends wholly under the opaque core of its stars (`core`, the
    theme's star colour): how its ends are capped then makes no difference on screen."""
    return core.alpha() == 255 and sizes.core >= sizes.stroke / 2 + HIDDEN_END_MARGIN


@dataclass(frozen=True)
class BakedPolygon:
    polygon: QPolygonF
    color: QColor


def _shape_bounds(shape: BakedLine | BakedPolygon) -> QRectF:
    if isinstance(shape, BakedLine):
        rect = QRectF(shape.a, shape.b).normalized()
    else:
        rect = shape.polygon.boundingRect()
    return rect.adjusted(-LINE_MARGIN, -LINE_MARGIN, LINE_MARGIN, LINE_MARGIN)


class BakedLayerItem(QGraphicsItem):
    """Many settled strokes or triangles drawn as one device-pixel picture.

    A full board has hundreds of antialiased strokes and triangles: painting each on every
    repaint costs far more than a frame (benchmarks/repaint.py). The layer keeps them rendered in
    a pixmap for the current view transform and only paints what was added since onto it, so a
    repaint is one blit. A new transform (resize, rotation, another device) or a restyle
    re-renders it once; a move alone (scrolling a zoomed board) shifts the picture. While the
    window is being resized (`quick`), the picture it has is stretched to the new size instead,
    and re-rendered once the size settles. A layer with another `above` it takes that one's
    picture into its own for the resize (`_carry_above`): one picture stretched a frame, not
    two.
    """

    MAX_PIXELS = 6000 * 6000

    def __init__(self, z: float, above: BakedLayerItem | None = None) -> None:
        super().__init__()
        self._rect = QRectF()
        self._shapes: list[BakedLine | BakedPolygon] = []
        self._pending: list[BakedLine | BakedPolygon] = []
        self._pixmap: QPixmap | None = None
        self._key: tuple | None = None
        self._origin = QPointF()
        self._covered = QRectF()  # the scene area the picture shows
        self._quick = False
        self.above = above  # the layer drawn next over this one, if any
        self.below: BakedLayerItem | None = None  # the one this is `above` of
        if above is not None:
            above.below = self
        self._stale = False  # the picture does not show the shapes: draw it again
        self._both: QPixmap | None = None  # its picture with `above`'s, for a live resize
        self._carried = False  # its picture is in the layer below's `_both`
        self.setZValue(z)

    @property
    def quick(self) -> bool:
        """The window is being resized: stretch the picture, do not render."""
        return self._quick

    @quick.setter
    def quick(self, quick: bool) -> None:
        self._quick = quick
        if not quick:
            self._drop_carry()

    def _drop_carry(self) -> None:
        """Each layer shows its own picture again (see `_carry_above`)."""
        lower = self.below if self._carried else self if self._both is not None else None
        if lower is not None:
            lower._both = None
            if lower.above is not None:
                lower.above._carried = False

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._drop_carry()
        self._rect = QRectF(rect)
        self._pixmap = None

    def set_shapes(self, shapes) -> None:
        """Replace everything (new game, undo, theme): re-rendered at the next paint (into the
        same pixmap when the size is the same: a new one of a window's size costs the system
        some milliseconds to hand over)."""
        self._drop_carry()
        self._shapes = list(shapes)
        self._pending = []
        self._stale = True
        self.update()

    def add_shape(self, shape: BakedLine | BakedPolygon) -> None:
        self._shapes.append(shape)
        self._pending.append(shape)
        self.update(_shape_bounds(shape))

    @property
    def shape_count(self) -> int:
        return len(self._shapes)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self._carried:
            if self._quick:  # the layer below shows the picture; what came since is drawn here
                if self._pending:
                    self._draw(painter, self._pending)
                return
            self._carried = False
        transform = painter.worldTransform()
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        area = transform.mapRect(self._rect)
        if area.width() * area.height() * ratio * ratio > self.MAX_PIXELS:
            self._drop_carry()
            self._draw(painter, self._shapes)  # an extreme zoom: no picture that big
            return
        # The picture depends on the scale, turn and device; a move by whole pixels only moves it.
        key = (
            round(transform.m11(), 9),
            round(transform.m12(), 9),
            round(transform.m21(), 9),
            round(transform.m22(), 9),
            round(transform.dx() % 1, 6),
            round(transform.dy() % 1, 6),
            ratio,
            id(device),
        )
        if self._pixmap is not None and key != self._key and self.quick and not self._stale:
            if self._same_turn(key):
                self._stretch(painter, transform)
                return
        self._drop_carry()  # shown as it is: the layer above shows its own
        if self._pixmap is None or self._stale or key != self._key:
            self._render(transform, area, ratio)
            self._key = key
        self._origin = transform.mapRect(self._covered).topLeft()  # moved with the view
        if self._pending:
            self._draw_into_pixmap(transform, self._pending)
        self._pending = []
        assert self._pixmap is not None  # rendered above
        painter.save()
        painter.setTransform(QTransform())
        painter.drawPixmap(self._origin, self._pixmap)
        painter.restore()

    def _same_turn(self, key: tuple) -> bool:
        """Whether `key`'s transform turns the board as the picture's did (only the scale or
        the place differ), so that stretching the picture shows it right."""
        old = self._key
        assert old is not None
        signs = [(a > 0) - (a < 0) for a in key[:4]]
        return signs == [(a > 0) - (a < 0) for a in old[:4]] and key[6:] == old[6:]

    def _stretch(self, painter: QPainter, transform: QTransform) -> None:
        """The picture it has, stretched over where the board now is (a live resize), and the
        shapes added since drawn as they are."""
        assert self._pixmap is not None
        self._carry_above()
        picture = self._both or self._pixmap
        painter.save()
        painter.setTransform(QTransform())
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)  # a frame
        painter.drawPixmap(transform.mapRect(self._covered), picture, QRectF(picture.rect()))
        painter.restore()
        if self._pending:
            self._draw(painter, self._pending)

    def _carry_above(self) -> None:
        """At a live resize's first frame: a copy of its picture with the layer above's drawn
        on it (when both show the board alike), so that each frame stretches one picture, not
        two (the layer above then draws only what is added to it meanwhile). The copy goes when
        the resize ends or either picture changes (`_drop_carry`); the pictures themselves stay
        as they were, for a size that comes back."""
        above = self.above
        if self._both is not None or above is None or not above._quick or above._carried:
            return
        mine, theirs = self._pixmap, above._pixmap
        if mine is None or theirs is None or above._key != self._key or above._stale:
            return
        if above._covered != self._covered or theirs.size() != mine.size():
            return
        both = mine.copy()
        painter = QPainter(both)
        painter.setTransform(QTransform())
        painter.drawPixmap(QPointF(0, 0), theirs)
        painter.end()
        self._both, above._carried = both, True

    def _render(self, transform: QTransform, area: QRectF, ratio: float) -> None:
        rect = area.toAlignedRect()
        width, height = max(1, round(rect.width() * ratio)), max(1, round(rect.height() * ratio))
        pixmap = self._pixmap
        if pixmap is None or (pixmap.width(), pixmap.height()) != (width, height):
            pixmap = QPixmap(width, height)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        self._drop_carry()
        self._pixmap, self._stale = pixmap, False
        self._origin = QPointF(rect.topLeft())
        inverse, _ = transform.inverted()
        self._covered = inverse.mapRect(QRectF(rect))
        self._draw_into_pixmap(transform, self._shapes)
        self._pending = []

    def _draw_into_pixmap(self, transform: QTransform, shapes) -> None:
        """Draws `shapes` into the picture. The shapes are mapped to the picture's device
        pixels here and drawn with a painter that does not transform them: Qt rasterises
        untransformed shapes on its quicker paths. A tall polygon is filled in bands of device
        rows (`_bands`, `_capsule`): Qt's antialiased filler takes far longer over a tall shape
        than over the same area in short pieces, and as the pieces meet on row boundaries, each
        pixel is covered as it would be by the whole shape."""
        assert self._pixmap is not None
        ratio = self._pixmap.devicePixelRatio()
        origin = self._origin
        device = transform * QTransform(
            ratio, 0, 0, ratio, -origin.x() * ratio, -origin.y() * ratio
        )
        painter = QPainter(self._pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setWorldTransform(QTransform.fromScale(1 / ratio, 1 / ratio))  # device pixels
        for shape in shapes:
            if isinstance(shape, BakedLine):
                a, b = device.map(shape.a), device.map(shape.b)
                # A cosmetic pen's width is in device pixels.
                pieces = None if shape.flat_ends else _capsule(a, b, shape.width / 2)
                if pieces is None:
                    painter.setPen(shape.pen)
                    painter.drawLine(a, b)
                else:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(shape.color)
                    for piece in pieces:
                        painter.drawPolygon(piece)
                continue
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(shape.color)
            polygon = device.map(shape.polygon)
            bounds = polygon.boundingRect()
            if bounds.height() <= BAND_ROWS:
                painter.drawPolygon(polygon)
                continue
            points = [(polygon[k].x(), polygon[k].y()) for k in range(polygon.size())]
            if len(points) == 3:
                pieces = _triangle_bands(points)
            else:
                pieces = _bands(points, bounds.top(), bounds.bottom())
            for piece in pieces:
                painter.drawPolygon(piece)
        painter.end()

    @staticmethod
    def _draw(painter: QPainter, shapes) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for shape in shapes:
            if isinstance(shape, BakedLine):
                painter.setPen(shape.pen)
                painter.drawLine(shape.a, shape.b)
            else:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(shape.color)
                painter.drawPolygon(shape.polygon)
        painter.restore()


# A polygon taller than this many device rows is filled in bands this tall (BakedLayerItem).
BAND_ROWS = 64


def _bands(points: list[tuple[float, float]], low: float, high: float) -> list[QPolygonF]:
    """The convex polygon `points` (device pixels) cut by the rows at multiples of BAND_ROWS,
    between its lowest and highest y (`low`, `high`): the pieces, each within one band."""
    pieces = []
    k = math.floor(low / BAND_ROWS)
    while k * BAND_ROWS < high:
        y0, y1 = k * BAND_ROWS, (k + 1) * BAND_ROWS
        piece = _clip_y(_clip_y(points, y0, above=True), y1, above=False)
        if len(piece) >= 3:
            pieces.append(QPolygonF([QPointF(x, y) for x, y in piece]))
        k += 1
    return pieces


def _triangle_bands(points: list[tuple[float, float]]) -> list[QPolygonF]:
    """`_bands` of a triangle, worked out along its edges."""
    (x0, y0), (x1, y1), (x2, y2) = sorted(points, key=lambda point: point[1])
    if y2 <= y0:
        return [QPolygonF([QPointF(x, y) for x, y in points])]
    slope = (x2 - x0) / (y2 - y0)  # the long side, from the top corner to the bottom one

    def short(y: float) -> float:  # the other two sides
        if y < y1:
            return x0 + (x1 - x0) * (y - y0) / (y1 - y0)
        return x1 + (x2 - x1) * (y - y1) / (y2 - y1) if y2 > y1 else x1

    pieces = []
    k = math.floor(y0 / BAND_ROWS)
    while k * BAND_ROWS < y2:
        low, high = max(k * BAND_ROWS, y0), min((k + 1) * BAND_ROWS, y2)
        corners = [
            QPointF(x0 + (low - y0) * slope, low),
            QPointF(x0 + (high - y0) * slope, high),
            QPointF(short(high), high),
        ]
        if low < y1 < high:
            corners.append(QPointF(x1, y1))
        corners.append(QPointF(short(low), low))
        pieces.append(QPolygonF(corners))
        k += 1
    return pieces


# Round ends are drawn within this many device pixels of the circle (see `_capsule`).
ARC_TOLERANCE = 0.02
_arcs: dict[int, list[tuple[float, float]]] = {}


def _capsule(a: QPointF, b: QPointF, radius: float) -> list[QPolygonF] | None:
    """A round-capped line from `a` to `b`, `radius` wide on each side (device pixels), as
    convex pieces between the rows at multiples of BAND_ROWS (as `_bands`), or None when it
    spans too few rows to be worth cutting (then drawLine draws it).

    Qt fills a tall round-capped line very slowly (the time grows with the square of its
    height); its pieces, the round ends as polygons within ARC_TOLERANCE of the circle, are
    quick, and as they meet on row boundaries, each pixel is covered as by the whole line."""
    ax, ay, bx, by = a.x(), a.y(), b.x(), b.y()
    if ay > by:
        ax, ay, bx, by = bx, by, ax, ay
    # Cuts only across the straight part, between the two round ends.
    first = math.floor((ay + radius) / BAND_ROWS) + 1
    last = math.ceil((by - radius) / BAND_ROWS) - 1
    if first > last:
        return None
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length  # along, downwards (uy > 0)
    rux, ruy, rnx, rny = radius * ux, radius * uy, -radius * uy, radius * ux
    half_step = math.acos(max(-1.0, 1 - ARC_TOLERANCE / radius))
    segments = max(4, math.ceil(math.pi / (2 * half_step)))
    arc = _arcs.get(segments)
    if arc is None:
        steps = [-math.pi / 2 + math.pi * k / segments for k in range(segments + 1)]
        arc = _arcs[segments] = [(math.cos(t), math.sin(t)) for t in steps]
    # From a + r n round the top to a - r n; from b - r n round the bottom to b + r n.
    top_end = [QPointF(ax - c * rux - s * rnx, ay - c * ruy - s * rny) for c, s in arc]
    bottom_end = [QPointF(bx + c * rux + s * rnx, by + c * ruy + s * rny) for c, s in arc]
    slope = ux / uy
    x1, y1, x2, y2 = ax + rnx, ay + rny, ax - rnx, ay - rny

    def side1(y: float) -> QPointF:  # the side through a + r n
        return QPointF(x1 + (y - y1) * slope, y)

    def side2(y: float) -> QPointF:
        return QPointF(x2 + (y - y2) * slope, y)

    cuts = [k * BAND_ROWS for k in range(first, last + 1)]
    pieces = [QPolygonF([*top_end, side2(cuts[0]), side1(cuts[0])])]
    for upper, lower in zip(cuts, cuts[1:], strict=False):
        pieces.append(QPolygonF([side1(upper), side2(upper), side2(lower), side1(lower)]))
    pieces.append(QPolygonF([side2(cuts[-1]), *bottom_end, side1(cuts[-1])]))
    return pieces


def _clip_y(points: list[tuple[float, float]], y: float, above: bool) -> list[tuple[float, float]]:
    """The part of polygon `points` on one side of the line at `y`: where y grows (`above`:
    lower on screen) or the other (Sutherland-Hodgman against one line)."""
    kept: list[tuple[float, float]] = []
    count = len(points)
    for k in range(count):
        ax, ay = points[k]
        bx, by = points[(k + 1) % count]
        a_in = ay >= y if above else ay <= y
        b_in = by >= y if above else by <= y
        if a_in:
            kept.append((ax, ay))
        if a_in != b_in:
            kept.append((ax + (bx - ax) * (y - ay) / (by - ay), y))
    return kept


class GuideLineItem(QGraphicsItem):
    """A temporary line: the rubber band, a rejected stroke (dashed) or a hint."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self._a = QPointF()
        self._b = QPointF()
        self._pen = _cosmetic_pen(QColor("white"), 2.0)
        self.setZValue(z)

    def set_style(self, color: QColor, width: float, dashed: bool) -> None:
        self.prepareGeometryChange()
        self._pen = _cosmetic_pen(
            color, width, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
        )
        self.update()

    def set_line(self, a: QPointF, b: QPointF) -> None:
        self.prepareGeometryChange()
        self._a, self._b = QPointF(a), QPointF(b)

    def line(self) -> tuple[QPointF, QPointF]:
        return QPointF(self._a), QPointF(self._b)

    def pen_color(self) -> QColor:
        return self._pen.color()

    def boundingRect(self) -> QRectF:
        return _segment_bounds(self._a, self._b)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(self._pen)
        painter.drawLine(self._a, self._b)


class MarkerItem(QGraphicsObject):
    """A ring around a star: hovered, picked (filled halo) or keyboard cursor (dashed)."""

    HOVER, PICKED, CURSOR = range(3)

    def __init__(self, kind: int) -> None:
        super().__init__()
        self.kind = kind
        self._color = QColor("white")
        self._pulse = 0.0
        self.setZValue(Z_MARKER)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setVisible(False)

    def set_color(self, color: QColor) -> None:
        self._color = QColor(color)
        self.update()

    def _get_pulse(self) -> float:
        return self._pulse

    def _set_pulse(self, value: float) -> None:
        self._pulse = value
        self.update()

    pulse = Property(float, _get_pulse, _set_pulse)

    def boundingRect(self) -> QRectF:
        return QRectF(-16, -16, 32, 32)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.kind == self.PICKED:
            radius = 9.0 + 2.0 * math.sin(self._pulse * math.pi)
            halo = QRadialGradient(QPointF(0, 0), radius + 5)
            halo.setColorAt(0.0, with_alpha(self._color, 140))
            halo.setColorAt(1.0, with_alpha(self._color, 0))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(halo))
            painter.drawEllipse(QPointF(0, 0), radius + 5, radius + 5)
            painter.setPen(_cosmetic_pen(self._color, 2.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), radius, radius)
        elif self.kind == self.HOVER:
            painter.setPen(_cosmetic_pen(with_alpha(self._color, 210), 1.6))
            painter.setBrush(with_alpha(self._color, 40))
            painter.drawEllipse(QPointF(0, 0), 9.5, 9.5)
        else:
            painter.setPen(_cosmetic_pen(self._color, 1.8, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), 12.5, 12.5)
