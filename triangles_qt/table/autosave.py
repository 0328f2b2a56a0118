"""The unfinished game kept on disk after every stroke, offered again at the next start: where it
lives (one slot per running window, so two windows never overwrite each other's game), writing
it atomically, and reading it back (a damaged one is set aside, never lost). No widgets and no
words here: what the player must be told comes back as a `DamagedAutosave`."""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile

from triangles_qt.core.atomic_file import set_aside, write_atomically
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.record import LoadedRecord, RecordError, read_record, write_record
from triangles_qt.core.safe_read import read_regular_file
from triangles_qt.plugin_manager import user_data_dir

AUTOSAVE_NAME = "autosave.triangles"
MAX_SLOTS = 64
OWNERLESS_LOCK_AGE_S = 5.0


@dataclass(frozen=True)
class DamagedAutosave:
    """An unfinished game kept last time that could not be read: set aside as `kept`, or
    removed (`kept` None) when it could not be moved."""

    kept: Path | None


def slot_path(n: int) -> Path:
    """Slot n's autosave: the first window's is ``autosave.triangles``, a second window's
    ``autosave-2.triangles``, and so on."""
    return user_data_dir() / (AUTOSAVE_NAME if n == 1 else f"autosave-{n}.triangles")


def autosave_path() -> Path:
    """The first slot's autosave (the one a single window uses)."""
    return slot_path(1)


class AutosaveSlot:
    """Where one window keeps its unfinished game, locked while the window runs so that no other
    window writes or removes it. A window that crashed leaves a lock naming a process that is
    gone, which the next start breaks (QLockFile). Beside the game, ``<slot>.file`` names the
    file the game was saved to or opened from, so a resumed game belongs to it again."""

    def __init__(self, path: Path, lock: QLockFile) -> None:
        self.path = path
        self._lock = lock

    @classmethod
    def try_lock(cls, path: Path) -> AutosaveSlot | None:
        """The slot at `path` if no running window holds it (then this one does); OSError when
        the folder cannot be written."""
        lock = QLockFile(str(path) + ".lock")
        lock.setStaleLockTime(0)  # stale only when its process is gone, however old
        path.parent.mkdir(parents=True, exist_ok=True)  # OSError: the player is told why
        if lock.tryLock(0) or (_ownerless(lock, path) and lock.tryLock(0)):
            _remove_leftovers(path)
            return cls(path, lock)
        if lock.error() == QLockFile.LockError.PermissionError:
            raise PermissionError(errno.EACCES, "the autosave folder is not writable", str(path))
        return None

    @property
    def _file_note(self) -> Path:
        return self.path.with_name(self.path.name + ".file")

    @property
    def resume_file(self) -> str:
        """The game's own file ("" when it has none)."""
        try:
            return read_regular_file(self._file_note, 4096).decode("utf-8").strip()
        except (OSError, UnicodeDecodeError):
            return ""

    @resume_file.setter
    def resume_file(self, path: str) -> None:
        try:
            if path:
                write_atomically(self._file_note, path.encode("utf-8"))
            else:
                self._file_note.unlink(missing_ok=True)
        except OSError:
            pass  # a resumed game then has no file: Save asks for one

    def write(self, game: Game, players: Sequence[PlayerInfo]) -> None:
        """Raises OSError or RecordError when it cannot be written (the game goes on)."""
        write_record(self.path, game, players)

    def read(self) -> tuple[LoadedRecord | None, DamagedAutosave | None]:
        """The game kept here (None when there is none): an unfinished one, or a finished one
        whose result could not be written when it ended; and what the player must be told
        about a damaged one: it is set aside (or removed, when it cannot be moved)."""
        if not self.path.exists():
            return None, None
        try:
            loaded = read_record(self.path)
        except (RecordError, OSError, ValueError):
            try:
                kept = set_aside(self.path)
            except OSError:
                self.remove()
                return None, DamagedAutosave(None)
            return None, DamagedAutosave(kept)
        return loaded, None

    def forget_game(self) -> None:
        """Forget the game kept here (the slot stays this window's, and so does the name of
        the game's own file, which the window keeps up to date)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass

    def remove(self) -> None:
        """Forget the game kept here and the name of its file."""
        self.forget_game()
        try:
            self._file_note.unlink(missing_ok=True)
        except OSError:
            pass

    def release(self) -> None:
        """Let another window take the slot (and the game kept in it, if any)."""
        self._lock.unlock()


def _ownerless(lock: QLockFile, path: Path) -> bool:
    """Whether a lock that could not be taken names no process at all (empty or garbage, as a
    full disk or a crash while it was written leaves it), and so is removed: Qt keeps such a
    lock for ever, and it would hide its slot's unfinished game. A lock younger than a few
    seconds may still be being written by a window starting now, and is left alone."""
    pid = lock.getLockInfo()[0]
    if pid:
        return False
    try:
        age = time.time() - os.stat(str(path) + ".lock").st_mtime
    except OSError:
        return False
    return age > OWNERLESS_LOCK_AGE_S and lock.removeStaleLockFile()


def _remove_leftovers(path: Path) -> None:
    """Remove the half-written copies a kill during a write left of this slot's files (the
    atomic writes' ``.<name>.*.tmp``): only a window that holds the slot writes them, and this
    one has just taken it."""
    try:
        for leftover in path.parent.glob(f".{path.name}.*.tmp"):
            leftover.unlink(missing_ok=True)
    except OSError:
        pass


def free_slot() -> AutosaveSlot | None:
    """A slot for a window's games: the first one that no window holds and that keeps no
    unfinished game of its own (that game waits to be offered at a start)."""
    for n in range(1, MAX_SLOTS + 1):
        path = slot_path(n)
        if path.exists():
            continue
        slot = AutosaveSlot.try_lock(path)  # OSError: no slot can be had at all
        if slot is not None:
            if not path.exists():
                return slot
            slot.release()
    return None


def unheld_slots() -> list[AutosaveSlot]:
    """The slots that keep a game and that no running window holds, newest first; this window
    holds them now, until it resumes, discards or releases each."""
    paths = [slot_path(n) for n in range(1, MAX_SLOTS + 1)]
    found = []
    for path in paths:
        try:
            found.append((path.stat().st_mtime, path))
        except OSError:
            continue
    slots = []
    for _, path in sorted(found, reverse=True):
        try:
            slot = AutosaveSlot.try_lock(path)
        except OSError:  # a folder that cannot be written: its games are offered all the same
            slot = AutosaveSlot(path, QLockFile(str(path) + ".lock"))
        if slot is not None:
            slots.append(slot)
    return slots
