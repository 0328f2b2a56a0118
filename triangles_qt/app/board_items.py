"""The things drawn on the board, one small QGraphicsItem class each (as in Qt's diagramscene).

Scene coordinates are the board's logical points. Stars and markers keep their size on screen
(ItemIgnoresTransformations); lines use cosmetic pens, so they look the same at every zoom. Every
width here is in logical pixels, as the rest of the window is: a cosmetic pen's width is in device
pixels, so it is multiplied by the device's pixel ratio (`device_ratio`) when painted, and a
high-DPI screen shows the board as a standard one does, only sharper. Items only draw: they hold
no game state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import (
    Property,
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    Signal,
)
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
    core, stroke = StarField.CORE * grow, StrokeItem.WIDTH * grow
    if core + stroke / 2 <= room:
        return LineSizes(core, stroke)
    # Where room is short the strokes keep their extra width and the core gives way: a star's
    # glow, grown by `marks` too (StarField.set_glow_scale), keeps it big enough to see.
    smallest_core = StarField.CORE * 0.6
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
    return with_alpha(color, legible_alpha(color.alpha(), inradius_px))


def legible_alpha(alpha: int, inradius_px: float) -> int:
    """The alpha `legible_fill` gives a fill of alpha `alpha`."""
    thin = max(0.0, min(1.0, (12.0 - inradius_px) / 9.0))
    return round(alpha + (min(255, alpha * 2.4) - alpha) * thin)


def inradius(a: QPointF, b: QPointF, c: QPointF) -> float:
    """The radius of the circle inside the triangle abc (twice the area over the perimeter)."""
    return inradius_xy(a.toTuple(), b.toTuple(), c.toTuple())


def inradius_xy(a: Sequence[float], b: Sequence[float], c: Sequence[float]) -> float:
    """`inradius` of the corners given as (x, y)."""
    area2 = abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]))
    perimeter = math.dist(a, b) + math.dist(b, c) + math.dist(c, a)
    return area2 / perimeter if perimeter else 0.0


def device_ratio(painter: QPainter) -> float:
    """Device pixels per logical pixel where `painter` paints (2 on most high-DPI screens)."""
    device = painter.device()
    return device.devicePixelRatioF() if device is not None else 1.0


def _cosmetic_pen(
    color: QColor,
    width: float,
    style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap,
    ratio: float = 1.0,
) -> QPen:
    """A pen `width` logical pixels wide at every zoom, for a device of pixel ratio `ratio`."""
    pen = QPen(color, width * ratio, style, cap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


def _segment_bounds(a: QPointF, b: QPointF) -> QRectF:
    """The box around a drawn segment, with room for its widest pen and glow."""
    return QRectF(a, b).normalized().adjusted(-LINE_MARGIN, -LINE_MARGIN, LINE_MARGIN, LINE_MARGIN)


class StarField(QGraphicsItem):
    """Every star of the board: a bright core in a soft glow, the same size on screen at every
    zoom, each a copy of one picture (`_shared_picture`).

    One item paints them all: each star's picture is copied, pixel for pixel, to the device
    pixel nearest its place (`_place`). That is what Qt shows for a picture of the device's
    pixel ratio drawn at a fraction of a pixel, smoothed or not: it does not interpolate a
    picture that is only moved, it rounds the place (tests/gui/test_board_stars.py). So nothing
    is drawn ahead of a paint (the stars of a new board cost their copies alone), and the copy
    is a plain one (smoothing would only send it down Qt's slower transforming path).
    """

    CORE = 3.0
    GLOW = 13.0

    def __init__(self) -> None:
        super().__init__()
        self._points = np.zeros((0, 2), dtype=float)
        self._core = QColor("white")
        self._glow = QColor("white")
        self._core_radius = self.CORE
        self._glow_scale = 1.0
        self._pixel_size = 1.0  # scene units per screen pixel (the glow's room in the scene)
        self._bounds = QRectF()
        self._shown: QPixmap | None = None  # the picture of one star, for `_shown_ratio`
        self._shown_ratio = 0.0
        # Where each star's picture goes (its top left corner on the viewport, in logical
        # pixels on a whole device pixel), for the transform and pixel ratio `_key`; the same
        # corners as arrays (`_corners`), to pick those in a part repainted.
        self._copies: list[QPointF] = []
        self._corners = (np.zeros(0), np.zeros(0))
        self._key: tuple | None = None
        self.setZValue(Z_STAR)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # exposedRect

    def set_points(self, points: np.ndarray) -> None:
        """The stars' places (scene points, one row each)."""
        self.prepareGeometryChange()
        self._points = np.asarray(points, dtype=float).reshape(-1, 2)
        self._reshape()
        self._key = None  # drawn again
        self.update()

    def set_pixel_size(self, size: float) -> None:
        """Scene units per screen pixel now (the room the glows take in the scene)."""
        if size != self._pixel_size:
            self.prepareGeometryChange()
            self._pixel_size = size
            self._reshape()

    def _reshape(self) -> None:
        """Its box after a change of places or size: the stars with room for their glow, twice
        over (a live resize shows the board smaller before the size is told)."""
        points = self._points
        if not len(points):
            self._bounds = QRectF()
            return
        margin = 2 * self.glow_radius * self._pixel_size
        low, high = points.min(axis=0), points.max(axis=0)
        self._bounds = QRectF(
            float(low[0]) - margin,
            float(low[1]) - margin,
            float(high[0] - low[0]) + 2 * margin,
            float(high[1] - low[1]) + 2 * margin,
        )

    def set_colors(self, core: QColor, glow: QColor) -> None:
        if (core.rgba(), glow.rgba()) != (self._core.rgba(), self._glow.rgba()):
            self._shown = self._key = None
        self._core, self._glow = QColor(core), QColor(glow)
        self.update()

    def set_core_radius(self, radius: float) -> None:
        """Draw the cores `radius` pixels wide (see `line_sizes`); the glow grows with them."""
        if radius != self._core_radius:
            self.prepareGeometryChange()
            self._core_radius = radius
            self._shown = self._key = None
            self._reshape()
            self.update()

    def set_glow_scale(self, scale: float) -> None:
        """Draw the glow `scale` times its size (a theme's [board] marks)."""
        if scale != self._glow_scale:
            self.prepareGeometryChange()
            self._glow_scale = scale
            self._shown = self._key = None
            self._reshape()
            self.update()

    @property
    def count(self) -> int:
        return len(self._points)

    @property
    def core_radius(self) -> float:
        return self._core_radius

    @property
    def glow_radius(self) -> float:
        return self.GLOW * max(1.0, self._core_radius / self.CORE, self._glow_scale)

    def boundingRect(self) -> QRectF:
        return self._bounds

    # Every star looks the same: one picture per look and device, drawn once and copied to each
    # star (a board of 180 stars opens without painting 180 gradients).
    _pictures: dict[tuple, QPixmap] = {}

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if not len(self._points):
            return
        ratio = device_ratio(painter)
        if self._shown is None or ratio != self._shown_ratio:
            self._shown, self._shown_ratio = self._shared_picture(ratio), ratio
        picture = self._shown
        assert picture is not None  # made above
        transform = painter.worldTransform()
        key = (
            transform.m11(),
            transform.m12(),
            transform.m21(),
            transform.m22(),
            transform.dx(),
            transform.dy(),
            ratio,
        )
        if key != self._key:
            self._place(transform, ratio)
            self._key = key
        copies = self._copies
        exposed = option.exposedRect if option is not None else None
        if exposed is not None and not exposed.contains(self._bounds):  # a part: its stars
            shown = transform.mapRect(exposed)
            side = picture.width() / ratio
            left, top = self._corners
            inside = (
                (left < shown.right())
                & (left + side > shown.left())
                & (top < shown.bottom())
                & (top + side > shown.top())
            )
            copies = [copies[k] for k in np.flatnonzero(inside).tolist()]
        painter.setWorldTransform(QTransform())
        smooth = QPainter.RenderHint.SmoothPixmapTransform
        smoothing = bool(painter.renderHints() & smooth)
        painter.setRenderHint(smooth, False)  # pixel for pixel: a plain copy
        for corner in copies:
            painter.drawPixmap(corner, picture)
        painter.setRenderHint(smooth, smoothing)
        painter.setWorldTransform(transform)

    def _place(self, transform: QTransform, ratio: float) -> None:
        """Each star's picture's top left corner on the viewport for `transform` (which maps
        the scene there), unturned (the glow is round on screen), on the device pixel nearest
        its place (of pixel ratio `ratio`; halves round up, as Qt rounds them)."""
        points, g = self._points, self.glow_radius
        x = transform.m11() * points[:, 0] + transform.m21() * points[:, 1] + transform.dx()
        y = transform.m12() * points[:, 0] + transform.m22() * points[:, 1] + transform.dy()
        left = np.floor((x - g) * ratio + 0.5) / ratio
        top = np.floor((y - g) * ratio + 0.5) / ratio
        self._corners = (left, top)
        self._copies = [QPointF(a, b) for a, b in zip(left.tolist(), top.tolist(), strict=True)]

    def _shared_picture(self, ratio: float) -> QPixmap:
        key = (self._core.rgba(), self._glow.rgba(), self._core_radius, self.glow_radius, ratio)
        picture = StarField._pictures.get(key)
        if picture is None:
            if len(StarField._pictures) > 64:  # old themes and sizes
                StarField._pictures.clear()
            picture = StarField._pictures[key] = self._picture(ratio)
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
        ratio = device_ratio(painter)
        if self._last:
            glow = self._color
            painter.setPen(_cosmetic_pen(with_alpha(glow, 45), self.width * 3.4, ratio=ratio))
            painter.drawLine(a, b)
            painter.setPen(_cosmetic_pen(with_alpha(glow, 95), self.width * 2.0, ratio=ratio))
            painter.drawLine(a, b)
            painter.setPen(_cosmetic_pen(glow.lighter(135), self.width * 1.25, ratio=ratio))
        else:
            painter.setPen(_cosmetic_pen(self._color, self.width, ratio=ratio))
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
    """A settled stroke, `width` logical pixels wide. `flat_ends`: its ends lie under opaque
    star cores wider than the stroke (see `ends_hidden`), so its round caps would not show."""

    a: QPointF
    b: QPointF
    color: QColor
    width: float
    flat_ends: bool = False

    def pen(self, ratio: float = 1.0) -> QPen:
        """Its pen on a device of pixel ratio `ratio`."""
        cap = Qt.PenCapStyle.FlatCap if self.flat_ends else Qt.PenCapStyle.RoundCap
        return _cosmetic_pen(self.color, self.width, cap=cap, ratio=ratio)


# How much wider (in screen pixels) than half a stroke a star's opaque core must be for the
# stroke's round cap to be wholly under it: the core's antialiased rim and its picture's
# smoothing at a fractional position (StarField) take about a pixel and a half, the cap's own
# antialiased rim half a pixel more.
HIDDEN_END_MARGIN = 2.0


def ends_hidden(sizes: LineSizes, core: QColor) -> bool:
    """Whether a stroke of `sizes` ends wholly under the opaque core of its stars (`core`, the
    theme's star colour): how its ends are capped then makes no difference on screen."""
    return core.alpha() == 255 and sizes.core >= sizes.stroke / 2 + HIDDEN_END_MARGIN


# How far (in device pixels) past a triangle's edge the opaque strokes over it must reach for
# its fill to be drawn without antialiasing: the fills differ only in the pixels the edge runs
# through (their centres within 0.71 px of it), and those must lie wholly inside the stroke.
HIDDEN_EDGE_MARGIN = 1.5


def edges_hidden(sizes: LineSizes, strokes: tuple[QColor, QColor]) -> bool:
    """Whether a triangle's edges lie wholly under its strokes (`strokes`: the players'
    colours) at `sizes`, on any device of pixel ratio 1 or more: how its fill is antialiased
    then makes no difference on screen."""
    opaque = all(color.alpha() == 255 for color in strokes)
    return opaque and sizes.stroke / 2 >= HIDDEN_EDGE_MARGIN


@dataclass(frozen=True)
class BakedPolygon:
    """A settled triangle's fill. `edges_hidden`: the opaque strokes drawn over its edges hide
    them (see `edges_hidden`), so it is filled without antialiasing, many times quicker (Qt's
    antialiased filler is slow over the long thin triangles a board has)."""

    polygon: QPolygonF
    color: QColor
    edges_hidden: bool = False


def _shape_bounds(shape: BakedLine | BakedPolygon) -> QRectF:
    if isinstance(shape, BakedLine):
        rect = QRectF(shape.a, shape.b).normalized()
    else:
        rect = shape.polygon.boundingRect()
    return rect.adjusted(-LINE_MARGIN, -LINE_MARGIN, LINE_MARGIN, LINE_MARGIN)


def _in_order(shapes: list[BakedLine | BakedPolygon]) -> list[BakedLine | BakedPolygon]:
    """`shapes` as they are drawn: the triangles, then the strokes over them."""
    return [shape for shape in shapes if isinstance(shape, BakedPolygon)] + [
        shape for shape in shapes if isinstance(shape, BakedLine)
    ]


# What BakedLayerItem draws with, looked up once (each look-up of a Qt enum goes through
# Python's enum machinery, and a board's shapes would make thousands).
_ANTIALIASING = QPainter.RenderHint.Antialiasing
_NO_PEN = Qt.PenStyle.NoPen
_SOURCE = QPainter.CompositionMode.CompositionMode_Source
_SOURCE_OVER = QPainter.CompositionMode.CompositionMode_SourceOver
_DESTINATION_OVER = QPainter.CompositionMode.CompositionMode_DestinationOver


class BakedLayerItem(QGraphicsItem):
    """The settled triangles and strokes drawn as one device-pixel picture, the strokes over the
    triangles.

    A full board has hundreds of antialiased strokes and triangles: painting each on every
    repaint costs far more than a frame (benchmarks/repaint.py). The layer keeps them rendered in
    a pixmap for the current view transform and only paints what was added since onto it, so a
    repaint is one blit. A triangle added later goes under what the picture has
    (CompositionMode_DestinationOver): only strokes lie where it does, and they are then drawn
    over it as if drawn after it. A new transform (resize, rotation, another device) or a
    restyle re-renders it once; a move alone (scrolling a zoomed board) shifts the picture.
    While the window is being resized (`quick`), the picture it has is stretched to the new size
    instead, and re-rendered once the size settles.
    """

    MAX_PIXELS = 6000 * 6000

    def __init__(self, z: float) -> None:
        super().__init__()
        self._rect = QRectF()
        self._shapes: list[BakedLine | BakedPolygon] = []
        self._pending: list[BakedLine | BakedPolygon] = []
        self._pixmap: QPixmap | None = None
        self._key: tuple | None = None
        self._origin = QPointF()
        self._covered = QRectF()  # the scene area the picture shows
        self.quick = False  # the window is being resized: stretch the picture, do not render
        self._stale = False  # the picture does not show the shapes: draw it again
        self.setZValue(z)

    def set_rect(self, rect: QRectF) -> None:
        """Cover `rect` (a new board): drawn again at the next paint, into the same pixmap when
        it is as big (see `set_shapes`)."""
        self.prepareGeometryChange()
        self._rect = QRectF(rect)
        self._stale = True

    def set_shapes(self, shapes) -> None:
        """Replace everything (new game, undo, theme): re-rendered at the next paint (into the
        same pixmap when the size is the same: a new one of a window's size costs the system
        some milliseconds to hand over)."""
        self._shapes = list(shapes)
        self._pending = []
        self._stale = True
        self.update()

    def add_shape(self, shape: BakedLine | BakedPolygon) -> None:
        self._shapes.append(shape)
        self._pending.append(shape)
        self.update(_shape_bounds(shape))

    @property
    def counts(self) -> tuple[int, int]:
        """(strokes, triangles) it draws."""
        lines = sum(1 for shape in self._shapes if isinstance(shape, BakedLine))
        return lines, len(self._shapes) - lines

    @property
    def shapes(self) -> list[BakedLine | BakedPolygon]:
        return list(self._shapes)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        transform = painter.worldTransform()
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        area = transform.mapRect(self._rect)
        if area.width() * area.height() * ratio * ratio > self.MAX_PIXELS:
            self._draw(painter, _in_order(self._shapes))  # an extreme zoom: no picture that big
            return
        # The picture depends on the scale, the turn and the device's pixel ratio (not on which
        # device: the id of a device's Python wrapper, once in this key, could come back for
        # another); a move by whole pixels only moves it.
        key = (
            round(transform.m11(), 9),
            round(transform.m12(), 9),
            round(transform.m21(), 9),
            round(transform.m22(), 9),
            round(transform.dx() % 1, 6),
            round(transform.dy() % 1, 6),
            ratio,
        )
        if self._pixmap is not None and key != self._key and self.quick and not self._stale:
            if self._same_turn(key):
                self._stretch(painter, transform)
                return
        if self._pixmap is None or self._stale or key != self._key:
            self._render(transform, area, ratio)
            self._key = key
        self._origin = transform.mapRect(self._covered).topLeft()  # moved with the view
        if self._pending:
            self._draw_into_pixmap(transform, self._pending, under=True)
        self._pending = []
        assert self._pixmap is not None  # rendered above
        painter.save()
        painter.setTransform(QTransform())
        # Pixel for pixel: smoothing would only send it down Qt's slow transforming path.
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
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
        shapes added since drawn over it as they are (for a frame or so)."""
        assert self._pixmap is not None
        picture = self._pixmap
        painter.save()
        painter.setTransform(QTransform())
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)  # a frame
        painter.drawPixmap(transform.mapRect(self._covered), picture, QRectF(picture.rect()))
        painter.restore()
        if self._pending:
            self._draw(painter, _in_order(self._pending))

    def _render(self, transform: QTransform, area: QRectF, ratio: float) -> None:
        rect = area.toAlignedRect()
        width, height = max(1, round(rect.width() * ratio)), max(1, round(rect.height() * ratio))
        pixmap = self._pixmap
        if pixmap is None or (pixmap.width(), pixmap.height()) != (width, height):
            pixmap = QPixmap(width, height)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        self._pixmap, self._stale = pixmap, False
        self._origin = QPointF(rect.topLeft())
        inverse, _ = transform.inverted()
        self._covered = inverse.mapRect(QRectF(rect))
        self._draw_into_pixmap(transform, _in_order(self._shapes), cleared=True)
        self._pending = []

    def _draw_into_pixmap(
        self, transform: QTransform, shapes, under: bool = False, cleared: bool = False
    ) -> None:
        """Draws `shapes` into the picture. The shapes are mapped to the picture's device
        pixels here and drawn with a painter that does not transform them: Qt rasterises
        untransformed shapes on its quicker paths. A triangle under opaque strokes is filled
        without antialiasing (`edges_hidden`); any other tall polygon is filled in bands of
        device rows (`_bands`): Qt's antialiased filler takes far longer over a tall shape than
        over the same area in short pieces, and as the pieces meet on row boundaries, each pixel
        is covered as it would be by the whole shape. Lines: see `_draw_line`. `under`: the
        triangles go under what the picture has (they were added after it). `cleared`: the
        picture was just cleared: a triangle under opaque strokes is copied in (Source) rather
        than blended, less than half the work, and the same pixels: over a transparent pixel the
        blend gives the fill itself, settled triangles never overlap (each is empty, its sides
        strokes that cross none), and where two meet on an edge the stroke over it hides it."""
        assert self._pixmap is not None
        ratio = self._pixmap.devicePixelRatio()
        origin = self._origin
        device = transform * QTransform(
            ratio, 0, 0, ratio, -origin.x() * ratio, -origin.y() * ratio
        )
        painter = QPainter(self._pixmap)
        painter.setRenderHint(_ANTIALIASING)
        painter.setWorldTransform(QTransform.fromScale(1 / ratio, 1 / ratio))  # device pixels
        # The painter's mode and smoothing, set only when they change: a board's worth of
        # shapes would otherwise set each twice per shape.
        # `filling`: the colour the painter fills with and no pen, set for the last triangle.
        mode, smooth, filling = _SOURCE_OVER, True, None
        pens: dict[tuple[int, float], QPen] = {}  # a board's strokes share two pens
        for shape in shapes:
            if isinstance(shape, BakedLine):
                if mode is not _SOURCE_OVER:
                    painter.setCompositionMode(_SOURCE_OVER)
                    mode = _SOURCE_OVER
                if not smooth:
                    painter.setRenderHint(_ANTIALIASING)
                    smooth = True
                self._draw_line(
                    painter, device.map(shape.a), device.map(shape.b), shape, ratio, pens
                )
                filling = None
                continue
            if shape.color is not filling:  # the fills of one alpha share their colour
                painter.setPen(_NO_PEN)
                painter.setBrush(shape.color)
                filling = shape.color
            polygon = device.map(shape.polygon)
            wanted = mode
            if under:
                wanted = _DESTINATION_OVER
            elif cleared:
                wanted = _SOURCE if shape.edges_hidden else _SOURCE_OVER
            if wanted is not mode:
                painter.setCompositionMode(wanted)
                mode = wanted
            if shape.edges_hidden:
                # Whole: Qt fills it on several threads (in bands, the pieces would each be
                # filled on this one, in more time all told).
                if smooth:
                    painter.setRenderHint(_ANTIALIASING, False)
                    smooth = False
                painter.drawPolygon(polygon)
                continue
            if not smooth:
                painter.setRenderHint(_ANTIALIASING)
                smooth = True
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
    def _draw_line(
        painter: QPainter,
        a: QPointF,
        b: QPointF,
        line: BakedLine,
        ratio: float,
        pens: dict[tuple[int, float], QPen] | None = None,
    ):
        """`line` from `a` to `b` (device pixels). Qt draws a flat-capped line on a quick
        scanline path, but a round-capped one as a curved outline, slowly (the more so the
        taller it is): an opaque line is drawn flat-capped, its round ends as discs over it.
        A translucent one (where the discs would show twice over the line) is cut into pieces
        (`_capsule`). `pens`: the flat-capped pens made so far, by colour and width."""
        width = line.width * ratio  # a cosmetic pen's width is in device pixels
        color = line.color
        if line.flat_ends or color.alpha() == 255:
            key = (color.rgba(), width)
            pen = None if pens is None else pens.get(key)
            if pen is None:
                pen = _cosmetic_pen(color, width, cap=Qt.PenCapStyle.FlatCap)
                if pens is not None:
                    pens[key] = pen
            painter.setPen(pen)
            painter.drawLine(a, b)
            if not line.flat_ends:
                painter.setPen(_NO_PEN)
                painter.setBrush(color)
                radius = width / 2
                painter.drawEllipse(a, radius, radius)
                painter.drawEllipse(b, radius, radius)
            return
        pieces = _capsule(a, b, width / 2)
        if pieces is None:
            painter.setPen(_cosmetic_pen(line.color, width))
            painter.drawLine(a, b)
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(line.color)
        for piece in pieces:
            painter.drawPolygon(piece)

    @staticmethod
    def _draw(painter: QPainter, shapes) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ratio = device_ratio(painter)
        for shape in shapes:
            if isinstance(shape, BakedLine):
                painter.setPen(shape.pen(ratio))
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
        pen = self._pen
        ratio = device_ratio(painter)
        if ratio != 1.0:
            pen = QPen(pen)
            pen.setWidthF(pen.widthF() * ratio)
        painter.setPen(pen)
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
        ratio = device_ratio(painter)
        if self.kind == self.PICKED:
            radius = 9.0 + 2.0 * math.sin(self._pulse * math.pi)
            halo = QRadialGradient(QPointF(0, 0), radius + 5)
            halo.setColorAt(0.0, with_alpha(self._color, 140))
            halo.setColorAt(1.0, with_alpha(self._color, 0))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(halo))
            painter.drawEllipse(QPointF(0, 0), radius + 5, radius + 5)
            painter.setPen(_cosmetic_pen(self._color, 2.0, ratio=ratio))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), radius, radius)
        elif self.kind == self.HOVER:
            painter.setPen(_cosmetic_pen(with_alpha(self._color, 210), 1.6, ratio=ratio))
            painter.setBrush(with_alpha(self._color, 40))
            painter.drawEllipse(QPointF(0, 0), 9.5, 9.5)
        else:
            painter.setPen(_cosmetic_pen(self._color, 1.8, Qt.PenStyle.DashLine, ratio=ratio))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), 12.5, 12.5)
