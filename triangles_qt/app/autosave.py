"""The unfinished game kept on disk after every stroke, offered again at the next start: where it
lives, writing it atomically, and reading it back (a damaged one is set aside, never lost).
No widgets here; what the player is told comes back as words to show."""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from triangles_qt.core.atomic_file import set_aside
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.record import LoadedRecord, RecordError, read_record, write_record
from triangles_qt.plugin_manager import user_data_dir

AUTOSAVE_NAME = "autosave.triangles"


def autosave_path() -> Path:
    return user_data_dir() / AUTOSAVE_NAME


def write_autosave(game: Game, players: Sequence[PlayerInfo]) -> None:
    """Raises OSError or RecordError when it cannot be written (the game goes on)."""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_record(path, game, players)


def remove_autosave() -> None:
    try:
        autosave_path().unlink(missing_ok=True)
    except OSError:
        pass


def read_autosave() -> tuple[LoadedRecord | None, Callable[[], str] | None]:
    """The autosaved unfinished game (None when there is none), and what the player must be told
    about a damaged one: it is set aside (or removed, when it cannot be moved)."""
    path = autosave_path()
    if not path.is_file():
        return None, None
    try:
        loaded = read_record(path)
    except (RecordError, OSError, ValueError):
        try:
            kept = set_aside(path)
        except OSError:
            remove_autosave()
            return None, lambda: QCoreApplication.translate(
                "MainWindow",
                "The unfinished game saved last time could not be read, and was removed.",
            )
        return None, lambda: QCoreApplication.translate(
            "MainWindow",
            "The unfinished game saved last time could not be read; it was kept as %1.",
        ).replace("%1", str(kept))
    if loaded.game.is_over:
        remove_autosave()
        return None, None
    return loaded, None


def autosave_failure(exc: Exception) -> Callable[[], str]:
    """Why the autosave failed, in the player's language (the OS's own words go to the
    terminal)."""
    print(f"triangles-qt: autosave to {autosave_path()} failed: {exc}", file=sys.stderr)
    code = getattr(exc, "errno", None)
    if code == errno.ENOSPC:
        return lambda: QCoreApplication.translate(
            "MainWindow",
            "The game could not be autosaved: the disk is full. It goes on; "
            "free some space, or save it with Save As.",
        )
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        folder = str(autosave_path().parent)
        return lambda: QCoreApplication.translate(
            "MainWindow",
            "The game could not be autosaved: %1 is not writable. It goes on; "
            "save it with Save As.",
        ).replace("%1", folder)
    return lambda: QCoreApplication.translate(
        "MainWindow", "The game could not be autosaved. It goes on; save it with Save As."
    )
