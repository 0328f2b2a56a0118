"""Where the app keeps the seats of its online games (one private file per game, see
net/kept_seat.py), and whether any is there: asked at every start, so nothing of the network
is imported for it. The window playing a game holds its file's lock (as the autosave slots
do), so that another window started meanwhile does not offer it; a killed window's lock is
stale, and the next start takes it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLockFile

from triangles_qt.plugin_manager import user_data_dir


def kept_seats_folder() -> Path:
    return user_data_dir() / "online"


def kept_seat_path(tag: str, role: str) -> Path:
    """The file of this side (`role`) of the game named `tag` (KeptSeat.tag: it does not give
    the token away; both sides may be windows of one computer)."""
    return kept_seats_folder() / f"{tag}-{role}.json"


def kept_seat_files() -> list[Path]:
    """The kept seats, newest first (none when the folder cannot be read)."""
    try:
        files = [p for p in kept_seats_folder().glob("*.json") if p.is_file()]
        return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []


def hold(path: Path) -> QLockFile | None:
    """The lock of the kept seat at `path`, now held by this window; None when a running
    window holds it."""
    lock = QLockFile(str(path) + ".lock")
    lock.setStaleLockTime(0)  # stale only when its process is gone, however old
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return lock if lock.tryLock(0) else None
