"""Our own modules in processes of their own (the plugin listing, every engine, the arena's
workers), started the same way from an install and from the standalone bundle that
tools/build_bundle.py makes with PyInstaller.

In the bundle `sys.executable` is the bundle's program, not a Python interpreter, so
`python -m triangles_qt.engine` cannot be run as such. `module_command` gives the same command
either way, and `bundle_main`, the bundle's entry point, makes the bundle's program answer
`-m MODULE` for the modules that have a command line, as Python would. No Qt here.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence

# What `-m MODULE` runs in the bundle: the module's `main(argv)` (argv without the program
# name), the function its `python -m` form and its installed launcher call.
BUNDLE_MODULES = {
    "triangles_qt": "triangles_qt.app.application",
    "triangles_qt.engine": "triangles_qt.engine.__main__",
    "triangles_qt.arena": "triangles_qt.arena",
    "triangles_qt.record": "triangles_qt.record",
    "triangles_qt.net": "triangles_qt.net.__main__",
}

# The bundle's other commands: links to its program, named as pip names the launchers.
BUNDLE_COMMANDS = {
    "triangles-arena": "triangles_qt.arena",
    "triangles-record": "triangles_qt.record",
    "triangles-net": "triangles_qt.net",
}


def is_frozen() -> bool:
    """Whether this runs from the standalone bundle (PyInstaller sets `sys.frozen`)."""
    return bool(getattr(sys, "frozen", False))


def module_command(module: str) -> list[str]:
    """The command that runs `python -m module` in a new process with this program: this
    Python, or in the bundle the bundle's own program, which `bundle_main` makes understand
    `-m` for `BUNDLE_MODULES`."""
    if is_frozen() and module not in BUNDLE_MODULES:
        raise ValueError(f"the bundle cannot run {module!r} (it runs {', '.join(BUNDLE_MODULES)})")
    return [sys.executable, "-m", module]


def python_for_programs() -> list[str]:
    """The interpreter for a player's own Python program (an engine written in Python): this
    Python, which the game runs on anyway; in the bundle, which carries no interpreter for
    other programs, the system's `python3`, as `node` runs a JavaScript engine."""
    return ["python3"] if is_frozen() else [sys.executable]


def bundle_main(argv: Sequence[str] | None = None) -> int:
    """The bundle's program: `triangles-qt [OPTIONS] [FILE]` is the game, `triangles-qt -m
    MODULE [ARGS]` runs one of `BUNDLE_MODULES` (`-m triangles_qt.arena --help`), started
    through a link named as in `BUNDLE_COMMANDS` it is that command, and the arena's spawned
    worker processes are diverted to multiprocessing by `freeze_support`."""
    import multiprocessing

    # Must come first: a worker of the arena's process pool is this same program, started with
    # multiprocessing's own arguments, and never gets past this call.
    multiprocessing.freeze_support()
    args = list(sys.argv if argv is None else argv)
    command = os.path.basename(args[0]) if args else ""
    if command in BUNDLE_COMMANDS:
        module, rest = BUNDLE_COMMANDS[command], args[1:]
    elif len(args) >= 2 and args[1] == "-m":
        if len(args) < 3 or args[2] not in BUNDLE_MODULES:
            known = ", ".join(BUNDLE_MODULES)
            print(f"triangles-qt: -m takes one of {known}", file=sys.stderr)
            return 2
        module, rest = args[2], args[3:]
    else:
        module, rest = "triangles_qt", args[1:]
    main = importlib.import_module(BUNDLE_MODULES[module]).main
    if module == "triangles_qt":  # the app's main hands Qt the program name as argv[0]
        return int(main([args[0], *rest]) or 0)
    if module == "triangles_qt.engine":  # ends quietly on its own (its host goes away)
        return int(main(rest) or 0)
    from .cli_run import run

    # Ctrl-C, a full disk or a closed pipe end a command line in one line, as pip's launchers do.
    prog = next((name for name, target in BUNDLE_COMMANDS.items() if target == module), module)
    run(lambda: int(main(rest) or 0), prog)
