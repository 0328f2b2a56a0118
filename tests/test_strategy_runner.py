"""SafeStrategy: snapshots, budget and grace, illegal answers, the fallback and three strikes."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from triangles_qt.analysis.tactics import FallbackStrategy, threats
from triangles_qt.computer_move import allowed_s
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.strategy_runner import (
    Choice,
    FailureKind,
    SafeStrategy,
    legal_stroke,
)


@pytest.fixture(scope="module")
def board() -> Board:
    return Board.generate("phone-24", 3)


@pytest.fixture
def game(board) -> Game:
    return Game(board)


class Scripted:
    """Answers what `answer(position)` says, and counts its calls."""

    id = "scripted"
    name = "Scripted"

    def __init__(self, answer):
        self.answer = answer
        self.calls = 0
        self.positions = []

    def choose_stroke(self, position, budget_s):
        self.calls += 1
        self.positions.append(position)
        return self.answer(position)


def first_legal(position):
    i, j = position.legal_strokes()[0]
    return int(i), int(j)


def test_a_legal_answer_is_played_as_is(game):
    safe = SafeStrategy(Scripted(first_legal), "scripted-plugin")
    choice = safe.choose(Position(game), 1.0)
    assert isinstance(choice, Choice)
    assert choice.stroke == first_legal(Position(game))
    assert choice.failure is None and not choice.by_fallback
    assert 0 <= choice.seconds < allowed_s(1.0)


@pytest.mark.parametrize("shape", ["reversed", "list", "numpy row", "numpy ints"])
def test_answers_in_either_order_and_common_shapes_are_accepted(game, shape):
    i, j = first_legal(Position(game))
    answer = {
        "reversed": (j, i),
        "list": [i, j],
        "numpy row": np.array([[i, j]])[0],
        "numpy ints": (np.int64(j), np.int32(i)),
    }[shape]
    choice = SafeStrategy(Scripted(lambda p: answer), "p").choose(game, 1.0)
    assert choice.stroke == (min(i, j), max(i, j)) and choice.failure is None


def test_the_strategy_gets_a_snapshot_never_the_live_game(game):
    def vandal(position):
        assert isinstance(position, Position)
        private = position.game()
        while not private.is_over and len(private.moves) < 5:
            private.play_candidate((private.legal_bits & -private.legal_bits).bit_length() - 1)
        first = first_legal(position)
        position._game.play(*first)  # even reaching into the snapshot's insides changes nothing
        return first

    position = Position(game)
    choice = SafeStrategy(Scripted(vandal), "p").choose(position, 1.0)
    assert game.moves == () and position.strokes == ()
    assert choice.failure is None  # legality is checked on the host's copy, not the strategy's
    assert choice.stroke == first_legal(position)


def test_a_raising_strategy_is_replaced_by_the_fallback_for_that_move(game):
    def boom(position):
        raise ValueError("no idea")

    choice = SafeStrategy(Scripted(boom), "boom-plugin").choose(game, 1.0)
    assert Position(game).is_legal(choice.stroke)
    assert choice.by_fallback
    failure = choice.failure
    assert (failure.strategy_id, failure.plugin_name, failure.error, failure.replaced) == (
        "scripted",
        "boom-plugin",
        "raised ValueError: no idea",
        False,
    )
    assert "in boom" in failure.details and "ValueError: no idea" in failure.details


@pytest.mark.parametrize(
    "answer, words",
    [
        (None, "not a pair"),
        ("3-4", "not a pair"),
        ((1, 2, 3), "not a pair"),
        ((1.0, 2.0), "not a pair of integers"),
        ((True, 2), "not a pair of integers"),
        ((5, 5), "not a stroke between two"),
        ((0, 999), "not a stroke between two"),
        ((-1, 2), "not a stroke between two"),
        (np.array([[0, 1], [1, 2]]), "not a pair"),
    ],
)
def test_an_answer_that_is_not_a_stroke_is_a_failure(game, answer, words):
    choice = SafeStrategy(Scripted(lambda p: answer), "p").choose(game, 1.0)
    assert words in choice.failure.error
    assert Position(game).is_legal(choice.stroke)


def test_an_illegal_stroke_is_a_failure_with_the_reason(game):
    drawn = first_legal(Position(game))
    game.play(*drawn)
    choice = SafeStrategy(Scripted(lambda p: drawn[::-1]), "p").choose(game, 1.0)
    assert "illegal stroke" in choice.failure.error and "already drawn" in choice.failure.error
    assert choice.stroke != drawn


def test_a_hanging_strategy_times_out_when_its_answer_is_late(game):
    def hang(position):
        time.sleep(10)
        return first_legal(position)

    safe = SafeStrategy(Scripted(hang), "slow-plugin")
    start = time.perf_counter()
    choice = safe.choose(game, 0.1)
    elapsed = time.perf_counter() - start
    assert allowed_s(0.1) <= elapsed < 9  # the time allowed, not the strategy's 10 s
    assert choice.failure.error == (
        f"no answer within its budget of 0.1 s (late after {allowed_s(0.1):g} s)"
    )
    assert Position(game).is_legal(choice.stroke) and choice.by_fallback


def test_a_sleeping_strategy_thread_is_a_daemon(game):
    seen = {}

    def sleeper(position):
        seen["daemon"] = threading.current_thread().daemon
        time.sleep(10)

    start = time.perf_counter()
    SafeStrategy(Scripted(sleeper), "p", allowed=lambda budget: budget + 0.05).choose(game, 0.05)
    assert time.perf_counter() - start < 9  # not the strategy's 10 s
    assert seen["daemon"] is True


def test_after_three_failures_the_fallback_plays_for_the_rest_of_the_game(game):
    def boom(position):
        raise RuntimeError("again")

    strategy = Scripted(boom)
    safe = SafeStrategy(strategy, "p")
    failures = []
    for _ in range(5):
        choice = safe.choose(game, 1.0)
        failures.append(choice.failure)
        game.play(*choice.stroke)
    assert strategy.calls == 3
    assert all(f is not None for f in failures[:3]) and failures[3:] == [None, None]
    assert failures[2].replaced and not failures[1].replaced
    assert safe.replaced
    safe.reset()
    assert not safe.replaced
    safe.choose(game, 1.0)
    assert strategy.calls == 4


def test_three_failures_of_different_kinds_also_replace_the_strategy(game):
    kinds = iter(["raise", "illegal", "hang", "fine", "fine"])

    def mixed(position):
        kind = next(kinds)
        if kind == "raise":
            raise ZeroDivisionError("division by zero")
        if kind == "illegal":
            return (0, 0)
        if kind == "hang":
            time.sleep(10)
        return first_legal(position)

    strategy = Scripted(mixed)
    safe = SafeStrategy(strategy, "p", allowed=lambda budget: budget + 0.05)
    errors, replaced, failure_kinds = [], [], []
    for _ in range(4):
        choice = safe.choose(game, 0.0)
        assert Position(game).is_legal(choice.stroke) and choice.by_fallback
        errors.append(choice.failure and choice.failure.error)
        failure_kinds.append(choice.failure and choice.failure.kind)
        replaced.append(choice.failure and choice.failure.replaced)
        game.play(*choice.stroke)
    assert strategy.calls == 3  # the fourth move did not even ask it
    assert errors[0].startswith("raised ZeroDivisionError")
    assert "not a stroke" in errors[1]
    assert "no answer within" in errors[2] and replaced[:3] == [False, False, True]
    assert errors[3] is None
    assert failure_kinds[:3] == [FailureKind.RAISED, FailureKind.BAD_ANSWER, FailureKind.TIMED_OUT]


def test_a_late_answer_of_a_timed_out_call_is_thrown_away(game):
    go = threading.Event()
    answers = iter([None, "second"])

    def slow_then_fast(position):
        if next(answers) is None:
            go.wait(5)
            return (0, 0)  # arrives late and is garbage anyway: must not count
        return first_legal(position)

    safe = SafeStrategy(Scripted(slow_then_fast), "p", allowed=lambda budget: budget + 0.05)
    assert safe.choose(game, 0.0).failure is not None
    go.set()
    deadline = time.monotonic() + 5
    while safe.busy and time.monotonic() < deadline:
        time.sleep(0.01)
    choice = safe.choose(game, 1.0)
    assert choice.failure is None and safe.failures == 1


def test_a_call_that_returns_a_moment_late_costs_one_strike_not_the_game(game):
    def late_once(position):
        if strategy.calls == 1:
            time.sleep(0.3)  # past its time limit of 0.05 s, as a move on a loaded machine
        return first_legal(position)

    strategy = Scripted(late_once)
    safe = SafeStrategy(strategy, "p", allowed=lambda budget: budget + 0.05)
    assert safe.choose(game, 0.0).failure.kind == FailureKind.TIMED_OUT
    for _ in range(3):  # the next moves wait for the late one instead of failing at once
        choice = safe.choose(game, 1.0)
        assert choice.failure is None and not choice.by_fallback
    assert safe.failures == 1 and not safe.replaced and strategy.calls == 4


def test_a_strategy_still_stuck_in_an_earlier_call_is_not_called_again(game):
    release = threading.Event()

    def stuck_once(position):
        if strategy.calls == 1:
            release.wait(10)
        return first_legal(position)

    strategy = Scripted(stuck_once)
    safe = SafeStrategy(strategy, "p", allowed=lambda budget: budget + 0.05)
    assert "no answer within" in safe.choose(game, 0.0).failure.error and safe.busy
    threads = threading.active_count()
    second = safe.choose(game, 1.0)
    assert "still busy" in second.failure.error and second.by_fallback
    assert second.failure.kind == FailureKind.BUSY
    # The app wraps the same strategy object again for the next game and for hints.
    other = SafeStrategy(strategy, "p", allowed=lambda budget: budget + 0.05)
    assert other.busy and other.choose(game, 1.0).failure.kind == FailureKind.BUSY
    assert not SafeStrategy(Scripted(first_legal), "p").busy  # another object is not held up
    assert strategy.calls == 1 and threading.active_count() <= threads  # no second thread
    release.set()
    deadline = time.monotonic() + 5
    while safe.busy and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not other.busy
    assert other.choose(game, 1.0).failure is None and strategy.calls == 2


def test_a_strategy_stays_busy_until_every_stuck_call_has_returned(game):
    # Two calls on time may overlap (a hint, then the computer's move) and both run late.
    releases = [threading.Event(), threading.Event()]
    pending = iter(releases)
    started = threading.Barrier(2, timeout=5)
    returned = []

    def slow(position):
        release = next(pending)
        started.wait()
        release.wait(10)
        returned.append(release)
        return first_legal(position)

    strategy = Scripted(slow)
    hint, move = (
        SafeStrategy(strategy, "p", allowed=lambda budget: budget + 0.1) for _ in range(2)
    )
    results = []
    threads = [
        threading.Thread(target=lambda r=runner: results.append(r.choose(game, 0.0)))
        for runner in (hint, move)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert [choice.failure.kind for choice in results] == [FailureKind.TIMED_OUT] * 2
    releases[0].set()
    deadline = time.monotonic() + 5
    while not returned and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.05)  # its thread clears its own entry just after returning
    assert returned == [releases[0]]
    assert hint.busy and move.busy  # the other call is still stuck
    releases[1].set()
    deadline = time.monotonic() + 5
    while hint.busy and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not hint.busy and not move.busy


def test_choosing_in_a_finished_game_raises(game):
    private = Position(game).game()
    while not private.is_over:
        private.play_candidate((private.legal_bits & -private.legal_bits).bit_length() - 1)
    with pytest.raises(ValueError, match="over"):
        SafeStrategy(Scripted(first_legal), "p").choose(Position(private), 1.0)


def test_legal_stroke_normalises_and_explains(game):
    position = Position(game)
    i, j = first_legal(position)
    assert legal_stroke(position, (j, i)) == (i, j)
    assert "not a pair" in legal_stroke(position, 7)


# -- the fallback ---------------------------------------------------------------------------------


def position_with_a_threat(board: Board) -> tuple[Game, int]:
    """A game where one stroke closes an empty triangle (two of its sides drawn)."""
    game = Game(board)
    for s in range(board.m):
        for _, p, q in board.apexes(s):
            game.play_candidate(p)
            game.play_candidate(q)
            return game, s
    raise AssertionError("no empty triangle")


def test_the_fallback_takes_a_triangle_when_there_is_one(board):
    game, _ = position_with_a_threat(board)
    stroke = FallbackStrategy().choose_stroke(Position(game), 1.0)
    assert Position(game).gain(stroke) >= 1
    assert board.candidate(*stroke) in threats(game)


def test_the_fallback_plays_a_safe_stroke_when_it_can_and_is_deterministic(board):
    game = Game(board)
    game.play_candidate(0)
    fallback = FallbackStrategy(seed=4)
    stroke = fallback.choose_stroke(Position(game), 1.0)
    after = Position(game).play(stroke)
    assert not any(after.gain(s) for s in after.legal_strokes())
    assert FallbackStrategy(seed=4).choose_stroke(Position(game), 1.0) == stroke


def test_the_fallback_finishes_a_whole_game(board):
    game = Game(board)
    fallback = FallbackStrategy()
    while not game.is_over:
        game.play(*fallback.choose_stroke(Position(game), 1.0))
    assert sum(game.scores) > 0
