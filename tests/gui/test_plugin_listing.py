"""The window does not wait for the plugins' listing (issue 49, item 1): with a drop-in plugin
that takes a second and a half to import, the window is on screen with the built-in players and
themes while the listing runs, and once it is in, the plugin's strategy and theme are offered
and the first game starts."""

import time

from PySide6.QtCore import QCoreApplication, QTimer, QTranslator
from PySide6.QtWidgets import QApplication

SLOW_PLUGIN = """
import time
time.sleep(1.5)  # a plugin that is slow to import

from triangles_qt import hookimpl


class Slowpoke:
    id = "slowpoke"
    name = "Slowpoke"

    def choose_stroke(self, position, budget_s):
        i, j = position.legal_strokes()[0]
        return int(i), int(j)


@hookimpl
def triangles_strategies():
    return [Slowpoke()]


@hookimpl
def triangles_themes():
    import tomllib
    from pathlib import Path

    import triangles_qt.builtin_themes as built_in

    sky = tomllib.loads((Path(built_in.__file__).parent / "daylight.toml").read_text())
    return [{**sky, "id": "slow-sky", "name": "Slow sky"}]
"""


def test_the_window_opens_before_the_plugins_are_listed(qtbot, monkeypatch, tmp_path, user_data):
    from triangles_qt.app import application
    from triangles_qt.app import settings as settings_module
    from triangles_qt.app.main_window import MainWindow

    (user_data / "plugins").mkdir()
    (user_data / "plugins" / "slow_plugin.py").write_text(SLOW_PLUGIN)
    real_settings = settings_module.Settings
    monkeypatch.setattr(settings_module, "Settings", lambda: real_settings(tmp_path / "s.ini"))
    seen = {}
    started = time.monotonic()

    def window():
        # (Other tests' windows, closed but not yet deleted, are top-level widgets too.)
        found = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        ]
        return found[0] if found else None

    def early():  # the lister is still asleep in the plugin's import
        w = window()
        if w is None:
            QTimer.singleShot(50, early)  # a loaded machine: the window is not up yet
            return
        ids = [str(s.id) for s in w.registry.strategies()]
        seen["early"] = (w.session.position, ids, list(w.theme_actions))
        late()

    def late():
        w = window()
        if w.session.position is None and time.monotonic() - started < 60:
            QTimer.singleShot(200, late)  # the listing is not in yet
            return
        ids = [str(s.id) for s in w.registry.strategies()]
        seen["late"] = (w.session.position is not None, ids, list(w.theme_actions))
        w.close()

    QTimer.singleShot(0, early)
    # Whatever happens, the app ends: a failure is told rather than a test that never ends.
    stop = QTimer()
    stop.setSingleShot(True)
    stop.timeout.connect(QApplication.quit)
    stop.start(90_000)
    try:
        assert application.main(["triangles-qt", "--lang", "en"]) == 0
    finally:
        stop.stop()
        for translator in QApplication.instance().findChildren(QTranslator):
            QCoreApplication.removeTranslator(translator)
    position, ids, themes = seen["early"]
    assert position is None
    assert ids == ["easy", "medium", "hard"]
    assert themes == ["system", "nebula", "daylight", "high-contrast"]
    game_started, ids, themes = seen["late"]
    assert game_started
    assert "slowpoke" in ids and "slow-sky" in themes
