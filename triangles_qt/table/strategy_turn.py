"""One computer stroke, thought about off the GUI thread: the only path by which the app asks a
strategy (for a computer seat's move or for a hint).

The strategy runs on its own daemon thread (`SafeStrategy.begin`); one timer on the GUI thread
gives it the time allowed (triangles_qt/computer_move.py). Whichever comes first, its return
(relayed to the GUI thread by a queued signal) or the timer, concludes the turn:
`SafeStrategy.conclude` gives the strategy's legal stroke or the fallback's, and `chosen` carries
it. The worker never touches a widget, and a strategy that never returns can neither block other
work nor keep the app from quitting.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from triangles_qt.core.position import Position
from triangles_qt.strategy_runner import Choice, SafeStrategy, StrategyCall


class _Relay(QObject):
    """Carries "the call returned" from the worker thread to the GUI thread. It lives until it
    has delivered (kept in `_pending`), whatever happens to the turn meanwhile."""

    returned = Signal()

    def delivered(self) -> None:
        _pending.discard(self)


_pending: set[_Relay] = set()


class StrategyTurn(QObject):
    """Asks `runner` for a stroke in `position` within `budget_s`; emits `chosen(Choice)` once,
    unless `cancel()` came first. Made on the GUI thread, one per stroke asked for."""

    chosen = Signal(object)  # Choice

    def __init__(
        self,
        runner: SafeStrategy,
        position: Position,
        budget_s: float,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._runner = runner
        self._position = position
        self._budget_s = budget_s
        self._cancelled = False
        self._concluded = False
        self._relay = relay = _Relay()
        relay.returned.connect(self._conclude)
        relay.returned.connect(relay.delivered)
        _pending.add(relay)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._conclude)
        self._call: StrategyCall | None = runner.begin(
            position, budget_s, self._relay.returned.emit
        )
        if self._call is None:  # not asked (busy, or replaced): the answer is known now
            _pending.discard(relay)
            QTimer.singleShot(0, self, self._conclude)
        else:
            self._timer.start(round(runner.time_limit_s(budget_s) * 1000))

    def cancel(self) -> None:
        """The stroke is no longer wanted (undo, new game, closing). A call still running keeps
        its deadline: past it, its strategy counts as busy until it returns."""
        self._cancelled = True
        if self._call is None or self._call.done.is_set():
            self._finish()
        else:  # the turn outlives whoever asked (a seat of a game now over) until the deadline
            self.setParent(QCoreApplication.instance())

    def _conclude(self) -> None:
        if self._concluded:
            return
        call = self._call
        if self._cancelled:
            if call is not None and not call.done.is_set():
                call.abandon()
            self._finish()
            return
        self._concluded = True
        choice: Choice = self._runner.conclude(self._position, call, self._budget_s)
        self._finish()
        self.chosen.emit(choice)

    def _finish(self) -> None:
        self._concluded = True
        self._timer.stop()
        self._relay.returned.disconnect(self._conclude)
        self.deleteLater()
