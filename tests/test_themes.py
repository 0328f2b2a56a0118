"""The theme format: parsing, validation messages, the built-in themes and the theme set."""

from __future__ import annotations

import copy
import dataclasses
import re
from pathlib import Path

import pytest
from image_samples import png

from triangles_qt import builtin_themes
from triangles_qt.themes import (
    NEBULA,
    SkipReason,
    Theme,
    ThemeError,
    ThemeSet,
    colour_rgba,
    contrast,
    contrast_pairs,
    load_themes,
    parse_theme,
    theme_advice,
)

VALID_TOML = """\
id = "ocean"
name = "Ocean"
highlight = "#ffee00"
warning = "#FF0000"
text = "#ffffff"

[background]
top = "#001122"
bottom = "#003355"

[stars]
colour = "#ffffff"
glow = "#aaccff80"

[players]
strokes = ["#ff8800", "#0088ff"]
fills = ["#ff880060", "#0088ff60"]
"""

VALID_TABLE = {
    "id": "ocean",
    "name": "Ocean",
    "highlight": "#ffee00",
    "warning": "#ff0000",
    "text": "#ffffff",
    "background": {"top": "#001122", "bottom": "#003355"},
    "stars": {"colour": "#ffffff", "glow": "#aaccff80"},
    "players": {"strokes": ["#ff8800", "#0088ff"], "fills": ["#ff880060", "#0088ff60"]},
}


class FakeRegistry:
    def __init__(self, items):
        self.items = items

    def themes(self):
        return self.items


def write(tmp_path: Path, text: str, name: str = "theme.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def table_with(path: tuple[str, ...], value) -> dict:
    table = copy.deepcopy(VALID_TABLE)
    target = table
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return table


# --- parsing --------------------------------------------------------------------------------------


def test_a_valid_theme_file_is_read_with_lower_case_colours(tmp_path):
    theme = parse_theme(write(tmp_path, VALID_TOML), "plugin 'acme'")
    assert theme == Theme(
        id="ocean",
        name="Ocean",
        background_top="#001122",
        background_bottom="#003355",
        background_image=None,
        star="#ffffff",
        star_glow="#aaccff80",
        player_strokes=("#ff8800", "#0088ff"),
        player_fills=("#ff880060", "#0088ff60"),
        highlight="#ffee00",
        warning="#ff0000",
        text="#ffffff",
    )


def test_the_optional_keys_say_the_level_the_hint_and_the_board(tmp_path):
    plain = parse_theme(VALID_TABLE)
    assert (plain.hint, plain.hint_colour, plain.contrast, plain.marks, plain.decoration) == (
        "",
        "#ffee00",  # the hint is drawn in the highlight colour unless the theme says
        "AA",
        1.0,
        True,
    )
    assert plain.text_contrast == 4.5
    text = VALID_TOML.replace(
        'text = "#ffffff"', 'text = "#ffffff"\nhint = "#AA00FF"\ncontrast = "AAA"'
    )
    text += "\n[board]\nmarks = 2\ndecoration = false\n"
    theme = parse_theme(write(tmp_path, text))
    assert (theme.hint_colour, theme.contrast, theme.marks, theme.decoration) == (
        "#aa00ff",
        "AAA",
        2.0,
        False,
    )
    assert theme.text_contrast == 7


def test_a_table_gives_the_same_theme_as_the_file(tmp_path):
    assert parse_theme(VALID_TABLE, "plugin 'acme'") == parse_theme(write(tmp_path, VALID_TOML))


def test_theme_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        NEBULA.name = "Other"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("path", "value", "fragment"),
    [
        (("id",), KeyError, "'id'"),
        (("id",), "Ocean", "'id'"),
        (("id",), "a b", "'id'"),
        (("id",), 7, "'id'"),
        (("name",), KeyError, "'name'"),
        (("name",), "   ", "'name'"),
        (("name",), "x" * 81, "'name'"),
        (("background",), KeyError, "[background] is missing"),
        (("background",), "dark", "[background] must be a table"),
        (("background", "top"), KeyError, "[background] top is missing"),
        (("background", "top"), "#00112233", "[background] top"),
        (("background", "bottom"), "navy", "[background] bottom"),
        (("background", "image"), 3, "[background] image"),
        (("stars", "colour"), "#fff", "[stars] colour"),
        (("stars", "glow"), "#gggggg", "[stars] glow"),
        (("stars", "color"), "#ffffff", "unknown key(s): 'color' (did you mean 'colour'?)."),
        (("players", "strokes"), ["#ff8800"], "[players] strokes must be a list of two"),
        (("players", "strokes"), "#ff8800", "[players] strokes must be a list of two"),
        (("players", "strokes"), ["#ff8800", "blue"], "[players] strokes[1]"),
        (("players", "fills"), [1, "#0088ff60"], "[players] fills[0]"),
        (("players", "fills"), KeyError, "[players] fills is missing"),
        (("highlight",), KeyError, "'highlight' is missing"),
        (("warning",), "#ff00000", "'warning'"),
        (("text",), "#ffffff80", "'text'"),
        (("text",), "#050a20", "'text' could not be read on [background] top (contrast 1.0:1"),
        (("extra",), 1, "unknown key(s): 'extra'"),
        (("hint",), "yellow", "'hint'"),
        (("contrast",), "AAAA", '\'contrast\' must be "AA" or "AAA"'),
        (("contrast",), 7, "'contrast' must be"),
        (("board",), "big", "[board] must be a table"),
        (("board",), {"marks": 2.5}, "[board] marks must be a number from 1 to 2"),
        (("board",), {"marks": True}, "[board] marks must be a number"),
        (("board",), {"decoration": "no"}, "[board] decoration must be true or false"),
        (("board",), {"mark": 1.5}, "[board] has unknown key(s): 'mark' (did you mean 'marks'?)"),
    ],
)
def test_each_invalid_field_is_named_together_with_the_plugin(path, value, fragment):
    with pytest.raises(ThemeError) as raised:
        parse_theme(table_with(path, value), "plugin 'acme'")
    message = str(raised.value)
    assert fragment in message
    assert "plugin 'acme'" in message


def test_each_unknown_key_gets_its_own_guess(tmp_path):
    table = table_with(("stars", "color"), "#ffffff")
    table["stars"]["glo"] = "#ffffff"
    table["stars"]["zzz"] = 1
    with pytest.raises(
        ThemeError,
        match=re.escape(
            "[stars] has unknown key(s): 'color' (did you mean 'colour'?), "
            "'glo' (did you mean 'glow'?), 'zzz'."
        ),
    ):
        parse_theme(table, "plugin 'acme'")


def test_a_file_error_names_the_file_and_the_plugin(tmp_path):
    path = write(tmp_path, VALID_TOML.replace('text = "#ffffff"', 'text = "white"'))
    with pytest.raises(ThemeError) as raised:
        parse_theme(path, "plugin 'acme'")
    assert str(path) in str(raised.value)
    assert "plugin 'acme'" in str(raised.value)
    assert "id 'ocean'" in str(raised.value)
    assert "'white'" in str(raised.value)


def test_bad_toml_is_a_theme_error(tmp_path):
    path = write(tmp_path, 'id = "ocean\nname = ')
    with pytest.raises(ThemeError, match="not valid TOML"):
        parse_theme(path, "plugin 'acme'")


def test_a_missing_file_is_a_theme_error(tmp_path):
    with pytest.raises(ThemeError, match="cannot be read"):
        parse_theme(tmp_path / "nowhere.toml", "plugin 'acme'")


def test_non_utf8_and_oversized_files_are_theme_errors(tmp_path):
    with pytest.raises(ThemeError, match="UTF-8"):
        parse_theme(_bytes(tmp_path, b"\xff\xfe"))
    with pytest.raises(ThemeError, match="larger than"):
        parse_theme(write(tmp_path, "# " + "x" * 70_000, "big.toml"))


def _bytes(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "binary.toml"
    path.write_bytes(data)
    return path


def test_an_image_is_found_next_to_the_toml_file(tmp_path):
    (tmp_path / "sky.png").write_bytes(png(4, 3))
    text = VALID_TOML.replace('bottom = "#003355"', 'bottom = "#003355"\nimage = "sky.png"')
    theme = parse_theme(write(tmp_path, text))
    assert theme.background_image == str((tmp_path / "sky.png").resolve())


def test_a_missing_image_is_a_theme_error(tmp_path):
    text = VALID_TOML.replace('bottom = "#003355"', 'bottom = "#003355"\nimage = "sky.png"')
    with pytest.raises(ThemeError, match=r"'sky\.png' does not exist"):
        parse_theme(write(tmp_path, text), "plugin 'acme'")


def test_an_image_that_is_a_folder_is_a_theme_error(tmp_path):
    (tmp_path / "sky.png").mkdir()
    text = VALID_TOML.replace('bottom = "#003355"', 'bottom = "#003355"\nimage = "sky.png"')
    with pytest.raises(ThemeError, match="not a file"):
        parse_theme(write(tmp_path, text))


def test_a_table_needs_an_absolute_image_path(tmp_path):
    with pytest.raises(ThemeError, match="absolute path"):
        parse_theme(table_with(("background", "image"), "sky.png"), "plugin 'acme'")
    image = tmp_path / "sky.png"
    image.write_bytes(png(4, 3))
    theme = parse_theme(table_with(("background", "image"), str(image)))
    assert theme.background_image == str(image.resolve())


def test_colour_rgba_reads_alpha_last():
    assert colour_rgba("#ff5a36") == (255, 90, 54, 255)
    assert colour_rgba("#3d8bff59") == (61, 139, 255, 89)
    with pytest.raises(ValueError):
        colour_rgba("red")


# --- built-in themes ------------------------------------------------------------------------------


def builtin_files() -> list[str]:
    return builtin_themes.triangles_themes()


def test_contrast_follows_wcag():
    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#3d8bff59", "#3d8bff") == 1  # alpha is not a colour's contrast


def test_advice_names_the_colours_players_may_not_see_and_none_in_the_builtin_themes():
    themes = [parse_theme(path, "built-in themes") for path in builtin_files()]
    assert [theme_advice(theme) for theme in themes] == [[], [], []]
    dim = dataclasses.replace(themes[0], text="#6f6f9a", player_strokes=("#ff5a36", "#1d2f66"))
    advice = theme_advice(dim)
    assert len(advice) == 2
    assert advice[0].startswith("'text' has a contrast of 4.0:1") and "aim for 4.5:1" in advice[0]
    assert "with [background] top" in advice[0]  # the panels' colour: text is written there
    assert advice[1].startswith("[players] strokes[1] has a contrast of 1.")


def test_nebula_toml_agrees_with_the_nebula_constant():
    nebula_file = next(path for path in builtin_files() if path.endswith("nebula.toml"))
    assert parse_theme(nebula_file, "built-in themes") == NEBULA


def test_every_builtin_theme_is_valid_and_distinct():
    themes = [parse_theme(path, "built-in themes") for path in builtin_files()]
    assert [theme.id for theme in themes] == ["nebula", "daylight", "high-contrast"]


def test_nebula_is_a_night_sky_with_red_orange_and_blue_players():
    def rgb(colour):
        return colour_rgba(colour)[:3]

    for colour in (NEBULA.background_top, NEBULA.background_bottom):
        assert sum(rgb(colour)) < 3 * 80  # dark
    red, green, blue = rgb(NEBULA.player_strokes[0])
    assert red > 200 and blue < 100 and red > green  # red-orange
    red, green, blue = rgb(NEBULA.player_strokes[1])
    assert blue > 200 and red < 100  # blue
    for stroke, fill in zip(NEBULA.player_strokes, NEBULA.player_fills, strict=True):
        assert fill[:7] == stroke and colour_rgba(fill)[3] < 255


def _luminance(colour: str) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b, _ = colour_rgba(colour)
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def test_high_contrast_players_differ_in_lightness_not_only_in_hue():
    theme = load_themes(FakeRegistry([("builtin", p) for p in builtin_files()])).theme(
        "high-contrast"
    )
    first, second = (_luminance(c) for c in theme.player_strokes)
    assert max(first, second) / min(first, second) > 2.5
    # both readable on the background
    background = _luminance(theme.background_top)
    assert min(first, second) + 0.05 > 3 * (background + 0.05)


# --- the theme set --------------------------------------------------------------------------------


def test_load_themes_keeps_nebula_first_and_the_plugin_order():
    registry = FakeRegistry([("builtin", p) for p in reversed(builtin_files())])
    loaded = load_themes(registry)
    assert list(loaded.themes) == ["nebula", "high-contrast", "daylight"]
    assert loaded.errors == []  # the shipped nebula.toml is not a duplicate of the constant


def test_nebula_is_present_even_without_any_theme():
    loaded = load_themes(FakeRegistry([]))
    assert loaded.themes == {"nebula": NEBULA}
    assert loaded.theme("missing") is NEBULA
    assert loaded.theme(None) is NEBULA
    assert ThemeSet().themes == {"nebula": NEBULA}
    assert load_themes(None) == ThemeSet()


def test_an_invalid_theme_is_skipped_with_a_message_naming_it(tmp_path):
    bad = write(tmp_path, VALID_TOML.replace("#001122", "navy"), "bad.toml")
    loaded = load_themes(FakeRegistry([("acme", bad), ("acme", VALID_TABLE)]))
    assert list(loaded.themes) == ["nebula", "ocean"]
    assert loaded.theme_plugin == {"ocean": "acme"}
    assert len(loaded.errors) == 1
    skipped = loaded.errors[0]
    assert (skipped.plugin, skipped.reason) == ("acme", SkipReason.INVALID)
    assert "bad.toml" in skipped.message and "plugin 'acme'" in skipped.message
    assert str(skipped) == skipped.message


def test_duplicate_ids_first_wins_with_a_message(tmp_path):
    second = table_with(("name",), "Ocean Two")
    loaded = load_themes(FakeRegistry([("first", VALID_TABLE), ("second", second)]))
    assert loaded.themes["ocean"].name == "Ocean"
    assert loaded.theme_plugin == {"ocean": "first"}
    assert len(loaded.errors) == 1
    assert (loaded.errors[0].plugin, loaded.errors[0].reason) == ("second", SkipReason.ID_TAKEN)
    message = loaded.errors[0].message
    assert "Ocean Two" in message and "plugin 'second'" in message and "plugin 'first'" in message


def test_a_plugin_cannot_replace_nebula():
    impostor = table_with(("id",), "nebula")
    loaded = load_themes(FakeRegistry([("acme", impostor)]))
    assert loaded.themes == {"nebula": NEBULA}
    assert loaded.errors[0].reason == SkipReason.ID_TAKEN
    assert "nebula" in loaded.errors[0].message and "plugin 'acme'" in loaded.errors[0].message


@pytest.mark.parametrize("garbage", [None, 42, ["a", "list"], ("acme", 3.5), b"bytes", object()])
def test_a_plugin_returning_garbage_is_reported_not_fatal(garbage):
    loaded = load_themes(FakeRegistry([garbage, ("acme", VALID_TABLE)]))
    assert list(loaded.themes) == ["nebula", "ocean"]
    assert len(loaded.errors) == 1


def test_a_failing_registry_still_gives_nebula():
    class Broken:
        def themes(self):
            raise RuntimeError("hook exploded")

    loaded = load_themes(Broken())
    assert loaded.themes == {"nebula": NEBULA}
    assert loaded.errors[0].reason == SkipReason.NO_LIST
    assert "hook exploded" in loaded.errors[0].message


def test_the_real_plugin_registry_offers_the_builtin_themes_without_errors(monkeypatch, tmp_path):
    plugin_manager = pytest.importorskip("triangles_qt.plugin_manager")
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(tmp_path))  # no drop-in plugins of the machine
    monkeypatch.delenv("TRIANGLES_PLUGIN_PATH", raising=False)
    loaded = load_themes(plugin_manager.load_plugins())
    assert list(loaded.themes)[:3] == ["nebula", "daylight", "high-contrast"]
    assert loaded.errors == []
    assert {loaded.theme_plugin[t] for t in ("nebula", "daylight", "high-contrast")} == {
        "builtin_themes"
    }


def test_the_hint_stroke_does_not_look_like_either_players_stroke_in_any_builtin_theme():
    """The hint is drawn in its colour at alpha 175, opaque on an AAA theme (board_view): painted
    on the sky it must differ from both players' strokes in hue, be a neutral beside a colour, or
    differ in lightness."""
    import colorsys

    def painted(colour, background, alpha=175 / 255):
        fg, bg = colour_rgba(colour), colour_rgba(background)
        return tuple(alpha * f + (1 - alpha) * b for f, b in zip(fg[:3], bg[:3], strict=True))

    def hex_of(rgb):
        return "#" + "".join(f"{round(v):02x}" for v in rgb)

    themes = load_themes(FakeRegistry([("builtin", p) for p in builtin_files()])).themes
    for theme in themes.values():
        alpha = 1.0 if theme.contrast == "AAA" else 175 / 255
        hint = painted(theme.hint_colour, theme.background_top, alpha)
        h1, _, s1 = colorsys.rgb_to_hls(*(v / 255 for v in hint))
        for stroke in theme.player_strokes:
            h2, _, s2 = colorsys.rgb_to_hls(*(v / 255 for v in colour_rgba(stroke)[:3]))
            hue_apart = min(abs(h1 - h2), 1 - abs(h1 - h2)) * 360
            neutral_beside_colour = min(s1, s2) < 0.2 and max(s1, s2) > 0.6
            distinct = (
                hue_apart >= 40 or neutral_beside_colour or contrast(hex_of(hint), stroke) >= 1.5
            )
            assert distinct, (theme.id, hex_of(hint), stroke)


def test_every_builtin_theme_keeps_the_contrast_it_promises():
    """WCAG's measures for every pair a player must tell apart (text on the panels at 4.5:1, 7:1
    for AAA; stars, strokes, highlight, hint and warning at 3:1 on both ends of the sky)."""
    themes = load_themes(FakeRegistry([("builtin", p) for p in builtin_files()])).themes
    assert themes["high-contrast"].contrast == "AAA"
    for theme in themes.values():
        pairs = contrast_pairs(theme)
        assert {pair.label for pair in pairs} >= {"'text'", "[stars] colour", "'warning'"}
        for pair in pairs:
            assert pair.ratio >= pair.needed, (theme.id, pair.label, pair.against, pair.ratio)
    high = themes["high-contrast"]
    assert high.marks > 1.4 and not high.decoration  # thicker strokes, bigger stars, a plain sky
    for theme in themes.values():  # the hint is not the colour of the stroke being drawn
        assert theme.hint_colour != theme.highlight


def test_an_aaa_theme_is_told_what_falls_short_of_seven_to_one():
    aaa = dataclasses.replace(NEBULA, contrast="AAA", text="#9090b0")
    ratio = contrast("#9090b0", NEBULA.background_top)
    assert 4.5 < ratio < 7
    assert theme_advice(dataclasses.replace(aaa, contrast="AA")) == []
    (advice,) = theme_advice(aaa)
    assert (
        advice
        == f"'text' has a contrast of {ratio:.1f}:1 with [background] top; aim for 7:1 or more."
    )
