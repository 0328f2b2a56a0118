"""The main window's theme and language: which theme is shown (the Theme menu's choice, "System"
following the desktop's light or dark scheme), the widget palette that goes with it, what is
remembered in the settings, and switching the interface language.

It is given what it acts on: the menus' check marks, the widgets that draw in the theme's
colours (anything with `set_theme(theme)`), the status bar's notices and the language manager;
it reaches nothing else of the window.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from triangles_qt.themes import NEBULA, Theme, ThemeSet

from . import notices
from .appearance import available_themes, theme_palette
from .i18n import native_name, normalise_code
from .settings import Settings
from .theme_choice import SYSTEM, resolve
from .window_menus import WindowMenus, theme_entries


class Themed(Protocol):
    def set_theme(self, theme: Theme) -> None: ...


class WindowLook:
    """The theme shown (`theme`, for the menu choice `theme_choice`) out of `themes`, and the
    language. `themed()` gives what else shows the theme now (the windows opened beside)."""

    def __init__(
        self,
        themes: tuple[dict[str, Theme], ThemeSet],
        settings: Settings,
        menus: WindowMenus,
        themed: Iterable[Themed],
        also_themed: Callable[[], Iterable[Themed]],
        show_notice: Callable[[notices.Notice], object],
        withdraw: Callable[[notices.NoticeKind], object],
        language_manager: Any = None,
    ) -> None:
        self.settings = settings
        self.themes, self.theme_set = themes  # appearance.available_themes(registry)
        self.theme: Theme = NEBULA
        self.theme_choice = NEBULA.id
        self.menus = menus
        self._themed = list(themed)
        self._also_themed = also_themed
        self._show_notice = show_notice
        self._withdraw = withdraw
        self.language_manager = language_manager
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._follow_the_desktop)

    def use_registry(self, registry: Any) -> None:
        """The Theme menu lists what `registry` offers from now on (then `set_theme` again)."""
        self.themes, self.theme_set = available_themes(registry)
        self.menus.replace_themes(theme_entries(self.themes))

    def _follow_the_desktop(self, _scheme: object) -> None:
        """The desktop turned light or dark: the "System" theme follows it."""
        if self.theme_choice == SYSTEM:
            self.set_theme(SYSTEM, remember=False)

    def set_theme(self, theme_id: str, remember: bool = True) -> None:
        """Show a theme, or the one "System" stands for now (`theme_choice` keeps the choice)."""
        actions = self.menus.theme_actions
        self.theme_choice = theme_id if theme_id in actions else NEBULA.id
        theme = self.themes.get(resolve(self.theme_choice, self.themes)) or NEBULA
        self.theme = theme
        for shown in self._themed:
            shown.set_theme(theme)
        actions[self.theme_choice].setChecked(True)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.setPalette(theme_palette(theme))
        for shown in self._also_themed():
            shown.set_theme(theme)
        if remember:
            self.settings.theme_id = self.theme_choice

    def set_language(self, code: str) -> None:
        """Switch the interface language; every widget retranslates on QEvent.LanguageChange."""
        if self.language_manager is None:
            return
        problems = self.language_manager.set_language(code)
        language = self.language_manager.language
        act = self.menus.language_actions.get(language)
        if act is not None:
            act.setChecked(True)
        self.settings.language = language
        wanted = normalise_code(code)
        if problems and wanted is not None and wanted != language:
            # The details (file, folder) went to the log; the player learns what it means.
            self._show_notice(notices.language_missing(native_name(wanted)))
        else:
            self._withdraw(notices.NoticeKind.LANGUAGE)  # no longer true
