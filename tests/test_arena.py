"""The arena: matches, the command line, records, plugin listing, and hanging plugins."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from triangles_qt import arena
from triangles_qt.arena import main, run_match
from triangles_qt.core.rules import Rules
from triangles_qt.plugin_manager import load_plugins

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "plugin_fixtures"
EXAMPLES = ROOT / "docs" / "examples"


@pytest.fixture(autouse=True)
def clean_env(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(tmp_path / "user-data"))
    monkeypatch.delenv("TRIANGLES_PLUGIN_PATH", raising=False)
    monkeypatch.delenv("TRIANGLES_TRACE_HOOKS", raising=False)


def drop_in(tmp_path: Path, *names: str) -> Path:
    folder = tmp_path / "plugins"
    folder.mkdir(exist_ok=True)
    for name in names:
        shutil.copy(FIXTURES / name, folder / name)
    return folder


def run_json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_summary_has_exactly_the_documented_schema(capsys):
    summary = run_json(
        capsys,
        "--preset",
        "phone-24",
        "--games",
        "3",
        "--seed",
        "1",
        "--p1",
        "easy",
        "--p2",
        "medium",
    )
    assert list(summary) == [
        "games",
        "wins",
        "draws",
        "seconds_per_game",
        "move_seconds",
        "fallback_moves",
        "failures",
        "elo",
        "pentanomial",
        "sprt",
    ]
    assert summary["games"] == 3
    assert set(summary["wins"]) == {"easy", "medium"}
    assert sum(summary["wins"].values()) + summary["draws"] == 3
    assert len(summary["seconds_per_game"]) == 3 and all(s > 0 for s in summary["seconds_per_game"])
    for label in ("easy", "medium"):
        times = summary["move_seconds"][label]
        assert set(times) == {"mean", "max", "moves"} and 0 < times["mean"] <= times["max"] < 1.5
        assert times["moves"] > 0
    assert summary["fallback_moves"] == {"easy": 0, "medium": 0}
    assert summary["failures"] == []
    assert sum(summary["pentanomial"]) == 1  # games 1 and 2 share a board; game 3 waits for 4
    assert summary["sprt"] is None
    elo = summary["elo"]
    assert set(elo) == {"elo", "low", "high"}


def test_progress_goes_to_stderr_and_a_table_to_stdout(capsys):
    assert main(["--preset", "phone-24", "--games", "2", "--p1", "medium", "--p2", "easy"]) == 0
    out, err = capsys.readouterr()
    assert "[1/2] game " in err and "[2/2] game " in err and "ETA" in err  # in the order they end
    assert "game 1 (seed 1)" in err and "game 2 (seed 1)" in err
    assert "strategy" in out and "medium" in out and "draws" in out and "failures: 0" in out
    assert "Elo of medium" in out and "from 1 pair " in out
    assert "[1/2]" not in out


def test_each_board_is_played_twice_with_the_seats_swapped():
    match = run_match(load_plugins(), "easy", "medium", preset="phone-24", games=4, seed=7)
    assert [r.game.board.seed for r in match.games] == [7, 7, 8, 8]
    assert [r.labels[0] for r in match.games] == ["easy", "medium", "easy", "medium"]
    assert all(r.game.is_over for r in match.games)
    assert all(r.game.board.preset == "phone-24" for r in match.games)


def test_the_same_strategy_on_both_sides_is_labelled_by_seat(capsys):
    summary = run_json(
        capsys, "--preset", "phone-24", "--games", "2", "--p1", "medium", "--p2", "medium"
    )
    assert set(summary["wins"]) == {"medium#1", "medium#2"}
    assert set(summary["move_seconds"]) == {"medium#1", "medium#2"}
    assert "#1" in arena.build_parser().format_help()


def test_rules_options_reach_the_games():
    match = run_match(
        load_plugins(),
        "easy",
        "easy",
        preset="phone-24",
        games=1,
        seed=3,
        tolerance=0,
        rules=Rules(replay_after_triangle=True),
    )
    game = match.games[0].game
    assert game.board.tolerance == 0 and game.rules.replay_after_triangle
    assert sum(game.scores) > 0


def test_records_are_written_one_per_game(tmp_path, capsys):
    record = pytest.importorskip("triangles_qt.core.record")
    folder = tmp_path / "records"
    run_json(
        capsys,
        "--preset",
        "phone-24",
        "--games",
        "2",
        "--seed",
        "4",
        "--records",
        str(folder),
        "--p1",
        "medium",
        "--p2",
        "medium",
    )
    files = sorted(folder.glob("*.triangles"))
    assert [f.name for f in files] == [
        "game-001-phone-24-seed4.triangles",
        "game-002-phone-24-seed4.triangles",
    ]
    loaded = record.read_record(files[1])
    assert loaded.game.is_over and loaded.game.board.seed == 4
    assert [p.kind for p in loaded.players] == ["computer", "computer"]
    assert [p.strategy for p in loaded.players] == ["medium", "medium"]
    assert [p.name for p in loaded.players] == ["Medium #2", "Medium #1"]  # game 2: p2 starts


def test_list_plugins_shows_loaded_and_failed_plugins_with_errors(tmp_path, capsys):
    folder = drop_in(tmp_path, "good_plugin.py", "hook_raises.py")
    assert main(["--list-plugins", "--plugin-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "easy" in out and "medium" in out and "built-in" in out
    assert "first-legal" in out and str(folder / "good_plugin.py") in out
    assert "hook_raises" in out and "the strategies hook exploded" in out and "Traceback" in out


def test_list_plugins_shows_the_themes_and_the_skipped_ones(tmp_path, capsys):
    folder = tmp_path / "plugins"
    folder.mkdir()
    daylight = (Path(__file__).parents[1] / "themes" / "daylight.toml").read_text(encoding="utf-8")
    (folder / "mint.toml").write_text(
        daylight.replace('id = "daylight"', 'id = "mint"').replace(
            'name = "Daylight"', 'name = "Mint"'
        ),
        encoding="utf-8",
    )
    (folder / "bad.toml").write_text('id = "bad"\nname = "Bad"\ntext = "nope"\n', encoding="utf-8")
    (folder / "mint.py").write_text(
        "from triangles_qt import hookimpl\n\n@hookimpl\n"
        "def triangles_themes():\n    return ['mint.toml', 'bad.toml']\n",
        encoding="utf-8",
    )
    assert main(["--list-plugins", "--plugin-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    themes = out.split("Themes:")[1]
    assert "nebula" in themes and "daylight" in themes and "Mint" in themes
    searched = out.split("Drop-in folders searched, in order:\n")[1].split("Loaded plugins:")[0]
    assert searched.splitlines() == [
        f"  {tmp_path / 'user-data' / 'plugins'}  (does not exist)",
        f"  {folder}",
    ]
    assert "Skipped themes: none" not in out and "bad.toml" in out.split("Skipped themes:")[1]


def test_an_unknown_strategy_is_an_error_naming_the_available_ones(capsys):
    assert main(["--p1", "nobody", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "nobody" in err and "easy" in err and "medium" in err


def test_options_are_validated():
    with pytest.raises(SystemExit):
        main(["--preset", "phone-1000"])
    with pytest.raises(SystemExit):
        main(["--games", "0"])
    with pytest.raises(SystemExit):
        main(["--budget", "-1"])


def raiser_folder(tmp_path):
    """A drop-in folder with the strategy 'raiser', which raises ValueError on every move, with a
    message of two lines that changes from move to move."""
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "raiser.py").write_text(
        "from triangles_qt import hookimpl\n"
        "class Raiser:\n    id = 'raiser'\n    name = 'Raiser'\n"
        "    def choose_stroke(self, position, budget_s):\n"
        "        raise ValueError(\n"
        "            f'lost at {len(position.strokes)}\\nafter {len(position.strokes)} strokes'\n"
        "        )\n"
        "@hookimpl\ndef triangles_strategies():\n    return [Raiser()]\n"
    )
    return folder


def test_failures_are_reported_in_the_summary(tmp_path, capsys):
    folder = raiser_folder(tmp_path)
    summary = run_json(
        capsys,
        "--preset",
        "phone-24",
        "--games",
        "2",
        "--plugin-dir",
        str(folder),
        "--p1",
        "raiser",
        "--p2",
        "easy",
    )
    # Three strikes per game, then the fallback plays on.
    assert len(summary["failures"]) == 6
    first = summary["failures"][0]
    details = first.pop("details")
    assert first == {
        "strategy": "raiser",
        "plugin": "raiser",
        "error": "raised ValueError: lost at 0",
        "kind": "raised",
        "replaced": False,
    }
    # the traceback points the plugin's author at the line that raised
    assert details.startswith("Traceback") and "raiser.py" in details and "ValueError" in details
    assert [f["replaced"] for f in summary["failures"]] == [False, False, True] * 2
    assert summary["games"] == 2
    assert (
        main(
            [
                "--preset",
                "phone-24",
                "--games",
                "1",
                "--plugin-dir",
                str(folder),
                "--p1",
                "raiser",
                "--p2",
                "easy",
                "--budget",
                "0.1",
            ]
        )
        == 0
    )
    table = capsys.readouterr().out
    assert table.count("raised ValueError: lost at") == 3
    assert table.count("Traceback") == 1  # the same place, whatever the message
    assert "the fallback played" in table  # its wins are not the raiser's


def test_the_moves_the_fallback_played_are_counted(tmp_path, capsys):
    folder = raiser_folder(tmp_path)
    summary = run_json(
        capsys,
        "--preset",
        "phone-24",
        "--games",
        "2",
        "--plugin-dir",
        str(folder),
        "--p1",
        "raiser",
        "--p2",
        "easy",
    )
    moves = {label: summary["move_seconds"][label]["moves"] for label in ("raiser", "easy")}
    assert summary["fallback_moves"] == {"raiser": moves["raiser"], "easy": 0}  # every one
    assert moves["raiser"] > 3


def test_the_documented_example_plugin_plays_a_game_through_the_arena():
    registry = load_plugins([EXAMPLES])
    assert registry.failed == []
    assert registry.plugin_of("cautious") == "cautious_plugin"
    match = run_match(registry, "cautious", "easy", preset="phone-24", games=2, seed=1)
    assert match.failures() == []
    assert all(r.game.is_over for r in match.games)
    assert match.wins()["cautious"] >= 1


def test_a_hanging_plugin_does_not_keep_the_arena_from_exiting(tmp_path):
    folder = drop_in(tmp_path, "hanging.py")
    env = {**os.environ, "TRIANGLES_USER_DATA": str(tmp_path / "user-data")}
    env.pop("TRIANGLES_PLUGIN_PATH", None)
    start = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "triangles_qt.arena",
            "--preset",
            "phone-24",
            "--games",
            "1",
            "--budget",
            "0.05",
            "--plugin-dir",
            str(folder),
            "--p1",
            "hang",
            "--p2",
            "easy",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
        cwd=tmp_path,
    )
    elapsed = time.monotonic() - start
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert len(summary["failures"]) == 3
    # Its process is stopped after each late move and started again, so it is asked each time,
    # until the third failure hands its side to the fallback.
    assert all("no answer within" in f["error"] for f in summary["failures"])
    assert [f["replaced"] for f in summary["failures"]] == [False, False, True]
    assert summary["games"] == 1
    assert elapsed < 15


def test_the_example_in_the_plugin_guide_is_the_example_file():
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    assert (EXAMPLES / "cautious_plugin.py").read_text(encoding="utf-8") in guide


def test_a_records_folder_that_cannot_be_written_warns_and_fails_the_run_at_the_end(
    tmp_path, capsys
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the records folder should be")
    code = arena.main(
        [
            "--preset",
            "phone-24",
            "--games",
            "2",
            "--seed",
            "1",
            "--p1",
            "easy",
            "--p2",
            "medium",
            "--budget",
            "0.2",
            "--records",
            str(blocker),
            "--json",
        ]
    )
    captured = capsys.readouterr()
    assert code == 1  # the games were played and reported, but not all that was asked was done
    assert json.loads(captured.out)["games"] == 2
    assert "record of game 1 was not written" in captured.err
