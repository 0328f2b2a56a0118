"""Starting the desktop app: command line, QApplication, translations, plugins, the window.

python -m triangles_qt [--lang CODE] [--theme ID] [--plugin-dir DIR]... [--open FILE | FILE]
                       [Qt options such as -platform or -style]
triangles-qt --install-desktop-entry | --uninstall-desktop-entry
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from . import pyside_imports  # noqa: F401  (before the other modules: see its docstring)
from .quit_signals import quit_on_signals

# Qt's own options (QGuiApplication, QApplication, X11): left to Qt, with their values. Anything
# else that looks like an option is ours, and an unknown one is an error rather than ignored.
QT_OPTIONS_WITH_VALUE = frozenset(
    {
        "platform", "platformpluginpath", "platformtheme", "plugin", "qmljsdebugger",
        "qwindowgeometry", "qwindowicon", "qwindowtitle", "session", "style", "stylesheet",
        "display", "geometry", "name", "title", "visual",
    }
)  # fmt: skip
QT_FLAGS = frozenset({"reverse", "widgetcount", "nograb", "dograb", "sync"})


def parse_arguments(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    """Our options, and the rest of the command line for Qt (program name first). An unknown
    option, a language we do not ship or two games to open end the program with one line
    (argparse's exit status 2)."""
    parser = argparse.ArgumentParser(
        prog="triangles-qt",
        description="Triangles: draw strokes between stars, close empty triangles.",
        epilog="Qt's own options (-platform, -style, -reverse, ...) are passed on to Qt.",
    )
    parser.add_argument("file", nargs="?", metavar="FILE", help="a .triangles game record to open")
    parser.add_argument(
        "--lang", metavar="CODE", type=_language, help="interface language: en, es, de or bg"
    )
    parser.add_argument("--theme", metavar="ID", help="theme id, e.g. nebula or high-contrast")
    parser.add_argument(
        "--plugin-dir",
        metavar="DIR",
        action="append",
        default=[],
        help="also load plugins from DIR (repeatable)",
    )
    parser.add_argument("--open", metavar="FILE", help="open a .triangles game record (as FILE)")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add Triangles to the desktop's menu, with its icon, and open .triangles files "
        "with it (in your XDG data folder: for pip and pipx installs), then exit",
    )
    desktop.add_argument(
        "--uninstall-desktop-entry",
        action="store_true",
        help="remove what --install-desktop-entry added, then exit",
    )
    ours, qt = _split_qt(list(argv[1:]))
    options = parser.parse_args(ours)
    if options.open is not None and options.file is not None:
        parser.error("give one game to open, not two")
    options.open = options.open or options.file
    return options, [argv[0] if argv else "triangles-qt", *qt]


def _split_qt(args: list[str]) -> tuple[list[str], list[str]]:
    """(our arguments, Qt's): Qt takes its options as -name or --name, a value after them as
    the next argument or after "=" (-style=fusion)."""
    ours: list[str] = []
    qt: list[str] = []
    k = 0
    while k < len(args):
        arg = args[k]
        name = arg.lstrip("-").split("=", 1)[0] if arg.startswith("-") else None
        if name in QT_OPTIONS_WITH_VALUE:
            qt.append(arg)
            if "=" not in arg and k + 1 < len(args):
                k += 1
                qt.append(args[k])
        elif name in QT_FLAGS:
            qt.append(arg)
        else:
            ours.append(arg)
        k += 1
    return ours, qt


def _language(text: str) -> str:
    from .i18n import LANGUAGE_CODES, normalise_code

    code = normalise_code(text)
    if code is None:
        raise argparse.ArgumentTypeError(
            f"no language {text!r} is shipped (choose from {', '.join(LANGUAGE_CODES)})"
        )
    return code


# The themes that come with the game, known before any plugin is listed ("system" follows the
# desktop between two of them).
BUILT_IN_THEMES = ("system", "nebula", "daylight", "high-contrast")


def use_app_style(app: QApplication, qt_argv: Sequence[str]) -> None:
    """One look everywhere (the theme supplies the palette), unless Qt's -style option names
    another."""
    if "-style" in qt_argv or any(a.startswith("-style=") for a in qt_argv):
        return
    from .frame_style import FrameStyle

    app.setStyle(FrameStyle())


class _FirstPaint(QObject):
    """Calls `then` once, on the event loop, after the first paint of the widget it watches."""

    def __init__(self, watched: QWidget, then: Callable[[], object]) -> None:
        super().__init__(watched)
        self._then: Callable[[], object] | None = then
        watched.installEventFilter(self)
        # Should no paint come (a window started minimised), the work is done all the same.
        QTimer.singleShot(FIRST_PAINT_WAIT_MS, self, self._call)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self._then is not None:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._call)
        return False

    def _call(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            then()


FIRST_PAINT_WAIT_MS = 2000


def after_first_paint(widget: QWidget, then: Callable[[], object]) -> None:
    """`then()` right after `widget` is first painted: what the first frame does not need
    waits for it, so that the board shows sooner."""
    _FirstPaint(widget, then)


def _when_shown(app: QApplication, collecting: bool, own_app: bool) -> None:
    """The start's work that the first frame does not need."""
    from .appearance import app_icon
    from .desktop_entry import repair_if_moved

    if collecting:
        if own_app:
            # What the start made lives as long as the app: it leaves the collector's passes
            # for good, those during the game and the one at exit (about 55 ms less at a quit).
            gc.freeze()
        gc.enable()
    # The icon is an SVG: its image plugin and QtSvg load when the icon is made. The window has
    # none of its own and follows the application's.
    app.setWindowIcon(app_icon())
    repair_if_moved()


def main(argv: Sequence[str] | None = None) -> int:
    # The start makes some 50,000 objects that live as long as the app and next to no garbage
    # (a few hundred objects in cycles): the cyclic collector's passes over them would cost it
    # about 15 ms of CPU, so they wait for the first paint (_when_shown).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _start(argv, collecting)
    except KeyboardInterrupt:  # Ctrl-C before the window could take it: no traceback
        return 130
    finally:
        if collecting:  # a start that ended before its first paint, or the app's end
            gc.enable()


def _start(argv: Sequence[str] | None, collecting: bool) -> int:
    # The game does no large linear algebra: OpenBLAS's pool of threads would cost the start
    # ~40 ms of CPU and one idle thread per core. Set before numpy is first imported.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    argv = list(sys.argv if argv is None else argv)
    options, qt_argv = parse_arguments(argv)
    if options.install_desktop_entry or options.uninstall_desktop_entry:
        from .desktop_entry import run

        return run("install" if options.install_desktop_entry else "uninstall")
    QCoreApplication.setOrganizationName("Triangles")
    QCoreApplication.setApplicationName("triangles-qt")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(qt_argv)
    app.setApplicationDisplayName("Triangles")
    # Lets a Wayland compositor match the window to its menu entry and icon.
    QGuiApplication.setDesktopFileName("io.github.triangles_qt.Triangles")
    use_app_style(app, qt_argv)
    if existing is not None:  # a caller with an application of its own keeps its signals
        return _run(app, options, collecting, own_app=False)
    quitting = quit_on_signals(app)
    try:
        return _run(app, options, collecting, own_app=True)
    finally:
        if quitting is not None:
            quitting.uninstall()


def _run(app: QApplication, options: argparse.Namespace, collecting: bool, own_app: bool) -> int:
    """The window and the event loop, until the app quits."""
    from .i18n import LanguageManager, initial_language, native_name
    from .main_window import MainWindow
    from .plugin_listing import PluginListing
    from .settings import Settings

    settings = Settings()
    languages = LanguageManager(app)
    wanted = initial_language(options.lang, settings.language)
    problems = languages.set_language(wanted)
    for note in problems:
        print(f"triangles-qt: {note}", file=sys.stderr)

    # No plugin code runs in this process: a process of their own lists what they offer, and a
    # broken plugin is listed in Settings > Plugins. The window does not wait for it: it opens
    # with the built-in players and themes, and the first game starts once the listing is in.
    listing = PluginListing(options.plugin_dir, app)
    if options.theme and options.theme not in BUILT_IN_THEMES:
        listing.wait()  # whether it is installed is told before any window
    window = MainWindow(
        listing.registry, settings, theme_id=options.theme, language_manager=languages
    )
    if options.theme and options.theme not in window.theme_actions:
        themes = ", ".join(window.theme_actions)
        print(
            f"triangles-qt: error: --theme: no theme {options.theme!r} is installed (choose "
            f"from {themes})",
            file=sys.stderr,
        )
        return 2
    if problems and languages.language != wanted:  # its .qm is missing or damaged: English
        from .notices import language_missing

        window.startup_notes.append(language_missing(native_name(wanted)).text())
    window.show()
    after_first_paint(window.view.viewport(), lambda: _when_shown(app, collecting, own_app))

    def listed(registry: object) -> None:
        if not window.isVisible() or app.closingDown():  # closed before the listing was in
            return
        if registry is not listing_at_start:
            window.use_registry(registry)
        window.files.first_game(options.open)

    listing_at_start = listing.registry
    listing.when_listed(listed)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
