"""The words of the engine protocol (docs/engine-protocol.md), versions 1 and 2: how the host
writes its commands and reads an engine's lines. Pure functions, no I/O and no Qt, shared by the
host and the engine adapter so that both sides agree by construction. The grammar it shares with
the network protocol (numbers, the stroke word `I-J`, the `newgame` line, quoting) is
triangles_qt.wire's, read as strictly.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from triangles_qt import wire
from triangles_qt.core.board import Board
from triangles_qt.core.rules import Rules
from triangles_qt.wire import QUOTED_LINE, WireError, quote

VERSION = 2
VERSIONS = (1, 2)  # what a host speaks: version 2 adds `moves` (only the strokes since the last)
MAX_LINE_BYTES = wire.MAX_LINE_BYTES
"""A longer line is a protocol error: the host stops reading and ends the engine."""


class ProtocolError(ValueError):
    """A line that is not what the protocol allows here; the message says why, in English."""


@contextmanager
def _grammar() -> Iterator[None]:
    """The wire's errors as this protocol's."""
    try:
        yield
    except WireError as exc:
        raise ProtocolError(str(exc)) from None


@dataclass
class EngineInfo:
    """What an engine said about itself in the handshake."""

    name: str = ""
    author: str = ""
    version: int = VERSION
    options: list[str] = field(default_factory=list)  # each "option ..." line, as sent


# -- host to engine ------------------------------------------------------------------------------


def hello() -> str:
    return f"triangles {VERSION}"


def new_game(board: Board, rules: Rules) -> str:
    return wire.newgame_line(board, rules)


def position(strokes: Sequence[tuple[int, int]]) -> str:
    return " ".join(["position", *wire.stroke_words(strokes)])


def moves(known: int, strokes: Sequence[tuple[int, int]]) -> str:
    """Version 2: after the `known` strokes the engine has of this game, these follow."""
    return " ".join(["moves", str(known), *wire.stroke_words(strokes)])


def game_over(scores: Sequence[int]) -> str:
    """Version 2: the game of the last `newgame` ended with these scores (Player 1's first)."""
    return f"gameover {scores[0]} {scores[1]}"


def go(budget_s: float, nodes: int | None = None) -> str:
    """`go MS`, or `go MS nodes N` when the move's work is limited (an engine may ignore it)."""
    line = f"go {max(0, round(budget_s * 1000))}"
    return line if nodes is None else f"{line} nodes {nodes}"


def parse_go(line: str) -> tuple[float, int | None]:
    """The budget in seconds and the work limit (None when not given) of a `go` line."""
    words = line.split()
    try:
        budget_s = int(words[1]) / 1000
        nodes = int(words[words.index("nodes") + 1]) if "nodes" in words[2:] else None
    except (IndexError, ValueError):
        raise ProtocolError(f"expected 'go MS [nodes N]', got {quote(line, QUOTED_LINE)}") from None
    if budget_s < 0 or (nodes is not None and nodes < 1):
        raise ProtocolError(f"expected 'go MS [nodes N]', got {quote(line, QUOTED_LINE)}")
    return budget_s, nodes


# -- engine to host ------------------------------------------------------------------------------


def read_handshake_line(line: str, info: EngineInfo) -> bool:
    """Take one line of the engine's handshake into `info`; True once it said `ok`."""
    word, _, rest = line.partition(" ")
    if word == "id":
        key, _, value = rest.partition(" ")
        if key == "name":
            info.name = value.strip()[:80]
        elif key == "author":
            info.author = value.strip()[:80]
        return False
    if word == "option":
        info.options.append(line)
        return False
    if word == "ok":
        spoken = rest.strip()
        if spoken not in {str(v) for v in VERSIONS}:
            raise ProtocolError(
                f"the engine speaks protocol version {spoken!r}, not one of "
                f"{', '.join(map(str, VERSIONS))}"
            )
        info.version = int(spoken)
        return True
    return False  # "info", "error", a banner: ignored, as everything the protocol does not know


def parse_stroke(line: str) -> tuple[int, int]:
    """The star pair of a `stroke I J` line; ProtocolError for anything else."""
    parts = line.split()
    if len(parts) != 3 or parts[0] != "stroke" or not all(wire.is_number(p) for p in parts[1:]):
        raise ProtocolError(f"expected 'stroke I J', got {quote(line, QUOTED_LINE)}")
    return int(parts[1]), int(parts[2])


# -- engine side: reading the host's commands ----------------------------------------------------


def parse_new_game(line: str) -> tuple[Board, Rules]:
    """The board and rules of a `newgame` line (the engine adapter's side), read as strictly
    as the network protocol reads it (triangles_qt.wire.read_newgame); the line's end may be
    given with it."""
    with _grammar():
        return wire.read_newgame(line)


def parse_position(line: str) -> list[tuple[int, int]]:
    parts = line.split()
    if not parts or parts[0] != "position":
        raise ProtocolError(f"expected 'position I-J...', got {quote(line, QUOTED_LINE)}")
    return _strokes(parts[1:])


def parse_moves(line: str) -> tuple[int, list[tuple[int, int]]]:
    """Version 2's `moves K I-J ...`: how many strokes the engine should have, and the next."""
    parts = line.split()
    if len(parts) < 2 or parts[0] != "moves" or not wire.is_number(parts[1]):
        raise ProtocolError(f"expected 'moves K I-J...', got {quote(line, QUOTED_LINE)}")
    return int(parts[1]), _strokes(parts[2:])


def parse_hello(line: str) -> int:
    """The version a `triangles V` line offers (1 when it names none)."""
    parts = line.split()
    return int(parts[1]) if len(parts) > 1 and wire.is_number(parts[1]) else 1


def _strokes(words: Sequence[str]) -> list[tuple[int, int]]:
    with _grammar():
        return wire.read_stroke_words(words)
