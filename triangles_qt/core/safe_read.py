"""Reading files that may be hostile: only a regular file of bounded size is read, so a FIFO,
a device or a socket put where a game, settings, statistics or a theme is expected fails at once
instead of blocking, and a huge file is refused before it is read."""

from __future__ import annotations

import os
import stat


class NotAFile(OSError):
    """The path names something other than a regular file (a folder, FIFO, device, socket)."""


class TooLarge(OSError):
    """The file is larger than the reader allows."""


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them. Raises NotAFile,
    TooLarge, or the OSError of opening it (FileNotFoundError, PermissionError, ...)."""
    # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise NotAFile(f"{kind} (a pipe, device or socket is never read)")
        if info.st_size > limit:
            raise TooLarge(f"larger than {limit // 1024} KiB")
        chunks, size = [], 0
        while size <= limit:  # the file may have grown since fstat
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise TooLarge(f"larger than {limit // 1024} KiB")
        return b"".join(chunks)
    finally:
        os.close(fd)
