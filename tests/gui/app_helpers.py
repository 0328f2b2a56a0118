"""Helpers of the desktop app's tests: fake strategies and registry, clicking stars, games played
greedily to show on a board, a board drawn at any pixel ratio."""

import threading

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game


def rendered(view, ratio: float, stars_over=None) -> np.ndarray:
    """A BoardView drawn on a device of pixel `ratio`: rows x columns x 4 channels.
    `stars_over(painter)`: the stars drawn over it by the test instead of by the view."""
    size = view.viewport().size()
    width, height = round(size.width() * ratio), round(size.height() * ratio)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(0)
    painter = QPainter(image)
    field = view.board_scene.star_field
    field.setVisible(stars_over is None)
    view.render(painter, QRectF(0, 0, size.width(), size.height()), view.viewport().rect())
    field.setVisible(True)
    if stars_over is not None:
        painter.setWorldTransform(view.viewportTransform())
        stars_over(painter)
    painter.end()
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(height, -1)
    return rows[:, : width * 4].reshape(height, width, 4).astype(float)


def played(board: Board, count: int) -> Game:
    """A game on `board` after `count` strokes, each one closing the most triangles it can."""
    game = Game(board)
    for _ in range(count):
        best = max(game.legal_strokes(), key=lambda s: len(game.gain(int(s[0]), int(s[1]))))
        game.play(int(best[0]), int(best[1]))
    return game


class FirstStrokeStrategy:
    """A fast computer player: the first stroke that closes most triangles."""

    id = "first"
    name = "First"

    def choose_stroke(self, position, budget_s):
        best, best_gain = None, -1
        for i, j in position.legal_strokes():
            gain = position.gain((int(i), int(j)))
            if gain > best_gain:
                best, best_gain = (int(i), int(j)), gain
        return best


class BlockingStrategy:
    """Answers only once `release` is set (or never, if a test forgets: daemon threads)."""

    def __init__(self, strategy_id="blocking"):
        self.id = strategy_id
        self.name = strategy_id.title()
        self.called = threading.Event()
        self.release = threading.Event()
        self.returned = threading.Event()

    def choose_stroke(self, position, budget_s):
        self.called.set()
        self.release.wait(30)
        self.returned.set()
        i, j = position.legal_strokes()[0]
        return int(i), int(j)


class FakeRegistry:
    """Just enough of PluginRegistry for the app: strategies by id, no themes."""

    loaded: list = []
    failed: list = []

    def __init__(self, *strategies):
        self._strategies = list(strategies) or [FirstStrokeStrategy()]

    def strategies(self):
        return list(self._strategies)

    def strategy(self, strategy_id):
        for strategy in self._strategies:
            if strategy.id == strategy_id:
                return strategy
        raise KeyError(strategy_id)

    def plugin_of(self, strategy_id):
        self.strategy(strategy_id)
        return "test-plugin"

    def themes(self):
        return []


def click_star(qtbot, view, i, button=Qt.LeftButton):
    qtbot.mouseClick(view.viewport(), button, pos=view.star_view_pos(i))


def is_failure(notice):
    """Whether a session notice tells that a computer player failed."""
    from triangles_qt.app.notices import NoticeKind

    return notice.kind == NoticeKind.COMPUTER_FAILED
