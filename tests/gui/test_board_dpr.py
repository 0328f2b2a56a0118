"""A high-DPI screen shows the board as a standard one does, only sharper: strokes, guides,
markers and the board's frame are as wide in logical pixels at every device pixel ratio (a
cosmetic pen's width is in device pixels, so the items multiply it by the ratio)."""

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from triangles_qt.app.board_view import BoardView
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.themes import NEBULA

WIDTH, HEIGHT = 640, 460


@pytest.fixture
def view(qtbot):
    view = BoardView(NEBULA)
    qtbot.addWidget(view)
    view.resize(WIDTH, HEIGHT)
    view.show()
    qtbot.waitExposed(view)
    return view


def rendered(view, ratio: float) -> np.ndarray:
    """The view drawn on a device of pixel `ratio`: rows x columns x 4 channels."""
    size = view.viewport().size()
    width, height = round(size.width() * ratio), round(size.height() * ratio)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(0)
    painter = QPainter(image)
    view.render(painter, QRectF(0, 0, size.width(), size.height()), view.viewport().rect())
    painter.end()
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(height, -1)
    return rows[:, : width * 4].reshape(height, width, 4).astype(float)


def played(board: Board, count: int) -> Game:
    game = Game(board)
    for _ in range(count):
        best = max(game.legal_strokes(), key=lambda s: len(game.gain(int(s[0]), int(s[1]))))
        game.play(int(best[0]), int(best[1]))
    return game


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
