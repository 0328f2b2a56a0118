"""A stand-in for the XDG desktop portal's Settings interface on a private session bus, and the
app's DesktopMotion listening to it: run under `dbus-run-session` by test_desktop_portal.py.

`python fake_portal.py serve` serves org.freedesktop.portal.Desktop with reduced-motion 0 and a
Flip() method that switches it to 1 and emits SettingChanged, as a desktop does when the player
turns animations off. Without arguments it starts the server, makes a DesktopMotion, flips, and
prints what the DesktopMotion saw as JSON.
"""

import json
import subprocess
import sys

from PySide6.QtCore import ClassInfo, QCoreApplication, QObject, QTimer, Slot
from PySide6.QtDBus import QDBusConnection, QDBusMessage, QDBusVariant

SERVICE, PATH = "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop"
INTERFACE = "org.freedesktop.portal.Settings"


@ClassInfo({"D-Bus Interface": INTERFACE})
class Portal(QObject):
    def __init__(self, bus):
        super().__init__()
        self.bus = bus
        self.reduced = 0

    @Slot(str, str, result=QDBusVariant)
    def Read(self, namespace, key):  # noqa: N802 (the portal's name)
        # The portal's first Read returns the value wrapped in a second variant.
        return QDBusVariant(QDBusVariant(self.reduced))

    @Slot()
    def Flip(self):  # noqa: N802
        self.reduced = 1
        signal = QDBusMessage.createSignal(PATH, INTERFACE, "SettingChanged")
        signal.setArguments(["org.freedesktop.appearance", "reduced-motion", QDBusVariant(1)])
        self.bus.send(signal)


def serve():
    app = QCoreApplication([])
    bus = QDBusConnection.sessionBus()
    portal = Portal(bus)
    bus.registerObject(PATH, portal, QDBusConnection.RegisterOption.ExportAllSlots)
    bus.registerService(SERVICE)
    QTimer.singleShot(20_000, app.quit)
    app.exec()


def watch():
    from PySide6.QtWidgets import QApplication

    from triangles_qt.app.motion import DesktopMotion

    server = subprocess.Popen([sys.executable, __file__, "serve"])
    app = QApplication([])
    bus = QDBusConnection.sessionBus()
    for _ in range(200):
        if bus.interface().isServiceRegistered(SERVICE).value():
            break
        QTimer.singleShot(25, app.quit)
        app.exec()
    desktop = DesktopMotion()
    seen = {"at_start": desktop.reduced, "changes": []}
    desktop.changed.connect(lambda: (seen["changes"].append(desktop.reduced), app.quit()))
    bus.call(QDBusMessage.createMethodCall(SERVICE, PATH, INTERFACE, "Flip"))
    QTimer.singleShot(5000, app.quit)
    app.exec()
    server.kill()
    print(json.dumps(seen))


if __name__ == "__main__":
    serve() if sys.argv[1:] == ["serve"] else watch()
