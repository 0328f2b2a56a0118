"""`python -m triangles_qt.engine --strategy ID [--plugin-dir DIR]`: a plugin's strategy served as
an engine over the protocol of docs/engine-protocol.md, on standard input and output.

The game it is told about is kept at a table (triangles_qt/table/), as every game of the
project is: the host's `position` and `moves` lines bring both players' strokes, which the
table checks as it checks any seat's (an illegal one is answered with `error`), and `go` asks
the strategy about the table's position.

Whatever the strategy does happens in this process: its prints go to standard error (the
protocol's output stays clean), an exception becomes an `error` line, and a crash, a hang or a
runaway allocation ends only this process, which the host starts again.

When the host goes away this process ends at once and says nothing, even in the middle of a
search: at the end of its input (status 0, as after `quit`), when its parent process is gone
although the pipes stay open (status 0), and when its answers can no longer be written (a broken
pipe: status 1, as every command line here, triangles_qt/cli_run.py). SIGTERM and SIGHUP keep
their default action, which ends it at once without running any Python code.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import queue
import sys
import threading
import time
import traceback
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any

import numpy as np

from triangles_qt.cli_run import run as run_cli
from triangles_qt.computer_move import limited_to
from triangles_qt.computer_players import computer_player
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.plugin_manager import load_builtin_plugins, load_plugins
from triangles_qt.wire import QUOTED_LINE, quote

from . import protocol
from .listing import listing
from .protocol import ProtocolError

PROG = "triangles engine"


class Unwritable(Exception):
    """An answer could not be written (`error`: EPIPE when the host no longer reads them). Not
    the strategy's fault, so never told to the host as an `error` line."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class StrokesFromTheHost:
    """The adapter's table, whose two seats play the strokes the host's lines bring. (Made when
    a game starts: the plugin listing and an engine never given a game do not import Qt.)"""

    def __init__(self, game: Game) -> None:
        from triangles_qt.table.given_seat import GivenSeat
        from triangles_qt.table.table import Table

        self.seats = [GivenSeat("Player 1"), GivenSeat("Player 2")]
        self.table = Table()
        self.table.play(game, self.seats)
        self.game = game

    def follow(self, strokes: Iterable[tuple[int, int]]) -> None:
        """Play `strokes` at the table; ProtocolError for one the rules refuse."""
        for i, j in strokes:
            if self.game.is_over:
                raise ProtocolError(f"stroke {i}-{j} after the end of the game")
            seat = self.seats[self.game.player]
            if not seat.give((i, j)):
                raise ProtocolError(f"stroke {i}-{j}: {seat.refused_with}")


def serve(strategy: object, commands: Iterable[str], answers: IO[str]) -> int:
    """Answer the host's `commands` for `strategy` until `quit` or the end of input. Raises
    Unwritable when `answers` cannot be written."""

    def say(line: str) -> None:
        try:
            answers.write(line + "\n")
            answers.flush()
        except OSError as exc:
            raise Unwritable(exc) from None

    table: StrokesFromTheHost | None = None
    for raw in commands:
        line = raw.strip()
        word = line.split(" ", 1)[0]
        try:
            if word == "triangles":
                say(f"id name {getattr(strategy, 'name', '') or getattr(strategy, 'id', '?')}")
                say("id author a Triangles plugin")
                say(f"ok {max(1, min(protocol.parse_hello(line), protocol.VERSION))}")
            elif word == "newgame":
                board, rules = protocol.parse_new_game(line)
                table = StrokesFromTheHost(Game(board, rules))
            elif word == "position":
                if table is None:
                    raise ProtocolError("'position' before 'newgame'")
                strokes = protocol.parse_position(line)
                game = table.game
                played = [tuple(sorted(s)) for s in game.strokes]
                if [tuple(sorted(s)) for s in strokes[: len(played)]] != played:
                    # Not the game so far plus strokes: the table starts it again.
                    table = StrokesFromTheHost(Game(game.board, game.rules))
                table.follow(strokes[len(played) :] if table.game is game else strokes)
            elif word == "moves":
                if table is None:
                    raise ProtocolError("'moves' before 'newgame'")
                known, following = protocol.parse_moves(line)
                if known != len(table.game.strokes):  # the host resends the whole position
                    raise ProtocolError(
                        f"out of step: 'moves {known}', but this engine has "
                        f"{len(table.game.strokes)} strokes of the game"
                    )
                table.follow(following)
            elif word == "go":
                if table is None:
                    raise ProtocolError("'go' before 'newgame'")
                budget_s, nodes = protocol.parse_go(line)
                with limited_to(nodes):
                    answer = strategy.choose_stroke(Position(table.game), budget_s)  # type: ignore[attr-defined]
                say(_stroke_line(answer))
            elif word == "isready":
                say("readyok")
            elif word == "gameover":
                table = None  # the next game comes with its own newgame
            elif word == "quit":
                return 0
            elif word not in ("stop", "setoption", ""):
                raise ProtocolError(f"unknown command {quote(line, QUOTED_LINE)}")
        except Unwritable:
            raise
        except Exception as exc:  # noqa: BLE001 - the strategy's fault is told to the host
            if not isinstance(exc, ProtocolError):  # the strategy's author wants the traceback
                for trace_line in traceback.format_exc().splitlines():
                    say(_fit(f"info trace {trace_line}"))
            say(_fit(f"error {_first_line(exc)}", 1000))
    return 0


def _stroke_line(answer: Any) -> str:
    """The answer as a `stroke` line, when it is two integers (in a tuple, list or numpy row);
    anything else is reported as the host would judge it."""
    if isinstance(answer, np.ndarray) and answer.ndim == 1:
        answer = answer.tolist()
    if (
        isinstance(answer, (tuple, list))
        and len(answer) == 2
        and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in answer)
    ):
        return f"stroke {int(answer[0])} {int(answer[1])}"
    raise ProtocolError(f"the strategy answered {_safe_repr(answer)}, not a pair of integers")


def _first_line(exc: BaseException) -> str:
    """ "ValueError: the first line of its message", whatever its __str__ does."""
    try:
        lines = str(exc).strip().splitlines()
    except Exception:  # noqa: BLE001 - a message that cannot be made is not the host's concern
        lines = ["<a message that could not be shown>"]
    return type(exc).__name__ + (f": {lines[0]}" if lines else "")


def _safe_repr(value: Any) -> str:
    try:
        return quote(repr(value), QUOTED_LINE)
    except Exception:  # noqa: BLE001
        return f"a {type(value).__name__}"


def _fit(line: str, limit: int = protocol.MAX_LINE_BYTES // 2) -> str:
    """`line` cut to `limit` bytes of UTF-8, never inside a character."""
    return line.encode("utf-8")[:limit].decode("utf-8", "ignore")


def _commands_until_the_host_is_gone(fd: int) -> Iterator[str]:
    """The host's lines, read from file descriptor `fd` on a thread of their own: when the host
    goes away (its end of the pipe closes) this process ends at once, even in the middle of a
    strategy's search. Bytes that are not UTF-8 become U+FFFD (an `unknown command`), and a
    read that fails ends the input: nothing the host sends can stop the reader and leave this
    process waiting for lines forever. The descriptor is read directly, not through sys.stdin,
    whose lock the reader would hold while it waits: Python, ending after a broken pipe, would
    find that lock taken and abort."""
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        buffer = bytearray()
        try:
            while chunk := os.read(fd, 1 << 16):
                searched = len(buffer)
                buffer += chunk
                start = 0
                while (end := buffer.find(b"\n", searched)) >= 0:
                    lines.put(bytes(buffer[start:end]).decode("utf-8", "replace"))
                    start = searched = end + 1
                del buffer[:start]
        except OSError:  # a read error is the end of what the host says
            pass
        os._exit(0)  # the host is gone: nobody will ever read an answer

    threading.Thread(target=read, name="host-reader", daemon=True).start()
    while (line := lines.get()) is not None:
        yield line


def end_with_the_parent(parent: int, every_s: float = 0.25) -> None:
    """End this process at once when `parent` (the host that started it) is gone, also when
    the pipes stay open (another process the host started may hold their other ends) and while
    a strategy searches: a thread looks every `every_s` seconds whether this process was handed
    to another parent, as the system does when the parent dies. Linux's PR_SET_PDEATHSIG would
    end it when the *thread* that started it ends, and hosts start engines on threads that end
    long before the game does. Nothing to watch on Windows (its processes keep the number of a
    parent that died) or when the parent was init already."""
    if sys.platform == "win32" or parent <= 1:  # pragma: no cover - POSIX is tested
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every_s)
        os._exit(0)  # the host is gone: nobody will ever read an answer

    threading.Thread(target=watch, name="host-watch", daemon=True).start()


def _unwritable(answers: IO[str], failed: Unwritable) -> int:
    """End when the answers cannot be written: quietly when the host stopped reading them
    (EPIPE), else in one line; status 1 either way, as triangles_qt/cli_run.py ends every
    command line (here without it: the standalone bundle calls main() directly). The answers'
    descriptor is pointed at /dev/null first, so that the line left in their buffer goes
    nowhere when they are closed, instead of failing again with a message on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, answers.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    if failed.error.errno != errno.EPIPE:
        try:
            print(f"{PROG}: error: {failed.error.strerror or failed.error}", file=sys.stderr)
        except (OSError, ValueError):
            pass
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m triangles_qt.engine",
        description="Serve a plugin's computer strategy as a Triangles engine on stdin/stdout.",
    )
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--strategy", help="the strategy's id (e.g. medium)")
    what.add_argument(
        "--list", action="store_true", help="print what the plugins offer, as JSON, and exit"
    )
    parser.add_argument("--plugin-dir", action="append", default=[], help="another plugin folder")
    parser.add_argument(
        "--builtin-only", action="store_true", help="load only the built-in plugins"
    )
    args = parser.parse_args(argv)
    end_with_the_parent(os.getppid())  # also while plugins load: one may hang at import
    # The protocol owns the real standard output; anything the plugins print goes to stderr,
    # even from child programs they start (file descriptor 1 is stderr from now on).
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    registry = load_builtin_plugins() if args.builtin_only else load_plugins(args.plugin_dir)
    try:
        if args.list:
            try:
                json.dump(listing(registry), answers)
                answers.flush()
            except OSError as exc:
                raise Unwritable(exc) from None
            return 0
        try:
            strategy, _ = computer_player(registry, args.strategy, own_process=False)
        except KeyError:
            print(f"error: no strategy {args.strategy!r} is installed", file=sys.stderr)
            return 2
        if sys.stdin is None:  # started with no input at all
            return 0
        return serve(strategy, _commands_until_the_host_is_gone(sys.stdin.fileno()), answers)
    except Unwritable as failed:
        return _unwritable(answers, failed)


if __name__ == "__main__":
    run_cli(main, PROG)
