"""How much the board may move: Settings > Motion, and the desktop's own reduced-motion setting
that its first choice follows.

The desktop is asked through the XDG desktop portal (`org.freedesktop.appearance reduced-motion`,
and GNOME's `enable-animations`, which its portal also serves) and KDE's `kdeglobals`
(`AnimationDurationFactor=0`). The portal tells about changes as they happen; the file is read
again whenever the window becomes active, so a switch on the desktop is followed either way.
"""

from __future__ import annotations

import configparser
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import SLOT, QObject, Qt, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

from .settings import MOTION_CHOICES, Settings

PORTAL = ("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop")
SETTINGS_INTERFACE = "org.freedesktop.portal.Settings"
PORTAL_TIMEOUT_MS = 400


def kde_reduces_motion(config_home: Path | None = None) -> bool:
    """Whether KDE's animation speed is set to "instant" (kdeglobals [KDE]
    AnimationDurationFactor=0). A missing or unreadable file says no."""
    home = config_home or Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read(home / "kdeglobals", encoding="utf-8")
        return float(parser.get("KDE", "AnimationDurationFactor", fallback="1")) == 0.0
    except (configparser.Error, OSError, UnicodeError, ValueError):
        return False


def _plain(value: Any) -> Any:
    """A D-Bus variant (possibly nested, as the portal's older Read returns it) as a value."""
    while hasattr(value, "variant"):
        value = value.variant()
    return value


class DesktopMotion(QObject):
    """The desktop's reduced-motion preference, and `changed` when it changes."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._portal: dict[tuple[str, str], Any] = {}
        self._bus: Any = None
        self._connect_portal()
        self._file = kde_reduces_motion()
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.applicationStateChanged.connect(self._on_state)

    @property
    def reduced(self) -> bool:
        if self._portal.get(("org.freedesktop.appearance", "reduced-motion")) == 1:
            return True
        if self._portal.get(("org.gnome.desktop.interface", "enable-animations")) is False:
            return True
        return self._file

    def _connect_portal(self) -> None:
        try:
            from PySide6.QtDBus import QDBus, QDBusConnection, QDBusMessage
        except ImportError:  # a Qt built without D-Bus (Windows, macOS)
            return
        bus = QDBusConnection.sessionBus()
        if not bus.isConnected():
            return
        self._bus = bus
        for key in (
            ("org.freedesktop.appearance", "reduced-motion"),
            ("org.gnome.desktop.interface", "enable-animations"),
        ):
            call = QDBusMessage.createMethodCall(*PORTAL, SETTINGS_INTERFACE, "Read")
            call.setArguments(list(key))
            reply = bus.call(call, QDBus.CallMode.Block, PORTAL_TIMEOUT_MS)
            if reply.type() == QDBusMessage.MessageType.ReplyMessage and reply.arguments():
                self._portal[key] = _plain(reply.arguments()[0])
        # PySide6's stubs want bytes for the slot, but their own SLOT() gives (and Qt takes) a str.
        bus.connect(  # type: ignore[call-overload]
            PORTAL[0],
            PORTAL[1],
            SETTINGS_INTERFACE,
            "SettingChanged",
            self,
            SLOT("_on_portal(QString,QString,QDBusVariant)"),
        )

    @Slot(str, str, "QDBusVariant")
    def _on_portal(self, namespace: str, key: str, value: Any) -> None:
        self.set_portal_value(namespace, key, _plain(value))

    def set_portal_value(self, namespace: str, key: str, value: Any) -> None:
        """The portal told a setting's new value."""
        before = self.reduced
        self._portal[(namespace, key)] = value
        if self.reduced != before:
            self.changed.emit()

    def _on_state(self, state: Qt.ApplicationState) -> None:
        if state == Qt.ApplicationState.ApplicationActive:
            self.reread_file()

    def reread_file(self) -> None:
        before = self.reduced
        self._file = kde_reduces_motion()
        if self.reduced != before:
            self.changed.emit()


class MotionMenu(QMenu):
    """Settings > Motion: follow the desktop (the default), full motion or reduced motion. It
    keeps the choice in the settings and tells `apply` whether motion is reduced, at once and
    whenever that changes."""

    def __init__(
        self,
        settings: Settings,
        apply: Callable[[bool], None],
        parent: QWidget | None = None,
        desktop: DesktopMotion | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._apply = apply
        self.desktop = desktop if desktop is not None else DesktopMotion(self)
        self.desktop.changed.connect(self._update)
        group = QActionGroup(self)
        self.choice_actions: dict[str, QAction] = {}
        for choice in MOTION_CHOICES:
            action = QAction(self, checkable=True)
            action.setChecked(choice == settings.motion)
            action.triggered.connect(lambda checked=False, c=choice: self.choose(c))
            group.addAction(action)
            self.addAction(action)
            self.choice_actions[choice] = action
        self.retranslate_ui()
        self._update()

    @property
    def reduced(self) -> bool:
        choice = self._settings.motion
        return choice == "reduced" or (choice == "desktop" and self.desktop.reduced)

    def choose(self, choice: str) -> None:
        self._settings.motion = choice
        self.choice_actions[choice].setChecked(True)
        self._update()

    def _update(self) -> None:
        self._apply(self.reduced)

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("&Motion"))
        for choice, text in (
            ("desktop", self.tr("As the &desktop is set")),
            ("full", self.tr("&Full motion")),
            ("reduced", self.tr("&Reduced motion")),
        ):
            self.choice_actions[choice].setText(text)
        self.choice_actions["reduced"].setToolTip(
            self.tr("Strokes appear at once and nothing on the board travels.")
        )

    def changeEvent(self, event) -> None:
        if event.type() == event.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
