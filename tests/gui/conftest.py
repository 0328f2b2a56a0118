"""Shared set-up of the GUI tests: an off-screen Qt platform and a private user-data folder."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    """Point the app's user data (statistics, settings, plugins) at a fresh temporary folder."""
    folder = tmp_path / "user-data"
    folder.mkdir()
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(folder))
    return folder
