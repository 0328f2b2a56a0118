"""The board's quicker drawing shows what the plain drawing showed: tall triangles and strokes
filled in bands of rows, opaque strokes drawn flat with round ends, triangles under opaque strokes
filled without antialiasing, the sky kept between boards, one picture stretched during a live
resize, the stars copied to the device pixels nearest their places. No test here times
anything: these check the pictures and the bookkeeping (benchmarks/repaint.py measures)."""

import random

import numpy as np
import pytest
from app_helpers import played
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from triangles_qt.app.board_items import (
    BAND_ROWS,
    BakedLayerItem,
    BakedLine,
    BakedPolygon,
    LineSizes,
    StarField,
    _bands,
    _capsule,
    _triangle_bands,
    edges_hidden,
    ends_hidden,
)
from triangles_qt.app.board_view import BoardView
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.themes import NEBULA


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    return rows[:, : image.width() * 4].astype(int)


def blank(width=400, height=900) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(12, 20, 40))
    return image


def drawn(image: QImage, draw) -> np.ndarray:
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw(painter)
    painter.end()
    return pixels(image)


def random_triangles(count, seed=3):
    rng = random.Random(seed)
    return [[(rng.uniform(5, 395), rng.uniform(5, 895)) for _ in range(3)] for _ in range(count)]


def test_a_tall_triangle_in_bands_covers_each_pixel_as_the_whole_one():
    triangles = random_triangles(12) + [[(10.5, 3.25), (390.0, 3.25), (200.2, 890.7)]]
    color = QColor(90, 170, 255, 100)

    def whole(painter):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        for points in triangles:
            painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in points]))

    def banded(painter):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        for points in triangles:
            for piece in _triangle_bands(points):
                bounds = piece.boundingRect()
                band = bounds.top() // BAND_ROWS  # each piece within one band of rows
                assert bounds.bottom() <= (band + 1) * BAND_ROWS + 1e-9
                painter.drawPolygon(piece)

    difference = np.abs(drawn(blank(), whole) - drawn(blank(), banded))
    assert difference.max() <= 3  # rounding where the bands meet, nothing to see


def test_any_convex_polygon_is_cut_into_the_same_bands():
    points = [(20.0, 10.0), (300.0, 40.0), (380.0, 500.0), (150.0, 700.0), (30.0, 420.0)]
    pieces = _bands(points, 10.0, 700.0)
    assert len(pieces) == 700 // BAND_ROWS + 1
    area = sum(_area(piece) for piece in pieces)
    assert area == pytest.approx(_area(QPolygonF([QPointF(x, y) for x, y in points])))
    same = _bands([(0, 0), (50, 0), (0, 2 * BAND_ROWS)], 0, 2 * BAND_ROWS)
    triangle = _triangle_bands([(0, 0), (50, 0), (0, 2 * BAND_ROWS)])
    assert [_area(p) for p in same] == pytest.approx([_area(p) for p in triangle])


def _area(polygon: QPolygonF) -> float:
    points = [(polygon[k].x(), polygon[k].y()) for k in range(polygon.size())]
    return abs(
        sum(
            x0 * y1 - x1 * y0
            for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True)
        )
        / 2
    )


@pytest.mark.parametrize("width", [2.4, 4.5, 9.0])
def test_a_tall_round_capped_stroke_in_pieces_looks_as_drawn_with_a_pen(width):
    rng = random.Random(int(width * 10))
    lines = [
        (QPointF(rng.uniform(10, 390), rng.uniform(5, 200)), QPointF(rng.uniform(10, 390), y))
        for y in (300.0, 520.5, 890.0)
    ] + [(QPointF(200.3, 880.0), QPointF(201.0, 10.0))]  # upwards, nearly upright
    color = QColor(255, 170, 60)
    pen = QPen(color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    pen.setCosmetic(True)

    def with_pen(painter):
        painter.setPen(pen)
        for a, b in lines:
            painter.drawLine(a, b)

    def in_pieces(painter):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        for a, b in lines:
            pieces = _capsule(a, b, width / 2)
            assert pieces is not None and len(pieces) >= 3
            for piece in pieces:
                painter.drawPolygon(piece)

    difference = np.abs(drawn(blank(), with_pen) - drawn(blank(), in_pieces)).max(axis=1)
    assert difference.max() <= 40  # a few pixels of the round ends' rims
    assert (difference > 8).sum() <= 12 * len(lines)
    assert _capsule(QPointF(0, 5), QPointF(300, 20), 2.0) is None  # a flat one: drawLine


@pytest.mark.parametrize("width", [2.4, 4.5, 9.0])
def test_an_opaque_stroke_drawn_flat_with_round_ends_looks_as_drawn_with_a_pen(width):
    rng = random.Random(int(width * 10))
    lines = [
        (QPointF(rng.uniform(10, 390), rng.uniform(5, 200)), QPointF(rng.uniform(10, 390), y))
        for y in (300.0, 520.5, 890.0)
    ] + [(QPointF(200.3, 880.0), QPointF(201.0, 10.0)), (QPointF(20, 400), QPointF(380, 410.5))]
    color = QColor(255, 170, 60)
    pen = QPen(color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    pen.setCosmetic(True)

    def with_pen(painter):
        painter.setPen(pen)
        for a, b in lines:
            painter.drawLine(a, b)

    def flat_and_discs(painter):
        for a, b in lines:
            BakedLayerItem._draw_line(painter, a, b, BakedLine(a, b, color, width), 1.0)

    difference = np.abs(drawn(blank(), with_pen) - drawn(blank(), flat_and_discs)).max(axis=1)
    # The rims of a disc and of the line's side both cover the pixel where they meet (on the
    # board, under the star's core); elsewhere they differ by the rounding of the rims.
    assert difference.max() <= 64
    assert (difference > 8).sum() <= 12 * len(lines)


def test_triangles_are_filled_unsmoothed_only_under_wide_opaque_strokes():
    opaque = (QColor(255, 90, 54), QColor(61, 139, 255))
    glassy = (QColor(255, 90, 54), QColor(61, 139, 255, 200))
    assert edges_hidden(LineSizes(core=3.0, stroke=3.2), opaque)
    assert not edges_hidden(LineSizes(core=3.0, stroke=3.2), glassy)
    assert not edges_hidden(LineSizes(core=1.8, stroke=2.0), opaque)  # a board shown small


def test_stroke_ends_are_flat_only_under_a_wide_opaque_core():
    opaque, glassy = QColor(250, 250, 255), QColor(250, 250, 255, 200)
    assert ends_hidden(LineSizes(core=6.0, stroke=3.2), opaque)
    assert not ends_hidden(LineSizes(core=6.0, stroke=3.2), glassy)
    assert not ends_hidden(LineSizes(core=3.0, stroke=3.2), opaque)  # the usual sizes


def rendered(view, ratio=1.0) -> np.ndarray:
    size = view.viewport().size()
    image = QImage(
        round(size.width() * ratio),
        round(size.height() * ratio),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.setDevicePixelRatio(ratio)
    image.fill(0)
    painter = QPainter(image)
    view.render(painter, QRectF(0, 0, size.width(), size.height()), view.viewport().rect())
    painter.end()
    return pixels(image)


@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_the_layers_pictures_look_as_their_shapes_drawn_one_by_one(view, monkeypatch, ratio):
    view.show_game(played(Board.generate("phone-60", 4), 60))
    scene = view.board_scene
    assert all(scene.baked_counts)
    triangles = [shape for shape in scene._layer.shapes if isinstance(shape, BakedPolygon)]
    assert triangles and all(shape.edges_hidden for shape in triangles)
    pictured = rendered(view, ratio)
    monkeypatch.setattr(BakedLayerItem, "MAX_PIXELS", 0)  # each shape drawn with a pen
    scene._rebake()
    one_by_one = rendered(view, ratio)
    difference = np.abs(pictured - one_by_one).max(axis=1)
    assert difference.max() <= 40
    assert (difference > 8).mean() < 0.0005


@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_triangles_copied_into_a_new_picture_look_as_blended_into_it(view, monkeypatch, ratio):
    # A picture drawn afresh takes the triangles under opaque strokes as they are (Source):
    # over its transparent pixels, with no two triangles overlapping, blending them gives the
    # same pixels.
    view.show_game(played(Board.generate("phone-60", 4), 60))
    scene = view.board_scene
    triangles = [shape for shape in scene._layer.shapes if isinstance(shape, BakedPolygon)]
    assert len(triangles) > 10 and all(shape.edges_hidden for shape in triangles)
    assert all(0 < shape.color.alpha() < 255 for shape in triangles)  # blending would show
    copied = rendered(view, ratio)
    draw = BakedLayerItem._draw_into_pixmap

    def blended(self, transform, shapes, under=False, cleared=False):
        draw(self, transform, shapes, under)

    monkeypatch.setattr(BakedLayerItem, "_draw_into_pixmap", blended)
    scene._rebake()
    assert np.array_equal(rendered(view, ratio), copied)


def test_a_game_opened_has_the_triangles_of_its_strokes_played_one_by_one(view):
    # An opening makes the whole board's fills at once: each as the stroke that closed it does.
    game = played(Board.generate("phone-60", 4), 60)
    view.show_game(game)
    scene = view.board_scene
    opened = [shape for shape in scene._layer.shapes if isinstance(shape, BakedPolygon)]
    one_by_one = [
        scene._baked_polygon(triangle, move.player)
        for move in game.moves
        for triangle in move.triangles
    ]
    assert len(opened) == len(one_by_one) > 10
    assert len({shape.color.rgba() for shape in opened}) > 2  # thin ones are more opaque
    for shape, alone in zip(opened, one_by_one, strict=True):
        assert shape.polygon == alone.polygon
        assert shape.color.rgba() == alone.color.rgba()
        assert shape.edges_hidden == alone.edges_hidden


def test_strokes_and_triangles_added_one_by_one_look_as_drawn_at_once(view, qtbot):
    # Painted again on the same device, each move is drawn into the picture it has: a triangle
    # goes under the strokes already there, as if drawn before them.
    board = Board.generate("phone-60", 4)
    game = played(board, 45)
    image = QImage(640, 460, QImage.Format.Format_ARGB32_Premultiplied)

    def shown(view) -> np.ndarray:
        image.fill(0)
        painter = QPainter(image)
        view.render(painter, QRectF(0, 0, 640, 460), view.viewport().rect())
        painter.end()
        return pixels(image)

    view.show_game(played(board, 25))
    shown(view)
    scene = view.board_scene
    for move in game.moves[25:]:
        scene.add_move(move, animate=False)
        shown(view)
        assert not scene._layer._stale and not scene._layer._pending  # drawn into it
    assert scene.baked_counts[1] > 0
    one_by_one = shown(view)
    fresh = BoardView(NEBULA)
    qtbot.addWidget(fresh)
    fresh.resize(640, 460)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.show_game(game)
    difference = np.abs(one_by_one - shown(fresh))
    assert difference.max() <= 3  # the rounding of blending in another order


def test_a_live_resize_stretches_the_picture_it_has(view, qtbot, monkeypatch):
    view.show_game(played(Board.generate("phone-60", 4), 40))
    scene = view.board_scene
    settled = rendered(view)
    view.viewport().repaint()  # the pictures for the screen (render() made some for an image)
    layer = scene._layer
    renders = []
    render = BakedLayerItem._render
    monkeypatch.setattr(
        BakedLayerItem,
        "_render",
        lambda layer, *args: renders.append(layer) or render(layer, *args),
    )
    view.resize(600, 430)
    view.resize(560, 400)  # a second step at once: a live resize
    assert layer.quick and view.cacheMode() == BoardView.CacheModeFlag.CacheNone
    view.viewport().repaint()
    assert view._reading_order == []  # the keyboard's order waits for the size
    view.cycle_cursor(1)  # ...unless Tab is pressed meanwhile
    assert view._reading_order and scene.cursor == view._reading_order[0]
    assert renders == []  # stretched, not drawn again
    view.resize(640, 460)  # back where it was
    qtbot.waitUntil(lambda: not layer.quick, timeout=3000)
    assert view.cacheMode() == BoardView.CacheModeFlag.CacheBackground
    scene.set_cursor(None)
    view.viewport().repaint()
    assert renders == []  # not drawn again for the size it had
    assert np.array_equal(rendered(view), settled)


def test_what_is_played_during_a_live_resize_shows_and_stays(view, qtbot):
    board = Board.generate("phone-60", 4)
    game = played(board, 41)
    view.show_game(played(board, 30))
    scene = view.board_scene
    view.viewport().repaint()
    view.resize(600, 430)
    view.resize(560, 400)
    view.viewport().repaint()
    assert scene._layer.quick
    for move in game.moves[30:]:
        scene.add_move(move, animate=False)
    view.viewport().repaint()
    qtbot.waitUntil(lambda: not scene._layer.quick, timeout=3000)
    during = rendered(view)
    fresh = BoardView(NEBULA)
    qtbot.addWidget(fresh)
    fresh.resize(560, 400)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.show_game(game)
    difference = np.abs(during - rendered(fresh)).max(axis=1)
    assert difference.max() <= 40 and (difference > 8).mean() < 0.0005


def test_the_sky_is_drawn_once_for_a_size_and_theme(view):
    view.show_game(Game(Board.generate("phone-60", 4)))
    first = rendered(view)
    sky = view._sky_picture
    view.show_game(Game(Board.generate("phone-60", 5)))  # another board: the same sky
    rendered(view)
    assert view._sky_picture is sky
    view.show_game(Game(Board.generate("phone-60", 4)))
    assert np.array_equal(rendered(view), first)
    view.set_theme(NEBULA)
    assert view._sky_picture is None  # drawn again for a theme
    rendered(view)
    assert view._sky_picture is not None and view._sky_picture is not sky


def test_the_background_is_drawn_again_only_when_the_board_moves(view, qtbot, monkeypatch):
    frames = []
    draw_frame = view._draw_board_frame
    monkeypatch.setattr(view, "_draw_board_frame", lambda p: frames.append(1) or draw_frame(p))

    def shown() -> np.ndarray:
        return pixels(view.grab().toImage())  # as painted on the screen, from the cache

    view.show_game(Game(Board.generate("phone-60", 4)))
    first = shown()
    frames.clear()
    view.show_game(Game(Board.generate("phone-60", 5)))  # as big: the same frame, cached
    shown()
    assert frames == []
    view.show_game(Game(Board.generate("tablet-180", 1)))  # another size: another frame
    larger = shown()
    assert frames
    fresh = BoardView(NEBULA)
    qtbot.addWidget(fresh)
    fresh.resize(640, 460)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.show_game(Game(Board.generate("tablet-180", 1)))
    assert np.array_equal(larger, pixels(fresh.grab().toImage()))
    view.show_game(Game(Board.generate("phone-60", 4)))
    assert np.array_equal(shown(), first)


def test_one_item_draws_every_star_of_a_new_board(view):
    scene = view.board_scene
    for count, preset in ((60, "phone-60"), (24, "phone-24"), (180, "tablet-180")):
        board = Board.generate(preset, 1)
        view.show_game(Game(board))
        assert scene.star_count == count
        assert [i for i in scene.items() if isinstance(i, StarField)] == [scene.star_field]
        assert np.array_equal(scene.star_field._points, np.asarray(board.star_list, float))
        assert scene.star_field.core_radius == scene.sizes.core


@pytest.mark.parametrize("ratio", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("shift", [0.0, 0.37])
def test_the_stars_picture_looks_as_each_star_drawn_in_its_place(view, ratio, shift):
    # Each star's picture is copied to the device pixel nearest its place: as Qt shows it
    # drawn smoothed at its place, whatever fraction of a pixel the view's transform puts it at.
    view.show_game(Game(Board.generate("phone-60", 4)))
    field = view.board_scene.star_field
    transform = view.viewportTransform() * QTransform.fromTranslate(shift, shift / 3)

    image = QImage(round(640 * ratio), round(460 * ratio), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(ratio)

    def draw(paint) -> np.ndarray:
        image.fill(QColor(12, 20, 40))
        painter = QPainter(image)
        painter.setWorldTransform(transform)
        paint(painter)
        painter.end()
        return pixels(image)

    pictured = draw(lambda painter: field.paint(painter, None))
    placed = field._copies
    assert len(placed) == 60
    again = draw(lambda painter: field.paint(painter, None))
    assert field._copies is placed  # placed once for the transform, copied at each paint

    def each_in_its_place(painter):
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        picture, g = field._shown, field.glow_radius
        for x, y in field._points.tolist():
            painter.drawPixmap(transform.map(QPointF(x, y)) - QPointF(g, g), picture)

    one_by_one = draw(each_in_its_place)
    assert np.abs(pictured - one_by_one).max() <= 2  # rounding: the stars meet the sky once
    assert np.array_equal(pictured, again)


def test_the_stars_of_a_part_repainted_are_those_of_the_whole(view):
    view.show_game(Game(Board.generate("phone-60", 4)))
    field = view.board_scene.star_field
    transform = view.viewportTransform()
    part = QRectF(200, 120, 90, 70)  # viewport pixels
    image = QImage(640, 460, QImage.Format.Format_ARGB32)

    def draw(exposed) -> np.ndarray:
        image.fill(QColor(12, 20, 40))
        painter = QPainter(image)
        painter.setClipRect(part)
        painter.setWorldTransform(transform)
        option = QStyleOptionGraphicsItem()
        option.exposedRect = exposed
        field.paint(painter, option)
        painter.end()
        return pixels(image)

    whole = draw(field.boundingRect())
    inverse, _ = transform.inverted()
    assert np.array_equal(draw(inverse.mapRect(part)), whole)
    assert whole.std() > 0  # there are stars in the part


def test_the_stars_box_and_picture_follow_their_size_and_colours():
    field = StarField()
    field.set_points(np.array([[10.0, 20.0], [110.0, 70.0]]))
    assert field.boundingRect() == QRectF(10 - 26, 20 - 26, 100 + 52, 50 + 52)  # glows, twice
    field.set_core_radius(6.0)
    g = field.glow_radius
    assert g == 26
    assert field.boundingRect() == QRectF(10 - 2 * g, 20 - 2 * g, 100 + 4 * g, 50 + 4 * g)
    field.set_pixel_size(0.5)  # zoomed in: the glow takes less of the scene
    assert field.boundingRect().left() == 10 - g
    image = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    field.paint(painter, None)
    white = field._shown
    field.set_colors(QColor("gold"), QColor("gold"))
    assert field._shown is None and field._key is None  # drawn again
    field.paint(painter, None)
    painter.end()
    assert field._shown is not white
    assert StarField._pictures  # shared by every field alike


def test_another_game_on_the_board_is_drawn_over_the_last_ones_picture(view, qtbot):
    board = Board.generate("phone-60", 4)
    view.show_game(played(board, 50))
    view.viewport().repaint()
    picture = view.board_scene._layer._pixmap
    shorter = played(board, 20)
    view.show_game(shorter)  # an undo, say: the same size, the same pixmap drawn again
    view.viewport().repaint()
    assert view.board_scene._layer._pixmap is picture
    fresh = BoardView(NEBULA)
    qtbot.addWidget(fresh)
    fresh.resize(640, 460)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.show_game(shorter)
    assert np.array_equal(rendered(view), rendered(fresh))
