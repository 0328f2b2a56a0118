"""Helpers of the desktop app's tests: fake strategies and registry, clicking stars."""

import threading

from PySide6.QtCore import Qt


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
