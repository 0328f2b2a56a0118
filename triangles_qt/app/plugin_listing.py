"""The plugins' listing at start, without making the player wait for it: the window opens with
what is known without running plugin code (the built-in levels and themes) while a process of
its own lists the plugins (triangles_qt/engine/listing.py), on Qt's event loop; `listed` then
brings the whole registry, and the opponent list and the Theme menu fill in. A start whose
plugins have not changed since the last listing has the registry at once."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QProcess, QTimer, Signal

from triangles_qt.engine.listing import LISTING_TIMEOUT_S, Listing

STDERR_KEPT = 4000  # bytes of the lister's last words kept for Settings > Plugins


class PluginListing(QObject):
    """`registry`: the listing's when it is done (`done`), else the provisional one; `listed`
    is emitted once with the listing's registry when it was not done at once."""

    listed = Signal(object)

    def __init__(
        self, extra_dirs: Iterable[str | os.PathLike[str]] = (), parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._listing = Listing(extra_dirs)
        kept = self._listing.kept()
        self.done = kept is not None
        self.registry: Any = kept if kept is not None else self._listing.provisional()
        if self.done:
            return
        # A plugin that floods its standard error fills a file, not the app's memory.
        handle, self._stderr = tempfile.mkstemp(prefix="triangles-listing-", suffix=".txt")
        os.close(handle)
        self._process = QProcess(self)
        self._process.setStandardErrorFile(self._stderr)
        self._process.setStandardInputFile(QProcess.nullDevice())
        self._process.finished.connect(self._finished)
        self._process.errorOccurred.connect(self._error)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._timed_out)
        program, *arguments = self._listing.command
        self._process.start(program, arguments)
        self._timer.start(round(LISTING_TIMEOUT_S * 1000))
        app = QCoreApplication.instance()
        if app is not None:  # a player who quits at once does not leave the lister running
            app.aboutToQuit.connect(self._stop)

    def _stop(self) -> None:
        if self.done:
            return
        # Quitting: nothing is listed any more (no `listed`, so no first game is started after
        # the quit, and the built-in plugins are not loaded here for a registry nobody uses).
        self.done = True
        self._timer.stop()
        self._process.finished.disconnect(self._finished)
        self._process.errorOccurred.disconnect(self._error)
        if self._process.state() != QProcess.ProcessState.NotRunning:
            self._process.kill()
            self._process.waitForFinished(2000)
        try:
            os.unlink(self._stderr)
        except OSError:
            pass

    def when_listed(self, then: Callable[[Any], object]) -> None:
        """Call `then(registry)` once the listing is done (soon after this call if it is)."""
        if self.done:
            QTimer.singleShot(0, self, lambda: then(self.registry))
        else:
            self.listed.connect(then)

    def wait(self) -> None:
        """Wait for the listing here (a choice the command line made needs it now)."""
        if not self.done:
            self._process.waitForFinished(round(LISTING_TIMEOUT_S * 1000))
            if not self.done:
                self._timed_out()

    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        if self.done:
            return
        if status != QProcess.ExitStatus.NormalExit or code != 0:
            self._settle(None, f"the listing process stopped with exit code {code}")
            return
        output = bytes(self._process.readAllStandardOutput().data())
        try:
            self._settle(self._listing.registry_from(output), "")
        except (ValueError, LookupError, TypeError) as exc:
            self._settle(None, str(exc))

    def _error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._settle(None, f"the listing process did not start ({self._process.errorString()})")

    def _timed_out(self) -> None:
        self._process.kill()
        self._settle(None, f"the listing process took more than {LISTING_TIMEOUT_S:g} s")

    def _settle(self, registry: Any, why: str) -> None:
        if self.done:
            return
        self.done = True
        self._timer.stop()
        if registry is None:
            registry = self._listing.failed(why, self._stderr_tail())
        try:
            os.unlink(self._stderr)
        except OSError:
            pass
        self.registry = registry
        self.listed.emit(registry)

    def _stderr_tail(self) -> str:
        try:
            with open(self._stderr, "rb") as stderr:
                stderr.seek(max(0, stderr.seek(0, os.SEEK_END) - STDERR_KEPT))
                return stderr.read().decode("utf-8", "replace")
        except OSError:
            return ""
