"""A computer seat that answers at once: the strategy chooses on the table's own thread
(`SafeStrategy.choose`: the budget, the fallback, three strikes), with no event loop needed.
The arena's games are played by two of them; the table asks one after the other in a loop.
It keeps what the arena reports: each move's seconds, the failures and the fallback's moves."""

from __future__ import annotations

from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.strategy_runner import Failure, SafeStrategy

from .seats import MoveRequest, Seat


class ChoosingSeat(Seat):
    """`safe`'s strategy in a seat, named `name`; it answers from inside `request_move`.
    `failures` may be a list that both seats of a game share (in the order they happened)."""

    kind = PlayerKind.COMPUTER

    def __init__(self, name: str, safe: SafeStrategy, failures: list[Failure] | None = None):
        super().__init__(lambda: name)
        self.safe = safe
        self.move_seconds: list[float] = []
        self.failures: list[Failure] = [] if failures is None else failures
        self.fallback_moves = 0

    @property
    def recorded(self) -> PlayerInfo:
        return PlayerInfo(self.name, self.kind, self.safe.strategy_id)

    @property
    def statistics_id(self) -> str | None:
        return self.safe.strategy_id

    def request_move(self, request: MoveRequest) -> None:
        choice = self.safe.choose(request.position, request.budget_s)
        self.move_seconds.append(choice.seconds)
        self.fallback_moves += choice.by_fallback
        if choice.failure is not None:
            self.failures.append(choice.failure)
        self.answered.emit(request, choice.stroke)

    def game_ended(self, scores: tuple[int, int]) -> None:
        self.safe.game_over(scores)  # an engine is told (it never waits)
