"""Plugin discovery and failure isolation: built-ins, entry points and drop-in folders, loaded and
called one plugin at a time into a `PluginRegistry` of strategies and themes.

A plugin that fails to import or register, whose hook raises, or whose hook returns something
unusable is unregistered and reported as a `PluginFailure`; everything else keeps working
(tox 4 / napari habit). pluggy's own `load_setuptools_entrypoints` is deliberately not used: it
stops at the first broken package.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
import traceback
import types
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import pluggy

from . import PROJECT_NAME, hookspecs
from .defaults import BUILTIN_LEVELS, MAX_PLUGIN_TEXT_LENGTH
from .frozen import module_command
from .hookspecs import EngineDescription

ENTRY_POINT_GROUP = PROJECT_NAME
USER_DATA_ENV = "TRIANGLES_USER_DATA"
PLUGIN_PATH_ENV = "TRIANGLES_PLUGIN_PATH"
TRACE_ENV = "TRIANGLES_TRACE_HOOKS"

# Built-in plugins, registered in this order; (plugin name, module, optional).
BUILTIN_PLUGINS: tuple[tuple[str, str, bool], ...] = (
    ("easy", "triangles_qt.builtin_plugins.easy", False),
    ("medium", "triangles_qt.builtin_plugins.medium", False),
    ("hard", "triangles_qt.builtin_plugins.hard", True),
    ("builtin_themes", "triangles_qt.builtin_themes", False),
)
BUILTIN_SOURCE = "built-in"

HOOKS = ("triangles_strategies", "triangles_engines", "triangles_themes")
_KIND_OF_HOOK = {
    "triangles_strategies": "strategies",
    "triangles_engines": "strategies",  # an engine is a computer player too
    "triangles_themes": "themes",
}


@dataclass(frozen=True)
class PluginInfo:
    """A plugin that loaded. kind: "strategies", "themes" or "strategies, themes"."""

    name: str
    kind: str
    source: str


class Reason(StrEnum):
    """Why a plugin was blocked, one kind of fault each, for the app to say in the player's
    language (`PluginFailure.error` keeps the specifics, in English, for the plugin's author)."""

    IMPORT = "import"
    REGISTER = "register"
    FOLDER_MISSING = "folder_missing"
    FOLDER_UNREADABLE = "folder_unreadable"
    NAME_TAKEN = "name_taken"
    NO_HOOKS = "no_hooks"
    UNKNOWN_HOOK = "unknown_hook"
    HOOK_RAISED = "hook_raised"
    BAD_RESULT = "bad_result"
    ID_TAKEN = "id_taken"


@dataclass(frozen=True)
class PluginFailure:
    """A plugin that was blocked: `error` is one line in English, `details` the traceback text
    (may be "")."""

    name: str
    source: str
    error: str
    details: str = ""
    reason: Reason | None = None  # None: not one of the kinds (a failure made elsewhere)


class PluginRegistry:
    """What the loaded plugins contribute, fixed at load time."""

    def __init__(self, plugin_manager: pluggy.PluginManager) -> None:
        self.plugin_manager = plugin_manager
        self.loaded: list[PluginInfo] = []
        self.failed: list[PluginFailure] = []
        self._strategies: dict[str, Any] = {}
        self._strategy_plugin: dict[str, str] = {}
        self._builtin_plugins: set[str] = set()
        self._themes: list[tuple[str, Any]] = []
        self.extra_dirs: tuple[str, ...] = ()  # the folders given to load_plugins
        self.builtin_only = False  # only the built-in plugins were loaded (load_builtin_plugins)

    def engine_command(self, strategy_id: str) -> list[str]:
        """The command that runs this strategy in its own process, behind the engine protocol
        (`python -m triangles_qt.engine`, or the bundle's own program), loading the same plugins.
        KeyError for an unknown id."""
        strategy = self.strategy(strategy_id)
        if isinstance(strategy, EngineDescription):  # a program of its own: run as it is
            return list(strategy.command)
        command = [*module_command("triangles_qt.engine"), "--strategy", strategy_id]
        if self.builtin_only:  # the others could not even be listed: keep them out there too
            command.append("--builtin-only")
        for folder in self.extra_dirs:
            command += ["--plugin-dir", folder]
        return command

    def strategies(self) -> list[Any]:
        """All strategies: built-ins first (easy, medium, hard), then the others sorted by name."""

        def order(strategy: Any) -> tuple:
            sid = strategy.id
            builtin = self._strategy_plugin[sid] in self._builtin_plugins
            if builtin and sid in BUILTIN_LEVELS:
                return (0, BUILTIN_LEVELS.index(sid), "", "")
            return (1, 0, str(strategy.name).casefold(), sid)

        return sorted(self._strategies.values(), key=order)

    def strategy(self, strategy_id: str) -> Any:
        """The strategy with this id. Raises KeyError when no loaded plugin provides it."""
        try:
            return self._strategies[strategy_id]
        except KeyError:
            known = ", ".join(s.id for s in self.strategies()) or "none"
            raise KeyError(f"unknown strategy {strategy_id!r} (available: {known})") from None

    def plugin_of(self, strategy_id: str) -> str:
        """The name of the plugin that provides a strategy. Raises KeyError for an unknown id."""
        self.strategy(strategy_id)
        return self._strategy_plugin[strategy_id]

    def themes(self) -> list[tuple[str, Any]]:
        """Every contributed theme as (plugin name, theme source), in load order."""
        return list(self._themes)


def user_data_dir() -> Path:
    """The folder for the player's data (plugins, statistics, the autosave):
    ``$TRIANGLES_USER_DATA`` if set (tests, portable installs), else the platform's user data
    folder."""
    override = os.environ.get(USER_DATA_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("triangles-qt", appauthor=False))


def user_plugin_dir() -> Path:
    """The drop-in folder for the user's own plugins (may not exist)."""
    return user_data_dir() / "plugins"


def plugin_search_dirs(
    extra_dirs: Iterable[str | os.PathLike[str]] = (),
) -> list[tuple[Path, bool]]:
    """Drop-in folders in search order, as (folder, explicit): a missing explicit one is
    reported, a missing user folder is not. Absolute, so that a plugin's source says where it
    is wherever the app was started from."""
    dirs: list[tuple[Path, bool]] = [(user_plugin_dir().absolute(), False)]
    for part in os.environ.get(PLUGIN_PATH_ENV, "").split(os.pathsep):
        if part.strip():
            dirs.append((Path(part).absolute(), True))
    dirs.extend((Path(d).absolute(), True) for d in extra_dirs)
    return dirs


def new_plugin_manager() -> pluggy.PluginManager:
    """A plugin manager with the Triangles hook specs (and tracing if TRIANGLES_TRACE_HOOKS=1)."""
    pm = pluggy.PluginManager(PROJECT_NAME)
    pm.add_hookspecs(hookspecs)
    if os.environ.get(TRACE_ENV, "").strip() not in ("", "0"):
        pm.trace.root.setwriter(lambda text: sys.stderr.write(text))
        pm.enable_tracing()
    return pm


def load_plugins(extra_dirs: Iterable[str | os.PathLike[str]] = ()) -> PluginRegistry:
    """Load every plugin: built-ins, entry points (group ``triangles_qt``), the user's plugin
    folder, each folder of ``TRIANGLES_PLUGIN_PATH`` and `extra_dirs`. Never raises for a plugin's
    fault: broken plugins end up in `PluginRegistry.failed`."""
    loader = _Loader(new_plugin_manager())
    folders = tuple(os.fspath(folder) for folder in extra_dirs)
    loader.registry.extra_dirs = folders
    loader.load_builtins()
    loader.load_entry_points()
    seen: set[Path] = set()
    for folder, explicit in plugin_search_dirs(folders):
        try:
            key = folder.resolve()
        except OSError:
            key = folder.absolute()
        if key in seen:
            continue
        seen.add(key)
        loader.load_folder(folder, explicit)
    return loader.registry


def load_builtin_plugins() -> PluginRegistry:
    """The built-in plugins alone (when the others could not be listed)."""
    loader = _Loader(new_plugin_manager())
    loader.load_builtins()
    loader.registry.builtin_only = True
    return loader.registry


class _PluginError(Exception):
    """A plugin's fault, with the text to report (details: traceback text)."""

    def __init__(self, reason: Reason, error: str, details: str = "") -> None:
        super().__init__(error)
        self.reason = reason
        self.error = error
        self.details = details


def _describe_exception(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


class _Loader:
    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.registry = PluginRegistry(pm)
        self._sources: dict[str, str] = {}

    # -- sources ------------------------------------------------------------------------------

    def load_builtins(self) -> None:
        for name, module_name, optional in BUILTIN_PLUGINS:
            if optional and not _module_exists(module_name):
                continue
            try:
                module = importlib.import_module(module_name)
            except BaseException as exc:  # even KeyboardInterrupt: a plugin must not stop the app
                error = f"cannot import {module_name}: {_describe_exception(exc)}"
                self._fail(name, BUILTIN_SOURCE, Reason.IMPORT, error, traceback.format_exc())
                continue
            self.registry._builtin_plugins.add(name)
            self._add(name, module, BUILTIN_SOURCE, _module_dir(module), require_hooks=False)

    def load_entry_points(self) -> None:
        try:
            import importlib.metadata  # 25 ms: only where installed packages are looked at

            entry_points = list(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP))
        except Exception as exc:  # a broken installed distribution's metadata
            self._fail(
                "entry points",
                f"entry point group {ENTRY_POINT_GROUP}",
                Reason.IMPORT,
                _describe_exception(exc),
                traceback.format_exc(),
            )
            return
        seen: set[tuple[str, str]] = set()
        # By name: which of two packages providing the same strategy id wins must not depend on
        # the order they were installed in.
        for ep in sorted(entry_points, key=lambda ep: (str(ep.name), str(ep.value))):
            if (ep.name, ep.value) in seen:  # the same distribution found twice on sys.path
                continue
            seen.add((ep.name, ep.value))
            dist = getattr(ep, "dist", None)
            source = f"entry point {_distribution_label(dist) if dist is not None else ep.value}"
            try:
                plugin = ep.load()
            except BaseException as exc:  # even KeyboardInterrupt: a plugin must not stop the app
                self._fail(
                    ep.name,
                    source,
                    Reason.IMPORT,
                    f"cannot load {ep.value}: {_describe_exception(exc)}",
                    traceback.format_exc(),
                )
                continue
            self._add(ep.name, plugin, source, module_dir=_module_dir(plugin))

    def load_folder(self, folder: Path, explicit: bool) -> None:
        try:
            is_dir = folder.is_dir()
        except OSError:
            is_dir = False
        if not is_dir:
            if explicit:
                self._fail(
                    str(folder), str(folder), Reason.FOLDER_MISSING, "plugin folder not found"
                )
            return
        try:
            entries = sorted(folder.iterdir())
        except OSError as exc:
            self._fail(
                str(folder),
                str(folder),
                Reason.FOLDER_UNREADABLE,
                f"cannot read plugin folder: {exc}",
            )
            return
        for path in entries:
            if path.name.startswith(("_", ".")):
                continue
            if path.is_file() and path.suffix == ".py":
                self._load_drop_in(path.stem, path, path)
            elif path.is_dir() and (path / "__init__.py").is_file():
                self._load_drop_in(path.name, path, path / "__init__.py")

    def _load_drop_in(self, name: str, source_path: Path, init_file: Path) -> None:
        source = str(source_path)
        if self.pm.get_plugin(name) is not None:
            self._fail(name, source, Reason.NAME_TAKEN, self._name_taken(name))
            return
        try:
            module = _import_file(name, source_path, init_file)
        except BaseException as exc:  # even KeyboardInterrupt: a plugin must not stop the app
            error = f"cannot import: {_describe_exception(exc)}"
            self._fail(name, source, Reason.IMPORT, error, traceback.format_exc())
            return
        self._add(name, module, source, module_dir=init_file.parent)

    # -- registering and calling ---------------------------------------------------------------

    def _add(
        self,
        name: str,
        plugin: Any,
        source: str,
        module_dir: Path | None,
        require_hooks: bool = True,
    ) -> None:
        pm = self.pm
        if pm.get_plugin(name) is not None:
            self._fail(name, source, Reason.NAME_TAKEN, self._name_taken(name))
            return
        try:
            pm.register(plugin, name=name)
        except BaseException as exc:  # even KeyboardInterrupt: a plugin must not stop the app
            error = f"cannot register: {_describe_exception(exc)}"
            if isinstance(exc, pluggy.PluginValidationError):  # its last line says what is wrong
                error = "cannot register: " + "; ".join(str(exc).strip().splitlines())
            self._fail(name, source, Reason.REGISTER, error, traceback.format_exc())
            return
        try:
            hooks = self._implemented_hooks(plugin)
            if not hooks and require_hooks:
                raise _PluginError(
                    Reason.NO_HOOKS, "implements no triangles_* hook (is @hookimpl missing?)"
                )
            strategies, themes = self._collect(name, plugin, hooks, module_dir)
        except _PluginError as exc:
            pm.unregister(plugin)
            self._fail(name, source, exc.reason, exc.error, exc.details)
            return
        if not hooks:  # a built-in with nothing to contribute yet
            return
        registry = self.registry
        for strategy in strategies:
            registry._strategies[strategy.id] = strategy
            registry._strategy_plugin[strategy.id] = name
        registry._themes.extend((name, theme) for theme in themes)
        self._sources[name] = source
        kind = ", ".join(dict.fromkeys(_KIND_OF_HOOK[h] for h in HOOKS if h in hooks))
        registry.loaded.append(PluginInfo(name, kind, source))

    def _name_taken(self, name: str) -> str:
        where = self._sources.get(name, "another source")
        return f"a plugin named {name!r} is already loaded (from {where})"

    def _implemented_hooks(self, plugin: Any) -> list[str]:
        hooks = []
        for caller in self.pm.get_hookcallers(plugin) or ():
            if not caller.has_spec():
                known = ", ".join(HOOKS)
                raise _PluginError(
                    Reason.UNKNOWN_HOOK, f"implements unknown hook {caller.name!r} (known: {known})"
                )
            hooks.append(caller.name)
        return hooks

    def _call(self, hook_name: str, plugin: Any) -> Any:
        """Call one plugin's implementation of a hook, alone; return its result (None if none)."""
        others = [p for p in self.pm.get_plugins() if p is not plugin]
        caller = self.pm.subset_hook_caller(hook_name, remove_plugins=others)
        try:
            results = caller()
        except BaseException as exc:  # even KeyboardInterrupt: a plugin must not stop the app
            raise _PluginError(
                Reason.HOOK_RAISED,
                f"{hook_name}() raised {_describe_exception(exc)}",
                traceback.format_exc(),
            ) from None
        if not results:
            raise _PluginError(Reason.BAD_RESULT, f"{hook_name}() returned None, not a list")
        return results[0]

    def _collect(self, name: str, plugin: Any, hooks: list[str], module_dir: Path | None):
        strategies: list[Any] = []
        themes: list[Any] = []
        if "triangles_strategies" in hooks:
            result = self._call("triangles_strategies", plugin)
            strategies = _checked_list("triangles_strategies", result)
        if "triangles_engines" in hooks:
            result = self._call("triangles_engines", plugin)
            for index, item in enumerate(_checked_list("triangles_engines", result)):
                strategies.append(_checked_engine(index, item, module_dir))
        if strategies:
            ids: set[str] = set()
            for index, strategy in enumerate(strategies):
                _check_strategy(index, strategy)
                sid = strategy.id
                if sid in ids:
                    raise _PluginError(Reason.ID_TAKEN, f"strategy id {sid!r} is returned twice")
                if sid in self.registry._strategies:
                    owner = self.registry._strategy_plugin[sid]
                    raise _PluginError(
                        Reason.ID_TAKEN,
                        f"strategy id {sid!r} is already provided by plugin {owner!r}",
                    )
                ids.add(sid)
        if "triangles_themes" in hooks:
            result = self._call("triangles_themes", plugin)
            for index, item in enumerate(_checked_list("triangles_themes", result)):
                themes.append(_checked_theme(index, item, module_dir))
        return strategies, themes

    def _fail(self, name: str, source: str, reason: Reason, error: str, details: str = "") -> None:
        self.registry.failed.append(PluginFailure(name, source, error, details, reason))


def _checked_list(hook_name: str, result: Any) -> list[Any]:
    if not isinstance(result, (list, tuple)):
        raise _PluginError(
            Reason.BAD_RESULT, f"{hook_name}() returned {type(result).__name__}, not a list"
        )
    return list(result)


def _distribution_label(dist: Any) -> str:
    """An installed package as the Plugins window names it: its name, version and homepage
    (what its metadata has of them)."""
    label = str(dist.name)
    try:
        version = str(getattr(dist, "version", "") or "")
        metadata = getattr(dist, "metadata", None)
        urls = [] if metadata is None else list(metadata.get_all("Project-URL") or [])
        homepage = "" if metadata is None else str(metadata.get("Home-page") or "")
    except Exception:  # broken metadata: the name is enough
        return label
    for url in urls:
        kind, _, address = str(url).partition(",")
        if kind.strip().lower() in ("homepage", "home", "home-page") and not homepage:
            homepage = address.strip()
    if version:
        label += f" {version}"
    return f"{label} ({homepage})" if homepage else label


def _checked_engine(index: int, item: Any, module_dir: Path | None) -> EngineDescription:
    """An engine a plugin declares ({"id", "name", "command"}) as a computer strategy; a relative
    program path is taken relative to the plugin's folder."""
    where = f"engine {index}"
    if not isinstance(item, Mapping) or set(item) != {"id", "name", "command"}:
        raise _PluginError(
            Reason.BAD_RESULT, f"{where} must be a dict with the keys id, name and command"
        )
    for attribute in ("id", "name"):
        value = item[attribute]
        problem = (
            "is not a non-empty string"
            if not isinstance(value, str) or not value.strip()
            else _text_problem(attribute, value)
        )
        if problem:
            raise _PluginError(Reason.BAD_RESULT, f"{where}: its {attribute} {problem}")
    command = item["command"]
    if (
        not isinstance(command, (list, tuple))
        or not command
        or not all(isinstance(word, str) and word for word in command)
    ):
        raise _PluginError(
            Reason.BAD_RESULT, f"{where}: its command must be a list of non-empty strings"
        )
    program = Path(command[0])
    if module_dir is not None and not program.is_absolute() and len(program.parts) > 1:
        command = [str(module_dir / program), *command[1:]]
    return EngineDescription(item["id"], item["name"], tuple(command))


def _check_strategy(index: int, strategy: Any) -> None:
    if isinstance(strategy, type):  # a likely slip: every move would fail on the missing self
        raise _PluginError(
            Reason.BAD_RESULT,
            f"strategy {index} is the class {strategy.__name__}, not an instance: "
            f"return {strategy.__name__}() instead",
        )
    where = f"strategy {index} ({type(strategy).__name__})"
    for attribute in ("id", "name"):
        try:
            value = getattr(strategy, attribute, None)
        except BaseException as exc:  # even KeyboardInterrupt: a plugin must not stop the app
            raise _PluginError(
                Reason.BAD_RESULT,
                f"{where}: reading {attribute!r} raised {_describe_exception(exc)}",
                traceback.format_exc(),
            ) from None
        if not isinstance(value, str) or not value.strip():
            raise _PluginError(Reason.BAD_RESULT, f"{where} has no string {attribute!r}")
        problem = _text_problem(attribute, value)
        if problem:
            raise _PluginError(Reason.BAD_RESULT, f"{where}: its {attribute} {problem}")
    if isinstance(strategy, EngineDescription):  # a program, checked when it is listed
        return
    choose = getattr(strategy, "choose_stroke", None)
    if not callable(choose):
        raise _PluginError(Reason.BAD_RESULT, f"{where} has no choose_stroke method")
    try:
        signature = inspect.signature(choose)
    except (TypeError, ValueError):  # some callables (builtins) have no signature to check
        return
    try:
        signature.bind(None, 1.0)
    except TypeError:
        raise _PluginError(
            Reason.BAD_RESULT,
            f"{where}: choose_stroke{signature} cannot be called as "
            f"choose_stroke(position, budget_s)",
        ) from None


def _text_problem(attribute: str, value: str) -> str:
    """What is wrong with a strategy's id or name (both are shown, saved and remembered)."""
    if len(value) > MAX_PLUGIN_TEXT_LENGTH:
        return f"is longer than {MAX_PLUGIN_TEXT_LENGTH} characters ({len(value)})"
    if any(unicodedata.category(c) == "Cc" for c in value):
        return "contains a control character (such as a line break)"
    if attribute == "id" and (value.strip() != value or not value.isprintable()):
        return f"{value!r} has spaces at an end or characters that cannot be shown"
    return ""


def _checked_theme(index: int, item: Any, module_dir: Path | None) -> Any:
    if isinstance(item, Mapping):
        return dict(item)
    if isinstance(item, (str, os.PathLike)):
        path = Path(item)
        if not path.is_absolute() and module_dir is not None:
            path = module_dir / path
        return path
    raise _PluginError(
        Reason.BAD_RESULT, f"theme {index} is {type(item).__name__}, not a path or a dict"
    )


def _module_exists(module_name: str) -> bool:
    try:
        return importlib.util.find_spec(module_name) is not None
    except (ImportError, ValueError):
        return False


def _module_dir(plugin: Any) -> Path | None:
    module = (
        plugin
        if isinstance(plugin, types.ModuleType)
        else sys.modules.get(getattr(plugin, "__module__", "") or "")
    )
    filename = getattr(module, "__file__", None)
    return Path(filename).parent if filename else None


def drop_in_module_name(name: str, path: Path) -> str:
    """The unique module name a drop-in plugin is imported under."""
    digest = hashlib.sha1(str(path.resolve()).encode("utf-8")).hexdigest()[:10]
    stem = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    return f"triangles_plugin_{digest}_{stem}"


def _import_file(name: str, source_path: Path, init_file: Path) -> types.ModuleType:
    """Import a drop-in file or package under a unique name, without touching sys.path."""
    module_name = drop_in_module_name(name, source_path)
    _forget_modules(module_name)  # a fresh import on every load_plugins() call
    locations = [str(source_path)] if source_path.is_dir() else None
    spec = importlib.util.spec_from_file_location(
        module_name, init_file, submodule_search_locations=locations
    )
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {init_file}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses and relative imports look it up
    try:
        spec.loader.exec_module(module)
    except BaseException:
        _forget_modules(module_name)
        raise
    return module


def _forget_modules(module_name: str) -> None:
    prefix = module_name + "."
    for key in [k for k in sys.modules if k == module_name or k.startswith(prefix)]:
        del sys.modules[key]
