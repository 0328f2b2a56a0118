"""The stars on screen: each star's picture copied to the device pixel nearest its place
(StarField), which is how Qt shows a star's picture drawn smoothed at its place. The picture and
the places are kept between paints; these check that what is shown stays right after whatever
changes them: another pixel ratio, a theme, a size, a zoom, another board."""

import dataclasses

import numpy as np
from app_helpers import played, rendered
from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter

from triangles_qt.app.board_items import StarField
from triangles_qt.app.colors import qcolor
from triangles_qt.core.board import Board
from triangles_qt.themes import NEBULA

GOLDEN = dataclasses.replace(NEBULA, id="golden", star="#ffd27a", star_glow="#ff8a5c80")
BIG = dataclasses.replace(GOLDEN, id="big", marks=1.6)


def each_star_drawn_afresh(view):
    """Every star drawn smoothed at its place, from a picture made now for the theme and the
    sizes the scene has (none of the field's kept pictures or places)."""
    scene, theme = view.board_scene, view.board_scene.theme
    fresh = StarField()
    fresh.set_colors(qcolor(theme.star), qcolor(theme.star_glow))
    fresh.set_core_radius(scene.sizes.core)
    fresh.set_glow_scale(theme.marks)

    def draw(painter: QPainter) -> None:
        ratio = painter.device().devicePixelRatioF()
        picture, g = fresh._picture(ratio), fresh.glow_radius
        transform = painter.worldTransform()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        for x, y in scene.positions().tolist():
            painter.drawPixmap(transform.map(QPointF(x, y)) - QPointF(g, g), picture)

    return draw


def assert_stars_right(view, ratio: float) -> None:
    shown = rendered(view, ratio)
    expected = rendered(view, ratio, each_star_drawn_afresh(view))
    assert np.abs(shown - expected).max() <= 2
    assert shown.std() > 0


def test_the_stars_stay_right_through_ratios_themes_sizes_and_zooms(view, qtbot):
    view.show_game(played(Board.generate("phone-60", 4), 20))
    assert_stars_right(view, 1.0)
    assert_stars_right(view, 1.5)  # another device: another picture, other places
    assert_stars_right(view, 2.0)

    view.set_theme(GOLDEN)  # other colours, on the device painted last
    assert_stars_right(view, 2.0)
    view.set_theme(BIG)  # bigger stars
    assert_stars_right(view, 2.0)

    scene = view.board_scene
    view.resize(520, 700)  # a live resize, then the size settles
    qtbot.waitUntil(lambda: not scene._layer.quick, timeout=3000)
    assert_stars_right(view, 2.0)
    assert_stars_right(view, 1.0)

    view.set_zoom(2.0)
    assert_stars_right(view, 2.0)

    view.set_theme(NEBULA)
    view.fit_whole_board()
    view.show_game(played(Board.generate("tablet-180", 2), 30))  # another board
    assert_stars_right(view, 2.0)
    assert_stars_right(view, 1.0)


def test_the_stars_drawn_during_a_live_resize_are_at_their_places(view, qtbot):
    view.show_game(played(Board.generate("phone-60", 4), 10))
    scene = view.board_scene
    assert_stars_right(view, 2.0)
    view.resize(600, 430)
    assert scene._layer.quick  # being resized
    assert_stars_right(view, 2.0)
    qtbot.waitUntil(lambda: not scene._layer.quick, timeout=3000)
    assert_stars_right(view, 2.0)
