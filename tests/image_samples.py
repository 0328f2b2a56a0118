"""Small images made byte by byte for the tests of theme images: real ones, and hostile ones
whose header declares what no theme may show."""

from __future__ import annotations

import struct
import zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int = 2, height: int = 2, rows: bytes | None = None) -> bytes:
    """An RGB PNG of that size; its pixels are black unless `rows` (already filtered) is given.
    A huge size with no `rows` gives a file whose header alone is huge."""
    if rows is None:
        rows = (b"\x00" + b"\x00" * 3 * width) * height if width * height <= 1 << 16 else b""
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + _chunk(b"IDAT", zlib.compress(rows, 9))
        + _chunk(b"IEND", b"")
    )


def black_png_streamed(width: int, height: int) -> bytes:
    """A complete black PNG of any size, compressed row by row (a few hundred KB for
    64 million pixels), which a decoder believes and fills."""
    compressor = zlib.compressobj(9)
    row = b"\x00" * (1 + 3 * width)
    idat = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + _chunk(b"IDAT", idat)
        + _chunk(b"IEND", b"")
    )


def billion_laughs_svg(levels: int = 10) -> bytes:
    """The XML entity bomb: each entity is ten of the one before."""
    entities = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{k} "{f"&lol{k - 1};" * 10}">' for k in range(1, levels)
    ]
    return (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [\n'
        + "\n".join(entities)
        + f']>\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">'
        f"<text>&lol{levels - 1};</text></svg>"
    ).encode()


def use_bomb_svg(levels: int = 10, size: int = 200) -> bytes:
    """The same without a DOCTYPE: each group draws the one before ten times (``<use>``). Qt
    draws 10**(levels - 1) rectangles: levels 9 took 81 s."""
    parts = ["<defs><g id='g0'><rect width='100%' height='100%' fill='red' opacity='0.5'/></g>"]
    for k in range(1, levels):
        parts.append(f"<g id='g{k}'>" + f"<use href='#g{k - 1}'/>" * 10 + "</g>")
    parts.append("</defs>")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}">'
        + "".join(parts)
        + f"<use href='#g{levels - 1}'/></svg>"
    ).encode()
