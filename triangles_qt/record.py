"""`python -m triangles_qt.record FILE...`: check `.triangles` game records (docs/rules.md
section 8).

Prints one line per file, in the order given:

    OK <file>: phone-60, 60 stars, 37 moves, 12-9, finished, Ana wins
    INVALID <file>: move 5 (stroke 3-17) crosses a stroke

Exit status: 0 when every file is valid, 1 when any is invalid (a missing or unreadable file is
invalid), 2 on a usage error (no file given, unknown option). No Qt is imported.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections.abc import Sequence
from typing import NoReturn

from .cli_run import run as run_cli
from .core.record import LoadedRecord, RecordError, read_record


def summary(loaded: LoadedRecord) -> str:
    """One line describing a valid record: board, stars, moves, score, state."""
    game = loaded.game
    board = game.board
    names = [p.name for p in loaded.players]
    where = board.preset if board.preset is not None else f"custom {board.width} x {board.height}"
    count = len(game.moves)
    parts = [
        where,
        f"{board.n} stars",
        f"{count} move{'s' if count != 1 else ''}",
        f"{game.scores[0]}-{game.scores[1]}",
    ]
    if game.is_over:
        parts.append("finished")
        parts.append("draw" if game.winner is None else f"{names[game.winner]} wins")
    elif loaded.ended is not None:
        ended = loaded.ended
        who = "" if ended.player is None else f"{names[ended.player]} "
        parts.append(f"unfinished, stopped: {who}{ended.how.value}")
        if ended.why:
            parts.append(ended.why)
    else:
        parts.append("unfinished")
        parts.append(f"{names[game.player]} to move")
    return ", ".join(parts)


def check_file(path: str) -> tuple[bool, str]:
    """(valid, the line to print) for one file."""
    try:
        loaded = read_record(path)
    except RecordError as exc:
        return False, f"INVALID {path}: {exc}"
    return True, f"OK {path}: {summary(loaded)}"


def printable(text: str) -> str:
    """`text` with every control, format and line-separator character escaped (``\\x1b``,
    ``\\x85``, ``\\u2028``), so a file's name or contents can neither move the terminal's cursor
    nor start a line of their own."""
    return "".join(
        c
        if unicodedata.category(c) not in ("Cc", "Cf", "Zl", "Zp")
        else c.encode("unicode_escape").decode("ascii")
        for c in text
    )


def _print(line: str) -> None:
    """Print a line even when a file or player name cannot be encoded for this console."""
    line = printable(line)
    try:
        print(line, flush=True)
    except UnicodeEncodeError:
        encoding = getattr(sys.stdout, "encoding", None) or "ascii"
        print(line.encode(encoding, "backslashreplace").decode(encoding), flush=True)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Usage errors echo the arguments: escaped, like every other line."""
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {printable(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="triangles-record",
        description="Check Triangles game records (.triangles files): one line per file, OK or "
        "INVALID with the reason. Exit status 0 when every file is valid, 1 when any is not.",
    )
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="records to check (-- before a name starting with -)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # --help (0) or a usage error (2), already printed
        return int(stop.code or 0)
    status = 0
    for path in args.files:
        ok, line = check_file(path)
        _print(line)
        if not ok:
            status = 1
    return status


def cli() -> None:
    """The `triangles-record` command (Ctrl-C, a full disk or a closed pipe end it in one line)."""
    run_cli(main, "triangles-record")


if __name__ == "__main__":
    cli()
