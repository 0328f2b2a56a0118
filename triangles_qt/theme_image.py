"""What a theme's background image may be, decided from its bytes before any decoder sees them
(no Qt here). A theme comes from a plugin, so its image is hostile until checked:

- Raster images only: PNG, JPEG, GIF, BMP or WebP, told by their content, not their name. SVG is
  refused: it is a program for a renderer rather than pixels, and Qt's renderer takes unbounded
  time on small files (a 1.7 KB chain of ``<use>`` ran 81 s, one 95 KB path 80 s, an
  ``<image>`` naming a FIFO never returned), which no static check can bound.
- The size the header declares: at most `MAX_IMAGE_SIDE` pixels a side and `MAX_IMAGE_PIXELS` in
  all, so decoding it allocates at most about 160 MB (a PNG of 60000 x 60000 pixels is refused
  from its first 24 bytes).
- A JPEG has at most `MAX_JPEG_SCANS` scans: each scan of a progressive JPEG is a pass over the
  whole picture (a 52 KB JPEG of 2,000 scans took 5.4 s at 4 million pixels; 32 MB of them at
  40 million would take hours).

The app decodes a checked image with the format found here (`CheckedImage.format`), never
letting the decoder guess another one from the content.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

MAX_IMAGE_SIDE = 16_384
MAX_IMAGE_PIXELS = 40_000_000  # an 8K picture (7680 x 4320) fits; 4 bytes a pixel: 160 MB
MAX_JPEG_SCANS = 64  # a progressive JPEG has about 10

RASTER_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif"})
FORMAT_NAMES = "PNG, JPEG, GIF, BMP or WebP"

_PNG = b"\x89PNG\r\n\x1a\n"
# Start-of-frame markers (C4 DHT, C8 JPG and CC DAC are not frames).
_JPEG_FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_JPEG_START_OF_SCAN = 0xDA
_JPEG_END = 0xD9


class ImageRefused(ValueError):
    """The bytes are not an image a theme may show; the message says why in one sentence
    (without a full stop, so that the caller can name the file first)."""


@dataclass(frozen=True)
class CheckedImage:
    """An image that passed `check_image`: its bytes, the format to decode them as (Qt's name:
    "png", "jpeg", "gif", "bmp" or "webp") and the size its header declares."""

    data: bytes
    format: str
    width: int
    height: int


def check_image(data: bytes) -> CheckedImage:
    """The image `data` holds, if a theme may show it; raises `ImageRefused` otherwise."""
    if data.startswith(_PNG):
        image_format, size = "png", _png_size(data)
    elif data.startswith(b"\xff\xd8"):
        image_format, size = "jpeg", _jpeg_size(data)
    elif data[:6] in (b"GIF87a", b"GIF89a"):
        image_format, size = "gif", _gif_size(data)
    elif data.startswith(b"BM"):
        image_format, size = "bmp", _bmp_size(data)
    elif data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        image_format, size = "webp", _webp_size(data)
    elif _looks_like_svg(data):
        raise ImageRefused(
            f"is an SVG drawing, which a theme cannot use (drawing one can take any time); "
            f"use a {FORMAT_NAMES} image"
        )
    else:
        raise ImageRefused(f"is not a {FORMAT_NAMES} image")
    if size is None:
        raise ImageRefused(f"is a damaged {image_format.upper()} image (its size cannot be read)")
    width, height = size
    if width < 1 or height < 1:
        raise ImageRefused(f"declares a size of {width} x {height} pixels")
    if max(width, height) > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS:
        raise ImageRefused(
            f"is {width} x {height} pixels; at most {MAX_IMAGE_SIDE} a side and "
            f"{MAX_IMAGE_PIXELS // 1_000_000} million in all are shown"
        )
    return CheckedImage(data, image_format, width, height)


def _looks_like_svg(data: bytes) -> bool:
    head = data[: 1 << 20].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith((b"<?xml", b"<svg", b"<!--", b"<!doctype")) and b"<svg" in head


def _png_size(data: bytes) -> tuple[int, int] | None:
    # The signature, then the IHDR chunk: length, type, width, height.
    if len(data) < 24 or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """The largest frame's size, after walking every segment to count the scans."""
    size: tuple[int, int] | None = None
    scans, pos, end = 0, 2, len(data)
    while pos < end:
        if data[pos] != 0xFF:  # stray bytes before a marker: skipped, as libjpeg does
            pos = data.find(b"\xff", pos)
            if pos < 0:
                break
        while pos < end and data[pos] == 0xFF:  # fill bytes
            pos += 1
        if pos >= end:
            break
        marker = data[pos]
        pos += 1
        if marker == _JPEG_END:
            break
        if 0xD0 <= marker <= 0xD7 or marker == 0x01:  # no length follows
            continue
        if pos + 2 > end:
            return None
        length = int.from_bytes(data[pos : pos + 2], "big")
        if length < 2:
            return None
        if marker in _JPEG_FRAMES:
            segment = data[pos + 2 : pos + length]
            if len(segment) < 5:
                return None
            height, width = struct.unpack(">HH", segment[1:5])
            if size is None or width * height > size[0] * size[1]:
                size = (width, height)
        pos += length
        if marker == _JPEG_START_OF_SCAN:
            scans += 1
            if scans > MAX_JPEG_SCANS:
                raise ImageRefused(
                    f"is a JPEG image of more than {MAX_JPEG_SCANS} scans (decoding it would "
                    "take too long)"
                )
            pos = _after_entropy_coded_data(data, pos)
    return size


def _after_entropy_coded_data(data: bytes, pos: int) -> int:
    """Where the next marker starts after a scan's data (in which 0xFF is followed by 0x00, a
    restart marker or more 0xFF)."""
    end = len(data)
    while True:
        pos = data.find(b"\xff", pos)
        if pos < 0 or pos + 1 >= end:
            return end
        following = data[pos + 1]
        if following == 0x00 or 0xD0 <= following <= 0xD7:
            pos += 2
        elif following == 0xFF:
            pos += 1
        else:
            return pos


def _gif_size(data: bytes) -> tuple[int, int] | None:
    """The logical screen, grown to hold the first frame (what a decoder of one frame makes)."""
    if len(data) < 13:
        return None
    width, height, flags = struct.unpack("<HHB", data[6:11])
    pos = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    while pos < len(data):
        block = data[pos]
        if block == 0x21:  # an extension: label, then sub-blocks up to an empty one
            pos += 2
            while pos < len(data) and data[pos]:
                pos += 1 + data[pos]
            pos += 1
        elif block == 0x2C:  # the first frame: left, top, width, height
            if pos + 9 > len(data):
                return None
            left, top, frame_width, frame_height = struct.unpack("<HHHH", data[pos + 1 : pos + 9])
            return max(width, left + frame_width), max(height, top + frame_height)
        else:
            break
    return width, height


def _bmp_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 26:
        return None
    (header,) = struct.unpack("<I", data[14:18])
    if header == 12:  # OS/2 1.x: 16-bit sizes
        width, height = struct.unpack("<HH", data[18:22])
        return width, height
    width, height = struct.unpack("<ii", data[18:26])
    return width, abs(height)  # a negative height is a top-down picture


def _webp_size(data: bytes) -> tuple[int, int] | None:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:  # extended: the canvas, 24 bits each, minus one
        return (
            int.from_bytes(data[24:27], "little") + 1,
            int.from_bytes(data[27:30], "little") + 1,
        )
    if chunk == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:  # lossless: 14 bits each
        (bits,) = struct.unpack("<I", data[21:25])
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and len(data) >= 30 and data[23:26] == b"\x9d\x01\x2a":  # lossy
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None
