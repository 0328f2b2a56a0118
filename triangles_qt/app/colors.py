"""Colour strings of the theme files ("#rrggbb", "#rrggbbaa") turned into QColor.

Qt reads an 8-digit "#aarrggbb", the theme files write CSS's "#rrggbbaa": this module is the one
place that knows the difference.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from triangles_qt.themes import contrast


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


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio of two opaque colours: 1 (same) to 21 (black on white)."""
    return contrast(a.name(), b.name())


def blend(base: QColor, top: QColor, amount: float) -> QColor:
    """`top` painted over `base` with opacity `amount` (0..1)."""
    return QColor.fromRgbF(
        *(
            b + (t - b) * amount
            for b, t in (
                (base.redF(), top.redF()),
                (base.greenF(), top.greenF()),
                (base.blueF(), top.blueF()),
            )
        )
    )


def readable_on(color: QColor, background: QColor, ratio: float = 4.5) -> QColor:
    """`color` as text on `background`: lightened on a dark background, darkened on a light one,
    just enough to reach `ratio` (WCAG's 4.5 for text), keeping its hue. A theme's player
    colours are chosen for strokes, which need less contrast than words."""
    toward = QColor("white") if background.lightnessF() < 0.5 else QColor("black")
    opaque = QColor(color.red(), color.green(), color.blue())
    step = 0.0
    candidate = opaque
    while contrast_ratio(candidate, background) < ratio and step < 1.0:
        step = min(1.0, step + 0.04)
        candidate = blend(opaque, toward, step)
    return candidate


def legible_alpha(colour: QColor, background: QColor, ratio: float, least: int = 0) -> QColor:
    """`colour` as translucent as it may be, from alpha `least` up, and still reach `ratio`
    painted over `background`."""
    for alpha in range(max(0, least), 256):
        if contrast_ratio(blend(background, colour, alpha / 255), background) >= ratio:
            return with_alpha(colour, alpha)
    return with_alpha(colour, 255)


def painted(colour: QColor, background: QColor) -> QColor:
    """What a translucent `colour` looks like painted over an opaque `background`."""
    return blend(background, colour, colour.alphaF())
