"""A theme's background image cannot hang or exhaust the window (issue 51, item 4): it is told
from its bytes (PNG, JPEG, GIF, BMP or WebP; never SVG), its declared size is bounded before any
decoder sees it, and a theme whose image is refused is offered with its colours and reported."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from image_samples import billion_laughs_svg, black_png_streamed, png, use_bomb_svg

from triangles_qt.theme_image import (
    MAX_IMAGE_PIXELS,
    MAX_JPEG_SCANS,
    ImageRefused,
    check_image,
)
from triangles_qt.themes import (
    SkipReason,
    ThemeError,
    ThemeImageError,
    load_themes,
    parse_theme,
)

REPO = Path(__file__).resolve().parent.parent

THEME_TOML = """\
id = "sky"
name = "Sky"
highlight = "#ffee00"
warning = "#ff00aa"
text = "#ffffff"

[background]
top = "#001122"
bottom = "#003355"
image = "{image}"

[stars]
colour = "#ffffff"
glow = "#ffffff80"

[players]
strokes = ["#ff5a36", "#3d8bff"]
fills = ["#ff5a3659", "#3d8bff59"]
"""


def theme_with_image(folder: Path, name: str, data: bytes) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(data)
    path = folder / "sky.toml"
    path.write_text(THEME_TOML.replace("{image}", name), encoding="utf-8")
    return path


def jpeg(width: int, height: int, scans: int) -> bytes:
    """A JPEG's skeleton: a frame of that size and `scans` scans (empty ones)."""
    frame = struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00"
    scan = b"\x01\x01\x00\x00\x3f\x00"
    return (
        b"\xff\xd8"
        + b"\xff\xc2"
        + struct.pack(">H", len(frame) + 2)
        + frame
        + (b"\xff\xda" + struct.pack(">H", len(scan) + 2) + scan + b"\x12\xff\x00\x34") * scans
        + b"\xff\xd9"
    )


GIF_1X1 = (
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
    b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)


def bmp(width: int, height: int) -> bytes:
    return b"BM" + b"\x00" * 12 + struct.pack("<Iii", 40, width, height) + b"\x00" * 28


# --- the bytes alone ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (png(3, 2), ("png", 3, 2)),
        (jpeg(640, 480, 10), ("jpeg", 640, 480)),
        (GIF_1X1, ("gif", 1, 1)),
        (bmp(5, -7), ("bmp", 5, 7)),  # a negative height: drawn top-down
    ],
)
def test_a_raster_image_is_told_by_its_content_with_its_size(data, expected):
    image = check_image(data)
    assert (image.format, image.width, image.height) == expected
    assert image.data is data


def test_a_png_declaring_60000_by_60000_pixels_is_refused_from_its_header():
    with pytest.raises(ImageRefused, match="60000 x 60000 pixels"):
        check_image(png(60000, 60000))
    with pytest.raises(ImageRefused, match="at most 16384 a side"):
        check_image(png(20000, 10))
    side = int(MAX_IMAGE_PIXELS**0.5) + 1
    with pytest.raises(ImageRefused, match="million in all"):
        check_image(png(side, side))


def test_a_gif_whose_first_frame_outgrows_its_screen_is_measured_by_the_frame():
    grown = bytearray(GIF_1X1)
    frame = grown.index(b",")
    grown[frame + 5 : frame + 9] = struct.pack("<HH", 30000, 30000)
    with pytest.raises(ImageRefused, match="30000 x 30000"):
        check_image(bytes(grown))


@pytest.mark.parametrize(
    "data",
    [
        billion_laughs_svg(),
        use_bomb_svg(),
        b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
        b"\xef\xbb\xbf  <!-- a comment -->\n<svg/>",
    ],
)
def test_svg_is_refused_from_its_content(data):
    with pytest.raises(ImageRefused, match="is an SVG drawing"):
        check_image(data)


def test_a_jpeg_of_thousands_of_scans_is_refused():
    assert check_image(jpeg(64, 64, MAX_JPEG_SCANS)).format == "jpeg"
    with pytest.raises(ImageRefused, match=f"more than {MAX_JPEG_SCANS} scans"):
        check_image(jpeg(64, 64, 5000))


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"", "is not a PNG, JPEG, GIF, BMP or WebP image"),
        (b"hello, not an image at all", "is not a PNG"),
        (b"\x1f\x8b\x08\x00compressed", "is not a PNG"),
        (png(4, 4)[:20], "damaged PNG"),
        (b"\xff\xd8\xff\xd9", "damaged JPEG"),  # no frame
        (b"\xff\xd8garbage", "damaged JPEG"),
        (bmp(0, 10), "0 x 10 pixels"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8Q", "damaged WEBP"),
    ],
)
def test_what_is_not_a_readable_image_is_refused(data, why):
    with pytest.raises(ImageRefused, match=why):
        check_image(data)


# --- in a theme --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data", "why"),
    [
        ("sky.svg", billion_laughs_svg(), "is an SVG drawing"),
        ("sky.png", use_bomb_svg(), "is an SVG drawing"),  # whatever its name says
        ("sky.png", png(60000, 60000), "60000 x 60000 pixels"),
        ("sky.jpg", b"not a picture", "is not a PNG"),
    ],
)
def test_a_theme_with_a_hostile_image_is_kept_with_its_colours_and_reported(
    tmp_path, name, data, why
):
    path = theme_with_image(tmp_path / "theme", name, data)
    with pytest.raises(ThemeImageError, match=why) as raised:
        parse_theme(path, "plugin 'acme'")
    assert isinstance(raised.value, ThemeError)  # a theme's author sees it as any other error
    assert raised.value.theme.background_image is None
    assert raised.value.theme.background_top == "#001122"

    class Registry:
        def themes(self):
            return [("acme", str(path))]

    themes = load_themes(Registry())
    assert themes.theme("sky").background_image is None
    assert themes.theme("sky").name == "Sky" and themes.theme_plugin["sky"] == "acme"
    (error,) = themes.errors
    assert error.plugin == "acme" and error.reason == SkipReason.IMAGE
    assert f"[background] image '{name}'" in error.message and why in error.message
    assert error.message.endswith("The theme is shown without it, with its colours.")


def test_a_theme_with_a_bad_image_and_bad_colours_is_skipped_for_the_colours(tmp_path):
    path = theme_with_image(tmp_path / "theme", "sky.svg", billion_laughs_svg())
    path.write_text(path.read_text().replace('text = "#ffffff"', 'text = "white"'))
    with pytest.raises(ThemeError, match="'text' must be a colour") as raised:
        parse_theme(path)
    assert not isinstance(raised.value, ThemeImageError)


def test_a_usable_image_is_kept(tmp_path):
    path = theme_with_image(tmp_path / "theme", "sky.png", png(8, 8))
    theme = parse_theme(path)
    assert theme.background_image == str((tmp_path / "theme" / "sky.png").resolve())


# --- in the window, in a process of its own (a hang or a crash must not take the tests) -------

WINDOW_SCRIPT = textwrap.dedent(
    """
    import json, resource, sys, time
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from triangles_qt.app.board_view import BoardView
    from triangles_qt.themes import load_themes

    app = QApplication([])
    folder = Path(sys.argv[1])

    class Registry:
        def themes(self):
            return [("acme", str(folder / "sky.toml"))]

    themes = load_themes(Registry())
    theme = themes.theme("sky")
    if len(sys.argv) > 2:  # the image changed after the theme was loaded
        (folder / sys.argv[2]).write_bytes(Path(sys.argv[3]).read_bytes())
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.monotonic()
    view = BoardView(theme)
    view.resize(400, 300)
    view.show()
    app.processEvents()
    view.grab()
    print(json.dumps({
        "theme": theme.id,
        "reasons": [str(error.reason) for error in themes.errors],
        "image": view._background_image is not None,
        "seconds": time.monotonic() - start,
        "grown_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024,
    }))
    """
)


def show_in_a_window(folder: Path, *changed: str) -> dict:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-c", WINDOW_SCRIPT, str(folder), *changed]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=60, cwd=REPO, env=env
        )
    except subprocess.TimeoutExpired:
        done = None
    assert done is not None, "the window hung on the theme's image (60 s)"
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_an_svg_bomb_named_png_does_not_hang_the_window(tmp_path):
    """Qt told an SVG by its content and drew 10**9 rectangles (levels 9 took 81 s)."""
    theme_with_image(tmp_path, "sky.png", use_bomb_svg())
    shown = show_in_a_window(tmp_path)
    assert shown == {**shown, "theme": "sky", "reasons": ["image"], "image": False}
    assert shown["seconds"] < 10


def test_an_image_of_42_million_pixels_is_not_decoded(tmp_path):
    """A 120 KB PNG of 7000 x 6000 black pixels made the window allocate 160 MB for it."""
    theme_with_image(tmp_path, "sky.png", black_png_streamed(7000, 6000))
    shown = show_in_a_window(tmp_path)
    assert shown == {**shown, "theme": "sky", "reasons": ["image"], "image": False}
    assert shown["grown_mb"] < 64


def test_an_image_that_changed_after_the_theme_was_loaded_is_checked_again(tmp_path):
    theme_with_image(tmp_path, "sky.png", png(16, 9))
    bomb = tmp_path.parent / "bomb.svg"
    bomb.write_bytes(use_bomb_svg())
    shown = show_in_a_window(tmp_path, "sky.png", str(bomb))
    assert shown == {**shown, "theme": "sky", "reasons": [], "image": False}
    assert shown["seconds"] < 10


def test_a_usable_image_is_shown(tmp_path):
    theme_with_image(tmp_path, "sky.png", png(16, 9))
    shown = show_in_a_window(tmp_path)
    assert shown == {**shown, "theme": "sky", "reasons": [], "image": True}
