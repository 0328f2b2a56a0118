"""The read-only position that computer strategies receive (the public strategy API).

A Position is a snapshot: nothing a strategy does to it reaches the live game. `play()` returns a
new Position, so a strategy can search without copying anything itself.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .board import Board
from .game import Game, Move, Rejection
from .rules import Rules


class Position:
    """A game position as a strategy sees it. Stable API: see docs/plugins.md."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game.copy()

    @classmethod
    def _wrap(cls, game: Game) -> Position:
        """A Position over a game nobody else holds (no defensive copy needed)."""
        position = cls.__new__(cls)
        position._game = game
        return position

    @classmethod
    def view_of(cls, game: Game) -> Position:
        """A live, read-only view of a game its owner goes on changing: what it reads follows
        the game, and nothing done through it changes the game (for the app's windows, which
        show the session's game; strategies get snapshots)."""
        return cls._wrap(game)

    @property
    def board(self) -> Board:
        return self._game.board

    @property
    def stars(self) -> np.ndarray:
        """Star coordinates, int array of shape (n, 2), read-only."""
        return self._game.board.stars

    @property
    def tolerance(self) -> int:
        return self._game.board.tolerance

    @property
    def strokes(self) -> tuple[tuple[int, int], ...]:
        """The drawn strokes, in the order they were played."""
        return tuple(self._game.strokes)

    @property
    def moves(self) -> tuple[Move, ...]:
        return self._game.moves

    @property
    def scores(self) -> tuple[int, int]:
        return self._game.scores

    @property
    def player(self) -> int:
        """The player to move: 0 or 1."""
        return self._game.player

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def replay_after_triangle(self) -> bool:
        return self._game.rules.replay_after_triangle

    @property
    def is_over(self) -> bool:
        return self._game.is_over

    @property
    def winner(self) -> int | None:
        """0 or 1 once the game is over and someone has more triangles; None otherwise."""
        return self._game.winner

    def legal_strokes(self) -> np.ndarray:
        """The strokes that may be drawn now: int array of shape (k, 2), each row (low, high)."""
        return self._game.legal_strokes()

    def is_legal(self, stroke: Sequence[int]) -> bool:
        """Whether `stroke` may be drawn now; False also for anything that is not a stroke
        (a bad index, a star joined to itself)."""
        pair = _stroke_or_none(stroke, self._game.board.n)
        return pair is not None and not self._game.is_over and self._game.check(*pair) is None

    def check(self, i: int, j: int) -> Rejection | None:
        """Why the rules refuse stroke i-j now (None when it may be drawn). Raises ValueError for
        what is not a stroke (the same star twice, no such star)."""
        return self._game.check(i, j)

    def gain(self, stroke: Sequence[int]) -> int:
        """How many counting triangles the stroke would close now (0 for an illegal stroke or
        anything that is not a stroke)."""
        pair = _stroke_or_none(stroke, self._game.board.n)
        return 0 if pair is None else len(self._game.gain(*pair))

    def play(self, stroke: Sequence[int]) -> Position:
        """The position after the player to move draws `stroke`. Raises ValueError for what is
        not a stroke, its subclass IllegalStroke for a stroke the rules forbid, GameOver."""
        i, j = _pair(stroke, self._game.board.n)
        game = self._game.copy()
        game.play(i, j)
        return Position._wrap(game)

    def game(self) -> Game:
        """A private, mutable copy of the underlying game, for strategies that search in place."""
        return self._game.copy()

    def __repr__(self) -> str:
        return (
            f"Position(player={self.player}, scores={self.scores}, "
            f"strokes={len(self._game.moves)}, over={self.is_over})"
        )


def _stroke_or_none(stroke: Sequence[int], n: int) -> tuple[int, int] | None:
    """The pair of two different star indices of the board, or None."""
    try:
        i, j = _pair(stroke, n)
    except ValueError:
        return None
    return (i, j) if 0 <= i < n and 0 <= j < n and i != j else None


def _pair(stroke: Sequence[int], n: int) -> tuple[int, int]:
    try:
        values = tuple(stroke)
    except TypeError:
        values = ()
    if len(values) != 2 or not all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values
    ):
        raise ValueError(f"a stroke is a pair of star indices, not {stroke!r}")
    return int(values[0]), int(values[1])
