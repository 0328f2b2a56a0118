"""Themes: the TOML theme format, its validation, the built-in Nebula theme and the set of themes
the app can offer (docs/rules.md section 7). No Qt here: the view turns these strings into colours.

A theme file looks like this (every key is required unless marked optional)::

    id = "nebula"                      # [a-z0-9._-]+, unique among themes
    name = "Nebula"

    [background]
    top = "#0a0f2c"                    # vertical gradient, #rrggbb
    bottom = "#231a4d"
    image = "stars.png"                # optional, relative to the TOML file; PNG, JPEG, GIF,
                                       # BMP or WebP (see theme_image.py: no SVG)

    [stars]
    colour = "#f4f1ff"
    glow = "#9fb4ff99"

    [players]                          # Player 1 first, then Player 2
    strokes = ["#ff5a36", "#3d8bff"]
    fills = ["#ff5a3659", "#3d8bff59"]

    highlight = "#fff3a3"              # the star under the pointer, the stroke being drawn
    hint = "#7fe8c8"                   # optional: the hinted stroke (default: highlight)
    warning = "#ff4fa3"                # a refused stroke
    text = "#e8eaf6"
    contrast = "AA"                    # optional: the WCAG level the theme promises, AA or AAA

    [board]                            # optional
    marks = 1.0                        # stars and strokes this many times their size, 1 to 2
    decoration = true                  # the faint specks and clouds of the sky

Colours are ``#rrggbb`` or ``#rrggbbaa`` (alpha last, as in CSS). Note that Qt's ``QColor("#...")``
reads an 8-digit string as ``#aarrggbb``: build colours with `colour_rgba` instead.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from .core.safe_read import TooLarge, read_regular_file
from .defaults import MAX_PLUGIN_TEXT_LENGTH
from .theme_image import RASTER_SUFFIXES, CheckedImage, ImageRefused, check_image

MAX_THEME_FILE_BYTES = 64 * 1024
MAX_IMAGE_BYTES = 32 * 1024 * 1024
IMAGE_SUFFIXES = RASTER_SUFFIXES
_DRAWING_SUFFIXES = frozenset({".svg", ".svgz"})
MIN_TEXT_CONTRAST = 3.0
"""Below this (WCAG's least, for large text) a theme's text could not be read: it is refused."""
TEXT_CONTRAST = 4.5  # what WCAG asks of ordinary text; `theme_advice` mentions a theme below it
MARK_CONTRAST = 3.0  # what WCAG asks of graphics: strokes and stars
AAA_TEXT_CONTRAST = 7.0  # WCAG's enhanced level for ordinary text
LEVELS = ("AA", "AAA")
MAX_MARKS = 2.0

_ID_RE = re.compile(r"[a-z0-9._-]{1,64}")
_OPAQUE_RE = re.compile(r"#[0-9a-fA-F]{6}")
_COLOUR_RE = re.compile(r"#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?")


class ThemeError(ValueError):
    """A theme that cannot be used; the message names the theme file or plugin and the problem."""


class ThemeImageError(ThemeError):
    """A theme that is valid but for its background image: `theme` is the same theme without
    it, which `load_themes` offers (with its colours) while it reports the image."""

    def __init__(self, message: str, theme: Theme) -> None:
        super().__init__(message)
        self.theme = theme


@dataclass(frozen=True)
class Theme:
    """One validated theme. Colours are lower-case ``#rrggbb`` or ``#rrggbbaa`` strings; index 0 of
    the player tuples is Player 1. `background_image` is an absolute path or None."""

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
    hint: str = ""  # "" draws the hint in `highlight`
    contrast: str = "AA"  # the WCAG level the theme promises: "AA" or "AAA"
    marks: float = 1.0  # star cores and strokes drawn this many times their size
    decoration: bool = True  # the sky's specks and clouds

    @property
    def hint_colour(self) -> str:
        return self.hint or self.highlight

    @property
    def text_contrast(self) -> float:
        """What text on this theme's panels must reach: 7:1 for an AAA theme, 4.5:1 otherwise."""
        return AAA_TEXT_CONTRAST if self.contrast == "AAA" else TEXT_CONTRAST


NEBULA = Theme(
    id="nebula",
    name="Nebula",
    background_top="#0a0f2c",
    background_bottom="#231a4d",
    background_image=None,
    star="#f4f1ff",
    star_glow="#9fb4ff99",
    player_strokes=("#ff5a36", "#3d8bff"),
    player_fills=("#ff5a3659", "#3d8bff59"),
    highlight="#fff3a3",
    warning="#ff4fa3",
    text="#e8eaf6",
    hint="#7fe8c8",
)
"""The default theme (docs/rules.md 7): a night sky, Player 1 red-orange, Player 2 blue. Built
here in Python so it exists whatever happens to the theme files; no plugin can replace it."""

DEFAULT_THEME_ID = NEBULA.id


def colour_rgba(colour: str) -> tuple[int, int, int, int]:
    """The red, green, blue and alpha (0-255) of a ``#rrggbb`` or ``#rrggbbaa`` string."""
    if not isinstance(colour, str) or not _COLOUR_RE.fullmatch(colour):
        raise ValueError(f"not a colour like #rrggbb or #rrggbbaa: {colour!r}")
    alpha = int(colour[7:9], 16) if len(colour) == 9 else 255
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), alpha


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colour strings, alpha ignored: 1 (same) to 21."""

    def luminance(colour: str) -> float:
        def channel(byte: int) -> float:
            value = byte / 255
            return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

        red, green, blue, _ = colour_rgba(colour)
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@dataclass(frozen=True)
class ContrastPair:
    """One colour seen against what it sits on, and the contrast its use needs."""

    label: str
    colour: str
    background: str
    against: str
    needed: float

    @property
    def ratio(self) -> float:
        return contrast(self.colour, self.background)


def contrast_pairs(theme: Theme) -> list[ContrastPair]:
    """Every pair of a theme's colours that a player must tell apart, with WCAG's measure for it
    at the theme's level: text on [background] top (the panels' colour) at 4.5:1, or 7:1 for an
    AAA theme; stars, strokes, the highlight, the hint and the warning against both ends of the
    board's gradient at 3:1 (graphics). An image is not looked at."""
    ends = (
        ("[background] top", theme.background_top),
        ("[background] bottom", theme.background_bottom),
    )
    top_name, top = ends[0]
    pairs = [ContrastPair("'text'", theme.text, top, top_name, theme.text_contrast)]
    marks = [("[stars] colour", theme.star)]
    marks += [(f"[players] strokes[{k}]", colour) for k, colour in enumerate(theme.player_strokes)]
    marks += [("'highlight'", theme.highlight), ("'warning'", theme.warning)]
    if theme.hint:
        marks.append(("'hint'", theme.hint))
    for label, colour in marks:
        pairs += [
            ContrastPair(label, colour, background, against, MARK_CONTRAST)
            for against, background in ends
        ]
    return pairs


def theme_advice(theme: Theme) -> list[str]:
    """What a theme's author should know: colours that players may find hard to see, by WCAG's
    measures (`contrast_pairs`); each colour is named once, with its worst background."""
    worst: dict[str, ContrastPair] = {}
    for pair in contrast_pairs(theme):
        if pair.ratio < pair.needed and (
            pair.label not in worst or pair.ratio < worst[pair.label].ratio
        ):
            worst[pair.label] = pair
    against = {"'text'": "[background] top"}
    return [
        f"{pair.label} has a contrast of {pair.ratio:.1f}:1 with "
        f"{against.get(pair.label, 'the background')}; aim for {pair.needed:g}:1 or more."
        for pair in worst.values()
    ]


# --- parsing -------------------------------------------------------------------------------------

# Which keys each table may hold; anything else is reported (a typo such as "color" would otherwise
# silently fall back to nothing).
_TOP_KEYS = {
    "id",
    "name",
    "background",
    "stars",
    "players",
    "highlight",
    "hint",
    "warning",
    "text",
    "contrast",
    "board",
}
_BOARD_KEYS = {"marks", "decoration"}
_BACKGROUND_KEYS = {"top", "bottom", "image"}
_STARS_KEYS = {"colour", "glow"}
_PLAYERS_KEYS = {"strokes", "fills"}


def parse_theme(source: str | os.PathLike[str] | Mapping[str, Any], origin: str = "") -> Theme:
    """Read and validate one theme. `source` is the path of a TOML file or an already-parsed table
    (a dict, whose ``image`` must then be an absolute path). `origin` says where it came from
    (for example ``plugin 'acme-themes'``) and is named in every error message.

    Raises `ThemeError` with one clear sentence on any problem; `ThemeImageError` when the
    problem is the background image alone (it carries the theme without the image)."""
    base_dir: Path | None = None
    if isinstance(source, Mapping):
        where = f"Theme from {origin}" if origin else "Theme"
        data: Any = source
    elif isinstance(source, (str, os.PathLike)):
        path = Path(source)
        where = f"Theme file '{path}'" + (f" ({origin})" if origin else "")
        data = _read_toml(path, where)
        base_dir = path.resolve().parent
    else:
        where = f"Theme from {origin}" if origin else "Theme"
        raise ThemeError(
            f"{where}: expected the path of a .toml file or a table, not {type(source).__name__}."
        )
    return _theme_from_table(data, where, base_dir)


def _read_toml(path: Path, where: str) -> Any:
    try:
        raw = read_regular_file(path, MAX_THEME_FILE_BYTES)
    except TooLarge:
        raise ThemeError(f"{where}: is larger than {MAX_THEME_FILE_BYTES // 1024} KiB.") from None
    except OSError as error:
        raise ThemeError(f"{where}: cannot be read ({error.strerror or error}).") from error
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ThemeError(f"{where}: is not UTF-8 text.") from error
    except tomllib.TOMLDecodeError as error:
        raise ThemeError(f"{where}: is not valid TOML ({error}).") from error
    except RecursionError:
        raise ThemeError(f"{where}: is nested too deeply to be a theme.") from None


def _theme_from_table(data: Any, where: str, base_dir: Path | None) -> Theme:
    table = _table(data, "the theme", _TOP_KEYS, where)
    background = _table(table.get("background"), "[background]", _BACKGROUND_KEYS, where)
    stars = _table(table.get("stars"), "[stars]", _STARS_KEYS, where)
    players = _table(table.get("players"), "[players]", _PLAYERS_KEYS, where)

    theme_id = table.get("id")
    if not isinstance(theme_id, str) or not _ID_RE.fullmatch(theme_id):
        raise ThemeError(
            f"{where}: 'id' must be 1 to 64 of a-z, 0-9, '.', '_' or '-', not {theme_id!r}."
        )
    where = f"{where}, id '{theme_id}'"
    name = table.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_PLUGIN_TEXT_LENGTH:
        raise ThemeError(
            f"{where}: 'name' must be a non-empty text "
            f"of at most {MAX_PLUGIN_TEXT_LENGTH} characters."
        )

    # An unusable image is told only once the rest of the theme is known to be valid: the
    # theme can then be offered with its colours.
    image_error: ThemeError | None = None
    try:
        image = _image(background.get("image"), where, base_dir)
    except ThemeError as error:
        image, image_error = None, error
    theme = Theme(
        id=theme_id,
        name=name.strip(),
        background_top=_colour(background, "top", "[background] top", where, opaque=True),
        background_bottom=_colour(background, "bottom", "[background] bottom", where, opaque=True),
        background_image=image,
        star=_colour(stars, "colour", "[stars] colour", where),
        star_glow=_colour(stars, "glow", "[stars] glow", where),
        player_strokes=_colour_pair(players, "strokes", where),
        player_fills=_colour_pair(players, "fills", where),
        highlight=_colour(table, "highlight", "'highlight'", where),
        warning=_colour(table, "warning", "'warning'", where),
        text=_colour(table, "text", "'text'", where, opaque=True),
        hint=_colour(table, "hint", "'hint'", where) if "hint" in table else "",
        contrast=_level(table.get("contrast", "AA"), where),
        **_board(table.get("board", {}), where),
    )
    ratio = contrast(theme.text, theme.background_top)  # the panels' colour, under the text
    if ratio < MIN_TEXT_CONTRAST:
        raise ThemeError(
            f"{where}: 'text' could not be read on [background] top (contrast "
            f"{ratio:.1f}:1; at least {MIN_TEXT_CONTRAST:g}:1 is needed, "
            f"{TEXT_CONTRAST:g}:1 is better)."
        )
    if image_error is not None:
        raise ThemeImageError(str(image_error), theme) from image_error
    return theme


def _table(value: Any, label: str, allowed: set[str], where: str) -> Mapping[str, Any]:
    if value is None:
        raise ThemeError(f"{where}: {label} is missing.")
    if not isinstance(value, Mapping):
        raise ThemeError(f"{where}: {label} must be a table, not {type(value).__name__}.")
    unknown = sorted(str(key) for key in value if key not in allowed)
    if unknown:
        named = [
            f"'{key}'"
            + "".join(
                f" (did you mean '{match}'?)"
                for match in difflib.get_close_matches(key, sorted(allowed), n=1)
            )
            for key in unknown
        ]
        raise ThemeError(f"{where}: {label} has unknown key(s): {', '.join(named)}.")
    return value


def _colour(
    table: Mapping[Any, Any], key: str | int, label: str, where: str, opaque: bool = False
) -> str:
    value = table.get(key)
    if value is None:
        raise ThemeError(f"{where}: {label} is missing.")
    pattern, form = (_OPAQUE_RE, "#rrggbb") if opaque else (_COLOUR_RE, "#rrggbb or #rrggbbaa")
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ThemeError(f"{where}: {label} must be a colour like {form}, not {value!r}.")
    return value.lower()


def _level(value: Any, where: str) -> str:
    if value not in LEVELS:
        raise ThemeError(f'{where}: \'contrast\' must be "AA" or "AAA", not {value!r}.')
    return str(value)


def _board(value: Any, where: str) -> dict[str, Any]:
    board = _table(value, "[board]", _BOARD_KEYS, where)
    marks = board.get("marks", 1.0)
    if (
        isinstance(marks, bool)
        or not isinstance(marks, (int, float))
        or not 1 <= marks <= MAX_MARKS
    ):
        raise ThemeError(
            f"{where}: [board] marks must be a number from 1 to {MAX_MARKS:g}, not {marks!r}."
        )
    decoration = board.get("decoration", True)
    if not isinstance(decoration, bool):
        raise ThemeError(f"{where}: [board] decoration must be true or false, not {decoration!r}.")
    return {"marks": float(marks), "decoration": decoration}


def _colour_pair(players: Mapping[str, Any], key: str, where: str) -> tuple[str, str]:
    label = f"[players] {key}"
    value = players.get(key)
    if value is None:
        raise ThemeError(f"{where}: {label} is missing.")
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ThemeError(f"{where}: {label} must be a list of two colours (Player 1, Player 2).")
    pair = {index: colour for index, colour in enumerate(value)}
    first = _colour(pair, 0, f"{label}[0]", where)
    second = _colour(pair, 1, f"{label}[1]", where)
    return first, second


def _image(value: Any, where: str, base_dir: Path | None) -> str | None:
    """The absolute path of a theme's background image. A theme file's image must lie in the
    theme's folder (after following links), so a theme cannot make the app open any other
    file; a theme given as a table names an absolute path. Either way it must be a regular file
    of at most MAX_IMAGE_BYTES with an image's suffix, holding an image `check_image` accepts
    (read here, so that a theme whose image could hang or exhaust the window is told when it
    is loaded; the window checks the bytes it decodes again, `read_image`)."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ThemeError(f"{where}: [background] image must be a file name.")
    path = Path(value)
    if not path.is_absolute():
        if base_dir is None:
            raise ThemeError(
                f"{where}: [background] image must be an absolute path when the theme is not "
                "a file."
            )
        path = base_dir / path
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError, ValueError):  # a link loop, a NUL character
        raise ThemeError(f"{where}: [background] image '{value}' is not a usable path.") from None
    if base_dir is not None and not resolved.is_relative_to(base_dir.resolve()):
        raise ThemeError(
            f"{where}: [background] image '{value}' must be in the theme's folder {base_dir}."
        )
    if resolved.suffix.lower() in _DRAWING_SUFFIXES:
        raise ThemeError(
            f"{where}: [background] image '{value}' is an SVG drawing, which a theme cannot "
            "use (drawing one can take any time); use a PNG, JPEG, GIF, BMP or WebP image."
        )
    if resolved.suffix.lower() not in IMAGE_SUFFIXES:
        raise ThemeError(
            f"{where}: [background] image '{value}' must be a "
            f"{', '.join(sorted(IMAGE_SUFFIXES))} file."
        )
    try:
        info = resolved.stat()
    except (OSError, ValueError):
        info = None
    if info is None or not stat.S_ISREG(info.st_mode):
        raise ThemeError(f"{where}: [background] image '{value}' does not exist or is not a file.")
    if info.st_size > MAX_IMAGE_BYTES:
        raise ThemeError(
            f"{where}: [background] image '{value}' is larger than "
            f"{MAX_IMAGE_BYTES // (1024 * 1024)} MB."
        )
    try:
        check_image(read_regular_file(resolved, MAX_IMAGE_BYTES))
    except ImageRefused as error:
        raise ThemeError(f"{where}: [background] image '{value}' {error}.") from None
    except OSError as error:
        raise ThemeError(
            f"{where}: [background] image '{value}' cannot be read ({error.strerror or error})."
        ) from None
    return str(resolved)


def read_image(path: str) -> CheckedImage | None:
    """A validated background image, read safely and checked again (`check_image`): the bytes
    to decode and their format. None if the file changed into something else since the theme
    was checked."""
    try:
        return check_image(read_regular_file(path, MAX_IMAGE_BYTES))
    except (OSError, ImageRefused):
        return None


# --- the set of themes the app offers ------------------------------------------------------------


class SkipReason(StrEnum):
    """Why a theme was skipped, for the app to say in the player's language."""

    INVALID = "invalid"  # not a readable, valid theme
    IMAGE = "image"  # valid but for its background image: offered without it, with its colours
    ID_TAKEN = "id_taken"  # another theme (or Nebula) already has its id
    NO_LIST = "no_list"  # the registry's list of themes could not be read


@dataclass(frozen=True)
class SkippedTheme:
    """A theme that was skipped, or whose background image was (`SkipReason.IMAGE`): from which
    plugin ("" when unknown), why, and `message`, one sentence in English with the specifics
    for the theme's author."""

    plugin: str
    reason: SkipReason
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass
class ThemeSet:
    """The usable themes by id (Nebula first, then in the order the plugins gave them), the plugin
    each came from, and the themes that were skipped (or offered without their image)."""

    themes: dict[str, Theme] = field(default_factory=lambda: {NEBULA.id: NEBULA})
    theme_plugin: dict[str, str] = field(default_factory=dict)
    errors: list[SkippedTheme] = field(default_factory=list)

    def theme(self, theme_id: str | None) -> Theme:
        """The theme with that id, or Nebula when there is none (an old setting, a removed
        plugin)."""
        return self.themes.get(theme_id or "", NEBULA)


def load_themes(registry: Any) -> ThemeSet:
    """Every theme the plugins offer, validated. `registry` is anything with a ``themes()`` method
    returning a list of ``(plugin name, source)`` pairs, a source being a .toml path or a table.

    Never raises: a broken theme (or a broken ``themes()``) is skipped with a message; a theme
    whose background image cannot be used is offered without it, with a message; when two
    themes share an id the first one wins; Nebula is always present and cannot be replaced."""
    result = ThemeSet()
    if registry is None:  # no plugins at all (they failed to load): Nebula alone
        return result
    try:
        offered = list(registry.themes())
    except Exception as error:  # a plugin's theme hook can fail in any way
        result.errors.append(
            SkippedTheme(
                "", SkipReason.NO_LIST, f"The list of themes could not be read: {error!r}."
            )
        )
        return result
    origins: dict[str, str] = {NEBULA.id: "the built-in Nebula theme"}
    for item in offered:
        plugin, source = _split_item(item)
        origin = f"plugin '{plugin}'" if plugin else "an unnamed plugin"
        try:
            theme = parse_theme(source, origin)
        except ThemeImageError as error:
            message = f"{error} The theme is shown without it, with its colours."
            result.errors.append(SkippedTheme(plugin, SkipReason.IMAGE, message))
            theme = error.theme
        except ThemeError as error:
            result.errors.append(SkippedTheme(plugin, SkipReason.INVALID, str(error)))
            continue
        except Exception as error:  # defensive: odd path objects and the like
            message = f"Theme from {origin}: could not be read ({error!r})."
            result.errors.append(SkippedTheme(plugin, SkipReason.INVALID, message))
            continue
        if theme.id == NEBULA.id:
            # The shipped nebula.toml mirrors the constant; anything else with the id is refused.
            if theme == NEBULA:
                result.theme_plugin.setdefault(NEBULA.id, plugin)
                continue
            result.errors.append(
                SkippedTheme(
                    plugin,
                    SkipReason.ID_TAKEN,
                    f"Theme '{theme.name}' from {origin} uses the id 'nebula', "
                    "which belongs to the built-in default theme; it was skipped.",
                )
            )
            continue
        if theme.id in result.themes:
            result.errors.append(
                SkippedTheme(
                    plugin,
                    SkipReason.ID_TAKEN,
                    f"Theme '{theme.name}' from {origin} uses the id '{theme.id}', already used by "
                    f"{origins[theme.id]}; it was skipped.",
                )
            )
            continue
        result.themes[theme.id] = theme
        result.theme_plugin[theme.id] = plugin
        origins[theme.id] = origin
    return result


def _split_item(item: Any) -> tuple[str, Any]:
    """A registry item is normally ``(plugin name, source)``; tolerate a bare source."""
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str):
        return item[0], item[1]
    return "", item


def theme_files(directory: str | os.PathLike[str]) -> list[str]:
    """The .toml files of a folder, sorted by name (for plugins that ship a folder of themes)."""
    return sorted(str(path) for path in Path(directory).glob("*.toml") if path.is_file())


__all__ = [
    "DEFAULT_THEME_ID",
    "NEBULA",
    "SkipReason",
    "SkippedTheme",
    "Theme",
    "ThemeError",
    "ThemeImageError",
    "ThemeSet",
    "colour_rgba",
    "load_themes",
    "parse_theme",
    "theme_files",
]
