"""Where windows open. The main window: where the player left it if that still fits a screen (a
monitor may have gone, or the scale changed), otherwise sized from the screen's free area,
whatever its scale factor, and centred on it. Every other window: its preferred size, or less
when the screen's free area is smaller (`fit_to_screen`), so that no button or column is ever
out of reach, on a small laptop screen or at a scale of 200%."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

PREFERRED = (960, 760)  # logical pixels, when the screen has room
SHARE = 0.9  # of the screen's free area at most, frame included
FRAME_ALLOWANCE = (16, 48)  # a title bar and borders, before the window manager says


def place_window(window: QWidget, saved: bytes) -> None:
    """Restore `saved` (saveGeometry() bytes) if it fits a screen, else a first placement."""
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
