"""Running one function off the GUI thread and getting its result back on the GUI thread.

Like Anki's `taskman`: the worker never touches a widget; its result (or exception) travels back
through a queued signal and `on_done(result, error)` runs on the GUI thread. Workers are daemon
threads, not a QThreadPool, so a third-party strategy that never returns can neither block the
pool's other work nor stop the app from quitting.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal, Slot

_pending: set["_Relay"] = set()


class _Relay(QObject):
    """Lives on the GUI thread; the worker emits `finished` and Qt queues the delivery."""

    finished = Signal(object, object)

    def __init__(self, on_done: Callable[[Any, BaseException | None], None]) -> None:
        super().__init__()
        self._on_done = on_done
        self.finished.connect(self._deliver)

    @Slot(object, object)
    def _deliver(self, result: Any, error: BaseException | None) -> None:
        _pending.discard(self)
        self._on_done(result, error)


def run_in_background(
    work: Callable[[], Any],
    on_done: Callable[[Any, BaseException | None], None],
    name: str = "triangles-worker",
) -> None:
    """Run `work()` on a daemon thread; call `on_done(result, error)` on the GUI thread.

    Must be called from the GUI thread (the relay object is created here, so it lives here).
    """
    relay = _Relay(on_done)
    _pending.add(relay)

    def target() -> None:
        try:
            result, error = work(), None
        except BaseException as exc:  # delivered to the GUI thread, never lost in the worker
            result, error = None, exc
        relay.finished.emit(result, error)

    threading.Thread(target=target, name=name, daemon=True).start()
