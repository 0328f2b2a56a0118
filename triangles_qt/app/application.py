"""Starting the desktop app: command line, QApplication, translations, plugins, the window.

python -m triangles_qt [--lang CODE] [--theme ID] [--plugin-dir DIR]... [--open FILE | FILE]
                       [Qt options such as -platform or -style]
triangles-qt --install-desktop-entry | --uninstall-desktop-entry
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication


def parse_arguments(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    """Our options, and the rest of the command line for Qt (program name first)."""
    parser = argparse.ArgumentParser(
        prog="triangles-qt",
        description="Triangles: draw strokes between stars, close empty triangles.",
    )
    parser.add_argument("--lang", metavar="CODE", help="interface language, e.g. de or es")
    parser.add_argument("--theme", metavar="ID", help="theme id, e.g. nebula")
    parser.add_argument(
        "--plugin-dir",
        metavar="DIR",
        action="append",
        default=[],
        help="also load plugins from DIR (repeatable)",
    )
    parser.add_argument(
        "--open", metavar="FILE", help="open a .triangles game record (or give FILE alone)"
    )
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
    options, rest = parser.parse_known_args(list(argv[1:]))
    # A file manager passes the game to open as a plain argument (the menu entry's %f); Qt's
    # own options never name a game record, so one is taken out of what Qt gets.
    if options.open is None:
        files = [a for a in rest if a.lower().endswith(".triangles") and not a.startswith("-")]
        if files:
            options.open = files[0]
            rest.remove(files[0])
    return options, [argv[0] if argv else "triangles-qt", *rest]


def use_app_style(app: QApplication, qt_argv: Sequence[str]) -> None:
    """One look everywhere (the theme supplies the palette), unless Qt's -style option names
    another."""
    if "-style" in qt_argv or any(a.startswith("-style=") for a in qt_argv):
        return
    from .frame_style import FrameStyle

    app.setStyle(FrameStyle())


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv if argv is None else argv)
    options, qt_argv = parse_arguments(argv)
    if options.install_desktop_entry or options.uninstall_desktop_entry:
        from .desktop_entry import run

        return run("install" if options.install_desktop_entry else "uninstall")
    QCoreApplication.setOrganizationName("Triangles")
    QCoreApplication.setApplicationName("triangles-qt")
    app = QApplication.instance() or QApplication(qt_argv)
    app.setApplicationDisplayName("Triangles")
    # Lets a Wayland compositor match the window to its menu entry and icon.
    QGuiApplication.setDesktopFileName("io.github.triangles_qt.Triangles")
    use_app_style(app, qt_argv)

    from triangles_qt.engine.listing import load_plugins_isolated

    from .appearance import app_icon
    from .i18n import LanguageManager, initial_language
    from .main_window import MainWindow
    from .settings import Settings

    settings = Settings()
    languages = LanguageManager(app)
    for note in languages.set_language(initial_language(options.lang, settings.language)):
        print(f"triangles-qt: {note}", file=sys.stderr)
    app.setWindowIcon(app_icon())

    # No plugin code runs in this process: a process of their own lists what they offer, and a
    # broken plugin is listed in Settings > Plugins.
    registry = load_plugins_isolated(options.plugin_dir)
    window = MainWindow(registry, settings, theme_id=options.theme, language_manager=languages)
    window.show()

    QTimer.singleShot(0, lambda: window.files.first_game(options.open))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
