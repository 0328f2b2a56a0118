"""The grammar the engine protocol (docs/engine-protocol.md) and the network protocol
(docs/network-protocol.md) share, written once: numbers, the stroke word `I-J`, the `newgame`
line, free text quoted and cut for a message or cleaned onto one line, and the limits of all
of these. Pure functions, no I/O, no Qt, no translated text.

Reading is strict, the same on both sides: a number is ASCII digits only (Python's `int` would
also take "+5", " 5" or "٣"), a `newgame` line's words are separated by single spaces (the
engine protocol's `position` and `moves` lines are still split on any run of blanks, as they
always were), and every reader raises `WireError` (a ValueError; its message says why, in
English) for anything the grammar does not allow. Each protocol turns a WireError into its own
`ProtocolError`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from triangles_qt.core.board import Board, BoardError
from triangles_qt.core.rules import Rules

# -- limits ------------------------------------------------------------------------------------

MAX_LINE_BYTES = 65_536
"""The longest line of either protocol (a `newgame`, a whole `position`, a rejoin's strokes)."""
MAX_DIGITS = 10
"""A number is at most this many digits (whatever its bound, "0000000000005" is refused)."""
MAX_NUMBER = 2**31
"""The default bound of a number."""
MAX_STAR = 1_000
"""The highest star number a stroke may name (a board has at most 250 stars)."""
MAX_BOARD_NUMBER = 100_000
"""The bound of each number of a `newgame` line as a word; the board itself then allows a size
of 1 to 10,000, a tolerance of 0 to 1,000 and coordinates within the size."""
MAX_STROKES = 1_000
"""More strokes than any board allows (a triangulation of 250 stars has fewer than 750 edges)."""
QUOTED_WORD = 40
"""A word of the peer's quoted in a message takes at most this many characters."""
QUOTED_LINE = 60
"""A whole line of the peer's quoted in a message takes at most this many characters."""


class WireError(ValueError):
    """A word or line the grammar does not allow; the message says why, in English."""


# -- free text ---------------------------------------------------------------------------------


def cut(text: str, limit: int) -> str:
    """`text`, or its first `limit` - 3 characters and "..." when it is longer than `limit`."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quote(value: object, limit: int = QUOTED_WORD) -> str:
    """What the other side sent, for a message: quoted and escaped (`repr`), then cut."""
    return cut(repr(value), limit)


def clean_text(text: str, limit: int) -> str:
    """`text` on one line: control, format and line-separator characters dropped (a line break
    or a tab becomes a space), runs of spaces made one, cut to `limit` characters."""
    kept = []
    for c in text:
        category = unicodedata.category(c)
        if c in "\t\n\r" or category in ("Zl", "Zp"):
            kept.append(" ")  # a line break was a space between words
        elif category not in ("Cc", "Cf"):
            kept.append(c)
    return " ".join("".join(kept).split())[:limit].rstrip(" ")  # a cut may end on a space


# -- numbers -----------------------------------------------------------------------------------


def is_number(word: str) -> bool:
    """Whether `word` is written as a number: ASCII digits, at least one, nothing else."""
    return word.isascii() and word.isdecimal()


def number(word: str, what: str, high: int = MAX_NUMBER) -> int:
    """The number `word` writes, from 0 to `high`; `what` names it in the message."""
    if not is_number(word) or len(word) > MAX_DIGITS or int(word) > high:
        raise WireError(f"{what} is a number from 0 to {high}, not {quote(word)}")
    return int(word)


# -- strokes -----------------------------------------------------------------------------------


def stroke_word(stroke: tuple[int, int]) -> str:
    """A stroke as the word `I-J` (the stars' numbers, in the order given)."""
    return f"{stroke[0]}-{stroke[1]}"


def read_stroke_word(word: str) -> tuple[int, int]:
    """The stars of a stroke word `I-J`, each a number from 0 to MAX_STAR."""
    i, sep, j = word.partition("-")
    if not sep:
        raise WireError(f"a stroke is written I-J, not {quote(word)}")
    return number(i, "a star", MAX_STAR), number(j, "a star", MAX_STAR)


def stroke_words(strokes: Iterable[tuple[int, int]]) -> list[str]:
    return [stroke_word(stroke) for stroke in strokes]


def read_stroke_words(words: Iterable[str]) -> list[tuple[int, int]]:
    return [read_stroke_word(word) for word in words]


# -- the newgame line --------------------------------------------------------------------------

NEWGAME_USAGE = "newgame W H TOL REPLAY X,Y ..."


def newgame_line(board: Board, rules: Rules) -> str:
    """`newgame W H TOL REPLAY X,Y ...`: the board's size, tolerance and stars, and whether a
    player who closes a triangle plays again (1) or not (0)."""
    stars = " ".join(f"{x},{y}" for x, y in board.star_list)
    replay = int(rules.replay_after_triangle)
    return f"newgame {board.width} {board.height} {board.tolerance} {replay} {stars}"


def read_newgame(
    line: str, preset: str | None = None, seed: int | None = None
) -> tuple[Board, Rules]:
    """The board and rules of a `newgame` line, checked as a record's board is (`preset` and
    `seed` are what the board keeps of its origin, when the line comes with them). The line's
    end (`\\n`, `\\r\\n`) may be given with it; nothing else around it."""
    line = line.removesuffix("\n").removesuffix("\r")
    word, _, rest = line.partition(" ")
    if word != "newgame":
        raise WireError(f"expected '{NEWGAME_USAGE}', got {quote(line, QUOTED_LINE)}")
    return read_newgame_args(rest.split(" ") if rest else (), preset, seed)


def read_newgame_args(
    args: Sequence[str], preset: str | None = None, seed: int | None = None
) -> tuple[Board, Rules]:
    """`read_newgame` for the words after `newgame` (the line split on single spaces)."""
    if len(args) < 4:
        raise WireError(f"expected '{NEWGAME_USAGE}'")
    width = number(args[0], "the width", MAX_BOARD_NUMBER)
    height = number(args[1], "the height", MAX_BOARD_NUMBER)
    tolerance = number(args[2], "the tolerance", MAX_BOARD_NUMBER)
    if args[3] not in ("0", "1"):
        raise WireError(f"REPLAY is 0 or 1, not {quote(args[3])}")
    stars = []
    for word in args[4:]:
        x, sep, y = word.partition(",")
        if not sep:
            raise WireError(f"a star is written X,Y, not {quote(word)}")
        stars.append((_coordinate(x), _coordinate(y)))
    try:
        board = Board(stars, width, height, tolerance, preset=preset, seed=seed)
    except BoardError as exc:
        raise WireError(f"the board is not valid: {exc}") from None
    return board, Rules(replay_after_triangle=args[3] == "1")


def _coordinate(word: str) -> int:
    return number(word, "a coordinate", MAX_BOARD_NUMBER)
