"""The benchmarks measure what they say (issue 49): the rules benchmark's random player picks
every legal stroke alike, its games are whole games, and an A/B child runs the checkout it is
given. Nothing here times anything."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest

from benchmarks import engine, event_loop_pause, hard_work, measure, start
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game


def a_position() -> Game:
    game = Game(Board.generate("phone-60", 7))
    rng = random.Random(3)
    for _ in range(10):
        game.play(*engine.random_stroke(game, rng))
    return game


def test_the_random_player_picks_every_legal_stroke_alike():
    game = a_position()
    legal = {(int(i), int(j)) for i, j in game.legal_strokes()}
    assert len(legal) > 50
    draws = 300 * len(legal)
    rng = random.Random(11)
    counts = Counter(engine.random_stroke(game, rng) for _ in range(draws))
    assert set(counts) == legal
    # Expected 300 each (standard deviation about 17): a bias of 1.5x either way is far outside.
    assert 200 < min(counts.values()) and max(counts.values()) < 450


def test_the_random_player_leaves_the_position_as_it_was():
    game = a_position()
    before = (game.strokes, game.legal_bits)
    engine.random_stroke(game, random.Random(1))
    assert (game.strokes, game.legal_bits) == before


def test_a_random_game_is_played_to_its_end_and_a_seed_repeats_it():
    first = engine.random_game("phone-24", 5, random.Random(2))
    again = engine.random_game("phone-24", 5, random.Random(2))
    assert first.is_over and first.strokes == again.strokes
    assert len(first.strokes) > 40  # not the first few strokes only


def test_percentile_is_a_value_that_occurred():
    values = [float(v) for v in range(1, 101)]
    assert measure.percentile(values, 95) == 95.0
    assert measure.percentile(values, 100) == 100.0
    assert measure.percentile([3.0], 95) == 3.0
    assert measure.summary([0.002, 0.001, 0.004]) == "min 1.0 ms, median 2.0 ms"


def test_interleaved_runs_alternate_and_skip_the_warm_up():
    calls = []

    def run(name):
        calls.append(name)
        return {"n": len(calls)}

    figures = measure.interleaved(["a", "b"], 2, run)
    assert calls == ["a", "b"] * 3
    paces = {name: figures[name].pop(measure.PACE) for name in figures}
    assert figures == {"a": {"n": [3, 5]}, "b": {"n": [4, 6]}}
    # the pace before each counted run: a fixed loop's CPU, some milliseconds on any machine
    assert all(
        len(values) == 2 and all(0 < v < 10_000 for v in values) for values in paces.values()
    )
    assert measure.paces_text({"a": {measure.PACE: [12.0, 11.0, 16.0]}}) == (
        "the pace before each run: a min 11.0, median 12.0, max 16.0 ms"
    )


def test_a_child_runs_the_checkout_it_is_given(tmp_path):
    other = tmp_path / "other"
    (other / "triangles_qt").mkdir(parents=True)
    (other / "triangles_qt" / "__init__.py").write_text("")
    code = (
        "import sys, benchmarks, triangles_qt; print(triangles_qt.__file__); "
        "print(benchmarks.__path__[0]); "
        "print(any('__editable__' in str(getattr(f, '__module__', '')) for f in sys.meta_path))"
    )
    with measure.sides(str(other)) as sides:
        assert list(sides.envs) == ["this checkout", str(other)]
        for side, checkout in (("this checkout", measure.ROOT), (str(other), other)):
            out = subprocess.run(
                [sys.executable, "-c", code],
                env=sides.envs[side],
                cwd=sides.home,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            assert out[0] == str(checkout / "triangles_qt" / "__init__.py")
            assert out[1].endswith("benchmarks")  # this checkout's, through the link
            assert out[2] == "False"


@pytest.mark.parametrize("module", [engine, event_loop_pause, hard_work, start])
def test_a_benchmark_tells_its_options(module, capsys):
    with pytest.raises(SystemExit) as stopped:
        module.main(["--help"])
    assert stopped.value.code == 0
    assert "usage: python3 -m benchmarks." in capsys.readouterr().out
