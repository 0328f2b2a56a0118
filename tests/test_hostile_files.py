"""Hostile files: FIFOs, devices and huge or deeply nested files where a record, statistics or a
theme is expected never hang or crash anything, and themes open no file outside their folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_themes import VALID_TOML

from triangles_qt.core.record import RecordError, read_record
from triangles_qt.core.safe_read import NotAFile, TooLarge, read_regular_file
from triangles_qt.statistics import StatisticsStore
from triangles_qt.themes import ThemeError, parse_theme

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


@needs_fifo
def test_a_fifo_is_refused_at_once_rather_than_waited_on(tmp_path):
    with pytest.raises(NotAFile):
        read_regular_file(fifo(tmp_path / "pipe"), 1000)
    with pytest.raises(NotAFile):
        read_regular_file("/dev/zero", 1000)  # a device that never ends
    with pytest.raises(TooLarge):
        big = tmp_path / "big"
        big.write_bytes(b"x" * 1001)
        read_regular_file(big, 1000)
    small = tmp_path / "small"
    small.write_bytes(b"x" * 1000)
    assert read_regular_file(small, 1000) == b"x" * 1000


@needs_fifo
def test_the_record_validator_refuses_a_fifo_and_a_device_and_returns(tmp_path):
    pipe = fifo(tmp_path / "game.triangles")
    done = subprocess.run(
        [sys.executable, "-m", "triangles_qt.record", str(pipe), "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout.count("not a regular file") == 2
    with pytest.raises(RecordError, match="not a regular file"):
        read_record(pipe)  # the app's Open and its resume path go through here


def test_the_record_validator_escapes_control_characters_in_names_and_contents(tmp_path):
    name = tmp_path / "evil\x1b[2J\x85name.triangles"
    name.write_text('{"format": "triangles-game\x1b[31m"}')
    done = subprocess.run(
        [sys.executable, "-m", "triangles_qt.record", str(name)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "\x1b" not in done.stdout and "\x85" not in done.stdout
    assert "evil\\x1b[2J\\x85name.triangles" in done.stdout


def test_a_deeply_nested_statistics_file_is_set_aside_and_results_still_count(tmp_path):
    path = tmp_path / "history.sqlite"
    (tmp_path / "statistics.json").write_text("[" * 200_000 + "]" * 200_000)  # an old version's
    store = StatisticsStore(path)
    assert "nested too deeply" in store.load_error and store.corrupt_copy.exists()
    store.record_result("medium", "won")
    assert StatisticsStore(path).per_strategy()["medium"].won == 1


@needs_fifo
def test_a_statistics_path_that_is_a_fifo_is_moved_aside_without_waiting(tmp_path):
    fifo(tmp_path / "statistics.json")
    path = fifo(tmp_path / "history.sqlite")
    store = StatisticsStore(path)
    assert store.load_error and store.corrupt_copy is not None
    store.record_result("easy", "lost")
    assert path.is_file()


def test_a_deeply_nested_theme_is_a_theme_error(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 30_000 + "]" * 30_000 + "\n")
    with pytest.raises(ThemeError, match="nested too deeply"):
        parse_theme(path)


@needs_fifo
def test_a_theme_file_that_is_a_fifo_is_a_theme_error(tmp_path):
    with pytest.raises(ThemeError, match="cannot be read"):
        parse_theme(fifo(tmp_path / "pipe.toml"))


def theme_with_image(tmp_path: Path, image: str) -> Path:
    folder = tmp_path / "theme"
    folder.mkdir(exist_ok=True)
    path = folder / "theme.toml"
    path.write_text(
        VALID_TOML.replace('bottom = "#003355"', f'bottom = "#003355"\nimage = "{image}"')
    )
    return path


@pytest.mark.parametrize(
    "image", ["../../../../../../etc/passwd", "/etc/shadow", "/proc/self/environ", "../outside.png"]
)
def test_a_theme_image_outside_the_themes_folder_is_refused(tmp_path, image):
    (tmp_path / "outside.png").write_bytes(b"\x89PNG")
    with pytest.raises(ThemeError, match="must be in the theme's folder"):
        parse_theme(theme_with_image(tmp_path, image))


def test_a_link_out_of_the_themes_folder_and_a_non_image_are_refused(tmp_path):
    (tmp_path / "secret.png").write_bytes(b"\x89PNG")
    path = theme_with_image(tmp_path, "sky.png")
    (path.parent / "sky.png").symlink_to(tmp_path / "secret.png")
    with pytest.raises(ThemeError, match="must be in the theme's folder"):
        parse_theme(path)
    (path.parent / "notes.txt").write_text("hello")
    with pytest.raises(ThemeError, match="must be a"):
        parse_theme(theme_with_image(tmp_path, "notes.txt"))


@needs_fifo
def test_a_theme_image_that_is_a_fifo_is_refused(tmp_path):
    path = theme_with_image(tmp_path, "sky.png")
    fifo(path.parent / "sky.png")
    with pytest.raises(ThemeError, match="is not a file"):
        parse_theme(path)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_links_that_lead_back_to_themselves_a_fifo_and_a_folder_are_each_named(tmp_path):
    """What the app's Open, its command line and the validator tell the player (issue 51,
    item 8): each is refused at once, with its own kind."""
    loop = tmp_path / "loop.triangles"
    loop.symlink_to(loop.name)
    (tmp_path / "a.triangles").symlink_to("b.triangles")
    (tmp_path / "b.triangles").symlink_to("a.triangles")
    (tmp_path / "folder.triangles").mkdir()
    cases = [
        (loop, "loop"),
        (tmp_path / "a.triangles", "loop"),
        (tmp_path / "folder.triangles", "folder"),
    ]
    if hasattr(os, "mkfifo"):
        cases.append((fifo(tmp_path / "pipe.triangles"), "special"))
    for path, kind in cases:
        with pytest.raises(RecordError) as error:
            read_record(path)
        assert error.value.kind == kind, path
    done = subprocess.run(
        [sys.executable, "-m", "triangles_qt.record", str(loop)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "leads back to itself" in done.stdout
