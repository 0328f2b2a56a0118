"""Atomic file replacement for everything the game must never lose (records, autosave,
statistics): readers see the old file or the new one, never half of one. A damaged file is set
aside under a new name, never deleted or overwritten."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def write_atomically(path: str | os.PathLike[str], data: bytes, private: bool = False) -> None:
    """Replace `path` with `data`: temporary file in the same folder, flushed and fsynced, then
    `os.replace`; on any error the temporary file is removed and the error re-raised.

    An existing file keeps its permissions; a new one gets 0644 (mkstemp's 0600 would hide it
    from other users). `private`: 0600 whatever it had (a secret, such as a rejoin token).
    """
    target = Path(path)
    try:
        mode = 0o600 if private else os.stat(target).st_mode & 0o777
    except OSError:
        mode = 0o644
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        try:
            os.chmod(temporary, mode)
        except OSError:
            pass
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    _fsync_directory(target.parent)


def set_aside(path: str | os.PathLike[str]) -> Path:
    """Rename a damaged file to ``<name>.corrupt-<timestamp>`` beside it and return the new path;
    OSError if it cannot be moved."""
    source = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = source.with_name(f"{source.name}.corrupt-{stamp}")
    serial = 1
    while target.exists():
        serial += 1
        target = source.with_name(f"{source.name}.corrupt-{stamp}-{serial}")
    os.replace(source, target)
    return target


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX); best effort."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
