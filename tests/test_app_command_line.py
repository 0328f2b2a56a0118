"""The app's command line: what it does not know is an error with one line, never ignored
(issue 50): an unknown option, a language that is not shipped, a theme that is not installed,
two games to open. Qt's own options still reach Qt."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from triangles_qt.app.application import parse_arguments


def app_env(tmp_path) -> dict[str, str]:
    """The environment of an app started offscreen with its settings and data under tmp_path."""
    return dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        TRIANGLES_USER_DATA=str(tmp_path / "data"),
    )


def run_app(tmp_path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "triangles_qt", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=app_env(tmp_path),
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--langg", "de"], "unrecognized arguments: --langg"),
        (["--lang", "xx"], "no language 'xx' is shipped (choose from en, es, de, bg)"),
        (["--open", "a.triangles", "b.triangles"], "give one game to open, not two"),
        (["a.triangles", "b.triangles"], "unrecognized arguments: b.triangles"),
    ],
)
def test_what_the_command_line_does_not_know_is_one_line_and_status_2(args, said, capsys):
    with pytest.raises(SystemExit) as stopped:
        parse_arguments(["triangles-qt", *args])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.startswith("triangles-qt: error: ") and said in error


def test_a_language_is_taken_by_its_code_or_locale_name():
    assert parse_arguments(["triangles-qt", "--lang", "de_AT"])[0].lang == "de"
    assert parse_arguments(["triangles-qt", "--lang", "BG"])[0].lang == "bg"


def test_help_names_the_file_to_open(capsys):
    with pytest.raises(SystemExit):
        parse_arguments(["triangles-qt", "--help"])
    assert "[FILE]" in capsys.readouterr().out


def test_a_theme_that_is_not_installed_is_an_error_before_any_window(tmp_path):
    done = run_app(tmp_path, "--theme", "nope")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "triangles-qt: error: --theme: no theme 'nope' is installed "
        "(choose from system, nebula, daylight, high-contrast)"
    )
