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
import sys
import traceback
from collections.abc import Sequence
from typing import IO, Any

from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.plugin_manager import load_plugins

from . import protocol
from .listing import listing
from .protocol import ProtocolError


def serve(strategy: object, commands: IO[str], answers: IO[str]) -> int:
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
                budget_s = int(line.split()[1]) / 1000
                say(_stroke_line(strategy.choose_stroke(Position(game), budget_s)))  # type: ignore[attr-defined]
            elif word == "isready":
                say("readyok")
            elif word == "quit":
                return 0
            elif word not in ("stop", "setoption", ""):
                raise ProtocolError(f"unknown command {protocol.shorten(line)}")
        except Exception as exc:  # noqa: BLE001 - the strategy's fault is told to the host
            if not isinstance(exc, ProtocolError):  # the strategy's author wants the traceback
                for trace_line in traceback.format_exc().splitlines():
                    say(f"info trace {trace_line}"[: protocol.MAX_LINE_BYTES // 2])
            lines = str(exc).strip().splitlines()
            text = type(exc).__name__ + (f": {lines[0]}" if lines else "")
            say(f"error {text[:500]}")
    return 0


def _stroke_line(answer: Any) -> str:
    try:
        i, j = answer
        return f"stroke {int(i)} {int(j)}"
    except (TypeError, ValueError):
        raise ProtocolError(f"the strategy answered {protocol.shorten(str(answer))}") from None


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
    args = parser.parse_args(argv)
    # The protocol owns the real standard output; anything the plugins print goes to stderr.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    registry = load_plugins(args.plugin_dir)
    if args.list:
        json.dump(listing(registry), answers)
        answers.flush()
        return 0
    try:
        strategy = registry.strategy(args.strategy)
    except KeyError:
        print(f"error: no strategy {args.strategy!r} is installed", file=sys.stderr)
        return 2
    return serve(strategy, sys.stdin, answers)


if __name__ == "__main__":
    sys.exit(main())
