"""Calls a strategy safely: on a snapshot, in a daemon worker thread, within the time allowed
(computer_move.allowed_s), with the built-in fallback playing instead of a failing strategy and
replacing it after three strikes.

One call is one `StrategyCall`: the strategy's own daemon thread, started by `SafeStrategy.begin`.
Whoever waits for it decides when its time is up (the arena blocks on `done`; the app's computer
seat runs one timer) and then asks `SafeStrategy.conclude` for the stroke: the strategy's answer if
it came in time and is legal, else the fallback's, the failure counted.

A strategy that hangs cannot be stopped (Python threads cannot be killed), but its thread is a
daemon, so it never keeps the process from exiting, and its late answer is thrown away. While such
a call is still running, the strategy object is not called again by any runner (the app wraps one
object in a runner per game and per hint): those calls fail at once, so one strategy leaves at
most one stuck thread. `SafeStrategy.choose`, which blocks (the arena), first waits for such a
call, as long as its own move may take: a move that was only a little late costs one strike.
Calls that are on time may overlap (a hint still thinking when the player draws a stroke and the
computer's turn begins).
"""

from __future__ import annotations

import contextvars
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import numpy as np

from .analysis.tactics import FallbackStrategy
from .computer_move import Crashed, Deadline, Late, Reported, allowed_s, move_deadline
from .core.game import Game
from .core.position import Position
from .wire import QUOTED_LINE, quote

MAX_FAILURES = 3


class _StuckCalls:
    """The calls that ran past their time and have not returned yet, by strategy object (keyed
    by id(), the object kept with them so that the id cannot be reused meanwhile)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._calls: dict[int, tuple[Any, set[threading.Event]]] = {}

    def add(self, strategy: Any, done: threading.Event) -> None:
        with self._lock:
            if not done.is_set():  # it may have returned just after its time ran out
                self._calls.setdefault(id(strategy), (strategy, set()))[1].add(done)

    def remove(self, strategy: Any, done: threading.Event) -> None:
        """The call has returned (called by its own thread, so nothing is held longer)."""
        with self._lock:
            entry = self._calls.get(id(strategy))  # an entry keeps its object, so it is this one
            if entry is not None:
                entry[1].discard(done)
                if not entry[1]:
                    del self._calls[id(strategy)]

    def holds(self, strategy: Any) -> bool:
        with self._lock:
            return id(strategy) in self._calls

    def wait_until_free(self, strategy: Any, timeout_s: float) -> None:
        """Wait up to timeout_s for the strategy's stuck calls to return."""
        deadline = time.perf_counter() + timeout_s
        while True:
            with self._lock:
                entry = self._calls.get(id(strategy))
                pending = [done for done in entry[1] if not done.is_set()] if entry else []
            left = deadline - time.perf_counter()
            if entry is None or left <= 0:
                return
            if pending:
                pending[0].wait(left)
            else:  # returned: its thread is about to clear its entry
                time.sleep(0.001)


_stuck = _StuckCalls()


class FailureKind(StrEnum):
    """What went wrong, one kind each, for the app to say in the player's language
    (`Failure.error` keeps the specifics, in English, for the strategy's author)."""

    RAISED = "raised"
    BAD_ANSWER = "bad_answer"
    TIMED_OUT = "timed_out"
    BUSY = "busy"
    STOPPED = "stopped"  # an engine program ended, or broke its protocol


@dataclass(frozen=True)
class Failure:
    """One failure of a strategy: which strategy, from which plugin, what went wrong, and
    whether it was the last one allowed (the fallback plays for it for the rest of the game)."""

    strategy_id: str
    plugin_name: str
    error: str
    replaced: bool = False
    details: str = ""  # the traceback when the strategy raised, for its author
    kind: FailureKind | None = None


@dataclass(frozen=True)
class Choice:
    """The stroke to play (low, high), the seconds the choice took, and the failure if the
    fallback had to play because the strategy failed (None otherwise). `by_fallback` is true
    whenever the fallback chose, including after the strategy was replaced."""

    stroke: tuple[int, int]
    seconds: float
    failure: Failure | None = None
    by_fallback: bool = False


class StrategyCall:
    """One call of `strategy.choose_stroke(position, budget_s)` on its own daemon thread.
    `on_return`, if given, is called by that thread once the call has returned (or raised)."""

    def __init__(
        self,
        strategy: Any,
        position: Position,
        budget_s: float,
        on_return: Callable[[], None] | None = None,
    ) -> None:
        self.strategy = strategy
        self.deadline = Deadline(budget_s)  # the move's one deadline, passed down in its context
        self.started = time.perf_counter()
        self.done = threading.Event()
        self.answer: Any = None
        self.error: BaseException | None = None
        self.trace = ""
        self._on_return = on_return
        name = f"strategy-{getattr(strategy, 'id', '?')}"
        # The asker's context goes with the call: a work limit set for the move (limited_to).
        context = contextvars.copy_context()
        threading.Thread(
            target=context.run, args=(self._work, position, budget_s), name=name, daemon=True
        ).start()

    def _work(self, position: Position, budget_s: float) -> None:
        try:
            with move_deadline(self.deadline):
                self.answer = self.strategy.choose_stroke(position, budget_s)
        except BaseException as exc:  # noqa: BLE001 - a plugin's fault is reported, not raised
            self.error = exc
            self.trace = traceback.format_exc()
        finally:
            self.done.set()
            _stuck.remove(self.strategy, self.done)
            if self._on_return is not None:
                self._on_return()

    def abandon(self) -> None:
        """Its time is up: if it is still running, its strategy is not asked again until it
        returns (unless the strategy ends every call by a deadline of its own, as an engine's
        host does: then the next call only waits for that one to end)."""
        if not getattr(self.strategy, "calls_are_bounded", False):
            _stuck.add(self.strategy, self.done)


class SafeStrategy:
    """Wraps a strategy for one seat. Call `reset()` at the start of every game."""

    def __init__(
        self,
        strategy: Any,
        plugin_name: str,
        fallback: Any = None,
        allowed: Callable[[float], float] = allowed_s,
        max_failures: int = MAX_FAILURES,
    ) -> None:
        """`allowed(budget_s)`: how long an answer may take before it is late
        (triangles_qt/computer_move.py)."""
        self.strategy = strategy
        self.plugin_name = plugin_name
        self.fallback = fallback if fallback is not None else FallbackStrategy()
        self.allowed = allowed
        self.max_failures = max_failures
        self.failures = 0  # in the current game

    @property
    def strategy_id(self) -> str:
        sid = getattr(self.strategy, "id", None)
        return sid if isinstance(sid, str) else repr(self.strategy)

    def game_over(self, scores: tuple[int, int]) -> None:
        """Tell the strategy its game ended, when it is an engine (whose calls are bounded: a
        plugin's own code is never called on the window's thread)."""
        strategy = self.strategy
        if getattr(strategy, "calls_are_bounded", False) and hasattr(strategy, "game_over"):
            strategy.game_over(scores)

    @property
    def replaced(self) -> bool:
        """True once the strategy failed `max_failures` times in this game."""
        return self.failures >= self.max_failures

    @property
    def busy(self) -> bool:
        """True while a call of this strategy object (by this runner or any other) that was not
        answered in time is still running."""
        return _stuck.holds(self.strategy)

    def time_limit_s(self, budget_s: float) -> float:
        """How long to wait for a call before its answer is too late. A strategy that ends
        every call itself (an engine's host, which stops a late engine and says so) is waited
        for until it does, so that its own failure is the one told."""
        longest = getattr(self.strategy, "longest_call_s", None)
        if callable(longest):
            return float(longest(budget_s))
        return self.allowed(budget_s)

    def _late(self, budget_s: float) -> str:
        late_after = self.allowed(budget_s)
        return f"no answer within its budget of {budget_s:g} s (late after {late_after:g} s)"

    def reset(self) -> None:
        """A new game: the strategy gets its chances back."""
        self.failures = 0

    def choose(self, position: Position | Game, budget_s: float) -> Choice:
        """The stroke for the player to move, waiting for it here. Raises ValueError when the
        game is over."""
        if isinstance(position, Game):
            position = Position(position)
        if not self.replaced:
            # A move that ran late on a loaded machine mostly returns a moment later: wait for it
            # (as long as this move may take) instead of striking the strategy again at once,
            # which replaced Hard for a whole arena game after one move of 1.51 s at 1 s.
            _stuck.wait_until_free(self.strategy, self.time_limit_s(budget_s))
        call = self.begin(position, budget_s)
        if call is not None:
            call.done.wait(self.time_limit_s(budget_s))
        return self.conclude(position, call, budget_s)

    def begin(
        self, position: Position, budget_s: float, on_return: Callable[[], None] | None = None
    ) -> StrategyCall | None:
        """Start the strategy thinking on its own copy of `position`. None when it is not asked
        (replaced in this game, or still busy): `conclude` then answers at once. Raises
        ValueError when the game is over."""
        if position.is_over:
            raise ValueError("the game is over: there is no stroke to choose")
        if self.replaced or self.busy:
            return None
        # The strategy's own copy: it may keep running, or reach into it, after its time is up.
        snapshot = Position._wrap(position.game())
        return StrategyCall(self.strategy, snapshot, budget_s, on_return)

    def conclude(self, position: Position, call: StrategyCall | None, budget_s: float) -> Choice:
        """The stroke to play now: `call`'s answer if it returned a legal stroke, else the
        fallback's, with the failure counted. A call still running is late: it is abandoned."""
        start = call.started if call is not None else time.perf_counter()
        if self.replaced:
            stroke = self._fallback(position, budget_s)
            return Choice(stroke, time.perf_counter() - start, None, True)
        answer, kind, error, trace = self._judge(position, call, budget_s)
        if answer is not None:
            return Choice(answer, time.perf_counter() - start)
        self.failures += 1
        failure = Failure(self.strategy_id, self.plugin_name, error, self.replaced, trace, kind)
        stroke = self._fallback(position, budget_s)
        return Choice(stroke, time.perf_counter() - start, failure, True)

    def _judge(
        self, position: Position, call: StrategyCall | None, budget_s: float
    ) -> tuple[tuple[int, int] | None, FailureKind | None, str, str]:
        """(the strategy's legal stroke, None, "", "") or (None, the kind of failure, what went
        wrong, its traceback if the strategy raised)."""
        if call is None:
            return (
                None,
                FailureKind.BUSY,
                "still busy with an earlier move it did not answer in time",
                "",
            )
        if not call.done.is_set():
            call.abandon()
            return None, FailureKind.TIMED_OUT, self._late(budget_s), ""
        if isinstance(call.error, Late):  # an engine, stopped by its host
            return None, FailureKind.TIMED_OUT, f"{self._late(budget_s)}: {call.error}", ""
        if isinstance(call.error, Reported):  # raised in an engine process, which said so
            return None, FailureKind.RAISED, f"raised {call.error.reported}", call.error.details
        if isinstance(call.error, Crashed):  # an engine program that stopped or broke the rules
            return None, FailureKind.STOPPED, str(call.error), call.error.details
        if call.error is not None:
            lines = str(call.error).strip().splitlines()
            error = f"raised {type(call.error).__name__}" + (f": {lines[0]}" if lines else "")
            return None, FailureKind.RAISED, error, call.trace
        answer = legal_stroke(position, call.answer)
        if isinstance(answer, str):
            return None, FailureKind.BAD_ANSWER, answer, ""
        return answer, None, "", ""

    def _fallback(self, position: Position, budget_s: float) -> tuple[int, int]:
        answer = self.fallback.choose_stroke(position, budget_s)
        stroke = legal_stroke(position, answer)
        if isinstance(stroke, str):  # the built-in fallback is ours: this is a bug, not a plugin's
            raise RuntimeError(f"the fallback strategy {stroke}")
        return stroke


def legal_stroke(position: Position, answer: Any) -> tuple[int, int] | str:
    """The answer as a legal stroke (low, high), or the text saying why it is not one.

    Accepts a tuple, list or numpy row of two integers, in either order.
    """
    if isinstance(answer, np.ndarray):
        answer = answer.tolist() if answer.ndim == 1 else None
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return f"answered {quote(answer, QUOTED_LINE)}, not a pair of star indices"
    if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in answer):
        return f"answered {quote(answer, QUOTED_LINE)}, not a pair of integers"
    i, j = int(answer[0]), int(answer[1])
    n = position.board.n
    if not (0 <= i < n and 0 <= j < n) or i == j:
        return f"answered {i}-{j}, which is not a stroke between two of the {n} stars"
    if not position.is_legal((i, j)):
        reason = position.game().check(i, j)
        why = reason.value if reason is not None else "not allowed now"
        return f"answered the illegal stroke {i}-{j} ({why})"
    return (min(i, j), max(i, j))
