"""The one factory that turns a player id into what plays a computer seat: an installed
strategy's id, served in a process of its own (as the app, the arena and the network player run
it) or called in this process (the engine adapter, the arena's --in-process), or
``engine:COMMAND``, an engine program (docs/engine-protocol.md). No Qt here."""

from __future__ import annotations

import shlex
from typing import Any

from .engine.host import EngineStrategy
from .hookspecs import EngineDescription

ENGINE_PREFIX = "engine:"


def computer_player(registry: Any, spec: str, own_process: bool = True) -> tuple[Any, str]:
    """The strategy `spec` names and who provides it (a plugin's name, or "engine PROGRAM").
    KeyError for an id no plugin provides, or an ``engine:`` with no program. What the registry
    provides comes first: the engines a player added in the app have ids of that form too."""
    try:
        strategy, plugin = registry.strategy(spec), registry.plugin_of(spec)
    except KeyError:
        if not spec.startswith(ENGINE_PREFIX):
            raise
        command = shlex.split(spec[len(ENGINE_PREFIX) :])
        if not command:
            raise KeyError(f"{spec!r} names no engine program") from None
        return EngineStrategy(spec, command), f"engine {command[0]}"
    if own_process or isinstance(strategy, EngineDescription):
        strategy = EngineStrategy(spec, registry.engine_command(spec), name=str(strategy.name))
    return strategy, plugin
