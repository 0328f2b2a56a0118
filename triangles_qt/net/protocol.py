"""The words of the network protocol (docs/network-protocol.md), version 2: how each line is
written and read, the limits, the token bucket and the rejoin state. Pure functions and small
records, no I/O and no Qt, shared by both sides so that they agree by construction.

Reading is strict: every parser raises `ProtocolError(code, text)` for anything the protocol does
not allow; `code` is the word the `error` line carries, `text` says why in English. Numbers are
ASCII digits only (Python's `int` would also take "+5", " 5" or "٣"), and nothing a peer sends is
ever evaluated: lines are split on spaces and numbers converted, nothing more. The grammar it
shares with the engine protocol (numbers, the stroke word `I-J`, the `newgame` line, quoting and
cleaning text) is triangles_qt.wire's; its errors are `malformed` here.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from triangles_qt import wire
from triangles_qt.core.board import PRESETS, Board
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.core.rules import Rules
from triangles_qt.defaults import MAX_PLAYER_NAME_LENGTH, MAX_RECORDED_NAME_LENGTH
from triangles_qt.wire import MAX_STROKES as MAX_STROKES
from triangles_qt.wire import WireError, quote
from triangles_qt.wire import clean_text as clean_text

VERSION = 2
MAGIC = "triangles-net"
SERVICE_TYPE = "_triangles._tcp.local."
# Below every system's range of ports handed out for outgoing connections (Linux 32768-60999,
# Windows 49152-65535): a joiner retrying its own port there once connected to itself.
DEFAULT_PORT = 28_024

MAX_SETUP_LINE_BYTES = wire.MAX_LINE_BYTES
"""A line before the game is set up (the board, a rejoin's strokes) is at most this long."""
MAX_GAME_LINE_BYTES = 1_024
"""A line once the game is under way (a stroke, a chat line) is at most this long."""
MAX_CHAT_CHARACTERS = 200
MAX_NAME_CHARACTERS = MAX_PLAYER_NAME_LENGTH
MAX_STRATEGY_CHARACTERS = MAX_RECORDED_NAME_LENGTH


@dataclass(frozen=True)
class Limits:
    """The clocks and the rate of a connection (seconds and lines per second); tests shorten
    them. Every limit closes the connection with an `error` line naming it."""

    handshake_s: float = 10.0  # from the connection to the game being set up
    first_line_s: float = 3.0  # from the connection to its first line (the version), on the host
    partial_line_s: float = 10.0  # a line must be complete this long after its first byte
    ping_interval_s: float = 5.0  # a side that has sent nothing for this long sends `ping`
    silence_s: float = 20.0  # nothing at all from the peer for this long: it is gone
    rate_per_s: float = 20.0  # lines per second, sustained
    burst: int = 50  # lines at once
    grace_s: float = 60.0  # how long the host keeps a dropped joiner's seat open
    retry_s: float = 1.0  # how often a dropped joiner tries to come back during the grace
    busy_retry_s: float = 60.0  # how long a joiner told `busy` keeps trying (backing off)


@dataclass(frozen=True)
class Closing:
    """Why a connection ended. `code` is the protocol's error code when a side refused something
    (`by_peer`: the peer refused what this side sent, and `text` is its reason), or None when it
    was simply closed or lost; `text` is one English sentence for a log or the status bar."""

    by_peer: bool
    code: str | None
    text: str

    @property
    def dropped(self) -> bool:
        """Lost, not refused: the peer may come back (a network failure, a killed program, a
        silent peer)."""
        return self.code is None or self.code == TIMEOUT


class ProtocolError(ValueError):
    """A line the protocol does not allow here. `code` is the `error` line's word."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


# The `error` codes (docs/network-protocol.md, "Errors").
MALFORMED = "malformed"
UNKNOWN = "unknown"
VERSION_MISMATCH = "version"
TOO_LONG = "too-long"
NOT_TEXT = "not-text"
RATE = "rate"
TIMEOUT = "timeout"
TURN = "turn"
INDEX = "index"
ILLEGAL = "illegal"
STATE = "state"
TOKEN = "token"
BUSY = "busy"
DECLINED = "declined"
CODES = (
    MALFORMED,
    UNKNOWN,
    VERSION_MISMATCH,
    TOO_LONG,
    NOT_TEXT,
    RATE,
    TIMEOUT,
    TURN,
    INDEX,
    ILLEGAL,
    STATE,
    TOKEN,
    BUSY,
    DECLINED,
)


@contextmanager
def _malformed() -> Iterator[None]:
    """The wire's errors as this protocol's: `malformed`."""
    try:
        yield
    except WireError as exc:
        raise ProtocolError(MALFORMED, str(exc)) from None


# -- framing -----------------------------------------------------------------------------------


def decode_line(raw: bytes) -> str:
    """A received line (without its `\\n`) as text; a `\\r` before the end is dropped.
    ProtocolError for bytes that are not UTF-8 or control characters inside the line."""
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(NOT_TEXT, "the line is not UTF-8 text") from None
    if any(unicodedata.category(c) == "Cc" for c in text):
        raise ProtocolError(NOT_TEXT, "the line holds control characters")
    return text


def encode_line(line: str) -> bytes:
    """A line to send: no line breaks inside (a peer's text cannot start a line of its own)."""
    if "\n" in line or "\r" in line:
        raise ValueError(f"a protocol line holds a line break: {quote(line)}")
    return line.encode("utf-8") + b"\n"


class TokenBucket:
    """At most `rate` lines per second on average, `burst` at once. `clock` is injectable for
    tests; the default is monotonic."""

    def __init__(self, rate: float, burst: int, clock: Any = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def take(self) -> bool:
        """Whether one more line may pass now (and count it)."""
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True

    def give_back(self) -> None:
        """The line taken was one that moves the game on (a stroke played, an acknowledgement
        of one): those are paced by the turns themselves, so they do not use up the rate."""
        self._tokens = min(float(self.burst), self._tokens + 1.0)


# -- texts a person typed ----------------------------------------------------------------------


def checked_name(text: str) -> str:
    name = clean_text(text, MAX_NAME_CHARACTERS + 1)
    if not name:
        raise ProtocolError(MALFORMED, "a name is empty")
    if len(name) > MAX_NAME_CHARACTERS or name != text:
        raise ProtocolError(
            MALFORMED,
            f"a name is one line of at most {MAX_NAME_CHARACTERS} characters, not {quote(text)}",
        )
    return name


# -- numbers and strokes -----------------------------------------------------------------------


def number(word: str, what: str, high: int = wire.MAX_NUMBER) -> int:
    with _malformed():
        return wire.number(word, what, high)


# -- messages ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Message:
    """One received line, split: its word and the rest (the parsers below read `args`)."""

    word: str
    args: tuple[str, ...]
    rest: str  # everything after the word, as sent (names and chat keep their spaces)


WORDS = frozenset(
    {
        MAGIC,
        "id",
        "join",
        "rejoin",
        "challenge",
        "proof",
        "wait",
        "board",
        "newgame",
        "seat",
        "start",
        "stroke",
        "ack",
        "resign",
        "undo",
        "rematch",
        "chat",
        "ping",
        "pong",
        "bye",
        "error",
    }
)


def parse(line: str) -> Message:
    """Split a line into its word and arguments. ProtocolError for an empty or unknown word;
    words are separated by single spaces."""
    word, _, rest = line.partition(" ")
    if not word:
        raise ProtocolError(MALFORMED, "an empty line, or one starting with a space")
    if word not in WORDS:
        raise ProtocolError(UNKNOWN, f"unknown message {quote(word)}")
    return Message(word, tuple(rest.split(" ")) if rest else (), rest)


def expect_args(message: Message, count: int, usage: str) -> tuple[str, ...]:
    if len(message.args) != count or any(not a for a in message.args):
        raise ProtocolError(MALFORMED, f"expected '{usage}', got {quote(message.word)} ...")
    return message.args


def version_line() -> str:
    return f"{MAGIC} {VERSION}"


def check_version(message: Message) -> None:
    """The peer's first line: ProtocolError unless it speaks this version."""
    if message.word != MAGIC:
        raise ProtocolError(
            MALFORMED, f"the first line must be '{MAGIC} {VERSION}', not {quote(message.word)}"
        )
    if message.rest != str(VERSION):
        raise ProtocolError(
            VERSION_MISMATCH,
            f"the peer speaks {MAGIC} {quote(message.rest)}; this side speaks version {VERSION} "
            "only (both players need a program of the same protocol version)",
        )


@dataclass(frozen=True)
class PeerInfo:
    """What a side tells about itself in the handshake (its `id` lines)."""

    name: str = ""
    app: str = ""
    kind: PlayerKind = PlayerKind.HUMAN
    strategy: str | None = None

    def player(self) -> PlayerInfo:
        """The player as a game record stores it."""
        return PlayerInfo(self.name, self.kind, self.strategy)

    @classmethod
    def of(cls, player: PlayerInfo, app: str) -> PeerInfo:
        return cls(player.name, app, player.kind, player.strategy)


def id_lines(info: PeerInfo) -> list[str]:
    player = "human" if info.kind == PlayerKind.HUMAN else f"computer {info.strategy}"
    return [f"id name {info.name}", f"id app {info.app}", f"id player {player}"]


def read_id(message: Message, info: PeerInfo) -> PeerInfo:
    """`info` with one `id` line taken in."""
    key, _, value = message.rest.partition(" ")
    if key == "name":
        return PeerInfo(checked_name(value), info.app, info.kind, info.strategy)
    if key == "app":
        if not value or len(value) > 40 or " " in value:
            raise ProtocolError(MALFORMED, f"an app version is one word, not {quote(value)}")
        return PeerInfo(info.name, value, info.kind, info.strategy)
    if key == "player":
        kind, _, strategy = value.partition(" ")
        if kind == "human" and not strategy:
            return PeerInfo(info.name, info.app, PlayerKind.HUMAN, None)
        if kind == "computer" and strategy:
            if len(strategy) > MAX_STRATEGY_CHARACTERS or clean_text(strategy, 10**4) != strategy:
                raise ProtocolError(MALFORMED, f"a strategy id is one line, not {quote(value)}")
            return PeerInfo(info.name, info.app, PlayerKind.COMPUTER, strategy)
        raise ProtocolError(
            MALFORMED,
            f"expected 'id player human' or 'id player computer ID', not {quote(value)}",
        )
    raise ProtocolError(MALFORMED, f"unknown 'id' line {quote(key)}")


@dataclass(frozen=True)
class Setup:
    """A game as the host sets it up: the board (with its preset and seed, which the record
    keeps), the rules, and the seat the joiner plays (0: Player 1, who starts)."""

    board: Board
    rules: Rules
    joiner_seat: int


def setup_lines(setup: Setup, token: str) -> list[str]:
    """The set-up's lines; `token` "" sends `seat S -` (a rejoin, a rematch)."""
    board = setup.board
    preset = board.preset if board.preset is not None else "-"
    seed = "-" if board.seed is None else str(board.seed)
    return [
        f"board {preset} {seed}",
        wire.newgame_line(board, setup.rules),
        f"seat {setup.joiner_seat} {token or '-'}",
    ]


def parse_board_line(message: Message) -> tuple[str | None, int | None]:
    preset, seed = expect_args(message, 2, "board PRESET SEED")
    if preset != "-" and preset not in PRESETS:
        raise ProtocolError(MALFORMED, f"unknown board preset {quote(preset)}")
    return (None if preset == "-" else preset), (
        None if seed == "-" else number(seed, "a seed", 2**63)
    )


def parse_newgame(message: Message, preset: str | None, seed: int | None) -> tuple[Board, Rules]:
    """The board and rules of a `newgame` line (as in docs/engine-protocol.md), checked like a
    record's board."""
    with _malformed():
        return wire.read_newgame_args(message.args, preset, seed)


def parse_seat_line(message: Message) -> tuple[int, str]:
    """`seat S TOKEN` (after a `join`) or `seat S -` (after a rejoin, and in a rematch: the
    token travels once): the seat and the token, "" for `-`."""
    seat, token = expect_args(message, 2, "seat S TOKEN|-")
    if seat not in ("0", "1"):
        raise ProtocolError(MALFORMED, f"a seat is 0 or 1, not {quote(seat)}")
    if token == "-":
        return int(seat), ""
    check_token_word(token)
    return int(seat), token


def start_line(first: int, strokes: Sequence[tuple[int, int]]) -> str:
    return " ".join(["start", str(first), *wire.stroke_words(strokes)])


def parse_start_line(message: Message) -> tuple[int, list[tuple[int, int]]]:
    if not message.args:
        raise ProtocolError(MALFORMED, "expected 'start K I-J ...'")
    first = number(message.args[0], "the first stroke's index", MAX_STROKES)
    with _malformed():
        strokes = wire.read_stroke_words(message.args[1:])
    if len(strokes) > MAX_STROKES:
        raise ProtocolError(MALFORMED, "more strokes than any board has")
    return first, strokes


def stroke_line(index: int, stroke: tuple[int, int]) -> str:
    return f"stroke {index} {stroke[0]} {stroke[1]}"


def parse_stroke_line(message: Message) -> tuple[int, tuple[int, int]]:
    index, i, j = expect_args(message, 3, "stroke K I J")
    return (
        number(index, "a stroke's index", MAX_STROKES),
        (number(i, "a star", wire.MAX_STAR), number(j, "a star", wire.MAX_STAR)),
    )


def parse_index_line(message: Message, usage: str) -> int:
    (index,) = expect_args(message, 1, usage)
    return number(index, "a stroke count", MAX_STROKES)


def parse_offer(message: Message, usage: str, answers: Sequence[str]) -> tuple[str, int, int]:
    """`undo offer|accept|decline N K`: the answer word, N (strokes when offered) and K
    (strokes kept)."""
    answer, strokes, kept = expect_args(message, 3, usage)
    if answer not in answers:
        raise ProtocolError(MALFORMED, f"expected '{usage}', not {quote(answer)}")
    n = number(strokes, "a stroke count", MAX_STROKES)
    k = number(kept, "a stroke count", MAX_STROKES)
    if k >= n:
        raise ProtocolError(MALFORMED, f"an undo keeps fewer strokes than there are ({k} >= {n})")
    return answer, n, k


def error_line(code: str, text: str) -> str:
    return f"error {code} {clean_text(text, 300)}"


def parse_error_line(message: Message) -> tuple[str, str]:
    code, _, text = message.rest.partition(" ")
    return clean_text(code, 20), clean_text(text, 300)


# -- tokens --------------------------------------------------------------------------------------

TOKEN_CHARACTERS = 32


def new_token() -> str:
    """A rejoin token: 128 random bits as hex (a seat cannot be taken over by guessing)."""
    return secrets.token_hex(TOKEN_CHARACTERS // 2)


def check_token_word(token: str) -> None:
    if len(token) != TOKEN_CHARACTERS or not all(c in "0123456789abcdef" for c in token):
        raise ProtocolError(MALFORMED, "a token is 32 lower-case hex digits")


def same_token(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


# -- proving the token (a rejoin) ----------------------------------------------------------------

NONCE_CHARACTERS = 32
PROOF_CHARACTERS = 64


def new_nonce() -> str:
    """A challenge: 128 fresh random bits as hex, used for one proof only."""
    return secrets.token_hex(NONCE_CHARACTERS // 2)


def rejoin_proof(token: str, nonce: str, host_name: str, joiner_name: str, count: int) -> str:
    """The joiner's answer to `challenge NONCE`: HMAC-SHA256 keyed with the token over the
    nonce, both players' names (as their `id name` lines said on this connection) and the
    rejoin's stroke count, each on a line of its own, as 64 lower-case hex digits. Only a side
    that has the token can write it, and it tells nothing of the token."""
    message = "\n".join(["triangles-net rejoin", nonce, host_name, joiner_name, str(count)])
    return hmac.new(token.encode(), message.encode("utf-8"), hashlib.sha256).hexdigest()


def _hex_word(word: str, length: int, what: str) -> str:
    if len(word) != length or not all(c in "0123456789abcdef" for c in word):
        raise ProtocolError(MALFORMED, f"{what} is {length} lower-case hex digits")
    return word


def parse_challenge_line(message: Message) -> str:
    (nonce,) = expect_args(message, 1, "challenge NONCE")
    return _hex_word(nonce, NONCE_CHARACTERS, "a challenge")


def parse_proof_line(message: Message) -> str:
    (proof,) = expect_args(message, 1, "proof HMAC")
    return _hex_word(proof, PROOF_CHARACTERS, "a proof")
