"""How a board is named to players: its family and its stars ("Phone · 60 stars"), the same in
the status bar and the History window."""

from __future__ import annotations

from PySide6.QtCore import QObject

from triangles_qt.core.board import PRESETS

from .plurals import plural


class BoardDescription(QObject):
    def text(self, preset: str | None, stars: int) -> str:
        family = PRESETS.get(preset or "")
        if family is None:
            name = self.tr("custom board")
        else:
            name = self.tr("Phone") if family.family == "phone" else self.tr("Tablet")
        return plural(self.tr("%1 · %n star(s)", "", stars), stars).replace("%1", name)
