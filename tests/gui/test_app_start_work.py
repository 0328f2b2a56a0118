"""The start's work that the first frame does not need (issue 49, item 1): it waits for the
board's first paint, and a player who quits while the plugins are being listed starts nothing
more (no first game, no built-in plugins loaded in the app for a registry nobody uses)."""

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

SLOW_PLUGIN = """
import time
time.sleep(30)  # still importing when the player quits
"""


def test_what_waits_for_the_first_paint_runs_once_after_it(qtbot):
    from triangles_qt.app.application import after_first_paint

    widget = QWidget()
    qtbot.addWidget(widget)
    calls = []
    after_first_paint(widget, lambda: calls.append(widget.isVisible()))
    assert calls == []  # nothing before the widget is painted
    widget.show()
    qtbot.waitUntil(lambda: calls == [True])
    widget.repaint()  # painted again, at once
    QCoreApplication.processEvents()
    assert calls == [True]


def test_a_listing_stopped_at_quit_lists_nothing(qtbot, user_data, monkeypatch):
    import triangles_qt.engine.listing as listing_module
    from triangles_qt.app.plugin_listing import PluginListing

    (user_data / "plugins").mkdir()
    (user_data / "plugins" / "slow_plugin.py").write_text(SLOW_PLUGIN)
    loaded_here = []
    monkeypatch.setattr(listing_module, "load_builtin_plugins", lambda: loaded_here.append(True))
    listing = PluginListing()
    assert not listing.done  # a listing process runs
    listed = []
    listing.when_listed(listed.append)
    listing._stop()  # what aboutToQuit does
    assert listing.done
    assert listing._process.state() == listing._process.ProcessState.NotRunning
    QCoreApplication.processEvents()
    assert listed == [] and loaded_here == []


def test_a_start_that_ends_before_its_first_paint_leaves_the_collector_on(
    qtbot, user_data, tmp_path, monkeypatch, capsys
):
    import gc

    from triangles_qt.app import application
    from triangles_qt.app import settings as settings_module

    real_settings = settings_module.Settings
    monkeypatch.setattr(settings_module, "Settings", lambda: real_settings(tmp_path / "s.ini"))
    assert gc.isenabled()
    assert application.main(["triangles-qt", "--theme", "nope"]) == 2  # told before any window
    assert "no theme 'nope' is installed" in capsys.readouterr().err
    assert gc.isenabled()
