"""Statistics of games against the computer: counting, draws, atomic saving, damaged files."""

from __future__ import annotations

import json
import os

import pytest

from triangles_qt import statistics
from triangles_qt.statistics import Counts, StatisticsError, StatisticsStore


@pytest.fixture
def path(tmp_path):
    return tmp_path / "statistics.json"


def test_a_new_store_is_empty_and_creates_no_file(path):
    store = StatisticsStore(path)
    assert store.per_strategy() == {}
    assert store.totals() == Counts(0, 0, 0, 0)
    assert store.load_error is None
    assert not path.exists()


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


def test_a_draw_is_neither_a_win_nor_a_loss(path):
    store = StatisticsStore(path)
    store.record_result("hard", "drawn")
    counts = store.per_strategy()["hard"]
    assert (counts.played, counts.won, counts.lost, counts.drawn) == (1, 0, 0, 1)


def test_results_survive_a_restart(path):
    store = StatisticsStore(path)
    store.record_result("hard", "lost")
    store.record_result("hard", "won")
    again = StatisticsStore(path)
    assert again.per_strategy() == {"hard": Counts(2, 1, 1, 0)}
    assert again.load_error is None
    assert json.loads(path.read_text())["version"] == 1


@pytest.mark.parametrize(("strategy", "outcome"), [("hard", "win"), ("hard", ""), ("", "won")])
def test_nonsense_results_are_refused(path, strategy, outcome):
    store = StatisticsStore(path)
    with pytest.raises(ValueError):
        store.record_result(strategy, outcome)
    assert store.per_strategy() == {}


def test_a_result_can_replace_the_one_its_game_counted_before_in_one_write(path):
    store = StatisticsStore(path)
    store.record_result("hard", "won")
    store.record_result("hard", "lost")
    store.record_result("easy", "drawn")
    store.record_result("hard", "won", replacing=("hard", "lost"))
    store.record_result("medium", "lost", replacing=("easy", "drawn"))  # its only game: row goes
    assert StatisticsStore(path).per_strategy() == {
        "hard": Counts(2, 2, 0, 0),
        "medium": Counts(1, 0, 1, 0),
    }
    store.reset()  # the replaced game is no longer there: only the new result is counted
    store.record_result("hard", "drawn", replacing=("hard", "won"))
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(1, 0, 0, 1)}


def test_a_failed_write_leaves_the_old_file_and_the_counts(path, monkeypatch):
    store = StatisticsStore(path)
    store.record_result("hard", "won")
    before = path.read_bytes()

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(statistics.os, "replace", refuse)
    with pytest.raises(StatisticsError, match="No space left"):
        store.record_result("hard", "lost")
    assert path.read_bytes() == before
    assert store.per_strategy() == {"hard": Counts(1, 1, 0, 0)}
    assert [p.name for p in path.parent.iterdir()] == ["statistics.json"]  # no temporary left


def test_the_write_is_flushed_to_disk(path, monkeypatch):
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(statistics.os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    StatisticsStore(path).record_result("easy", "won")
    assert synced


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe\x00",
        b"[]",
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
def test_a_damaged_file_is_kept_aside_and_reported(path, content):
    path.write_bytes(content)
    store = StatisticsStore(path)
    assert store.per_strategy() == {}
    assert store.load_error is not None
    assert store.corrupt_copy is not None
    assert store.corrupt_copy.name.startswith("statistics.json.corrupt-")
    assert store.corrupt_copy.name in store.load_error
    assert store.corrupt_copy.read_bytes() == content
    assert not path.exists()

    store.record_result("hard", "won")  # counting starts again without touching the kept file
    assert store.corrupt_copy.read_bytes() == content
    assert StatisticsStore(path).per_strategy() == {"hard": Counts(1, 1, 0, 0)}


def test_two_damaged_files_in_the_same_second_are_both_kept(path):
    path.write_text("garbage 1")
    first = StatisticsStore(path).corrupt_copy
    path.write_text("garbage 2")
    second = StatisticsStore(path).corrupt_copy
    assert first != second
    assert first.read_text() == "garbage 1" and second.read_text() == "garbage 2"


def test_a_damaged_file_that_cannot_be_moved_is_never_overwritten(path, monkeypatch):
    path.write_text("garbage")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr(statistics.os, "replace", refuse)
        store = StatisticsStore(path)
    assert store.load_error is not None and "could not be moved" in store.load_error
    with pytest.raises(StatisticsError):
        store.record_result("hard", "won")
    assert path.read_text() == "garbage"
    store.reset()  # an explicit reset by the player starts over
    assert store.per_strategy() == {}
    assert json.loads(path.read_text())["strategies"] == {}


def test_an_unreadable_path_is_reported(tmp_path):
    folder = tmp_path / "statistics.json"
    folder.mkdir()
    store = StatisticsStore(folder)
    assert store.load_error is not None
    assert store.per_strategy() == {}


def test_reset_forgets_everything(path):
    store = StatisticsStore(path)
    store.record_result("easy", "won")
    store.record_result("hard", "drawn")
    store.reset()
    assert store.per_strategy() == {}
    assert store.totals() == Counts()
    assert StatisticsStore(path).per_strategy() == {}


def test_the_default_path_follows_the_user_data_override(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(tmp_path / "data"))
    store = StatisticsStore()
    assert store.path == tmp_path / "data" / "statistics.json"
    store.record_result("easy", "lost")  # creates the folder
    assert store.path.exists()
