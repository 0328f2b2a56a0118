"""The seats at the table, without a session or any widget: who sits where for the New game
window's choices and for a saved game's players, a person's seat, a computer's seat (its answer,
its failures and the simple player that takes over, cancelling), and one strategy turn that runs
out of time."""

import time

import pytest
from app_helpers import FakeRegistry, FirstStrokeStrategy
from PySide6.QtCore import QCoreApplication, QEvent, QObject

from triangles_qt.analysis.tactics import FallbackStrategy
from triangles_qt.app.i18n import LanguageManager
from triangles_qt.app.notices import NoticeKind, Priority
from triangles_qt.app.player_names import ShownSeatNames, default_human_names
from triangles_qt.app.settings import NewGameChoices
from triangles_qt.app.table_talk import notice_for, seat_note, stand_in_text, waiting_text
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules
from triangles_qt.strategy_runner import FailureKind, SafeStrategy
from triangles_qt.table import strategy_turn
from triangles_qt.table.seats import (
    ComputerSeat,
    MoveRequest,
    PersonSeat,
    SeatMaker,
    StandIn,
)
from triangles_qt.table.strategy_turn import StrategyTurn

FRIENDS = NewGameChoices(preset="phone-24", opponent=PlayerKind.HUMAN)
VS_FIRST = NewGameChoices(preset="phone-24", opponent=PlayerKind.COMPUTER, strategy_id="first")


class MediumStub(FirstStrokeStrategy):
    """Stands for the built-in "medium" level (FALLBACK_LEVEL)."""

    id = "medium"
    name = "Medium (stub)"


class RaisingStrategy:
    id = "crasher"
    name = "Crasher"

    def __init__(self):
        self.calls = 0

    def choose_stroke(self, position, budget_s):
        self.calls += 1
        raise RuntimeError("boom")


@pytest.fixture
def owner(qapp):
    """Keeps the seats of a test alive until it ends, then deletes them the Qt way.

    A parentless seat that Python drops while its finished strategy turn still waits for its
    deferred delete (after qtbot.waitSignal left its event loop from inside the seat's answer)
    is deleted directly, which crashes PySide; so seats live in here and go with deleteLater."""
    holder = QObject()
    yield holder
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    holder.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def kept(owner, seats):
    for seat in seats:
        seat.setParent(owner)
    return seats


@pytest.fixture
def german(qapp):
    manager = LanguageManager(qapp)
    manager.set_language("de")
    yield manager
    manager.unload()


def new_game(seed=4):
    return Game(Board.generate("phone-24", seed), Rules())


def ask(seat, game, tag=(1, 0), budget_s=0.3):
    request = MoveRequest(tag, Position(game), budget_s)
    seat.request_move(request)
    return request


def kinds(seats):
    return [type(seat) for seat in seats]


# -- who sits where ------------------------------------------------------------------------------


def test_two_people_sit_in_order_with_typed_or_default_names_that_follow_the_language(qapp):
    maker = SeatMaker(FakeRegistry(), 0, ShownSeatNames())
    seats, stand_ins = maker.for_choices(
        NewGameChoices(preset="phone-24", opponent=PlayerKind.HUMAN, player_names=("Ana", ""))
    )
    assert stand_ins == [] and kinds(seats) == [PersonSeat, PersonSeat]
    assert all(seat.takes_board_input and waiting_text(seat) is None for seat in seats)
    assert all(seat.statistics_id is None and not seat.thinking for seat in seats)
    assert [seat.name for seat in seats] == ["Ana", default_human_names()["Player 2"]()]
    assert [seat.recorded for seat in seats] == [
        PlayerInfo("Ana", PlayerKind.HUMAN),
        PlayerInfo("Player 2", PlayerKind.HUMAN),
    ]
    manager = LanguageManager(qapp)
    try:
        manager.set_language("de")
        # a default name is the language's own, even for seats made before the change
        assert [seat.name for seat in seats] == ["Ana", "Spieler 2"]
        assert seats[1].recorded == PlayerInfo("Spieler 2", PlayerKind.HUMAN)
    finally:
        manager.unload()
    assert seats[1].name == "Player 2"


@pytest.mark.parametrize("human_starts", [True, False])
def test_against_the_computer_the_person_sits_first_or_second(human_starts):
    maker = SeatMaker(FakeRegistry(FirstStrokeStrategy(), MediumStub()), 0, ShownSeatNames())
    choices = NewGameChoices(
        preset="phone-24",
        opponent=PlayerKind.COMPUTER,
        strategy_id="first",
        human_starts=human_starts,
    )
    seats, stand_ins = maker.for_choices(choices)
    assert stand_ins == []
    you, computer = seats if human_starts else seats[::-1]
    assert isinstance(you, PersonSeat) and isinstance(computer, ComputerSeat)
    assert you.name == default_human_names()["You"]() == "You"
    assert computer.name == "Computer (First)"
    assert computer.runner.strategy_id == "first" and computer.statistics_id == "first"
    assert computer.runner.plugin_name == "test-plugin"
    assert waiting_text(computer) and not computer.takes_board_input and not seat_note(computer)
    recorded = [seat.recorded for seat in seats]
    expected = [
        PlayerInfo("You", PlayerKind.HUMAN),
        PlayerInfo("Computer (First)", PlayerKind.COMPUTER, "first"),
    ]
    assert recorded == (expected if human_starts else expected[::-1])


@pytest.mark.parametrize(
    "strategies, plays_instead",
    [
        ((FirstStrokeStrategy(), MediumStub()), "medium"),  # FALLBACK_LEVEL when installed
        ((FirstStrokeStrategy(),), "first"),  # else the first offered
    ],
)
def test_a_missing_strategy_is_reported_with_the_one_that_plays_instead(strategies, plays_instead):
    maker = SeatMaker(FakeRegistry(*strategies), 0, ShownSeatNames())
    choices = NewGameChoices(preset="phone-24", opponent=PlayerKind.COMPUTER, strategy_id="gone")
    seats, stand_ins = maker.for_choices(choices)
    assert [(s.missing_id, s.stand_in.id) for s in stand_ins] == [("gone", plays_instead)]
    assert stand_in_text(stand_ins[0]).startswith("The computer player “gone” is not installed; “")
    assert seats[1].runner.strategy_id == plays_instead
    assert seats[1].recorded.strategy == plays_instead


def test_without_any_strategy_the_built_in_fallback_plays(qtbot):
    maker = SeatMaker(None, 0, ShownSeatNames())
    seats, stand_ins = maker.for_choices(VS_FIRST)
    assert isinstance(stand_ins[0].stand_in, FallbackStrategy)
    assert isinstance(seats[1].runner.strategy, FallbackStrategy)


def test_a_saved_games_players_become_seats_and_missing_computers_get_stand_ins(german):
    maker = SeatMaker(FakeRegistry(FirstStrokeStrategy(), MediumStub()), 0, ShownSeatNames())
    seats, stand_ins = maker.for_record(
        [
            PlayerInfo("Spieler 1", PlayerKind.HUMAN),  # a default name saved in German
            PlayerInfo("Deep Thought", PlayerKind.COMPUTER, "gone"),
        ]
    )
    assert kinds(seats) == [PersonSeat, ComputerSeat]
    assert stand_ins == [StandIn("gone", maker.find("medium"))]
    assert seats[0].name == "Spieler 1"
    assert seats[1].name == "Computer (Mittel)"  # the built-in level's name, in German
    assert seats[1].recorded == PlayerInfo("Computer (Mittel)", PlayerKind.COMPUTER, "medium")
    german.unload()
    assert seats[0].name == "Player 1"  # a default name follows the language in use

    seats, stand_ins = maker.for_record(
        [
            PlayerInfo("Deep Thought", PlayerKind.COMPUTER, "first"),
            PlayerInfo("Ana", PlayerKind.HUMAN),
        ]
    )
    assert stand_ins == [] and kinds(seats) == [ComputerSeat, PersonSeat]
    assert [seat.recorded for seat in seats] == [
        PlayerInfo("Deep Thought", PlayerKind.COMPUTER, "first"),  # its own name is kept
        PlayerInfo("Ana", PlayerKind.HUMAN),
    ]


# -- a person's seat -----------------------------------------------------------------------------


def test_a_persons_seat_answers_its_request_once_and_nothing_after_cancel(qtbot):
    seat = PersonSeat(lambda: "Ana")
    answers = []
    seat.answered.connect(lambda request, stroke: answers.append((request, stroke)))
    seat.board_stroke((0, 1))  # not asked
    assert answers == []
    request = ask(seat, new_game())
    seat.board_stroke((0, 1))
    seat.board_stroke((1, 2))  # one request, one answer
    assert answers == [(request, (0, 1))]
    ask(seat, new_game())
    seat.cancel()
    seat.board_stroke((0, 1))
    assert len(answers) == 1


# -- a computer's seat ---------------------------------------------------------------------------


def test_a_computer_seat_thinks_then_answers_the_request_with_a_legal_stroke(qtbot, owner):
    maker = SeatMaker(FakeRegistry(), 0, ShownSeatNames())
    seat = kept(owner, maker.for_choices(VS_FIRST)[0])[1]
    game = new_game()
    thinking = []
    seat.changed.connect(lambda: thinking.append(seat.thinking))
    with qtbot.waitSignal(seat.answered, timeout=5000) as answer:
        request = ask(seat, game)
        assert seat.thinking
    answered, stroke = answer.args
    assert answered is request and game.check(*stroke) is None
    assert stroke == FirstStrokeStrategy().choose_stroke(Position(game), 1)
    assert thinking[0] is True and thinking[-1] is False and not seat.thinking


def test_a_failing_strategy_is_replaced_by_a_simple_player_after_three_failures(
    qtbot, owner, capsys
):
    strategy = RaisingStrategy()
    maker = SeatMaker(FakeRegistry(strategy), 0, ShownSeatNames())
    choices = NewGameChoices(opponent=PlayerKind.COMPUTER, strategy_id="crasher")
    seat = kept(owner, maker.for_choices(choices)[0])[1]
    notices = []
    seat.happened.connect(lambda event: notices.append(notice_for(event, None)))
    game = new_game()
    names = []
    for turn in range(4):
        names.append(seat.name)
        with qtbot.waitSignal(seat.answered, timeout=5000) as answer:
            ask(seat, game, tag=(1, turn))
        stroke = answer.args[1]
        assert game.check(*stroke) is None  # the fallback's stroke, legal
        game.play(*stroke)
        game.play(*map(int, game.legal_strokes()[0]))
    assert names == ["Computer (Crasher)"] * 3 + ["Computer (simple player)"]
    assert seat.name == "Computer (simple player)"
    assert strategy.calls == 3  # not asked any more once replaced
    assert len(notices) == 3  # the simple player then plays without further notices
    assert {(n.kind, n.priority) for n in notices} == {
        (NoticeKind.COMPUTER_FAILED, Priority.WARNING)
    }
    texts = [n.text() for n in notices]
    assert all("“Crasher”" in text and "RuntimeError: boom" in text for text in texts)
    assert ["rest of this game" in text for text in texts] == [False, False, True]
    assert "“Crasher” failed three times" in seat_note(seat)
    # a saved game keeps who was chosen, not who stood in
    assert seat.recorded == PlayerInfo("Computer (Crasher)", PlayerKind.COMPUTER, "crasher")
    assert capsys.readouterr().err.count("Traceback") == 3


@pytest.mark.parametrize("while_", ["waiting", "thinking"])
def test_a_cancelled_computer_seat_does_not_answer(qtbot, owner, blockers, while_):
    strategy = blockers()
    seat = ComputerSeat(lambda: "Blocking", SafeStrategy(strategy, "p"), delay_ms=50, parent=owner)
    answers = []
    seat.answered.connect(lambda *args: answers.append(args))
    ask(seat, new_game(), budget_s=10)
    assert seat.thinking
    if while_ == "thinking":
        qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    with qtbot.waitSignal(seat.changed, timeout=1000):
        seat.cancel()
    assert not seat.thinking
    strategy.release.set()
    if while_ == "thinking":
        assert strategy.returned.wait(5)
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)
    qtbot.wait(150)  # past the seat's delay too
    assert answers == [] and not seat.thinking
    assert strategy.called.is_set() == (while_ == "thinking")


# -- one strategy turn ---------------------------------------------------------------------------


def test_a_strategy_past_its_time_is_concluded_by_the_timer_and_busy_until_it_returns(
    qtbot, owner, blockers
):
    strategy = blockers("hanging")
    runner = SafeStrategy(strategy, "p", allowed=lambda budget: budget + 0.1)
    game = new_game()
    position = Position(game)
    started = time.perf_counter()
    with qtbot.waitSignal(
        StrategyTurn(runner, position, 0.1, owner).chosen, timeout=5000
    ) as chosen:
        pass
    elapsed = time.perf_counter() - started
    choice = chosen.args[0]
    assert elapsed >= 0.15  # budget and grace (0.2 s, less a coarse timer's 5 %), not at once
    assert choice.failure is not None and choice.failure.kind == FailureKind.TIMED_OUT
    assert choice.by_fallback and game.check(*choice.stroke) is None
    assert strategy.called.is_set() and not strategy.returned.is_set()
    assert runner.busy and SafeStrategy(strategy, "other").busy  # whoever wraps it
    # Asked again while busy: not called, concluded at once with the fallback's stroke.
    strategy.called.clear()
    with qtbot.waitSignal(StrategyTurn(runner, position, 10, owner).chosen, timeout=1000) as again:
        pass
    assert again.args[0].failure.kind == FailureKind.BUSY and not strategy.called.is_set()
    assert runner.failures == 2
    strategy.release.set()
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)
