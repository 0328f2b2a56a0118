"""benchmarks/strength.py: a long strength run played in parts that add up to the single run."""

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "strength.py"


@pytest.fixture(scope="module")
def strength():
    spec = importlib.util.spec_from_file_location("strength", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_parts_start_an_even_number_of_games_in_and_skip_what_was_played(strength):
    assert strength.missing_parts(set(), 5000, 7, 2) == [(5000, 2), (5002, 2), (5004, 2), (5006, 1)]
    played = set(range(5000, 5140))  # e.g. one file of 140 games
    assert strength.missing_parts(played, 5000, 200, 4)[0] == (5140, 4)
    assert len(strength.missing_parts(played, 5000, 200, 4)) == 15
    with pytest.raises(ValueError, match="5140-5141 are partly played"):
        strength.missing_parts({5141}, 5000, 200, 2)


def test_the_seeds_of_a_pairing_come_from_its_part_file_names(strength, tmp_path):
    pairing = ("tablet-120", True, "medium")
    for first, games in ((5000, 140), (5140, 2)):
        strength.part_path(tmp_path, pairing, first, games, 1.0).write_text("{}")
    strength.part_path(tmp_path, ("tablet-120", False, "medium"), 5142, 2, 1.0).write_text("{}")
    strength.part_path(tmp_path, pairing, 5142, 2, 0.5).write_text("{}")  # another budget
    assert strength.played_seeds(tmp_path, pairing, 1.0) == set(range(5000, 5142))


def test_parts_combine_into_one_row(strength):
    def part(games, wins, draws, mean, top):
        return {
            "games": games,
            "wins": {"hard": wins, "easy": games - wins - draws},
            "draws": draws,
            "failures": [],
            "move_seconds": {
                "hard": {"mean": mean, "max": top},
                "easy": {"mean": 0.001, "max": 0.002},
            },
        }

    total = strength.combine([part(2, 2, 0, 0.5, 0.9), part(6, 4, 1, 0.7, 0.8)])
    assert total["games"] == 8 and total["wins"] == {"hard": 6, "easy": 1} and total["draws"] == 1
    assert total["move_seconds"]["hard"]["mean"] == pytest.approx((2 * 0.5 + 6 * 0.7) / 8)
    assert total["move_seconds"]["hard"]["max"] == 0.9
    row = strength.row("phone-60", True, "easy", total)
    assert row.startswith(
        "| phone-60 | play again | easy | 8 | 6 (75.0%) | 1 | 1 | 0.650 / 0.900 |"
    )
    # parts that say how many moves they had are weighted by them: the exact mean per move
    with_moves = [part(2, 2, 0, 0.5, 0.9), part(2, 1, 0, 0.8, 0.9)]
    with_moves[0]["move_seconds"]["hard"]["moves"] = 300
    with_moves[1]["move_seconds"]["hard"]["moves"] = 100
    mean = strength.combine(with_moves)["move_seconds"]["hard"]["mean"]
    assert mean == pytest.approx((300 * 0.5 + 100 * 0.8) / 400)


def test_a_run_writes_its_parts_and_resumes_without_replaying_them(
    strength, tmp_path, monkeypatch, capsys
):
    played = []

    def fake_run(cmd, path, commit):  # the arena itself is tested in test_arena.py
        first, games = int(cmd[cmd.index("--seed") + 1]), int(cmd[cmd.index("--games") + 1])
        played.append(first)
        summary = {
            "games": games,
            "wins": {"hard": games, "easy": 0},
            "draws": 0,
            "failures": [],
            "move_seconds": {"hard": {"mean": 0.5, "max": 0.9}, "easy": {"mean": 0.0, "max": 0.0}},
        }
        path.write_text(
            json.dumps({"command": " ".join(cmd), "commit": commit, "summary": summary})
        )

    monkeypatch.setattr(strength, "run_part", fake_run)
    argv = [
        "strength.py",
        "--only",
        "easy",
        "phone-60",
        "default",
        "--games",
        "5",
        "--results",
        str(tmp_path),
        "--commit",
        "abc1234",
    ]
    monkeypatch.setattr("sys.argv", argv)
    strength.main()
    assert played == [5000, 5002, 5004]
    out = capsys.readouterr().out
    assert "| phone-60 | default | easy | 5 | 5 (100.0%) |" in out
    assert "- easy_phone-60_default: 5 games with abc1234" in out
    strength.main()  # everything is there: nothing is played again
    assert played == [5000, 5002, 5004]
    monkeypatch.setattr("sys.argv", argv + ["--table", "--games", "2"])
    strength.main()  # a table of the first 2 games counts only the part within them
    assert "| phone-60 | default | easy | 2 | 2 (100.0%) |" in capsys.readouterr().out


def test_a_failing_part_stops_the_run_with_the_arena_s_own_words(strength, tmp_path, monkeypatch):
    def failing_run(cmd, path, commit):
        raise RuntimeError("arena failed (2):\nunknown strategy 'hrad'")

    monkeypatch.setattr(strength, "run_part", failing_run)
    monkeypatch.setattr(
        "sys.argv",
        [
            "strength.py",
            "--only",
            "easy",
            "phone-60",
            "default",
            "--games",
            "40",
            "--results",
            str(tmp_path),
        ],
    )
    with pytest.raises(SystemExit, match="unknown strategy 'hrad'"):
        strength.main()
    assert list(tmp_path.iterdir()) == []


def test_a_part_file_holds_the_summary_and_each_game_s_result(strength, tmp_path):
    path = strength.part_path(tmp_path, ("phone-60", False, "easy"), 5000, 2, 0.01)
    strength.run_part(strength.command("phone-60", False, "easy", 2, 0.01, 5000), path, "abc1234")
    part = json.loads(path.read_text())
    assert part["commit"] == "abc1234" and part["summary"]["games"] == 2
    assert "--budget 0.01" in part["command"]
    assert [line.split(":")[0] for line in part["games"]] == [
        "game 1/2 (seed 5000)",
        "game 2/2 (seed 5001)",
    ]
