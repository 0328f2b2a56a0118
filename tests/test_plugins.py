"""Plugin discovery and isolation: every hook, every source, and every way a plugin can break."""

from __future__ import annotations

import importlib.metadata
import inspect
import os
import shutil
import subprocess
import sys
import tomllib
import types
from pathlib import Path

import pytest

from triangles_qt import hookimpl, hookspecs
from triangles_qt.hookspecs import EngineDescription
from triangles_qt.plugin_manager import (
    ENTRY_POINT_GROUP,
    PluginFailure,
    PluginInfo,
    Reason,
    drop_in_module_name,
    load_plugins,
    user_plugin_dir,
)

FIXTURES = Path(__file__).parent / "plugin_fixtures"


@pytest.fixture(autouse=True)
def clean_env(tmp_path, monkeypatch):
    """No plugins but the built-ins unless a test adds some; no real user folder."""
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(tmp_path / "user-data"))
    monkeypatch.delenv("TRIANGLES_PLUGIN_PATH", raising=False)
    monkeypatch.delenv("TRIANGLES_TRACE_HOOKS", raising=False)


def plugin_dir(tmp_path: Path, *names: str, folder: str = "plugins") -> Path:
    """A drop-in folder holding copies of the named fixtures."""
    target = tmp_path / folder
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        source = FIXTURES / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            shutil.copy(source, target / name)
    return target


def ids(registry) -> list[str]:
    return [s.id for s in registry.strategies()]


def failure_named(registry, name: str) -> PluginFailure:
    matches = [f for f in registry.failed if f.name == name]
    assert len(matches) == 1, registry.failed
    return matches[0]


# -- one test per hook (test_every_hook_has_a_test_of_its_own checks the names) --------------------


def test_hook_triangles_strategies(tmp_path):
    registry = load_plugins([plugin_dir(tmp_path, "good_plugin.py")])
    strategy = registry.strategy("first-legal")
    assert strategy.name == "First legal"
    assert registry.plugin_of("first-legal") == "good_plugin"
    info = next(i for i in registry.loaded if i.name == "good_plugin")
    source = str(tmp_path / "plugins" / "good_plugin.py")
    assert info == PluginInfo("good_plugin", "strategies", source)
    assert registry.failed == []


def test_hook_triangles_themes(tmp_path):
    folder = plugin_dir(tmp_path, "theme_plugin.py")
    registry = load_plugins([folder])
    mine = [source for plugin, source in registry.themes() if plugin == "theme_plugin"]
    # A relative path is taken relative to the plugin's folder; a table is passed on as a dict.
    assert mine == [folder / "aurora.toml", {"id": "inline", "name": "Inline"}]
    assert PluginInfo("theme_plugin", "themes", str(folder / "theme_plugin.py")) in registry.loaded
    assert "theme_plugin" not in [registry.plugin_of(s.id) for s in registry.strategies()]


def test_hook_triangles_engines(tmp_path):
    example = Path(__file__).resolve().parents[1] / "docs" / "examples" / "engine-js" / "greedy.js"
    package = tmp_path / "plugins" / "js_engines"
    (package / "bin").mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from triangles_qt import hookimpl\n"
        "@hookimpl\n"
        "def triangles_engines():\n"
        "    return [{'id': 'js-greedy', 'name': 'Greedy (JS)', 'command': ['bin/greedy', '-q']}]\n"
    )
    launcher = package / "bin" / "greedy"
    launcher.write_text(f"#!/bin/sh\nexec node {example}\n")
    launcher.chmod(0o755)
    registry = load_plugins([package.parent])
    engine = registry.strategy("js-greedy")
    assert isinstance(engine, EngineDescription) and engine.name == "Greedy (JS)"
    # A relative program path is taken relative to the plugin's folder; it runs as it is.
    assert registry.engine_command("js-greedy") == [str(launcher), "-q"]
    assert registry.plugin_of("js-greedy") == "js_engines"
    assert PluginInfo("js_engines", "strategies", str(package)) in registry.loaded


def test_every_hook_has_a_test_of_its_own():
    specs = [
        name
        for name, _ in inspect.getmembers(hookspecs, inspect.isfunction)
        if name.startswith("triangles_")
    ]
    assert specs == ["triangles_engines", "triangles_strategies", "triangles_themes"]
    tests = set(globals())
    assert [name for name in specs if f"test_hook_{name}" not in tests] == []


def test_every_hook_spec_is_documented_and_typed():
    for name, function in inspect.getmembers(hookspecs, inspect.isfunction):
        if name.startswith("triangles_"):
            assert function.__doc__ and "Called" in function.__doc__, name
            returns = inspect.signature(function).return_annotation
            assert returns is not inspect.Signature.empty, name


def test_a_plugin_with_both_hooks_is_listed_with_both_kinds(tmp_path):
    registry = load_plugins([plugin_dir(tmp_path, "both_plugin.py")])
    info = next(i for i in registry.loaded if i.name == "both_plugin")
    assert info.kind == "strategies, themes"
    assert registry.strategy("last-legal").name == "Arbitrary last legal"
    assert ("both_plugin", {"id": "both", "name": "Both"}) in registry.themes()


# -- built-ins ------------------------------------------------------------------------------------


def test_builtins_come_first_and_in_order_then_third_party_by_name(tmp_path):
    folder = plugin_dir(tmp_path, "good_plugin.py", "both_plugin.py", "good_package")
    registry = load_plugins([folder])
    builtin = ["easy", "medium"] + (["hard"] if "hard" in ids(registry) else [])
    assert ids(registry)[: len(builtin)] == builtin
    # Third-party strategies sorted by name: "Arbitrary last legal", "First legal", "Zigzag".
    assert ids(registry)[len(builtin) :] == ["last-legal", "first-legal", "zigzag"]
    sources = {i.name: i.source for i in registry.loaded}
    assert sources["easy"] == sources["medium"] == "built-in"
    assert registry.plugin_of("easy") == "easy" and registry.plugin_of("medium") == "medium"


def test_builtin_themes_module_is_registered_as_a_plugin():
    registry = load_plugins()
    assert registry.plugin_manager.get_plugin("builtin_themes") is not None
    builtin_themes = [source for plugin, source in registry.themes() if plugin == "builtin_themes"]
    module = sys.modules["triangles_qt.builtin_themes"]
    if hasattr(module, "triangles_themes"):
        assert len(builtin_themes) == len(module.triangles_themes())
    assert registry.failed == []


def test_unknown_strategy_id_raises_key_error():
    registry = load_plugins()
    with pytest.raises(KeyError, match="nope"):
        registry.strategy("nope")
    with pytest.raises(KeyError):
        registry.plugin_of("nope")


# -- discovery ------------------------------------------------------------------------------------


def test_user_plugin_dir_follows_the_user_data_override(tmp_path):
    assert user_plugin_dir() == tmp_path / "user-data" / "plugins"
    plugin_dir(tmp_path / "user-data", "good_plugin.py")
    assert "first-legal" in ids(load_plugins())


def test_plugin_path_environment_variable_lists_folders(tmp_path, monkeypatch):
    one = plugin_dir(tmp_path, "good_plugin.py", folder="one")
    two = plugin_dir(tmp_path, "good_package", folder="two")
    monkeypatch.setenv("TRIANGLES_PLUGIN_PATH", os.pathsep.join([str(one), "", str(two)]))
    registry = load_plugins()
    assert {"first-legal", "zigzag"} <= set(ids(registry))
    assert registry.failed == []


def test_a_package_plugin_can_import_its_own_submodules(tmp_path):
    registry = load_plugins([plugin_dir(tmp_path, "good_package")])
    assert registry.strategy("zigzag").name == "Zigzag"
    assert next(i for i in registry.loaded if i.name == "good_package").source == str(
        tmp_path / "plugins" / "good_package"
    )


def test_drop_ins_get_unique_module_names_and_leave_sys_path_alone(tmp_path):
    path_before = list(sys.path)
    folder = plugin_dir(tmp_path, "good_plugin.py")
    registry = load_plugins([folder])
    assert sys.path == path_before
    module = registry.plugin_manager.get_plugin("good_plugin")
    assert module.__name__ == drop_in_module_name("good_plugin", folder / "good_plugin.py")
    assert module.__name__.startswith("triangles_plugin_")
    assert "good_plugin" not in sys.modules


def test_the_same_folder_twice_is_loaded_once(tmp_path, monkeypatch):
    folder = plugin_dir(tmp_path, "good_plugin.py")
    monkeypatch.setenv("TRIANGLES_PLUGIN_PATH", str(folder))
    registry = load_plugins([folder])
    assert [i.name for i in registry.loaded].count("good_plugin") == 1
    assert registry.failed == []


def test_two_drop_ins_with_the_same_name_the_second_is_reported(tmp_path):
    one = plugin_dir(tmp_path, "good_plugin.py", folder="one")
    two = plugin_dir(tmp_path, "good_plugin.py", folder="two")
    registry = load_plugins([one, two])
    failure = failure_named(registry, "good_plugin")
    assert failure.source == str(two / "good_plugin.py")
    assert "already loaded" in failure.error and str(one / "good_plugin.py") in failure.error
    assert failure.reason == Reason.NAME_TAKEN
    assert "first-legal" in ids(registry)


def test_hidden_and_private_files_are_not_plugins(tmp_path):
    folder = plugin_dir(tmp_path, "good_plugin.py")
    shutil.copy(FIXTURES / "hook_raises.py", folder / "_helpers.py")
    (folder / "notes.txt").write_text("not a plugin")
    (folder / "data").mkdir()  # no __init__.py: not a package
    registry = load_plugins([folder])
    assert registry.failed == []
    assert [i.name for i in registry.loaded if i.source != "built-in"] == ["good_plugin"]


def test_a_missing_explicit_folder_is_reported(tmp_path):
    registry = load_plugins([tmp_path / "nowhere"])
    assert registry.failed == [
        PluginFailure(
            str(tmp_path / "nowhere"),
            str(tmp_path / "nowhere"),
            "plugin folder not found",
            "",
            Reason.FOLDER_MISSING,
        )
    ]
    assert ids(registry)[:2] == ["easy", "medium"]


def test_loading_twice_reimports_drop_ins_freshly(tmp_path):
    folder = plugin_dir(tmp_path, "good_plugin.py")
    first = load_plugins([folder]).strategy("first-legal")
    second = load_plugins([folder]).strategy("first-legal")
    assert type(first) is not type(second)


# -- broken plugins -------------------------------------------------------------------------------

BROKEN = [
    ("import_error.py", Reason.IMPORT, "ModuleNotFoundError", "triangles_no_such_module_for_tests"),
    ("interrupts_import.py", Reason.IMPORT, "KeyboardInterrupt", "stopped at import"),
    (
        "hook_raises_base_exception.py",
        Reason.HOOK_RAISED,
        "triangles_strategies() raised GeneratorExit",
        "the strategies hook left",
    ),
    (
        "hook_raises.py",
        Reason.HOOK_RAISED,
        "triangles_strategies() raised RuntimeError",
        "the strategies hook exploded",
    ),
    (
        "themes_hook_raises.py",
        Reason.HOOK_RAISED,
        "triangles_themes() raised OSError",
        "the themes hook exploded",
    ),
    ("returns_not_a_list.py", Reason.BAD_RESULT, "returned str, not a list", None),
    ("returns_none.py", Reason.BAD_RESULT, "returned None, not a list", None),
    ("returns_bad_object.py", Reason.BAD_RESULT, "has no choose_stroke method", None),
    (
        "returns_a_class.py",
        Reason.BAD_RESULT,
        "is the class Forgetful, not an instance: return Forgetful()",
        None,
    ),
    ("returns_bad_theme.py", Reason.BAD_RESULT, "theme 1 is int", None),
    (
        "returns_bad_engine.py",
        Reason.BAD_RESULT,
        "engine 0 must be a dict with the keys id, name and command",
        None,
    ),
    ("duplicate_id.py", Reason.ID_TAKEN, "'easy' is already provided by plugin 'easy'", None),
    ("unknown_hook.py", Reason.UNKNOWN_HOOK, "unknown hook 'triangles_strategys'", None),
    ("no_hooks.py", Reason.NO_HOOKS, "implements no triangles_* hook", None),
]


@pytest.mark.parametrize("fixture, reason, error, in_details", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_plugin_is_reported_and_the_others_keep_working(
    tmp_path, fixture, reason, error, in_details
):
    # Sorted load order puts the broken one between the good ones, so it hides neither.
    folder = plugin_dir(tmp_path, "both_plugin.py", fixture, "good_package")
    registry = load_plugins([folder])
    name = fixture.removesuffix(".py")
    failure = failure_named(registry, name)
    assert failure.source == str(folder / fixture)
    assert failure.reason == reason
    assert error in failure.error
    if in_details is not None:
        assert in_details in failure.details
        assert "Traceback" in failure.details
    assert len(registry.failed) == 1
    assert registry.plugin_manager.get_plugin(name) is None  # blocked: contributes nothing
    assert name not in [i.name for i in registry.loaded]
    assert {"easy", "medium", "last-legal", "zigzag"} <= set(ids(registry))
    assert ("both_plugin", {"id": "both", "name": "Both"}) in registry.themes()
    assert all(plugin != name for plugin, _ in registry.themes())


def test_a_plugin_with_a_syntax_error_is_reported(tmp_path):
    folder = plugin_dir(tmp_path, "good_plugin.py")
    (folder / "syntax_error.py").write_text(
        "from triangles_qt import hookimpl\n\ndef broken(:\n    pass\n"
    )
    registry = load_plugins([folder])
    failure = failure_named(registry, "syntax_error")
    assert "SyntaxError" in failure.error
    assert "syntax_error.py" in failure.details
    assert "first-legal" in ids(registry)
    assert not [m for m in sys.modules if m.endswith("_syntax_error")]


def test_a_plugin_returning_the_same_id_twice_is_reported(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "twice.py").write_text(
        "from triangles_qt import hookimpl\n"
        "class S:\n"
        "    id = 'twice'\n    name = 'Twice'\n"
        "    def choose_stroke(self, position, budget_s):\n        return (0, 1)\n"
        "@hookimpl\ndef triangles_strategies():\n    return [S(), S()]\n"
    )
    registry = load_plugins([folder])
    failure = failure_named(registry, "twice")
    assert "'twice' is returned twice" in failure.error and failure.reason == Reason.ID_TAKEN
    assert "twice" not in ids(registry)


STRATEGY_SLIPS = [
    ("id = 'x' * 81\n    name = 'Long'", "its id is longer than 80 characters (81)"),
    ("id = 'long'\n    name = 'N' * 300", "its name is longer than 80 characters (300)"),
    ("id = 'nl'\n    name = 'Two\\nlines'", "its name contains a control character"),
    ("id = ' spaced '\n    name = 'Spaced'", "its id ' spaced ' has spaces at an end"),
    ("name = 'No id'", "has no string 'id'"),
    (
        "id = 'sig'\n    name = 'Sig'\n    def choose_stroke(self, position):\n"
        "        return (0, 1)",
        "choose_stroke(position) cannot be called as choose_stroke(position, budget_s)",
    ),
]


@pytest.mark.parametrize("body, error", STRATEGY_SLIPS, ids=[e for _, e in STRATEGY_SLIPS])
def test_a_strategy_that_could_not_be_shown_saved_or_called_is_refused_at_load(
    tmp_path, body, error
):
    folder = tmp_path / "plugins"
    folder.mkdir()
    if "choose_stroke" not in body:
        body += "\n    def choose_stroke(self, position, budget_s):\n        return (0, 1)"
    (folder / "slip.py").write_text(
        f"from triangles_qt import hookimpl\nclass S:\n    {body}\n"
        "@hookimpl\ndef triangles_strategies():\n    return [S()]\n"
    )
    registry = load_plugins([folder])
    failure = failure_named(registry, "slip")
    assert error in failure.error and failure.reason == Reason.BAD_RESULT
    assert ids(registry) == ["easy", "medium", "hard"]


def test_a_strategy_with_80_character_texts_and_any_script_is_accepted(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "wide.py").write_text(
        "from triangles_qt import hookimpl\n"
        "class S:\n    id = 'ж' * 80\n    name = 'Стратегия\xa0' + 'é' * 70\n"
        "    def choose_stroke(self, position, budget_s=1.0, *more):\n        return (0, 1)\n"
        "@hookimpl\ndef triangles_strategies():\n    return [S()]\n"
    )
    assert "ж" * 80 in ids(load_plugins([folder]))


def test_a_hook_with_a_wrong_signature_is_reported_with_what_is_wrong(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "asks.py").write_text(
        "from triangles_qt import hookimpl\n"
        "@hookimpl\ndef triangles_strategies(registry):\n    return []\n"
    )
    failure = failure_named(load_plugins([folder]), "asks")
    assert failure.reason == Reason.REGISTER
    assert "{'registry'} are declared in the hookimpl but can not be found" in failure.error


def test_a_plugin_whose_import_calls_sys_exit_is_reported(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "exits.py").write_text("import sys\nsys.exit(3)\n")
    registry = load_plugins([folder])
    assert "SystemExit" in failure_named(registry, "exits").error


# -- entry points ---------------------------------------------------------------------------------


class FakeEntryPoint:
    """What importlib.metadata.entry_points(group=...) yields, as far as the loader looks."""

    def __init__(self, name: str, value: str, dist_name: str | None = None) -> None:
        self.name = name
        self.value = value
        self.group = "triangles_qt"
        self.dist = types.SimpleNamespace(name=dist_name) if dist_name else None

    def load(self):
        return importlib.metadata.EntryPoint(self.name, self.value, self.group).load()


@pytest.fixture
def entry_point_module(monkeypatch):
    module = types.ModuleType("triangles_ep_fixture")

    class Installed:
        id = "installed"
        name = "Installed"

        def choose_stroke(self, position, budget_s):
            return tuple(int(v) for v in position.legal_strokes()[0])

    @hookimpl
    def triangles_strategies():
        return [Installed()]

    module.triangles_strategies = triangles_strategies
    monkeypatch.setitem(sys.modules, "triangles_ep_fixture", module)
    return module


def fake_entry_points(monkeypatch, entry_points):
    calls = []

    def entry_points_stub(**selection):
        calls.append(selection)
        return [ep for ep in entry_points if selection.get("group") in (None, ep.group)]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points_stub)
    return calls


def test_entry_point_plugins_are_loaded_with_their_distribution(monkeypatch, entry_point_module):
    calls = fake_entry_points(
        monkeypatch, [FakeEntryPoint("installed", "triangles_ep_fixture", "triangles-installed")]
    )
    registry = load_plugins()
    assert calls == [{"group": "triangles_qt"}]
    assert registry.plugin_of("installed") == "installed"
    info = PluginInfo("installed", "strategies", "entry point triangles-installed")
    assert info in registry.loaded


def test_an_installed_plugin_is_named_with_its_version_and_homepage(
    monkeypatch, entry_point_module
):
    import email.message

    entry = FakeEntryPoint("installed", "triangles_ep_fixture", "triangles-installed")
    metadata = email.message.Message()
    metadata["Project-URL"] = "Homepage, https://example.org/installed"
    entry.dist.version = "1.2.3"
    entry.dist.metadata = metadata
    fake_entry_points(monkeypatch, [entry])
    registry = load_plugins()
    source = "entry point triangles-installed 1.2.3 (https://example.org/installed)"
    assert PluginInfo("installed", "strategies", source) in registry.loaded


def test_entry_points_load_in_name_order_whatever_the_install_order(
    monkeypatch, entry_point_module
):
    clone = types.ModuleType("triangles_ep_clone")
    clone.triangles_strategies = entry_point_module.triangles_strategies
    monkeypatch.setitem(sys.modules, "triangles_ep_clone", clone)
    fake_entry_points(
        monkeypatch,
        [
            FakeEntryPoint("zeta", "triangles_ep_clone", "triangles-zeta"),
            FakeEntryPoint("alpha", "triangles_ep_fixture", "triangles-alpha"),
        ],
    )
    registry = load_plugins()
    assert registry.plugin_of("installed") == "alpha"
    assert (
        "'installed' is already provided by plugin 'alpha'" in failure_named(registry, "zeta").error
    )


def test_a_failing_entry_point_does_not_stop_the_next_ones(monkeypatch, entry_point_module):
    fake_entry_points(
        monkeypatch,
        [
            FakeEntryPoint(
                "broken", "triangles_no_such_distribution_module:plugin", "triangles-broken"
            ),
            FakeEntryPoint(
                "missing-attr", "triangles_ep_fixture:no_such_attribute", "triangles-attr"
            ),
            FakeEntryPoint("installed", "triangles_ep_fixture", "triangles-installed"),
        ],
    )
    registry = load_plugins()
    broken = failure_named(registry, "broken")
    assert broken.source == "entry point triangles-broken"
    assert "ModuleNotFoundError" in broken.error and "Traceback" in broken.details
    assert broken.reason == Reason.IMPORT
    assert "AttributeError" in failure_named(registry, "missing-attr").error
    assert "installed" in ids(registry)
    assert ids(registry)[:2] == ["easy", "medium"]


def test_an_entry_point_plugin_object_may_be_a_class_instance(monkeypatch):
    class PluginObject:
        @hookimpl
        def triangles_themes(self):
            return [{"id": "from-object"}]

    holder = types.ModuleType("triangles_ep_object_fixture")
    holder.plugin = PluginObject()
    monkeypatch.setitem(sys.modules, "triangles_ep_object_fixture", holder)
    value = "triangles_ep_object_fixture:plugin"
    fake_entry_points(monkeypatch, [FakeEntryPoint("objectplugin", value)])
    registry = load_plugins()
    assert ("objectplugin", {"id": "from-object"}) in registry.themes()
    assert PluginInfo("objectplugin", "themes", f"entry point {value}") in registry.loaded


# -- tracing --------------------------------------------------------------------------------------


def test_trace_environment_variable_traces_hook_calls_to_stderr(monkeypatch, capsys):
    load_plugins()
    assert "triangles_strategies" not in capsys.readouterr().err
    monkeypatch.setenv("TRIANGLES_TRACE_HOOKS", "1")
    load_plugins()
    err = capsys.readouterr().err
    assert "triangles_strategies" in err and "triangles_themes" in err


def test_a_drop_in_from_a_relative_folder_is_listed_with_its_absolute_source(tmp_path, monkeypatch):
    folder = plugin_dir(tmp_path, "good_plugin.py")
    monkeypatch.chdir(folder.parent)
    registry = load_plugins([folder.name])  # e.g. --plugin-dir plugins, from its parent folder
    info = next(i for i in registry.loaded if i.name == "good_plugin")
    assert info.source == str(folder / "good_plugin.py")


def test_the_plugin_template_loads_and_its_own_tests_pass(tmp_path):
    template = Path(__file__).resolve().parents[1] / "docs" / "examples" / "plugin-template"
    project = tomllib.loads((template / "pyproject.toml").read_text())
    group = project["project"]["entry-points"]
    assert list(group) == [ENTRY_POINT_GROUP]  # the group the game reads
    module = group[ENTRY_POINT_GROUP]["first_triangle"]
    registry = load_plugins([template / "src"])  # as a drop-in folder, without installing it
    assert registry.failed == [] and registry.plugin_of("first-triangle") == module
    env = {**os.environ, "PYTHONPATH": str(template / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(template / "tests")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout
