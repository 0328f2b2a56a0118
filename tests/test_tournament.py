"""Tournaments: statistics, schedules, the results database and resuming, parallel and cluster
runs that agree with a sequential one, SPRT stops, and the arena's tournament options."""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from triangles_qt import arena
from triangles_qt.builtin_plugins.hard import Hard
from triangles_qt.computer_move import limited_to
from triangles_qt.core.board import Board
from triangles_qt.tournament import report, stats
from triangles_qt.tournament import run as run_module
from triangles_qt.tournament.executors import InlineExecutor
from triangles_qt.tournament.play import GameOutcome, RunSetup
from triangles_qt.tournament.results import SCHEMA, ResultsDB, ResultsError
from triangles_qt.tournament.run import pairing_folder, run_tournament
from triangles_qt.tournament.schedule import Conditions, Pairing, interleaved, pairings

CONDITIONS = Conditions("phone-24", None, False, 0.2, 7)


@pytest.fixture(autouse=True)
def clean_env(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(tmp_path / "user-data"))
    monkeypatch.delenv("TRIANGLES_PLUGIN_PATH", raising=False)


# -- statistics ----------------------------------------------------------------------------------


@given(st.floats(min_value=-1500, max_value=1500))
def test_score_and_elo_are_inverse(elo):
    assert stats.elo_from_score(stats.score_from_elo(elo)) == pytest.approx(elo, abs=1e-6)


def test_elo_of_known_scores():
    assert stats.elo_from_score(0.5) == 0
    assert stats.elo_from_score(0.75) == pytest.approx(190.85, abs=0.01)
    assert stats.elo_from_score(1.0) == math.inf and stats.elo_from_score(0.0) == -math.inf


def test_the_trinomial_interval_matches_the_normal_approximation():
    estimate = stats.trinomial(60, 20, 20)  # score 0.7
    variance = (60 * 0.3**2 + 20 * 0.2**2 + 20 * 0.7**2) / 100
    half = stats.Z95 * math.sqrt(variance / 100)
    assert estimate.elo == pytest.approx(stats.elo_from_score(0.7))
    assert estimate.low == pytest.approx(stats.elo_from_score(0.7 - half))
    assert estimate.high == pytest.approx(stats.elo_from_score(0.7 + half))
    assert str(estimate).startswith("+147 ± ")


def test_a_lopsided_interval_is_shown_by_its_ends():
    """13 pairs, 10 won twice and 3 split: the interval is about +209 to +1359, which a
    "+354 ± 575" would misstate as reaching below 0."""
    estimate = stats.pentanomial([0, 0, 3, 0, 10])
    assert 150 < estimate.low < 300 and estimate.high > 1000
    assert str(estimate) == f"{estimate.elo:+.0f} ({estimate.low:+.0f} to {estimate.high:+.0f})"


def test_a_clean_sweep_has_an_infinite_estimate_and_the_exact_one_sided_bound():
    estimate = stats.trinomial(10, 0, 0)
    assert estimate.elo == math.inf
    assert estimate.low == pytest.approx(stats.elo_from_score(0.05 ** (1 / 10)))
    assert str(estimate) == f"{estimate.low:+.0f} to +inf"  # both ends, one of them infinite
    lost = stats.pentanomial([4, 0, 0, 0, 0])
    assert str(lost) == f"-inf to {lost.high:+.0f}"
    assert stats.trinomial(0, 0, 0) is None


def test_pairs_that_cancel_the_board_give_a_narrower_interval_than_the_same_games_alone():
    # 20 boards; on each the starter wins (a win and a loss per pair) except 4 boards won twice
    pairs = [0, 0, 16, 0, 4]
    games = (16 + 8, 0, 16)  # wins, draws, losses over the 40 games
    paired, single = stats.pentanomial(pairs), stats.trinomial(*games)
    assert paired.elo == pytest.approx(single.elo)
    assert paired.high - paired.low < single.high - single.low


def test_sprt_stops_a_lopsided_match_within_a_few_pairs_and_not_after_one():
    sprt = stats.Sprt(0, 50, 0.05, 0.05)
    assert sprt.bounds == pytest.approx((math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
    assert sprt.decision([0, 0, 0, 0, 1]) is None
    decided_at = next(n for n in range(1, 100) if sprt.decision([0, 0, 0, 0, n]) == "H1")
    assert 3 <= decided_at <= 12
    assert next(n for n in range(1, 100) if sprt.decision([n, 0, 0, 0, 0]) == "H0") <= 12


def test_sprt_accepts_h0_for_equal_players_and_h1_for_a_clearly_better_one():
    sprt = stats.Sprt(0, 50)
    even = [10, 20, 40, 20, 10]  # symmetric: score 0.5
    assert sprt.llr(even) < 0 and sprt.decision([4 * c for c in even]) == "H0"
    better = [5, 10, 30, 30, 25]  # mean score 0.65, about +108 Elo
    assert sprt.llr(better) > 0 and sprt.decision([4 * c for c in better]) == "H1"
    with pytest.raises(ValueError):
        stats.Sprt(50, 0)
    with pytest.raises(ValueError):
        stats.Sprt(0, 50, alpha=0)


def test_sprt_errors_stay_near_alpha_and_beta_in_simulated_matches():
    """Brute force: many simulated matches between players exactly at H0 and exactly at H1."""
    sprt, rng = stats.Sprt(0, 100, 0.1, 0.1), random.Random(5)

    def wrong_verdicts(elo: float, wrong: str) -> float:
        p = stats.score_from_elo(elo)
        wrongs = 0
        for _ in range(300):
            counts = [0] * 5
            while (verdict := sprt.decision(counts)) is None:
                first, second = rng.random() < p, rng.random() < p
                counts[2 * (first + second)] += 1
            wrongs += verdict == wrong
        return wrongs / 300

    assert wrong_verdicts(0, "H1") < 0.2
    assert wrong_verdicts(100, "H0") < 0.2


def test_the_ranking_orders_players_by_their_results_around_a_mean_of_zero():
    games = (
        [("a", "b", 1.0)] * 7
        + [("a", "b", 0.0)] * 3
        + [("b", "c", 1.0)] * 7
        + [("b", "c", 0.0)] * 3
        + [("a", "c", 1.0)] * 10  # a clean sweep: the virtual draws keep it finite
    )
    ratings = stats.ranking(["c", "b", "a"], games)
    assert [r.player for r in ratings] == ["a", "b", "c"]
    assert sum(r.elo for r in ratings) == pytest.approx(0, abs=1e-6)
    assert all(math.isfinite(r.elo) and 0 < r.interval < 1000 for r in ratings)
    even = stats.ranking(["x", "y"], [("x", "y", 1.0), ("x", "y", 0.0)])
    assert even[0].elo == pytest.approx(0, abs=1e-6)


def test_two_players_rate_as_the_closed_form_says():
    """7 wins in 10 plus the virtual draw: x scores 7.5 of 11, so x - y = 400 log10(7.5 / 3.5),
    split evenly around the mean of 0."""
    games = [("x", "y", 1.0)] * 7 + [("x", "y", 0.0)] * 3
    x, y = stats.ranking(["x", "y"], games)
    assert x.elo == pytest.approx(400 * math.log10(7.5 / 3.5) / 2, abs=1e-6)
    assert y.elo == pytest.approx(-x.elo)
    # The interval from the Fisher information: the variance of the difference is
    # 1 / (n p (1 - p) c^2) with c = ln(10) / 400, split over two players with mean 0.
    p, c = 7.5 / 11, math.log(10) / 400
    half_difference = stats.Z95 / math.sqrt(11 * p * (1 - p) * c**2)
    assert x.interval == pytest.approx(half_difference / 2, rel=1e-6)


def test_no_interval_is_claimed_without_spread():
    for estimate in (stats.pentanomial([0, 0, 7, 0, 0]), stats.pentanomial([0, 1, 0, 0, 0])):
        assert math.isinf(estimate.low) and math.isinf(estimate.high)
        assert "inf" in str(estimate)
    assert str(stats.pentanomial([0, 0, 7, 0, 0])).startswith("+0 ")  # not "-0"


def test_sprt_gives_no_verdict_before_two_pairs_and_refuses_bad_settings():
    assert stats.Sprt(200, 800).decision([0, 0, 0, 0, 0]) is None
    assert stats.Sprt(200, 800).decision([1, 0, 0, 0, 0]) is None
    with pytest.raises(ValueError):
        stats.Sprt(0, 50, alpha=0.6, beta=0.5)
    with pytest.raises(ValueError):
        stats.Sprt(0, 1e9)


# -- schedules -----------------------------------------------------------------------------------


def test_game_k_plays_board_seed_plus_k_halved_with_the_seats_swapped_in_odd_games():
    pairing = Pairing("hard", "easy", CONDITIONS)
    games = [pairing.game(k) for k in range(4)]
    assert [g.seed for g in games] == [7, 7, 8, 8]
    assert [g.players for g in games] == [("hard", "easy"), ("easy", "hard")] * 2
    same = Pairing("easy", "easy", CONDITIONS)
    assert same.game(1).labels == ("easy#2", "easy#1")


def test_gauntlets_and_round_robins_pair_the_right_players():
    ids = ["a", "b", "c", "d"]
    gauntlet = pairings("gauntlet", ids, CONDITIONS)
    assert [(p.first, p.second) for p in gauntlet] == [("a", "b"), ("a", "c"), ("a", "d")]
    robin = pairings("round-robin", ids, CONDITIONS)
    assert len(robin) == 6 and len({frozenset((p.first, p.second)) for p in robin}) == 6
    with pytest.raises(ValueError):
        pairings("match", ids, CONDITIONS)


def test_interleaving_advances_every_pairing_a_pair_at_a_time():
    one, two = Pairing("a", "b", CONDITIONS), Pairing("a", "c", CONDITIONS)
    order = interleaved({one: [0, 1, 2, 3], two: [1, 2, 3]})
    assert [(g.pairing.second, g.index) for g in order] == [
        ("b", 0),
        ("b", 1),
        ("c", 1),
        ("b", 2),
        ("b", 3),
        ("c", 2),
        ("c", 3),
    ]


# -- the results database and resuming -----------------------------------------------------------


class FakeGames:
    """Plays no real game: the first contestant wins on even seeds, and a record is stored."""

    def __init__(self) -> None:
        self.played: list[tuple[str, int]] = []

    def __call__(self, spec, setup) -> GameOutcome:
        self.played.append((spec.pairing.second, spec.index))
        first_wins = spec.seed % 2 == 0
        winner = 0 if (spec.labels[0] == spec.pairing.labels[0]) == first_wins else 1
        scores = (5, 3) if winner == 0 else (3, 5)
        return GameOutcome(
            spec,
            spec.labels,
            spec.labels,
            spec.players,
            scores,
            0.5,
            {label: [0.1, 0.2] for label in spec.labels},
            [],
            {label: 0 for label in spec.labels},
            record=f"record {spec.index}",
            commit="abc1234",
        )


def test_every_game_is_written_as_it_ends_and_a_rerun_plays_only_what_is_missing(tmp_path):
    path = tmp_path / "results.sqlite"
    pairing = Pairing("a", "b", CONDITIONS)
    fake = FakeGames()

    class Crash(Exception):
        pass

    def crashing(spec, setup):
        if spec.index == 3:
            raise Crash  # as a machine that goes down in the middle of game 4
        return fake(spec, setup)

    db = ResultsDB(path)
    with pytest.raises(Crash):
        run_tournament([pairing], 6, db, InlineExecutor(), RunSetup(), player=crashing)
    db.close()
    stored = sqlite3.connect(path).execute("SELECT idx FROM games ORDER BY idx").fetchall()
    assert stored == [(0,), (1,), (2,)]
    fake.played.clear()
    db = ResultsDB(path)  # "another machine": only the file carries over
    (tally,) = run_tournament([pairing], 6, db, InlineExecutor(), RunSetup(), player=fake)
    assert fake.played == [("b", 3), ("b", 4), ("b", 5)]
    assert [g.spec.index for g in tally.games] == list(range(6))
    assert tally.wdl() == (2, 0, 4) and tally.pentanomial() == [2, 0, 0, 0, 1]  # seeds 7, 8, 9
    again = list(db.outcomes(pairing))
    assert [g.record for g in again] == [f"record {k}" for k in range(6)]
    assert again[0].commit == "abc1234" and again[1].labels == ("b", "a")
    assert again[1].move_seconds == {"b": [0.1, 0.2], "a": [0.1, 0.2]}
    fake.played.clear()
    run_tournament([pairing], 6, db, InlineExecutor(), RunSetup(), player=fake)
    assert fake.played == []  # nothing left to play
    other = Pairing("a", "b", Conditions("phone-24", None, True, 0.2, 7))
    assert db.played(other) == set()  # other rules: another pairing
    assert db.pairings() == [pairing]
    db.close()


def test_an_sprt_stops_handing_out_a_decided_pairing_and_a_rerun_plays_none_of_it(tmp_path):
    class Lopsided(FakeGames):
        """ "a" always beats "b"; against "c" it wins both games of a board or neither."""

        def __call__(self, spec, setup):
            outcome = super().__call__(spec, setup)
            if spec.pairing.second == "b":
                won = spec.labels[0] == "a"
                outcome.scores = (5, 3) if won else (3, 5)
            return outcome

    fake = Lopsided()
    db = ResultsDB(tmp_path / "r.sqlite")
    sprt = stats.Sprt(0, 50)
    lopsided, even = Pairing("a", "b", CONDITIONS), Pairing("a", "c", CONDITIONS)
    tallies = run_tournament(
        [lopsided, even], 200, db, InlineExecutor(), RunSetup(), 2, sprt, None, player=fake
    )
    assert tallies[0].decision() == "H1" and len(tallies[0].games) < 30
    assert tallies[1].decision() is None and len(tallies[1].games) == 200  # the other goes on
    fake.played.clear()
    run_tournament([lopsided], 400, db, InlineExecutor(), RunSetup(), sprt=sprt, player=fake)
    assert fake.played == []


def test_a_file_that_is_not_a_database_is_refused_with_a_clear_error(tmp_path, capsys):
    path = tmp_path / "results.sqlite"
    path.write_bytes(b"this is not SQLite" * 100)
    with pytest.raises(ResultsError, match="not a usable results database"):
        ResultsDB(path)
    assert arena.main(["--db", str(path), "--table"]) == 2
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE games (x INTEGER)")  # another program's database
    assert arena.main(["--db", str(other), "--table"]) == 2
    assert "not those of a results database" in capsys.readouterr().err


def test_the_records_of_each_pairing_get_a_folder_of_their_own():
    one = Pairing("engine:./a b/c", "easy", CONDITIONS)
    two = Pairing("engine:./a_b/c", "easy", CONDITIONS)
    assert pairing_folder(one) != pairing_folder(two)
    assert pairing_folder(Pairing("hard", "easy", CONDITIONS)) == "hard-vs-easy"
    assert all(c.isalnum() or c in "-_.#" for c in pairing_folder(one))


# -- real games: sequential, parallel and on a cluster -------------------------------------------


def arena_run(tmp_path: Path, name: str, *extra: str) -> tuple[dict, dict[str, str]]:
    """Run a 6-game Easy/Medium match; its summary and its records by file name."""
    records = tmp_path / name
    argv = ["--preset", "phone-24", "--games", "6", "--seed", "3", "--budget", "1"]
    argv += ["--p1", "easy", "--p2", "medium", "--records", str(records), "--json", *extra]
    done = subprocess.run(
        [sys.executable, "-m", "triangles_qt.arena", *argv],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    files = {p.name: p.read_text() for p in sorted(records.glob("*.triangles"))}
    return json.loads(done.stdout), files


def same_results(a: dict, b: dict) -> None:
    for key in ("games", "wins", "draws", "pentanomial", "elo", "fallback_moves", "failures"):
        assert a[key] == b[key], key


def test_two_jobs_give_the_results_records_and_database_of_one_after_the_other(tmp_path):
    sequential, seq_records = arena_run(tmp_path, "one", "--jobs", "1", "--db", "one.sqlite")
    parallel, par_records = arena_run(tmp_path, "two", "--jobs", "2", "--db", "two.sqlite")
    same_results(sequential, parallel)
    assert len(seq_records) == 6 and seq_records == par_records

    def rows(name):
        with sqlite3.connect(tmp_path / name) as db:
            return db.execute(
                "SELECT idx, board_seed, player0, score0, score1, record FROM games ORDER BY idx"
            ).fetchall()

    assert len(rows("one.sqlite")) == 6 and rows("one.sqlite") == rows("two.sqlite")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def dask_cluster(tmp_path):
    """A Dask scheduler and two single-threaded workers on this machine's loopback."""
    pytest.importorskip("distributed")
    dask = [sys.executable, "-m", "dask"]  # the dask command, whatever PATH holds
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    common = ["--no-dashboard"]
    logs = [open(tmp_path / name, "w") for name in ("scheduler.log", "workers.log")]  # noqa: SIM115
    scheduler = subprocess.Popen(
        [*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), *common],
        stdout=logs[0],
        stderr=subprocess.STDOUT,
        cwd=tmp_path,
    )
    workers = subprocess.Popen(
        [*dask, "worker", address, "--nworkers", "2", "--nthreads", "1", "--host", "127.0.0.1"]
        + common,
        stdout=logs[1],
        stderr=subprocess.STDOUT,
        cwd=tmp_path,
    )
    try:
        from distributed import Client

        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=90)
        yield address
    finally:
        for process in (workers, scheduler):
            process.terminate()
        for process in (workers, scheduler):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        for log in logs:
            log.close()


def test_a_match_on_a_dask_cluster_gives_the_results_and_records_of_a_sequential_one(
    tmp_path, dask_cluster
):
    sequential, seq_records = arena_run(tmp_path, "one", "--jobs", "1")
    clustered, cluster_records = arena_run(tmp_path, "cluster", "--cluster", dask_cluster)
    same_results(sequential, clustered)
    assert seq_records == cluster_records


@pytest.mark.parametrize(
    "address", ["tcp://127.0.0.1:9", "127.0.0.1:9", "http://nowhere", "nonsense", "tcp://host:port"]
)
def test_an_unreachable_cluster_is_a_clear_error(capsys, address):
    """One line, status 2; what is no address at all is said before Dask is even asked (Dask
    took 20 s to give up on it, and 40 s more with a traceback to close)."""
    pytest.importorskip("distributed")
    code = arena.main(["--preset", "phone-24", "--games", "2", "--cluster", address])
    assert code == 2
    err = capsys.readouterr().err
    assert f"cannot reach the Dask scheduler at {address}" in err and "Traceback" not in err
    if not address.endswith("127.0.0.1:9"):
        assert "not an address of the form tcp://HOST:PORT" in err


def test_sprt_ends_a_lopsided_real_match_early(tmp_path, capsys):
    db = tmp_path / "results.sqlite"
    argv = ["--preset", "phone-24", "--p1", "hard", "--p2", "easy", "--budget", "0.05"]
    argv += ["--games", "200", "--sprt", "0", "50", "--jobs", "2", "--db", str(db), "--json"]
    assert arena.main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["sprt"]["decision"] == "H1" and summary["games"] < 60  # of the 200 allowed
    assert summary["sprt"]["llr"] >= summary["sprt"]["upper"]
    assert arena.main(["--db", str(db), "--table", "--sprt", "0", "50"]) == 0
    table = capsys.readouterr().out
    assert "| phone-24 | default | 0.05 s | hard | easy |" in table and "(SPRT: H1)" in table


def test_a_round_robin_ranks_its_players_and_its_table_comes_from_the_database(tmp_path, capsys):
    db = tmp_path / "results.sqlite"
    assert arena.main(["--preset", "phone-24", "--round-robin", "medium", "nope"]) == 2
    assert "nope" in capsys.readouterr().err  # an unknown id is refused before any game
    argv = ["--preset", "phone-24", "--round-robin", "medium", "easy", "hard", "--budget", "0.05"]
    argv += ["--games", "4", "--jobs", "1", "--db", str(db)]
    assert arena.main(argv) == 0
    out, err = capsys.readouterr()
    assert out.count("| phone-24 | default |") == 3
    assert "Ranking on phone-24, default rules, 0.05 s" in out
    assert err.count("] game ") == 12 and "ETA" in err
    assert arena.main(["--db", str(db), "--table", "--json"]) == 0
    stored = json.loads(capsys.readouterr().out)
    assert {p["preset"] for p in stored["pairings"]} == {"phone-24"}
    assert {p["budget"] for p in stored["pairings"]} == {0.05}
    assert [(p["first"], p["second"], p["games"]) for p in stored["pairings"]] == [
        ("medium", "easy", 4),
        ("medium", "hard", 4),
        ("easy", "hard", 4),
    ]
    (group,) = stored["rankings"]
    assert group["preset"] == "phone-24" and group["budget"] == 0.05
    assert {r["player"] for r in group["ranking"]} == {"medium", "easy", "hard"}


@pytest.mark.parametrize(
    "argv",
    [
        ["--budget", "1e308"],
        ["--budget", "nan"],
        ["--games", "99999999999999999999"],
        ["--games", "0"],
        ["--jobs", "0"],
        ["--seed", "-1"],
        ["--alpha", "1"],
        ["--sprt", "50", "0"],
        ["--sprt", "1e9", "2e9"],
        ["--seed", str(2**63 - 1)],
        ["--table"],
        ["--round-robin", "easy"],
    ],
)
def test_out_of_range_arguments_are_refused_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        arena.main(argv)
    assert stop.value.code == 2
    assert "error:" in capsys.readouterr().err


def descendants(pid: int) -> set[int]:
    """Every process below `pid`, from /proc (no ps or pgrep needed)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_workers_and_their_engines_end_when_the_arena_is_killed(tmp_path):
    argv = ["--preset", "phone-60", "--p1", "medium", "--p2", "easy", "--games", "400"]
    arena_process = subprocess.Popen(
        [sys.executable, "-m", "triangles_qt.arena", *argv, "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert "[1/400]" in arena_process.stderr.readline()  # games are being played
        below = descendants(arena_process.pid)
        assert len(below) >= 4  # two workers, each with two engines
    finally:
        arena_process.kill()
        arena_process.wait()
    deadline = time.monotonic() + 20
    while any(alive(pid) for pid in below) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(pid) for pid in below)


def test_a_reader_that_keeps_the_database_busy_delays_the_writes_and_loses_no_game(
    tmp_path, capsys
):
    path = tmp_path / "results.sqlite"
    pairing = Pairing("a", "b", CONDITIONS)
    db = ResultsDB(path)
    db.db.execute("PRAGMA busy_timeout = 50")
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM games").fetchall()  # a read transaction holds the file

    def release_after_the_third(outcome, tally):
        if outcome.spec.index == 2:
            reader.execute("COMMIT")

    (tally,) = run_tournament(
        [pairing],
        6,
        db,
        InlineExecutor(),
        RunSetup(),
        on_game=release_after_the_third,
        player=FakeGames(),
    )
    assert "results database is busy" in capsys.readouterr().err
    assert [g.spec.index for g in tally.games] == list(range(6))
    stored = sqlite3.connect(path).execute("SELECT idx FROM games ORDER BY idx").fetchall()
    assert stored == [(k,) for k in range(6)]
    db.close()


def test_a_database_busy_to_the_end_names_the_games_it_lacks(tmp_path, monkeypatch):
    monkeypatch.setattr(run_module, "FINAL_TRIES", 2)
    monkeypatch.setattr(run_module.time, "sleep", lambda s: None)
    path = tmp_path / "results.sqlite"
    pairing = Pairing("a", "b", CONDITIONS)
    db = ResultsDB(path)
    db.db.execute("PRAGMA busy_timeout = 20")
    fake = FakeGames()
    run_tournament([pairing], 2, db, InlineExecutor(), RunSetup(), player=fake)
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM games").fetchall()
    with pytest.raises(run_module.ResultsNotWritten, match="games 3, 4 are not in it"):
        run_tournament([pairing], 4, db, InlineExecutor(), RunSetup(), player=fake)
    reader.execute("COMMIT")
    assert db.played(pairing) == {0, 1}
    db.close()


def test_a_database_that_cannot_be_written_stops_the_run_at_once_and_is_not_called_busy(
    tmp_path, capsys
):
    path = tmp_path / "results.sqlite"
    pairing = Pairing("a", "b", CONDITIONS)
    db = ResultsDB(path)
    run_tournament([pairing], 1, db, InlineExecutor(), RunSetup(), player=FakeGames())
    pages = db.db.execute("PRAGMA page_count").fetchone()[0]
    db.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
    fake = FakeGames()
    with pytest.raises(run_module.ResultsNotWritten, match="cannot be written .*full") as raised:
        run_tournament([pairing], 200, db, InlineExecutor(), RunSetup(), player=fake)
    kept = db.played(pairing)
    assert len(fake.played) == len(kept)  # no game played after the first it could not keep
    assert f"games {len(kept) + 1} are not in it" in str(raised.value)
    assert "busy" not in capsys.readouterr().err
    db.close()


def test_a_read_only_database_is_told_before_a_game_is_played(tmp_path):
    path = tmp_path / "results.sqlite"
    db = ResultsDB(path)
    db.check_writable()  # a file that can be written passes
    db.close()
    db.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    with pytest.raises(ResultsError, match="cannot be written: attempt to write a readonly"):
        db.check_writable()
    assert not db.db.in_transaction
    db.close()


def test_a_game_played_in_this_process_is_written_before_the_next_starts(tmp_path):
    path = tmp_path / "results.sqlite"
    pairing = Pairing("a", "b", CONDITIONS)
    fake = FakeGames()

    def interrupted(spec, setup):
        if spec.index == 1:
            raise KeyboardInterrupt  # Ctrl-C in the middle of the second game
        return fake(spec, setup)

    db = ResultsDB(path)
    with pytest.raises(KeyboardInterrupt):
        run_tournament([pairing], 4, db, InlineExecutor(), RunSetup(), player=interrupted)
    assert db.played(pairing) == {0}
    db.close()


def test_a_database_from_before_nodes_keeps_its_games_and_takes_pairings_by_work(tmp_path):
    """--nodes is part of a pairing's conditions: a database written before it existed gets
    the column (its games stay with their pairings), and a pairing by work sits beside one by
    budget alone."""
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old_schema = SCHEMA.replace(
        "    nodes INTEGER,                -- NULL: the budget set each move's work (--nodes)\n", ""
    ).replace(", seed, nodes)", ", seed)")
    assert "nodes" not in old_schema
    old.executescript(old_schema)
    old.execute("INSERT INTO pairings VALUES (5, 'a', 'b', 'phone-24', NULL, 0, 0.2, 7)")
    old.execute(
        "INSERT INTO games VALUES (5, 0, 7, 'a', 'b', 'A', 'B', 3, 2, 1.0, '{}', '[]', '{}', "
        "'0.1', '', 0, 'record 0')"
    )
    old.commit()
    old.close()
    db = ResultsDB(path)
    pairing = Pairing("a", "b", CONDITIONS)
    assert db.pairings() == [pairing] and db.played(pairing) == {0}
    by_work = Pairing("a", "b", dataclasses.replace(CONDITIONS, nodes=3000))
    assert db.played(by_work) == set()
    fake = FakeGames()
    (tally,) = run_tournament([by_work], 2, db, InlineExecutor(), RunSetup(), player=fake)
    assert len(tally.games) == 2 and db.played(pairing) == {0}
    assert db.pairings() == [pairing, by_work]
    db.close()


def test_a_work_limit_reaches_the_strategies_in_process_and_in_engines(tmp_path):
    """--nodes: Hard does exactly the work asked of it, whether it runs in the arena's process
    or as an engine (`go MS nodes N`), so both give the same games; the budget is then only
    the safety stop."""
    conditions = Conditions("phone-24", None, False, 0.2, 11, nodes=2500)
    pairing = Pairing("hard", "medium", conditions)
    records = {}
    for own_process in (False, True):
        setup = RunSetup(own_process=own_process)
        (tally,) = run_tournament([pairing], 2, ResultsDB(":memory:"), InlineExecutor(), setup)
        records[own_process] = [g.record for g in tally.games]
        assert not tally.failures()
    assert records[False] == records[True]
    with limited_to(2500):
        assert Hard().work_for(60.0, Board.generate("phone-24", 11)) == 2500


def test_the_arena_table_stays_aligned_and_a_sweep_gives_both_ends(capsys):
    long = "engine:node docs/examples/engine-js/greedy.js --depth 3"
    pairing = Pairing("easy", long, CONDITIONS)
    fake = FakeGames()

    def easy_loses(spec, setup):
        outcome = fake(spec, setup)
        easy_first = spec.labels[0] == pairing.labels[0]
        return dataclasses.replace(outcome, scores=(3, 5) if easy_first else (5, 3))

    db = ResultsDB(":memory:")
    (tally,) = run_tournament([pairing], 4, db, InlineExecutor(), RunSetup(), player=easy_loses)
    args = argparse.Namespace(
        replay_after_triangle=False, seed=7, games=4, budget=0.2, nodes=None, preset="phone-24"
    )
    arena.print_table(tally, args)
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if "%" in line and not line.startswith("Elo")]
    assert len(rows) == 4 and rows[0].startswith("strategy ")
    assert len({line.index("%") for line in rows}) == 1  # one column, whatever the names
    (elo,) = [line for line in lines if line.startswith("Elo of")]
    high = tally.estimate().high
    assert elo == (
        f"Elo of {tally.labels[0]}: -inf to {high:+.0f} "
        f"(95%, from 2 pairs 2-0-0-0-0; {tally.labels[0]} lost every game)"
    )


def test_the_fallback_s_moves_are_told_beside_the_results(capsys):
    pairing = Pairing("easy", "shaky", CONDITIONS)
    fake = FakeGames()

    def shaky(spec, setup):
        outcome = fake(spec, setup)
        label = pairing.labels[1]
        return dataclasses.replace(outcome, fallback_moves={**outcome.fallback_moves, label: 7})

    progress = report.Progress(lambda line: print(line))
    progress.plan(2)
    db = ResultsDB(":memory:")
    (tally,) = run_tournament(
        [pairing], 2, db, InlineExecutor(), RunSetup(), player=shaky, on_game=progress
    )
    args = argparse.Namespace(
        replay_after_triangle=False, seed=7, games=2, budget=0.2, nodes=None, preset="phone-24"
    )
    arena.print_table(tally, args)
    out = capsys.readouterr().out
    assert f"(7 moves by the fallback for {pairing.labels[1]})" in out  # each game's line
    header, *rows = [line for line in out.splitlines() if line.endswith(("fallback", " 0", "14"))]
    assert header.rstrip().endswith("by fallback")
    row = next(line for line in rows if line.startswith(pairing.labels[1]))
    assert row.split()[-1] == "14"  # both games' moves played for it
