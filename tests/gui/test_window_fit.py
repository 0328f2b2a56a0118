"""Every window of the app fits the screen it opens on (issue 48): on a 1366x768 laptop and on a
1920x1080 screen at a scale of 200% (960x540 logical pixels), each one, with room for the window
manager's frame, and History keeps its score and result columns in sight beside a long name.
Each screen runs in a process of its own: Qt's offscreen platform takes the screen from a file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from triangles_qt.app.window_placement import FRAME_ALLOWANCE

PROBE = textwrap.dedent(
    """
    import json, os, sys, tempfile
    from PySide6.QtWidgets import QApplication
    app = QApplication(sys.argv)
    from triangles_qt.app.main_window import MainWindow
    from triangles_qt.app.settings import NewGameChoices, Settings
    from triangles_qt.core.players import PlayerKind
    from triangles_qt.plugin_manager import load_builtin_plugins
    from triangles_qt.statistics import FinishedGame, StatisticsStore

    folder = tempfile.mkdtemp()
    store = StatisticsStore(os.path.join(folder, "history.sqlite"))
    long_name = "Computer (" + "a strategy with a very long name indeed " * 3 + ")"
    store.record_game(FinishedGame(long_name, "phone-24", 24, False, (10, 12), ""))
    settings = Settings(os.path.join(folder, "settings.ini"))
    window = MainWindow(load_builtin_plugins(), settings, store)
    window.show()
    window.start_new_game(NewGameChoices(preset="tablet-180", opponent=PlayerKind.HUMAN), seed=2)
    found = {}

    def record(name, widget):
        for _ in range(5):
            app.processEvents()
        frame, least = widget.frameGeometry(), widget.minimumSizeHint()
        found[name] = [frame.x(), frame.y(), frame.width(), frame.height(),
                       least.width(), least.height()]

    record("main window", window)
    for key, open_it in [("statistics", window.show_statistics),
                         ("history", window.show_history), ("plugins", window.show_plugins),
                         ("engines", window.show_engines), ("help", window.show_how_to_play)]:
        open_it()
        record(key, window._child_dialogs[key])
    table = window._child_dialogs["history"].table
    result = table.horizontalHeader()
    columns = table.columnCount()
    shown = [result.sectionViewportPosition(c) + result.sectionSize(c) for c in (4, 5)]
    window.show_about()
    record("about", window.message_box)
    window.message_box.close()
    window.new_game()
    record("new game", window.new_game_dialog)
    window.new_game_dialog.reject()
    record("online", window.online.show_dialog())
    area = app.primaryScreen().availableGeometry()
    print(json.dumps({"screen": [area.width(), area.height()], "windows": found,
                      "history columns end": shown, "history view": table.viewport().width()}))
    """
)


@pytest.mark.parametrize(
    ("width", "height", "scale"), [(1366, 768, 1), (960, 540, 2)], ids=["1366x768", "1920x1080@2"]
)
def test_every_window_fits_the_screen(tmp_path, width, height, scale):
    config = tmp_path / "screen.json"
    screen = {"name": "S", "x": 0, "y": 0, "width": width, "height": height}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": scale}
    config.write_text(json.dumps({"screens": [screen]}))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "TRIANGLES_USER_DATA": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["screen"] == [width, height]
    frame_w, frame_h = FRAME_ALLOWANCE
    for name, (x, y, w, h, least_w, least_h) in report["windows"].items():
        assert x >= 0 and y >= 0, name
        assert x + w + frame_w <= width and y + h + frame_h <= height, (name, x, y, w, h)
        assert least_w <= width and least_h <= height, name  # it could be made smaller still
    assert len(report["windows"]) == 9
    assert max(report["history columns end"]) <= report["history view"]
