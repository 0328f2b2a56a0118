"""The computer players the app offers: the plugins' strategies and engines, and the engine
programs the player added in Settings > Engines (remembered in the settings). One registry for
the New game window, the seats and the Statistics window, so an added engine is offered like
any other computer player."""

from __future__ import annotations

from typing import Any

from triangles_qt.hookspecs import EngineDescription

from .settings import EngineEntry, Settings

ADDED_BY_PLAYER = "Settings > Engines"
"""What `plugin_of` answers for an engine the player added (the "plugin" that failed)."""


class WithUserEngines:
    """`registry` (a `PluginRegistry`) with the player's engines after its own strategies; every
    other attribute is the registry's."""

    def __init__(self, registry: Any, settings: Settings) -> None:
        self.registry = registry
        self.settings = settings
        self._engines: dict[EngineEntry, EngineDescription] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.registry, name)

    def user_engines(self) -> list[EngineDescription]:
        self._engines = {
            entry: EngineDescription(entry.strategy_id, entry.name, tuple(entry.command))
            for entry in self.settings.engines
        }
        return list(self._engines.values())

    def strategies(self) -> list[Any]:
        taken = {str(s.id) for s in self.registry.strategies()}
        mine = [e for e in self.user_engines() if e.id not in taken]
        return [*self.registry.strategies(), *mine]

    def strategy(self, strategy_id: str) -> Any:
        for engine in self.user_engines():
            if engine.id == strategy_id:
                return engine
        return self.registry.strategy(strategy_id)

    def plugin_of(self, strategy_id: str) -> str:
        if any(engine.id == strategy_id for engine in self.user_engines()):
            return ADDED_BY_PLAYER
        return str(self.registry.plugin_of(strategy_id))

    def engine_command(self, strategy_id: str) -> list[str]:
        strategy = self.strategy(strategy_id)
        if isinstance(strategy, EngineDescription):
            return list(strategy.command)
        command_for = getattr(self.registry, "engine_command", None)
        if command_for is None:  # a registry that cannot start its strategies elsewhere
            raise KeyError(strategy_id)
        return list(command_for(strategy_id))
