"""Ctrl-C in the terminal that started the app, and `kill`, close it as its window's Quit does:
the window keeps its place and settings, an online friend is told, the engines stop.

Python runs its signal handlers only between bytecodes, and while Qt waits for events none run:
unhandled, Ctrl-C was ignored until the pointer next moved over the board, then printed a
traceback. The signal's number is written to a socket (signal.set_wakeup_fd) that Qt's event
loop watches, so the window closes at once.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

from PySide6.QtCore import QObject, QSocketNotifier
from PySide6.QtWidgets import QApplication

QUITTING_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class QuitOnSignals(QObject):
    """While it is installed, SIGINT and SIGTERM close every window and end the event loop."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._app = app
        # A pipe: a socket pair would do too, but importing socket costs the start 5 ms.
        self._woken, self._waker = os.pipe()
        for end in (self._woken, self._waker):
            os.set_blocking(end, False)
        self._previous = {number: signal.signal(number, _noted) for number in QUITTING_SIGNALS}
        self._previous_fd = signal.set_wakeup_fd(self._waker)
        self._notifier = QSocketNotifier(self._woken, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._quit)

    def _quit(self) -> None:
        try:
            os.read(self._woken, 64)
        except OSError:  # nothing there: woken for another reason
            return
        self._app.closeAllWindows()
        self._app.quit()

    def uninstall(self) -> None:
        """Give the signals back to whoever had them before."""
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._previous_fd)
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        os.close(self._woken)
        os.close(self._waker)


def quit_on_signals(app: QApplication) -> QuitOnSignals | None:
    """Install QuitOnSignals where signals wake Qt through a pipe: not on Windows, whose wakeup
    descriptor must be a socket (there Ctrl-C stays as Python leaves it)."""
    return None if sys.platform == "win32" else QuitOnSignals(app)


def _noted(number: int, frame: FrameType | None) -> None:
    """The Python side of the handler: nothing to do, the wakeup socket carries the signal."""
