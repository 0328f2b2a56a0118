"""The desktop's reduced-motion setting read from a real D-Bus session through the XDG portal's
interface (a stand-in portal on a private bus), and followed when the desktop switches it."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.skipif(not shutil.which("dbus-run-session"), reason="needs dbus-run-session")
def test_the_portals_reduced_motion_is_read_and_followed_live(tmp_path):
    script = Path(__file__).with_name("fake_portal.py")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path))
    done = subprocess.run(
        ["dbus-run-session", "--", sys.executable, str(script)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stdout + done.stderr
    assert json.loads(lines[-1]) == {"at_start": False, "changes": [True]}
