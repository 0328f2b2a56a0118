"""The themes the app can show: `triangles_qt.themes` when it is importable, Nebula always.

The themes module (no Qt) owns the theme format; this adapter only guarantees that the app has a
Nebula to fall back on and that a broken theme source never stops the app from starting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

try:  # the real module; the local copy below keeps the app alive while it is being written
    from triangles_qt.themes import NEBULA, Theme, load_themes  # type: ignore[attr-defined]
except Exception:  # noqa: BLE001 - any failure to import means "use the built-in default"

    @dataclass(frozen=True)
    class Theme:  # type: ignore[no-redef]
        id: str
        name: str
        background_top: str
        background_bottom: str
        background_image: str | None
        star: str
        star_glow: str
        player_strokes: tuple[str, str]
        player_fills: tuple[str, str]
        highlight: str
        warning: str
        text: str

    NEBULA = Theme(  # type: ignore[misc]
        id="nebula",
        name="Nebula",
        background_top="#060a1c",
        background_bottom="#1c1240",
        background_image=None,
        star="#f5f3ff",
        star_glow="#8fb0ff",
        player_strokes=("#ff6a3d", "#3d9bff"),
        player_fills=("#ff6a3d66", "#3d9bff66"),
        highlight="#ffe27a",
        warning="#ffd23f",
        text="#e9e7f7",
    )

    @dataclass
    class _ThemeSet:
        themes: dict[str, Any] = field(default_factory=dict)
        errors: list[str] = field(default_factory=list)

    def load_themes(registry: Any) -> _ThemeSet:  # type: ignore[misc]
        return _ThemeSet({NEBULA.id: NEBULA}, [])


def available_themes(registry: Any) -> tuple[dict[str, Any], list[str]]:
    """Theme id -> Theme (Nebula first, always present) and the messages of themes that failed."""
    try:
        loaded = load_themes(registry)
        themes = dict(loaded.themes)
        errors = [str(e) for e in loaded.errors]
    except Exception as exc:  # noqa: BLE001 - a broken theme source must not stop the app
        themes, errors = {}, [str(exc)]
    ordered = {NEBULA.id: themes.pop(NEBULA.id, NEBULA)}
    ordered.update(sorted(themes.items(), key=lambda item: str(item[1].name).lower()))
    return ordered, errors
