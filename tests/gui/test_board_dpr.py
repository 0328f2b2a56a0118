"""A high-DPI screen shows the board as a standard one does, only sharper: strokes, guides,
markers and the board's frame are as wide in logical pixels at every device pixel ratio (a
cosmetic pen's width is in device pixels, so the items multiply it by the ratio)."""

import numpy as np
import pytest
from app_helpers import played, rendered

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game

WIDTH, HEIGHT = 640, 460


def test_strokes_cover_four_times_the_device_pixels_at_twice_the_ratio(view):
    # Twice as long and twice as wide in device pixels: four times the area. (Widths in device
    # pixels would make it twice: strokes half as thick on the screen.)
    board = Board.generate("phone-60", 4)
    areas = []
    for ratio in (1.0, 2.0):
        view.show_game(Game(board))
        empty = rendered(view, ratio)
        view.show_game(played(board, 2))  # one baked stroke, and the last one with its glow
        areas.append(np.abs(rendered(view, ratio) - empty).sum())
    assert areas[0] > 0
    assert areas[1] / areas[0] == pytest.approx(4.0, rel=0.1)


def test_a_board_at_twice_the_ratio_looks_the_same_only_sharper(view):
    view.show_game(played(Board.generate("phone-60", 4), 40))
    view.board_scene.show_rejected(3, 9)  # a dashed guide line
    view.board_scene.set_cursor(5)  # a dashed ring
    once = rendered(view, 1.0)
    twice = rendered(view, 2.0)
    # Each pixel at ratio 1 against the mean of the four it is at ratio 2: only the rims of
    # what is drawn differ (antialiased at another resolution).
    halved = twice.reshape(HEIGHT, 2, WIDTH, 2, 4).mean(axis=(1, 3))
    difference = np.abs(once - halved).max(axis=2)
    assert difference.mean() < 1.5
    assert (difference > 48).mean() < 0.005
