"""The SHA-256 of every shipped translation (``qm-digests.json`` beside the .qm files), so that a
damaged .qm is never given to Qt. No Qt here.

Qt's QTranslator accepts a .qm file with a few bytes changed and then reads out of bounds when a
message is looked up: with 5 random bytes changed in triangles_de.qm, 16 of 100 files loaded
without complaint and crashed the app at the first plural message (the score line when a stroke
closes a triangle); none was refused. A check of the format's structure would have to foresee
every way Qt's reader can go wrong; a digest of the file as it was compiled refuses any change.
`tools/update_translations.py` writes the digests whenever it compiles the .qm files, and a test
checks that they match the files shipped.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path

from .core.safe_read import read_regular_file

MANIFEST_NAME = "qm-digests.json"
MAX_MANIFEST_BYTES = 64 * 1024
_SHA256_RE = re.compile(r"[0-9a-f]{64}")
_COMMENT = (
    "Written by tools/update_translations.py when it compiles the .qm files: the app loads a .qm "
    "file only if its SHA-256 is the one listed here."
)


class ManifestError(ValueError):
    """The digests cannot be read; the message says why in a few words."""


def digest(data: bytes) -> str:
    """The SHA-256 of `data` in lower-case hexadecimal."""
    return hashlib.sha256(data).hexdigest()


def digests_of(folder: str | os.PathLike[str]) -> dict[str, str]:
    """The digest of every .qm file in `folder`, by file name."""
    return {path.name: digest(path.read_bytes()) for path in sorted(Path(folder).glob("*.qm"))}


def manifest_text(digests: Mapping[str, str]) -> str:
    """The manifest's content for these digests (stable: sorted by name, one per line)."""
    content = {"comment": _COMMENT, "sha256": dict(sorted(digests.items()))}
    return json.dumps(content, indent=2, ensure_ascii=True) + "\n"


def write_manifest(folder: str | os.PathLike[str]) -> Path:
    """Write the digests of the .qm files of `folder` into its manifest; return the path."""
    path = Path(folder) / MANIFEST_NAME
    path.write_text(manifest_text(digests_of(folder)), encoding="utf-8")
    return path


def read_manifest(folder: str | os.PathLike[str]) -> dict[str, str]:
    """The digests the manifest of `folder` lists, by file name. Raises ManifestError."""
    path = Path(folder) / MANIFEST_NAME
    try:
        raw = read_regular_file(path, MAX_MANIFEST_BYTES)
    except FileNotFoundError:
        raise ManifestError(f"{MANIFEST_NAME} is missing") from None
    except OSError as error:
        raise ManifestError(f"{MANIFEST_NAME} cannot be read: {error.strerror or error}") from None
    try:
        content = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ManifestError(f"{MANIFEST_NAME} is damaged") from None
    listed = content.get("sha256") if isinstance(content, dict) else None
    if not isinstance(listed, dict) or not all(
        isinstance(name, str) and isinstance(value, str) and _SHA256_RE.fullmatch(value)
        for name, value in listed.items()
    ):
        raise ManifestError(f"{MANIFEST_NAME} is damaged")
    return dict(listed)


def check(folder: str | os.PathLike[str], name: str, data: bytes) -> str | None:
    """Why `data`, read from the file `name` of `folder`, must not be loaded; None if it is the
    file that was compiled."""
    try:
        listed = read_manifest(folder)
    except ManifestError as error:
        return str(error)
    if name not in listed:
        return f"{MANIFEST_NAME} does not list it"
    if digest(data) != listed[name]:
        return f"its SHA-256 is not the one in {MANIFEST_NAME}"
    return None
