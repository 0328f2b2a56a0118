"""Statistics and history of games against the computer: counting, draws, replacing a result,
several windows (and processes) on one database, damaged files, and the import of the JSON
statistics of earlier versions."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

from triangles_qt import statistics
from triangles_qt.statistics import Counts, FinishedGame, StatisticsError, StatisticsStore


@pytest.fixture
def path(tmp_path):
    return tmp_path / "history.sqlite"


def finished(opponent="Medium", scores=(10, 8), record="{}") -> FinishedGame:
    return FinishedGame(opponent, "phone-24", 24, False, scores, record)


def test_a_new_store_is_empty(path):
    store = StatisticsStore(path)
    assert store.per_strategy() == {}
    assert store.totals() == Counts(0, 0, 0, 0)
    assert store.history() == []
    assert store.load_error is None


def test_results_are_counted_per_strategy_and_in_total(path):
    store = StatisticsStore(path)
    for outcome in ("won", "won", "lost"):
        store.record_result("medium", outcome)
    store.record_result("easy", "drawn")
    assert store.per_strategy() == {
        "easy": Counts(played=1, won=0, lost=0, drawn=1),
        "medium": Counts(played=3, won=2, lost=1, drawn=0),
    }
    assert store.totals() == Counts(played=4, won=2, lost=1, drawn=1)


def test_an_abandoned_game_counts_as_lost_and_is_told_apart(path):
    store = StatisticsStore(path)
    store.record_result("hard", "lost")
    store.record_result("hard", "abandoned", game=finished())
    store.record_result("hard", "won")
    assert store.per_strategy() == {"hard": Counts(3, 1, 2, 0, abandoned=1)}
    assert store.totals() == Counts(3, 1, 2, 0, abandoned=1)
    assert [entry.outcome for entry in store.history()] == ["won", "abandoned", "lost"]


def _finished_at(store, stamps):
    """Date the store's games, oldest id first, at these local times."""
    from datetime import datetime

    with sqlite3.connect(store.path) as db:
        ids = [row[0] for row in db.execute("SELECT id FROM games ORDER BY id")]
        for game_id, stamp in zip(ids, stamps, strict=True):
            db.execute(
                "UPDATE games SET finished = ? WHERE id = ?",
                (datetime(*stamp).timestamp(), game_id),
            )


def test_results_over_time_are_grouped_by_the_smallest_period_that_shows_them(path):
    from datetime import date

    store = StatisticsStore(path)
    assert store.results_by_period() == ("day", [])
    for outcome in ("won", "lost", "won", "drawn", "abandoned"):
        store.record_result("easy", outcome)
    store.record_game(finished())  # two people: not counted, not in the chart
    _finished_at(
        store,
        [
            (2026, 12, 1, 23, 59),
            (2026, 12, 2, 0, 1),
            (2026, 12, 2, 9),
            (2026, 12, 4, 10),
            (2026, 12, 4, 11),
            (2026, 12, 4, 12),
        ],
    )
    unit, periods = store.results_by_period()
    assert unit == "day" and len(periods) == 12  # the last twelve days, empty ones too
    assert periods[-1] == (date(2026, 12, 4), Counts(2, 0, 1, 1, abandoned=1))
    assert periods[-2] == (date(2026, 12, 3), Counts())
    assert periods[-3] == (date(2026, 12, 2), Counts(2, 1, 1, 0))
    assert periods[-4] == (date(2026, 12, 1), Counts(1, 1, 0, 0))
    _finished_at(
        store,
        [(2026, 9, 14), (2026, 11, 30), (2026, 12, 2), (2026, 12, 6), (2026, 12, 6), (2026, 12, 6)],
    )
    unit, periods = store.results_by_period()  # 12 weeks: by week, from Monday
    assert unit == "week" and len(periods) == 12
    assert periods[0] == (date(2026, 9, 14), Counts(1, 1, 0, 0))
    assert periods[-1] == (date(2026, 11, 30), Counts(4, 1, 2, 1, abandoned=1))
    _finished_at(
        store,
        [(2024, 1, 5), (2025, 6, 1), (2026, 12, 2), (2026, 12, 6), (2026, 12, 6), (2026, 12, 6)],
    )
    unit, periods = store.results_by_period()
    assert unit == "month" and periods[-1][0] == date(2026, 12, 1)
    assert periods[0][0] == date(2026, 1, 1) and periods[-1][1].played == 3
    assert sum(counts.played for _, counts in periods) == 3  # 2024 and 2025: too long ago


def test_results_survive_a_restart(path):
    store = StatisticsStore(path)
    store.record_result("hard", "lost")
    store.record_result("hard", "won")
    store.close()
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(2, 1, 1, 0)}


@pytest.mark.parametrize(
    "strategy, outcome", [("", "won"), (None, "won"), ("hard", "victory"), ("hard", None)]
)
def test_nonsense_results_are_refused(path, strategy, outcome):
    store = StatisticsStore(path)
    with pytest.raises(ValueError):
        store.record_result(strategy, outcome)
    assert store.per_strategy() == {} and store.history() == []


def test_a_result_replaces_the_one_its_game_counted_before_in_one_write(path):
    store = StatisticsStore(path)
    store.record_result("hard", "won")
    lost = store.record_result("hard", "lost")
    drawn = store.record_result("easy", "drawn")
    store.record_result("hard", "won", replacing=lost)
    again = store.record_result("medium", "lost", replacing=drawn)  # its only game: row goes
    assert StatisticsStore(path).per_strategy() == {
        "hard": Counts(2, 2, 0, 0),
        "medium": Counts(1, 0, 1, 0),
    }
    store.reset()  # the replaced game no longer counts: only the new result is counted
    store.record_result("hard", "drawn", replacing=again)
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(1, 0, 0, 1)}
    assert len(store.history()) == 3  # a game replaced is one game


def test_the_history_keeps_every_finished_game_with_its_record_newest_first(path):
    store = StatisticsStore(path)
    first = store.record_result("easy", "won", game=finished("Easy", (12, 3), '{"a": 1}'))
    second = store.record_game(finished("Ana – Boris", (7, 7), '{"b": 2}'))  # two people
    entries = store.history()
    assert [e.id for e in entries] == [second, first]
    assert entries[0].outcome is None and entries[0].opponent == "Ana – Boris"
    assert entries[1].outcome == "won" and entries[1].scores == (12, 3)
    assert entries[1].preset == "phone-24" and entries[1].stars == 24
    assert store.record_of(first) == '{"a": 1}' and store.record_of(999) is None
    assert store.per_strategy() == {"easy": Counts(1, 1, 0, 0)}  # people's games never count
    store.reset()
    assert store.totals() == Counts() and len(store.history()) == 2


def test_two_windows_on_one_database_count_every_game_exactly_once(path):
    first, second = StatisticsStore(path), StatisticsStore(path)
    for k in range(15):
        first.record_result("medium", "won" if k % 3 else "lost")
        second.record_result("medium", "drawn")
    for store in (first, second, StatisticsStore(path)):
        assert store.per_strategy()["medium"] == Counts(30, 10, 5, 15)


def test_two_processes_recording_at_the_same_time_lose_nothing(path):
    script = (
        "import sys\nfrom triangles_qt.statistics import StatisticsStore\n"
        "store = StatisticsStore(sys.argv[1])\n"
        "for _ in range(15):\n    store.record_result('hard', sys.argv[2])\n"
    )
    processes = [
        subprocess.Popen([sys.executable, "-c", script, str(path), outcome])
        for outcome in ("won", "lost")
    ]
    assert [p.wait(timeout=120) for p in processes] == [0, 0]
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(30, 15, 15, 0)}


def test_a_failed_write_changes_nothing_and_says_why(path, monkeypatch):
    store = StatisticsStore(path)
    store.record_result("hard", "won")
    blocked = StatisticsStore(path, wait_s=0.1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the file
    try:
        with pytest.raises(StatisticsError, match="could not be saved"):
            blocked.record_result("hard", "lost")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.per_strategy() == {"hard": Counts(1, 1, 0, 0)}


@pytest.mark.parametrize(
    "content",
    [b"garbage that is no database", b"SQLite format 3\x00" + b"\x07" * 200, b"{}" * 3000],
)
def test_a_damaged_database_is_kept_aside_and_reported(path, content):
    path.write_bytes(content)
    store = StatisticsStore(path)
    assert store.per_strategy() == {}
    assert store.load_error is not None and store.corrupt_copy is not None
    assert store.corrupt_copy.name.startswith("history.sqlite.corrupt-")
    assert store.corrupt_copy.name in store.load_error
    assert store.corrupt_copy.read_bytes() == content
    store.record_result("hard", "won")  # counting starts again without touching the kept file
    assert store.corrupt_copy.read_bytes() == content
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(1, 1, 0, 0)}


def test_two_damaged_files_in_the_same_second_are_both_kept(path):
    path.write_text("garbage 1" * 100)
    store = StatisticsStore(path)
    first = store.corrupt_copy
    store.close()
    path.write_text("garbage 2" * 100)
    second = StatisticsStore(path).corrupt_copy
    assert first != second
    assert first.read_text().startswith("garbage 1") and second.read_text().startswith("garbage 2")


def test_a_damaged_file_that_cannot_be_moved_is_never_overwritten(path, monkeypatch):
    path.write_text("garbage" * 100)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr(statistics.os, "replace", refuse)
        patch.setattr("triangles_qt.core.atomic_file.os.replace", refuse)
        store = StatisticsStore(path)
        assert store.load_error is not None and "could not be moved" in store.load_error
        with pytest.raises(StatisticsError):
            store.record_result("hard", "won")
    assert path.read_text() == "garbage" * 100


def test_a_folder_in_its_place_is_reported(tmp_path):
    folder = tmp_path / "history.sqlite"
    folder.mkdir()
    store = StatisticsStore(folder)
    assert store.load_error is not None
    assert store.per_strategy() == {}


def test_the_default_path_follows_the_user_data_override(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(tmp_path / "data"))
    store = StatisticsStore()
    assert store.path == tmp_path / "data" / "history.sqlite"
    assert store.legacy == tmp_path / "data" / "statistics.json"
    store.record_result("easy", "lost")
    assert store.path.exists()


# -- the JSON statistics of earlier versions ------------------------------------------------------


def legacy_file(path, strategies) -> None:
    path.with_name("statistics.json").write_text(
        json.dumps({"version": 1, "strategies": strategies})
    )


def test_the_json_statistics_of_an_earlier_version_are_imported_once(path):
    legacy_file(path, {"hard": {"won": 3, "lost": 1, "drawn": 0}})
    first = StatisticsStore(path)
    second = StatisticsStore(path)  # another window started at the same time imports nothing
    first.record_result("hard", "drawn")
    assert second.per_strategy() == {"hard": Counts(5, 3, 1, 1)}
    assert path.with_name("statistics.json").exists()  # left as it was, never read again
    first.reset()
    assert StatisticsStore(path).per_strategy() == {}


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00",
        b"[]",
        b"[" * 200_000 + b"]" * 200_000,
        b'{"version": 2, "strategies": {}}',
        b'{"version": 1, "strategies": []}',
        b'{"version": 1, "strategies": {"hard": {"won": -1, "lost": 0, "drawn": 0}}}',
        b'{"version": 1, "strategies": {"hard": {"won": "3", "lost": 0, "drawn": 0}}}',
        b'{"version": 1, "strategies": {"hard": {"won": 1.5, "lost": 0, "drawn": 0}}}',
        b'{"version": 1, "strategies": {"hard": {"won": true, "lost": 0, "drawn": 0}}}',
        b'{"version": 1, "strategies": {"hard": {"won": 1, "lost": 0}}}',
        b'{"version": 1, "strategies": {"hard": [1, 0, 0]}}',
        b'{"version": 1, "strategies": {"": {"won": 1, "lost": 0, "drawn": 0}}}',
    ],
)
def test_a_damaged_json_file_is_kept_aside_and_reported_once(path, content):
    old = path.with_name("statistics.json")
    old.write_bytes(content)
    store = StatisticsStore(path)
    assert store.per_strategy() == {}
    assert store.corrupt_copy is not None and store.corrupt_copy.read_bytes() == content
    assert store.corrupt_copy.name.startswith("statistics.json.corrupt-")
    assert store.corrupt_copy.name in store.load_error and not old.exists()
    store.record_result("hard", "won")
    assert StatisticsStore(path).load_error is None


def test_a_busy_database_is_reported_and_never_set_aside(path, monkeypatch):
    first = StatisticsStore(path)
    first.record_result("hard", "won")
    first.close()

    def busy(self):
        raise sqlite3.OperationalError("database is locked")  # as SQLite says it

    monkeypatch.setattr(StatisticsStore, "_connect", busy)
    store = StatisticsStore(path)
    assert store.corrupt_copy is None and not list(path.parent.glob("*.corrupt-*"))
    assert store.load_error is not None and "cannot be used now" in store.load_error
    with pytest.raises(StatisticsError):
        store.record_result("hard", "lost")
    monkeypatch.undo()
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(1, 1, 0, 0)}


def test_a_database_set_aside_keeps_its_journal(path, monkeypatch):
    store = StatisticsStore(path)
    store.record_result("hard", "won")
    wal = path.with_name(path.name + "-wal")
    assert wal.exists()  # the game may sit there until a checkpoint
    monkeypatch.setattr(
        StatisticsStore,
        "_connect",
        lambda self: (_ for _ in ()).throw(statistics._NotADatabase("x")),
    )
    other = StatisticsStore(path)
    assert other.corrupt_copy is not None
    assert other.corrupt_copy.with_name(other.corrupt_copy.name + "-wal").exists()


def test_rows_another_program_wrote_badly_are_skipped(path):
    store = StatisticsStore(path)
    good = store.record_result("easy", "won", game=finished())
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO games VALUES (NULL, 1.0, 'easy', 'victory', 1, 'x', NULL, 'many', 0, "
            "0, 0, '')"
        )
        db.execute("INSERT INTO imported VALUES ('hard', -5, 'x', 2)")
    assert store.per_strategy() == {"easy": Counts(1, 1, 0, 0)}
    assert [entry.id for entry in store.history()] == [good]


def test_an_absurd_legacy_count_is_refused_not_a_crash(path):
    legacy_file(path, {"hard": {"won": 2**70, "lost": 0, "drawn": 0}})
    store = StatisticsStore(path)
    assert store.load_error is not None and store.per_strategy() == {}


def test_a_busy_file_is_named_busy(path):
    StatisticsStore(path).record_result("hard", "won")
    blocked = StatisticsStore(path, wait_s=0.1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StatisticsError) as raised:
            blocked.record_result("hard", "lost")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert raised.value.reason == "busy"
    blocked.record_result("hard", "lost")  # free again: it is written
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(2, 1, 1, 0)}


def test_a_full_disk_is_called_full_and_not_in_use(path):
    store = StatisticsStore(path)
    store.record_result("hard", "won")
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
    game = FinishedGame("Hard", "phone-60", 60, False, (3, 4), "x" * 20_000)
    with pytest.raises(StatisticsError) as raised:
        store.record_result("hard", "lost", game=game)
    assert raised.value.reason == "full"
    assert "in use" not in str(raised.value)
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(1, 1, 0, 0)}


def test_a_file_that_could_not_be_opened_is_tried_again_at_the_next_write(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    store = StatisticsStore(blocker / statistics.FILE_NAME)
    assert store.unavailable
    with pytest.raises(StatisticsError) as raised:
        store.record_result("hard", "won")
    assert "in use" not in str(raised.value) and "Not a directory" in str(raised.value)
    blocker.unlink()  # the player made room
    store.record_result("hard", "won")
    assert not store.unavailable and store.load_error is None
    assert StatisticsStore(blocker / statistics.FILE_NAME).per_strategy() == {
        "hard": Counts(1, 1, 0, 0)
    }


def test_a_database_of_another_kind_is_kept_aside_and_counting_goes_on(path):
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT)")
    other.execute("INSERT INTO games (name) VALUES ('someone else''s data')")
    other.commit()
    other.close()
    store = StatisticsStore(path)
    assert store.corrupt_copy is not None and "games" in store.load_error
    kept = sqlite3.connect(store.corrupt_copy)
    assert kept.execute("SELECT name FROM games").fetchall() == [("someone else's data",)]
    kept.close()
    store.record_result("hard", "won")
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(1, 1, 0, 0)}


def test_the_journal_stays_small_however_many_games_are_kept(path):
    store = StatisticsStore(path)
    for k in range(100):
        game = FinishedGame("Hard", "phone-60", 60, False, (k, 1), f"{k}" + "x" * 5000)
        store.record_result("hard", "won", game=game)
    journal = path.with_name(path.name + "-wal")
    assert journal.stat().st_size == 0  # emptied after each game: a small disk holds more games
    assert store.history_size() == 100 and len(store.history(limit=10)) == 10


def test_a_game_already_kept_is_found_by_its_record(path):
    store = StatisticsStore(path)
    game = FinishedGame("Hard", "phone-60", 60, False, (3, 4), "the record")
    kept = store.record_result("hard", "lost", game=game)
    assert store.holds("the record") == kept
    assert store.holds("another record") is None and store.holds("") is None
