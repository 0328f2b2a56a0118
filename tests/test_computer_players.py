"""The one factory from a player id to what plays: the app, the arena, the network player and
the engine adapter all make their computer players with it."""

import pytest

from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.computer_players import computer_player
from triangles_qt.engine.host import EngineStrategy
from triangles_qt.plugin_manager import load_builtin_plugins


def test_an_installed_id_plays_in_its_own_process_or_in_this_one():
    registry = load_builtin_plugins()
    engine, plugin = computer_player(registry, "medium")
    assert isinstance(engine, EngineStrategy) and engine.id == "medium" and engine.name == "Medium"
    assert engine.process.command == registry.engine_command("medium")
    inside, same_plugin = computer_player(registry, "medium", own_process=False)
    assert isinstance(inside, Medium) and plugin == same_plugin == registry.plugin_of("medium")


def test_an_engine_program_is_named_by_its_command():
    engine, plugin = computer_player(load_builtin_plugins(), "engine:node greedy.js --fast")
    assert isinstance(engine, EngineStrategy)
    assert engine.process.command == ["node", "greedy.js", "--fast"]
    assert plugin == "engine node"


@pytest.mark.parametrize("spec", ["nonesuch", "engine:", "engine:   "])
def test_an_unknown_id_or_an_engine_without_a_program_is_a_key_error(spec):
    with pytest.raises(KeyError):
        computer_player(load_builtin_plugins(), spec)
