"""Which games a tournament consists of.

A *pairing* is two contestants on one board size, rule option and budget. Its game k (from 0) is
played on the board of seed ``seed + k // 2``: each board is played twice, the first contestant
starting the even game and the second the odd one, so games 2j and 2j + 1 form a pair
(`stats`). A match is one pairing; a gauntlet pairs its first player with each of the others; a
round robin pairs everyone with everyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class Conditions:
    """What every game of a pairing shares besides its contestants."""

    preset: str
    tolerance: int | None
    replay_after_triangle: bool
    budget: float
    seed: int
    nodes: int | None = None  # the work of every move (--nodes), or None: the budget's


@dataclass(frozen=True)
class Pairing:
    """Two contestants (strategy ids or ``engine:COMMAND``) under common conditions. `labels`
    name them in results: their ids, or ``ID#1`` and ``ID#2`` when both are the same."""

    first: str
    second: str
    conditions: Conditions

    @property
    def labels(self) -> tuple[str, str]:
        if self.first == self.second:
            return f"{self.first}#1", f"{self.second}#2"
        return self.first, self.second

    def game(self, k: int) -> GameSpec:
        seats = (0, 1) if k % 2 == 0 else (1, 0)
        specs, labels = (self.first, self.second), self.labels
        return GameSpec(
            self,
            k,
            self.conditions.seed + k // 2,
            (specs[seats[0]], specs[seats[1]]),
            (labels[seats[0]], labels[seats[1]]),
        )


@dataclass(frozen=True)
class GameSpec:
    """One game to play: game `index` of `pairing`, on board seed `seed`; `players[p]` (with
    label `labels[p]`) moves for player p, so players[0] starts."""

    pairing: Pairing
    index: int
    seed: int
    players: tuple[str, str]
    labels: tuple[str, str]


def pairings(kind: str, players: list[str], conditions: Conditions) -> list[Pairing]:
    """The pairings of a "match" (two players), "gauntlet" (the first against each other one)
    or "round-robin" (each against each)."""
    if kind == "gauntlet":
        return [Pairing(players[0], other, conditions) for other in players[1:]]
    if kind == "round-robin":
        return [Pairing(a, b, conditions) for a, b in combinations(players, 2)]
    if kind == "match" and len(players) == 2:
        return [Pairing(players[0], players[1], conditions)]
    raise ValueError(f"unknown kind of tournament {kind!r} for {len(players)} players")


def interleaved(todo: dict[Pairing, list[int]]) -> list[GameSpec]:
    """The games to play, a pair from each pairing in turn, so that every pairing advances
    together and each pair's two games are played one after the other."""
    pairs: dict[Pairing, list[list[int]]] = {}
    for pairing, indexes in todo.items():
        by_board: dict[int, list[int]] = {}
        for k in sorted(indexes):
            by_board.setdefault(k // 2, []).append(k)
        pairs[pairing] = list(by_board.values())
    order: list[GameSpec] = []
    for round_ in range(max((len(p) for p in pairs.values()), default=0)):
        for pairing, chunks in pairs.items():
            if round_ < len(chunks):
                order.extend(pairing.game(k) for k in chunks[round_])
    return order
