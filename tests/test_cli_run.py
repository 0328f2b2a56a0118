"""Every command line ends in one line, never a traceback: Ctrl-C (once, then again while it
stops), a full disk and a reader that went away (triangles_qt/cli_run.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

RECORD = next((Path(__file__).parent / "records" / "valid").glob("*.triangles"))
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONUNBUFFERED": "1"}


def module(name: str, *args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", name, *args], env=ENV, stderr=subprocess.PIPE, text=True, **kwargs
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_output_to_a_full_disk_is_one_line_and_status_1():
    with open("/dev/full", "w") as full:
        process = module("triangles_qt.record", str(RECORD), stdout=full)
        _, err = process.communicate(timeout=120)
    assert process.returncode == 1
    assert err.strip().splitlines() == ["triangles-record: error: No space left on device"]


def test_a_reader_that_went_away_ends_the_output_quietly():
    process = module("triangles_qt.record", *[str(RECORD)] * 3000, stdout=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    _, err = process.communicate(timeout=120)
    assert process.returncode == 1 and "Traceback" not in err and err.strip() == ""


def until(process: subprocess.Popen, words: str, timeout: float = 120) -> None:
    """Read the process's stderr until a line holds `words`."""
    assert process.stderr is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if words in line:
            return
        assert line, f"ended before saying {words!r}"
    raise AssertionError(f"never said {words!r}")


def test_ctrl_c_ends_the_arena_in_one_line_and_a_second_at_once():
    arena = module(
        "triangles_qt.arena", "--p1", "medium", "--p2", "medium", "--games", "4000", "--jobs",
        "1", "--preset", "phone-24", stdout=subprocess.DEVNULL,
    )  # fmt: skip
    until(arena, "game 1")  # playing, with thousands of games to go
    arena.send_signal(signal.SIGINT)
    arena.send_signal(signal.SIGINT)
    _, err = arena.communicate(timeout=60)
    assert arena.returncode == 130
    assert "Traceback" not in err and err.strip().splitlines()[-1] in (
        "triangles-arena: stopped",
        "interrupted; the games in flight are abandoned, without --db the finished games are "
        "not kept",
    )


def test_ctrl_c_ends_a_network_host_that_waits_for_its_joiner():
    host = module(
        "triangles_qt.net", "host", "--listen", "loopback", "--port", "0", "--strategy", "easy",
        stdout=subprocess.PIPE,
    )  # fmt: skip
    assert host.stdout is not None
    assert host.stdout.readline().startswith("listening on")
    time.sleep(1.0)  # most likely in its event loop by now (either way it must end so)
    host.send_signal(signal.SIGINT)
    _, err = host.communicate(timeout=60)
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "triangles-net: interrupted"
    assert host.returncode == 130


def test_one_ctrl_c_says_what_becomes_of_the_games(tmp_path):
    db = tmp_path / "results.sqlite"
    arena = module(
        "triangles_qt.arena", "--p1", "medium", "--p2", "medium", "--games", "4000", "--jobs",
        "1", "--preset", "phone-24", "--db", str(db), stdout=subprocess.DEVNULL,
    )  # fmt: skip
    until(arena, "game 1")
    arena.send_signal(signal.SIGINT)
    _, err = arena.communicate(timeout=120)
    assert arena.returncode == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1] == (
        f"interrupted; the games in flight are abandoned, the finished games are kept in {db}: "
        "the same command plays the rest"
    )
