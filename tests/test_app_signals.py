"""Ctrl-C in the terminal that started the app, and `kill`, close it as its Quit does (the
window's place is let go, its settings kept) instead of being ignored while Qt waits."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from test_app_command_line import app_env


def wait_for(condition, what: str, limit: float = 90.0) -> None:
    """Poll until `condition()` holds; the limit only stops a test that would hang."""
    stop = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < stop, f"never {what}"
        time.sleep(0.05)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_closes_the_window_as_quit_does(tmp_path, number):
    lock = tmp_path / "data" / "windows" / "window-1.lock"
    settings = tmp_path / "config" / "Triangles" / "triangles-qt.conf"
    app = subprocess.Popen(
        [sys.executable, "-m", "triangles_qt"],
        env=app_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(lock.exists, "took its place")  # the window is made: the signals are taken
        assert not settings.exists()
        app.send_signal(number)
        out, err = app.communicate(timeout=90)
    finally:
        app.kill()
    assert app.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert not lock.exists()  # the place let go, as the window's closing does
    assert "geometry" in settings.read_text()  # and the settings it keeps at closing written
