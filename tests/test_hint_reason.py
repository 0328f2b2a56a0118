"""The hint's explanation (app/hint_reason.py) checked against a plain reading of the rules: the
triangles a stroke closes, what the opponent can then take, and the claims of "the fewest" and of
"a run of at least N" against every reply."""

from pathlib import Path

import pytest

from triangles_qt.app.hint_reason import HintTexts, Reason, Why, reason_for
from triangles_qt.builtin_plugins.hard import Hard
from triangles_qt.builtin_plugins.medium import Medium
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.record import read_record
from triangles_qt.core.rules import Rules

RECORDS = Path(__file__).parent / "records" / "positions"


def legal(game):
    return [(int(i), int(j)) for i, j in game.legal_strokes()]


def best_run(game):
    """Triangles the player to move takes in their turn, best stroke first (by the public API)."""
    mover, total, played = game.player, 0, 0
    while not game.is_over and game.player == mover:
        gains = {stroke: len(game.gain(*stroke)) for stroke in legal(game)}
        stroke = max(gains, key=lambda x: (gains[x], [-v for v in x]), default=None)
        if stroke is None or not gains[stroke]:
            break
        total += gains[stroke]
        game.play(*stroke)
        played += 1
        if not game.rules.replay_after_triangle:
            break
    for _ in range(played):
        game.undo()
    return total


def given_by(game, stroke):
    game.play(*stroke)
    try:
        return 0 if game.is_over else best_run(game)
    finally:
        game.undo()


def positions(replay, seed):
    """Positions of a Medium-against-Medium game from where safe strokes grow few to the end."""
    medium = Medium(seed=seed)
    game = Game(Board.generate("phone-24", seed), Rules(replay_after_triangle=replay))
    found = []
    while not game.is_over:
        left = game.legal_bits.bit_count()
        if left <= 30 or (left <= 80 and not found):
            found.append(game.copy())
        game.play(*medium.choose_stroke(Position(game), 1.0))
    return found


# Three boards a test: six took 30 s on a loaded machine; each half sees every reason.
@pytest.mark.parametrize("seeds", [(1, 2, 3), (4, 5, 6)], ids=["first", "second"])
@pytest.mark.parametrize("replay", [False, True])
def test_every_reason_given_is_true(replay, seeds):
    seen = set()
    for seed in seeds:
        for game in positions(replay, seed):
            seen |= check_every_stroke(game, replay)
    expected = {Why.TAKES, Why.SAFE, Why.LEAST} | ({Why.CONTROL} if replay else set())
    assert expected <= seen


def check_every_stroke(game, replay):
    seen = set()
    strokes = legal(game)
    for stroke in strokes[:: max(1, len(strokes) // 12)]:
        reason = reason_for(game, stroke)
        seen.add(reason.why)
        gain = len(game.gain(*stroke))
        if reason.why is Why.TAKES:
            assert reason.count == gain > 0
            continue
        assert gain == 0
        given = given_by(game, stroke)
        if reason.why is Why.SAFE:
            assert given == 0
            continue
        assert reason.count == given > 0
        if reason.why is Why.LEAST:
            assert all(len(game.gain(*x)) == 0 and given_by(game, x) >= given for x in strokes)
        elif reason.why is Why.CONTROL:
            assert replay and reason.run > given
            after = game.copy()
            after.play(*stroke)
            while not after.is_over and after.player != game.player:
                offered = [x for x in legal(after) if after.gain(*x)]
                if not offered:
                    break
                after.play(*max(offered, key=lambda x: len(after.gain(*x))))
            assert not after.is_over and after.player != game.player
            assert all(given_by(after, x) >= reason.run for x in legal(after))
    return seen


def test_each_reason_reads_as_one_sentence(qapp):
    texts = HintTexts()
    assert texts.sentence(Reason(Why.TAKES, 2)) == (
        "Hint: the highlighted stroke closes 2 triangles."
    )
    assert texts.sentence(Reason(Why.TAKES, 1)).endswith("closes 1 triangle.")
    assert "gives nothing away" in texts.sentence(Reason(Why.SAFE))
    control = texts.sentence(Reason(Why.CONTROL, 2, 18))
    assert control == (
        "Hint: the highlighted stroke gives 2 triangles to keep control: "
        "you then take a run of at least 18 triangles."
    )
    assert texts.sentence(Reason(Why.LEAST, 1)).endswith("the fewest: 1 triangle.")


def test_a_decline_on_a_tablet_board_is_explained_as_keeping_control():
    """Tablet-120, seed 5025, move 253, "play again": Hard declines the last two triangles of
    a run with 99 strokes legal, too many for the plain reading of every reply, where the
    hint once stopped (at 40) and said only "for a better end"."""
    game = read_record(RECORDS / "control-tablet-120.triangles").game
    hard = Hard(max_nodes=Hard().work_for(1.0, game.board))
    stroke = hard.choose_stroke(Position(game), 30.0)  # bound by work: the clock only stops it
    reason = reason_for(game, stroke)
    assert reason.why is Why.CONTROL and reason.count == given_by(game, stroke) == 2
    after = game.copy()
    after.play(*stroke)
    while not after.is_over and after.player != game.player:
        after.play(*max(legal(after), key=lambda x: len(after.gain(*x))))
    replies = legal(after)
    assert len(replies) > 40 and reason.run > 2
    # Every reply gives back at least the run promised: a sample, read the plain way (slow).
    assert all(given_by(after, x) >= reason.run for x in replies[::6])
