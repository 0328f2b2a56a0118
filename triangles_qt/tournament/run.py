"""The tournament loop: hands games to an executor, a few more than it has workers, writes each
finished game to the results database at once, and stops handing out a pairing's games once its
SPRT has decided.

Games already in the database are not played again, so a stopped run resumes where it stopped.
A database that a reader keeps busy (a long read transaction blocks the writer) does not stop
the run: the finished games wait in memory and are written once it is free again.
"""

from __future__ import annotations

import hashlib
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path

from ..core.atomic_file import write_atomically
from . import stats
from .play import GameOutcome, RunSetup, play
from .results import ResultsDB
from .schedule import GameSpec, Pairing, interleaved
from .standings import Tally


class RecordsNotWritten(OSError):
    """Some records could not be written (the games are in the results all the same)."""


class ResultsNotWritten(sqlite3.OperationalError):
    """The database stayed busy to the end of the run, or cannot be written at all (read-only,
    a full disk): these games are not in it."""


# At the end of a run, how often to try again to write games the database was too busy to take
# (each try waits up to the connection's own busy timeout, 30 s).
FINAL_TRIES = 10


def run_tournament(
    pairings: Sequence[Pairing],
    games: int,
    db: ResultsDB,
    executor: Executor,
    setup: RunSetup,
    workers: int = 1,
    sprt: stats.Sprt | None = None,
    records_dir: str | Path | None = None,
    on_game: Callable[[GameOutcome, Tally], None] | None = None,
    player: Callable[[GameSpec, RunSetup], GameOutcome] = play,
    on_plan: Callable[[int], None] | None = None,
) -> list[Tally]:
    """Play the first `games` games of each pairing that the database lacks; return every
    pairing's tally (its games in the database). `on_plan` hears how many games that is at
    most. Raises RecordsNotWritten at the end when a record could not be written, and
    ResultsNotWritten when the database stayed too busy to take some games."""
    tallies = {
        p: Tally(p, [g for g in db.outcomes(p) if g.spec.index < games], sprt) for p in pairings
    }
    todo = {
        p: [k for k in range(games) if k not in {g.spec.index for g in t.games}]
        for p, t in tallies.items()
        if t.decision() is None
    }
    if on_plan is not None:
        on_plan(sum(map(len, todo.values())))
    queue = interleaved(todo)
    queue.reverse()  # popped from the end
    running: dict[Future[GameOutcome], GameSpec] = {}
    unwritten: list[str] = []
    waiting: list[GameOutcome] = []  # finished, and not yet taken by a busy database
    try:
        while queue or running:
            # A finished game is written before more are handed out: an inline executor plays a
            # game as it is handed out, and the one before must not wait in memory meanwhile.
            while queue and len(running) < 2 * workers and not any(f.done() for f in running):
                spec = queue.pop()
                if tallies[spec.pairing].decision() is None:
                    running[executor.submit(player, spec, setup)] = spec
            if not running:
                continue
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            failed = [f for f in done if f.exception() is not None]
            for future in sorted(done, key=lambda f: running[f].index):
                running.pop(future)
                if future in failed:
                    continue
                outcome = future.result()
                waiting.append(outcome)
                write_waiting(db, waiting)
                tally = tallies[outcome.spec.pairing]
                tally.add(outcome)
                if records_dir is not None:
                    folder = Path(records_dir)
                    if len(pairings) > 1:
                        folder /= pairing_folder(outcome.spec.pairing)
                    try:
                        write_record_text(folder, outcome)
                    except OSError as exc:  # the run goes on without that record
                        unwritten.append(f"game {outcome.spec.index + 1}: {exc}")
                        print(
                            f"warning: the record of game {outcome.spec.index + 1} was not "
                            f"written: {exc}",
                            file=sys.stderr,
                            flush=True,
                        )
                if on_game is not None:
                    on_game(outcome, tally)
            if failed:  # a game that could not be played ends the run, once the others are kept
                failed[0].result()
    finally:
        for future in running:
            future.cancel()
        write_waiting(db, waiting)  # also when the run ends by an error: keep what finished
    for _try in range(FINAL_TRIES):
        if write_waiting(db, waiting):
            break
        time.sleep(1)
    if waiting:
        numbers = ", ".join(str(g.spec.index + 1) for g in waiting)
        raise ResultsNotWritten(
            f"the results database stayed busy: games {numbers} are not in it (run again to "
            "play them)"
        )
    if unwritten:
        raise RecordsNotWritten("; ".join(unwritten))
    return list(tallies.values())


def write_waiting(db: ResultsDB, waiting: list[GameOutcome]) -> bool:
    """Write the waiting games in order, removing each one written; True once none waits.
    Raises ResultsNotWritten when the database cannot take them at all (read-only, a full
    disk): the run stops then, instead of playing games that could not be kept."""
    while waiting:
        try:
            db.add(waiting[0])
        except sqlite3.Error as exc:
            if not is_busy(exc):
                numbers = ", ".join(str(g.spec.index + 1) for g in waiting)
                raise ResultsNotWritten(
                    f"the results database cannot be written ({exc}): games {numbers} are "
                    "not in it (free some space or choose another --db, and run again to play "
                    "them)"
                ) from exc
            print(
                f"warning: the results database is busy ({exc}); {len(waiting)} finished "
                "game(s) wait in memory and will be written when it is free",
                file=sys.stderr,
                flush=True,
            )
            return False
        waiting.pop(0)
    return True


def is_busy(error: sqlite3.Error) -> bool:
    """Whether another connection holds the database (a moment fixes it), rather than a
    read-only file or a full disk (which only the user can)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(error)


def record_name(outcome: GameOutcome) -> str:
    preset = outcome.spec.pairing.conditions.preset
    return f"game-{outcome.spec.index + 1:03d}-{preset}-seed{outcome.spec.seed}.triangles"


def pairing_folder(pairing: Pairing) -> str:
    """A folder name for a pairing's records (an engine command may hold any character, so a
    cut or changed name is told apart by a digest of the whole)."""
    text = f"{pairing.first}-vs-{pairing.second}"
    name = "".join(c if c.isalnum() or c in "-_.#" else "_" for c in text)
    if name == text and len(name) <= 120:
        return name
    return f"{name[:100]}-{hashlib.sha256(text.encode()).hexdigest()[:10]}"


def write_record_text(folder: Path, outcome: GameOutcome) -> Path:
    """Write a game's record into folder atomically; return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / record_name(outcome)
    write_atomically(path, outcome.record.encode("utf-8"))
    return path
