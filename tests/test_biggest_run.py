"""benchmarks/biggest_run.py: the runs of a "play again" game, read back from its record."""

import random
import sys

from small_games import random_board

from benchmarks import biggest_run
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.record import write_record
from triangles_qt.core.rules import Rules


def load_script():
    return biggest_run


def random_replay_game(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(random_board(rng, 12), Rules(replay_after_triangle=True))
    while not game.is_over:
        legal = game.legal_strokes()
        game.play(*map(int, legal[rng.randrange(len(legal))]))
    return game


def test_runs_are_each_turns_triangles_in_order():
    script = load_script()
    for seed in range(10):
        game = random_replay_game(seed)
        found = script.runs(list(game.moves))
        # Every triangle is in one run, and a run's triangles all went to its player.
        assert sum(size for size, _ in found) == sum(game.scores)
        for player in (0, 1):
            assert sum(size for size, p in found if p == player) == game.scores[player]
        # A run ends with a stroke that takes nothing, after which the other player moves.
        turns = [m.player for m in game.moves if not m.triangles]
        assert len(found) <= len(turns) + 1


def test_report_names_the_taker_of_the_biggest_run(tmp_path, monkeypatch, capsys):
    game = random_replay_game(3)
    write_record(
        tmp_path / "a.triangles", game, [PlayerInfo("Ann", "human"), PlayerInfo("Bob", "human")]
    )
    write_record(
        tmp_path / "b.triangles",
        Game(game.board),
        [PlayerInfo("Ann", "human"), PlayerInfo("Bob", "human")],
    )
    (tmp_path / "c.triangles").write_text("{ not a record")
    monkeypatch.setattr(sys, "argv", ["biggest_run.py", str(tmp_path)])
    assert load_script().main() == 0
    out, err = capsys.readouterr()
    size, player = max(load_script().runs(list(game.moves)))
    assert f"biggest runs {size} by {['Ann', 'Bob'][player]}" in out
    assert "b.triangles: skipped" in err and "c.triangles: skipped" in err
    assert out.strip().splitlines()[-1].startswith("the player who took the biggest run won")
