"""Plugin discovery out of harm's way: the app learns what the plugins offer from a process of its
own (`python -m triangles_qt.engine --list`), so no plugin code ever runs in the app's process.
A plugin that ends, hangs or floods its process at import can only spoil the listing, and the
app then offers the built-in players and themes and says why.

`IsolatedRegistry` answers like a `PluginRegistry` (loaded, failed, strategies, strategy,
plugin_of, themes, engine_command); its strategies are `EngineStrategy` objects that run the
plugin's code in an engine process when a game needs it. No Qt here.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from triangles_qt.frozen import module_command
from triangles_qt.plugin_manager import (
    PluginFailure,
    PluginInfo,
    PluginRegistry,
    Reason,
    load_builtin_plugins,
)

from .host import EngineStrategy, Limits, limited

LISTING_TIMEOUT_S = 30.0


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
        self.loaded = [PluginInfo(*item) for item in data["loaded"]]
        self.failed = [
            PluginFailure(name, source, error, details, Reason(reason) if reason else None)
            for name, source, error, details, reason in data["failed"]
        ]
        self._strategies = {
            sid: (EngineStrategy(sid, command, name=name), plugin)
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
        return list(self.strategy(strategy_id).process.command)

    def themes(self) -> list[tuple[str, Any]]:
        return [
            (plugin, source if isinstance(source, dict) else Path(source))
            for plugin, source in self._themes
        ]


def load_plugins_isolated(extra_dirs: Iterable[str | os.PathLike[str]] = ()) -> Any:
    """The plugins, listed by a process of their own. When the listing fails (a plugin ended or
    hung that process), the built-in plugins, loaded here, with a failure saying why."""
    folders = [os.fspath(folder) for folder in extra_dirs]
    command = [*module_command("triangles_qt.engine"), "--list"]
    for folder in folders:
        command += ["--plugin-dir", folder]
    with tempfile.TemporaryFile() as stderr:  # a plugin that floods it fills a file, not memory
        try:
            done = subprocess.run(
                limited(command, Limits()),
                stdout=subprocess.PIPE,
                stderr=stderr,
                stdin=subprocess.DEVNULL,
                timeout=LISTING_TIMEOUT_S,
            )
            if done.returncode != 0:
                raise RuntimeError(f"the listing process stopped with exit code {done.returncode}")
            return IsolatedRegistry(json.loads(done.stdout), folders)
        except (
            OSError,
            ValueError,
            LookupError,
            TypeError,
            RuntimeError,
            subprocess.SubprocessError,
        ) as exc:
            stderr.seek(max(0, stderr.seek(0, os.SEEK_END) - 4000))
            registry = load_builtin_plugins()
            registry.failed.append(
                PluginFailure(
                    "plugins",
                    "plugin listing",
                    f"the plugins could not be listed ({exc}); only the built-in ones are offered",
                    stderr.read().decode("utf-8", "replace"),
                    Reason.IMPORT,
                )
            )
            return registry
