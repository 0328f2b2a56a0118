"""The table without any window or event loop (issue 46): a whole game between two seats that
answer at once is a loop, not a recursion (a tablet-180 game has more strokes than Python's
recursion limit allows frames); stale and illegal answers are dropped or refused; and the
events it emits carry no words."""

import dataclasses
import sys

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game, Rejection
from triangles_qt.core.rules import Rules
from triangles_qt.strategy_runner import SafeStrategy
from triangles_qt.table import events
from triangles_qt.table.choosing_seat import ChoosingSeat
from triangles_qt.table.seats import Seat
from triangles_qt.table.table import Table


class LastStroke:
    id = "last"
    name = "Last"

    def choose_stroke(self, position, budget_s):
        i, j = position.legal_strokes()[-1]
        return int(i), int(j)


def first_legal(position):
    i, j = position.legal_strokes()[0]
    return int(i), int(j)


class Stubborn(Seat):
    """Answers the strokes of `script` in turn, at once (illegal ones first), then the first
    legal stroke."""

    def __init__(self, script):
        super().__init__(lambda: "Stubborn")
        self.script = list(script)
        self.refusals = []

    def request_move(self, request):
        choose = self.script.pop(0) if self.script else first_legal
        self.answered.emit(request, choose(request.position))

    def refused(self, request, reason):
        self.refusals.append(reason)


def test_a_whole_big_game_of_seats_that_answer_at_once_is_played_inside_play():
    game = Game(Board.generate("tablet-180", 5), Rules())
    seats = [ChoosingSeat(f"Last #{k}", SafeStrategy(LastStroke(), "test")) for k in (1, 2)]
    table = Table(budget_s=1.0)
    played, over = [], []
    table.stroke_played.connect(played.append)
    table.game_over.connect(over.append)
    table.play(game, seats)  # returns at the game's end: no event loop runs here
    assert game.is_over and over == [game.winner]
    assert len(played) == len(game.moves) > sys.getrecursionlimit() // 4
    assert [len(s.move_seconds) for s in seats] == [
        sum(m.player == k for m in game.moves) for k in (0, 1)
    ]
    assert seats[0].failures == [] and seats[0].fallback_moves == 0
    # The same game as the plain loop the arena ran before the table.
    alone = Game(Board.generate("tablet-180", 5), Rules())
    while not alone.is_over:
        alone.play(*LastStroke().choose_stroke(alone, 1.0))
    assert alone.strokes == game.strokes


def test_illegal_answers_are_refused_with_their_obstacles_and_asked_again():
    game = Game(Board.generate("phone-24", 2), Rules())
    first = tuple(map(int, game.legal_strokes()[0]))
    game.play(*first)

    seat = Stubborn([lambda p: first, lambda p: (3, 3)])
    other = ChoosingSeat("Last", SafeStrategy(LastStroke(), "test"))
    told = []
    table = Table(budget_s=1.0)
    table.happened.connect(told.append)
    table.play(game, [other, seat])  # seat moves second: it is Player 2's turn now
    assert game.is_over and seat.refusals == [Rejection.ALREADY_DRAWN, None]
    refused = [e for e in told if isinstance(e, events.StrokeRefused)]
    assert [e.refusal.reason for e in refused][:1] == [Rejection.ALREADY_DRAWN]
    assert refused[0].refusal.stroke == first
    for event in told:  # typed values, no sentences for a player
        assert dataclasses.is_dataclass(event)
        assert not any(isinstance(v, str) and " " in v for v in vars(event).values())


def test_a_stale_answer_is_dropped():
    game = Game(Board.generate("phone-24", 2), Rules())
    kept = []

    class Slow(Seat):
        def request_move(self, request):
            kept.append(request)

    slow, other = Slow(lambda: "Slow"), Slow(lambda: "Other")
    table = Table()
    table.play(game, [slow, other])
    old = kept[-1]
    table.close()
    table.play(Game(Board.generate("phone-24", 2), Rules()), [Slow(lambda: "A"), Slow(lambda: "B")])
    slow.answered.emit(old, tuple(map(int, game.legal_strokes()[0])))
    assert table.position.moves == ()
