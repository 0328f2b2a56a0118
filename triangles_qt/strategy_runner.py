"""Calls a strategy safely: on a snapshot, in a daemon worker thread, within budget + grace, with
the built-in fallback playing instead of a failing strategy and replacing it after three strikes.

A strategy that hangs cannot be stopped (Python threads cannot be killed), but its thread is a
daemon, so it never keeps the process from exiting, and its late answer is thrown away. While it
is still running, the strategy object is not called again by any runner (the app wraps one object
in a runner per game and per hint): those calls fail at once. So there is one stuck thread per
strategy at most, and never two calls of one strategy at the same time.
"""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import numpy as np

from .builtin_plugins.fallback import FallbackStrategy
from .core.game import Game
from .core.position import Position

GRACE_S = 0.5
MAX_FAILURES = 3

# Strategy objects whose last call is still running after its time ran out, by id(): the object
# is kept with its event so that the id cannot be reused while the entry stands.
_unanswered: dict[int, tuple[Any, threading.Event]] = {}
_unanswered_lock = threading.Lock()


class FailureKind(StrEnum):
    """What went wrong, one kind each, for the app to say in the player's language
    (`Failure.error` keeps the specifics, in English, for the strategy's author)."""

    RAISED = "raised"
    BAD_ANSWER = "bad_answer"
    TIMED_OUT = "timed_out"
    BUSY = "busy"


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


class SafeStrategy:
    """Wraps a strategy for one seat. Call `reset()` at the start of every game."""

    def __init__(self, strategy: Any, plugin_name: str, fallback: Any = None,
                 grace_s: float = GRACE_S, max_failures: int = MAX_FAILURES) -> None:
        self.strategy = strategy
        self.plugin_name = plugin_name
        self.fallback = fallback if fallback is not None else FallbackStrategy()
        self.grace_s = grace_s
        self.max_failures = max_failures
        self.failures = 0  # in the current game

    @property
    def strategy_id(self) -> str:
        sid = getattr(self.strategy, "id", None)
        return sid if isinstance(sid, str) else repr(self.strategy)

    @property
    def replaced(self) -> bool:
        """True once the strategy failed `max_failures` times in this game."""
        return self.failures >= self.max_failures

    @property
    def busy(self) -> bool:
        """True while a call of this strategy object (by this runner or any other) that was not
        answered in time is still running."""
        key = id(self.strategy)
        with _unanswered_lock:
            entry = _unanswered.get(key)
            if entry is not None and entry[1].is_set():
                del _unanswered[key]
                entry = None
        return entry is not None

    def reset(self) -> None:
        """A new game: the strategy gets its chances back."""
        self.failures = 0

    def choose(self, position: Position | Game, budget_s: float) -> Choice:
        """The stroke for the player to move. Raises ValueError when the game is over."""
        start = time.perf_counter()
        if isinstance(position, Game):
            position = Position(position)
        if position.is_over:
            raise ValueError("the game is over: there is no stroke to choose")
        if self.replaced:
            stroke = self._fallback(position, budget_s)
            return Choice(stroke, time.perf_counter() - start, None, True)
        stroke, kind, error, trace = self._attempt(position, budget_s)
        if stroke is not None:
            return Choice(stroke, time.perf_counter() - start)
        self.failures += 1
        failure = Failure(self.strategy_id, self.plugin_name, error, self.replaced, trace, kind)
        stroke = self._fallback(position, budget_s)
        return Choice(stroke, time.perf_counter() - start, failure, True)

    def _attempt(self, position: Position, budget_s: float
                 ) -> tuple[tuple[int, int] | None, FailureKind | None, str, str]:
        """(the strategy's legal stroke, None, "", "") or (None, the kind of failure, what went
        wrong, its traceback if the strategy raised)."""
        if self.busy:
            return (None, FailureKind.BUSY,
                    "still busy with an earlier move it did not answer in time", "")
        snapshot = Position(position.game())  # its own copy: the strategy may keep running
        box: dict[str, Any] = {}
        done = threading.Event()

        def work() -> None:
            try:
                box["stroke"] = self.strategy.choose_stroke(snapshot, budget_s)
            except BaseException as exc:  # noqa: BLE001 - a plugin's fault is reported, not raised
                box["error"] = exc
                box["trace"] = traceback.format_exc()
            finally:
                done.set()

        worker = threading.Thread(target=work, name=f"strategy-{self.strategy_id}", daemon=True)
        worker.start()
        if not done.wait(max(0.0, budget_s) + self.grace_s):
            with _unanswered_lock:  # stuck: not asked again while it runs
                _unanswered[id(self.strategy)] = (self.strategy, done)
            return None, FailureKind.TIMED_OUT, (f"no answer within its budget of {budget_s:g} s "
                                                 f"(+{self.grace_s:g} s grace)"), ""
        if "error" in box:
            exc = box["error"]
            lines = str(exc).strip().splitlines()
            error = f"raised {type(exc).__name__}" + (f": {lines[0]}" if lines else "")
            return None, FailureKind.RAISED, error, box["trace"]
        answer = legal_stroke(position, box.get("stroke"))
        if isinstance(answer, str):
            return None, FailureKind.BAD_ANSWER, answer, ""
        return answer, None, "", ""

    def _fallback(self, position: Position, budget_s: float) -> tuple[int, int]:
        answer = self.fallback.choose_stroke(Position(position.game()), budget_s)
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
        return f"answered {_short(answer)}, not a pair of star indices"
    if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in answer):
        return f"answered {_short(answer)}, not a pair of integers"
    i, j = int(answer[0]), int(answer[1])
    n = position.board.n
    if not (0 <= i < n and 0 <= j < n) or i == j:
        return f"answered {i}-{j}, which is not a stroke between two of the {n} stars"
    if not position.is_legal((i, j)):
        reason = position.game().check(i, j)
        why = reason.value if reason is not None else "not allowed now"
        return f"answered the illegal stroke {i}-{j} ({why})"
    return (min(i, j), max(i, j))


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
