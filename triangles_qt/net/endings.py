"""How a network game that stopped before its end ended, for its record (docs/rules.md 8.1.1):
read from what the match told on the way (a resignation, a lost connection, a refusal) so that
every side that saw the game keeps it with the same kind of reason.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from triangles_qt.core.record import Ending, EndKind

from .match import NetMatch, State


class EndingWatch(QObject):
    """Watches `match` from its start; `ending(reason)` says how it stopped once it has."""

    def __init__(self, match: NetMatch) -> None:
        super().__init__(match)
        self.match = match
        self._resigned: int | None = None
        self._state_before = match.state
        self._state = match.state
        match.resigned.connect(self._resign)
        match.state_changed.connect(self._state_changed)
        match.started.connect(self._restarted)

    def _resign(self, seat: int) -> None:
        self._resigned = seat

    def _state_changed(self, state: State) -> None:
        self._state_before, self._state = self._state, state

    def _restarted(self) -> None:  # a rematch: a new game
        self._resigned = None

    def ending(self, reason: str, left_here: bool = False) -> Ending | None:
        """How the game stopped (None: it ended by the rules, or no game had started).
        `left_here`: this side's player left it (a new game, the window closed)."""
        match, game = self.match, self.match.game
        if game is None or game.is_over:
            return None
        if self._resigned is not None:
            return Ending(EndKind.RESIGNED, self._resigned, reason)
        if left_here:
            return Ending(EndKind.LEFT, match.local_seat, reason)
        last = self._state_before if self._state == State.CLOSED else self._state
        if last == State.RECONNECTING:
            return Ending(EndKind.DISCONNECTED, None, reason)
        if match.refusal_code:  # the peer's `error` ended it: this side's line was refused
            return Ending(EndKind.REFUSED, match.local_seat, reason)
        if match.refused_peer:  # this side refused the peer's line
            return Ending(EndKind.REFUSED, match.peer_seat, reason)
        return Ending(EndKind.LEFT, match.peer_seat, reason)
