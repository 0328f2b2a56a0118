"""The pluggy hook specifications of Triangles: every hook a plugin may implement, in one place.

Hooks are prefixed ``triangles_``. A plugin implements one by defining a module-level function of
the same name decorated with ``triangles_qt.hookimpl``. The host calls each plugin's
implementation on its own (see ``plugin_manager``), so a broken plugin cannot hide the others.
docs/plugins.md is the guide for plugin authors.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Union

import pluggy

from . import PROJECT_NAME

if TYPE_CHECKING:
    from .core.position import Position

hookspec = pluggy.HookspecMarker(PROJECT_NAME)

ThemeSource = Union[str, "os.PathLike[str]", Mapping[str, Any]]
"""A theme contributed by a plugin: a path to a theme TOML file, or a dict with the same content."""


@dataclass(frozen=True)
class EngineDescription:
    """A computer player that runs as a program of its own (an engine a plugin declares, or one
    a listing of the plugins found): plain data, from which the host starts the program when a
    game needs it (`computer_players.computer_player`). A strategy in the registry's lists."""

    id: str
    name: str
    command: tuple[str, ...]


class Strategy(Protocol):
    """A computer player, as ``triangles_strategies`` returns it.

    ``id`` is a short stable identifier (``"medium"``), unique across all plugins; it is what game
    records and the arena's ``--p1``/``--p2`` options use. ``name`` is shown to players.

    ``choose_stroke(position, budget_s)`` receives a read-only ``Position`` snapshot (never the
    live game) with the player to move being the strategy's side, and returns the stroke to draw as
    a pair of star indices ``(i, j)`` in either order. It should answer within ``budget_s``
    seconds; after ``budget_s + 0.5`` s, or on an exception or an illegal answer, the host plays a
    built-in fallback move instead, and after three such failures in one game the strategy is
    replaced by the fallback until the next game. It is called from a worker thread.
    """

    id: str
    name: str

    def choose_stroke(self, position: Position, budget_s: float) -> tuple[int, int]: ...


@hookspec
def triangles_strategies() -> list[Strategy]:
    """Return the computer strategies this plugin provides (a list, possibly empty).

    Called once per plugin when plugins are loaded (``plugin_manager.load_plugins``), before any
    game starts. Every item must have a string ``id`` and ``name`` and a callable
    ``choose_stroke``; an id already taken by an earlier plugin (built-ins come first) makes the
    whole plugin fail to load, and it is reported instead.
    """


@hookspec
def triangles_engines() -> list[Mapping[str, Any]]:
    """Return the engine programs this plugin provides (a list, possibly empty): computer players
    that run as programs of their own, in any language, behind the engine protocol
    (docs/engine-protocol.md).

    Called once per plugin when plugins are loaded. Each item is a dict ``{"id": ..., "name":
    ..., "command": [program, arg, ...]}``; ``id`` and ``name`` follow the rules of a strategy's,
    and a relative program path with a folder in it (``"bin/engine"``) is taken relative to the
    folder of the plugin's module. The program is started when a game needs it.
    """


@hookspec
def triangles_themes() -> list[ThemeSource]:
    """Return the themes this plugin provides (a list, possibly empty).

    Called once per plugin when plugins are loaded. Each item is a path (``str`` or
    ``os.PathLike``) to a theme TOML file, or a dict with the same content as such a file; the
    format is defined in ``triangles_qt.themes``. A relative path is taken relative to the folder
    of the plugin's module. The registry only collects the items; the theme code validates them.
    """
