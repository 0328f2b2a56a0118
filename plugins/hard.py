"""The built-in Hard strategy: alpha-beta search on an incremental triangle tracker, with an
exact endgame solver.

The tracker knows, for the current position, every *alive* empty triangle (one that can still be
completed: each undrawn side legal) and how many of its sides are undrawn. From that it reads in
O(1) what the search needs: a stroke's gain (alive triangles where it is the only undrawn side)
and whether it is *safe* (no alive triangle where it is one of two undrawn sides, so it hands
the opponent nothing). Playing a stroke updates only the triangles it touches or kills.

Values are future score differences for the player to move, independent of the score so far,
so the transposition tables (keyed on the drawn strokes alone) reuse them across move orders, and
across moves: a Hard player keeps them for the board it is playing on. (A heuristic value may
depend on the move order in one rare way: the plan below is mended as strokes come, and two
orders can leave two plans of different sizes.)

Late in a game the legal strokes fall apart into independent regions (`regions.py`): the exact
search reads every position past its root from them, keyed by their shapes wherever they lie.
The heuristic search does not: an exact value beside heuristic leaves, which do not see what
the player who must give loses, steered it away from the exact lines (measured: +123 Elo
without it, docs/strength.md).

Without "play again" turns alternate, so the number of strokes left says who draws the last
one, and that number hardly depends on play: a game ends when no triangle can be closed, in
practice with no legal stroke left, and every such full drawing of a board has about as many
strokes (exactly 3n - 3 - h, for n stars with h on the hull, when no three stars lie near a
line). The last stroke goes with the last run of triangles that the other player must open one
by one, and decides most games (docs/strength.md). So the tracker keeps a *plan*, one full
drawing of the strokes still to come (only a stroke outside it can change their number); Hard
fights for the last stroke while strokes can still change it, early in the game (parity.py),
and the search's leaf values count who draws it.

With "play again" the exchange at the end is decided by who must open the last big region
(docs/strength.md): the search follows a run of takes at no cost in depth, to the turn's real
choice, which is to decline its last triangles or to hand something over. Once few runs are
left and every stroke gives, Hard declines the last two to four triangles of a run when what
the runs left are worth to the player who must open the next one says so (loony.py:
Berlekamp's controlled value), and chooses which run to open by the same reading, after the
other player's best answer to each give. As the work allows, it plays more of the openings
that follow for real instead of reading them off runs, which only estimate regions whose
strokes cross or meet three at a triangle. At the search's leaves that value misled more
than it helped: read off big regions, a run too many or too few hands control to the other
player (measured: docs/strength.md).
"""

from __future__ import annotations

import random
import time

from triangles_qt import hookimpl
from triangles_qt.analysis import loony, parity, regions
from triangles_qt.analysis.tactics import best_gain, first_safe, threats
from triangles_qt.analysis.tracker import UNITS_PER_APEXES_COMPUTED, Tracker
from triangles_qt.computer_move import IDLE_SHARE, Work, nodes_limit, safety_stop_s
from triangles_qt.core.board import bits_to_indices, small_bits_to_indices
from triangles_qt.core.game import Game

# The search is bounded by work, not by the clock, so that a move does not depend on how busy
# the machine is: a unit is about one stroke played and taken back (Tracker.work). A move plans
# IDLE_SHARE of its budget as work (triangles_qt/computer_move.py), at this many units per
# second of processor time on a small board (benchmarks/hard_work.py). A unit costs more on a
# bigger board, whose bitsets of candidate strokes are wider ints: measured, a board of m
# candidate strokes fits 1 / (1 + m / WIDE_BOARD_STROKES) as many. Measured on the idle
# reference machine, moves that did all their work: 98k-110k units per second on phone-60 (m
# about 1,170; the slowest move 68k), 68k-76k on tablet-180 (m about 8,600; slowest 43k). These
# plan a little less, so that the slowest moves stay within the budget when the machine is
# slower than that hour's: 84k and 59k. The clock only stops a search at SAFETY_FACTOR times its
# budget, on a machine far slower or busier than this one.
WORK_PER_SECOND = 90_000
WIDE_BOARD_STROKES = 16_000
MIN_WORK = 200
RACE_ORDER_PER_UNIT = 32  # safe strokes ordered for the safe race per unit of work
# A node's own cost (choosing and ordering its strokes, its table lookups) beside the strokes
# it plays: measured, about half a unit; the slowest moves are those with the most nodes.
NODES_PER_UNIT = 2
# Try to solve exactly when at most this many strokes are legal, without and with "play again".
# A try that fails costs half the move's work. Measured on tablet-120 (docs/strength.md): without
# "play again" every try finishes up to 35 legal strokes at 0.1 s and 51 at 1 s, with it about
# half at 28-31 at 0.1 s and nearly all up to 35 at 1 s; other limits played the same games.
EXACT_LEGAL_LIMIT = {False: 24, True: 32}
TRACKER_LEGAL_LIMIT = 600  # above this many legal strokes, play the opening heuristic...
# ...unless, without "play again", the work pays for the fight for the last stroke: building the
# tracker and finding the flippers (parity.py) cost about this many units per legal stroke.
FIGHT_UNITS_PER_LEGAL = 3
SAFE_PARITY_LIMIT = 40  # above this many safe strokes, no race yet: any will do (but see plan)
SAFE_SAMPLE = 6  # safe strokes searched per node outside exact mode
GIVE_SAMPLE = 6  # giving strokes searched per node outside exact mode
HEURISTIC_SCALE = 4  # heuristic values count quarter triangles
DECLINED_AT_MOST = 4  # takes left to the other player to keep control (a loop's four)
LOONY_LOOKS_PER_UNIT = 20  # coins and strings looked at reading runs (loony.py) per unit
MOST_OPENINGS_PLAYED = 8  # as many as loony.MOST_RUNS: past them the runs are not read
MUST_GIVE = 8  # what having to move with no safe stroke left costs ("play again"), in those units
MEMORY_BYTES = 32_000_000  # per table, roughly: past it, positions that cannot occur are forgotten
LAST_STROKE = 8  # worth of drawing the game's last stroke (default rule), in those units

EXACT, LOWER, UPPER = 0, 1, 2


class OutOfTime(Exception):
    pass


class Memory:
    """What searches learned about the positions of one board under one rule option, by drawn
    strokes: exact values, heuristic values with their depth, and safe races."""

    def __init__(self, board, replay: bool) -> None:
        self.board = board
        self.replay = replay
        # drawn -> depth, value, flag, best move, whether the tree behind it was searched whole
        self.exact: dict[int, tuple[int, int, int, int, bool]] = {}
        self.heuristic: dict[int, tuple[int, int, int, int, bool]] = {}
        self.race: dict[int, bool] = {}  # drawn -> safe race won by the player to move
        self.moves: dict[int, tuple[tuple[int, ...], bool]] = {}  # drawn -> sampled strokes, cut
        self.regions = regions.Table(replay)  # late positions by their regions' shapes
        self.runs = loony.Runs()  # the runs regions are handed over in, by their shapes
        self.loony: dict[int, int | None] = {}  # drawn -> loony value of its regions
        # drawn -> openings played (Search._opening), and the best give's value and stroke
        self.opening: dict[int, tuple[int, tuple[int, int | None] | None]] = {}
        # Where to look for the last stroke's flippers (parity.py): drawn, flippers and strokes
        # not yet checked, and the plan, as the last move left them.
        self.fight: tuple[int, list[int], int] | None = None

    def values(self, exact: bool) -> dict[int, tuple[int, int, int, int, bool]]:
        return self.exact if exact else self.heuristic

    def fits(self, game: Game) -> bool:
        return self.board is game.board and self.replay == game.rules.replay_after_triangle

    def forget_unreachable(self, drawn: int) -> None:
        """Keep the tables to positions that can still follow `drawn`, within bounds."""
        # An entry costs its key (one bit per candidate stroke) and about 200 bytes besides.
        limit = max(10_000, MEMORY_BYTES // (self.board.m // 8 + 200))
        for name in ("exact", "heuristic", "race", "moves", "loony", "opening"):
            table = getattr(self, name)
            if len(table) > limit:
                # list() copies at once: a search abandoned by its host may still be writing.
                kept = {k: v for k, v in list(table.items()) if k & drawn == drawn}
                setattr(self, name, kept if len(kept) <= limit // 2 else {})
        if len(self.regions) > limit:
            self.regions = regions.Table(self.replay)


class Hard:
    """Searches: exactly near the end, iterative-deepening alpha-beta before that."""

    id = "hard"
    name = "Hard"

    def __init__(self, seed: int = 0, max_nodes: int | None = None) -> None:
        """The search of a move does the units of work its budget allows (work_for),
        or `max_nodes` units if given, whatever the clock says (it only stops a search that
        would overrun the budget on a very slow machine). So the same game, seed and budget
        give the same strokes on a busy or an idle machine."""
        self.seed = seed
        self.max_nodes = max_nodes
        self._memory: Memory | None = None

    def work_for(self, budget_s: float, board) -> int:
        """The units of work one move on `board` may do with `budget_s` seconds."""
        if self.max_nodes is not None:
            return self.max_nodes
        asked = nodes_limit()
        if asked is not None:
            return max(MIN_WORK, asked)
        per_second = WORK_PER_SECOND / (1 + board.m / WIDE_BOARD_STROKES)
        return max(MIN_WORK, round(IDLE_SHARE * max(0.0, budget_s) * per_second))

    def _memory_for(self, game: Game) -> Memory:
        memory = self._memory
        if memory is None or not memory.fits(game):
            memory = self._memory = Memory(game.board, game.rules.replay_after_triangle)
        memory.forget_unreachable(game.drawn_bits)
        return memory

    def choose_stroke(self, position, budget_s: float) -> tuple[int, int]:
        deadline = time.perf_counter() + safety_stop_s(budget_s)
        game = position.game()
        if game.is_over:
            raise ValueError("the game is over")
        board = game.board
        rng = random.Random(f"{self.seed}|{board.fingerprint}|{len(game.moves)}|{game.drawn_bits}")
        legal = bits_to_indices(game.legal_bits, board.m).tolist()
        if len(legal) == 1:
            return board.stroke(legal[0])
        work = self.work_for(budget_s, board)
        if len(legal) > TRACKER_LEGAL_LIMIT:
            if game.rules.replay_after_triangle or threats(game):
                return board.stroke(self._opening(game, legal, rng, deadline))
            # Without "play again" the opening is where the fight for the last stroke is fought
            # (parity.py): it needs the tracker's plan, once the work can pay for it.
            cold = [s for s in legal if not board.has_apexes(s)]
            if len(legal) * FIGHT_UNITS_PER_LEGAL + len(cold) * UNITS_PER_APEXES_COMPUTED > work:
                # Not yet: while an opening stroke costs next to nothing, the board looks up
                # some strokes' triangles for the tracker, half a move's work at a time.
                for s in cold[: work // (2 * UNITS_PER_APEXES_COMPUTED)]:
                    board.apexes(s)
                return board.stroke(self._opening(game, legal, rng, deadline))
        tracker = Tracker(game)
        search = Search(tracker, deadline, rng, work, self._memory_for(game))
        exact_first = len(legal) <= EXACT_LEGAL_LIMIT[game.rules.replay_after_triangle]
        if game.rules.replay_after_triangle and not exact_first and tracker.threats():
            declined = search.keep_control(share=0.5)
            if declined is not None:
                return board.stroke(declined)
        if not exact_first and not tracker.threats():
            safe = bits_to_indices(game.legal_bits & ~tracker.hot, board.m).tolist()
            if len(safe) > SAFE_PARITY_LIMIT:
                if tracker.plan is None:
                    return board.stroke(rng.choice(safe))
                rng.shuffle(safe)
                return board.stroke(self._fight(tracker, work, deadline, safe, search.memory))
            if safe:
                winning = search.winning_safe_stroke(safe, share=0.6)
                if winning is not None:
                    return board.stroke(winning)
            elif game.rules.replay_after_triangle:
                opened = search.open_run(share=0.5)
                if opened is not None:
                    return board.stroke(opened)
        return board.stroke(search.best_move(exact_first))

    def _fight(
        self, tracker: Tracker, work: int, deadline: float, safe: list[int], memory: Memory
    ) -> int:
        """The safe stroke to draw while the fight for the last stroke may be on (parity.py).

        Looking for the flippers among all safe strokes can take a whole move early on a big
        board, so what one move found or could not check is where the next one looks: flippers
        only go (they are drawn or crossed), or appear near a change of the plan."""
        drawn = tracker.game.drawn_bits
        plan = tracker.plan
        assert plan is not None
        fight = parity.Fight(tracker, work, deadline)
        candidates, changed = None, 0
        if memory.fight is not None and memory.fight[0] & drawn == memory.fight[0]:
            _, kept, planned = memory.fight
            legal = tracker.game.legal_bits
            candidates = [s for s in kept if legal >> s & 1]
            changed = (planned ^ plan) & ~drawn
        fought = fight.best(safe, candidates, changed)
        memory.fight = (drawn, fight.found + fight.unchecked, plan)
        if fought is not None:
            return fought
        # No fight, or no work left to search it: keep the count of strokes as it is with a
        # stroke of the plan if it leaves this player the last one, else change it if a
        # flipper was found.
        if not fight.winning() and fight.found:
            return fight.found[0]
        return next((s for s in safe if plan >> s & 1), safe[0])

    def _opening(self, game: Game, legal: list[int], rng: random.Random, deadline: float) -> int:
        """Many strokes left: take a triangle if any, else a safe stroke, cheaply found."""
        current = threats(game)
        if current:
            return best_gain(game, current, rng)
        rng.shuffle(legal)
        safe = first_safe(game, legal, current, Work(len(legal), deadline))
        return legal[0] if safe is None else safe


class Search:
    """Negamax alpha-beta with a transposition table over a Tracker."""

    def __init__(
        self,
        tracker: Tracker,
        deadline: float,
        rng: random.Random,
        max_nodes: int | None = None,
        memory: Memory | None = None,
    ) -> None:
        self.t = tracker
        self.max_nodes = max_nodes
        self.game = tracker.game
        self.replay = tracker.game.rules.replay_after_triangle
        self.deadline = deadline
        self.rng = rng
        self.memory = memory or Memory(tracker.board, self.replay)
        self.nodes = 0
        self._nodes_uncounted = 0  # nodes not yet counted as a unit of work
        self._work_before = tracker.work
        # The work at which the search stops: all of max_nodes, or a share of it for one stage.
        self.limit: float = max_nodes if max_nodes is not None else 1 << 62
        self.truncated = False
        self.estimated = False  # a value was read off runs (loony.py), not played out
        self.root_best: int | None = None  # best root stroke of the current iteration so far

    @property
    def work(self) -> int:
        """The work this search did so far (see Tracker.work)."""
        return self.t.work - self._work_before

    def _check_time(self) -> None:
        self.nodes += 1
        self._nodes_uncounted += 1
        if self._nodes_uncounted == NODES_PER_UNIT:
            self._nodes_uncounted = 0
            self.t.work += 1
        if self.work > self.limit:
            raise OutOfTime
        # Every node: one can cost tens of milliseconds (a quiescence run through long chains),
        # and the clocks cost under half a microsecond.
        if time.perf_counter() > self.deadline:  # the safety stop
            raise OutOfTime

    def moves(self, exact: bool, full: bool = False) -> list[int]:
        """Candidate strokes, best first: takes (by gain), safe strokes, then gives.

        Exact and root nodes get every legal stroke. Deeper heuristic nodes get all takes, a few
        safe strokes (those that shorten the safe race most) and a few gives of each size,
        chosen deterministically so that deeper iterations refine, not reshuffle, the tree.
        """
        sampled = not (exact or full)
        if sampled:
            # Iterative deepening comes back to the same nodes: choosing their strokes again
            # (walking every give's run, ordering the safe race) was most of a move's work.
            known = self.memory.moves.get(self.game.drawn_bits)
            if known is not None:
                self.truncated = self.truncated or known[1]
                return list(known[0])
        t = self.t
        board = t.board
        legal = self.game.legal_bits
        c0, c1 = t.c0, t.c1
        takes = sorted(small_bits_to_indices(t.taking & legal), key=lambda s: (-c0[s], c1[s]))
        if takes and sampled and not self.replay:
            # Without "play again", deeper in a heuristic search triangles on offer are taken
            # (measured: 55% -> 85% against Medium). With it, declining must stay possible.
            return takes
        hot = t.hot & legal
        give_bits = hot & ~t.taking
        safe_bits = legal & ~hot
        safe = bits_to_indices(safe_bits, board.m).tolist() if safe_bits else []
        m = board.m
        gives = sorted(
            bits_to_indices(give_bits, m).tolist() if give_bits else [],
            key=lambda s: (c1[s], s * 7919 % m),
        )
        if not sampled:
            return takes + safe + gives
        truncated = False
        if len(safe) > SAFE_SAMPLE:
            truncated = True
            safe = self._race_order(safe)[:SAFE_SAMPLE]
        if len(gives) > GIVE_SAMPLE and self.replay:
            # With "play again" a give costs its whole chain: keep the cheapest ones.
            truncated = True
            gives = t.cheapest_gives(gives, GIVE_SAMPLE)
        elif len(gives) > GIVE_SAMPLE:
            # Without it, which part is opened decides who must give next: sample every part.
            truncated = True
            gives = self._across_parts(gives)
        moves = takes + safe + gives
        # Tuples of ints, not lists: the garbage collector stops tracking them, and this table
        # grows large in a long search.
        self.memory.moves[self.game.drawn_bits] = (tuple(moves), truncated)
        self.truncated = self.truncated or truncated
        return moves

    def _across_parts(self, gives: list[int]) -> list[int]:
        """GIVE_SAMPLE gives (best first), taking in turn the best remaining one of each part."""
        parts, _ = self.t.parts()
        part = {s: k for k, members in enumerate(parts.values()) for s in members}
        queues: dict[int, list[int]] = {}
        for s in gives:
            queues.setdefault(part[s], []).append(s)
        chosen: list[int] = []
        while len(chosen) < GIVE_SAMPLE:
            for queue in list(queues.values()):
                if queue and len(chosen) < GIVE_SAMPLE:
                    chosen.append(queue.pop(0))
        return sorted(chosen, key=gives.index)

    def negamax(self, depth: int, alpha: int, beta: int, exact: bool, root: bool = False) -> int:
        game = self.game
        if game.is_over:
            return 0
        self._check_time()
        if exact and not root:
            return self._region_value(alpha, beta)
        key = game.drawn_bits
        table = self.memory.values(exact)
        if depth <= 0 and not exact:
            self.truncated = True
            return self.quiesce()
        entry = table.get(key)
        if entry is None and not (exact or root):
            known = self.memory.exact.get(key)
            if known is not None and known[2] == EXACT:
                return known[1] * HEURISTIC_SCALE
        first = -1
        if entry is not None:
            e_depth, value, flag, first, complete = entry
            decided = flag == EXACT or (value >= beta if flag == LOWER else value <= alpha)
            if e_depth >= depth and decided:
                # A value found with a sampled or cut-off tree: a deeper iteration may change it.
                self.truncated = self.truncated or not complete
                return value
        moves = self.moves(exact, full=root)
        if first >= 0 and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        alpha0 = alpha
        outer_truncated, self.truncated = self.truncated, False
        best, best_move = -(10**9), moves[0]
        t = self.t
        scale = 1 if exact else HEURISTIC_SCALE
        for s in moves:
            gain = t.c0[s] * scale
            # Taking costs no depth in a heuristic search: the plies go to the real decisions.
            # (With "play again" that lets the search follow a run to the turn's real choice,
            # declining its last triangles or handing something over: measured in strength.md.)
            child_depth = depth if gain and not (exact or root) else depth - 1
            t.play(s)
            try:
                if gain and self.replay:
                    value = gain + self.negamax(child_depth, alpha - gain, beta - gain, exact)
                else:
                    value = gain - self.negamax(child_depth, gain - beta, gain - alpha, exact)
            finally:
                t.undo()
            if value > best:
                best, best_move = value, s
                if root:
                    self.root_best = s
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
        complete = not self.truncated
        self.truncated = outer_truncated or self.truncated
        table[key] = (depth, best, flag, best_move, complete)
        return best

    def _region_value(self, alpha: int, beta: int) -> int:
        """The exact value of the position from its regions (regions.py), within alpha and
        beta; raises OutOfTime when they need more than the work left."""
        t = self.t
        state = t.regions()
        assert state is not None  # with no limit on their number
        if self.work > self.limit:  # keying a big position costs: it may have used the rest
            raise OutOfTime
        solver = regions.Solver(self.memory.regions, self._remaining(), self.deadline)
        try:
            return solver.value(state, alpha, beta)
        except regions.TooBig:
            raise OutOfTime from None
        finally:
            t.work += solver.work

    def quiesce(self, limit: int = 40) -> int:
        """Heuristic value (in HEURISTIC_SCALE units) of a search leaf for the player to move.

        The triangles on offer are taken greedily by whoever moves until the player to move has
        none left: a whole chain under "play again after a triangle", alternating otherwise.
        Then whoever must move with no safe stroke left pays for having to hand something
        over, and, without "play again", whoever will draw the game's last stroke (by the
        plan) gains LAST_STROKE: the run of triangles at the end of the exchange goes with it.
        """
        t = self.t
        game = self.game
        c0, c1 = t.c0, t.c1
        me = game.player
        played = 0
        total = 0
        # Among equal gains, a take that opens nothing for the other player first. The keys
        # are mended after each take: without "play again" dozens can be on offer at once.
        keys = {x: (c0[x], -c1[x], -x) for x in t.threats()}
        while keys and played < limit and not game.is_over:
            s = -max(keys.values())[2]
            gain = c0[s]
            total += gain if game.player == me else -gain
            t.play(s)
            played += 1
            taking = t.taking
            for x in t.last_changed():
                if taking >> x & 1:
                    keys[x] = (c0[x], -c1[x], -x)
                else:
                    keys.pop(x, None)
            t.note_scanned(len(keys))
        value = total * HEURISTIC_SCALE
        if not game.is_over:
            if not game.legal_bits & ~t.hot:
                penalty = self._giving_cost()
                value += -penalty if game.player == me else penalty
            if t.plan is not None:
                movers_last = t.plan.bit_count() % 2 == 1  # the mover draws strokes 1, 3, ...
                value += LAST_STROKE if movers_last == (game.player == me) else -LAST_STROKE
        for _ in range(played):
            t.undo()
        return value

    def keep_control(self, share: float) -> int | None:
        """Under "play again", with triangles to take and every stroke giving once they are
        taken: the stroke that declines the last of them when what is left is worth more to
        the player who must open a run than they lose, else a take (_control); None when it
        cannot be told.

        Taking all is played, not left to the search: its leaves count having to give as a
        fixed cost, and it declined where taking kept control (tablet-120 5061, move 259)."""
        found = self._deepest(share, self._control)
        return None if found is None else found[1]

    def open_run(self, share: float) -> int | None:
        """Under "play again", with nothing to take and no safe stroke: the give that leaves
        this player the most once the other player has taken or declined what it gives as
        suits them best (_opening); None when that cannot be told in `share` of the work, or
        when the best give still loses as read.

        Which run to open decides loony endgames (a small loop first can win the last big
        region); the search's leaves cost every give alike, so it cannot tell. But where the
        game is lost against best play, what is left is to give the other player a chance to
        go wrong, and the search's leaves, which see every run taken whole, find a give that
        a player who does not keep control mishandles: on phone-60 5001 (move 94) and 5004
        (move 77), lost by 14 and 40 against best play whatever Hard gave (the exact solver),
        this give lost both games to Medium, the search's won them, as on tablet-120 5032."""
        found = self._deepest(share, lambda depth: self._opening(depth + 1))
        return None if found is None or found[0] < 0 else found[1]

    def _deepest(self, share: float, read) -> tuple[int, int | None] | None:
        """read(depth) for depth 0, 1, ... in `share` of the work left, until it reads no run
        off regions (loony.py): its last answer. Each depth plays one more opening for real,
        because the runs read off a region whose strokes cross are an estimate (here a loop
        that cannot be opened alone: measured, docs/strength.md)."""
        limit = self.limit
        self.limit = self.work + self._remaining() * share
        found = None
        try:
            for depth in range(MOST_OPENINGS_PLAYED + 1):
                self.estimated = False
                result = read(depth)
                if result is None:
                    break
                found = result
                if not self.estimated:
                    break  # every line was played out: deeper reads the same
        except OutOfTime:
            pass
        finally:
            self.limit = limit
        return found

    def _opening(self, depth: int) -> tuple[int, int | None] | None:
        """With nothing to take and no safe stroke: the value for the player to move of the
        best give, each answered as suits the other player best (_control, `depth` - 1 more
        openings played), and that give; None when that cannot be told."""
        key = self.game.drawn_bits
        known = self.memory.opening.get(key)
        if known is not None and known[0] >= depth:
            return known[1]
        t = self.t
        best: tuple[int, int, int] | None = None  # (value, -triangles given at once, -stroke)
        for s in bits_to_indices(self.game.legal_bits, t.board.m).tolist():
            self._check_time()
            t.play(s)
            try:
                found = self._control(depth - 1)
            finally:
                t.undo()
            if found is None:
                self.memory.opening[key] = (depth, None)
                return None
            rank = (-found[0], -t.c1[s], -s)
            if best is None or rank > best:
                best = rank
        answer = None if best is None else (best[0], -best[2])
        self.memory.opening[key] = (depth, answer)
        return answer

    def _control(self, depth: int = 0) -> tuple[int, int | None] | None:
        """With triangles to take and every stroke giving once they are all taken: the value
        for the player to move of taking them all and then opening a run, or of declining the
        last two to four, whichever is more, and the stroke to play for it (the first take,
        or the decline); None when that cannot be told. What the player who must open then has is
        read off the runs left (loony.py), or with `depth` more openings played (_opening).

        A decline is a stroke that takes nothing and leaves what is still on offer to the
        other player, who takes it and then must open a run, in the position that taking it
        all would have left (Berlekamp's all-but-two, here of any shape)."""
        t = self.t
        game = self.game
        taken = self._take_all()
        try:
            if not taken or (not game.is_over and game.legal_bits & ~t.hot):
                return None  # nothing to take, or a safe stroke left: no one must open yet
            after = game.drawn_bits
            if game.is_over:
                opener: int | None = 0
            elif depth:
                opened = self._opening(depth)
                opener = None if opened is None else opened[0]
            else:
                self.estimated = True
                opener = self._loony_value()
        finally:
            for _ in taken:
                t.undo()
        if opener is None:
            return None
        best, choice = sum(g for _, g in taken) + opener, taken[0][0]  # take all, then open
        kept = 0  # triangles taken before declining the rest
        for k, (s, gain) in enumerate(taken):
            if len(taken) - k <= DECLINED_AT_MOST:
                for x in self._declines(taken[k:], after):
                    t.play(x)
                    given = self._taken_by_other(after)
                    t.undo()
                    if given is not None and kept - given - opener > best:
                        best, choice = kept - given - opener, taken[0][0] if k else x
            t.play(s)
            kept += gain
        for _ in taken:
            t.undo()
        return best, choice

    def _declines(self, rest: list[tuple[int, int]], after: int) -> list[int]:
        """Strokes that take nothing among the undrawn sides of the triangles the takes in
        `rest` would close, which taking them all would draw as well."""
        t = self.t
        found: set[int] = set()
        for s, _ in rest:
            for x in t.by_stroke[s]:
                if t.alive[x]:
                    found.update(u for u in t.undrawn[x] if not t.c0[u] and after >> u & 1)
        return sorted(found)

    def _take_all(self) -> list[tuple[int, int]]:
        """Play, for the player to move, every take on offer one after the other, the best
        first; the strokes played and what each gained (the caller takes them back)."""
        t = self.t
        game = self.game
        mover = game.player
        taken = []
        while game.player == mover and not game.is_over and t.taking & game.legal_bits:
            s = max(t.threats(), key=lambda x: (t.c0[x], -t.c1[x], -x))
            taken.append((s, t.c0[s]))
            t.play(s)
        return taken

    def _taken_by_other(self, after: int) -> int | None:
        """What the player to move takes, greedily, when that leads to the position `after`
        with them to move again; None otherwise."""
        mover = self.game.player
        taken = self._take_all()
        same = self.game.drawn_bits == after and self.game.player == mover
        for _ in taken:
            self.t.undo()
        return sum(g for _, g in taken) if same else None

    def _loony_value(self) -> int | None:
        """What the runs left are worth to the player to move, who must open one (loony.py);
        None where they cannot be read, or are too many."""
        key = self.game.drawn_bits
        memo = self.memory.loony
        if key in memo:
            return memo[key]
        runs = self.memory.runs
        before = runs.work
        state = self.t.regions(loony.MOST_RUNS)

        def check() -> None:
            if self.work + (runs.work - before) // LOONY_LOOKS_PER_UNIT > self.limit:
                raise OutOfTime
            if time.perf_counter() > self.deadline:
                raise OutOfTime

        previous, runs.check = runs.check, check
        try:
            found = memo[key] = None if state is None else runs.value(state[1])
        finally:
            runs.check = previous
            self.t.work += (runs.work - before) // LOONY_LOOKS_PER_UNIT
        return found

    def _giving_cost(self) -> int:
        """What the player to move, with no safe stroke, loses by having to give.

        With "play again" the taker runs the whole chain and then has to give in turn, so
        only part of the cost stays. Without it, a stroke handing over two triangles is an even
        trade (one each, then the other player must give), while handing over one loses it.
        """
        if self.replay:
            return MUST_GIVE
        t = self.t
        c1 = t.c1
        for s in bits_to_indices(self.game.legal_bits & t.hot, t.board.m).tolist():
            if c1[s] > 1 and not t.c0[s]:
                return 0
        return HEURISTIC_SCALE

    def root(self, depth: int, exact: bool) -> tuple[int, int]:
        value = self.negamax(depth, -(10**9), 10**9, exact, root=True)
        return self.memory.values(exact)[self.game.drawn_bits][3], value

    def winning_safe_stroke(self, safe: list[int], share: float) -> int | None:
        """A safe stroke after which the opponent is the first with no safe stroke to play,
        whatever they do; None if there is none or it cannot be decided in `share` of the time.

        Whoever runs out of safe strokes first must hand over triangles: winning this race is
        what decides most games between players who never give anything away needlessly.
        """
        limit = self.limit
        self.limit = self.work + self._remaining() * share
        self.rng.shuffle(safe)
        order = self._race_order(safe)
        if self.t.plan is not None:
            order = sorted(order, key=lambda s: not self.t.leaves_last_stroke(s))  # stable
        try:
            for s in order:
                self.t.play(s)
                try:
                    if not self.safe_race_won():
                        return s
                finally:
                    self.t.undo()
        except OutOfTime:
            pass
        finally:
            self.limit = limit
        return None

    def safe_race_won(self) -> bool:
        """Whether the player to move can leave the opponent without a safe stroke first."""
        self._check_time()
        key = self.game.drawn_bits
        known = self.memory.race.get(key)
        if known is not None:
            return known
        t = self.t
        safe = small_bits_to_indices(self.game.legal_bits & ~t.hot)
        t.work += len(safe) // RACE_ORDER_PER_UNIT
        won = False
        for s in self._race_order(safe):
            t.play(s)
            try:
                if not self.safe_race_won():
                    won = True
                    break
            finally:
                t.undo()
        self.memory.race[key] = won
        return won

    def _race_order(self, safe: list[int]) -> list[int]:
        """Strokes that remove many safe strokes first: they shorten the race the most."""
        if len(safe) < 3:
            return safe
        crossing = self.t.board.crossing_bits
        pool = 0
        for s in safe:
            pool |= 1 << s
        return sorted(safe, key=lambda s: -(crossing(s) & pool).bit_count())

    def _remaining(self) -> int:
        """The work left before the search's limit (counted, not timed)."""
        return max(0, round(self.limit - self.work))

    def solve(self) -> tuple[int, int]:
        """The exact best stroke and value (future score difference for the player to move).
        Raises OutOfTime when the deadline or node limit comes first."""
        return self.root(10**6, exact=True)

    def best_move(self, exact_first: bool) -> int:
        if exact_first:
            limit = self.limit
            # Half the work for the exact attempt, so a failed one leaves work to search.
            self.limit = self.work + self._remaining() / 2
            try:
                return self.solve()[0]
            except OutOfTime:
                self.limit = limit
        best = self.moves(exact=False)[0]
        depth = 1
        try:
            while True:
                self.truncated = False
                self.root_best = None
                best, _ = self.root(depth, exact=False)
                if not self.truncated:
                    break  # the whole game tree fitted: nothing deeper to learn
                depth += 1
        except OutOfTime:
            if self.root_best is not None:
                # The cut iteration searched the previous best first: a stroke it found better
                # was searched deeper.
                best = self.root_best
        return best


@hookimpl
def triangles_strategies() -> list[Hard]:
    return [Hard()]
