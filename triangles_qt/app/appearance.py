"""How the app looks around the board: its icon, the themes the Theme menu offers, and the widget
palette of a theme, so that menus and dialogs sit well beside its sky."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QColor, QIcon, QPalette

from triangles_qt.themes import NEBULA, Theme, ThemeSet, load_themes

from .colors import blend, contrast_ratio, legible_alpha, painted, qcolor, readable_on, with_alpha
from .frame_style import button_faces

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
    """A widget palette matching the theme, so menus and dialogs sit well beside the sky. Every
    text colour reaches the theme's text contrast (`Theme.text_contrast`: 4.5:1, or 7:1 for an
    AAA theme) on what it is written on; `palette_pairs` lists what is measured."""
    sky, text = qcolor(theme.background_top), qcolor(theme.text)
    ratio = theme.text_contrast
    dark = sky.lightness() < 128
    window = sky.lighter(135) if dark else sky
    if dark and window.value() < 48:
        # lighter() scales the value, so it cannot lift a black sky: every shade derived from
        # it would stay black and frames, separators and indicators would vanish.
        window = QColor.fromHsv(max(window.hsvHue(), 0), window.hsvSaturation(), 48)
    # The accent marks focus and selection: Fusion draws the focus frame in a darker shade of
    # it, which must still stand out (3:1) from the window.
    accent = readable_on(qcolor(theme.player_strokes[1]), window, 4.5)
    # Selected text is white or black, whichever reads better on the accent; if neither reaches
    # the theme's measure the accent moves away from it.
    on_accent = max(
        (QColor("white"), QColor("black")), key=lambda colour: contrast_ratio(colour, accent)
    )
    accent = readable_on(accent, on_accent, ratio)
    # Fusion draws indicator outlines in a darker shade of Window and fills them with Base: on
    # a dark sky Base must be clearly lighter, or radio buttons and check boxes vanish.
    base = window.lighter(175) if dark else QColor("white")
    # Fusion derives a scroll bar's groove from Base and its handle from Button: on a dark sky
    # the handle must be the lighter one, while button text stays readable. A button's edge is
    # drawn at 3:1 by FrameStyle, so its face need not stand out from the window.
    button = button_under(text, blend(base, text, 0.2) if dark else window.darker(105), ratio)
    if dark and button.lightness() < base.lightness() + 16:
        # The button was darkened for its text: Base goes below it (as in most dark desktop
        # themes), since Fusion paints the groove much lighter than Base and the handle only a
        # little lighter than Button.
        base = button.darker(160)
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: window,
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: button,
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: qcolor(theme.warning),
        QPalette.ColorRole.Highlight: accent,
        QPalette.ColorRole.HighlightedText: on_accent,
        QPalette.ColorRole.ToolTipBase: window,
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: legible_alpha(text, base, ratio, least=120),
        QPalette.ColorRole.Link: readable_on(
            accent.lighter(130) if dark else accent, window, ratio
        ),
        QPalette.ColorRole.Light: window.lighter(190) if dark else window.lighter(115),
        QPalette.ColorRole.Midlight: window.lighter(160) if dark else window.lighter(105),
        QPalette.ColorRole.Mid: window.lighter(130) if dark else window.darker(125),
        QPalette.ColorRole.Dark: window.darker(150),
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, with_alpha(text, 110))
    return palette


def button_under(text: QColor, button: QColor, ratio: float) -> QColor:
    """`button`, moved away from `text` just far enough that `text` reaches `ratio` on every
    shade Fusion paints the button's face in (`button_faces`)."""
    away = QColor("black") if text.lightnessF() >= 0.5 else QColor("white")
    candidate, step = QColor(button), 0.0
    while step < 1.0 and min(contrast_ratio(text, f) for f in button_faces(candidate)) < ratio:
        step = min(1.0, step + 0.02)
        candidate = blend(button, away, step)
    return candidate


def palette_pairs(palette: QPalette) -> list[tuple[str, QColor, QColor]]:
    """The palette's text colours with what each is written on (translucent ones as painted, a
    button's face in its worst shade as Fusion paints it): what `theme_palette` keeps at the
    theme's text contrast."""
    role = palette.color
    R = QPalette.ColorRole
    text = role(R.ButtonText)
    face = min(button_faces(role(R.Button)), key=lambda f: contrast_ratio(text, f))
    return [("button face", text, face)] + [
        (name, painted(role(fg), role(bg)), role(bg))
        for name, fg, bg in (
            ("window text", R.WindowText, R.Window),
            ("text", R.Text, R.Base),
            ("button text", R.ButtonText, R.Button),
            ("selected text", R.HighlightedText, R.Highlight),
            ("tool tip", R.ToolTipText, R.ToolTipBase),
            ("placeholder", R.PlaceholderText, R.Base),
            ("link", R.Link, R.Window),
        )
    ]
