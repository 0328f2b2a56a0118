"""The results database: one SQLite file holding every finished game of every tournament run
against it, so that a run resumes after a crash, continues on another machine (copy the file),
and tables are built from it (`--table`).

A pairing is identified by its contestants and conditions; its games by their index
(`schedule`). A game is written in one transaction as soon as it ends, so a crash loses at
most the games that were being played.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing
from dataclasses import asdict
from pathlib import Path

from ..strategy_runner import Failure
from .play import GameOutcome
from .schedule import Conditions, GameSpec, Pairing

SCHEMA = """
CREATE TABLE IF NOT EXISTS pairings (
    id INTEGER PRIMARY KEY,
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    preset TEXT NOT NULL,
    tolerance INTEGER,            -- NULL: the board's own
    replay_after_triangle INTEGER NOT NULL,
    budget REAL NOT NULL,
    seed INTEGER NOT NULL,
    nodes INTEGER,                -- NULL: the budget set each move's work (--nodes)
    UNIQUE (first, second, preset, tolerance, replay_after_triangle, budget, seed, nodes)
);
CREATE TABLE IF NOT EXISTS games (
    pairing INTEGER NOT NULL REFERENCES pairings (id),
    idx INTEGER NOT NULL,
    board_seed INTEGER NOT NULL,
    player0 TEXT NOT NULL,        -- label of who started
    player1 TEXT NOT NULL,
    name0 TEXT NOT NULL,
    name1 TEXT NOT NULL,
    score0 INTEGER NOT NULL,
    score1 INTEGER NOT NULL,
    seconds REAL NOT NULL,
    move_seconds TEXT NOT NULL,   -- JSON: label -> seconds of each move
    failures TEXT NOT NULL,       -- JSON list
    fallback_moves TEXT NOT NULL, -- JSON: label -> moves the fallback played
    version TEXT NOT NULL,
    commit_ TEXT NOT NULL,
    finished REAL NOT NULL,       -- Unix time
    record TEXT NOT NULL,         -- the .triangles record
    PRIMARY KEY (pairing, idx)
);
"""


class ResultsError(RuntimeError):
    """The file is not a results database this version can use."""


class ResultsDB:
    """A results database at `path` (":memory:" for one kept only while the run lasts)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            # The coordinating arena is the only writer. A rollback journal (not WAL) keeps every
            # finished game in the file itself, so copying the file alone carries them all.
            self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            self.db.executescript(SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
            if not {"idx", "record", "commit_"} <= columns:
                raise sqlite3.DatabaseError("its tables are not those of a results database")
            if "nodes" not in {row[1] for row in self.db.execute("PRAGMA table_info(pairings)")}:
                self._add_nodes()
        except sqlite3.DatabaseError as exc:
            raise ResultsError(f"{path} is not a usable results database: {exc}") from exc

    def _add_nodes(self) -> None:
        """A database from before --nodes: its pairings table again with the column, in its
        unique key too (SQLite cannot change a table's constraints in place). Games keep their
        pairings' ids."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("ALTER TABLE pairings RENAME TO pairings_before_nodes")
            self.db.executescript(SCHEMA.split("CREATE TABLE IF NOT EXISTS games")[0])
            self.db.execute(
                "INSERT INTO pairings SELECT id, first, second, preset, tolerance, "
                "replay_after_triangle, budget, seed, NULL FROM pairings_before_nodes"
            )
            self.db.execute("DROP TABLE pairings_before_nodes")

    def close(self) -> None:
        self.db.close()

    def check_writable(self) -> None:
        """Raise ResultsError unless a game could be written now: a read-only file or folder
        is told before the first game is played, not after it (nothing is changed)."""
        try:
            version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute(f"PRAGMA user_version = {version}")  # a write that changes nothing
            finally:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
        except sqlite3.Error as exc:
            raise ResultsError(f"{self.path} cannot be written: {exc}") from exc

    def _pairing_id(self, pairing: Pairing, create: bool) -> int | None:
        c = pairing.conditions
        key = (
            pairing.first,
            pairing.second,
            c.preset,
            c.tolerance,
            int(c.replay_after_triangle),
            c.budget,
            c.seed,
            c.nodes,
        )
        where = (
            "first = ? AND second = ? AND preset = ? AND tolerance IS ? AND "
            "replay_after_triangle = ? AND budget = ? AND seed = ? AND nodes IS ?"
        )
        row = self.db.execute(f"SELECT id FROM pairings WHERE {where}", key).fetchone()
        if row is None and create:
            cursor = self.db.execute(
                "INSERT INTO pairings (first, second, preset, tolerance, replay_after_triangle, "
                "budget, seed, nodes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                key,
            )
            return cursor.lastrowid
        return None if row is None else int(row[0])

    def played(self, pairing: Pairing) -> set[int]:
        """The indexes of the pairing's games already in the database."""
        pid = self._pairing_id(pairing, create=False)
        if pid is None:
            return set()
        return {k for (k,) in self.db.execute("SELECT idx FROM games WHERE pairing = ?", (pid,))}

    def add(self, outcome: GameOutcome) -> None:
        """Write a finished game (once: a game already there is kept as it is)."""
        with self.db:  # one transaction: the pairing row and the game land together or not
            self.db.execute("BEGIN IMMEDIATE")
            pid = self._pairing_id(outcome.spec.pairing, create=True)
            self.db.execute(
                "INSERT OR IGNORE INTO games VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    pid,
                    outcome.spec.index,
                    outcome.spec.seed,
                    *outcome.labels,
                    *outcome.names,
                    *outcome.scores,
                    outcome.seconds,
                    json.dumps(outcome.move_seconds),
                    json.dumps([asdict(f) for f in outcome.failures]),
                    json.dumps(outcome.fallback_moves),
                    outcome.version,
                    outcome.commit,
                    time.time(),
                    outcome.record,
                ),
            )

    def pairings(self) -> list[Pairing]:
        """Every pairing with at least one game, in the order they were first played."""
        rows = self.db.execute(
            "SELECT first, second, preset, tolerance, replay_after_triangle, budget, seed, nodes "
            "FROM pairings WHERE id IN (SELECT pairing FROM games) ORDER BY id"
        )
        return [
            Pairing(first, second, Conditions(preset, tolerance, bool(replay), budget, seed, nodes))
            for first, second, preset, tolerance, replay, budget, seed, nodes in rows
        ]

    def outcomes(self, pairing: Pairing) -> Iterator[GameOutcome]:
        """The pairing's games in the database, by index."""
        pid = self._pairing_id(pairing, create=False)
        if pid is None:
            return
        with closing(self.db.cursor()) as cursor:
            cursor.execute(
                "SELECT idx, board_seed, player0, player1, name0, name1, score0, score1, "
                "seconds, move_seconds, failures, fallback_moves, version, commit_, record "
                "FROM games WHERE pairing = ? ORDER BY idx",
                (pid,),
            )
            for row in cursor:
                k, seed, l0, l1, n0, n1, s0, s1, secs, moves, fails, backup, ver, sha, rec = row
                spec = GameSpec(pairing, k, seed, _players(pairing, (l0, l1)), (l0, l1))
                yield GameOutcome(
                    spec,
                    (l0, l1),
                    (n0, n1),
                    spec.players,
                    (s0, s1),
                    secs,
                    json.loads(moves),
                    [Failure(**f) for f in json.loads(fails)],
                    json.loads(backup),
                    rec,
                    ver,
                    sha,
                )


def _players(pairing: Pairing, labels: tuple[str, str]) -> tuple[str, str]:
    by_label = dict(zip(pairing.labels, (pairing.first, pairing.second), strict=True))
    return by_label[labels[0]], by_label[labels[1]]
