"""Desktop integration for pip/pipx installs: menu entry, icon, AppStream metainfo and the MIME
type of saved games, installed into the user's XDG data folder and removed again."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from triangles_qt.app import desktop_entry
from triangles_qt.app.application import parse_arguments

RESOURCES = desktop_entry.RESOURCES
APP_ID = desktop_entry.APP_ID


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    return tmp_path / "share"


def run_app(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "triangles_qt", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_install_writes_the_four_files_and_uninstall_removes_them(home):
    done = run_app("--install-desktop-entry")
    assert done.returncode == 0, done.stderr
    paths = desktop_entry.installed_paths(home)
    assert all(path.is_file() for path in paths.values())
    assert all(f"Installed {path}" in done.stdout for path in paths.values())
    entry = paths["desktop"].read_text()
    (exec_line,) = [line for line in entry.splitlines() if line.startswith("Exec=")]
    command = shlex.split(exec_line[len("Exec=") :])
    assert command[-1] == "%f"  # a file manager passes the game to open
    assert Path(command[0]).is_file()  # an absolute program: the menu has no venv on its PATH
    assert f"MimeType={desktop_entry.MIME_TYPE};" in entry and f"Icon={APP_ID}" in entry
    assert "*.triangles" in paths["mime"].read_text()
    assert paths["icon"].read_bytes() == (RESOURCES / "triangles.svg").read_bytes()
    assert run_app("--install-desktop-entry").returncode == 0  # again: replaced, not doubled
    done = run_app("--uninstall-desktop-entry")
    assert done.returncode == 0 and not any(path.exists() for path in paths.values())
    again = run_app("--uninstall-desktop-entry")
    assert again.returncode == 0 and "Nothing to remove" in again.stdout


def test_a_file_given_alone_is_opened_and_qt_options_are_left_to_qt():
    options, qt = parse_arguments(
        ["triangles-qt", "-platform", "offscreen", "/g/Evening.triangles"]
    )
    assert options.open == "/g/Evening.triangles" and qt == [
        "triangles-qt",
        "-platform",
        "offscreen",
    ]
    options, qt = parse_arguments(["triangles-qt", "-style=fusion", "--reverse", "b.triangles"])
    assert options.open == "b.triangles" and qt == ["triangles-qt", "-style=fusion", "--reverse"]
    options, _ = parse_arguments(["triangles-qt"])
    assert options.open is None


def test_an_exec_argument_with_spaces_is_quoted_as_the_specification_asks():
    text = desktop_entry.desktop_file_text(["/opt/My Games/bin/triangles-qt"])
    assert 'Exec="/opt/My Games/bin/triangles-qt" %f' in text


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils missing")
def test_the_menu_entry_validates(home):
    desktop_entry.install(home)
    for path in (RESOURCES / f"{APP_ID}.desktop", desktop_entry.installed_paths(home)["desktop"]):
        done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert done.returncode == 0 and not done.stdout.strip(), done.stdout


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstream missing")
def test_the_metainfo_validates():
    path = RESOURCES / f"{APP_ID}.metainfo.xml"
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout


@pytest.mark.skipif(not shutil.which("update-mime-database"), reason="shared-mime-info missing")
def test_saved_games_get_their_own_mime_type(home):
    desktop_entry.install(home)
    globs = (home / "mime" / "globs2").read_text()
    assert f"{desktop_entry.MIME_TYPE}:*.triangles" in globs


def test_a_menu_entry_whose_program_was_moved_away_is_pointed_here_again(home, tmp_path):
    paths = desktop_entry.installed_paths(home)
    desktop_entry.install(home)
    moved = desktop_entry.desktop_file_text([str(tmp_path / "old clone/.venv/bin/triangles-qt")])
    paths["desktop"].write_text(moved)
    assert desktop_entry.repair_if_moved(home)
    lines = paths["desktop"].read_text().splitlines()
    exec_line = next(line for line in lines if line.startswith("Exec="))
    assert Path(shlex.split(exec_line[len("Exec=") :])[0]).exists()
    assert not desktop_entry.repair_if_moved(home)  # now it points at a program that exists
    elsewhere = desktop_entry.desktop_file_text([sys.executable, "-m", "another_install"])
    paths["desktop"].write_text(elsewhere)
    assert not desktop_entry.repair_if_moved(home)  # another install's entry is left alone
    assert paths["desktop"].read_text() == elsewhere
    paths["desktop"].unlink()
    assert not desktop_entry.repair_if_moved(home)  # nothing installed: nothing written
    assert not paths["desktop"].exists()
