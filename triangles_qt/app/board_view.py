"""The board on screen: a scene that draws what it is told and reports stroke intents, and a view
that fits it to the window (rotated to landscape when the window is wide) and drives the keyboard.

The scene never changes the game. `BoardView.bind` ties both to a game session: the scene's
`stroke_requested(i, j)` goes to the session, which decides, and the session's signals draw the
game (`show_game`, `add_move`, `show_rejected`, `show_hint`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractAnimation,
    QBuffer,
    QByteArray,
    QCoreApplication,
    QEasingCurve,
    QEvent,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSizeF,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QImageReader,
    QLinearGradient,
    QPainter,
    QPen,
    QPixmap,
    QPolygonF,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import QApplication, QFrame, QGraphicsScene, QGraphicsView

from triangles_qt.core.board import Board
from triangles_qt.core.game import Move
from triangles_qt.core.position import Position
from triangles_qt.table.events import HintFound
from triangles_qt.theme_image import MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE
from triangles_qt.themes import read_image

from .board_access import BoardParts, make_board_accessible
from .board_banner import BoardBanner
from .board_items import (
    LINE_MARGIN,
    Z_BAND,
    Z_HINT,
    Z_REJECTED,
    Z_STROKE,
    BakedLayerItem,
    BakedLine,
    BakedPolygon,
    GuideLineItem,
    MarkerItem,
    StarField,
    StrokeItem,
    TriangleItem,
    device_ratio,
    edges_hidden,
    ends_hidden,
    inradius,
    inradius_xy,
    legible_alpha,
    legible_fill,
    line_sizes,
)
from .board_motion import ScoreMarkItem, VictoryWaveItem, stroke_drawing
from .colors import qcolor, readable_on, with_alpha
from .hint_card import HintCard
from .notices import rejection_text
from .table_talk import hint_notice

log = logging.getLogger("triangles_qt.board_view")

HIT_RADIUS_PX = 14.0  # how close to a star (on screen, at any zoom) a click must land
REJECTED_MS = 1500
SETTLE_MS = 150  # a window's size has settled when it has not changed for this long


class BoardScene(QGraphicsScene):
    """Stars, strokes and triangles of one game, and the player's half-drawn stroke."""

    stroke_requested = Signal(int, int)
    picked_changed = Signal(object)  # the picked star index or None
    cursor_changed = Signal(object)  # the keyboard cursor's star index or None
    preview_changed = Signal(object)  # what the rules say of the stroke being drawn, or None
    drawing_finished = Signal()  # a stroke drawn in from its first star is whole

    def __init__(self, theme, parent=None) -> None:
        super().__init__(parent)
        self._theme = theme
        self._palette_of: object = None  # the theme `_palette_colors` were read from
        self._palette_colors: tuple[tuple[QColor, QColor], tuple[QColor, QColor], QColor]
        self.board: Board | None = None
        self._positions = np.zeros((0, 2), dtype=float)
        self._xy: list[list[float]] = []  # the same, as Python floats: read at every stroke
        self.star_field = StarField()  # every star, in one item
        self.addItem(self.star_field)
        # Every drawn stroke (low, high) -> its player, in play order; the triangles as
        # (star triple, player). Settled ones are baked into the two layers; the last stroke and
        # fading triangles are live items on top.
        self._strokes: dict[tuple[int, int], int] = {}
        self._triangles: list[tuple[tuple[int, int, int], int]] = []
        self._last: StrokeItem | None = None
        self._last_key: tuple[int, int] | None = None
        self._fading: list[TriangleItem] = []
        # One picture for both, the strokes over the triangles (the fading ones lie under it).
        self._layer = BakedLayerItem(Z_STROKE)
        self.addItem(self._layer)
        self.pixel_size = 1.0  # scene units per screen pixel, kept up to date by the view
        self.view_px = 0.0  # the view's shorter side in pixels
        self.sizes = line_sizes(1.0, 0, 0.0)  # star cores and strokes on screen
        self.reduced_motion = False
        self._drawing = stroke_drawing(self, self._draw_last_to)
        self._drawing.finished.connect(self.drawing_finished)
        # What the rules would say of stroke i-j now (a Refusal, or None when it is legal or
        # nobody here is to move): the band shows it while the stroke is being drawn.
        self.judge: Callable[[int, int], Any] | None = None
        self.preview: Any = None
        self._wave: VictoryWaveItem | None = None
        self._mark: ScoreMarkItem | None = None  # the "+N" of the latest scorer, while shown
        self.input_enabled = True
        self.picked: int | None = None
        self.hovered: int | None = None
        self.cursor: int | None = None
        self._press_star: int | None = None
        self._press_screen: QPointF | None = None
        self._dragged = False
        self._release_unpicks = False

        self._band = GuideLineItem(Z_BAND)
        self._rejected = GuideLineItem(Z_REJECTED)
        self._hint = GuideLineItem(Z_HINT)
        self._hover_marker = MarkerItem(MarkerItem.HOVER)
        self._picked_marker = MarkerItem(MarkerItem.PICKED)
        self._cursor_marker = MarkerItem(MarkerItem.CURSOR)
        self._hint_markers = (MarkerItem(MarkerItem.HOVER), MarkerItem(MarkerItem.HOVER))
        for item in (self._band, self._rejected, self._hint):
            item.setVisible(False)
            self.addItem(item)
        for marker in (
            self._hover_marker,
            self._picked_marker,
            self._cursor_marker,
            *self._hint_markers,
        ):
            self.addItem(marker)
        self._pulse = QPropertyAnimation(self._picked_marker, b"pulse", self)
        self._pulse.setStartValue(0.0)
        self._pulse.setEndValue(1.0)
        self._pulse.setDuration(1100)
        self._pulse.setLoopCount(-1)
        self._pulse.setEasingCurve(QEasingCurve.Type.InOutSine)
        self._rejected_timer = QTimer(self)
        self._rejected_timer.setSingleShot(True)
        self._rejected_timer.setInterval(REJECTED_MS)
        self._rejected_timer.timeout.connect(self._hide_rejected)
        self._obstacle_rings: list[MarkerItem] = []  # around what is in a refused stroke's way
        self._apply_theme_to_guides()

    # -- theme -----------------------------------------------------------------------------------

    @property
    def theme(self):
        return self._theme

    def set_theme(self, theme) -> None:
        self._theme = theme
        core, glow = qcolor(theme.star), qcolor(theme.star_glow)
        self.star_field.set_colors(core, glow)
        if self._last is not None and self._last_key is not None:
            self._last.set_color(self.stroke_colors()[self._strokes[self._last_key]])
        for item in self._fading:
            item.set_color(self._legible_fill(item.triangle, item.player))
        if self.board is not None:
            self._resize_marks()
        self._rebake()
        self._apply_theme_to_guides()
        self.update()

    def stroke_colors(self) -> tuple[QColor, QColor]:
        a, b = self._palette()[0]
        return QColor(a), QColor(b)

    def fill_colors(self) -> tuple[QColor, QColor]:
        a, b = self._palette()[1]
        return QColor(a), QColor(b)

    def _palette(self) -> tuple[tuple[QColor, QColor], tuple[QColor, QColor], QColor]:
        """The theme's stroke and fill colours and its star colour, read once per theme (a
        board's layers are baked from hundreds of strokes and triangles). Not to be changed:
        the public `stroke_colors` and `fill_colors` give copies."""
        theme = self._theme
        if self._palette_of is not theme:
            strokes, fills = theme.player_strokes, theme.player_fills
            self._palette_colors = (
                (qcolor(strokes[0]), qcolor(strokes[1])),
                (qcolor(fills[0]), qcolor(fills[1])),
                qcolor(theme.star),
            )
            self._palette_of = theme
        return self._palette_colors

    def _apply_theme_to_guides(self) -> None:
        theme = self._theme
        highlight, hint = qcolor(theme.highlight), qcolor(theme.hint_colour)
        # An AAA theme keeps every mark opaque: painting it translucent over the sky would take
        # away the contrast the theme promises.
        soft = 255 if theme.contrast == "AAA" else 175
        self._apply_band_style()
        self._rejected.set_style(qcolor(theme.warning), 3.0 * theme.marks, True)
        # The hint is a soft, wide ghost of a stroke: unlike the dashed rubber band, it is not
        # something the player is in the middle of drawing.
        self._hint.set_style(with_alpha(hint, soft), 5.0 * theme.marks, False)
        for marker in (self._hover_marker, self._picked_marker, self._cursor_marker):
            marker.set_color(highlight)
        for marker in self._hint_markers:
            marker.set_color(hint)

    # -- what the session tells us -----------------------------------------------------------------

    def show_game(self, game: Position | None) -> None:
        """Draw `game` from scratch (new game, loaded game, undo): no animation."""
        self._clear_board_items()
        if game is None:
            return
        board = game.board
        if board is not self.board:
            self._build_board(board)
        for move in game.moves:
            key = (min(move.stroke), max(move.stroke))
            self._strokes[key] = move.player
            self._triangles.extend((triangle, move.player) for triangle in move.triangles)
        if game.moves:
            last = game.moves[-1]
            self._last_key = (min(last.stroke), max(last.stroke))
            self._show_last(last)
        self._rebake()

    def add_move(self, move: Move, animate: bool = True, drawn_here: bool = False) -> None:
        """Draw a played stroke and the triangles it closed; it becomes the marked last stroke.
        A stroke not `drawn_here` by a player's hand (the computer's, a friend's far away) is
        drawn in from its first star, and a "+N" in its player's colour tells who scored."""
        self._retire_last()
        key = (min(move.stroke), max(move.stroke))
        self._strokes[key] = move.player
        self._last_key = key
        self._show_last(move)
        if animate and not drawn_here and not self.reduced_motion and self._last is not None:
            self._last.set_reach(0.0)
            self._drawing.start()
        for triangle in move.triangles:
            self._triangles.append((triangle, move.player))
            if animate:
                fill = self._legible_fill(triangle, move.player)
                corners = [self.star_point(k) for k in triangle]
                item = TriangleItem(corners, fill, move.player, triangle)
                item.settled.connect(lambda item=item: self._settle(item))
                self.addItem(item)
                self._fading.append(item)
                item.fade_in()
            else:
                self._layer.add_shape(self._baked_polygon(triangle, move.player))
        if animate and move.triangles:
            self._mark_score(move)
        self.clear_hint()
        self._hide_rejected()

    def _retire_last(self) -> None:
        """The last stroke joins the baked layer (drawn in full, even if it was being drawn)."""
        self._drawing.stop()
        if self._last is not None and self._last_key is not None:
            self._layer.add_shape(self._baked_line(self._last_key))
            self.removeItem(self._last)
            self._last = None

    def _draw_last_to(self, reach: float) -> None:
        if self._last is not None:
            self._last.set_reach(reach)

    def _mark_score(self, move: Move) -> None:
        self._drop_mark()  # only the latest scorer is marked
        points = [self.star_point(k) for triangle in move.triangles for k in triangle]
        centre = sum(points, QPointF()) / len(points)
        mark = ScoreMarkItem(
            f"+{len(move.triangles)}",
            self.stroke_colors()[move.player],
            qcolor(self._theme.background_bottom),
            self.reduced_motion,
        )
        mark.setPos(centre)
        mark.on_done = lambda: setattr(self, "_mark", None)
        self.addItem(mark)
        mark.start()
        self._mark = mark

    def _drop_mark(self) -> None:
        if self._mark is not None:
            self._mark.finish()
            self._mark = None

    def celebrate(self, winner: int | None) -> None:
        """The end of the game: light runs across the winner's triangles (everyone's after a
        draw), from the last stroke outwards."""
        self._stop_wave()
        polygons = [
            QPolygonF([self.star_point(k) for k in triangle])
            for triangle, player in self._triangles
            if winner is None or player == winner
        ]
        if not polygons or self._last_key is None:
            return
        a, b = (self.star_point(k) for k in self._last_key)
        color = QColor("white") if winner is None else self.stroke_colors()[winner].lighter(150)
        self._wave = VictoryWaveItem(polygons, (a + b) / 2, color, self.reduced_motion)
        self._wave.on_done = lambda: setattr(self, "_wave", None)
        self.addItem(self._wave)
        self._wave.start()

    @property
    def wave(self) -> VictoryWaveItem | None:
        return self._wave

    def _stop_wave(self) -> None:
        if self._wave is not None:
            self._wave.finish()
            self._wave = None

    @property
    def score_marks(self) -> list[ScoreMarkItem]:
        """The "+N" marks on the board now."""
        return [] if self._mark is None else [self._mark]

    def set_reduced_motion(self, reduced: bool) -> None:
        self.reduced_motion = reduced
        if reduced:
            self._pulse.stop()
        elif self.picked is not None:
            self._pulse.start()

    def _show_last(self, move: Move) -> None:
        i, j = move.stroke
        item = StrokeItem(
            self.star_point(i),
            self.star_point(j),
            self.stroke_colors()[move.player],
            self.sizes.stroke,
        )
        item.set_last(True)
        self.addItem(item)
        self._last = item

    def _settle(self, item: TriangleItem) -> None:
        """A triangle finished fading in: it joins the baked triangle layer."""
        if item not in self._fading:
            return
        self._fading.remove(item)
        self._layer.add_shape(self._baked_polygon(item.triangle, item.player))
        self.removeItem(item)

    def _baked_line(self, key: tuple[int, int]) -> BakedLine:
        strokes, _, star = self._palette()
        a, b = self.star_point(key[0]), self.star_point(key[1])
        flat_ends = ends_hidden(self.sizes, star)
        return BakedLine(a, b, strokes[self._strokes[key]], self.sizes.stroke, flat_ends)

    def _baked_polygon(
        self, triangle: tuple[int, int, int], player: int, hidden: bool | None = None
    ) -> BakedPolygon:
        """Triangle's fill; `hidden`: whether its edges are under its strokes (`edges_hidden`,
        worked out here unless given)."""
        strokes, fills, _ = self._palette()
        if hidden is None:
            hidden = edges_hidden(self.sizes, strokes)
        a, b, c = (self.star_point(k) for k in triangle)
        fill = legible_fill(fills[player], inradius(a, b, c) / self.pixel_size)
        return BakedPolygon(QPolygonF([a, b, c]), fill, hidden)

    def _legible_fill(self, triangle: tuple[int, int, int], player: int) -> QColor:
        a, b, c = (self.star_point(k) for k in triangle)
        return legible_fill(self.fill_colors()[player], inradius(a, b, c) / self.pixel_size)

    def _rebake(self) -> None:
        """The layer from the records (not the last stroke, not the fading triangles)."""
        fading = {item.triangle for item in self._fading}
        strokes, fills, star = self._palette()
        flat_ends = ends_hidden(self.sizes, star)
        width, xy = self.sizes.stroke, self._xy
        points = [QPointF(x, y) for x, y in xy]  # shared by the lines (nothing moves their ends)
        hidden = edges_hidden(self.sizes, strokes)
        # As `_baked_polygon` makes them, a board's worth at once (it opens a game): the fills
        # of one alpha are one colour, shared (nothing changes a shape's colour).
        colors: dict[tuple[int, int], QColor] = {}
        shapes: list[BakedLine | BakedPolygon] = []
        for triangle, player in self._triangles:
            if fading and tuple(sorted(triangle)) in fading:
                continue
            i, j, k = triangle
            thin = inradius_xy(xy[i], xy[j], xy[k]) / self.pixel_size
            alpha = legible_alpha(fills[player].alpha(), thin)
            color = colors.get((player, alpha))
            if color is None:
                color = colors[player, alpha] = with_alpha(fills[player], alpha)
            polygon = QPolygonF([points[i], points[j], points[k]])
            shapes.append(BakedPolygon(polygon, color, hidden))
        shapes += [
            BakedLine(points[i], points[j], strokes[player], width, flat_ends)
            for (i, j), player in self._strokes.items()
            if (i, j) != self._last_key
        ]
        self._layer.set_shapes(shapes)

    def show_rejected(
        self, i: int, j: int, over: Sequence[int] = (), crossed: Sequence[tuple[int, int]] = ()
    ) -> None:
        """Flash the refused stroke i-j, dashed in the warning colour, for a moment, with a ring
        around each star it passes `over` and each point where it meets a `crossed` stroke (as
        How to play draws them); keep star i picked: the player tries another end rather than
        finding the first one again."""
        self._hide_rejected()
        self._rejected.set_line(self.star_point(i), self.star_point(j))
        self._rejected.setVisible(True)
        self._show_obstacles(i, j, over, crossed)
        self._rejected_timer.start()
        if self.input_enabled:
            self._set_picked(i)

    def _show_obstacles(
        self, i: int, j: int, over: Sequence[int], crossed: Sequence[tuple[int, int]]
    ) -> None:
        """A ring around each star stroke i-j passes `over` and each point where it meets a
        `crossed` stroke."""
        points = [self.star_point(k) for k in over]
        points += [self._meeting_point(i, j, c, d) for c, d in crossed]
        warning = qcolor(self._theme.warning)
        while len(self._obstacle_rings) < len(points):
            ring = MarkerItem(MarkerItem.HOVER)
            self.addItem(ring)
            self._obstacle_rings.append(ring)
        for ring in self._obstacle_rings[len(points) :]:
            ring.setVisible(False)
        for ring, point in zip(self._obstacle_rings, points, strict=False):
            ring.set_color(warning)
            ring.setPos(point)
            ring.setVisible(True)

    def obstacle_points(self) -> list[QPointF]:
        """Where the rings of the last refused stroke are, while they are shown."""
        return [ring.pos() for ring in self._obstacle_rings if ring.isVisible()]

    def _hide_rejected(self) -> None:
        self._rejected.setVisible(False)
        if self.preview is None:
            self._hide_obstacles()

    def _hide_obstacles(self) -> None:
        for ring in self._obstacle_rings:
            ring.setVisible(False)

    def _meeting_point(self, i: int, j: int, c: int, d: int) -> QPointF:
        """Where stroke c-d meets stroke i-j, for the ring (drawing only: the rules engine
        decided, exactly, that they meet)."""
        a, b, p, q = (self.star_point(k) for k in (i, j, c, d))
        r, s = b - a, q - p
        denominator = r.x() * s.y() - r.y() * s.x()
        if denominator:
            t = ((p.x() - a.x()) * s.y() - (p.y() - a.y()) * s.x()) / denominator
            return a + r * t
        # Along the same line: the middle of the part they share.
        along = sorted((a, b, p, q), key=lambda point: QPointF.dotProduct(point - a, r))
        return (along[1] + along[2]) / 2

    def show_hint(self, i: int, j: int) -> None:
        self._hint.set_line(self.star_point(i), self.star_point(j))
        self._hint.setVisible(True)
        for marker, k in zip(self._hint_markers, (i, j), strict=True):
            marker.setPos(self.star_point(k))
            marker.setVisible(True)
        if self.cursor is not None:  # playing by keyboard: Enter goes on with the hinted stroke
            if self.picked not in (None, i, j):
                self.cancel()  # the star picked is not part of the hint
            self.set_cursor(j if self.picked == i else i)

    def mark_stars(self, stars: Sequence[int]) -> None:
        """Ring up to two stars as the hint rings them, without a stroke (the guided game)."""
        self.clear_hint()
        for marker, k in zip(self._hint_markers, stars, strict=False):
            marker.setPos(self.star_point(k))
            marker.setVisible(True)

    def marked_points(self) -> list[QPointF]:
        """Where the rings of the hint or of the guide are now (scene coordinates)."""
        return [marker.pos() for marker in self._hint_markers if marker.isVisible()]

    def clear_hint(self) -> None:
        self._hint.setVisible(False)
        for marker in self._hint_markers:
            marker.setVisible(False)

    def set_input_enabled(self, enabled: bool) -> None:
        self.input_enabled = enabled
        if not enabled:
            self.cancel()
            self._set_hovered(None)

    # -- reading ----------------------------------------------------------------------------------

    def star_point(self, i: int) -> QPointF:
        x, y = self._xy[i]
        return QPointF(x, y)

    @property
    def star_count(self) -> int:
        return self.star_field.count

    @property
    def strokes(self) -> dict[tuple[int, int], int]:
        """Every stroke on the board (low, high) -> the player who drew it, in play order."""
        return dict(self._strokes)

    def stroke_color(self, key: tuple[int, int]) -> QColor:
        return self.stroke_colors()[self._strokes[key]]

    @property
    def last_stroke(self) -> tuple[int, int] | None:
        """The stroke marked as the last one played."""
        return self._last_key if self._last is not None else None

    @property
    def last_stroke_item(self) -> StrokeItem | None:
        return self._last

    @property
    def triangle_count(self) -> int:
        return len(self._triangles)

    @property
    def baked_counts(self) -> tuple[int, int]:
        """(strokes, triangles) drawn in the cached layers (the rest are live items)."""
        return self._layer.counts

    @property
    def rejected_visible(self) -> bool:
        return self._rejected.isVisible()

    @property
    def band_visible(self) -> bool:
        return self._band.isVisible()

    @property
    def hint_visible(self) -> bool:
        return self._hint.isVisible()

    def star_at(self, pos: QPointF, radius_px: float = HIT_RADIUS_PX) -> int | None:
        """The star nearest to scene point `pos` within `radius_px` screen pixels, or None."""
        if len(self._positions) == 0:
            return None
        d2 = (self._positions[:, 0] - pos.x()) ** 2 + (self._positions[:, 1] - pos.y()) ** 2
        k = int(np.argmin(d2))
        radius = radius_px * self.pixel_size
        return k if d2[k] <= radius * radius else None

    def positions(self) -> np.ndarray:
        return self._positions

    # -- the player's half-drawn stroke ------------------------------------------------------------

    def pick(self, i: int) -> None:
        """Choose star i: the first end of a stroke, or the second (which requests the stroke)."""
        if not self.input_enabled:
            return
        if self.picked is None:
            self._set_picked(i)
        elif i == self.picked:
            self.cancel()
        else:
            first = self.picked
            self.cancel()
            self.stroke_requested.emit(first, i)

    def cancel(self) -> None:
        """Drop the half-drawn stroke."""
        self._set_picked(None)
        self._press_star = None
        self._dragged = False

    def set_cursor(self, i: int | None) -> None:
        changed = i != self.cursor
        self.cursor = i
        if i is None:
            self._cursor_marker.setVisible(False)
        else:
            self._cursor_marker.setPos(self.star_point(i))
            self._cursor_marker.setVisible(True)
            if self.picked is not None:
                self._band_to(self.star_point(i), i)
        if changed:
            self.cursor_changed.emit(i)

    @property
    def is_drawing(self) -> bool:
        """Whether a stroke is being drawn in from its first star (`drawing_finished` follows)."""
        return self._drawing.state() == QAbstractAnimation.State.Running

    def _set_picked(self, i: int | None) -> None:
        self.picked = i
        if i is None:
            self._picked_marker.setVisible(False)
            self._band.setVisible(False)
            self._set_preview(None)
            self._pulse.stop()
        else:
            self._picked_marker.setPos(self.star_point(i))
            self._picked_marker.setVisible(True)
            if not self.reduced_motion:
                self._pulse.start()
        self.picked_changed.emit(i)

    def _set_hovered(self, i: int | None) -> None:
        self.hovered = i
        if i is None or not self.input_enabled:
            self._hover_marker.setVisible(False)
        else:
            self._hover_marker.setPos(self.star_point(i))
            self._hover_marker.setVisible(True)

    def _band_to(self, end: QPointF, target: int | None = None) -> None:
        """The band from the picked star to `end`, over star `target` if it is on one: in the
        warning colour, with rings on what is in the way, when the rules would refuse it."""
        if self.picked is None:
            self._band.setVisible(False)
            return
        self._band.set_line(self.star_point(self.picked), end)
        self._band.setVisible(True)
        judged = None
        if target is not None and target != self.picked and self.judge is not None:
            judged = self.judge(self.picked, target)
        self._set_preview(judged)

    def _set_preview(self, refusal: Any) -> None:
        if refusal == self.preview:
            return
        self.preview = refusal
        self._apply_band_style()
        if refusal is None:
            if not self._rejected.isVisible():
                self._hide_obstacles()
        else:
            i, j = refusal.stroke
            self._show_obstacles(i, j, refusal.over, refusal.crossed)
        self.preview_changed.emit(refusal)

    def _apply_band_style(self) -> None:
        theme = self._theme
        if self.preview is None:
            colour = with_alpha(qcolor(theme.highlight), 255 if theme.contrast == "AAA" else 235)
        else:
            colour = qcolor(theme.warning)
        self._band.set_style(colour, 2.4 * theme.marks, True)

    def mousePressEvent(self, event) -> None:
        event.accept()
        if not self.input_enabled:
            return
        if event.button() != Qt.MouseButton.LeftButton:
            if event.button() == Qt.MouseButton.RightButton:
                self.cancel()
            return
        i = self.star_at(event.scenePos())
        self._press_screen = QPointF(event.screenPos())
        self._dragged = False
        self._release_unpicks = False
        if i is None:
            self.cancel()
        elif self.picked is None:
            self._set_picked(i)
            self._press_star = i
        elif i == self.picked:
            self._press_star = i
            self._release_unpicks = True
        else:
            self.pick(i)

    def mouseMoveEvent(self, event) -> None:
        event.accept()
        if not self.input_enabled:
            return
        pos = event.scenePos()
        hovered = self.star_at(pos)
        if hovered != self.hovered:
            self._set_hovered(hovered)
        if self._press_star is not None and self._press_screen is not None:
            delta = QPointF(event.screenPos()) - self._press_screen
            if delta.manhattanLength() >= QApplication.startDragDistance():
                self._dragged = True
        if self.picked is not None:
            if hovered is not None and hovered != self.picked:  # the band snaps to the star
                self._band_to(self.star_point(hovered), hovered)
            else:
                self._band_to(pos, None)

    def mouseReleaseEvent(self, event) -> None:
        event.accept()
        if not self.input_enabled or event.button() != Qt.MouseButton.LeftButton:
            return
        pressed, self._press_star = self._press_star, None
        if pressed is None or pressed != self.picked:
            return
        if self._dragged:
            target = self.star_at(event.scenePos())
            if target is not None and target != pressed:
                self.pick(target)
            else:
                self.cancel()  # dropped on empty sky or back on its own star
        elif self._release_unpicks:
            self.cancel()  # a second click on the picked star puts it down

    def mouseDoubleClickEvent(self, event) -> None:
        self.mousePressEvent(event)

    # -- internals --------------------------------------------------------------------------------

    def _clear_board_items(self) -> None:
        self.cancel()
        self.clear_hint()
        self._hide_rejected()
        self._drawing.stop()
        self._stop_wave()
        self._drop_mark()
        for item in self._fading:
            item.stop()
            self.removeItem(item)
        if self._last is not None:
            self.removeItem(self._last)
        self._fading = []
        self._strokes = {}
        self._triangles = []
        self._last = None
        self._last_key = None

    def set_quick(self, quick: bool) -> None:
        """While the window is being resized the cached picture is stretched (see
        BakedLayerItem); once it has settled it is drawn properly again."""
        if self._layer.quick != quick:
            self._layer.quick = quick
            self._layer.update()

    def set_pixel_size(self, size: float, view_px: float) -> None:
        """The view's scale changed: scene units per screen pixel is now `size`, and the view's
        shorter side `view_px` pixels. Star cores, strokes and fills follow (see `line_sizes` and
        `legible_fill`)."""
        if (size, view_px) == (self.pixel_size, self.view_px):
            return
        self.pixel_size, self.view_px = size, view_px
        if self.board is None:
            return
        self._resize_marks()
        self._rebake()

    def _resize_marks(self) -> None:
        """Star cores, the last stroke and the fading fills at the size the view and the theme
        ask for (the baked strokes are redrawn by `_rebake`)."""
        assert self.board is not None
        self.sizes = line_sizes(
            1.0 / self.pixel_size, self.board.tolerance, self.view_px, self._theme.marks
        )
        field = self.star_field
        field.set_core_radius(self.sizes.core)
        field.set_glow_scale(self._theme.marks)
        field.set_pixel_size(self.pixel_size)
        if self._last is not None:
            self._last.width = self.sizes.stroke
            self._last.update()
        for item in self._fading:
            item.set_color(self._legible_fill(item.triangle, item.player))

    def _build_board(self, board: Board) -> None:
        self.board = board
        self._positions = np.asarray(board.stars, dtype=float).reshape(-1, 2)
        self._xy = self._positions.tolist()
        core, glow = qcolor(self._theme.star), qcolor(self._theme.star_glow)
        field = self.star_field
        field.set_points(self._positions)
        field.set_colors(core, glow)
        field.set_core_radius(self.sizes.core)
        field.set_glow_scale(self._theme.marks)
        field.set_pixel_size(self.pixel_size)
        margin = min(board.width, board.height) * 0.06
        area = QRectF(0, 0, board.width, board.height)
        self.setSceneRect(area.adjusted(-margin, -margin, margin, margin))
        layer_margin = 2 * LINE_MARGIN
        self._layer.set_rect(
            area.adjusted(-layer_margin, -layer_margin, layer_margin, layer_margin)
        )
        self.set_cursor(None)
        self._set_hovered(None)


def load_background_image(path: str) -> QPixmap | None:
    """A theme's background image, or None (the theme's colours are shown). The theme was
    checked when it was loaded (`triangles_qt.themes`: the player was told of an image it
    cannot use); the bytes decoded here are checked again (`read_image`: the file may have
    changed since), decoded as the format their content showed, never one Qt guesses (its SVG
    renderer, say), and only once Qt's reading of the header agrees with the size allowed."""
    image = read_image(path)
    if image is None:
        log.warning("theme image %s is no longer a usable image; not shown", path)
        return None
    data = QByteArray(image.data)
    buffer = QBuffer(data)
    buffer.open(QBuffer.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, image.format.encode("ascii"))
    reader.setAutoDetectImageFormat(False)
    size = reader.size()
    width, height = size.width(), size.height()
    too_large = max(width, height) > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS
    if width < 1 or height < 1 or too_large:
        log.warning("theme image %s: Qt reads a size of %d x %d; not shown", path, width, height)
        return None
    decoded = reader.read()
    if decoded.isNull():
        log.warning("theme image %s cannot be decoded: %s", path, reader.errorString())
        return None
    return QPixmap.fromImage(decoded)


class BoardView(QGraphicsView):
    """Shows a BoardScene fitted to the widget; rotates a portrait board when the window is wide.

    Keyboard: arrows move a cursor to the nearest star in that direction, Tab/Shift+Tab cycle,
    Enter/Space pick, Esc cancels.
    """

    LANDSCAPE_RATIO = 1.15
    MAX_ZOOM = 4.0
    ZOOM_STEP = 1.25

    def __init__(self, theme, parent=None) -> None:
        super().__init__(parent)
        self.board_scene = BoardScene(theme, self)
        self.setScene(self.board_scene)
        self._theme = theme
        self._background_image: QPixmap | None = None
        self._sky_picture: QPixmap | None = None  # the background without the board's frame
        self._sky_key: tuple[int, int, float] = (0, 0, 0.0)  # its size and pixel ratio
        self._load_background_image()
        self._rotated = False
        self._reading_order: list[int] = []
        self._quick = False  # a live resize: see fit_board
        self._background_key: tuple = ()  # what the cached background was drawn for
        self._placed: tuple = ()  # the transform, scene rect and centre fit_board set
        self._settle = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._settle.timeout.connect(self.fit_board)
        self.zoom = 1.0  # 1: the whole board fills the view; more: a part of it, larger
        self._zoom_centre: QPointF | None = None  # the scene point in the middle when zoomed
        self._pan_from: QPointF | None = None  # where a middle-button drag started
        # Not SmoothPixmapTransform: the pictures it copies whole (the cached background, the
        # layers') are pixel for pixel, and with it Qt copies them on its slow transforming path
        # even so (spread over threads: several times the CPU). What needs it asks for it.
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self._paint_opaque()
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setMouseTracking(True)
        self.setMinimumSize(240, 240)
        self._sky = self._make_sky()
        self.board_scene.cursor_changed.connect(self._follow_cursor)
        self.banner = BoardBanner(self.viewport())
        self.banner.set_theme(theme)
        self.hint_card = HintCard(self.viewport())
        self.hint_card.set_theme(theme)
        self._banner_previews = False
        self.access_parts: BoardParts | None = None  # its stars and strokes for screen readers
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        # The window's translation context, where these were first translated.
        self.setAccessibleName(QCoreApplication.translate("MainWindow", "Board"))
        self.setAccessibleDescription(
            QCoreApplication.translate(
                "MainWindow",
                "Click a star, then another, to draw a stroke. Keyboard: arrows or Tab to "
                "move between stars, Enter or Space to pick, Esc to cancel.",
            )
        )

    # -- theme and game ----------------------------------------------------------------------------

    def set_theme(self, theme) -> None:
        """Switch theme and repaint everything at once."""
        self._theme = theme
        self._load_background_image()
        self.board_scene.set_theme(theme)
        self.banner.set_theme(theme)
        self.hint_card.set_theme(theme)
        self._paint_opaque()
        self.resetCachedContent()
        self.viewport().update()

    def show_game(self, game: Position | None) -> None:
        new_board = game is not None and game.board is not self.board_scene.board
        self.board_scene.show_game(game)
        if new_board:
            self.zoom, self._zoom_centre = 1.0, None  # a new board is first seen whole
            self.fit_board()

    def bind(self, session) -> None:
        """Show `session`'s game (a `GameSession`) and give it the strokes drawn here."""
        scene = self.board_scene
        scene.stroke_requested.connect(session.request_stroke)
        session.started.connect(self.show_game)
        session.reset.connect(self.show_game)
        session.stroke_played.connect(
            lambda move: scene.add_move(
                move, drawn_here=session.seats[move.player].takes_board_input
            )
        )
        session.stroke_refused.connect(
            lambda refusal: scene.show_rejected(
                refusal.stroke[0], refusal.stroke[1], refusal.over, refusal.crossed
            )
        )
        session.stroke_refused.connect(
            lambda refusal: self.banner.show_text(rejection_text(refusal.reason))
        )
        session.stroke_played.connect(lambda move: self.banner.dismiss())
        session.reset.connect(lambda position: self.banner.dismiss())
        session.happened.connect(self._show_hint_reason)
        for signal in (session.stroke_played, session.reset, session.started):
            signal.connect(lambda _: self.hint_card.dismiss())
        session.hint_ready.connect(scene.show_hint)
        session.changed.connect(lambda: scene.set_input_enabled(session.local_to_move))
        session.game_over.connect(lambda winner: scene.set_cursor(None))
        session.game_over.connect(scene.celebrate)
        scene.judge = session.preview
        scene.preview_changed.connect(self._show_preview)
        self.announcer = make_board_accessible(self, session)

    def _show_hint_reason(self, event: object) -> None:
        if isinstance(event, HintFound):
            self.hint_card.show_reason(hint_notice(event).text)

    def _show_preview(self, refusal) -> None:
        """While a stroke is drawn over one the rules refuse, the banner says why."""
        if refusal is not None:
            self.banner.show_text(rejection_text(refusal.reason))
            self._banner_previews = True
        elif self._banner_previews:
            self.banner.dismiss()
            self._banner_previews = False

    @property
    def rotated(self) -> bool:
        return self._rotated

    # -- fitting --------------------------------------------------------------------------------

    def fit_board(self, quick: bool = False) -> None:
        """Scale (and maybe rotate) the board to fill the view, keeping its aspect ratio.
        `quick` (a live resize): the pictures it has are stretched and the marks keep their
        size; the full re-render waits until the size settles (SETTLE_MS)."""
        scene = self.board_scene
        rect = scene.sceneRect()
        if rect.isEmpty() or self.viewport().width() < 2 or self.viewport().height() < 2:
            return
        vw, vh = self.viewport().width(), self.viewport().height()
        portrait_board = rect.height() > rect.width()
        wide_window = vw > vh * self.LANDSCAPE_RATIO
        tall_window = vh > vw * self.LANDSCAPE_RATIO
        self._rotated = (portrait_board and wide_window) or (not portrait_board and tall_window)
        angle = -90.0 if self._rotated else 0.0
        bw, bh = (rect.height(), rect.width()) if self._rotated else (rect.width(), rect.height())
        scale = min(vw / bw, vh / bh)
        transform = QTransform()
        transform.translate(vw / 2, vh / 2)
        transform.rotate(angle)
        transform.scale(scale, scale)
        transform.translate(-rect.center().x(), -rect.center().y())
        # The view maps scene -> viewport with its transform plus the scroll offset; anchoring
        # the scene centre at the viewport centre keeps both in agreement. Zoomed in, the same
        # area can be scrolled over: the part shown is `zoom` times smaller.
        zoomed = scale * self.zoom
        placed = (
            QTransform().rotate(angle).scale(zoomed, zoomed),
            self._covering_rect(transform),
            self._zoom_centre if self.zoom > 1 and self._zoom_centre else rect.center(),
        )
        if placed != self._placed:  # (placed again, the view scrolls, and redraws its background)
            self.setTransform(placed[0])
            self.setSceneRect(placed[1])
            self.centerOn(placed[2])
            self._placed = placed
        scene.set_quick(quick)
        if quick != self._quick:
            # A live resize draws the background straight onto the viewport: a cached one
            # would be drawn at each new size and then copied.
            self.setCacheMode(
                QGraphicsView.CacheModeFlag.CacheNone
                if quick
                else QGraphicsView.CacheModeFlag.CacheBackground
            )
        self._quick = quick
        self._paint_opaque()
        if not quick:
            scene.set_pixel_size(1.0 / zoomed, min(vw, vh))
        # The keyboard's reading order is worked out when Tab first asks for it (cycle_cursor),
        # not at every fit: a start fits the board several times before its first paint.
        self._reading_order = []
        # The background (the sky and the board's frame) is drawn again only if it moved: a
        # game opened on another board of the same size shows the one cached.
        t = self.viewportTransform()
        key = (t.m11(), t.m12(), t.m21(), t.m22(), t.dx(), t.dy(), vw, vh, quick, rect)
        if key != self._background_key:
            self._background_key = key
            self.resetCachedContent()

    def _paint_opaque(self) -> None:
        """Whether the viewport's every pixel is painted over at each repaint, so that Qt need
        not first fill it with its brush (a fill of the whole window, each time): so it is when
        the cached background is copied onto it, which is opaque when that brush is (Qt fills
        the cache with it), and during a live resize when the sky is the theme's opaque
        colours."""
        viewport = self.viewport()
        if self._quick:
            theme = self._theme
            colours = (qcolor(theme.background_top), qcolor(theme.background_bottom))
            opaque = self._background_image is None and all(c.alpha() == 255 for c in colours)
        else:
            opaque = viewport.palette().brush(viewport.backgroundRole()).isOpaque()
        viewport.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, opaque)

    # -- zoom -------------------------------------------------------------------------------------

    def set_zoom(self, zoom: float, around: QPointF | None = None) -> None:
        """Show the board `zoom` times larger (1 to MAX_ZOOM; 1 fits it whole), keeping the
        viewport point `around` (default: the middle) over the same place of the board."""
        zoom = max(1.0, min(self.MAX_ZOOM, zoom))
        if zoom == self.zoom:
            return
        middle = QPointF(self.viewport().rect().center())
        at = around if around is not None else middle
        under = self.mapToScene(at.toPoint())
        centre = self.mapToScene(middle.toPoint())
        # The point under `at` stays there: the middle moves toward it as the view grows.
        factor = self.zoom / zoom
        self._zoom_centre = under + (centre - under) * factor
        self.zoom = zoom
        self.fit_board()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * self.ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / self.ZOOM_STEP)

    def fit_whole_board(self) -> None:
        self.zoom, self._zoom_centre = 1.0, None
        self.fit_board()

    def wheelEvent(self, event) -> None:
        # As in every viewer: Ctrl+wheel zooms.
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120
            if steps:
                self.set_zoom(self.zoom * self.ZOOM_STEP**steps, event.position())
            event.accept()
            return
        super().wheelEvent(event)  # zoomed in, the wheel scrolls over the board
        self._remember_centre()

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.MiddleButton and self.zoom > 1:
            self._pan_from = event.position()
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._pan_from is not None:  # dragged with the middle button: the board follows
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            bars = (self.horizontalScrollBar(), self.verticalScrollBar())
            bars[0].setValue(bars[0].value() - round(delta.x()))
            bars[1].setValue(bars[1].value() - round(delta.y()))
            self._remember_centre()
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.MiddleButton and self._pan_from is not None:
            self._pan_from = None
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def _remember_centre(self) -> None:
        if self.zoom > 1:
            self._zoom_centre = self.mapToScene(self.viewport().rect().center())
            self.resetCachedContent()

    def _follow_cursor(self, star: int | None) -> None:
        if star is not None:
            self.show_star(star)

    def show_star(self, i: int) -> None:
        """Zoomed in, scroll so that star i is in sight (the keyboard cursor went there)."""
        if self.zoom > 1:
            self.ensureVisible(QRectF(self.board_scene.star_point(i), QSizeF(0, 0)), 40, 40)
            self._remember_centre()

    def _covering_rect(self, transform: QTransform) -> QRectF:
        """The scene rect the whole viewport shows, so centring never scrolls off the board."""
        inverse, _ = transform.inverted()
        vw, vh = self.viewport().width(), self.viewport().height()
        return inverse.mapRect(QRectF(0, 0, vw, vh))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        # A window dragged bigger sends a resize a frame: each shows the board stretched, and
        # the one after the last is drawn properly.
        quick = self._settle.isActive() or event.oldSize().isValid() and self.isVisible()
        self._settle.start()
        self.fit_board(quick=quick)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fit_board()

    # -- painting -------------------------------------------------------------------------------

    def _load_background_image(self) -> None:
        path = getattr(self._theme, "background_image", None)
        self._background_image = load_background_image(str(path)) if path else None
        self._sky_picture = None  # the theme's sky, drawn again at the next paint

    @staticmethod
    def _make_sky() -> list[tuple[float, float, float, int]]:
        """Faint background specks (relative x, y, radius px, alpha): decoration, not stars."""
        rng = random.Random(20240611)
        return [
            (rng.random(), rng.random(), rng.uniform(0.35, 0.9), rng.randint(18, 70))
            for _ in range(170)
        ]

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        painter.save()
        painter.resetTransform()
        w, h = self.viewport().width(), self.viewport().height()
        if not self._quick:
            # The sky does not change with the board: a game opened on another board (which
            # draws the background again, under the new board's frame) copies it.
            device = painter.device()
            ratio = device.devicePixelRatioF() if device is not None else 1.0
            if self._sky_picture is None or self._sky_key != (w, h, ratio):
                self._sky_picture = None  # its memory back before the new one is made
                picture = QPixmap(max(1, round(w * ratio)), max(1, round(h * ratio)))
                picture.setDevicePixelRatio(ratio)
                picture.fill(Qt.GlobalColor.transparent)  # under an image's transparent parts
                sky = QPainter(picture)
                sky.setRenderHints(painter.renderHints())
                self._draw_sky_background(sky, w, h)
                sky.end()
                self._sky_picture, self._sky_key = picture, (w, h, ratio)
            painter.drawPixmap(0, 0, self._sky_picture)
        else:  # a live resize: a new size each frame, drawn once each
            self._draw_sky_background(painter, w, h)
        painter.restore()
        self._draw_board_frame(painter)

    def _draw_sky_background(self, painter: QPainter, w: int, h: int) -> None:
        """The theme's image, or its colours and (not while the window is being resized) its
        clouds and specks, over the viewport's `w` x `h` pixels."""
        area = QRectF(0, 0, w, h)
        if self._background_image is not None:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)  # a high-DPI device
            scaled = self._background_image.scaled(
                w,
                h,
                Qt.AspectRatioMode.KeepAspectRatioByExpanding,
                Qt.TransformationMode.SmoothTransformation,
            )
            painter.drawPixmap(
                int((w - scaled.width()) / 2), int((h - scaled.height()) / 2), scaled
            )
        else:
            top, bottom = qcolor(self._theme.background_top), qcolor(self._theme.background_bottom)
            gradient = QLinearGradient(0, 0, 0, h)
            gradient.setColorAt(0.0, top)
            gradient.setColorAt(1.0, bottom)
            painter.fillRect(area, gradient)
            if self._theme.decoration and not self._quick:  # faint: they wait for the size
                self._draw_sky(painter, w, h)

    def _draw_sky(self, painter: QPainter, w: int, h: int) -> None:
        """Two soft nebula clouds in the players' colours, barely there, and faint specks."""
        painter.setPen(Qt.PenStyle.NoPen)
        strokes = self._theme.player_strokes
        for (cx, cy, radius), color in zip(
            ((0.18, 0.22, 0.55), (0.85, 0.8, 0.6)),
            (qcolor(strokes[0]), qcolor(strokes[1])),
            strict=True,
        ):
            r = radius * max(w, h)
            cloud = QRadialGradient(QPointF(cx * w, cy * h), r)
            cloud.setColorAt(0.0, with_alpha(color, 26))
            cloud.setColorAt(1.0, with_alpha(color, 0))
            painter.setBrush(cloud)
            painter.drawEllipse(QPointF(cx * w, cy * h), r, r)
        speck = qcolor(self._theme.star)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for x, y, r, alpha in self._sky:
            painter.setBrush(with_alpha(speck, alpha))
            painter.drawEllipse(QPointF(x * w, y * h), r, r)

    def _draw_board_frame(self, painter: QPainter) -> None:
        """A faint rounded panel marking the board's area (part of the cached background)."""
        board = self.board_scene.board
        if board is None:
            return
        area = QRectF(0, 0, board.width, board.height)
        margin = min(board.width, board.height) * 0.035
        text = qcolor(self._theme.text)
        brush: QColor | Qt.BrushStyle
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = device_ratio(painter)  # one logical pixel (a cosmetic pen's is in device ones)
        if self._theme.decoration:
            pen, brush = QPen(with_alpha(text, 34), width), with_alpha(text, 10)
        else:  # a plain sky: the panel is an edge a player can see (3:1), not a shade
            sky = qcolor(self._theme.background_top)
            pen, brush = QPen(readable_on(sky, sky, 3.0), width), Qt.BrushStyle.NoBrush
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(brush)
        painter.drawRoundedRect(area.adjusted(-margin, -margin, margin, margin), margin, margin)
        painter.restore()

    # -- keyboard -------------------------------------------------------------------------------

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        elif event.type() == QEvent.Type.PaletteChange:
            self._paint_opaque()
        super().changeEvent(event)

    def event(self, event) -> bool:
        # Tab and Shift+Tab cycle through the stars instead of moving the focus away.
        if event.type() == QEvent.Type.KeyPress and event.key() in (
            Qt.Key.Key_Tab,
            Qt.Key.Key_Backtab,
        ):
            if self.board_scene.star_count:
                backwards = event.key() == Qt.Key.Key_Backtab or bool(
                    event.modifiers() & Qt.KeyboardModifier.ShiftModifier
                )
                self.cycle_cursor(-1 if backwards else 1)
                return True
        return super().event(event)

    def keyPressEvent(self, event) -> None:
        scene = self.board_scene
        key = event.key()
        directions = {
            Qt.Key.Key_Left: (-1.0, 0.0),
            Qt.Key.Key_Right: (1.0, 0.0),
            Qt.Key.Key_Up: (0.0, -1.0),
            Qt.Key.Key_Down: (0.0, 1.0),
        }
        if key in directions and scene.star_count:
            self.move_cursor(*directions[key])
        elif (
            key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
            and scene.cursor is not None
        ):
            scene.pick(scene.cursor)
        elif key == Qt.Key.Key_Escape and scene.picked is not None:
            scene.cancel()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _screen_positions(self) -> np.ndarray:
        """Star positions in viewport pixels (the keyboard moves in what the player sees)."""
        pts = self.board_scene.positions()
        t = self.viewportTransform()
        x = t.m11() * pts[:, 0] + t.m21() * pts[:, 1] + t.dx()
        y = t.m12() * pts[:, 0] + t.m22() * pts[:, 1] + t.dy()
        return np.stack([x, y], axis=1)

    def _compute_reading_order(self) -> list[int]:
        if not self.board_scene.star_count:
            return []
        screen = self._screen_positions()
        band = max(1.0, float(np.median(np.abs(np.diff(np.sort(screen[:, 1]))))) * 6 + 12)
        rows = np.floor(screen[:, 1] / band)
        return [int(k) for k in np.lexsort((screen[:, 0], rows))]

    def move_cursor(self, dx: float, dy: float) -> None:
        scene = self.board_scene
        screen = self._screen_positions()
        if scene.cursor is None and scene.picked is not None:
            scene.set_cursor(scene.picked)
        if scene.cursor is None:  # the first key: from the middle of the board, that way
            here = np.array([self.viewport().width() / 2, self.viewport().height() / 2])
        else:
            here = screen[scene.cursor]
        vec = screen - here
        along = vec[:, 0] * dx + vec[:, 1] * dy
        across = np.abs(vec[:, 0] * dy - vec[:, 1] * dx)
        ahead = along > 0.5
        if not ahead.any():
            if scene.cursor is None:
                scene.set_cursor(int(np.argmin((vec**2).sum(axis=1))))
            return
        in_cone = ahead & (across <= along * 1.2)
        pool = in_cone if in_cone.any() else ahead
        score = np.where(pool, along + 2.0 * across, np.inf)
        scene.set_cursor(int(np.argmin(score)))

    def cycle_cursor(self, step: int) -> None:
        scene = self.board_scene
        if not self._reading_order:  # not yet worked out since the board was last fitted
            self._reading_order = self._compute_reading_order()
        order = self._reading_order or list(range(scene.star_count))
        if scene.cursor is None or scene.cursor not in order:
            index = 0 if step > 0 else len(order) - 1
        else:
            index = (order.index(scene.cursor) + step) % len(order)
        scene.set_cursor(order[index])

    def leaveEvent(self, event) -> None:
        super().leaveEvent(event)
        self.board_scene._set_hovered(None)

    # -- helpers for tests and the benchmark ----------------------------------------------------

    def star_view_pos(self, i: int):
        """Where star i is in viewport coordinates (a QPoint)."""
        return self.mapFromScene(self.board_scene.star_point(i))
