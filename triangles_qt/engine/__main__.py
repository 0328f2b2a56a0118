"""`python -m triangles_qt.engine --strategy ID [--plugin-dir DIR]`: a plugin's strategy served as
an engine over the protocol of docs/engine-protocol.md, on standard input and output.

Whatever the strategy does happens in this process: its prints go to standard error (the
protocol's output stays clean), an exception becomes an `error` line, and a crash, a hang or a
runaway allocation ends only this process, which the host starts again.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import sys
import threading
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

from . import protocol
from .listing import listing
from .protocol import ProtocolError


def serve(strategy: object, commands: Iterable[str], answers: IO[str]) -> int:
    """Answer the host's `commands` for `strategy` until `quit` or the end of input."""

    def say(line: str) -> None:
        answers.write(line + "\n")
        answers.flush()

    game: Game | None = None
    for raw in commands:
        line = raw.strip()
        word = line.split(" ", 1)[0]
        try:
            if word == "triangles":
                say(f"id name {getattr(strategy, 'name', '') or getattr(strategy, 'id', '?')}")
                say("id author a Triangles plugin")
                say(f"ok {protocol.VERSION}")
            elif word == "newgame":
                board, rules = protocol.parse_new_game(line)
                game = Game(board, rules)
            elif word == "position":
                if game is None:
                    raise ProtocolError("'position' before 'newgame'")
                strokes = protocol.parse_position(line)
                played = [tuple(sorted(s)) for s in game.strokes]
                if [tuple(sorted(s)) for s in strokes[: len(played)]] != played:
                    game = Game(game.board, game.rules)  # not the game so far plus a stroke
                for i, j in strokes[len(game.strokes) :]:
                    game.play(i, j)
            elif word == "go":
                if game is None:
                    raise ProtocolError("'go' before 'newgame'")
                budget_s, nodes = protocol.parse_go(line)
                with limited_to(nodes):
                    answer = strategy.choose_stroke(Position(game), budget_s)  # type: ignore[attr-defined]
                say(_stroke_line(answer))
            elif word == "isready":
                say("readyok")
            elif word == "quit":
                return 0
            elif word not in ("stop", "setoption", ""):
                raise ProtocolError(f"unknown command {protocol.shorten(line)}")
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
        return protocol.shorten(repr(value))
    except Exception:  # noqa: BLE001
        return f"a {type(value).__name__}"


def _fit(line: str, limit: int = protocol.MAX_LINE_BYTES // 2) -> str:
    """`line` cut to `limit` bytes of UTF-8, never inside a character."""
    return line.encode("utf-8")[:limit].decode("utf-8", "ignore")


def _commands_until_the_host_is_gone(stream: IO[str]) -> Iterator[str]:
    """The host's lines, read on a thread of their own: when the host goes away (its end of
    the pipe closes) this process ends at once, even in the middle of a strategy's search."""
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line)
        os._exit(0)  # the host is gone: nobody will ever read an answer

    threading.Thread(target=read, name="host-reader", daemon=True).start()
    while (line := lines.get()) is not None:
        yield line


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
    # The protocol owns the real standard output; anything the plugins print goes to stderr,
    # even from child programs they start (file descriptor 1 is stderr from now on).
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    registry = load_builtin_plugins() if args.builtin_only else load_plugins(args.plugin_dir)
    if args.list:
        json.dump(listing(registry), answers)
        answers.flush()
        return 0
    try:
        strategy, _ = computer_player(registry, args.strategy, own_process=False)
    except KeyError:
        print(f"error: no strategy {args.strategy!r} is installed", file=sys.stderr)
        return 2
    return serve(strategy, _commands_until_the_host_is_gone(sys.stdin), answers)


if __name__ == "__main__":
    run_cli(main, "triangles engine")
