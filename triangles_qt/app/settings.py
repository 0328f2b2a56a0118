"""The app's persistent settings: one typed wrapper over QSettings, grouped by concern (window,
new game, appearance, language). Every value read back is checked; a missing, damaged or
out-of-range value gives its default, so a corrupt settings file can never stop the app.

Keys (QSettings groups)::

    window/geometry                                     bytes from saveGeometry()
    new_game/preset, new_game/opponent, new_game/strategy, new_game/human_starts,
    new_game/replay_after_triangle, new_game/player1_name, new_game/player2_name
    appearance/theme
    language/code
    resume/file                                         the autosaved game's own file, if any
    engines/list                                        the engines added in Settings > Engines,
                                                        JSON [{"name": ..., "command": [...]}]
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths

from triangles_qt.core.atomic_file import set_aside
from triangles_qt.core.board import PRESETS
from triangles_qt.core.players import PlayerKind
from triangles_qt.defaults import (
    DEFAULT_LEVEL,
    DEFAULT_PRESET,
    MAX_PLAYER_NAME_LENGTH,
    MAX_PLUGIN_TEXT_LENGTH,
)
from triangles_qt.table.choices import NewGameChoices

ORGANIZATION = "Triangles"
APPLICATION = "triangles-qt"

DEFAULT_THEME = "nebula"
MOTION_CHOICES = ("desktop", "full", "reduced")
_THEME_ID_RE = re.compile(r"[a-z0-9._-]{1,64}")
_LANGUAGE_RE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?")


@dataclass(frozen=True)
class EngineEntry:
    """An engine program the player added: the name players see and the command that runs it.
    Its strategy id, in records and statistics, is ``engine:<name>``."""

    name: str
    command: tuple[str, ...]

    @property
    def strategy_id(self) -> str:
        return f"engine:{self.name}"


class Settings:
    """Typed access to the settings. `source` is a QSettings to use, the path of an INI file (for
    tests and portable installs), or None for the user's settings of the app."""

    def __init__(self, source: QSettings | str | os.PathLike[str] | None = None) -> None:
        if isinstance(source, QSettings):
            self.qsettings = source
        elif source is not None:
            path = _readable_settings(os.fspath(source))
            self.qsettings = QSettings(path, QSettings.Format.IniFormat)
        elif (default := default_settings_path()) != (usable := _readable_settings(default)):
            self.qsettings = QSettings(usable, QSettings.Format.IniFormat)  # a stand-in
        else:
            self.qsettings = QSettings(
                QSettings.Format.NativeFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
            )

    def sync(self) -> None:
        """Write pending changes to storage now (Qt also does so on its own)."""
        self.qsettings.sync()

    # --- window ----------------------------------------------------------------------------------

    @property
    def window_geometry(self) -> bytes:
        """The main window's saveGeometry() bytes; b"" when none is stored."""
        return _as_bytes(self._get("window/geometry"))

    @window_geometry.setter
    def window_geometry(self, value: bytes | QByteArray) -> None:
        self._set("window/geometry", QByteArray(_as_bytes(value)))

    # --- new game --------------------------------------------------------------------------------

    @property
    def preset(self) -> str:
        """The board preset, one of `triangles_qt.core.board.PRESETS`."""
        value = self._get("new_game/preset")
        return value if isinstance(value, str) and value in PRESETS else DEFAULT_PRESET

    @preset.setter
    def preset(self, value: str) -> None:
        if value not in PRESETS:
            raise ValueError(f"unknown preset {value!r}")
        self._set("new_game/preset", value)

    @property
    def opponent(self) -> PlayerKind:
        """A person (a friend on this computer) or the computer."""
        value = self._get("new_game/opponent")
        try:
            return PlayerKind(value)
        except ValueError:
            return PlayerKind.COMPUTER

    @opponent.setter
    def opponent(self, value: PlayerKind) -> None:
        self._set("new_game/opponent", PlayerKind(value).value)

    @property
    def strategy_id(self) -> str:
        """The computer strategy's id. It may name a plugin that is no longer installed: the
        caller checks it against the plugin registry."""
        value = self._get("new_game/strategy")
        return value if is_strategy_id(value) else DEFAULT_LEVEL

    @strategy_id.setter
    def strategy_id(self, value: str) -> None:
        if not is_strategy_id(value):
            raise ValueError(f"invalid strategy id {value!r}")
        self._set("new_game/strategy", value)

    @property
    def human_starts(self) -> bool:
        """Against the computer: whether the human is Player 1 (moves first)."""
        return _as_bool(self._get("new_game/human_starts"), True)

    @human_starts.setter
    def human_starts(self, value: bool) -> None:
        self._set("new_game/human_starts", bool(value))

    @property
    def replay_after_triangle(self) -> bool:
        """The "play again after a triangle" option (docs/rules.md 4), off by default."""
        return _as_bool(self._get("new_game/replay_after_triangle"), False)

    @replay_after_triangle.setter
    def replay_after_triangle(self, value: bool) -> None:
        self._set("new_game/replay_after_triangle", bool(value))

    @property
    def coached(self) -> bool:
        """Whether the guided first game was played or skipped (it is then not offered at
        start)."""
        return _as_bool(self._get("help/coached"), False)

    @coached.setter
    def coached(self, value: bool) -> None:
        self._set("help/coached", bool(value))

    @property
    def relay_address(self) -> str:
        """The relay (HOST:PORT) last typed in Play online ("" for none): games by code meet
        there when the router lets no one in."""
        value = self._get("online/relay")
        if not isinstance(value, str):
            return ""
        return "".join(value.split())[:MAX_RELAY_LENGTH]

    @relay_address.setter
    def relay_address(self, value: str) -> None:
        self._set("online/relay", "".join(value.split())[:MAX_RELAY_LENGTH])

    @property
    def player_names(self) -> tuple[str, str]:
        """The names typed for Player 1 and Player 2; "" for a name never typed."""
        return (
            _as_name(self._get("new_game/player1_name")),
            _as_name(self._get("new_game/player2_name")),
        )

    @player_names.setter
    def player_names(self, names: tuple[str, str]) -> None:
        first, second = names
        self._set("new_game/player1_name", _as_name(first))
        self._set("new_game/player2_name", _as_name(second))

    def new_game_choices(self) -> NewGameChoices:
        """Everything the New game window remembers, in one value."""
        return NewGameChoices(
            preset=self.preset,
            opponent=self.opponent,
            strategy_id=self.strategy_id,
            human_starts=self.human_starts,
            replay_after_triangle=self.replay_after_triangle,
            player_names=self.player_names,
        )

    def set_new_game_choices(self, choices: NewGameChoices) -> None:
        """Remember the New game window's choices. Raises ValueError for impossible ones, and then
        changes nothing."""
        if choices.preset not in PRESETS:
            raise ValueError(f"unknown preset {choices.preset!r}")
        PlayerKind(choices.opponent)  # raises ValueError for anything else
        if not is_strategy_id(choices.strategy_id):
            raise ValueError(f"invalid strategy id {choices.strategy_id!r}")
        self.preset = choices.preset
        self.opponent = choices.opponent
        self.strategy_id = choices.strategy_id
        self.human_starts = choices.human_starts
        self.replay_after_triangle = choices.replay_after_triangle
        self.player_names = choices.player_names

    # --- appearance and language -----------------------------------------------------------------

    @property
    def theme_id(self) -> str:
        """The chosen theme's id (the caller falls back to Nebula if no such theme is loaded)."""
        value = self._get("appearance/theme")
        return value if isinstance(value, str) and _THEME_ID_RE.fullmatch(value) else DEFAULT_THEME

    @theme_id.setter
    def theme_id(self, value: str) -> None:
        if not isinstance(value, str) or not _THEME_ID_RE.fullmatch(value):
            raise ValueError(f"invalid theme id {value!r}")
        self._set("appearance/theme", value)

    @property
    def language(self) -> str:
        """The interface language as a code such as "de" or "pt_BR"; "" follows the system."""
        value = self._get("language/code")
        return value if isinstance(value, str) and _LANGUAGE_RE.fullmatch(value) else ""

    @language.setter
    def language(self, value: str) -> None:
        if value and not (isinstance(value, str) and _LANGUAGE_RE.fullmatch(value)):
            raise ValueError(f"invalid language code {value!r}")
        self._set("language/code", value or "")

    @property
    def motion(self) -> str:
        """How much the board moves: "desktop" (follow the desktop's reduced-motion setting),
        "full" or "reduced"."""
        value = self._get("appearance/motion")
        return value if value in MOTION_CHOICES else MOTION_CHOICES[0]

    @motion.setter
    def motion(self, value: str) -> None:
        if value not in MOTION_CHOICES:
            raise ValueError(f"invalid motion choice {value!r}")
        self._set("appearance/motion", value)

    # --- the autosaved game ----------------------------------------------------------------------

    @property
    def resume_file(self) -> str:
        """The file the autosaved game was saved to or opened from; "" when it has none."""
        value = self._get("resume/file")
        return value if isinstance(value, str) else ""

    @resume_file.setter
    def resume_file(self, value: str) -> None:
        self._set("resume/file", str(value))

    # --- engines ---------------------------------------------------------------------------------

    @property
    def engines(self) -> list[EngineEntry]:
        """The engine programs the player added (Settings > Engines), in the order added; a
        damaged list, or a damaged entry in it, is left out."""
        try:
            items = json.loads(str(self._get("engines/list") or "[]"))
        except (ValueError, RecursionError):  # RecursionError: nested thousands deep
            return []
        entries = []
        for item in items if isinstance(items, list) else []:
            name = item.get("name") if isinstance(item, dict) else None
            command = item.get("command") if isinstance(item, dict) else None
            if (
                is_strategy_id(name)
                and isinstance(command, list)
                and command
                and all(isinstance(word, str) and word for word in command)
            ):
                entries.append(EngineEntry(str(name), tuple(command)))
        return entries

    @engines.setter
    def engines(self, entries: list[EngineEntry]) -> None:
        items = [{"name": e.name, "command": list(e.command)} for e in entries]
        self._set("engines/list", json.dumps(items))

    # --- storage ---------------------------------------------------------------------------------

    def _get(self, key: str) -> Any:
        try:
            return self.qsettings.value(key)
        except Exception:  # a value Qt cannot turn into a Python object counts as missing
            return None

    def _set(self, key: str, value: Any) -> None:
        self.qsettings.setValue(key, value)


def default_settings_path() -> str:
    """Where Qt keeps the settings on this system (an INI file under the XDG config folder on
    Linux), found without opening them."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return os.path.join(folder, ORGANIZATION, f"{APPLICATION}.conf")


def _readable_settings(path: str) -> str:
    """`path`, or a stand-in file for this run: Qt reads the settings file when it opens it and
    waits forever on a FIFO. Anything but a regular file (or a link to one) there is set aside,
    said on stderr, and the defaults are used; when it cannot be moved, the settings of this
    run live in a file of its own and are not kept."""
    try:
        os.stat(path)
        regular = os.path.isfile(path)
    except FileNotFoundError:
        if not os.path.islink(path):
            return path  # no settings yet
        regular = False  # a dangling link
    except OSError:  # a link loop, a folder that may not be entered, ...
        regular = False
    if regular:
        return path
    try:
        moved = set_aside(path)
    except OSError as exc:
        print(
            f"triangles-qt: the settings file {path} is not a regular file and cannot be moved "
            f"({exc.strerror or exc}); the defaults are used and no setting is kept",
            file=sys.stderr,
        )
        return _stand_in_file()
    print(
        f"triangles-qt: the settings file {path} was not a regular file; it was moved to "
        f"{moved.name} and the defaults are used",
        file=sys.stderr,
    )
    return path


def _stand_in_file() -> str:
    handle, path = tempfile.mkstemp(prefix="triangles-settings-", suffix=".conf")
    os.close(handle)
    return path


def is_strategy_id(value: Any) -> bool:
    # Plugins may choose any non-empty id (hookspecs); only keep out what cannot be one.
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_PLUGIN_TEXT_LENGTH
        and value.strip() == value
        and value.isprintable()
    )


def _as_bool(value: Any, default: bool) -> bool:
    # INI files and some platforms give back strings: "true"/"false".
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        lowered = value.strip().lower()
        if lowered in ("true", "1"):
            return True
        if lowered in ("false", "0"):
            return False
    return default


def _as_bytes(value: Any) -> bytes:
    if isinstance(value, QByteArray):
        return bytes(value.data())
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    return b""


MAX_RELAY_LENGTH = 300  # a host name (253) and a port


def _as_name(value: Any) -> str:
    if not isinstance(value, str):
        return ""
    name = " ".join(value.split())  # no newlines or tabs in a name shown on the board
    return name[:MAX_PLAYER_NAME_LENGTH]
