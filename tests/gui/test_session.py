"""The game session without any widget: turns between people and against the computer, refused
strokes, whole games with their result and statistics, undo and redo, answers that come too late,
a new kind of seat, hints, game files, the autosave and resuming it, and computer players that are
missing or failing. Only the session, its seats and the event loop: no window."""

import dataclasses
import sqlite3
import subprocess
import sys

import pytest
from app_helpers import FakeRegistry, FirstStrokeStrategy, is_failure
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtWidgets import QApplication

from triangles_qt.app.notices import NoticeKind, Priority
from triangles_qt.app.settings import NewGameChoices
from triangles_qt.app.table_talk import TableTalk, damaged_autosave_text, result_text
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game, Rejection
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules
from triangles_qt.statistics import StatisticsError, StatisticsStore
from triangles_qt.strategy_runner import SafeStrategy
from triangles_qt.table import session as session_module
from triangles_qt.table import strategy_turn
from triangles_qt.table.autosave import autosave_path
from triangles_qt.table.seats import PersonSeat, Seat, SeatMaker
from triangles_qt.table.session import FileError, GameSession, Refusal

FRIENDS = NewGameChoices(preset="phone-24", opponent=PlayerKind.HUMAN, player_names=("Ana", "Ben"))
VS_FIRST = NewGameChoices(preset="phone-24", opponent=PlayerKind.COMPUTER, strategy_id="first")
VS_BLOCKING = dataclasses.replace(VS_FIRST, strategy_id="blocking")


class LastStrokeStrategy:
    """Stands for the built-in "medium" level (FALLBACK_LEVEL); plays unlike FirstStrokeStrategy."""

    id = "medium"
    name = "Medium (stub)"

    def choose_stroke(self, position, budget_s):
        i, j = position.legal_strokes()[-1]
        return int(i), int(j)


class RaisingStrategy:
    id = "crasher"
    name = "Crasher"

    def choose_stroke(self, position, budget_s):
        raise RuntimeError("boom")


class ScriptedSeat(Seat):
    """A new kind of seat the window knows nothing of: a player elsewhere, whose answers come
    from a script (one function of the position per request), later, on the GUI thread."""

    def __init__(self, script):
        super().__init__(lambda: "Elsewhere")
        self.script = list(script)
        self.requests = []
        self.refusals = []
        self.started = []
        self.seen = []

    @property
    def waiting_text(self):
        return "Waiting for the other player…"

    def request_move(self, request):
        self.requests.append(request)
        stroke = self.script.pop(0)(request.position)
        QTimer.singleShot(0, self, lambda: self.answered.emit(request, stroke))

    def refused(self, request, reason):
        self.refusals.append((request, reason))

    def game_started(self, position):
        self.started.append(position)

    def stroke_played(self, move):
        self.seen.append(move)


class RecordingPersonSeat(PersonSeat):
    """A person here whose requests the test can see."""

    def __init__(self, name):
        super().__init__(lambda: name)
        self.requests = []

    def request_move(self, request):
        self.requests.append(request)
        super().request_move(request)


class ScriptedSeatMaker(SeatMaker):
    """Seats a person here against `seat`, whatever the choices."""

    def __init__(self, seat):
        super().__init__(None, 0)
        self.seat = seat
        self.person = RecordingPersonSeat("Ana")

    def for_choices(self, choices):
        return [self.person, self.seat], []


def send_deferred_deletes():
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


@pytest.fixture
def make_session(qapp, tmp_path):
    """A GameSession with a FakeRegistry of `strategies`, private settings and statistics (one
    settings file per test, shared like the next start of the app), no computer delay and a
    short budget. Closed and deleted the Qt way when the test ends."""
    made = []

    def make(*strategies, budget_s=0.3):
        session = GameSession(
            FakeRegistry(*strategies),
            statistics=StatisticsStore(tmp_path / "history.sqlite"),
        )
        session.talk = TableTalk(session, session)  # the app's words for its events
        session.seat_maker.delay_ms = 0
        session.budget_s = budget_s
        made.append(session)
        return session

    yield make
    for session in made:
        session.close()
    send_deferred_deletes()  # strategy turns that finished, before their parents go
    for session in made:
        session.deleteLater()
    send_deferred_deletes()


def first_legal(position):
    i, j = position.legal_strokes()[0]
    return int(i), int(j)


def collect(signal):
    """What `signal` carries from now on: its one argument, or a tuple of them."""
    got = []
    signal.connect(lambda *args: got.append(args[0] if len(args) == 1 else args))
    return got


def greedy(position):
    """The stroke FirstStrokeStrategy plays: the first that closes most triangles."""
    return FirstStrokeStrategy().choose_stroke(position, 1)


def play_out(session, qtbot, choose=first_legal):
    """The person(s) here play `choose`'s stroke whenever it is their turn, to the end."""
    while not session.position.is_over:
        qtbot.waitUntil(lambda: session.local_to_move or session.position.is_over, timeout=5000)
        if not session.position.is_over:
            assert session.request_stroke(*choose(session.position))


def same_game(seed, strokes):
    """The game a session plays on a phone-24 board of `seed`, rebuilt on its own."""
    game = Game(Board.generate("phone-24", seed), Rules())
    for i, j in strokes:
        game.play(i, j)
    return game


def kinds(notices):
    return [notice.kind for notice in notices]


# -- no widget -----------------------------------------------------------------------------------


def test_a_whole_session_makes_no_widget(make_session, qtbot, tmp_path):
    top_level, every = set(QApplication.topLevelWidgets()), set(QApplication.allWidgets())

    def no_new_widget():
        # nothing new (a widget of an earlier test may have gone meanwhile)
        return set(QApplication.topLevelWidgets()) <= top_level and (
            set(QApplication.allWidgets()) <= every
        )

    session = make_session()
    session.new_game(VS_FIRST, seed=5)
    with qtbot.waitSignal(session.hint_ready, timeout=5000):
        assert session.request_hint()
    assert session.request_stroke(*first_legal(session.position))
    assert no_new_widget()
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert not session.request_stroke(0, 0)  # refused
    session.save(tmp_path / "g.triangles")
    session.open_file(tmp_path / "g.triangles")
    assert session.undo() and session.redo() and no_new_widget()
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(session, qtbot)
    assert no_new_widget()


def test_the_session_and_its_seats_do_not_even_import_widgets():
    code = (
        "import sys\n"
        "import triangles_qt.table.session, triangles_qt.table.seats\n"
        "print(sorted(m for m in sys.modules if m.startswith('PySide6.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert "PySide6.QtCore" in done.stdout and "PySide6.QtWidgets" not in done.stdout


# -- turns ---------------------------------------------------------------------------------------


def test_two_people_take_turns_on_the_board(make_session, qtbot):
    session = make_session()
    with qtbot.waitSignal(session.started, timeout=1000) as started:
        assert session.new_game(FRIENDS, seed=6) == []
    view = session.position
    assert started.args == [view] and view.moves == ()
    assert [seat.name for seat in session.seats] == ["Ana", "Ben"]
    assert session.players == [
        PlayerInfo("Ana", PlayerKind.HUMAN),
        PlayerInfo("Ben", PlayerKind.HUMAN),
    ]
    assert session.person_seat is None  # both play here: nobody is "you"
    assert session.local_to_move and not session.thinking and session.can_hint
    assert not session.can_undo and not session.can_redo
    played = collect(session.stroke_played)
    for turn in range(4):
        assert session.position.player == turn % 2 and session.local_to_move
        assert session.request_stroke(*first_legal(session.position))
    assert session.position is view  # a live view of the one game
    assert [move.player for move in played] == [0, 1, 0, 1]
    assert tuple(move.stroke for move in played) == view.strokes
    assert session.can_undo


def test_an_illegal_stroke_is_refused_with_what_stands_in_its_way(make_session, qtbot):
    session = make_session()
    session.new_game(FRIENDS, seed=6)
    for _ in range(4):
        session.request_stroke(*first_legal(session.position))
    game = same_game(6, session.position.strokes)  # an equivalent game, rebuilt on its own
    pairs = [(i, j) for i in range(game.board.n) for j in range(i + 1, game.board.n)]
    crossing = next(p for p in pairs if game.check(*p) == Rejection.CROSSES_STROKE)
    over = next(p for p in pairs if game.check(*p) == Rejection.PASSES_OVER_STAR)
    drawn = session.position.strokes[1]
    strokes, player = session.position.strokes, session.position.player
    refused, notices = collect(session.stroke_refused), collect(session.talk.notice)
    played = collect(session.stroke_played)
    for stroke in (crossing, over, drawn):
        assert not session.request_stroke(*stroke)
    assert refused == [
        Refusal(crossing, Rejection.CROSSES_STROKE, *game.obstacles(*crossing)),
        Refusal(over, Rejection.PASSES_OVER_STAR, *game.obstacles(*over)),
        Refusal(drawn, Rejection.ALREADY_DRAWN, *game.obstacles(*drawn)),
    ]
    assert refused[0].crossed and refused[1].over  # something to show on the board
    assert kinds(notices) == [NoticeKind.REFUSED] * 3
    assert [n.text() for n in notices] == [
        "Crosses a stroke",
        "Passes over a star",
        "Already drawn",
    ]
    assert not session.request_stroke(3, 3)  # no stroke at all: refused, nothing to show
    assert len(refused) == 3 and played == []
    assert session.position.strokes == strokes and session.position.player == player
    assert session.local_to_move and session.request_stroke(*first_legal(session.position))


def test_the_computer_answers_after_the_persons_stroke(make_session, qtbot):
    session = make_session()
    assert session.new_game(VS_FIRST, seed=5) == []
    assert session.person_seat == 0 and session.local_to_move and not session.thinking
    thinking = []
    session.changed.connect(lambda: thinking.append(session.thinking))
    played = collect(session.stroke_played)
    for _ in range(3):
        assert session.request_stroke(*first_legal(session.position))
        assert session.thinking and not session.local_to_move
        assert not session.can_hint and not session.request_hint()
        assert not session.request_stroke(*first_legal(session.position))  # not the person's turn
        qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
        assert not session.thinking
    assert [move.player for move in played] == [0, 1] * 3
    assert True in thinking and thinking[-1] is False
    game = same_game(5, [])
    for move in played:  # the computer played what its strategy chose
        if move.player == 1:
            assert move.stroke == FirstStrokeStrategy().choose_stroke(Position(game), 1)
        game.play(*move.stroke)


@pytest.mark.parametrize(
    "human_starts, seed, expected",
    [(True, 5, "You won!"), (False, 5, "You lost!"), (True, 12, "Draw!")],
)
def test_a_whole_game_against_the_computer_ends_with_its_result_counted_once(
    make_session, qtbot, human_starts, seed, expected
):
    session = make_session()
    session.new_game(dataclasses.replace(VS_FIRST, human_starts=human_starts), seed=seed)
    you = 0 if human_starts else 1
    assert session.person_seat == you
    notices, ends = collect(session.talk.notice), collect(session.game_over)
    with qtbot.waitSignal(session.game_over, timeout=20000) as over:
        play_out(session, qtbot, greedy)  # as well as the computer plays
    position = session.position
    assert position.is_over and over.args == [position.winner] and ends == [position.winner]
    assert [move.player for move in position.moves] == [k % 2 for k in range(len(position.moves))]
    mine, theirs = position.scores[you], position.scores[1 - you]
    assert expected == ("You won!" if mine > theirs else "You lost!" if mine < theirs else "Draw!")
    (result,) = [notice for notice in notices if notice.kind == NoticeKind.RESULT]
    assert result.seconds is None and result.priority == Priority.RESULT  # it stays
    assert result.text() == expected == result_text(session)
    store = session.statistics_store()
    counts = store.per_strategy()
    assert list(counts) == ["first"]
    won_lost_drawn = (counts["first"].won, counts["first"].lost, counts["first"].drawn)
    assert won_lost_drawn == (int(mine > theirs), int(mine < theirs), int(mine == theirs))
    assert StatisticsStore(store.path).per_strategy() == counts  # written at once
    assert not autosave_path().exists()  # a finished game is not offered again
    assert session.seat_to_move is None and not session.local_to_move and not session.thinking


def test_a_game_between_people_names_its_winner_and_is_not_counted(make_session, qtbot):
    session = make_session()
    session.new_game(FRIENDS, seed=6)
    with qtbot.waitSignal(session.game_over, timeout=5000) as over:
        play_out(session, qtbot)
    winner = session.position.winner
    assert over.args == [winner]
    assert result_text(session) == (
        "Draw!" if winner is None else f"{('Ana', 'Ben')[winner]} wins!"
    )
    store = session.statistics_store()
    assert store.totals().played == 0  # kept in the history, counted in no statistics
    (entry,) = store.history()
    assert entry.outcome is None and entry.opponent == "Ana – Ben"
    assert entry.scores == tuple(session.position.scores)


# -- undo and redo -------------------------------------------------------------------------------


def test_undo_against_the_computer_goes_back_to_the_persons_turn_and_redo_restores(
    make_session, qtbot
):
    session = make_session()
    session.new_game(VS_FIRST, seed=6)
    for _ in range(2):
        session.request_stroke(*first_legal(session.position))
        qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    strokes = session.position.strokes
    assert len(strokes) == 4 and session.can_undo and not session.can_redo
    notices, resets = collect(session.talk.notice), collect(session.reset)
    assert session.undo()
    assert session.position.strokes == strokes[:2] and session.local_to_move
    assert resets == [session.position] and notices[-1].text() == "2 strokes taken back"
    assert session.undo() and session.position.strokes == ()
    assert not session.can_undo and not session.undo()
    assert session.redo() and session.position.strokes == strokes[:2]
    assert notices[-1].kind == NoticeKind.UNDO and notices[-1].text() == "2 strokes drawn again"
    assert session.redo() and session.position.strokes == strokes
    assert session.local_to_move and not session.thinking
    assert not session.can_redo and not session.redo()
    session.undo()
    other = next(
        (int(i), int(j)) for i, j in session.position.legal_strokes() if (i, j) != strokes[2]
    )
    assert session.request_stroke(*other)  # another stroke: what was taken back is gone
    assert not session.can_redo and not session.redo()
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert session.position.strokes[:3] == (*strokes[:2], other)


def test_undo_between_people_takes_back_one_stroke(make_session):
    session = make_session()
    session.new_game(FRIENDS, seed=6)
    for _ in range(3):
        session.request_stroke(*first_legal(session.position))
    strokes = session.position.strokes
    assert session.undo()
    assert session.position.strokes == strokes[:2] and session.position.player == 0
    assert session.undo()
    assert session.position.strokes == strokes[:1] and session.position.player == 1
    assert session.redo() and session.redo() and session.position.strokes == strokes


def test_undo_after_the_end_withdraws_the_result_and_the_next_ending_replaces_it(
    make_session, qtbot, monkeypatch
):
    session = make_session()
    session.new_game(VS_FIRST, seed=5)
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(session, qtbot)
    store = session.statistics_store()
    counted = store.per_strategy()
    (outcome,) = [name for name in ("won", "lost", "drawn") if getattr(counted["first"], name)]
    (first_id,) = [entry.id for entry in store.history()]
    final = session.position.moves
    last_person = max(k for k, move in enumerate(final) if move.player == 0)
    withdrawn, notices = collect(session.talk.withdrawn), collect(session.talk.notice)
    calls = []
    record = store.record_result
    monkeypatch.setattr(
        store, "record_result", lambda *a, **k: calls.append((a, k)) or record(*a, **k)
    )
    assert session.undo()
    assert withdrawn == [NoticeKind.RESULT] and NoticeKind.RESULT not in kinds(notices)
    assert session.position.moves == final[:last_person]  # back to the person's last turn
    assert not session.position.is_over and session.local_to_move
    assert store.per_strategy() == counted  # still counted while the game is open again
    assert not autosave_path().exists()  # resumed elsewhere, it would be counted twice
    assert session.request_stroke(*first_legal(session.position))
    if not session.position.is_over:
        qtbot.waitUntil(lambda: session.position.is_over or session.local_to_move, timeout=5000)
        assert not autosave_path().exists()
    if not session.position.is_over:
        with qtbot.waitSignal(session.game_over, timeout=20000):
            play_out(session, qtbot)
    assert [(a, k["replacing"]) for a, k in calls] == [(("first", outcome), first_id)]
    assert store.totals().played == 1 and StatisticsStore(store.path).per_strategy() == counted
    assert len(store.history()) == 1
    assert kinds(notices).count(NoticeKind.RESULT) == 1


# -- answers that come too late ------------------------------------------------------------------


@pytest.mark.parametrize("interruption", ["undo", "new game", "close"])
def test_an_answer_for_a_position_that_is_gone_is_dropped(
    make_session, qtbot, blockers, interruption
):
    strategy = blockers()
    session = make_session(strategy, FirstStrokeStrategy(), budget_s=10)
    computer_first = interruption != "undo"  # undo needs a stroke of the person's first
    session.new_game(dataclasses.replace(VS_BLOCKING, human_starts=not computer_first), seed=3)
    if not computer_first:
        session.request_stroke(*first_legal(session.position))
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    assert session.thinking
    if interruption == "undo":
        assert session.undo()
    elif interruption == "new game":
        session.new_game(VS_FIRST, seed=4)  # the person starts this one
    else:
        session.close()
        assert not any(seat.thinking for seat in session.seats)  # it stopped at once
    position = session.position
    played = collect(session.stroke_played)
    strategy.release.set()
    assert strategy.returned.wait(5)
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)  # the answer came back
    qtbot.wait(20)
    assert played == []
    if interruption == "close":
        assert position is None and not session.request_stroke(0, 1)
    else:
        assert position.moves == () and position.player == 0
        assert session.local_to_move and not session.thinking


def test_a_hung_computer_stays_busy_after_a_new_game_and_is_not_asked_again(
    make_session, qtbot, blockers
):
    strategy = blockers("hanging")
    session = make_session(strategy, FirstStrokeStrategy(), budget_s=0.1)
    hanging_first = dataclasses.replace(VS_FIRST, strategy_id="hanging", human_starts=False)
    session.new_game(hanging_first, seed=3)
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    session.new_game(VS_FIRST, seed=4)  # while it hangs
    # Its cancelled call keeps its deadline (0.1 s and 0.5 s grace): past it, it is busy.
    qtbot.waitUntil(lambda: SafeStrategy(strategy, "any").busy, timeout=5000)
    strategy.called.clear()
    failures = []
    session.talk.notice.connect(lambda notice: is_failure(notice) and failures.append(notice))
    session.new_game(hanging_first, seed=5)
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert not strategy.called.is_set()  # one stuck thread at most
    assert len(session.position.moves) == 1  # the fallback played for it
    assert [n.text() for n in failures] == [
        "The computer player “Hanging” failed (still busy with an earlier move); "
        "a simple stroke was played instead."
    ]
    strategy.release.set()
    qtbot.waitUntil(lambda: not SafeStrategy(strategy, "any").busy, timeout=5000)
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)


# -- a new kind of seat --------------------------------------------------------------------------


def test_a_new_kind_of_seat_is_refused_its_illegal_answers_and_asked_again(make_session, qtbot):
    seat = ScriptedSeat(
        [
            lambda position: position.strokes[0],  # already drawn
            lambda position: (2, 2),  # not a stroke at all
            first_legal,
        ]
    )
    session = make_session()
    session.seat_maker = ScriptedSeatMaker(seat)
    session.new_game(FRIENDS, seed=6)
    assert [p.moves for p in seat.started] == [()]
    assert session.person_seat == 0 and session.players[1] == PlayerInfo(
        "Elsewhere", PlayerKind.HUMAN
    )
    refused = collect(session.stroke_refused)
    assert session.request_stroke(*first_legal(session.position))
    assert session.seat_to_move is seat and not session.local_to_move
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    first, second, third = seat.requests
    assert first.tag == second.tag == third.tag  # the same position, asked three times
    assert first is not second and second is not third
    assert seat.refusals == [(first, Rejection.ALREADY_DRAWN), (second, None)]
    assert [refusal.reason for refusal in refused] == [Rejection.ALREADY_DRAWN]
    moves = session.position.moves
    assert [move.player for move in moves] == [0, 1] and seat.seen == list(moves)
    assert session.undo() and session.position.moves == ()  # back to the person's stroke


class CoachedSeat(Seat):
    """A new kind of seat that takes the board's input without being a PersonSeat: a learner
    whose strokes on the board are checked by a coach first (this one lets every second one
    through)."""

    takes_board_input = True

    def __init__(self):
        super().__init__(lambda: "Learner")
        self.request = None
        self.drawn = []

    def request_move(self, request):
        self.request = request

    def board_stroke(self, stroke):
        self.drawn.append(stroke)
        if len(self.drawn) % 2 == 0:
            self.answered.emit(self.request, stroke)


def test_the_boards_strokes_reach_any_seat_that_takes_board_input(make_session, qtbot):
    class CoachedSeatMaker(SeatMaker):
        def for_choices(self, choices):
            return [CoachedSeat(), self._computer(FirstStrokeStrategy(), lambda: "Computer")], []

    session = make_session()
    session.seat_maker = CoachedSeatMaker(None, 0)
    session.new_game(VS_FIRST, seed=5)
    seat = session.seats[0]
    assert session.person_seat == 0 and session.local_to_move
    stroke = first_legal(session.position)
    assert not session.request_stroke(*stroke)  # held back by the coach
    assert session.request_stroke(*stroke) and seat.drawn == [stroke, stroke]
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert [move.player for move in session.position.moves] == [0, 1]
    assert not session.request_stroke(*session.position.strokes[0])  # not yet to the session
    assert session.request_stroke(*session.position.strokes[0]) is False  # refused: drawn
    assert len(seat.drawn) == 4 and len(session.position.moves) == 2


def test_answers_with_a_stale_tag_or_out_of_turn_are_ignored(make_session, qtbot):
    seat = ScriptedSeat([first_legal, first_legal])
    session = make_session()
    session.seat_maker = maker = ScriptedSeatMaker(seat)
    session.new_game(FRIENDS, seed=6)
    session.request_stroke(*first_legal(session.position))
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    old = seat.requests[0]
    moves = session.position.moves
    seat.answered.emit(old, first_legal(session.position))  # out of turn, and an earlier position
    seat.answered.emit(maker.person.requests[-1], first_legal(session.position))  # out of turn
    assert session.position.moves == moves and session.local_to_move
    session.request_stroke(*first_legal(session.position))
    assert session.seat_to_move is seat
    moves = session.position.moves
    seat.answered.emit(old, first_legal(session.position))  # its turn, but an earlier position
    assert session.position.moves == moves and session.seat_to_move is seat
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)  # the current answer counts
    assert len(session.position.moves) == 4


# -- hints ---------------------------------------------------------------------------------------


def test_a_hint_is_a_legal_stroke_for_the_person_to_move(make_session, qtbot, blockers):
    strategy = blockers("hard")  # a hint level: asked rather than "first", the last offered
    session = make_session(strategy, FirstStrokeStrategy(), budget_s=10)
    session.new_game(FRIENDS, seed=9)
    notices, withdrawn = collect(session.talk.notice), collect(session.talk.withdrawn)
    assert session.can_hint and session.request_hint()
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    assert not session.can_hint and not session.request_hint()  # one at a time
    assert [(n.kind, n.seconds) for n in notices] == [(NoticeKind.HINT_SEARCH, None)]
    with qtbot.waitSignal(session.hint_ready, timeout=5000) as hint:
        strategy.release.set()
    assert tuple(hint.args) == first_legal(session.position)  # what "hard" chose
    assert session.position.check(*hint.args) is None
    assert withdrawn == [NoticeKind.HINT_SEARCH]
    assert kinds(notices) == [NoticeKind.HINT_SEARCH, NoticeKind.HINT]
    assert session.can_hint and session.position.moves == ()


def test_a_hint_for_an_earlier_position_is_dropped(make_session, qtbot, blockers):
    strategy = blockers("hard")
    session = make_session(strategy, budget_s=10)
    session.new_game(FRIENDS, seed=9)
    hints, withdrawn = collect(session.hint_ready), collect(session.talk.withdrawn)
    assert session.request_hint()
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    assert session.request_stroke(*first_legal(session.position))
    assert withdrawn == [NoticeKind.HINT_SEARCH] and session.can_hint  # the next player may ask
    strategy.release.set()
    assert strategy.returned.wait(5)
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)
    qtbot.wait(20)
    assert hints == []
    with qtbot.waitSignal(session.hint_ready, timeout=5000) as hint:
        assert session.request_hint()
    assert session.position.check(*hint.args) is None


# -- files ---------------------------------------------------------------------------------------


def test_a_saved_game_is_unmodified_until_a_stroke_and_opens_again_as_it_was(
    make_session, tmp_path
):
    session = make_session()
    session.new_game(FRIENDS, seed=12)
    assert session.file is None and not session.modified
    for _ in range(3):
        session.request_stroke(*first_legal(session.position))
    assert not session.modified  # no file yet: nothing to differ from
    path = tmp_path / "evening.triangles"
    notices, changed = collect(session.talk.notice), collect(session.changed)
    session.save(path)
    assert path.is_file() and session.file == path and not session.modified and changed
    assert session.autosave.resume_file == str(path)
    assert notices[-1].kind == NoticeKind.FILE and notices[-1].text() == "Saved evening.triangles"
    strokes, players = session.position.strokes, session.players
    session.request_stroke(*first_legal(session.position))
    assert session.modified
    session.undo()
    assert not session.modified  # as the file holds it again
    session.request_stroke(*first_legal(session.position))
    session.new_game(FRIENDS, seed=99)
    assert session.file is None and session.autosave.resume_file == ""
    session.request_stroke(*first_legal(session.position))
    assert autosave_path().is_file()  # an unfinished game without a file
    assert session.open_file(path) == []
    assert not autosave_path().exists()  # the file holds it: nothing to autosave until a stroke
    assert session.autosave.resume_file == str(path)  # a resumed game would belong to it
    assert session.position.strokes == strokes and session.players == players
    assert session.file == path and not session.modified and session.local_to_move
    assert session.position.player == 1 and [seat.name for seat in session.seats] == ["Ana", "Ben"]
    assert notices[-1].text() == "Opened evening.triangles"


@pytest.mark.parametrize(
    "content, kind",
    [
        (b'{"format": "triangles-game", "version": 1, "board": ', "invalid"),
        (b'{"format": "triangles-game", "version": 99}', "newer"),
        (None, "unreadable"),
    ],
)
def test_a_file_that_cannot_be_opened_raises_and_changes_nothing(
    make_session, tmp_path, content, kind
):
    session = make_session()
    session.new_game(FRIENDS, seed=12)
    session.request_stroke(*first_legal(session.position))
    mine = tmp_path / "mine.triangles"
    session.save(mine)
    session.request_stroke(*first_legal(session.position))
    view, strokes = session.position, session.position.strokes
    bad = tmp_path / "bad.triangles"
    if content is not None:
        bad.write_bytes(content)
    started, notices = collect(session.started), collect(session.talk.notice)
    with pytest.raises(FileError) as error:
        session.open_file(bad)
    assert error.value.kind == kind and str(error.value)
    assert session.position is view and view.strokes == strokes
    assert session.file == mine and session.modified and session.autosave.resume_file == str(mine)
    assert started == [] and notices == [] and autosave_path().is_file()
    assert session.request_stroke(*first_legal(session.position))  # and the game goes on


def test_an_unfinished_game_is_autosaved_after_every_stroke_and_resumed_exactly(
    make_session, qtbot
):
    session = make_session()
    session.new_game(VS_FIRST, seed=21)
    assert not autosave_path().exists()
    session.request_stroke(*first_legal(session.position))
    assert autosave_path().is_file()  # at once, before the computer's answer
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    strokes, players = session.position.strokes, session.players
    session.close()
    assert autosave_path().is_file()  # kept for the next start

    again = make_session()  # the next start
    (offer,), problems = again.autosaved_games()
    loaded = offer.loaded
    assert problems == [] and tuple(loaded.game.strokes) == strokes
    assert list(loaded.players) == players
    assert again.resume(offer) == []
    assert again.position.strokes == strokes and again.players == players
    assert again.local_to_move and again.file is None
    with qtbot.waitSignal(again.game_over, timeout=20000):
        play_out(again, qtbot)
    assert not autosave_path().exists() and again.autosaved_games() == ([], [])


def test_a_new_game_or_declining_to_resume_forgets_the_autosave(make_session):
    session = make_session()
    session.new_game(FRIENDS, seed=21)
    session.request_stroke(*first_legal(session.position))
    assert autosave_path().is_file()
    assert session.autosaved_games() == ([], [])  # this window's own game is not offered to it
    session.close()
    again = make_session()
    (offer,), _ = again.autosaved_games()
    again.discard(offer)
    assert not autosave_path().exists() and again.autosaved_games() == ([], [])
    again.new_game(FRIENDS, seed=21)
    again.request_stroke(*first_legal(again.position))
    assert autosave_path().is_file()
    again.new_game(FRIENDS, seed=22)
    assert not autosave_path().exists()


def test_a_damaged_autosave_is_set_aside_and_the_player_told(make_session):
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not a game", encoding="utf-8")
    session = make_session()
    offers, (problem,) = session.autosaved_games()
    assert offers == []
    (kept,) = [p for p in path.parent.iterdir() if p.name.startswith(path.name + ".corrupt-")]
    assert kept.read_text(encoding="utf-8") == "{ not a game" and not path.exists()
    assert damaged_autosave_text(problem) == (
        f"The unfinished game saved last time could not be read; it was kept as {kept}."
    )
    assert session.autosaved_games() == ([], [])  # told once


def test_a_resumed_game_belongs_again_to_its_file(make_session, tmp_path):
    session = make_session()
    session.new_game(FRIENDS, seed=12)
    for _ in range(2):
        session.request_stroke(*first_legal(session.position))
    path = tmp_path / "evening.triangles"
    session.save(path)
    session.request_stroke(*first_legal(session.position))  # autosaved, not saved to the file
    strokes = session.position.strokes
    session.close()

    again = make_session()
    again.resume(again.autosaved_games()[0][0])
    assert again.position.strokes == strokes
    assert again.file == path and again.modified  # the file lacks the last stroke
    again.save(again.file)
    assert not again.modified
    again.request_stroke(*first_legal(again.position))
    again.close()
    path.unlink()  # the file went away meanwhile

    third = make_session()
    third.resume(third.autosaved_games()[0][0])
    assert len(third.position.strokes) == 4
    assert third.file is None and not third.modified and third.autosave.resume_file == ""


# -- computer players missing or failing ---------------------------------------------------------


@pytest.mark.parametrize(
    "strategies, plays_instead",
    [
        ((FirstStrokeStrategy(), LastStrokeStrategy()), LastStrokeStrategy),  # FALLBACK_LEVEL
        ((FirstStrokeStrategy(),), FirstStrokeStrategy),  # else the first one offered
    ],
)
def test_a_computer_player_that_is_not_installed_is_played_by_its_stand_in(
    make_session, qtbot, strategies, plays_instead
):
    session = make_session(*strategies)
    stand_ins = session.new_game(dataclasses.replace(VS_FIRST, strategy_id="gone"), seed=5)
    assert [(s.missing_id, s.stand_in.id) for s in stand_ins] == [("gone", plays_instead.id)]
    assert session.players[1].strategy == plays_instead.id
    session.request_stroke(*first_legal(session.position))
    before = Position(same_game(5, session.position.strokes))
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert session.position.moves[1].player == 1
    assert session.position.strokes[1] == plays_instead().choose_stroke(before, 1)


def test_a_failing_computer_player_is_told_and_the_game_goes_on(make_session, qtbot, capsys):
    session = make_session(RaisingStrategy())
    session.new_game(dataclasses.replace(VS_FIRST, strategy_id="crasher"), seed=5)
    with qtbot.waitSignal(session.talk.notice, timeout=5000, check_params_cb=is_failure) as failed:
        session.request_stroke(*first_legal(session.position))
    notice = failed.args[0]
    assert notice.priority == Priority.WARNING
    assert notice.text() == (
        "The computer player “Crasher” failed (its code raised RuntimeError: boom); "
        "a simple stroke was played instead."
    )
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert [move.player for move in session.position.moves] == [0, 1]  # the fallback's stroke
    assert "RuntimeError: boom" in capsys.readouterr().err


def test_a_finished_game_whose_result_could_not_be_written_is_kept_and_counted_next_start(
    make_session, qtbot, monkeypatch
):
    """The statistics are busy (another program holds them) when the game ends: the game stays
    in its autosave slot, finished, instead of being lost; the next start counts it, without
    asking to resume it (issue 51, item 7)."""
    session = make_session()
    store = session.statistics_store()
    holder = {"busy": True}  # another program holds the statistics while this is true
    record_result = store.record_result

    def busy(*args, **kwargs):
        if holder["busy"]:
            raise StatisticsError("the statistics are in use by another program")
        return record_result(*args, **kwargs)

    monkeypatch.setattr(store, "record_result", busy)
    session.new_game(VS_FIRST, seed=5)
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(session, qtbot, greedy)
    assert store.per_strategy() == {}  # not written...
    kept = autosave_path()
    assert kept.is_file()  # ...but kept, finished
    session.new_game(VS_FIRST, seed=6)  # still busy: this window takes another slot for it
    assert kept.is_file()
    session.close()
    holder["busy"] = False  # the other program is done with the statistics

    again = make_session()
    offers, problems = again.autosaved_games()
    finished = [offer for offer in offers if offer.loaded.game.is_over]
    assert len(finished) == 1 and not problems
    with qtbot.waitSignal(again.game_over, timeout=5000):
        again.resume(finished[0])
    counts = again.statistics_store().per_strategy()
    assert sum(c.won + c.lost + c.drawn for c in counts.values()) == 1
    again.new_game(VS_FIRST, seed=7)
    assert not kept.exists()  # counted: nothing is offered any more
    for offer in offers:
        if offer is not finished[0]:
            again.discard(offer)


def test_a_busy_statistics_file_never_freezes_the_window_and_the_result_is_counted_when_free(
    qapp, qtbot, tmp_path, monkeypatch
):
    """Another program holds the statistics when the game ends: the window waits half a second
    (not SQLite's ten), says the game is kept, and counts it by itself once the file is free
    (issue 51, item 7)."""
    monkeypatch.setattr(session_module, "RESULT_RETRY_MS", 200)
    session = GameSession(FakeRegistry())
    session.talk = TableTalk(session, session)  # the app's words for its events
    session.seat_maker.delay_ms = 0
    store = session.statistics_store()  # the window's own: it waits little
    assert store.wait_s == session_module.STATISTICS_WAIT_S <= 1
    store.record_result("first", "won")  # the file exists, so that it can be held
    holder = sqlite3.connect(store.path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    told = []
    session.talk.notice.connect(lambda notice: told.append(notice.text()))
    try:
        session.new_game(VS_FIRST, seed=5)
        with qtbot.waitSignal(session.game_over, timeout=20000):
            play_out(session, qtbot, greedy)
        assert "Another program is using the statistics" in told[-1]
        assert autosave_path().is_file()  # kept meanwhile
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    qtbot.waitUntil(lambda: store.totals().played == 2, timeout=20000)
    assert "now counted" in told[-1]
    assert not autosave_path().exists()
    session.close()
    session.deleteLater()


def test_a_game_counted_just_before_a_kill_is_not_counted_again(make_session, qtbot):
    """The result was written, then the window was killed before it removed the finished
    game's autosave: the next start finds it already counted (issue 51, item 7)."""
    session = make_session()
    session.new_game(VS_FIRST, seed=5)
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(session, qtbot, greedy)
    store = session.statistics_store()
    assert store.totals().played == 1
    kept = session.autosave.path
    session.autosave.write(session._game, session.players)  # as a kill leaves it
    session.close()

    again = make_session()
    offers, _ = again.autosaved_games()
    finished = [offer for offer in offers if offer.loaded.game.is_over]
    assert len(finished) == 1
    again.resume(finished[0])
    assert again.statistics_store().totals().played == 1
    assert again.statistics_store().history_size() == 1
    again.new_game(VS_FIRST, seed=6)
    assert not kept.exists()


def test_a_damaged_statistics_file_is_told_beside_the_first_result(make_session, qtbot, tmp_path):
    (tmp_path / "history.sqlite").write_bytes(b"garbage that is no database" * 10)
    session = make_session()
    told = []
    session.talk.notice.connect(lambda notice: told.append(notice.text()))
    session.new_game(VS_FIRST, seed=5)
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(session, qtbot, greedy)
    assert "statistics file was damaged" in told[-1] and "history.sqlite.corrupt-" in told[-1]
    session.new_game(VS_FIRST, seed=6)
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(session, qtbot, greedy)
    assert "damaged" not in told[-1]  # said once
