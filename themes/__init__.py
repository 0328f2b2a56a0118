"""The built-in themes: data files registered through the same plugin system as third-party ones."""

from pathlib import Path

from triangles_qt import hookimpl

_HERE = Path(__file__).resolve().parent


@hookimpl
def triangles_themes() -> list[str]:
    """The built-in theme files (Nebula, Daylight, High contrast), by path."""
    return [str(_HERE / name) for name in ("nebula.toml", "daylight.toml", "high-contrast.toml")]
