"""Part of the frozen Hard of commit b9efe46 (see __init__.py): plugins/chains.py of that
commit, byte for byte but for this paragraph, so that later changes to the shipped one cannot
change the yardstick. Do not improve it.

Exact values of endgames made only of chains and loops of triangles, for the Hard strategy.

Late in a game the alive triangles often form simple strings: each has at most two undrawn
sides, no undrawn side borders more than two of them, and no two legal strokes cross. Then all
that matters is the shape of each string, not where it lies: a *chain* of L triangles, each
end either closed (its last triangle has a side of its own still undrawn) or open (that
triangle can be taken), or a *loop* of L triangles. A chain with both ends open is what an
opened loop or a chain cut in the middle becomes; its last stroke takes two triangles.

So such a position is a multiset of small shapes, and many positions of the board share one.
`value` searches the shapes (alpha-beta with a table of bounds the caller keeps), which reaches
endgames far larger than a search over the board's strokes.
"""

from __future__ import annotations

LOOP = 3  # the "ends" field of a loop; chains have 0, 1 or 2 closed ends

Shape = tuple[int, int]  # (triangles, closed ends) or (triangles, LOOP)
Shapes = tuple[Shape, ...]  # sorted

Bounds = dict[Shapes, tuple[int, int]]  # shapes -> lower and upper bound of their value


class TooBig(Exception):
    """The search needed more nodes than it was allowed."""


def value(shapes: Shapes, replay: bool, bounds: Bounds, max_nodes: int) -> int:
    """The best future score difference for the player to move (shapes sorted), under one rule
    option, which `bounds` must be kept for. Raises TooBig after `max_nodes` nodes; what was
    learnt stays in `bounds` for the next call."""
    return _Solver(replay, bounds, max_nodes).search(shapes, -(10**6), 10**6)


def moves(shapes: Shapes) -> list[tuple[int, Shapes]]:
    """(triangles taken, shapes after) of each distinct stroke, takes first."""
    found: dict[tuple[int, Shapes], None] = {}
    for k, (size, ends) in enumerate(shapes):
        if k and shapes[k - 1] == shapes[k]:
            continue
        rest = shapes[:k] + shapes[k + 1 :]
        for gain, pieces in _cuts(size, ends):
            found.setdefault((gain, tuple(sorted(rest + pieces))), None)
    return sorted(found, key=lambda move: -move[0])


def _cuts(size: int, ends: int) -> list[tuple[int, Shapes]]:
    if ends == LOOP:
        return [(0, ((size, 0),))]
    cuts = []
    if ends:  # the side of its own of an end triangle
        cuts.append((1, ()) if size == 1 and ends == 1 else (0, ((size, ends - 1),)))
    # A side shared by triangles i and i + 1 (counted from the closed end when one end is).
    left, right = (1, 0) if ends == 1 else (ends // 2, ends // 2)
    last = size - 1 if ends == 1 else size // 2  # the other cuts mirror these
    for i in range(1, last + 1):
        gain, pieces = 0, []
        for piece in ((i, left), (size - i, right)):
            if piece == (1, 0):
                gain += 1
            else:
                pieces.append(piece)
        cuts.append((gain, tuple(pieces)))
    return cuts


class _Solver:
    def __init__(self, replay: bool, bounds: Bounds, max_nodes: int) -> None:
        self.replay = replay
        self.bounds = bounds
        self.nodes_left = max_nodes

    def search(self, shapes: Shapes, alpha: int, beta: int) -> int:
        if not shapes:
            return 0
        self.nodes_left -= 1
        if self.nodes_left < 0:
            raise TooBig
        low, high = self.bounds.get(shapes, (-(10**6), 10**6))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        alpha0, best = alpha, -(10**6)
        for gain, after in moves(shapes):
            if gain and self.replay:
                result = gain + self.search(after, alpha - gain, beta - gain)
            else:
                result = gain - self.search(after, gain - beta, gain - alpha)
            if result > best:
                best = result
                alpha = max(alpha, result)
                if alpha >= beta:
                    break
        if best <= alpha0:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.bounds[shapes] = (low, high)
        return best
