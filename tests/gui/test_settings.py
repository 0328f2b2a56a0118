"""The settings wrapper: values round-trip through the file, damaged values give defaults."""

from __future__ import annotations

import os
import stat

import pytest
from PySide6.QtCore import QPoint, QSettings

from triangles_qt.app.settings import (
    APPLICATION,
    DEFAULT_PRESET,
    ORGANIZATION,
    NewGameChoices,
    Settings,
)


@pytest.fixture
def ini(tmp_path):
    return tmp_path / "settings.ini"


def reopened(settings: Settings, ini) -> Settings:
    settings.sync()
    return Settings(ini)


def test_defaults_when_nothing_is_stored(ini):
    settings = Settings(ini)
    assert settings.window_geometry == b""
    assert settings.new_game_choices() == NewGameChoices()
    assert settings.new_game_choices().preset == DEFAULT_PRESET
    assert settings.theme_id == "nebula"
    assert settings.language == ""


def test_every_value_round_trips_through_the_file(ini):
    settings = Settings(ini)
    settings.window_geometry = b"\x00\x01\xffgeometry"
    choices = NewGameChoices(
        preset="tablet-180",
        opponent="human",
        strategy_id="acme.deep-thought",
        human_starts=False,
        replay_after_triangle=True,
        player_names=("Ana", "Björn"),
    )
    settings.set_new_game_choices(choices)
    settings.theme_id = "high-contrast"
    settings.language = "pt_BR"

    again = reopened(settings, ini)
    assert again.window_geometry == b"\x00\x01\xffgeometry"
    assert again.new_game_choices() == choices
    assert again.theme_id == "high-contrast"
    assert again.language == "pt_BR"


def test_settings_are_grouped_by_concern(ini):
    settings = Settings(ini)
    settings.preset = "phone-24"
    settings.theme_id = "daylight"
    settings.language = "de"
    settings.window_geometry = b"g"
    settings.sync()
    groups = sorted(settings.qsettings.childGroups())
    assert groups == ["appearance", "language", "new_game", "window"]


def test_any_plugin_strategy_id_is_remembered(ini):
    settings = Settings(ini)
    settings.strategy_id = "Acme: Deep Thought 2"
    assert reopened(settings, ini).strategy_id == "Acme: Deep Thought 2"


def test_impossible_new_game_choices_change_nothing(ini):
    settings = Settings(ini)
    with pytest.raises(ValueError):
        settings.set_new_game_choices(NewGameChoices(preset="tablet-80", strategy_id=""))
    assert settings.new_game_choices() == NewGameChoices()


def test_names_are_single_line_and_bounded(ini):
    settings = Settings(ini)
    settings.player_names = ("  Ana\n  María\t", "x" * 100)
    first, second = reopened(settings, ini).player_names
    assert first == "Ana María"
    assert len(second) == 40


@pytest.mark.parametrize(
    ("key", "stored", "attribute", "default"),
    [
        ("new_game/preset", "phone-9999", "preset", DEFAULT_PRESET),
        ("new_game/preset", 42, "preset", DEFAULT_PRESET),
        ("new_game/opponent", "robot", "opponent", "computer"),
        ("new_game/opponent", QPoint(1, 2), "opponent", "computer"),
        ("new_game/strategy", "  padded  ", "strategy_id", "easy"),
        ("new_game/strategy", "line\nbreak", "strategy_id", "easy"),
        ("new_game/strategy", "", "strategy_id", "easy"),
        ("new_game/strategy", 3.5, "strategy_id", "easy"),
        ("new_game/human_starts", "maybe", "human_starts", True),
        ("new_game/human_starts", 7, "human_starts", True),
        ("new_game/replay_after_triangle", "yes please", "replay_after_triangle", False),
        ("new_game/player1_name", 12, "player_names", ("", "")),
        ("appearance/theme", "Not An Id!", "theme_id", "nebula"),
        ("language/code", "klingon language", "language", ""),
        ("window/geometry", "not bytes", "window_geometry", b""),
    ],
)
def test_a_corrupt_value_falls_back_to_its_default(ini, key, stored, attribute, default):
    settings = Settings(ini)
    settings.qsettings.setValue(key, stored)
    assert getattr(settings, attribute) == default
    assert getattr(reopened(settings, ini), attribute) == default


def test_booleans_written_as_text_are_understood(ini):
    ini.write_text("[new_game]\nhuman_starts=false\nreplay_after_triangle=TRUE\n")
    settings = Settings(ini)
    assert settings.human_starts is False
    assert settings.replay_after_triangle is True


def test_a_corrupt_settings_file_does_not_crash(ini):
    ini.write_bytes(
        b"\x00\xff\xfe[[[ not ini\n[new_game]\npreset=@ByteArray(\npreset2=@Variant(\\0\\x7f)\n"
        b"opponent=@Point(1 2)\nhuman_starts=@Rect(\n[window]\ngeometry=@Size(1\n"
    )
    settings = Settings(ini)
    assert settings.new_game_choices() == NewGameChoices()
    assert settings.window_geometry == b""
    settings.preset = "phone-120"  # and it can still be written
    assert reopened(settings, ini).preset == "phone-120"


@pytest.mark.parametrize(
    ("attribute", "value"),
    [
        ("preset", "huge"),
        ("opponent", "robot"),
        ("strategy_id", ""),
        ("theme_id", "Bad Id"),
        ("language", "not a language"),
    ],
)
def test_impossible_values_are_refused_when_set(ini, attribute, value):
    settings = Settings(ini)
    with pytest.raises(ValueError):
        setattr(settings, attribute, value)


def test_an_existing_qsettings_is_used_as_is(ini):
    qsettings = QSettings(str(ini), QSettings.Format.IniFormat)
    settings = Settings(qsettings)
    settings.theme_id = "daylight"
    assert qsettings.value("appearance/theme") == "daylight"


def test_the_default_store_is_the_apps_own():
    settings = Settings()  # only looked at, never written
    assert settings.qsettings.organizationName() == ORGANIZATION
    assert settings.qsettings.applicationName() == APPLICATION


def test_a_settings_file_that_is_a_fifo_is_set_aside_and_the_defaults_used(tmp_path, capsys):
    """Qt would wait forever reading a FIFO (no window, on every start): it is moved aside
    and said on stderr, and the settings start afresh in its place."""
    path = tmp_path / "triangles-qt.conf"
    os.mkfifo(path)
    settings = Settings(path)
    assert settings.preset == DEFAULT_PRESET
    settings.preset = "tablet-80"
    settings.sync()
    assert path.is_file() and Settings(path).preset == "tablet-80"
    (aside,) = tmp_path.glob("triangles-qt.conf.corrupt-*")
    assert stat.S_ISFIFO(aside.lstat().st_mode)
    assert f"moved to {aside.name}" in capsys.readouterr().err


def test_an_engine_list_nested_thousands_deep_is_left_out(ini):
    """A damaged value that json.loads cannot even parse (RecursionError): no engines, and the
    game can start."""
    settings = Settings(ini)
    settings.qsettings.setValue("engines/list", "[" * 5000 + "]" * 5000)
    assert reopened(settings, ini).engines == []
