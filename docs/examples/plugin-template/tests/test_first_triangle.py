"""The plugin's own tests: it loads, it takes a triangle when it can, and it plays whole legal
games."""

import triangles_first_triangle as plugin

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position


def test_the_hook_returns_the_strategy():
    (strategy,) = plugin.triangles_strategies()
    assert strategy.id == "first-triangle" and strategy.name == "First triangle"


def test_it_plays_whole_legal_games_and_takes_what_is_offered():
    strategy = plugin.FirstTriangle()
    for seed in range(3):
        game = Game(Board.generate("phone-24", seed))
        while not game.is_over:
            position = Position(game)
            stroke = strategy.choose_stroke(position, 0.1)
            offered = max(position.gain((int(i), int(j))) for i, j in position.legal_strokes())
            assert position.is_legal(stroke) and position.gain(stroke) == offered
            game.play(*stroke)
