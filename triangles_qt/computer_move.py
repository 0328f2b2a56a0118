"""What one computer move may take and how it can fail: the deadline made once per move and
passed down (budget, the time allowed, when its clock started), the share of the budget the
built-in levels are calibrated to, and the failures as types. No Qt.

The levels are defined by work (nodes, or a count of the same kind), not by the clock, so that
the same position, level and seed give the same stroke on an idle or a busy machine. The budget
is what a move is calibrated to: on an idle machine a built-in level uses about `IDLE_SHARE` of
it. The clock is only a safety stop: a built-in search stops on it at `SAFETY_FACTOR` times the
budget (and a little), and the host calls an answer late only `GRACE_S` after that. So on a busy
machine the player waits a little longer rather than getting a blunder, and a strike against a
computer player means that it is broken, not that the machine is busy.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

IDLE_SHARE = 0.5
"""The share of its budget a built-in level's work takes on an idle machine."""

SAFETY_FACTOR = 3.0
SAFETY_EXTRA_S = 0.5
"""A built-in search stops on the clock at SAFETY_FACTOR times its budget and SAFETY_EXTRA_S
more, whatever work is left: only on a machine six times slower or busier than an idle one
(more at short budgets, where a busy machine's scheduling matters most)."""

GRACE_S = 0.5
"""What the host allows past the safety stop before an answer is late (reading the answer,
starting a process's thread, a garbage collection)."""


_nodes: ContextVar[int | None] = ContextVar("triangles_nodes", default=None)
_deadline: ContextVar[Deadline | None] = ContextVar("triangles_deadline", default=None)


def nodes_limit() -> int | None:
    """The work one move may do, in the level's own units, when whoever asked for the move set
    one (the arena's --nodes, an engine's `go MS nodes N`): then the budget only sets the
    safety stop, and the move is the same on any machine. None: the budget sets the work."""
    return _nodes.get()


@contextmanager
def limited_to(nodes: int | None) -> Iterator[None]:
    """Moves asked for in this context (and in the threads `StrategyCall` starts from it) do
    `nodes` units of work; None leaves the budget to decide."""
    token = _nodes.set(nodes)
    try:
        yield
    finally:
        _nodes.reset(token)


def current_deadline() -> Deadline | None:
    """The deadline of the move being asked for in this context (set by `SafeStrategy` when it
    asks; an engine's host restarts its clock at `go`), or None outside one."""
    return _deadline.get()


@contextmanager
def move_deadline(deadline: Deadline) -> Iterator[None]:
    token = _deadline.set(deadline)
    try:
        yield
    finally:
        _deadline.reset(token)


def safety_stop_s(budget_s: float) -> float:
    """When a built-in search stops on the clock, in seconds from the start of its move."""
    return SAFETY_FACTOR * max(0.0, budget_s) + SAFETY_EXTRA_S


def allowed_s(budget_s: float) -> float:
    """How long the host waits for an answer, from the moment it asked for it."""
    return safety_stop_s(budget_s) + GRACE_S


@dataclass
class Deadline:
    """One move's time: made once when the move is asked for and passed down to whoever waits
    for the answer. `started` (time.monotonic()) is when the player was asked to move: an
    engine host sets it again when it sends `go`, after the position is delivered."""

    budget_s: float
    started: float = field(default_factory=time.monotonic)

    @property
    def allowed_s(self) -> float:
        return allowed_s(self.budget_s)

    @property
    def expires(self) -> float:
        """time.monotonic() past which an answer is late."""
        return self.started + self.allowed_s

    def restart(self) -> None:
        """The clock starts now (the engine is asked to move)."""
        self.started = time.monotonic()


class Work:
    """What a search may still do: `units` of work (the level), and a safety stop on the clock
    (time.perf_counter()) that only a far slower or busier machine reaches. The clock is read
    once every few units: it costs more than most units."""

    CLOCK_EVERY = 16

    def __init__(self, units: int, stop_at: float) -> None:
        self.units = units
        self.stop_at = stop_at
        self.done = 0

    @classmethod
    def for_budget(cls, budget_s: float, units_per_second: float) -> Work:
        """The work a level calibrated at `units_per_second` (of processor time, on an idle
        machine) does with `budget_s`: IDLE_SHARE of it, or the `nodes_limit()` set for the
        move; stopped by the clock at the safety stop."""
        units = nodes_limit()
        if units is None:
            units = round(IDLE_SHARE * max(0.0, budget_s) * units_per_second)
        return cls(max(1, units), time.perf_counter() + safety_stop_s(budget_s))

    def spend(self, units: int = 1) -> bool:
        """Count `units` done; True once the work is all done or the safety stop has come."""
        before = self.done
        self.done += units
        if self.done >= self.units:
            return True
        if before // self.CLOCK_EVERY != self.done // self.CLOCK_EVERY:
            return time.perf_counter() > self.stop_at
        return False


class MoveFailure(Exception):
    """A computer player failed to give a stroke; the message says how, in English, for its
    author."""

    details = ""  # what else its author needs: a traceback, what an engine wrote to stderr


class Late(MoveFailure):
    """No answer within the time allowed (`allowed_s`)."""


class Crashed(MoveFailure):
    """The player's process ended, or broke its protocol (an engine)."""


class Reported(MoveFailure):
    """The player said what went wrong: a plugin's exception, or an engine's `error TEXT`.
    `reported` is that text ("ValueError: lost"), `details` its traceback if it sent one."""

    def __init__(self, reported: str, details: str = "") -> None:
        super().__init__(f"the engine reported: {reported}")
        self.reported = reported
        self.details = details
