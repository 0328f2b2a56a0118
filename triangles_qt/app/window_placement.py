"""Where windows open. The main window: where the player left it if that still fits a screen (a
monitor may have gone, or the scale changed), otherwise sized from the screen's free area,
whatever its scale factor, and centred on it; a second copy of the app running opens a step down
and to the right of the first (`WindowPlace`), not exactly over it. Every other window: its
preferred size, or less when the screen's free area is smaller (`fit_to_screen`), so that no
button or column is ever out of reach, on a small laptop screen or at a scale of 200%."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QLockFile, QPoint, QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

PREFERRED = (960, 760)  # logical pixels, when the screen has room
SHARE = 0.9  # of the screen's free area at most, frame included
FRAME_ALLOWANCE = (16, 48)  # a title bar and borders, before the window manager says
CASCADE_PX = 32  # how far each further copy of the app opens from the one before
MAX_PLACES = 32


class WindowPlace:
    """Which running copy of the app this window is: 0 for the first, 1 for a second started
    beside it, ... Each holds a lock file in `folder` while it runs (a copy that crashed leaves
    one naming a process that is gone, which the next start takes over)."""

    def __init__(self, folder: Path) -> None:
        self.index = 0
        self._lock: QLockFile | None = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return  # no place to keep it: every window is the first
        for n in range(MAX_PLACES):
            lock = QLockFile(str(folder / f"window-{n + 1}.lock"))
            lock.setStaleLockTime(0)  # stale only when its process is gone
            if lock.tryLock(0):
                self.index, self._lock = n, lock
                return

    def release(self) -> None:
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None


def place_window(window: QWidget, saved: bytes, place: int = 0) -> None:
    """Restore `saved` (saveGeometry() bytes) if it fits a screen, else a first placement; the
    `place`-th copy of the app running (0: the first) opens that many steps down and right, as
    far as its screen allows."""
    _place_window(window, saved)
    if place:
        step = QPoint(CASCADE_PX, CASCADE_PX)
        for k in range(place, 0, -1):  # as far as it fits
            moved = window.geometry().translated(step * k)
            if fits_a_screen(moved):
                window.move(window.pos() + step * k)
                return


def _place_window(window: QWidget, saved: bytes) -> None:
    if saved and window.restoreGeometry(QByteArray(saved)) and fits_a_screen(window.geometry()):
        return
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(*PREFERRED)
        return
    area = screen.availableGeometry()
    width = min(PREFERRED[0], int(area.width() * SHARE) - FRAME_ALLOWANCE[0])
    height = min(PREFERRED[1], int(area.height() * SHARE) - FRAME_ALLOWANCE[1])
    window.resize(max(width, 1), max(height, 1))
    frame = QRect(0, 0, window.width() + FRAME_ALLOWANCE[0], window.height() + FRAME_ALLOWANCE[1])
    frame.moveCenter(area.center())
    window.move(frame.topLeft())


def fits_a_screen(rect: QRect) -> bool:
    """Whether some screen's free area holds `rect` (the window without its frame)."""
    return any(screen.availableGeometry().contains(rect) for screen in QGuiApplication.screens())


def fit_to_screen(window: QWidget, preferred: tuple[int, int]) -> None:
    """Size `window` to `preferred` (logical pixels), or to SHARE of its screen's free area,
    frame included, when that is smaller; Qt places a dialog within the screen when it shows."""
    parent = window.parentWidget()
    screen = (parent.screen() if parent is not None else window.screen()) or (
        QGuiApplication.primaryScreen()
    )
    if screen is None:
        window.resize(*preferred)
        return
    area = screen.availableGeometry()
    width = min(preferred[0], int(area.width() * SHARE) - FRAME_ALLOWANCE[0])
    height = min(preferred[1], int(area.height() * SHARE) - FRAME_ALLOWANCE[1])
    window.resize(max(width, 1), max(height, 1))
