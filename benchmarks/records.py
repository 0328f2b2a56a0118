"""Reading arena records for the benchmark scripts that replay them (last_stroke.py,
biggest_run.py): the finished games of one rule option, named on the command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from triangles_qt.core.record import LoadedRecord, RecordError, read_record


def games_on_command_line(doc: str, replay: bool) -> Iterator[tuple[Path, LoadedRecord]]:
    """finished_games() of the paths given on the command line of a script described by doc."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("paths", nargs="+", help=".triangles files or folders of them")
    return finished_games(parser.parse_args().paths, replay)


class Tally:
    """Games won, drawn and lost by someone, counted from their margins."""

    def __init__(self) -> None:
        self.won = self.drawn = self.lost = 0

    def add(self, margin: int) -> None:
        if margin > 0:
            self.won += 1
        elif margin == 0:
            self.drawn += 1
        else:
            self.lost += 1

    def __str__(self) -> str:
        return f"won {self.won}, drew {self.drawn}, lost {self.lost}"


def finished_games(paths: list[str], replay: bool) -> Iterator[tuple[Path, LoadedRecord]]:
    """Each readable record among these files and folders (their .triangles files) of a
    finished game played with "play again" when `replay`, without it otherwise. Others are
    named on stderr with the reason they are skipped."""
    files: list[Path] = []
    for path in map(Path, paths):
        files += sorted(path.glob("*.triangles")) if path.is_dir() else [path]
    for path in files:
        try:
            loaded = read_record(path)
        except (OSError, RecordError) as exc:
            print(f"{path}: skipped: {exc}", file=sys.stderr)
            continue
        game = loaded.game
        if game.rules.replay_after_triangle != replay or not game.is_over:
            rule = "without" if replay else "with"
            print(
                f'{path.name}: skipped: played {rule} "play again", or unfinished', file=sys.stderr
            )
            continue
        yield path, loaded
