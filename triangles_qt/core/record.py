"""The `.triangles` game record (docs/rules.md section 8): writing a game out and loading one back.

This module owns the record format and nothing else: `game_to_record` turns a `Game` and its two
players into the JSON-ready dict, `write_record` stores it atomically, and `parse_record` /
`read_record` validate a record completely and rebuild the `Game` by replaying every move through
the rules engine. No Qt here.

Loading is strict, and every problem raises `RecordError` whose message is one plain sentence
(never a traceback), whatever bytes the file holds:

- The file is UTF-8 JSON (a leading byte-order mark is tolerated), at most `MAX_RECORD_BYTES`
  long. JSON that is not an object, `NaN`/`Infinity`, numbers with more than `MAX_DIGITS` digits,
  nesting too deep for the parser and duplicate keys in one object are all rejected.
- Key order does not matter. **Unknown keys are rejected** at every level (top level, `board`,
  `rules`, each player, each move), and every documented key is required, except a player's
  `strategy`, which a computer player must have and a human player may omit or set to null.
- Types are checked exactly: `true`/`false` is never accepted as a number, and `1.0` is not an
  integer.
- The board is rebuilt from its stored stars with `Board(...)`, which checks ranges, duplicates
  and the star limit. A known `preset` must match its width, height and number of stars; the
  stars themselves are trusted (they are not regenerated from the seed).
- Every move is replayed with `Game.play`: it must be by the player to move, legal, played before
  the game is over, and list exactly the counting triangles it closes (each triple ascending; the
  list in any order). Moves are numbered from 1 in messages ("move 5" is the fifth move).
- `scores`, `finished` and `winner` must equal the replayed game's.
- Version 2 adds `ended`: how a game that is not finished stopped (a player resigned, left, was
  refused or lost the connection for good, with why), or null. A record without it is written
  as version 1, exactly as before, so that an older program reads every record of a game that
  ended by the rules.
- Player names and strategy ids are non-empty strings of at most `MAX_RECORDED_NAME_LENGTH`
  characters without control characters (a name is printed on one line); a seed is null or an
  integer with |seed| <= 2^64 - 1.

Messages start in lower case and have no final full stop, so that a caller can put them after a
file name ("INVALID game.triangles: move 5 (stroke 3-17) crosses a stroke"). Players are named
by their index in the file (0 or 1), as the file does. `game_to_record` applies the same checks
to what it writes, so a record it produces always loads back.

The engine stores each stroke as (low, high) star indices, so that is how strokes are written;
strokes are accepted in either order when loading.
"""

from __future__ import annotations

import errno
import json
import os
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeGuard

from ..defaults import MAX_RECORDED_NAME_LENGTH
from .atomic_file import write_atomically
from .board import PRESETS, Board, BoardError
from .game import Game, GameOver, IllegalStroke, Rejection
from .players import PlayerInfo, PlayerKind
from .rules import Rules
from .safe_read import NotAFile, TooLarge, read_regular_file

FORMAT = "triangles-game"
VERSION = 2
"""The newest version read. A record is written as version 1 unless it says how an unfinished
game ended (`ended`, version 2)."""
PLAIN_VERSION = 1
SUFFIX = ".triangles"

MAX_RECORD_BYTES = 10 * 1024 * 1024
_TOO_LARGE = (
    f"the file is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB, too large for a game record"
)
"""Largest record accepted (a real record of the biggest board is well under 100 KB)."""

MAX_DIGITS = 40
"""Longest integer literal accepted; longer ones are rejected before Python converts them."""

MAX_SEED = 2**64 - 1
"""Seeds are stored when |seed| <= MAX_SEED. Negative seeds are allowed because `Board.generate`
accepts them (Python's Random seeds from the absolute value, so -7 and 7 give the same stars)."""
PLAYER_KINDS = tuple(kind.value for kind in PlayerKind)

_INTERNAL = "the file cannot be loaded"
"""How the safety net's messages begin: seeing it means a check is missing here (tests look)."""

_TOP_KEYS = (
    "format",
    "version",
    "board",
    "rules",
    "players",
    "moves",
    "scores",
    "finished",
    "winner",
)
_BOARD_KEYS = ("preset", "seed", "width", "height", "tolerance", "stars")
_RULES_KEYS = ("replay_after_triangle",)
_MOVE_KEYS = ("player", "stroke", "triangles")
_ENDED_KEYS = ("how", "player", "why")
_PLAYER_KEYS = ("name", "kind", "strategy")


class RecordError(ValueError):
    """A game record that cannot be loaded (or written); the message is one clear sentence.
    `kind` sorts it for players: "unreadable" (the file system refused), "folder", "special" (a
    pipe, device or socket), "loop" (symbolic links that lead back to themselves), "newer"
    (written by a later version) or "invalid" (anything else: not a record, or a damaged one)."""

    def __init__(self, message: str, kind: str = "invalid") -> None:
        super().__init__(message)
        self.kind = kind


class EndKind(StrEnum):
    """How a game stopped before the rules ended it."""

    RESIGNED = "resigned"  # `player` gave up
    LEFT = "left"  # `player` left the game (a network game's `bye`, or the program closed)
    REFUSED = "refused"  # a line or stroke of `player` was refused: the match ended there
    DISCONNECTED = "disconnected"  # the connection was lost and not made again in time


@dataclass(frozen=True)
class Ending:
    """Why an unfinished game is over for good: how, by whom (None: not known or nobody's
    doing) and the reason in one line, as the program that saw it said it."""

    how: EndKind
    player: int | None = None
    why: str = ""


MAX_WHY_LENGTH = 300
"""Longest reason kept in `ended.why`; a longer one is cut when written."""


@dataclass(frozen=True)
class LoadedRecord:
    """A validated record: the replayed game, its two players (Player 1 first) and, for a game
    that stopped before its end, how (`ended`)."""

    game: Game
    players: tuple[PlayerInfo, PlayerInfo]
    ended: Ending | None = None


# -- writing ---------------------------------------------------------------------------------------


def game_to_record(
    game: Game, players: Sequence[PlayerInfo], ended: Ending | None = None
) -> dict[str, Any]:
    """The JSON-ready record of `game` (docs/rules.md section 8); `ended` says how it stopped
    when it is not finished (version 2). Raises RecordError for bad players or an `ended` that
    does not fit the game."""
    checked = _checked_player_infos(players)
    if ended is not None:
        ended = Ending(ended.how, ended.player, _one_line(ended.why, MAX_WHY_LENGTH))
        _check_ending(ended, game)
    board = game.board
    # Refuse to write what could not be loaded back (a seed beyond 64 bits).
    seed = board.seed
    if seed is not None and not isinstance(seed, bool) and hasattr(seed, "__index__"):
        seed = int(seed)  # numpy integers
    _check_preset_and_seed(board.preset, seed)
    return {
        "format": FORMAT,
        "version": PLAIN_VERSION if ended is None else VERSION,
        "board": {
            "preset": board.preset,
            "seed": seed,
            "width": int(board.width),
            "height": int(board.height),
            "tolerance": int(board.tolerance),
            "stars": [[int(x), int(y)] for x, y in board.star_list],
        },
        "rules": {"replay_after_triangle": bool(game.rules.replay_after_triangle)},
        "players": [_player_to_json(p) for p in checked],
        "moves": [
            {
                "player": int(move.player),
                "stroke": [int(move.stroke[0]), int(move.stroke[1])],
                "triangles": sorted([int(v) for v in sorted(t)] for t in move.triangles),
            }
            for move in game.moves
        ],
        "scores": [int(s) for s in game.scores],
        "finished": bool(game.is_over),
        "winner": game.winner,
        **({} if ended is None else {"ended": _ending_to_json(ended)}),
    }


def _ending_to_json(ended: Ending) -> dict[str, Any]:
    return {"how": ended.how.value, "player": ended.player, "why": ended.why}


def _one_line(text: str, limit: int) -> str:
    """`text` as one line a record can hold: control characters become spaces, cut to `limit`."""
    flat = "".join(" " if unicodedata.category(c) in ("Cc", "Cs") else c for c in text)
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def record_to_text(game: Game, players: Sequence[PlayerInfo], ended: Ending | None = None) -> str:
    """The record as JSON text: one key per line and one move per line, so files diff well."""
    record = game_to_record(game, players, ended)

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)

    lines = []
    for key, value in record.items():
        if key == "moves" and value:
            text = "[\n    " + ",\n    ".join(dump(m) for m in value) + "\n  ]"
        else:
            text = dump(value)
        lines.append(f"  {dump(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write_record(
    path: str | os.PathLike[str],
    game: Game,
    players: Sequence[PlayerInfo],
    ended: Ending | None = None,
) -> None:
    """Save the record of `game` to `path` atomically: the old file survives any failure.

    The text goes to a temporary file in the same folder, is flushed and fsynced, then replaces
    `path` with `os.replace`; on any error the temporary file is removed and the error re-raised.
    """
    write_atomically(path, record_to_text(game, players, ended).encode("utf-8"))


def _player_to_json(player: PlayerInfo) -> dict[str, Any]:
    out: dict[str, Any] = {"name": player.name, "kind": player.kind}
    if player.kind == PlayerKind.COMPUTER:
        out["strategy"] = player.strategy
    return out


def _checked_player_infos(players: Sequence[PlayerInfo]) -> tuple[PlayerInfo, PlayerInfo]:
    try:
        items = list(players)
    except TypeError:
        raise RecordError("players must be a list of two PlayerInfo") from None
    if len(items) != 2 or not all(isinstance(p, PlayerInfo) for p in items):
        raise RecordError("players must be a list of two PlayerInfo")
    for index, p in enumerate(items):
        _check_player_fields(index, p.name, p.kind, p.strategy)
    return items[0], items[1]


def _check_player_fields(index: int, name: Any, kind: Any, strategy: Any) -> None:
    where = f"player {index}"
    if not isinstance(name, str):
        raise RecordError(f"{where}'s name must be a string, not {_describe(name)}")
    if not name.strip():
        raise RecordError(f"{where}'s name is empty")
    if len(name) > MAX_RECORDED_NAME_LENGTH:
        raise RecordError(f"{where}'s name is longer than {MAX_RECORDED_NAME_LENGTH} characters")
    if _has_control_character(name):
        raise RecordError(f"{where}'s name contains a control character (such as a line break)")
    if _has_lone_surrogate(name):
        raise RecordError(f"{where}'s name is not valid Unicode text (a lone surrogate)")
    if not isinstance(kind, str) or kind not in PLAYER_KINDS:
        raise RecordError(f'{where}\'s kind must be "human" or "computer", not {_describe(kind)}')
    if kind == PlayerKind.COMPUTER:
        if not isinstance(strategy, str):
            raise RecordError(
                f"{where} is a computer, so its strategy must be a string, "
                f"not {_describe(strategy)}"
            )
        if not strategy.strip():
            raise RecordError(f"{where} is a computer with an empty strategy id")
        if len(strategy) > MAX_RECORDED_NAME_LENGTH:
            raise RecordError(
                f"{where}'s strategy id is longer than {MAX_RECORDED_NAME_LENGTH} characters"
            )
        if _has_control_character(strategy):
            raise RecordError(
                f"{where}'s strategy id contains a control character (such as a line break)"
            )
        if _has_lone_surrogate(strategy):
            raise RecordError(f"{where}'s strategy id is not valid Unicode text (a lone surrogate)")
    elif strategy is not None:
        raise RecordError(f"{where} is human, so it cannot have a strategy")


# -- reading ---------------------------------------------------------------------------------------


def read_record(path: str | os.PathLike[str]) -> LoadedRecord:
    """Load and validate the record at `path`. Raises RecordError (also for unreadable files)."""
    try:
        data = read_regular_file(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordError("the file does not exist", "unreadable") from None
    except (IsADirectoryError, NotAFile) as exc:
        if isinstance(exc, IsADirectoryError) or str(exc).startswith("a folder"):
            raise RecordError("this is a folder, not a file", "folder") from None
        raise RecordError(
            "this is not a regular file (a pipe, device or socket is never read)", "special"
        ) from None
    except TooLarge:
        raise RecordError(_TOO_LARGE) from None
    except PermissionError:
        raise RecordError("permission to read the file was denied", "unreadable") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise RecordError(
                "this is a symbolic link that leads back to itself (a loop of links)", "loop"
            ) from None
        raise RecordError(
            f"the file cannot be read ({exc.strerror or type(exc).__name__})", "unreadable"
        ) from None
    except (ValueError, TypeError) as exc:  # e.g. a path with a NUL character
        raise RecordError(f"this is not a usable file name ({exc})", "unreadable") from None
    return parse_record(data)


def parse_record(data: bytes | str) -> LoadedRecord:
    """Validate a record given as bytes (UTF-8) or text and rebuild its game. Raises RecordError."""
    try:
        return _parse(data)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("the file is nested too deeply to be a game record") from None
    except MemoryError:
        raise RecordError("the file is too large to load") from None
    except Exception as exc:  # a safety net: a bad file must never produce a traceback
        raise RecordError(f"{_INTERNAL} ({type(exc).__name__}: {_short(str(exc))})") from None


def _parse(data: bytes | str) -> LoadedRecord:
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(_TOO_LARGE)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"the file is not valid UTF-8 text (bad byte at position {exc.start})"
            ) from None
    elif isinstance(data, str):
        text = data
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(_TOO_LARGE)
    else:
        raise RecordError(f"a record is bytes or text, not {type(data).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise RecordError("the file is empty")
    try:
        document = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()):
            raise RecordError(
                "the file ends in the middle of its JSON text (it may be cut short)"
            ) from None
        raise RecordError(
            f"the file is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
        ) from None
    return _load(document)


def _reject_constant(name: str) -> Any:
    raise RecordError(f"the file contains {name}, which is not a number a game record can hold")


def _parse_int(literal: str) -> int:
    digits = len(literal.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RecordError(
            f"the file contains a {digits}-digit number, far too large for a game record"
        )
    return int(literal)


class _Fraction:
    """A JSON number with a fraction or exponent: never valid in a record, kept for the message."""

    __slots__ = ("literal",)

    def __init__(self, literal: str) -> None:
        self.literal = literal


def _parse_float(literal: str) -> _Fraction:
    return _Fraction(literal)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the key {_short(repr(key))} appears twice in one object")
        out[key] = value
    return out


def _load(document: Any) -> LoadedRecord:
    if not isinstance(document, dict):
        raise RecordError(f"the file holds {_describe(document)}, not a game record object")
    fmt = document.get("format")
    if fmt != FORMAT:
        if "format" not in document:
            raise RecordError(f'this is not a Triangles game record (no "format": "{FORMAT}")')
        raise RecordError(
            f'this is not a Triangles game record (format is {_describe(fmt)}, not "{FORMAT}")'
        )
    version = document.get("version")
    if not _is_int(version):
        raise RecordError(f"the version must be an integer, not {_describe(version)}")
    if version not in (PLAIN_VERSION, VERSION):
        if version > VERSION:
            raise RecordError(
                f"this record has version {version}, newer than this program reads ({VERSION})",
                "newer",
            )
        raise RecordError(
            f"this record has version {version}, which does not exist "
            f"(only {PLAIN_VERSION} and {VERSION} do)"
        )
    _check_keys(
        document, _TOP_KEYS if version == PLAIN_VERSION else (*_TOP_KEYS, "ended"), "the record"
    )

    board = _load_board(document["board"])
    rules = _load_rules(document["rules"])
    players = _load_players(document["players"])
    game = Game(board, rules)
    _replay_moves(game, document["moves"])

    scores = document["scores"]
    if not isinstance(scores, list) or len(scores) != 2:
        raise RecordError(f"scores must be a list of two integers, not {_describe(scores)}")
    for index, score in enumerate(scores):
        _int_in_range(f"score {index}", score, 0, 10**6)
    if tuple(scores) != game.scores:
        raise RecordError(
            f"the scores say {scores[0]}-{scores[1]}, "
            f"but the moves score {game.scores[0]}-{game.scores[1]}"
        )
    finished = document["finished"]
    if not isinstance(finished, bool):
        raise RecordError(f"finished must be true or false, not {_describe(finished)}")
    if finished != game.is_over:
        if finished:
            raise RecordError(
                "the record says the game is finished, but a counting triangle can still be closed"
            )
        raise RecordError(
            "the record says the game is unfinished, "
            "but no counting triangle can be closed any more"
        )
    winner = document["winner"]
    if winner is not None and not (_is_int(winner) and winner in (0, 1)):
        raise RecordError(f"winner must be 0, 1 or null, not {_describe(winner)}")
    if winner != game.winner:
        if game.winner is None:
            state = "a draw" if game.is_over else "unfinished"
            raise RecordError(
                f"the record names player {winner} as the winner, but the game is {state}"
            )
        raise RecordError(
            f"the record gives the winner as {_describe(winner)}, but player {game.winner} won"
        )
    ended = _load_ending(document.get("ended"), game)
    return LoadedRecord(game, players, ended)


def _load_ending(value: Any, game: Game) -> Ending | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RecordError(f"ended must be an object or null, not {_describe(value)}")
    _check_keys(value, _ENDED_KEYS, "ended")
    how, player, why = value["how"], value["player"], value["why"]
    kinds = [kind.value for kind in EndKind]
    if not isinstance(how, str) or how not in kinds:
        raise RecordError(f"ended.how must be one of {', '.join(kinds)}, not {_describe(how)}")
    if player is not None and not (_is_int(player) and player in (0, 1)):
        raise RecordError(f"ended.player must be 0, 1 or null, not {_describe(player)}")
    if not isinstance(why, str):
        raise RecordError(f"ended.why must be a string, not {_describe(why)}")
    if len(why) > MAX_WHY_LENGTH:
        raise RecordError(f"ended.why is longer than {MAX_WHY_LENGTH} characters")
    if _has_control_character(why) or _has_lone_surrogate(why):
        raise RecordError("ended.why contains a control character")
    ending = Ending(EndKind(how), player, why)
    _check_ending(ending, game)
    return ending


def _check_ending(ended: Ending, game: Game) -> None:
    if game.is_over:
        raise RecordError("the record says how the game stopped (ended), but it is finished")
    if ended.player is not None and ended.player not in (0, 1):
        raise RecordError(f"ended.player must be 0, 1 or null, not {ended.player}")
    if ended.how == EndKind.RESIGNED and ended.player is None:
        raise RecordError("ended.player must say who resigned")


def _load_board(value: Any) -> Board:
    if not isinstance(value, dict):
        raise RecordError(f"board must be an object, not {_describe(value)}")
    _check_keys(value, _BOARD_KEYS, "the board")
    preset, seed = value["preset"], value["seed"]
    _check_preset_and_seed(preset, seed)
    width, height, tolerance = value["width"], value["height"], value["tolerance"]
    for name, number in (("width", width), ("height", height), ("tolerance", tolerance)):
        if not _is_int(number):
            raise RecordError(f"the board's {name} must be an integer, not {_describe(number)}")
    stars = value["stars"]
    if not isinstance(stars, list):
        raise RecordError(
            f"the board's stars must be a list of [x, y] pairs, not {_describe(stars)}"
        )
    for index, star in enumerate(stars):
        if not isinstance(star, list) or len(star) != 2:
            raise RecordError(
                f"star {index} must be an [x, y] pair of integers, not {_describe(star)}"
            )
        for axis, coordinate in zip("xy", star, strict=True):
            if not _is_int(coordinate):
                raise RecordError(
                    f"star {index}'s {axis} must be an integer, not {_describe(coordinate)}"
                )
    try:
        return Board(stars, width, height, tolerance, preset=preset, seed=seed)
    except BoardError as exc:
        raise RecordError(f"the board is invalid: {exc}") from None


def _check_preset_and_seed(preset: Any, seed: Any) -> None:
    if preset is not None and not isinstance(preset, str):
        raise RecordError(
            f"the board's preset must be a preset name or null, not {_describe(preset)}"
        )
    if preset is not None and preset not in PRESETS:
        raise RecordError(
            f"the board's preset {_short(repr(preset))} is unknown (known: {', '.join(PRESETS)})"
        )
    if seed is not None:
        if not _is_int(seed):
            raise RecordError(f"the board's seed must be an integer or null, not {_describe(seed)}")
        if not -MAX_SEED <= seed <= MAX_SEED:
            raise RecordError(
                f"the board's seed must be between -(2^64 - 1) and 2^64 - 1, not {seed}"
            )


def _load_rules(value: Any) -> Rules:
    if not isinstance(value, dict):
        raise RecordError(f"rules must be an object, not {_describe(value)}")
    _check_keys(value, _RULES_KEYS, "the rules")
    replay = value["replay_after_triangle"]
    if not isinstance(replay, bool):
        raise RecordError(
            f"the rule replay_after_triangle must be true or false, not {_describe(replay)}"
        )
    return Rules(replay_after_triangle=replay)


def _load_players(value: Any) -> tuple[PlayerInfo, PlayerInfo]:
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(f"players must be a list of two players, not {_describe(value)}")
    out = []
    for index, entry in enumerate(value):
        if not isinstance(entry, dict):
            raise RecordError(f"player {index} must be an object, not {_describe(entry)}")
        _check_keys(entry, _PLAYER_KEYS, f"player {index}", optional=("strategy",))
        name, kind, strategy = entry["name"], entry["kind"], entry.get("strategy")
        _check_player_fields(index, name, kind, strategy)
        out.append(PlayerInfo(name, PlayerKind(kind), strategy))
    return out[0], out[1]


def _replay_moves(game: Game, moves: Any) -> None:
    if not isinstance(moves, list):
        raise RecordError(f"moves must be a list, not {_describe(moves)}")
    n = game.board.n
    for number, entry in enumerate(moves, start=1):
        where = f"move {number}"
        if not isinstance(entry, dict):
            raise RecordError(f"{where} must be an object, not {_describe(entry)}")
        _check_keys(entry, _MOVE_KEYS, where)
        player = entry["player"]
        if not (_is_int(player) and player in (0, 1)):
            raise RecordError(f"{where}'s player must be 0 or 1, not {_describe(player)}")
        stroke = entry["stroke"]
        if not isinstance(stroke, list) or len(stroke) != 2 or not all(_is_int(v) for v in stroke):
            raise RecordError(
                f"{where}'s stroke must be a pair of star indices, not {_describe(stroke)}"
            )
        i, j = stroke
        for v in (i, j):
            if not 0 <= v < n:
                raise RecordError(
                    f"{where}'s stroke {_pair(i, j)} names star {v}, but the stars are 0 to {n - 1}"
                )
        if i == j:
            raise RecordError(f"{where}'s stroke {_pair(i, j)} does not join two different stars")
        triangles = _listed_triangles(where, entry["triangles"], n)
        if game.is_over:
            raise RecordError(
                f"{where} (stroke {_pair(i, j)}) comes after the game was already over"
            )
        if player != game.player:
            raise RecordError(
                f"{where} (stroke {_pair(i, j)}) is marked as player {player}'s, "
                f"but player {game.player} was to move"
            )
        try:
            move = game.play(i, j)
        except IllegalStroke as exc:
            verb = "is already drawn" if exc.reason is Rejection.ALREADY_DRAWN else exc.reason.value
            raise RecordError(f"{where} (stroke {_pair(i, j)}) {verb}") from None
        except GameOver:  # checked above; kept so no engine exception can escape
            raise RecordError(
                f"{where} (stroke {_pair(i, j)}) comes after the game was already over"
            ) from None
        closed = set(move.triangles)
        for t in sorted(triangles - closed):
            raise RecordError(
                f"{where} (stroke {_pair(i, j)}) lists triangle {_triple(t)}, "
                "which it does not close"
            )
        for t in sorted(closed - triangles):
            raise RecordError(
                f"{where} (stroke {_pair(i, j)}) closes triangle {_triple(t)}, "
                "which it does not list"
            )


def _listed_triangles(where: str, value: Any, n: int) -> set[tuple[int, int, int]]:
    if not isinstance(value, list):
        raise RecordError(f"{where}'s triangles must be a list, not {_describe(value)}")
    if len(value) > 2:
        raise RecordError(f"{where} lists {len(value)} triangles, but one stroke closes at most 2")
    found: set[tuple[int, int, int]] = set()
    for t in value:
        if not isinstance(t, list) or len(t) != 3 or not all(_is_int(v) for v in t):
            raise RecordError(
                f"{where}'s triangles must be triples of star indices, not {_describe(t)}"
            )
        if not all(0 <= v < n for v in t):
            raise RecordError(
                f"{where} lists triangle {_triple(t)}, "
                f"whose stars are not all between 0 and {n - 1}"
            )
        if not t[0] < t[1] < t[2]:
            raise RecordError(
                f"{where} lists triangle {_triple(t)}, whose stars are not in ascending order"
            )
        key = (t[0], t[1], t[2])
        if key in found:
            raise RecordError(f"{where} lists triangle {_triple(t)} twice")
        found.add(key)
    return found


def _check_keys(
    obj: dict[str, Any], allowed: Sequence[str], where: str, optional: Sequence[str] = ()
) -> None:
    unknown = [k for k in obj if k not in allowed]
    if unknown:
        names = ", ".join(_short(repr(k)) for k in unknown[:3])
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        plural = "keys" if len(unknown) > 1 else "key"
        raise RecordError(f"{where} has the unknown {plural} {names}{more}")
    missing = [k for k in allowed if k not in obj and k not in optional]
    if missing:
        plural = "keys" if len(missing) > 1 else "key"
        raise RecordError(f"{where} is missing the {plural} {', '.join(repr(k) for k in missing)}")


# -- small helpers ---------------------------------------------------------------------------------


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in_range(name: str, value: Any, low: int, high: int) -> int:
    if not _is_int(value):
        raise RecordError(f"{name} must be an integer, not {_describe(value)}")
    if not low <= value <= high:
        raise RecordError(f"{name} must be between {low} and {high}, not {value}")
    return value


def _has_control_character(text: str) -> bool:
    return any(unicodedata.category(c) == "Cc" for c in text)


def _has_lone_surrogate(text: str) -> bool:
    """JSON's \\ud800 escapes make strings that no UTF-8 file, database or window can hold:
    refused here, where every name read from outside passes, instead of failing on the first
    write (an autosave, the statistics)."""
    return any(unicodedata.category(c) == "Cs" for c in text)


def _describe(value: Any) -> str:
    """A short, JSON-flavoured description of a value for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, _Fraction):
        return f"the number {_short(value.literal, 20)}"
    if isinstance(value, str):
        return f"the text {_short(json.dumps(value, ensure_ascii=False), 40)}"
    if isinstance(value, list):
        if len(value) <= 3 and all(
            v is None or isinstance(v, (int, str, _Fraction)) for v in value
        ):
            items = [
                v.literal if isinstance(v, _Fraction) else json.dumps(v, ensure_ascii=False)
                for v in value
            ]
            return _short("[" + ", ".join(items) + "]", 40)
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _pair(i: int, j: int) -> str:
    return f"{i}-{j}"


def _triple(t: Sequence[int]) -> str:
    return "-".join(str(v) for v in t)
