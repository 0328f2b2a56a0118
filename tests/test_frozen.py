"""How our own modules are started in processes of their own (triangles_qt.frozen), checked
here without building the bundle: the same `-m` command from an install and from the bundle, and
the bundle's entry point running the command it is asked for (tests/test_bundle.py runs the
real bundle)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from triangles_qt import frozen

RECORDS = Path(__file__).resolve().parent / "records"


def test_an_install_runs_our_modules_with_this_python():
    assert frozen.module_command("triangles_qt.engine") == [
        sys.executable,
        "-m",
        "triangles_qt.engine",
    ]
    assert frozen.python_for_programs() == [sys.executable]


def test_the_bundle_runs_our_modules_with_its_own_program(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/triangles-qt/triangles-qt")
    assert frozen.module_command("triangles_qt.engine") == [
        "/opt/triangles-qt/triangles-qt",
        "-m",
        "triangles_qt.engine",
    ]
    with pytest.raises(ValueError, match="cannot run"):
        frozen.module_command("http.server")
    assert frozen.python_for_programs() == ["python3"]  # a player's own engine program


def test_the_bundle_entry_point_runs_the_module_or_the_command_it_is_named(capsys):
    for argv in (
        ["/b/triangles-qt", "-m", "triangles_qt.record", "--help"],
        ["/b/triangles-record", "--help"],
    ):
        with pytest.raises(SystemExit) as ended:
            frozen.bundle_main(argv)
        assert ended.value.code == 0
        assert capsys.readouterr().out.startswith("usage: triangles-record")
    with pytest.raises(SystemExit) as ended:
        frozen.bundle_main(["/b/triangles-net", "--help"])
    assert ended.value.code == 0 and "triangles-net" in capsys.readouterr().out
    assert frozen.bundle_main(["/b/triangles-qt", "-m", "os"]) == 2
    assert "-m takes one of triangles_qt," in capsys.readouterr().err


def test_a_bundled_command_whose_reader_goes_away_ends_quietly(tmp_path):
    """`triangles-record` of the bundle piped into `head -1`: no traceback (issue 51, item 11)."""
    records = [str(path) for path in sorted((RECORDS / "valid").glob("*.triangles"))] * 500
    code = (
        "import sys\nfrom triangles_qt import frozen\n"
        "sys.exit(frozen.bundle_main(['/b/triangles-record', *sys.argv[1:]]))"
    )
    command = subprocess.Popen(
        [sys.executable, "-c", code, *records], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert command.stdout.readline()  # one line is read, then the reader goes away
    command.stdout.close()
    _, errors = command.communicate(timeout=120)
    assert command.returncode == 1 and b"Traceback" not in errors, errors.decode()
