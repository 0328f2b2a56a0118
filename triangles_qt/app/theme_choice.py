"""The Theme menu's choices: every installed theme, and "System", which follows the desktop's
light or dark colour scheme (Qt's colour-scheme hint) and switches as soon as the desktop does.
Nebula stays the default."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QGuiApplication

from triangles_qt.themes import NEBULA

SYSTEM = "system"
LIGHT, DARK = "daylight", NEBULA.id


def resolve(choice: str, themes: Mapping[str, object]) -> str:
    """The theme to show for a menu choice: "System" becomes Daylight on a light desktop and
    Nebula on a dark one (or when the desktop does not say)."""
    if choice != SYSTEM:
        return choice
    wanted = LIGHT if desktop_scheme() == Qt.ColorScheme.Light else DARK
    return wanted if wanted in themes else NEBULA.id


def desktop_scheme() -> Qt.ColorScheme:
    return QGuiApplication.styleHints().colorScheme()


class ThemeNames(QObject):
    """The menu names of the choices the app ships, in the language in use."""

    def names(self) -> dict[str, str]:
        return {
            SYSTEM: self.tr("System"),
            NEBULA.id: self.tr("Nebula"),
            "daylight": self.tr("Daylight"),
            "high-contrast": self.tr("High contrast"),
        }
