"""How the app looks around the board: its icon, the themes the Theme menu offers, and the widget
palette of a theme, so that menus and dialogs sit well beside its sky."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QColor, QIcon, QPalette

from triangles_qt.themes import NEBULA, Theme, ThemeSet, load_themes

from .colors import blend, contrast_ratio, qcolor, readable_on, with_alpha

ICON_PATH = Path(__file__).with_name("resources") / "triangles.svg"


def app_icon() -> QIcon:
    return QIcon(str(ICON_PATH)) if ICON_PATH.is_file() else QIcon()


def available_themes(registry: Any) -> tuple[dict[str, Theme], ThemeSet]:
    """Theme id -> Theme for the Theme menu (Nebula first, the others by name), and the loaded
    set itself (which plugin gave which theme, which were skipped)."""
    loaded = load_themes(registry)
    others = [theme for theme in loaded.themes.values() if theme.id != NEBULA.id]
    ordered = {NEBULA.id: NEBULA}
    ordered.update((theme.id, theme) for theme in sorted(others, key=lambda t: t.name.lower()))
    return ordered, loaded


def theme_palette(theme) -> QPalette:
    """A widget palette matching the theme, so menus and dialogs sit well beside the sky."""
    sky, text = qcolor(theme.background_top), qcolor(theme.text)
    dark = sky.lightness() < 128
    window = sky.lighter(135) if dark else sky
    if dark and window.value() < 48:
        # lighter() scales the value, so it cannot lift a black sky: every shade derived from
        # it would stay black and frames, separators and indicators would vanish.
        window = QColor.fromHsv(max(window.hsvHue(), 0), window.hsvSaturation(), 48)
    # The accent marks focus and selection: Fusion draws the focus frame in a darker shade of
    # it, which must still stand out (3:1) from the window.
    accent = readable_on(qcolor(theme.player_strokes[1]), window, 4.5)
    # Selected text stays white (the themes' look) unless a lightened accent makes it faint.
    white = QColor("white")
    on_accent = white if contrast_ratio(white, accent) >= 3 else QColor("black")
    # Fusion draws indicator outlines in a darker shade of Window and fills them with Base: on
    # a dark sky Base must be clearly lighter, or radio buttons and check boxes vanish.
    base = window.lighter(175) if dark else QColor("white")
    # Fusion derives a scroll bar's groove from Base and its handle from Button: on a dark sky
    # the handle must be the lighter one, while button text stays readable.
    button = blend(base, text, 0.2) if dark else window.darker(105)
    palette = QPalette()
    roles = {
        QPalette.Window: window,
        QPalette.WindowText: text,
        QPalette.Base: base,
        QPalette.AlternateBase: window,
        QPalette.Text: text,
        QPalette.Button: button,
        QPalette.ButtonText: text,
        QPalette.BrightText: qcolor(theme.warning),
        QPalette.Highlight: accent,
        QPalette.HighlightedText: on_accent,
        QPalette.ToolTipBase: window,
        QPalette.ToolTipText: text,
        QPalette.PlaceholderText: with_alpha(text, 120),
        QPalette.Link: accent.lighter(130) if dark else accent,
        QPalette.Light: window.lighter(190) if dark else window.lighter(115),
        QPalette.Midlight: window.lighter(160) if dark else window.lighter(105),
        QPalette.Mid: window.lighter(130) if dark else window.darker(125),
        QPalette.Dark: window.darker(150),
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        palette.setColor(QPalette.Disabled, role, with_alpha(text, 110))
    return palette
