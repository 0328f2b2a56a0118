"""How our own modules are started in processes of their own (triangles_qt.frozen), checked
here without building the bundle: the same `-m` command from an install and from the bundle, and
the bundle's entry point running the command it is asked for (tests/test_bundle.py runs the
real bundle)."""

from __future__ import annotations

import sys

import pytest

from triangles_qt import frozen


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
    assert frozen.bundle_main(["/b/triangles-qt", "-m", "triangles_qt.record", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: triangles-record")
    assert frozen.bundle_main(["/b/triangles-record", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: triangles-record")
    assert frozen.bundle_main(["/b/triangles-qt", "-m", "os"]) == 2
    assert "-m takes one of triangles_qt," in capsys.readouterr().err
