"""A Monte Carlo tree search player (UCT), as a benchmark opponent: not an app level.

A yardstick of another kind than Hard (issue 25): it knows no theory of the game, only the
rules and a sensible way of playing on at random, so it fails differently and shows what a
search-based Hard gains over plain sampling. Loaded as a drop-in plugin
(`--plugin-dir benchmarks/opponents`, id `mcts`).

The search: UCB1 over a tree whose nodes widen progressively (a node with N visits has about
`WIDENING * sqrt(N)` children), because a phone-60 position has over a thousand legal strokes
and a second's search only a thousand or so playouts. Children come in a sensible order, and
some never come: takes (most triangles first) and, where there is none, safe strokes (handing
nothing over) in random order, or else the others, those handing over least first. Each node
stands for the position after its stroke and the player who drew it, so "play again after a
triangle" (the same player moves twice) is handled by who is to move in each position, not by
alternating levels.

Playouts run on bitsets of the board's candidate strokes (`Board.crossing_bits`,
`Board.apexes`), not on `Game`: take a triangle when one is on offer, else a random safe
stroke, else a random stroke (under "play again" the one of three handing over the shortest
run), to the end. A playout is worth the score difference it ends with, scaled to [0, 1]
(better than win/loss under "play again", no worse under the default rule: the measurements
behind the constants below are in benchmarks/opponents/README.md).

Randomness is seeded from the position (its stars, rules and drawn strokes) and the strategy's
seed, so with an iteration bound (`iterations`) a position always gives the same stroke; with
the clock alone (0.85 of the budget, read every few iterations) it depends on the speed of the
machine. Nothing is kept between calls.
"""

from __future__ import annotations

import hashlib
import math
import random
import time

import numpy as np

from triangles_qt import hookimpl
from triangles_qt.core.board import Board, bits_to_indices
from triangles_qt.core.game import Game

BUDGET_SHARE = 0.85  # of budget_s; the rest is margin for the host's thread and clock
CLOCK_EVERY = 8  # iterations between two readings of the clock
EXPLORATION = 0.15  # UCB1's constant, for rewards in [0, 1] (tuned: README.md)
WIDENING = 1.0  # children allowed per sqrt(visits) of a node
# Under "play again", whether the tree tries declining a triangle on offer (a stroke elsewhere):
# measured on phone-24 against Medium, trying it lost (2 games won of 6 at 100 iterations a
# move, 5 of 6 without), as playouts cannot tell the two apart.
DECLINE = False
# A playout's give is the one handing over least of this many random strokes: under "play
# again" by the run it hands over (at 300 iterations on phone-24 against Medium, won 4 of 12
# games with 1, 6 with 3, for four times fewer playouts); under the default rule by the
# triangles offered at once (no better with 3, and a fifth slower).
GIVE_SAMPLES = 1
GIVE_SAMPLES_REPLAY = 3
RESULT_SCORE = "score"  # a playout is worth its score difference, scaled to [0, 1]
RESULT_WIN = "win"  # a playout is worth 1, 0.5 or 0: won, drawn or lost


def _gain(apexes, s: int, drawn: int) -> int:
    """How many triangles candidate s closes: its empty triangles whose other sides are drawn."""
    return sum(1 for _, p, q in apexes(s) if drawn >> p & 1 and drawn >> q & 1)


def _offered(apexes, s: int, drawn: int, legal: int) -> int:
    """How many triangles drawing s hands over: those with one other side drawn and the third
    still drawable (s crosses neither, they share its ends). 0: s is safe."""
    offered = 0
    for _, p, q in apexes(s):
        if drawn >> p & 1:
            if legal >> q & 1:
                offered += 1
        elif drawn >> q & 1 and legal >> p & 1:
            offered += 1
    return offered


def _is_safe(apexes, s: int, drawn: int, legal: int) -> bool:
    for _, p, q in apexes(s):
        if drawn >> p & 1:
            if legal >> q & 1:
                return False
        elif drawn >> q & 1 and legal >> p & 1:
            return False
    return True


class _State:
    """A position during one iteration: drawn and legal candidates as bitsets, the player to
    move, the triangles each player has taken since the root, and the candidates that may
    close a triangle, each once per triangle it closes (some may have been drawn or crossed
    since: those are dropped when next read)."""

    __slots__ = ("drawn", "legal", "player", "gained", "threats")

    def __init__(
        self, drawn: int, legal: int, player: int, gained: list[int], threats: list[int]
    ) -> None:
        self.drawn = drawn
        self.legal = legal
        self.player = player
        self.gained = gained
        self.threats = threats

    def copy(self) -> _State:
        return _State(self.drawn, self.legal, self.player, self.gained.copy(), self.threats.copy())


class _Node:
    """The position after `stroke`, drawn by `mover`; `value` sums the rewards of the playouts
    through it from the mover's side. `moves` hands out its untried strokes, best first."""

    __slots__ = ("stroke", "mover", "visits", "value", "children", "moves")

    def __init__(self, stroke: int, mover: int) -> None:
        self.stroke = stroke
        self.mover = mover
        self.visits = 0
        self.value = 0.0
        self.children: list[_Node] = []
        self.moves = None  # a generator, made on the first expansion


class _Search:
    """One call's search: the root position, the random sources and the tree."""

    def __init__(self, game: Game, rng: random.Random, exploration: float, result: str) -> None:
        board = game.board
        self.board = board
        self.apexes = board.apexes
        self.crossing = board.crossing_bits
        self.replay = game.rules.replay_after_triangle
        self.rng = rng
        # numpy shuffles long lists of strokes some twenty times faster than random.shuffle.
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        self.exploration = exploration
        self.result = result
        self.scores = game.scores
        # What a score difference is scaled by: more triangles than can still be taken.
        self.span = max(1, 2 * board.n - sum(self.scores))
        drawn, legal = game.drawn_bits, game.legal_bits
        self.root_state = _State(drawn, legal, game.player, [0, 0], self._threats(drawn, legal))
        self.root = _Node(-1, 1 - game.player)

    def _threats(self, drawn: int, legal: int) -> list[int]:
        """Every legal candidate that closes a triangle now, listed once per triangle it
        closes (as `_play` keeps them), seen from the drawn strokes."""
        found = set()
        apexes = self.apexes
        for d in bits_to_indices(drawn, self.board.m).tolist():
            for _, p, q in apexes(d):
                if drawn >> p & 1:
                    if legal >> q & 1:
                        found.add(q)
                elif drawn >> q & 1 and legal >> p & 1:
                    found.add(p)
        return [x for x in sorted(found) for _ in range(_gain(apexes, x, drawn))]

    def _shuffled_legal(self, legal: int) -> list[int]:
        return self.np_rng.permutation(bits_to_indices(legal, self.board.m)).tolist()

    def _play(self, state: _State, s: int) -> None:
        """Draw legal candidate s for the player to move."""
        apexes = self.apexes
        drawn = state.drawn
        gain = _gain(apexes, s, drawn)
        bit = 1 << s
        drawn |= bit
        legal = state.legal & ~(self.crossing(s) | bit)
        if gain:
            state.gained[state.player] += gain
        if not (gain and self.replay):
            state.player ^= 1
        threats = [x for x in state.threats if legal >> x & 1]
        for _, p, q in apexes(s):
            if drawn >> p & 1:
                if legal >> q & 1:
                    threats.append(q)
            elif drawn >> q & 1 and legal >> p & 1:
                threats.append(p)
        state.drawn, state.legal, state.threats = drawn, legal, threats

    def _moves(self, drawn: int, legal: int, threats: list[int]):
        """The strokes the tree tries in a position, in the order it tries them: the takes,
        most triangles first, and nothing else when there are any (unless DECLINE); else the
        safe strokes in random order, or when there is none the others, those handing over
        least first. Playouts are too noisy to tell a take from leaving it, or a safe stroke
        from a give, within a second's iterations: trying every stroke, MCTS lost to Easy on
        phone-24."""
        apexes = self.apexes
        takes = sorted(set(threats), key=lambda x: (-_gain(apexes, x, drawn), x))
        yield from takes
        if takes and not (self.replay and DECLINE):
            return
        unsafe: list[tuple[int, int]] = []
        taken = set(takes)
        any_safe = False
        for s in self._shuffled_legal(legal):
            if s in taken:
                continue
            offered = _offered(apexes, s, drawn, legal)
            if offered:
                unsafe.append((self._handed_over(drawn, legal, s) if self.replay else offered, s))
            else:
                any_safe = True
                yield s
        if any_safe:
            return
        unsafe.sort()
        for _, s in unsafe:
            yield s

    def _playout(self, state: _State) -> None:
        """Play on to the end: a triangle when one is on offer (most first), else a random safe
        stroke, else a random stroke."""
        apexes, crossing, replay, rng = self.apexes, self.crossing, self.replay, self.rng
        drawn, legal, player = state.drawn, state.legal, state.player
        gained, threats = state.gained, state.threats
        if not legal:
            return
        # The legal strokes in a random order, read once from the front: the first safe one
        # still legal is the next random safe stroke. Those found unsafe wait in `pool`, which
        # holds every legal stroke once `order` is used up. Then the pool is searched for a
        # safe stroke once (a crossing may have made one safe again); after that every
        # stroke that takes nothing is a random one, as rechecking the pool on each move
        # cost two thirds of a playout's time for a rare case.
        order = self._shuffled_legal(legal)
        next_in_order = 0
        pool: list[int] = []
        safe_left = True
        while legal:
            threats = [x for x in threats if legal >> x & 1]
            gain = 0
            if threats:
                # A stroke is listed once per triangle it closes: one listed twice takes two.
                s, gain = threats[0], 1
                if len(threats) > 1:
                    seen = set()
                    for x in threats:
                        if x in seen:
                            s, gain = x, 2
                            break
                        seen.add(x)
            else:
                s = -1
                while next_in_order < len(order):
                    x = order[next_in_order]
                    next_in_order += 1
                    if legal >> x & 1:
                        if _is_safe(apexes, x, drawn, legal):
                            s = x
                            break
                        pool.append(x)
                if s < 0 and safe_left:
                    pool = [x for x in pool if legal >> x & 1]
                    safe = [x for x in pool if _is_safe(apexes, x, drawn, legal)]
                    if safe:
                        s = rng.choice(safe)
                    else:
                        safe_left = False
                if s < 0:
                    s = self._random_give(pool, drawn, legal)
            bit = 1 << s
            drawn |= bit
            legal &= ~(crossing(s) | bit)
            if gain:
                gained[player] += gain
            if not (gain and replay):
                player ^= 1
            for _, p, q in apexes(s):
                if drawn >> p & 1:
                    if legal >> q & 1:
                        threats.append(q)
                elif drawn >> q & 1 and legal >> p & 1:
                    threats.append(p)
        state.drawn, state.legal, state.player = drawn, legal, player

    def _handed_over(self, drawn: int, legal: int, s: int, enough: int = 1 << 30) -> int:
        """Under "play again": how many triangles the other player can take in a row once s is
        drawn (a run, where counting those s offers at once would say 1), or any number from
        `enough` up once that many are reached."""
        apexes, crossing = self.apexes, self.crossing
        taken = 0
        threats: list[int] = []
        x = s
        while True:
            bit = 1 << x
            drawn |= bit
            legal &= ~(crossing(x) | bit)
            for _, p, q in apexes(x):
                if drawn >> p & 1:
                    if legal >> q & 1:
                        threats.append(q)
                elif drawn >> q & 1 and legal >> p & 1:
                    threats.append(p)
            while threats and not legal >> threats[-1] & 1:
                threats.pop()
            if not threats:
                return taken
            x = threats.pop()
            taken += _gain(apexes, x, drawn)
            if taken >= enough:
                return taken

    def _random_give(self, pool: list[int], drawn: int, legal: int) -> int:
        """A random legal stroke of `pool` (which holds them all, and illegal ones it drops on
        the way): of a few drawn at random, the one handing over fewest triangles."""
        rng, apexes = self.rng, self.apexes
        best, best_offered = -1, 1 << 30
        samples = GIVE_SAMPLES_REPLAY if self.replay else GIVE_SAMPLES
        for _ in range(samples):
            while True:
                k = rng.randrange(len(pool))
                x = pool[k]
                if legal >> x & 1:
                    break
                pool[k] = pool[-1]
                pool.pop()
            if samples == 1:
                return x
            if self.replay:
                # Only whether it hands over less than the best so far matters: a playout's
                # time went mostly into following long runs to their end.
                offered = self._handed_over(drawn, legal, x, best_offered)
            else:
                offered = _offered(apexes, x, drawn, legal)
            if offered < best_offered:
                best, best_offered = x, offered
        return best

    def _reward(self, gained: list[int], mover: int) -> float:
        """What a finished playout is worth to `mover`, in [0, 1]."""
        if self.result == RESULT_WIN:
            final = self.scores[mover] + gained[mover] - self.scores[1 - mover] - gained[1 - mover]
            return 1.0 if final > 0 else 0.0 if final < 0 else 0.5
        return 0.5 + 0.5 * (gained[mover] - gained[1 - mover]) / self.span

    def iterate(self) -> None:
        """One iteration: select down the tree, add one child, play out, back up."""
        state = self.root_state.copy()
        node = self.root
        path = [node]
        exploration = self.exploration
        while True:
            if node.moves is None:
                node.moves = self._moves(state.drawn, state.legal, state.threats)
            if len(node.children) < WIDENING * math.sqrt(node.visits + 1):
                s = next(node.moves, None)
                if s is not None:
                    child = _Node(s, state.player)
                    node.children.append(child)
                    self._play(state, s)
                    path.append(child)
                    break
                node.moves = iter(())  # used up: drop the generator and what it holds
            if not node.children:
                break  # the end of the game
            log_n = math.log(node.visits)
            best, best_score = node.children[0], -1.0
            for child in node.children:
                score = child.value / child.visits + exploration * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best, best_score = child, score
            node = best
            self._play(state, node.stroke)
            path.append(node)
        self._playout(state)
        gained = state.gained
        rewards = (self._reward(gained, 0), self._reward(gained, 1))
        for visited in path:
            visited.visits += 1
            visited.value += rewards[visited.mover]

    def best_stroke(self) -> int:
        """The most visited stroke at the root (the first move in the tree's order if none)."""
        children = self.root.children
        if not children:
            state = self.root_state
            return next(self._moves(state.drawn, state.legal, state.threats))
        return max(children, key=lambda c: (c.visits, c.value)).stroke


def position_seed(seed: int, game: Game) -> int:
    """A number that depends only on the strategy's seed and the position (stars, tolerance,
    rules, drawn strokes, player to move): the same in the arena's process and in an engine
    process, which knows no board seed."""
    board: Board = game.board
    text = (
        f"{seed}|{board.star_list}|{board.tolerance}|{game.rules.replay_after_triangle}|"
        f"{game.drawn_bits}|{game.player}"
    )
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")


class MCTS:
    """UCT with progressive widening and playouts that take, else play safe, else anything.

    `iterations` bounds the search by work (the clock still stops it at 0.85 of the budget):
    with it the same position gives the same stroke, whatever the machine's load.
    """

    id = "mcts"
    name = "MCTS"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        exploration: float = EXPLORATION,
        result: str = RESULT_SCORE,
    ) -> None:
        self.seed = seed
        self.iterations = iterations
        self.exploration = exploration
        self.result = result
        self.last_iterations = 0  # of the latest call, for measurements (not thread-safe)

    def choose_stroke(self, position, budget_s: float) -> tuple[int, int]:
        deadline = time.perf_counter() + max(0.0, budget_s) * BUDGET_SHARE
        game = position.game()
        if game.is_over:
            raise ValueError("the game is over")
        board = game.board
        legal = game.legal_bits
        if legal & (legal - 1) == 0:  # one legal stroke
            return board.stroke(legal.bit_length() - 1)
        rng = random.Random(position_seed(self.seed, game))
        search = _Search(game, rng, self.exploration, self.result)
        limit = self.iterations
        done = 0
        while limit is None or done < limit:
            search.iterate()
            done += 1
            if done % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
                break
        self.last_iterations = done
        return board.stroke(search.best_stroke())


@hookimpl
def triangles_strategies() -> list[MCTS]:
    return [MCTS()]
