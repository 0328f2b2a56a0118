"""Plugin discovery out of harm's way: the app learns what the plugins offer from a process of its
own (`python -m triangles_qt.engine --list`), so no plugin code ever runs in the app's process.
A plugin that ends, hangs or floods its process at import can only spoil the listing, and the
app then offers the built-in players and themes and says why.

`IsolatedRegistry` answers like a `PluginRegistry` (loaded, failed, strategies, strategy,
plugin_of, themes, engine_command); its strategies are `EngineDescription`s, plain data from
which an engine process runs the plugin's code when a game needs it. No Qt here.

The listing costs a start about 0.3 s of CPU (a Python that imports every plugin), so what it
found is kept (``cache/plugin-listing.json`` in the user's data folder) with a fingerprint of
everything it depends on: this program and its version, the built-in plugins' files, the
folders installed packages live in (installing or removing a plugin package changes them),
and every file of the drop-in folders (name, size, time of change). The next start with the
same fingerprint uses it without listing; any change lists again.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from triangles_qt import __version__
from triangles_qt.core.atomic_file import write_atomically
from triangles_qt.core.safe_read import read_regular_file
from triangles_qt.frozen import module_command
from triangles_qt.hookspecs import EngineDescription
from triangles_qt.plugin_manager import (
    PLUGIN_PATH_ENV,
    TRACE_ENV,
    PluginFailure,
    PluginInfo,
    PluginRegistry,
    Reason,
    load_builtin_plugins,
    plugin_search_dirs,
    user_data_dir,
)

from .host import ProcessLimits, limited

LISTING_TIMEOUT_S = 30.0
CACHE_NAME = "plugin-listing.json"
MAX_CACHE_BYTES = 4 * 1024 * 1024
MAX_FINGERPRINT_FILES = 5000  # a drop-in folder holding more is listed every time


def listing(registry: PluginRegistry) -> dict[str, Any]:
    """What `registry` offers, as JSON-ready data (the lister's side)."""
    return {
        "loaded": [[p.name, p.kind, p.source] for p in registry.loaded],
        "failed": [
            [f.name, f.source, f.error, f.details, f.reason.value if f.reason else None]
            for f in registry.failed
        ],
        "strategies": [
            [str(s.id), str(s.name), registry.plugin_of(s.id), registry.engine_command(s.id)]
            for s in registry.strategies()
        ],
        "themes": [
            [plugin, source if isinstance(source, dict) else os.fspath(source)]
            for plugin, source in registry.themes()
        ],
    }


class IsolatedRegistry:
    """The plugins as their own process listed them (see the module docstring)."""

    def __init__(self, data: dict[str, Any], extra_dirs: Sequence[str] = ()) -> None:
        self.extra_dirs = tuple(extra_dirs)
        self.provisional = False  # the built-ins only, offered until a listing returns
        self.loaded = [PluginInfo(*item) for item in data["loaded"]]
        self.failed = [
            PluginFailure(name, source, error, details, Reason(reason) if reason else None)
            for name, source, error, details, reason in data["failed"]
        ]
        self._strategies = {
            sid: (EngineDescription(sid, name, tuple(command)), plugin)
            for sid, name, plugin, command in data["strategies"]
        }
        self._themes = [(plugin, source) for plugin, source in data["themes"]]

    def strategies(self) -> list[Any]:
        return [strategy for strategy, _ in self._strategies.values()]

    def strategy(self, strategy_id: str) -> Any:
        try:
            return self._strategies[strategy_id][0]
        except KeyError:
            known = ", ".join(self._strategies) or "none"
            raise KeyError(f"unknown strategy {strategy_id!r} (available: {known})") from None

    def plugin_of(self, strategy_id: str) -> str:
        self.strategy(strategy_id)
        return str(self._strategies[strategy_id][1])

    def engine_command(self, strategy_id: str) -> list[str]:
        return list(self.strategy(strategy_id).command)

    def themes(self) -> list[tuple[str, Any]]:
        return [
            (plugin, source if isinstance(source, dict) else Path(source))
            for plugin, source in self._themes
        ]


class Listing:
    """One listing of the plugins in `extra_dirs`, in steps, for a caller that runs the listing
    process its own way (the app, without waiting for it): `kept()` is the last listing's
    registry when nothing it depends on changed since, else None; then `command` runs the
    lister, and `registry_from(stdout)` or `failed(why, stderr)` gives the registry."""

    def __init__(self, extra_dirs: Iterable[str | os.PathLike[str]] = ()) -> None:
        self.folders = [os.fspath(folder) for folder in extra_dirs]
        self._fingerprint = _fingerprint(self.folders)
        command = [*module_command("triangles_qt.engine"), "--list"]
        for folder in self.folders:
            command += ["--plugin-dir", folder]
        self.command = limited(command, ProcessLimits())

    def kept(self) -> IsolatedRegistry | None:
        kept = _kept_listing(self._fingerprint)
        if kept is not None:
            try:
                return IsolatedRegistry(kept, self.folders)
            except (ValueError, LookupError, TypeError):
                pass  # a damaged cache: listed again, and written anew
        return None

    def registry_from(self, stdout: bytes) -> IsolatedRegistry:
        """The lister's output as a registry, kept for the next start; ValueError, LookupError
        or TypeError when it is not a listing."""
        data = json.loads(stdout)
        found = IsolatedRegistry(data, self.folders)
        _keep_listing(self._fingerprint, data)
        return found

    @staticmethod
    def failed(why: object, stderr: str) -> Any:
        """The built-in plugins, loaded here, with a failure saying why the others could not
        be listed (`stderr`: the end of what the lister wrote there)."""
        registry = load_builtin_plugins()
        registry.failed.append(
            PluginFailure(
                "plugins",
                "plugin listing",
                f"the plugins could not be listed ({why}); only the built-in ones are offered",
                stderr,
                Reason.IMPORT,
            )
        )
        return registry

    def provisional(self) -> IsolatedRegistry:
        """What is offered before a listing returns: the built-in levels and themes, known
        without running any plugin code."""
        from triangles_qt.builtin_themes import triangles_themes

        engine = [*module_command("triangles_qt.engine"), "--strategy"]
        dirs = [word for folder in self.folders for word in ("--plugin-dir", folder)]
        names = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
        data = {
            "loaded": [],
            "failed": [],
            "strategies": [[sid, name, sid, [*engine, sid, *dirs]] for sid, name in names.items()],
            "themes": [["builtin_themes", source] for source in triangles_themes()],
        }
        registry = IsolatedRegistry(data, self.folders)
        registry.provisional = True
        return registry


def load_plugins_isolated(extra_dirs: Iterable[str | os.PathLike[str]] = ()) -> Any:
    """The plugins, as the last listing found them when nothing they depend on has changed since
    (see the module docstring), else listed by a process of their own. When the listing fails
    (a plugin ended or hung that process), the built-in plugins, loaded here, with a failure
    saying why."""
    listing = Listing(extra_dirs)
    kept = listing.kept()
    if kept is not None:
        return kept
    with tempfile.TemporaryFile() as stderr:  # a plugin that floods it fills a file, not memory
        try:
            done = subprocess.run(
                listing.command,
                stdout=subprocess.PIPE,
                stderr=stderr,
                stdin=subprocess.DEVNULL,
                timeout=LISTING_TIMEOUT_S,
            )
            if done.returncode != 0:
                raise RuntimeError(f"the listing process stopped with exit code {done.returncode}")
            return listing.registry_from(done.stdout)
        except (
            OSError,
            ValueError,
            LookupError,
            TypeError,
            RuntimeError,
            subprocess.SubprocessError,
        ) as exc:
            stderr.seek(max(0, stderr.seek(0, os.SEEK_END) - 4000))
            return listing.failed(exc, stderr.read().decode("utf-8", "replace"))


def cache_path() -> Path:
    return user_data_dir() / "cache" / CACHE_NAME


def _fingerprint(folders: Sequence[str]) -> str | None:
    """What a listing depends on, hashed; None when it cannot be told (then no cache)."""
    parts: list[object] = [
        __version__,
        sys.executable,
        sys.version,
        os.environ.get(PLUGIN_PATH_ENV, ""),
        os.environ.get(TRACE_ENV, ""),
        folders,
    ]
    try:
        import triangles_qt.builtin_plugins as builtin  # plugins/ in a checkout: its __init__

        parts.append(_files(Path(builtin.__file__ or "").resolve().parent))
        # Installed plugins: installing, upgrading or removing any package changes the folder
        # it is installed in (its .dist-info comes or goes), so the folders' times stand for the
        # entry points, without importing importlib.metadata (25 ms of every start).
        parts.append(sorted((folder, os.stat(folder).st_mtime_ns) for folder in _site_folders()))
        for folder, _explicit in plugin_search_dirs(folders):
            parts.append((str(folder), _files(folder)))
    except (OSError, ValueError, _TooMany):
        return None
    return hashlib.sha256(repr(parts).encode("utf-8", "replace")).hexdigest()


def _site_folders() -> set[str]:
    """The folders packages are installed in that this Python reads."""
    folders = set()
    for entry in sys.path:
        name = os.path.basename(os.path.normpath(entry)) if entry else ""
        if name in ("site-packages", "dist-packages") and os.path.isdir(entry):
            folders.add(os.path.abspath(entry))
    return folders


class _TooMany(Exception):
    pass


def _files(folder: Path) -> list[tuple[str, int, int]]:
    """(name, size, time of change) of every file under `folder` (none when it is missing)."""
    if not folder.is_dir():
        return []
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            info = os.stat(os.path.join(root, name))
            found.append(
                (os.path.relpath(os.path.join(root, name), folder), info.st_size, info.st_mtime_ns)
            )
            if len(found) > MAX_FINGERPRINT_FILES:
                raise _TooMany
    return found


def _kept_listing(fingerprint: str | None) -> dict[str, Any] | None:
    if fingerprint is None:
        return None
    try:
        kept = json.loads(read_regular_file(cache_path(), MAX_CACHE_BYTES))
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("fingerprint") != fingerprint:
        return None
    listing_data = kept.get("listing")
    return listing_data if isinstance(listing_data, dict) else None


def _keep_listing(fingerprint: str | None, data: dict[str, Any]) -> None:
    if fingerprint is None:
        return
    try:
        path = cache_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps({"fingerprint": fingerprint, "listing": data}).encode())
    except (OSError, ValueError):
        pass  # listed again next time
