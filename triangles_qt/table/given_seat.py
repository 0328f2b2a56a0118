"""A seat whose strokes are given to it from outside, one at a time: the engine adapter's two
seats, whose strokes the host's `position` and `moves` lines bring. The table checks each as it
checks any seat's answer; `give` says whether it was played."""

from __future__ import annotations

from .seats import MoveRequest, Seat


class GivenSeat(Seat):
    """Plays what it is given (`give`) when it is asked for a stroke."""

    def __init__(self, name: str) -> None:
        super().__init__(lambda: name)
        self._request: MoveRequest | None = None
        self.refused_with: str | None = None  # why the last stroke given was refused

    def request_move(self, request: MoveRequest) -> None:
        self._request = request

    def cancel(self) -> None:
        self._request = None

    def refused(self, request: MoveRequest, reason: object) -> None:
        self.refused_with = getattr(reason, "value", None) or "not a stroke"

    def give(self, stroke: tuple[int, int]) -> bool:
        """Answer the table's question with `stroke`; whether the table played it (False: not
        asked, or refused: `refused_with` says why)."""
        request, self._request = self._request, None
        self.refused_with = None
        if request is None:
            return False
        self.answered.emit(request, stroke)
        return self.refused_with is None
