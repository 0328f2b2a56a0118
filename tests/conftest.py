"""Every test keeps the player's data (statistics, autosave, the plugin listing's cache, drop-in
plugins) in a folder of its own, never in the real user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def own_user_data(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(tmp_path_factory.mktemp("user-data")))
