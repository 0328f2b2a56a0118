"""The rules engine: a game on a board, its strokes, scores, turns, end and undo (docs/rules.md
sections 2-5).

State is kept in Python-int bitsets over the board's candidate strokes, so applying a stroke is a
handful of big-int operations: the legal strokes the new stroke crosses go at once, and no earlier
stroke is ever re-checked. A search, which plays the same strokes again and again, finds those in
the crossing rows the board keeps; a game whose player lists the legal strokes every turn finds
them, once they are few, with crossing filters over them (board.CrossingFilters), which cost a few
microseconds a stroke where a row would cost tens and serve once. The list of the legal strokes is
kept too, and thinned out when it is next asked for (legal strokes never come back, except by
undo).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np

from .board import Board, CrossingFilters, bits_to_indices
from .geometry import strokes_conflict, within_distance_of_segment
from .rules import Rules


class Rejection(enum.Enum):
    """Why a stroke is refused (docs/rules.md section 2), in the order the rules list them."""

    ALREADY_DRAWN = "already drawn"
    PASSES_OVER_STAR = "passes over a star"
    CROSSES_STROKE = "crosses a stroke"


class IllegalStroke(ValueError):
    """A stroke the rules refuse; `reason` says why."""

    def __init__(self, stroke: tuple[int, int], reason: Rejection) -> None:
        super().__init__(f"stroke {stroke[0]}-{stroke[1]} {reason.value}")
        self.stroke = stroke
        self.reason = reason


class GameOver(RuntimeError):
    """A stroke was offered after the game ended."""


Triangle = tuple[int, int, int]


@dataclass(frozen=True)
class Move:
    """One played stroke: who drew it, its stars, and the counting triangles it closed."""

    player: int
    stroke: tuple[int, int]
    triangles: tuple[Triangle, ...]


def _move(player: int, stroke: tuple[int, int], triangles: tuple[Triangle, ...]) -> Move:
    """Move(player, stroke, triangles), made in one object.__setattr__ where the frozen
    dataclass's __init__ takes three (half the time: a microsecond a stroke at stake)."""
    move: Move = object.__new__(Move)
    fields = {"player": player, "stroke": stroke, "triangles": triangles}
    object.__setattr__(move, "__dict__", fields)
    return move


# What undo() restores: the legal bitset, the player to move, the witness and its mask, and the
# crossing filters in use with the legal bitset over their strokes (None when none were).
_Filtering = tuple[CrossingFilters, int] | None
_Undo = tuple[int, int, tuple[int, int, int] | None, int, _Filtering]


class Game:
    """One game of Triangles. Player 0 (Player 1 on screen) moves first."""

    def __init__(self, board: Board, rules: Rules = Rules()) -> None:
        self.board = board
        self.rules = rules
        self._drawn = 0
        self._legal = (1 << board.m) - 1
        self._neighbours = [0] * board.n
        self._scores = [0, 0]
        self._player = 0
        self._moves: list[Move] = []
        self._undo: list[_Undo] = []
        # The legal candidates, ascending, as an array, and the legal bitset it was listed from.
        self._listed: tuple[int, np.ndarray] = (self._legal, np.arange(board.m))
        # Whether legal_strokes() was asked for since the last stroke (see play_candidate).
        self._list_asked = False
        # Once the legal strokes are few, for a game that lists them every turn: crossing
        # filters over them and the legal bitset over their strokes (bit u: stroke strokes[u]),
        # kept up to date with _legal; or None. And the last filters made, which serve again
        # while the legal strokes are among theirs.
        self._filtering: _Filtering = None
        self._filters_made: CrossingFilters | None = None
        self._witness, self._witness_mask = self._find_witness()

    def copy(self) -> Game:
        """An independent game in the same state (shares the immutable board)."""
        other = Game.__new__(Game)
        other.board = self.board
        other.rules = self.rules
        other._drawn = self._drawn
        other._legal = self._legal
        other._neighbours = self._neighbours.copy()
        other._scores = self._scores.copy()
        other._player = self._player
        other._moves = self._moves.copy()
        other._undo = self._undo.copy()
        other._listed = self._listed  # never changed in place, only replaced
        other._list_asked = self._list_asked
        other._filtering = self._filtering  # the filters are immutable, shared
        other._filters_made = self._filters_made
        other._witness = self._witness
        other._witness_mask = self._witness_mask
        return other

    # -- reading the state ---------------------------------------------------------------------

    @property
    def player(self) -> int:
        """The player to move: 0 or 1."""
        return self._player

    @property
    def scores(self) -> tuple[int, int]:
        return self._scores[0], self._scores[1]

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def strokes(self) -> list[tuple[int, int]]:
        """The drawn strokes, in the order they were played."""
        return [m.stroke for m in self._moves]

    @property
    def is_over(self) -> bool:
        """True once no counting triangle can ever be closed again (docs/rules.md section 5)."""
        return self._witness is None

    @property
    def winner(self) -> int | None:
        """0 or 1 once the game is over and someone has more triangles; None otherwise."""
        if not self.is_over or self._scores[0] == self._scores[1]:
            return None
        return 0 if self._scores[0] > self._scores[1] else 1

    @property
    def drawn_bits(self) -> int:
        return self._drawn

    @property
    def legal_bits(self) -> int:
        """Bitset of the candidate strokes that may be drawn now."""
        return self._legal

    def legal_strokes(self) -> np.ndarray:
        """The strokes that may be drawn now, as a (k, 2) int array of star pairs (low, high)."""
        if self.is_over:
            return np.zeros((0, 2), dtype=np.intp)
        self._list_asked = True
        strokes: np.ndarray = self.board.cand_pairs.take(self._legal_indices(), axis=0)
        return strokes

    def _legal_indices(self) -> np.ndarray:
        """The legal candidates, ascending: the last list thinned out to what is still legal
        (legal strokes only go, but by undo), rather than listed again."""
        listed_from, indices = self._listed
        legal = self._legal
        if legal is listed_from:
            return indices
        gone = listed_from ^ legal
        if gone & legal:  # some came back (undo): list them all again
            self._listed = (legal, bits_to_indices(legal, self.board.m))
            return self._listed[1]
        # Most often a turn's stroke and the few it crossed: find them in the list.
        drop: list[int] = []
        while gone and len(drop) < 8:
            s = gone.bit_length() - 1
            drop.append(s)
            gone ^= 1 << s
        if not gone:  # cut the list around them (drop is descending)
            pieces = []
            end = len(indices)
            for s in drop:
                at = int(indices.searchsorted(s))
                pieces.append(indices[at + 1 : end])
                end = at
            pieces.append(indices[:end])
            pieces.reverse()
            indices = np.concatenate(pieces)
        else:
            still = np.unpackbits(
                np.frombuffer(legal.to_bytes(self.board.bitset_bytes, "little"), dtype=np.uint8),
                bitorder="little",
            )
            indices = indices[still.view(bool)[indices]]
        self._listed = (legal, indices)
        return indices

    def is_drawn(self, i: int, j: int) -> bool:
        # int(): a numpy index shifting a Python int of more than 64 bits would overflow.
        return bool(self._neighbours[int(i)] >> int(j) & 1)

    def check(self, i: int, j: int) -> Rejection | None:
        """Why stroke i-j would be rejected now, or None if it is legal.

        Raises ValueError for something that is not a stroke at all (bad index, i == j).
        """
        self._check_stars(i, j)
        i, j = int(i), int(j)  # numpy's integers too (legal_strokes() gives them)
        if self.is_drawn(i, j):
            return Rejection.ALREADY_DRAWN
        s = self.board.candidate(i, j)
        if s < 0:
            return Rejection.PASSES_OVER_STAR
        if not self._legal >> s & 1:
            return Rejection.CROSSES_STROKE
        return None

    def obstacles(self, i: int, j: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """What stands in the way of stroke i-j: the stars it passes over (within the board's
        tolerance, docs/rules.md 2.2) and the drawn strokes it crosses or runs along (2.3), so that
        a refused stroke can show its culprits. Both are empty for a legal stroke."""
        self._check_stars(i, j)
        points = self.board.star_list
        a, b = points[i], points[j]
        tolerance = self.board.tolerance
        over = tuple(
            k
            for k, p in enumerate(points)
            if k not in (i, j) and within_distance_of_segment(p, a, b, tolerance)
        )
        crossed = tuple(
            (c, d)
            for c, d in self.strokes
            if {c, d} != {i, j} and strokes_conflict(a, b, points[c], points[d])
        )
        return over, crossed

    def gain(self, i: int, j: int) -> tuple[Triangle, ...]:
        """The counting triangles that stroke i-j would close now (empty for an illegal one)."""
        self._check_stars(i, j)
        i, j = int(i), int(j)
        s = self.board.candidate(i, j)
        if s < 0 or not self._legal >> s & 1:
            return ()
        return self._closed_triangles(s, i, j)

    def candidate_gain(self, s: int) -> int:
        """Number of counting triangles legal candidate s would close (a fast path for search)."""
        board = self.board
        i, j = board.cand_a_list[s], board.cand_b_list[s]
        return len(self._closed_triangles(s, i, j))

    # -- changing the state ----------------------------------------------------------------------

    def play(self, i: int, j: int) -> Move:
        """Draw stroke i-j for the player to move. Raises IllegalStroke or GameOver."""
        if self._witness is None:
            raise GameOver("the game is over: no triangle can be closed any more")
        n = self.board.n
        if not (type(i) is int and type(j) is int and 0 <= i < n and 0 <= j < n and i != j):
            self._check_stars(i, j)  # raises for what is not a stroke; numpy's ints pass
        a, b = int(i), int(j)
        s = self.board.pair_index_list[a][b]
        if s < 0 or not self._legal >> s & 1:
            reason = self.check(a, b)
            assert reason is not None  # s is not legal
            raise IllegalStroke((i, j), reason)
        return self.play_candidate(s, (a, b))

    def play_candidate(
        self,
        s: int,
        stroke: tuple[int, int] | None = None,
        triangles: tuple[Triangle, ...] | None = None,
    ) -> Move:
        """Draw legal candidate s (no validation: for callers that took s from `legal_bits`).

        `stroke` is the pair in the order the player drew it, kept in the move for records.
        `triangles` are the ones s closes, sorted, for a caller that keeps track of them (a
        search): what gain() would find.
        """
        board = self.board
        i, j = board.cand_a_list[s], board.cand_b_list[s]
        if triangles is None:
            triangles = self._closed_triangles(s, i, j)
        legal = self._legal
        filtering = self._filtering
        self._undo.append((legal, self._player, self._witness, self._witness_mask, filtering))
        bit = 1 << s
        self._drawn |= bit
        asked, self._list_asked = self._list_asked, False
        if asked and filtering is None and legal.bit_count() <= board.m // 8:
            filtering = self._start_filtering()
        if asked and filtering is not None:
            # A player who lists the legal strokes every turn, once they are few: the filters
            # find the few that s crosses (the crossing rows cost more than they save: each
            # row would serve once).
            filters, filtered = filtering
            crossed, crossed_there = filters.crossed(s, filtered)
            u = filters.position(s)
            if u is not None and filtered >> u & 1:  # s is legal (the legal strokes are in U)
                crossed_there |= 1 << u
                self._legal = legal ^ crossed ^ bit
            else:
                self._legal = legal ^ crossed
            self._filtering = (filters, filtered ^ crossed_there)
        else:
            # A search, which plays strokes again and again without listing them: the crossing
            # rows the board keeps. (While the legal strokes are many, a row costs less than
            # filters over them would.)
            crossed = legal & board.crossing_bits(s)  # the legal strokes s crosses
            legal ^= crossed
            self._legal = legal ^ bit if legal >> s & 1 else legal
            self._filtering = None
        self._neighbours[i] |= 1 << j
        self._neighbours[j] |= 1 << i
        player = self._player
        move = _move(player, stroke or (i, j), triangles)
        self._moves.append(move)
        if triangles:
            self._scores[player] += len(triangles)
        if not (triangles and self.rules.replay_after_triangle):
            self._player = 1 - player
        # The witness was alive: it stays so unless s crossed one of its sides or drew its last.
        mask = self._witness_mask
        if self._witness is None or crossed & mask or self._drawn & mask == mask:
            self._witness, self._witness_mask = self._find_witness()
        return move

    def undo(self) -> Move:
        """Take back the last stroke and return it. Raises IndexError when nothing was played."""
        if not self._moves:
            raise IndexError("no stroke to undo")
        move = self._moves.pop()
        legal, player, witness, witness_mask, self._filtering = self._undo.pop()
        i, j = move.stroke
        s = self.board.candidate(i, j)
        self._drawn &= ~(1 << s)
        self._legal = legal
        self._neighbours[i] &= ~(1 << j)
        self._neighbours[j] &= ~(1 << i)
        self._scores[move.player] -= len(move.triangles)
        self._player = player
        self._witness, self._witness_mask = witness, witness_mask
        return move

    # -- internals -------------------------------------------------------------------------------

    def _check_stars(self, i: int, j: int) -> None:
        n = self.board.n
        for v in (i, j):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v < n:
                raise ValueError(f"{v!r} is not a star index (0..{n - 1})")
        if i == j:
            raise ValueError("a stroke joins two different stars")

    def _start_filtering(self) -> _Filtering:
        """Crossing filters over the legal strokes, now few: the last ones made if the legal
        strokes are among theirs still (a game taken back and played again), else new ones."""
        board = self.board
        legal = self._legal
        filters = self._filters_made
        if filters is None or legal & ~filters.members:
            indices = self._legal_indices()
            filters = self._filters_made = board.crossing_filters(indices)
            self._filtering = (filters, (1 << len(filters.strokes)) - 1)
            # The game's strokes from now on are among these: their triangles' tests will read
            # their star sets, cheaper made together.
            board.keep_star_pairs(indices)
        else:
            self._filtering = (filters, filters.restricted(legal))
        return self._filtering

    def _closed_triangles(self, s: int, i: int, j: int) -> tuple[Triangle, ...]:
        common = self._neighbours[i] & self._neighbours[j]
        if not common:
            return ()
        board = self.board
        index = board.pair_index_list
        found: list[Triangle] = []
        while common:
            low = common & -common
            k = low.bit_length() - 1
            common ^= low
            if board.is_empty_triangle(s, index[i][k], index[j][k], i, j, k):
                p, q, r = sorted((i, j, k))
                found.append((p, q, r))
        return tuple(found)

    def _find_witness(self) -> tuple[tuple[int, int, int] | None, int]:
        """An empty triangle whose undrawn sides are all legal, or None: the game is over; and
        the bitset of its three sides (0 for None).

        Every such triangle has an undrawn, legal side, so scanning the legal strokes' empty
        triangles is exhaustive (docs/rules.md section 5's exact criterion).
        """
        board = self.board
        usable = self._drawn | self._legal
        legal = self._legal
        while legal:
            low = legal & -legal
            s = low.bit_length() - 1
            legal ^= low
            for _, p, q in board.apexes(s):
                if usable >> p & 1 and usable >> q & 1:
                    return (s, p, q), 1 << s | 1 << p | 1 << q
        return None, 0
