"""Colour strings of the theme files ("#rrggbb", "#rrggbbaa") turned into QColor.

Qt reads an 8-digit "#aarrggbb", the theme files write CSS's "#rrggbbaa": this module is the one
place that knows the difference.
"""

from __future__ import annotations

from PySide6.QtGui import QColor


def qcolor(spec: str | QColor, fallback: str = "#ff00ff") -> QColor:
    """The QColor for a theme colour string; `fallback` for anything unreadable."""
    if isinstance(spec, QColor):
        return QColor(spec)
    text = str(spec).strip()
    if text.startswith("#") and len(text) == 9:
        try:
            r, g, b, a = (int(text[k : k + 2], 16) for k in (1, 3, 5, 7))
        except ValueError:
            return QColor(fallback)
        return QColor(r, g, b, a)
    color = QColor(text)
    return color if color.isValid() else QColor(fallback)


def with_alpha(color: QColor, alpha: int) -> QColor:
    """A copy of `color` with its alpha channel set to `alpha` (0..255)."""
    copy = QColor(color)
    copy.setAlpha(max(0, min(255, alpha)))
    return copy


def faded(color: QColor, alpha: int) -> QColor:
    """A copy of `color` whose alpha is `alpha` (0..255) scaled by the colour's own alpha."""
    copy = QColor(color)
    copy.setAlpha(max(0, min(255, round(alpha * color.alpha() / 255))))
    return copy
