"""Statistics of games against the computer (docs/rules.md 6) and the history of finished
games, in one SQLite database shared by every window of the app. No Qt here.

Each finished game is one row, written in one transaction (WAL journal, a busy timeout), so any
number of windows count every game exactly once: counts are always read from the database, never
kept in memory. A row keeps the game's record, for the History window. ``played`` is always
``won + lost + drawn``; a draw counts neither as a win nor as a loss.

The counts of the JSON file that earlier versions kept (``statistics.json``, format
``{"version": 1, "strategies": {"<id>": {"won": 3, "lost": 1, "drawn": 0}}}``) are imported once,
in the same transaction that marks them imported, and the file is left where it was. A database
that cannot be used is never overwritten: it is renamed to ``<name>.corrupt-<timestamp>``,
counting starts again from zero, and `StatisticsStore.load_error` says what happened, so the app
can tell the player.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from .core.atomic_file import set_aside
from .core.safe_read import TooLarge, read_regular_file
from .plugin_manager import user_data_dir

FILE_NAME = "history.sqlite"
LEGACY_FILE_NAME = "statistics.json"
FORMAT_VERSION = 1
OUTCOMES = ("won", "lost", "drawn")
ABANDONED = "abandoned"  # left unfinished by the person here: counted as lost
RESULTS = (*OUTCOMES, ABANDONED)  # what a counted game's outcome may be
STOPPED = (  # how a game with a friend elsewhere stopped early (counted nowhere)
    "resigned-you",
    "resigned-friend",
    "left-you",
    "left-friend",
    "refused-you",
    "refused-friend",
    "disconnected",
)
MAX_FILE_BYTES = 4 * 1024 * 1024  # of the legacy JSON file
BUSY_TIMEOUT_S = 10.0
JOURNAL_PAGES = 16

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    finished REAL NOT NULL,      -- Unix time
    strategy TEXT,               -- the computer opponent's statistics id; NULL: not counted
    outcome TEXT,                -- won / lost / drawn / abandoned (counted as lost) for the
                                 -- person here; NULL likewise; or how a game with a
                                 -- friend elsewhere stopped early (STOPPED, never counted)
    counted INTEGER NOT NULL,    -- 0 once the statistics were reset
    opponent TEXT NOT NULL,      -- as the players saw it
    preset TEXT,
    stars INTEGER NOT NULL,
    replay_after_triangle INTEGER NOT NULL,
    score0 INTEGER NOT NULL,
    score1 INTEGER NOT NULL,
    record TEXT NOT NULL         -- the .triangles record
);
CREATE TABLE IF NOT EXISTS imported (
    strategy TEXT PRIMARY KEY, won INTEGER NOT NULL, lost INTEGER NOT NULL, drawn INTEGER NOT NULL
);
"""
COLUMNS = {  # what a file must hold to be this game's (more is allowed: a later version's)
    "meta": {"key", "value"},
    "games": {
        "id",
        "finished",
        "strategy",
        "outcome",
        "counted",
        "opponent",
        "preset",
        "stars",
        "replay_after_triangle",
        "score0",
        "score1",
        "record",
    },
    "imported": {"strategy", "won", "lost", "drawn"},
}


class StatisticsError(OSError):
    """Statistics could not be saved. The message says why in English (for logs and tool
    tips); `reason` is what the window translates: "busy" (another program holds the file),
    "full" (no disk space), "read-only", "damaged" or "failed"."""

    def __init__(self, message: str, reason: str = "failed") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Counts:
    """Games against one strategy (or all of them). ``played == won + lost + drawn``; of the
    games lost, `abandoned` were left unfinished."""

    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    abandoned: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.played + other.played,
            self.won + other.won,
            self.lost + other.lost,
            self.drawn + other.drawn,
            self.abandoned + other.abandoned,
        )


@dataclass(frozen=True)
class FinishedGame:
    """What the history keeps of a finished game besides its result."""

    opponent: str
    preset: str | None
    stars: int
    replay_after_triangle: bool
    scores: tuple[int, int]
    record: str


@dataclass(frozen=True)
class HistoryEntry:
    """One game of the history, newest first in `StatisticsStore.history`."""

    id: int
    finished: float
    opponent: str
    outcome: str | None
    preset: str | None
    stars: int
    replay_after_triangle: bool
    scores: tuple[int, int]
    strategy: str | None = None  # the computer opponent's id, when the game was counted


def default_statistics_path() -> Path:
    """Where the app keeps its statistics and history."""
    return user_data_dir() / FILE_NAME


class StatisticsStore:
    """The statistics and history database at `path`; `legacy` is the JSON file of earlier
    versions to import once (default: ``statistics.json`` beside it)."""

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        legacy: str | os.PathLike[str] | None = None,
        *,
        wait_s: float = BUSY_TIMEOUT_S,
    ) -> None:
        self.wait_s = wait_s
        """How long a write waits for another program that holds the file (a window waits
        little and tries again later, a command line waits longer)."""
        self.path = Path(path) if path is not None else default_statistics_path()
        self.legacy = Path(legacy) if legacy is not None else self.path.with_name(LEGACY_FILE_NAME)
        self.load_error: str | None = None
        """Why the data could not be read (None when all is well); shown to the player."""
        self.corrupt_copy: Path | None = None
        """Where an unusable file was moved to, if it was."""
        self.unavailable = False
        """The file is sound but cannot be used now (busy, read-only, a full disk)."""
        self._unusable: StatisticsError | None = None
        self._db: sqlite3.Connection | None = None
        self._open()

    # --- reading ---------------------------------------------------------------------------------

    def per_strategy(self) -> dict[str, Counts]:
        """Counts per computer strategy id, sorted by id (as every window has counted them)."""
        rows: dict[str, dict[str, int]] = {}
        db = self._db
        if db is None:
            return {}
        try:
            db.execute("BEGIN")  # both counts from one moment, whatever other windows write
            try:
                imported = db.execute(
                    "SELECT strategy, won, lost, drawn FROM imported WHERE typeof(strategy) = "
                    "'text' AND typeof(won) = 'integer' AND typeof(lost) = 'integer' AND "
                    "typeof(drawn) = 'integer' AND min(won, lost, drawn) >= 0"
                ).fetchall()
                counted = db.execute(
                    "SELECT strategy, outcome, COUNT(*) FROM games WHERE counted AND "
                    "typeof(strategy) = 'text' AND outcome IN ('won', 'lost', 'drawn', "
                    "'abandoned') "
                    "GROUP BY strategy, outcome"
                ).fetchall()
            finally:
                db.execute("COMMIT")
        except sqlite3.Error:
            return {}
        for strategy, won, lost, drawn in imported:
            rows[strategy] = {"won": won, "lost": lost, "drawn": drawn}
        for strategy, outcome, count in counted:
            row = rows.setdefault(strategy, dict.fromkeys(RESULTS, 0))
            row[outcome] += count
        return {sid: _counts(rows[sid]) for sid in sorted(rows)}

    def totals(self) -> Counts:
        """Counts over every strategy."""
        total = Counts()
        for counts in self.per_strategy().values():
            total = total + counts
        return total

    def results_by_period(self, most: int = 12) -> tuple[str, list[tuple[date, Counts]]]:
        """The counted results over time, for a chart: the unit ("day", "week" from Monday or
        "month", the smallest in which the games played fit `most` periods, in local time) and
        the last `most` periods up to the newest game's, each with its counts (empty periods
        included, so that a pause shows)."""
        if self._db is None:
            return "day", []
        try:
            rows = self._db.execute(
                "SELECT finished, outcome FROM games WHERE counted AND typeof(strategy) = 'text' "
                "AND outcome IN ('won', 'lost', 'drawn', 'abandoned') AND "
                "typeof(finished) IN ('real', 'integer') ORDER BY finished"
            ).fetchall()
        except sqlite3.Error:
            return "day", []
        days = []
        for finished, outcome in rows:
            try:
                days.append((datetime.fromtimestamp(finished).date(), outcome))
            except (OverflowError, OSError, ValueError):  # a time no calendar holds
                continue
        if not days:
            return "day", []
        first, last = days[0][0], days[-1][0]
        for unit in ("day", "week", "month"):
            if _period_index(first, unit) > _period_index(last, unit) - most:
                break
        newest = _period_index(last, unit)
        oldest = newest - most + 1
        tallies: dict[int, dict[str, int]] = {
            k: dict.fromkeys(RESULTS, 0) for k in range(oldest, newest + 1)
        }
        for day, outcome in days:
            index = _period_index(day, unit)
            if index >= oldest:
                tallies[index][outcome] += 1
        starts = [_period_start(k, unit) for k in range(oldest, newest + 1)]
        return unit, [
            (start, _counts(tallies[k]))
            for k, start in zip(range(oldest, newest + 1), starts, strict=True)
        ]

    def history_size(self) -> int:
        """How many finished games the history holds (it may hold more than `history` lists)."""
        if self._db is None:
            return 0
        try:
            row = self._db.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.Error:
            return 0
        return int(row[0])

    def holds(self, record: str) -> int | None:
        """The id of a game of the history with exactly this record, if there is one: a game
        counted just before the program was killed, and so still kept for counting, is then
        not counted twice."""
        if self._db is None or not record:
            return None
        try:
            row = self._db.execute(
                "SELECT id FROM games WHERE record = ? ORDER BY id DESC LIMIT 1", (record,)
            ).fetchone()
        except sqlite3.Error:
            return None
        return None if row is None else int(row[0])

    def history(self, limit: int = 1000) -> list[HistoryEntry]:
        """The finished games kept, newest first."""
        if self._db is None:
            return []
        try:
            rows = self._db.execute(
                "SELECT id, finished, opponent, outcome, preset, stars, replay_after_triangle, "
                "score0, score1, strategy FROM games ORDER BY finished DESC, id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        except sqlite3.Error:
            return []
        entries = []
        for i, f, opp, out, preset, n, replay, a, b, sid in rows:
            try:  # a row another program wrote badly is skipped, never a crash
                entry = HistoryEntry(
                    int(i),
                    float(f),
                    str(opp),
                    out if out in RESULTS or out in STOPPED else None,
                    preset if isinstance(preset, str) else None,
                    int(n),
                    bool(replay),
                    (int(a), int(b)),
                    sid if isinstance(sid, str) else None,
                )
            except (TypeError, ValueError, OverflowError):
                continue
            entries.append(entry)
        return entries

    def record_of(self, entry_id: int) -> str | None:
        """The record of a game of the history (None if it is gone)."""
        if self._db is None:
            return None
        try:
            row = self._db.execute("SELECT record FROM games WHERE id = ?", (entry_id,)).fetchone()
        except sqlite3.Error:
            return None
        return None if row is None else str(row[0])

    # --- changing --------------------------------------------------------------------------------

    def record_result(
        self,
        strategy_id: str,
        outcome: str,
        *,
        replacing: int | None = None,
        game: FinishedGame | None = None,
    ) -> int:
        """Count one finished game against `strategy_id` from the human's side: `outcome` is
        "won", "lost" or "drawn"; `game` is kept in the history. `replacing` is the id this
        game had when it ended before it was reopened by undo: that row is removed in the same
        transaction (its count with it, unless the statistics were reset since). Returns the
        game's id. Raises `StatisticsError` (and changes nothing) when it cannot be written.
        "abandoned" is a game the person left unfinished: it counts as lost."""
        if not isinstance(strategy_id, str) or not strategy_id:
            raise ValueError(f"strategy id must be a non-empty string, not {strategy_id!r}")
        if outcome not in RESULTS:
            raise ValueError(f"outcome must be one of {', '.join(RESULTS)}, not {outcome!r}")
        return self._add(strategy_id, outcome, replacing, game)

    def record_game(
        self, game: FinishedGame, *, replacing: int | None = None, stopped: str | None = None
    ) -> int:
        """Keep a finished game that counts in no statistics (two people, or a computer that
        is not installed) in the history; returns its id. `stopped` (one of STOPPED): a game
        with a friend elsewhere that stopped before its end, and how."""
        if stopped is not None and stopped not in STOPPED:
            raise ValueError(f"stopped must be one of {', '.join(STOPPED)}, not {stopped!r}")
        return self._add(None, stopped, replacing, game)

    def _add(
        self,
        strategy_id: str | None,
        outcome: str | None,
        replacing: int | None,
        game: FinishedGame | None,
    ) -> int:
        game = game or FinishedGame("", None, 0, False, (0, 0), "")
        with self._writing() as db:
            if replacing is not None:
                db.execute("DELETE FROM games WHERE id = ?", (replacing,))
            cursor = db.execute(
                "INSERT INTO games (finished, strategy, outcome, counted, opponent, preset, "
                "stars, replay_after_triangle, score0, score1, record) "
                "VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)",
                (
                    time.time(),
                    strategy_id,
                    outcome,
                    game.opponent,
                    game.preset,
                    game.stars,
                    int(game.replay_after_triangle),
                    *game.scores,
                    game.record,
                ),
            )
            return int(cursor.lastrowid or 0)

    def reset(self) -> None:
        """Forget every result (the history keeps its games). A damaged file that was kept
        aside stays where it is; `load_error` is cleared, since the player has now dealt with
        it."""
        if self._db is None:  # the player chose to start over: try a fresh database
            self._open()
        with self._writing() as db:
            db.execute("UPDATE games SET counted = 0")
            db.execute("DELETE FROM imported")
        self.load_error = None
        self.unavailable = False

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # --- the database ----------------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One transaction; StatisticsError (and nothing written) if it fails."""
        db = self._db
        if db is None and self.unavailable:
            self._open()  # what kept it from opening (a full disk, another program) may be over
            db = self._db
        if db is None:
            if self._unusable is not None:
                raise self._unusable
            raise StatisticsError(
                f"Statistics are not saved because the damaged file {self.path} is still in place.",
                "damaged",
            )
        try:
            db.execute(f"PRAGMA busy_timeout = {int(self.wait_s * 1000)}")
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:  # SQLite ends it itself on a full disk
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.Error as error:
            raise StatisticsError(
                f"Statistics could not be saved to {self.path} ({error}).", _reason(error)
            ) from error
        try:  # the journal emptied now: on a small disk, only the database itself takes room
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass  # another window is reading just now: the next write empties it

    def _open(self) -> None:
        try:
            self._db = self._connect()
        except _NotADatabase as error:
            self._set_aside(str(error))
        except sqlite3.DatabaseError as error:
            if _is_damage(error):
                self._set_aside(str(error))
            else:  # busy, read-only, a full disk: the file is fine, it cannot be used now
                self._cannot_use(error)
                return
        except OSError as error:  # a folder that cannot be written, ...
            self._cannot_use(error)
            return
        if self._db is None and self.corrupt_copy is not None:
            try:
                self._db = self._connect()
            except (sqlite3.Error, OSError, _NotADatabase):
                self._db = None
        if self._db is not None and self._unusable is not None:  # it can be used again
            self.unavailable = False
            self._unusable = None
            self.load_error = None
        if self._db is not None and self.corrupt_copy is None:  # set aside: it had them
            self._import_legacy()

    def _cannot_use(self, error: Exception) -> None:
        self.unavailable = True
        self._unusable = StatisticsError(
            f"Statistics could not be saved: {self.path} cannot be used now ({error}).",
            _reason(error),
        )
        self.load_error = (
            f"The statistics in {self.path} cannot be used now ({error}); this game is not "
            "counted. Close other programs that use the file, or free some disk space."
        )
        self._db = None

    def _connect(self) -> sqlite3.Connection:
        try:
            info = self.path.stat()
        except FileNotFoundError:
            info = None
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise _NotADatabase("it is not a regular file")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=self.wait_s, isolation_level=None)
        try:
            _use_wal(db, self.wait_s)
            # A short journal, emptied every few games: SQLite's own default (4 MB before it is
            # written back) would take a small disk's last space long before the games do.
            db.execute(f"PRAGMA wal_autocheckpoint = {JOURNAL_PAGES}")
            db.execute(f"PRAGMA journal_size_limit = {JOURNAL_PAGES * 4096}")
            db.executescript(SCHEMA)
            check = db.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise _NotADatabase("the database is damaged")
            for table, columns in COLUMNS.items():
                found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                if not columns <= found:
                    raise _NotADatabase(f"its table {table} is not the one this game keeps")
        except BaseException:
            db.close()
            raise
        return db

    def _set_aside(self, problem: str) -> None:
        """Move an unusable file out of the way so that it is neither lost nor overwritten."""
        try:
            target = set_aside(self.path)
        except OSError:
            self.load_error = (
                f"The statistics file {self.path} is damaged ({problem}) and could not be moved "
                "aside; statistics are shown from zero and will not be saved until it is fixed "
                "or the statistics are reset."
            )
            return
        for suffix in ("-wal", "-shm"):  # a journal goes with the file it was kept for
            journal = self.path.with_name(self.path.name + suffix)
            try:
                if journal.exists():
                    os.replace(journal, target.with_name(target.name + suffix))
            except OSError:
                pass
        self.corrupt_copy = target
        self.load_error = (
            f"The statistics file was damaged ({problem}). It was kept as {target.name} and "
            "statistics start again from zero."
        )

    def _import_legacy(self) -> None:
        """Import the counts of an earlier version's JSON file, once for all windows."""
        if self.legacy == self.path or (not self.legacy.exists() and not self.legacy.is_symlink()):
            return
        try:
            with self._writing() as db:
                if db.execute("SELECT 1 FROM meta WHERE key = 'imported_json'").fetchone():
                    return
                db.execute("INSERT INTO meta VALUES ('imported_json', ?)", (str(time.time()),))
                try:
                    results = _parse(read_regular_file(self.legacy, MAX_FILE_BYTES))
                except TooLarge:
                    problem: str | None = "it is unreasonably large"
                except OSError as error:
                    problem = f"it could not be read ({error.strerror or error})"
                except ValueError as error:
                    problem = str(error)
                else:
                    problem = None
                    db.executemany(
                        "INSERT INTO imported VALUES (?, ?, ?, ?)",
                        [(sid, r["won"], r["lost"], r["drawn"]) for sid, r in results.items()],
                    )
        except StatisticsError as error:
            self.unavailable = True
            self.load_error = str(error)
            return
        if problem is not None:
            try:
                kept = set_aside(self.legacy)
            except OSError:
                kept = self.legacy
            self.corrupt_copy = kept
            self.load_error = (
                f"The statistics file of an earlier version was damaged ({problem}). It was "
                f"kept as {kept.name} and statistics start again from zero."
            )


class _NotADatabase(Exception):
    pass


def _use_wal(db: sqlite3.Connection, wait_s: float) -> None:
    """Put the file in WAL mode (kept in the file, so done once). SQLite answers "locked" at
    once, without waiting its busy timeout, when another connection opens the same new file at
    that moment, so the switch is retried for as long as that timeout."""
    give_up = time.monotonic() + wait_s
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if not _is_busy(error) or time.monotonic() > give_up:
                raise
        time.sleep(0.01)


def _is_busy(error: sqlite3.Error) -> bool:
    return _reason(error) == "busy"


def _reason(error: Exception) -> str:
    """What kept a write from happening, as `StatisticsError.reason` names it."""
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            return "full"
        if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return "read-only"
        return "failed"
    code = getattr(error, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(error):
        return "busy"
    if primary == sqlite3.SQLITE_FULL or "disk is full" in str(error):
        return "full"
    if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
        return "read-only"
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return "damaged"
    return "failed"


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite says the file is not a database or is corrupt (not merely busy or
    read-only, which a moment or the player can fix)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
    return "not a database" in str(error) or "malformed" in str(error)


def _period_index(day: date, unit: str) -> int:
    """A running number of the day, week (from Monday) or month `day` falls in."""
    if unit == "day":
        return day.toordinal()
    if unit == "week":
        return (day.toordinal() - 1) // 7  # day 1 (1 January of year 1) was a Monday
    return day.year * 12 + day.month - 1


def _period_start(index: int, unit: str) -> date:
    if unit == "day":
        return date.fromordinal(index)
    if unit == "week":
        return date.fromordinal(index * 7 + 1)
    return date(index // 12, index % 12 + 1, 1)


def _counts(row: dict[str, int]) -> Counts:
    won, drawn, abandoned = row["won"], row["drawn"], row.get(ABANDONED, 0)
    lost = row["lost"] + abandoned
    return Counts(won + lost + drawn, won, lost, drawn, abandoned)


def _parse(raw: bytes) -> dict[str, dict[str, int]]:
    """Validate a version 1 file; raise ValueError naming the first problem."""
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError("it is not valid JSON") from error
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    if not isinstance(document, dict):
        raise ValueError("it is not a JSON object")
    if document.get("version") != FORMAT_VERSION:
        raise ValueError(f"unknown version {document.get('version')!r}")
    strategies = document.get("strategies")
    if not isinstance(strategies, dict):
        raise ValueError("'strategies' is not an object")
    results: dict[str, dict[str, int]] = {}
    for strategy_id, row in strategies.items():
        if not strategy_id:
            raise ValueError("a strategy id is empty")
        if not isinstance(row, dict) or set(row) != set(OUTCOMES):
            raise ValueError(f"the counts of '{strategy_id}' are not won/lost/drawn")
        for key in OUTCOMES:
            value = row[key]
            if type(value) is not int or not 0 <= value < 2**62:
                raise ValueError(f"'{strategy_id}' has an invalid {key} count {value!r}")
        results[strategy_id] = {key: row[key] for key in OUTCOMES}
    return results


__all__ = [
    "Counts",
    "FinishedGame",
    "HistoryEntry",
    "StatisticsError",
    "StatisticsStore",
    "default_statistics_path",
]
