"""One computer stroke off the GUI thread (StrategyTurn): a call that outlives the game that asked
for it still marks its strategy busy at its deadline, and nothing is kept once it is over. No
widget is made here."""

import gc

from app_helpers import BlockingStrategy, FakeRegistry, FirstStrokeStrategy

from triangles_qt.app.settings import NewGameChoices
from triangles_qt.app.table_talk import TableTalk
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerKind
from triangles_qt.core.position import Position
from triangles_qt.statistics import StatisticsStore
from triangles_qt.strategy_runner import SafeStrategy
from triangles_qt.table import strategy_turn
from triangles_qt.table.session import GameSession
from triangles_qt.table.strategy_turn import StrategyTurn

COMPUTER_FIRST = NewGameChoices(preset="phone-24", strategy_id="blocking", human_starts=False)
FRIENDS = NewGameChoices(preset="phone-24", opponent=PlayerKind.HUMAN)


def session_for(tmp_path, *strategies):
    session = GameSession(
        FakeRegistry(*strategies),
        StatisticsStore(tmp_path / "history.sqlite"),
    )
    session.talk = TableTalk(session, session)  # the app's words for its events
    session.seat_maker.delay_ms = 0
    return session


def test_a_hung_call_left_by_a_new_game_keeps_its_strategy_busy(qtbot, tmp_path):
    strategy = BlockingStrategy()
    session = session_for(tmp_path, strategy, FirstStrokeStrategy())
    session.budget_s = 0.05
    session.new_game(COMPUTER_FIRST, seed=3)
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    runner = session.seats[0].runner
    session.new_game(FRIENDS, seed=4)  # the seat that asked is gone; nobody asks the computer
    qtbot.waitUntil(lambda: runner.busy, timeout=5000)  # its deadline passed: it is stuck
    strategy.called.clear()
    session.new_game(COMPUTER_FIRST, seed=5)  # so it is not asked again: the fallback plays
    qtbot.waitUntil(lambda: len(session.position.moves) == 1, timeout=5000)
    assert not strategy.called.is_set() and not strategy.returned.is_set()
    strategy.release.set()
    qtbot.waitUntil(lambda: not runner.busy and not strategy_turn._pending, timeout=5000)
    session.close()


def test_turns_and_their_relays_are_freed_once_over(qtbot):
    runner = SafeStrategy(FirstStrokeStrategy(), "test")
    position = Position(Game(Board.generate("phone-24", 1)))
    for _ in range(5):
        turn = StrategyTurn(runner, position, 0.5)
        with qtbot.waitSignal(turn.chosen, timeout=5000):
            pass
    del turn
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)
    qtbot.wait(50)  # deleteLater runs in the event loop
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, strategy_turn._Relay)]
    assert alive == []
