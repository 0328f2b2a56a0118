"""The built-in Easy and Medium strategies: what each plays, determinism, speed, strength."""

from __future__ import annotations

import random
import time

import pytest

from triangles_qt.analysis.tactics import (
    greedy_net,
    legal_candidates,
    threats,
    threats_after,
)
from triangles_qt.arena import run_match
from triangles_qt.builtin_plugins import easy, medium
from triangles_qt.builtin_plugins.easy import Easy
from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.computer_move import Work
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules
from triangles_qt.plugin_manager import load_plugins


@pytest.fixture(autouse=True)
def clean_env(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(tmp_path / "user-data"))
    monkeypatch.delenv("TRIANGLES_PLUGIN_PATH", raising=False)


@pytest.fixture(scope="module")
def board() -> Board:
    return Board.generate("phone-24", 11)


def random_game(board: Board, strokes: int, seed: int = 0) -> Game:
    """A game after `strokes` random strokes (fewer if it ends first)."""
    game = Game(board)
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < strokes:
        game.play_candidate(rng.choice(legal_candidates(game)))
    return game


def threat_game(board: Board) -> Game:
    """A game where a stroke closes an empty triangle."""
    for seed in range(50):
        for n in range(4, 40):
            game = random_game(board, n, seed)
            if not game.is_over and threats(game):
                return game
    raise AssertionError("no position with a triangle to take")


def double_threat_game() -> Game:
    """A game where one stroke closes two triangles and another closes one."""
    for seed in range(1, 40):
        board = Board.generate("phone-24", seed)
        for play_seed in range(30):
            game = Game(board)
            rng = random.Random(play_seed)
            while not game.is_over:
                found = threats(game)
                if 2 in found.values() and 1 in found.values():
                    return game
                game.play_candidate(rng.choice(legal_candidates(game)))
    raise AssertionError("no position with a double triangle")


def test_hookimpls_return_one_strategy_each():
    [e] = easy.triangles_strategies()
    [m] = medium.triangles_strategies()
    assert (e.id, e.name, m.id, m.name) == ("easy", "Easy", "medium", "Medium")


@pytest.mark.parametrize("strategy", [Easy(), Medium()], ids=["easy", "medium"])
def test_takes_the_biggest_triangle_gain(strategy):
    game = double_threat_game()
    stroke = strategy.choose_stroke(Position(game), 1.0)
    assert Position(game).gain(stroke) == 2


@pytest.mark.parametrize("strategy", [Easy(), Medium()], ids=["easy", "medium"])
def test_takes_a_triangle_when_there_is_one(board, strategy):
    game = threat_game(board)
    stroke = strategy.choose_stroke(Position(game), 1.0)
    assert Position(game).gain(stroke) == max(threats(game).values())


def test_easy_without_a_triangle_plays_any_legal_stroke(board):
    game = Game(board)
    answers = {Easy(seed).choose_stroke(Position(game), 1.0) for seed in range(20)}
    assert len(answers) > 10  # random, not a fixed order
    assert all(Position(game).is_legal(a) for a in answers)


def test_medium_plays_a_safe_stroke_when_there_is_one(board):
    for n in (0, 10, 20, 30):
        game = random_game(board, n, seed=n)
        if game.is_over or threats(game):
            continue
        stroke = Medium().choose_stroke(Position(game), 1.0)
        after = Position(game).play(stroke)
        assert max((after.gain(s) for s in after.legal_strokes()), default=0) == 0


def no_safe_stroke_game() -> Game:
    """A position with nothing to take and no safe stroke left."""
    for seed in range(1, 30):
        board = Board.generate("phone-24", seed)
        game = Game(board)
        players = [Medium(seed), Medium(seed + 1)]
        while not game.is_over:
            current = threats(game)
            if not current and all(threats_after(game, s, current) for s in legal_candidates(game)):
                return game
            game.play(*players[game.player].choose_stroke(Position(game), 1.0))
    raise AssertionError("every game ended with a safe stroke left")


def test_medium_without_a_safe_stroke_gives_away_least():
    game = no_safe_stroke_game()
    stroke = Medium().choose_stroke(Position(game), 5.0)
    work = Work(10**9, time.perf_counter() + 60)
    values = {s: greedy_net(game, s, work) for s in legal_candidates(game)}
    assert values[game.board.candidate(*stroke)] == max(values.values())
    assert min(values.values()) < max(values.values()) or len(values) == 1


@pytest.mark.parametrize("cls", [Easy, Medium], ids=["easy", "medium"])
def test_same_seed_and_position_give_the_same_stroke_whatever_was_asked_before(board, cls):
    positions = [Position(random_game(board, n, seed=n)) for n in (0, 3, 7, 12, 20)]
    positions = [p for p in positions if not p.is_over]
    fresh = [cls(seed=5).choose_stroke(p, 1.0) for p in positions]
    reused = cls(seed=5)
    for p in reversed(positions):  # a different call history
        reused.choose_stroke(p, 1.0)
    assert [reused.choose_stroke(p, 1.0) for p in positions] == fresh
    others = [cls(seed=6).choose_stroke(p, 1.0) for p in positions]
    assert others != fresh  # the seed matters


@pytest.mark.parametrize("cls", [Easy, Medium], ids=["easy", "medium"])
def test_a_whole_game_is_fast_and_legal_even_with_a_zero_budget(cls):
    game = Game(Board.generate("phone-60", 2))
    strategy = cls()
    slowest = 0.0
    while not game.is_over:
        start = time.perf_counter()
        stroke = strategy.choose_stroke(Position(game), 0.0)
        slowest = max(slowest, time.perf_counter() - start)
        game.play(*stroke)
    assert slowest < 0.5


def test_medium_handles_the_replay_rule():
    game = Game(Board.generate("phone-24", 5), Rules(replay_after_triangle=True))
    strategies = [Medium(1), Medium(2)]
    while not game.is_over:
        game.play(*strategies[game.player].choose_stroke(Position(game), 1.0))
    assert sum(game.scores) > 0


def test_medium_beats_easy_on_phone_24():
    match = run_match(load_plugins(), "easy", "medium", preset="phone-24", games=8, seed=100)
    assert match.wins()["medium"] >= 7
    assert match.failures() == []


@pytest.mark.parametrize("not_a_stroke", [(0, 999), (0, 0), (-1, 3), (1.5, 2), "ab", (1, 2, 3)])
def test_position_answers_questions_about_non_strokes_and_refuses_to_play_them(not_a_stroke):
    position = Position(Game(Board.generate("phone-24", 1)))
    assert position.is_legal(not_a_stroke) is False
    assert position.gain(not_a_stroke) == 0
    with pytest.raises(ValueError):
        position.play(not_a_stroke)


def test_a_board_rebuilt_from_its_stars_gets_the_same_strokes():
    """The engine protocol sends only the stars: a board made from them must get the same
    answers as the board made from its preset and seed, or a game played in the arena's own
    process would differ from the same game played through engines."""
    from triangles_qt.builtin_plugins.easy import Easy
    from triangles_qt.builtin_plugins.hard import Hard
    from triangles_qt.builtin_plugins.medium import Medium
    from triangles_qt.core.board import Board
    from triangles_qt.core.game import Game
    from triangles_qt.core.position import Position

    made = Board.generate("phone-60", 5000)
    rebuilt = Board(made.star_list, made.width, made.height, made.tolerance)
    assert rebuilt.seed is None and rebuilt.fingerprint == made.fingerprint
    assert Board.generate("phone-60", 5001).fingerprint != made.fingerprint
    games = [Game(made), Game(rebuilt)]
    players = [Easy(seed=3), Medium(seed=3), Hard(seed=3, max_nodes=1500)]
    for turn in range(40):
        if games[0].is_over:
            break
        player = players[turn % 3]
        first, second = (player.choose_stroke(Position(game), 1.0) for game in games)
        assert first == second, (turn, type(player).__name__)
        for game in games:
            game.play(*first)
