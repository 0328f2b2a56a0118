"""Whole games in the window: against the computer and a friend, end messages, statistics, undo,
hint, stale computer answers, a hanging plugin, and the New game window."""

import dataclasses
import sqlite3

import pytest
from app_helpers import BlockingStrategy, FakeRegistry, FirstStrokeStrategy, click_star, is_failure
from PySide6.QtCore import Qt

from triangles_qt.app.new_game_dialog import NewGameChoices
from triangles_qt.app.table_talk import result_text
from triangles_qt.statistics import StatisticsStore
from triangles_qt.table import strategy_turn
from triangles_qt.table.autosave import autosave_path

VS_COMPUTER = NewGameChoices(preset="phone-24", opponent="computer", strategy_id="first")
FRIENDS = NewGameChoices(preset="phone-24", opponent="human", player_names=("Ana", "Ben"))


def first_legal(game):
    i, j = game.legal_strokes()[0]
    return int(i), int(j)


def play_out(window, qtbot):
    """The human(s) play the first legal stroke whenever it is their turn, to the end."""
    session = window.session
    while not session.position.is_over:
        qtbot.waitUntil(lambda: session.local_to_move or session.position.is_over, timeout=5000)
        if not session.position.is_over:
            assert window.scene.input_enabled
            session.request_stroke(*first_legal(session.position))


def finished_game(window, qtbot):
    """`window` at the end of a game against the computer, played out by `play_out`."""
    window.start_new_game(VS_COMPUTER, seed=5)
    with qtbot.waitSignal(window.session.game_over, timeout=20000):
        play_out(window, qtbot)
    return window


def test_a_whole_game_against_the_computer(make_window, qtbot):
    window = make_window()
    window.start_new_game(VS_COMPUTER, seed=5)
    session = window.session
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)  # the keyboard cursor is on a star
    assert window.scene.cursor is not None
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(window, qtbot)
    assert window.scene.cursor is None  # and leaves the finished board
    game = session.position
    you, computer = game.scores
    expected = "You won!" if you > computer else "You lost!" if you < computer else "Draw!"
    dialog = window.game_over_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.title_text == expected
    assert f"{you} – {computer}" in dialog.score_text
    assert all(move.player in (0, 1) for move in game.moves)
    counts = window.session.statistics_store().per_strategy()["first"]
    assert (counts.won, counts.lost, counts.drawn) == (
        int(you > computer),
        int(you < computer),
        int(you == computer),
    )
    assert not autosave_path().exists()  # the finished game leaves no autosave behind
    assert window.undo_action.isEnabled()  # a slip on the last stroke can still be taken back
    # Play again starts a fresh game with the same choices.
    dialog.play_again_button.click()
    assert session.position.moves == () and not session.position.is_over
    assert session.players[1].strategy == "first"


def test_the_game_over_window_follows_a_language_change(make_window, qtbot, qapp):
    from PySide6.QtCore import QCoreApplication

    from triangles_qt.app.i18n import LanguageManager

    window = finished_game(make_window(), qtbot)
    session = window.session
    dialog = window.game_over_dialog
    you, computer = session.position.scores
    languages = LanguageManager(qapp)
    try:
        languages.set_language("de")
        QCoreApplication.processEvents()
        expected = (
            "Du hast gewonnen!"
            if you > computer
            else "Du hast verloren!"
            if you < computer
            else "Unentschieden!"
        )
        assert dialog.title_text == expected  # was left in English under German buttons
        assert dialog.score_text.startswith(f"Du {you} – {computer} Computer")
        assert dialog.play_again_button.text() == "Noch ein Spiel"
    finally:
        languages.unload()
        QCoreApplication.processEvents()
    assert dialog.score_text.startswith(f"You {you} – {computer} Computer")


def test_the_computer_can_start_and_input_waits_for_it(make_window, qtbot):
    strategy = BlockingStrategy()
    window = make_window(FakeRegistry(strategy, FirstStrokeStrategy()))
    window.session.budget_s = 10
    window.start_new_game(
        NewGameChoices(
            preset="phone-24", opponent="computer", strategy_id="blocking", human_starts=False
        ),
        seed=3,
    )
    session = window.session
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    assert session.thinking and not window.scene.input_enabled
    assert window.score_panel.spinner.spinning
    assert window.score_panel.turn_label.text() == "The computer is thinking…"
    click_star(qtbot, window.view, 0)  # ignored: not the human's turn
    assert window.scene.picked is None
    strategy.release.set()
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert len(session.position.moves) == 1 and session.position.moves[0].player == 0
    # "Your turn" once the computer's stroke is drawn in whole, not before
    assert window.scene.is_drawing
    assert window.score_panel.turn_label.text() != "Your turn"
    qtbot.waitUntil(lambda: window.score_panel.turn_label.text() == "Your turn", timeout=5000)
    assert not window.scene.is_drawing
    assert not window.score_panel.spinner.spinning
    first, second = sorted(k + 1 for k in session.position.moves[0].stroke)
    name = session.seats[0].name
    assert window.status_bar.currentMessage() == f"{name} drew {first}–{second}"


def test_a_whole_game_between_friends_names_the_winner(make_window, qtbot):
    window = make_window()
    window.start_new_game(FRIENDS, seed=8)
    with qtbot.waitSignal(window.session.game_over, timeout=10000):
        play_out(window, qtbot)
    a, b = window.session.position.scores
    expected = "Ana wins!" if a > b else "Ben wins!" if b > a else "Draw!"
    assert window.game_over_dialog.title_text == expected
    assert window.session.statistics_store().per_strategy() == {}  # only games against the computer


def test_end_messages_speak_to_the_person_wherever_they_sit(make_window, qtbot):
    window = make_window()
    window.start_new_game(dataclasses.replace(VS_COMPUTER, human_starts=False), seed=1)
    assert result_text(window.session) == ""  # while the game goes on
    with qtbot.waitSignal(window.session.game_over, timeout=20000):
        play_out(window, qtbot)
    computer, you = window.session.position.scores  # the person is Player 2 here
    expected = "You won!" if you > computer else "You lost!" if you < computer else "Draw!"
    assert result_text(window.session) == expected == window.game_over_dialog.title_text


def test_long_names_end_in_an_ellipsis_and_show_whole_in_the_tooltip(make_window, qtbot):
    names = ("Maximiliana Alejandra Gonzalez-Fernandez", "Bartholomew Christopher Wellington III")
    window = make_window(size=(480, 800))
    window.start_new_game(NewGameChoices(preset="phone-24", opponent="human", player_names=names))
    for card, name in zip(window.score_panel.cards, names, strict=True):
        label = card.name_label
        assert card.name_text == name
        shown = label.displayed_text()
        assert shown.endswith("…") and name.startswith(shown[:-1])
        assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
        assert label.toolTip() == name
    window.resize(1400, 800)
    qtbot.waitUntil(lambda: window.score_panel.cards[0].name_label.toolTip() == "")
    assert window.score_panel.cards[0].name_label.displayed_text() == names[0]


def test_score_panel_counts_triangles_with_plural_forms(make_window, qtbot):
    window = make_window()
    window.start_new_game(FRIENDS, seed=4)
    cards = window.score_panel.cards
    assert cards[0].name_text == "Ana" and cards[1].name_text == "Ben"
    assert cards[0].count_text == "0 triangles"
    session = window.session
    while session.position.scores[0] + session.position.scores[1] == 0:
        session.request_stroke(*first_legal(session.position))
    texts = {cards[k].count_text for k in (0, 1)}
    assert "1 triangle" in texts or "2 triangles" in texts
    assert window.scene.triangle_count == sum(session.position.scores)
    closer = session.position.moves[-1]
    name, count = ("Ana", "Ben")[closer.player], len(closer.triangles)
    plural_s = "s" if count > 1 else ""
    assert window.statusBar().currentMessage() == f"{name} closed {count} triangle{plural_s}"


def test_undo_against_the_computer_goes_back_to_the_humans_turn(make_window, qtbot):
    window = make_window()
    window.start_new_game(VS_COMPUTER, seed=6)
    session = window.session
    for _ in range(2):
        session.request_stroke(*first_legal(session.position))
        qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert len(session.position.moves) == 4
    window.undo_action.trigger()
    assert len(session.position.moves) == 2 and session.local_to_move
    assert len(window.scene.strokes) == 2
    window.undo_action.trigger()
    assert session.position.moves == () and not window.undo_action.isEnabled()


def test_undo_after_the_end_reopens_the_game_and_its_next_ending_replaces_the_result(
    make_window, qtbot
):
    window = finished_game(make_window(), qtbot)
    session = window.session
    store = window.session.statistics_store()
    assert store.totals().played == 1
    counted = store.per_strategy()
    window.game_over_dialog.close_button.click()
    moves = len(session.position.moves)
    result = window.statusBar().currentMessage()
    assert result in ("You won!", "You lost!", "Draw!")
    session.undo()
    game = session.position
    assert not game.is_over and session.local_to_move and len(game.moves) < moves
    assert window.game_over_dialog is None
    back = moves - len(game.moves)
    said = "Stroke taken back" if back == 1 else f"{back} strokes taken back"
    assert window.statusBar().currentMessage() == said
    window.statusBar().clearMessage()  # the taken-back notice is over: the result is not back
    assert window.statusBar().currentMessage() == ""
    assert store.per_strategy() == counted  # still counted while the game is open again
    assert window.scene.input_enabled
    assert not autosave_path().exists()  # not offered next time: it would be counted twice
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(window, qtbot)  # the same ending again: counted once, not twice
    assert store.per_strategy() == counted and window.game_over_dialog is not None


def test_a_game_reopened_by_undo_and_left_keeps_its_first_result(make_window, qtbot):
    window = finished_game(make_window(), qtbot)
    store = window.session.statistics_store()
    counted = store.per_strategy()
    window.game_over_dialog.close_button.click()
    window.undo_action.trigger()
    window.start_new_game(VS_COMPUTER, seed=8)  # a loss cannot be erased this way
    assert store.per_strategy() == counted
    window.session.request_stroke(*first_legal(window.session.position))
    assert autosave_path().exists()  # the new game is kept safe again
    assert StatisticsStore(store.path).per_strategy() == counted


def test_undo_after_the_end_between_friends_takes_back_the_last_stroke(make_window):
    window = make_window()
    window.start_new_game(FRIENDS, seed=6)
    session = window.session
    while not session.position.is_over:
        session.request_stroke(*first_legal(session.position))
    last = session.position.moves[-1]
    window.game_over_dialog.close_button.click()
    window.undo_action.trigger()
    game = session.position
    assert not game.is_over and game.player == last.player and game.check(*last.stroke) is None
    assert (
        window.session.statistics_store().totals().played == 0
    )  # friends' games are never counted


def test_redo_draws_again_what_undo_took_back_until_another_stroke_is_drawn(make_window):
    window = make_window()
    window.start_new_game(FRIENDS, seed=6)
    session = window.session
    for _ in range(3):
        session.request_stroke(*first_legal(session.position))
    played = session.position.strokes
    assert not window.redo_action.isEnabled()
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.redo_action.isEnabled() and len(window.scene.strokes) == 1
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert session.position.strokes == played and len(window.scene.strokes) == 3
    assert not window.redo_action.isEnabled()
    window.undo_action.trigger()
    moves = len(session.position.moves)
    other = next(
        (int(i), int(j))
        for i, j in session.position.legal_strokes()
        if (int(i), int(j)) != tuple(sorted(played[-1]))
    )
    session.request_stroke(*other)
    assert len(session.position.moves) == moves + 1 and not window.redo_action.isEnabled()


def test_redo_after_undoing_the_end_ends_the_game_again_and_counts_it_once(make_window, qtbot):
    window = finished_game(make_window(), qtbot)
    session = window.session
    final = session.position.strokes
    window.game_over_dialog.close_button.click()
    window.undo_action.trigger()
    assert window.session.statistics_store().totals().played == 1  # counted until it ends again
    with qtbot.waitSignal(session.game_over, timeout=5000):
        window.redo_action.trigger()
    assert session.position.strokes == final and window.game_over_dialog is not None
    assert window.session.statistics_store().totals().played == 1


def test_the_next_ending_replaces_the_counted_result_and_a_failed_write_keeps_it(
    make_window, qtbot, monkeypatch
):
    window = finished_game(make_window(), qtbot)
    session, store = window.session, window.session.statistics_store()
    counted = store.per_strategy()
    (outcome,) = [name for name in ("won", "lost", "drawn") if getattr(counted["first"], name)]
    (first_id,) = [entry.id for entry in store.history()]
    window.game_over_dialog.close_button.click()
    window.undo_action.trigger()

    store.wait_s = 0.1
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the database: nothing is written
    try:
        with qtbot.waitSignal(session.game_over, timeout=5000):
            window.redo_action.trigger()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    message = window.statusBar().currentMessage()
    assert (
        message.startswith(window.game_over_dialog.title_text)
        and "Another program is using the statistics" in message
    )
    assert store.per_strategy() == counted and [e.id for e in store.history()] == [first_id]
    monkeypatch.undo()
    window.game_over_dialog.close_button.click()
    window.undo_action.trigger()
    calls = []
    record = store.record_result
    monkeypatch.setattr(
        store,
        "record_result",
        lambda *args, **kwargs: calls.append((args, kwargs)) or record(*args, **kwargs),
    )
    with qtbot.waitSignal(session.game_over, timeout=5000):
        window.redo_action.trigger()
    # still the first result that is replaced: the failed write did not forget it
    assert calls[0][0] == ("first", outcome) and calls[0][1]["replacing"] == first_id
    assert StatisticsStore(store.path).per_strategy() == counted


def test_undo_between_friends_takes_back_one_stroke(make_window):
    window = make_window()
    window.start_new_game(FRIENDS, seed=6)
    session = window.session
    session.request_stroke(*first_legal(session.position))
    session.request_stroke(*first_legal(session.position))
    window.undo_action.trigger()
    assert len(session.position.moves) == 1 and session.position.player == 1
    assert window.scene.last_stroke == tuple(sorted(session.position.strokes[0]))


def test_hint_shows_a_legal_stroke(make_window, qtbot):
    window = make_window(FakeRegistry(FirstStrokeStrategy()))
    window.start_new_game(FRIENDS, seed=9)
    with qtbot.waitSignal(window.session.hint_ready, timeout=5000) as hint:
        window.hint_action.trigger()
    i, j = hint.args
    assert window.session.position.check(i, j) is None
    assert window.scene.hint_visible
    # The status bar says why: the first stroke that closes most closes nothing this early.
    said = "Hint: the highlighted stroke is safe: it gives nothing away."
    assert window.status_bar.currentMessage() == said
    card = window.view.hint_card  # and the board, beside the stroke, until it is played
    assert card.isVisible() and card.text() == said
    window.status_bar.clearMessage()  # the status bar's 10 s are over: the card stays
    assert card.isVisible()
    window.session.request_stroke(i, j)
    assert not window.scene.hint_visible and not card.isVisible()


def test_the_hint_s_reason_follows_a_language_switch(make_window, qtbot):
    from PySide6.QtCore import QCoreApplication

    from triangles_qt.app.i18n import LanguageManager

    languages = LanguageManager(QCoreApplication.instance())
    window = make_window(FakeRegistry(FirstStrokeStrategy()), language_manager=languages)
    window.start_new_game(FRIENDS, seed=9)
    with qtbot.waitSignal(window.session.hint_ready, timeout=5000):
        window.hint_action.trigger()
    card = window.view.hint_card
    try:
        window.set_language("de")
        QCoreApplication.processEvents()
        assert card.isVisible() and card.text().startswith("Tipp: ")
    finally:
        languages.unload()
        QCoreApplication.processEvents()
    assert card.text() == "Hint: the highlighted stroke is safe: it gives nothing away."


def test_a_keyboard_player_s_cursor_goes_to_the_hinted_stroke(make_window, qtbot):
    window = make_window(FakeRegistry(FirstStrokeStrategy()))
    window.start_new_game(FRIENDS, seed=9)
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)  # playing by keyboard
    with qtbot.waitSignal(window.session.hint_ready, timeout=5000) as hint:
        window.hint_action.trigger()
    i, j = hint.args
    assert window.scene.cursor == i
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # Enter starts the hinted stroke
    assert window.scene.picked == i
    window.scene.clear_hint()
    with qtbot.waitSignal(window.session.hint_ready, timeout=5000):
        window.hint_action.trigger()  # asked again with its first star picked
    assert window.scene.cursor == j
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert window.session.position.strokes[-1] in ((i, j), (j, i))
    other = next(k for k in range(len(window.session.position.board.stars)) if k not in (i, j))
    window.scene.pick(other)  # a star that is not part of the next hint
    with qtbot.waitSignal(window.session.hint_ready, timeout=5000) as hint:
        window.hint_action.trigger()
    a, b = hint.args
    if other not in (a, b):
        assert window.scene.picked is None and window.scene.cursor == a


def test_hint_is_greyed_out_while_a_hint_is_being_found(make_window, qtbot):
    strategy = BlockingStrategy("hard")
    window = make_window(FakeRegistry(strategy))
    window.session.budget_s = 10
    window.start_new_game(FRIENDS, seed=9)
    assert window.hint_action.isEnabled()
    window.hint_action.trigger()
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    assert not window.hint_action.isEnabled()
    with qtbot.waitSignal(window.session.hint_ready, timeout=5000):
        strategy.release.set()
    assert window.hint_action.isEnabled()


def test_an_answer_arriving_after_a_restart_is_dropped(make_window, qtbot):
    strategy = BlockingStrategy()
    window = make_window(FakeRegistry(strategy, FirstStrokeStrategy()))
    window.session.budget_s = 10
    window.start_new_game(
        NewGameChoices(
            preset="phone-24", opponent="computer", strategy_id="blocking", human_starts=False
        ),
        seed=3,
    )
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    window.start_new_game(VS_COMPUTER, seed=4)  # the human starts this one
    strategy.release.set()
    assert strategy.returned.wait(5)
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)  # the answer was delivered
    game = window.session.position
    assert game.moves == () and game.player == 0 and window.session.local_to_move


def test_an_answer_arriving_after_undo_is_dropped(make_window, qtbot):
    strategy = BlockingStrategy()
    window = make_window(FakeRegistry(strategy))
    window.session.budget_s = 10
    window.start_new_game(
        NewGameChoices(preset="phone-24", opponent="computer", strategy_id="blocking"), seed=3
    )
    session = window.session
    session.request_stroke(*first_legal(session.position))
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    window.undo_action.trigger()
    strategy.release.set()
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)
    assert session.position.moves == () and session.local_to_move


def test_a_hanging_plugin_does_not_freeze_the_window(make_window, qtbot):
    strategy = BlockingStrategy("hanging")  # never released while the test runs
    window = make_window(FakeRegistry(strategy))
    window.session.budget_s = 0.2
    window.start_new_game(
        NewGameChoices(
            preset="phone-24", opponent="computer", strategy_id="hanging", human_starts=False
        ),
        seed=3,
    )
    ticks = []
    from PySide6.QtCore import QTimer

    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    with qtbot.waitSignal(window.talk.notice, timeout=5000, check_params_cb=is_failure) as failed:
        pass
    timer.stop()
    assert len(ticks) >= 5  # the event loop kept running while the plugin hung
    assert (
        "“Hanging”" in failed.args[0].text() and "(did not answer in time)" in failed.args[0].text()
    )
    qtbot.waitUntil(lambda: window.session.local_to_move, timeout=5000)
    assert len(window.session.position.moves) == 1  # the fallback played for it
    assert window.statusBar().currentMessage() == failed.args[0].text()
    strategy.release.set()


class RaisingStrategy:
    id = "crasher"
    name = "Crasher"

    def choose_stroke(self, position, budget_s):
        raise RuntimeError("boom")


def game_against_a_crashing_plugin(make_window):
    """A game against RaisingStrategy, and the list its failure notices are collected in."""
    window = make_window(FakeRegistry(RaisingStrategy()))
    window.start_new_game(dataclasses.replace(VS_COMPUTER, strategy_id="crasher"), seed=5)
    failures = []
    window.talk.notice.connect(lambda notice: is_failure(notice) and failures.append(notice.text()))
    return window, failures


def test_a_plugin_failure_stays_readable_when_the_stand_in_stroke_closes_a_triangle(
    make_window, qtbot
):
    window, failures = game_against_a_crashing_plugin(make_window)
    session = window.session

    def opens_a_triangle(game, i, j):
        after = game.play((i, j))
        return any(after.gain((int(a), int(b))) for a, b in after.legal_strokes())

    # The human opens a triangle each turn, so the fallback standing in for the plugin takes it.
    for _ in range(3):
        qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
        game = session.position
        gives = [
            (int(i), int(j))
            for i, j in game.legal_strokes()
            if not game.gain((int(i), int(j))) and opens_a_triangle(game, int(i), int(j))
        ]
        moves = len(game.moves)
        session.request_stroke(*(gives[0] if gives else first_legal(game)))
        qtbot.waitUntil(lambda moves=moves: len(session.position.moves) == moves + 2, timeout=5000)
        if session.position.moves[-1].triangles:
            break
    last = session.position.moves[-1]
    assert last.player == 1 and last.triangles and failures
    assert "(its code raised RuntimeError: boom)" in failures[0]
    assert window.statusBar().currentMessage() == failures[-1]


def test_a_failing_plugin_is_named_and_its_replacement_announced_at_the_third_failure(
    make_window, qtbot, capsys
):
    window, failures = game_against_a_crashing_plugin(make_window)
    session = window.session
    card = window.score_panel.cards[1]
    for turn in range(4):
        qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
        # the seat keeps its strategy's name until the stand-in takes over for good
        assert (card.name_text == "Computer (Crasher)") == (turn < 3) and card.toolTip() == (
            ""
            if turn < 3
            else "“Crasher” failed three times; a simple player plays in its place until this game "
            "ends."
        )
        session.request_stroke(*first_legal(session.position))
        qtbot.waitUntil(lambda turn=turn: len(session.position.moves) == 2 * turn + 2, timeout=5000)
    assert card.name_text == "Computer (simple player)"
    assert len(failures) == 3  # then the stand-in plays without further notices
    assert all("“Crasher”" in message and "boom" in message for message in failures)
    assert ["rest of this game" in message for message in failures] == [False, False, True]
    assert capsys.readouterr().err.count("Traceback") == 3  # for the plugin's author
    window.resize(960, 700)  # the window's first size
    bar = window.statusBar()
    qtbot.waitUntil(lambda: bar.width() >= 940, timeout=2000)
    # the last one is short enough to be read whole (the board label steps aside for it)
    assert bar.fontMetrics().horizontalAdvance(failures[-1]) < bar.width() - 40
    with qtbot.waitSignal(session.game_over, timeout=20000):
        play_out(window, qtbot)
    assert window.game_over_dialog.score_text.endswith(" Computer (simple player)")
    window.start_new_game(dataclasses.replace(VS_COMPUTER, strategy_id="crasher"), seed=6)
    assert card.name_text == "Computer (Crasher)" and not card.toolTip()  # its chances back


def test_new_game_over_an_unfinished_one_asks_once_the_new_settings_are_confirmed(
    make_window, qtbot
):
    registry = FakeRegistry(FirstStrokeStrategy(), BlockingStrategy("thirdparty"))
    window = make_window(registry)
    window.start_new_game(FRIENDS, seed=2)
    window.session.request_stroke(*first_legal(window.session.position))
    window.new_action.trigger()
    assert not window.asked  # the options come first
    window.new_game_dialog.reject()  # Cancel there keeps the game, without a question
    assert not window.asked and len(window.session.position.moves) == 1
    qtbot.waitUntil(lambda: window.new_game_dialog is None)
    window.new_action.trigger()
    window.answers = [False]
    window.new_game_dialog.accept()  # confirmed, then "No": the game goes on
    assert window.asked and len(window.session.position.moves) == 1
    qtbot.waitUntil(lambda: window.new_game_dialog is None)
    window.answers = [True]
    window.new_action.trigger()
    dialog = window.new_game_dialog
    assert dialog is not None and dialog.isVisible()
    combo = dialog.strategy_combo
    assert [combo.itemData(k) for k in range(combo.count())] == ["first", "thirdparty"]
    assert combo.itemText(1) == "Thirdparty (plugin)"
    dialog.preset_buttons["tablet-80"].setChecked(True)
    dialog.computer_radio.setChecked(True)
    dialog.strategy_combo.setCurrentIndex(0)
    dialog.replay_check.setChecked(True)
    dialog.accept()
    game = window.session.position
    assert (
        game.board.preset == "tablet-80" and game.moves == () and game.rules.replay_after_triangle
    )
    assert window.session.players[1].strategy == "first"
    assert window.settings.new_game_choices().preset == "tablet-80"
    qtbot.waitUntil(lambda: window.new_game_dialog is None)


def test_the_new_game_window_keeps_its_start_button_through_a_language_change(
    make_window, qtbot, qapp
):
    from PySide6.QtCore import QCoreApplication

    from triangles_qt.app.i18n import LanguageManager

    window = make_window()
    window.new_action.trigger()
    dialog = window.new_game_dialog
    languages = LanguageManager(qapp)
    try:
        for code, start, cancel in (("de", "Starten", "Abbrechen"), ("en", "Start", "Cancel")):
            languages.set_language(code)
            QCoreApplication.processEvents()
            texts = sorted(button.text().replace("&", "") for button in dialog.buttons.buttons())
            assert texts == sorted([start, cancel])  # Qt had turned Start back into "OK"
    finally:
        languages.unload()
        QCoreApplication.processEvents()
    assert dialog.start_button.isDefault()
    dialog.preset_buttons["phone-24"].setChecked(True)
    dialog.start_button.click()
    qtbot.waitUntil(lambda: window.session.position is not None)
    assert window.session.position.board.preset == "phone-24"


def test_the_new_game_fields_are_reached_with_alt_and_their_letter(make_window, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    window.new_action.trigger()
    dialog = window.new_game_dialog
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=2000)
    dialog.computer_radio.setChecked(True)
    for starter in (dialog.computer_starts_radio, dialog.you_start_radio):
        starter.setChecked(True)
        for key, field in ((Qt.Key_S, dialog.strategy_combo), (Qt.Key_W, starter)):
            qtbot.keyClick(dialog, key, Qt.AltModifier)
            assert QApplication.focusWidget() is field
        qtbot.wait(300)  # a buddy button's click is animated
        assert starter.isChecked()  # reaching the choice does not change it
    dialog.human_radio.setChecked(True)
    qtbot.keyClick(dialog, Qt.Key_2, Qt.AltModifier)
    assert QApplication.focusWidget() is dialog.name_edits[1]
    qtbot.keyClick(dialog, Qt.Key_C, Qt.AltModifier)  # the opponent, chosen by its letter
    qtbot.waitUntil(dialog.computer_radio.isChecked)
    qtbot.keyClick(dialog, Qt.Key_F, Qt.AltModifier)
    qtbot.waitUntil(dialog.human_radio.isChecked)
    ticked = dialog.replay_check.isChecked()
    qtbot.keyClick(dialog, Qt.Key_P, Qt.AltModifier)
    qtbot.waitUntil(lambda: dialog.replay_check.isChecked() is not ticked)
    dialog.reject()


def test_the_new_game_window_opens_on_the_board_size_chosen(make_window, qtbot):
    from PySide6.QtWidgets import QApplication

    window = make_window()
    window.last_choices = NewGameChoices(preset="tablet-120")
    window.new_action.trigger()
    dialog = window.new_game_dialog
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.preset_buttons["tablet-120"])
    dialog.reject()


def test_a_long_strategy_name_does_not_stretch_the_new_game_window(make_window, qtbot):
    long_named = FirstStrokeStrategy()
    long_named.id = "long"
    long_named.name = "A strategy whose author really wanted to explain everything in its name"
    window = make_window(FakeRegistry(FirstStrokeStrategy(), long_named))
    window.new_action.trigger()
    dialog = window.new_game_dialog
    combo = dialog.strategy_combo
    assert combo.itemText(1).startswith("A strategy whose author")
    combo.setCurrentIndex(1)
    assert dialog.sizeHint().width() < 640  # as wide as with the built-in names
    dialog.reject()


def test_play_again_after_a_triangle(make_window, qtbot):
    window = make_window()
    window.start_new_game(
        NewGameChoices(preset="phone-24", opponent="human", replay_after_triangle=True), seed=4
    )
    session = window.session
    while True:
        move_player = session.position.player
        session.request_stroke(*first_legal(session.position))
        last = session.position.moves[-1]
        if last.triangles:
            break
    assert session.position.player == move_player
    assert "plays again" in window.score_panel.turn_label.text()


@pytest.mark.parametrize("theme_id", ["daylight", "high-contrast"])
def test_switching_theme_recolours_at_once(make_window, qtbot, theme_id):
    from triangles_qt.app.colors import qcolor
    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    window.start_new_game(FRIENDS, seed=2)
    session = window.session
    session.request_stroke(*first_legal(session.position))
    theme = window.themes[theme_id]
    window.theme_actions[theme_id].trigger()
    key = next(iter(window.scene.strokes))
    assert window.scene.stroke_color(key) == qcolor(theme.player_strokes[0])
    assert window.scene.last_stroke_item.color == qcolor(theme.player_strokes[0])
    assert window.settings.theme_id == theme_id
    image = window.view.grab().toImage()
    assert image.pixelColor(2, 2) != qcolor("#000000") or theme.background_top == "#000000"


def test_contrast_ratio_follows_wcag_and_readable_colours_are_left_alone():
    from PySide6.QtGui import QColor

    from triangles_qt.app.colors import contrast_ratio, readable_on

    assert contrast_ratio(QColor("white"), QColor("black")) == pytest.approx(21)
    assert contrast_ratio(QColor("#777777"), QColor("white")) == pytest.approx(4.48, abs=0.01)
    assert readable_on(QColor("#e69f00"), QColor("black")) == QColor("#e69f00")
    darker = readable_on(QColor("#e8590c"), QColor("#fbf8f0"))
    assert contrast_ratio(darker, QColor("#fbf8f0")) >= 4.5 and darker.lightness() < 110


@pytest.mark.parametrize("theme_id", ["nebula", "daylight", "high-contrast"])
def test_names_and_the_turn_line_are_readable_in_every_theme(make_window, qtbot, theme_id):
    from triangles_qt.app.colors import blend, contrast_ratio, qcolor
    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    window.theme_actions[theme_id].trigger()
    window.start_new_game(FRIENDS, seed=2)
    panel = window.score_panel
    wanted = window.themes[theme_id].text_contrast  # 7:1 on High contrast (AAA), else 4.5:1
    assert wanted == (7 if theme_id == "high-contrast" else 4.5)
    for _ in range(2):  # each player to move once
        assert contrast_ratio(panel.turn_color, panel.panel_color) >= wanted
        assert contrast_ratio(panel.text_color, panel.panel_color) >= wanted
        for card in panel.cards:
            assert contrast_ratio(card.name_color, card.background_color) >= wanted
            assert contrast_ratio(card.count_color, card.background_color) >= wanted
        window.session.request_stroke(*first_legal(window.session.position))
    status = window.status_bar
    top = qcolor(window.themes[theme_id].background_top)
    label = blend(top, status.label_color, status.label_color.alphaF())  # as painted
    assert contrast_ratio(label, top) >= wanted


@pytest.mark.parametrize("theme_id", ["nebula", "daylight", "high-contrast"])
def test_every_text_colour_of_the_widget_palette_keeps_the_themes_promise(qapp, theme_id):
    from triangles_qt.app.appearance import palette_pairs, theme_palette
    from triangles_qt.app.colors import contrast_ratio
    from triangles_qt.plugin_manager import load_plugins
    from triangles_qt.themes import load_themes

    theme = load_themes(load_plugins()).themes[theme_id]
    pairs = palette_pairs(theme_palette(theme))
    assert len(pairs) == 8
    for name, text, background in pairs:
        ratio = contrast_ratio(text, background)
        # High contrast's buttons had 4.5:1, its placeholders 3.0:1; Nebula's selected text 3.3:1
        assert ratio >= theme.text_contrast, (name, round(ratio, 2), text.name(), background.name())


@pytest.mark.parametrize("theme_id", ["nebula", "daylight", "high-contrast"])
@pytest.mark.parametrize("default", [False, True])
def test_a_button_as_painted_keeps_its_text_readable(make_window, qtbot, theme_id, default):
    """Fusion paints a button's face lighter than the palette's Button, as a gradient, and a
    default button tinted with the accent: the face as painted is what text is read on (High
    contrast's default button was 4.6:1, Nebula's buttons 4.1:1)."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QPushButton

    from triangles_qt.app.colors import contrast_ratio
    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    window.theme_actions[theme_id].trigger()
    button = QPushButton("          ")
    qtbot.addWidget(button)
    button.setDefault(default)
    button.resize(120, 32)
    text = button.palette().color(QPalette.ButtonText)
    image = button.grab().toImage()
    x = image.width() // 2
    face = [image.pixelColor(x, y) for y in range(4, image.height() - 4)]
    worst = min(contrast_ratio(text, colour) for colour in face)
    assert worst >= window.themes[theme_id].text_contrast - 0.05, [c.name() for c in face]


def edge_contrast(image, background):
    """The best WCAG contrast of any pixel of `image` against `background`."""
    from triangles_qt.app.colors import contrast_ratio

    return max(
        contrast_ratio(image.pixelColor(x, y), background)
        for x in range(image.width())
        for y in range(image.height())
    )


@pytest.mark.parametrize("theme_id", ["nebula", "daylight", "high-contrast"])
def test_unchecked_radio_buttons_check_boxes_and_frames_show_in_every_theme(
    make_window, qapp, theme_id
):
    from PySide6.QtWidgets import QDialogButtonBox, QGroupBox, QStyle, QStyleOptionButton

    from triangles_qt.app.frame_style import EDGE_CONTRAST
    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    window.theme_actions[theme_id].trigger()
    window.new_action.trigger()
    dialog = window.new_game_dialog
    dialog.human_radio.setChecked(True)
    dialog.replay_check.setChecked(False)
    background = dialog.palette().window().color()
    for button, element in (
        (dialog.computer_radio, QStyle.SE_RadioButtonIndicator),
        (dialog.replay_check, QStyle.SE_CheckBoxIndicator),
    ):
        option = QStyleOptionButton()
        option.initFrom(button)
        rect = button.style().subElementRect(element, option, button)
        # WCAG's 3:1 for the edge of a control; plain Fusion gave 1.2:1 on High contrast
        assert edge_contrast(button.grab(rect).toImage(), background) >= EDGE_CONTRAST - 0.05
    cancel = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    side = cancel.grab().toImage().copy(0, cancel.height() // 2 - 3, 3, 6)  # its left edge
    # a button's edge: High contrast's face alone stood 1.8:1 from the window
    assert edge_contrast(side, background) >= EDGE_CONTRAST - 0.05
    box = dialog.findChildren(QGroupBox)[0]
    corner = box.grab().toImage().copy(0, box.height() - 6, 6, 6)  # no text down there
    assert edge_contrast(corner, background) >= EDGE_CONTRAST - 0.05, box.title()
    dialog.reject()


@pytest.mark.parametrize("theme_id", ["nebula", "daylight", "high-contrast"])
def test_focus_and_selection_stand_out_in_every_theme(qapp, theme_id):
    from PySide6.QtGui import QPalette

    from triangles_qt.app.appearance import theme_palette
    from triangles_qt.app.colors import contrast_ratio
    from triangles_qt.plugin_manager import load_plugins
    from triangles_qt.themes import load_themes

    palette = theme_palette(load_themes(load_plugins()).themes[theme_id])
    window, accent = palette.color(QPalette.Window), palette.color(QPalette.Highlight)
    # Fusion draws the focus frame in a darker shade of the accent: WCAG's 3:1 for it
    # (High contrast had 1.8:1, a dim blue on dark grey).
    assert contrast_ratio(accent.darker(125), window) >= 3
    assert contrast_ratio(palette.color(QPalette.HighlightedText), accent) >= 3


def test_the_app_style_is_fusion_with_visible_frames_unless_qt_is_told_otherwise(qapp):
    from PySide6.QtWidgets import QStyleFactory

    from triangles_qt.app.application import use_app_style
    from triangles_qt.app.frame_style import FrameStyle

    try:
        qapp.setStyle(QStyleFactory.create("Windows"))
        use_app_style(qapp, ["triangles-qt", "-style", "windows"])
        assert not isinstance(qapp.style(), FrameStyle)
        use_app_style(qapp, ["triangles-qt"])
        assert isinstance(qapp.style(), FrameStyle) and qapp.style().baseStyle().name() == "fusion"
    finally:
        use_app_style(qapp, [])


@pytest.mark.parametrize("state", ["focused", "disabled"])
def test_focused_and_disabled_controls_keep_fusions_own_edges(qapp, state):
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QStyle, QStyleFactory, QStyleOption

    from triangles_qt.app.frame_style import FrameStyle

    def drawn(style, element, flags):
        option = QStyleOption()
        option.rect = option.rect.__class__(0, 0, 40, 20)
        option.palette = qapp.palette()
        option.state = flags
        image = QImage(40, 20, QImage.Format_ARGB32)
        image.fill(0)
        painter = QPainter(image)
        style.drawPrimitive(element, option, painter, None)
        painter.end()
        return image

    flags = (
        QStyle.State_Enabled | QStyle.State_HasFocus if state == "focused" else QStyle.State_None
    )
    fusion, ours = QStyleFactory.create("Fusion"), FrameStyle()
    for element in (QStyle.PE_FrameLineEdit, QStyle.PE_IndicatorCheckBox):
        assert drawn(ours, element, flags) == drawn(fusion, element, flags)
    # and an ordinary enabled control does get the clearer edge
    assert drawn(ours, QStyle.PE_FrameLineEdit, QStyle.State_Enabled) != drawn(
        fusion, QStyle.PE_FrameLineEdit, QStyle.State_Enabled
    )


@pytest.mark.parametrize("theme_id", ["nebula", "daylight", "high-contrast"])
def test_a_scroll_bar_handle_stands_out_from_its_groove_in_every_theme(
    make_window, qapp, qtbot, theme_id
):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollBar

    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    window.theme_actions[theme_id].trigger()
    bar = QScrollBar(Qt.Vertical)
    qtbot.addWidget(bar)
    bar.setRange(0, 100)
    bar.setPageStep(20)
    bar.resize(16, 300)
    image = bar.grab().toImage()
    handle, groove = image.pixelColor(8, 40), image.pixelColor(8, 200)  # the value is 0
    # On a dark sky the handle is the lighter part, as in every dark desktop theme.
    dark = qapp.palette().window().color().lightness() < 128
    assert abs(handle.lightness() - groove.lightness()) >= 8
    assert handle.lightness() > groove.lightness() or not dark


def test_a_hint_still_thinking_does_not_block_hints_after_the_next_stroke(make_window, qtbot):
    strategy = BlockingStrategy("slow")
    window = make_window(FakeRegistry(strategy))
    window.session.budget_s = 10
    window.start_new_game(FRIENDS, seed=9)
    session = window.session
    window.hint_action.trigger()
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    assert not session.can_hint  # one hint at a time
    session.request_stroke(*first_legal(session.position))
    assert session.can_hint  # the next player may ask at once
    strategy.release.set()  # the hint for the old position arrives and is dropped
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)
    assert not window.scene.hint_visible and session.can_hint
    with qtbot.waitSignal(session.hint_ready, timeout=5000) as hint:
        window.hint_action.trigger()
    assert session.position.check(*hint.args) is None


def test_a_narrow_card_keeps_the_computers_level_and_shortens_the_rest(make_window, qtbot):
    window = make_window(size=(480, 800))
    window.start_new_game(
        NewGameChoices(
            preset="phone-24", opponent="computer", strategy_id="first", player_names=("Ana", "")
        )
    )
    label = window.score_panel.cards[1].name_label
    name = window.score_panel.cards[1].name_text
    assert name.endswith(")")
    level = name[name.rindex(" (") :]
    label.setText("Computer player of the house" + level)  # longer than the card in any case
    shown = label.displayed_text()
    assert shown.endswith("…" + level) and shown.startswith("Comp")
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert label.toolTip() == "Computer player of the house" + level


def test_the_turn_line_stays_on_one_line_while_the_panel_has_room(make_window, qtbot):
    window = make_window(size=(960, 760))
    window.start_new_game(FRIENDS, seed=4)
    panel = window.score_panel
    panel.set_turn(0, "Triangle! Ana plays again", False)
    label = panel.turn_label
    one_line = label.fontMetrics().horizontalAdvance(label.text())
    qtbot.waitUntil(lambda: label.width() >= one_line)  # it used to break after "plays"
    window.resize(420, 760)  # no room: it wraps rather than squeezing the cards
    qtbot.waitUntil(lambda: label.width() < one_line)


def test_names_typed_for_two_people_are_not_shown_against_the_computer(make_window):
    window = make_window()
    window.start_new_game(dataclasses.replace(FRIENDS, player_names=("Ana", "Boris")), seed=3)
    assert window.score_panel.cards[0].name_text == "Ana"
    window.start_new_game(dataclasses.replace(FRIENDS, opponent="computer", strategy_id="first"))
    assert window.score_panel.cards[0].name_text == "You"  # as "Your turn" says


def test_the_end_of_a_game_tells_how_it_went_and_offers_a_new_game(make_window, qtbot):
    from triangles_qt.app.game_over import story_of

    window = finished_game(make_window(), qtbot)
    dialog = window.game_over_dialog
    moves = window.session.position.moves
    story = story_of(moves)
    assert dialog.chart.scores == story.scores and len(story.scores) == len(moves) + 1
    assert story.scores[-1] == tuple(window.session.position.scores)
    steps = zip(story.scores, story.scores[1:], strict=False)
    assert all(a <= c and b <= d for (a, b), (c, d) in steps)
    player, count = story.biggest_turn
    triangles = "triangle" if count == 1 else "triangles"
    if player is None:
        said = f"Biggest turn: {count} {triangles}, by both players"
    else:
        said = f"Biggest turn: {window.session.seats[player].name} closed {count} {triangles}"
    assert dialog.story_label.text() == said
    assert dialog.new_game_button.text() == "New game…" and dialog.chart.isVisible()
    qtbot.mouseClick(dialog.new_game_button, Qt.MouseButton.LeftButton)
    assert window.new_game_dialog is not None and window.new_game_dialog.isVisible()
    window.new_game_dialog.reject()


def test_the_story_of_a_game_counts_turns_as_runs_of_one_players_strokes():
    from triangles_qt.app.game_over import story_of
    from triangles_qt.core.game import Move

    t = (0, 1, 2)
    moves = [
        Move(0, (0, 1), ()),
        Move(1, (1, 2), (t,)),
        Move(1, (2, 3), (t, t)),
        Move(0, (0, 3), ()),
    ]
    story = story_of(moves)
    assert story.scores == [(0, 0), (0, 0), (0, 1), (0, 3), (0, 3)]
    assert story.biggest_turn == (1, 3) and story.longest_turn == (1, 2)
    assert story_of([Move(0, (0, 1), ())]).biggest_turn is None  # nothing closed: nothing told
    tie = [Move(0, (0, 1), (t,)), Move(1, (1, 2), ()), Move(0, (2, 3), ()), Move(1, (0, 3), (t,))]
    assert story_of(tie).biggest_turn == (None, 1)  # not the earlier one's


def test_the_new_game_window_says_how_each_level_plays(qtbot):
    from triangles_qt.app.new_game_dialog import NewGameDialog
    from triangles_qt.plugin_manager import load_builtin_plugins

    dialog = NewGameDialog(load_builtin_plugins())
    qtbot.addWidget(dialog)
    dialog.show()
    seen = {}
    for index in range(dialog.strategy_combo.count()):
        dialog.strategy_combo.setCurrentIndex(index)
        seen[dialog.strategy_combo.currentData()] = dialog.level_description.text()
    assert set(seen) == {"easy", "medium", "hard"}
    assert len(set(seen.values())) == 3 and all(seen.values())
    assert "last stroke" in seen["hard"] and not dialog.level_description.isHidden()


def test_a_game_abandoned_against_the_computer_counts_as_lost_and_the_question_says_so(
    make_window, qtbot
):
    from triangles_qt.app.history_dialog import HistoryDialog
    from triangles_qt.app.statistics_dialog import StatisticsDialog
    from triangles_qt.statistics import Counts

    window = make_window()  # FakeRegistry: the computer "first"
    session = window.session
    store = session.statistics_store()
    window.start_new_game(VS_COMPUTER, seed=5)
    window._confirm_new_game(VS_COMPUTER)  # nothing played: nothing to lose, no question
    assert not window.asked and store.per_strategy() == {}
    session.request_stroke(*first_legal(session.position))
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    window.answers = [False]
    window._confirm_new_game(VS_COMPUTER)  # "Keep playing"
    assert window.asked[-1] == (
        "Abandon the game in progress and start a new one?\n\n"
        "Against the computer, a game abandoned counts as lost."
    )
    assert len(session.position.moves) == 2 and store.per_strategy() == {}
    window._confirm_new_game(VS_COMPUTER)  # "Abandon and start" (the default answer here)
    assert session.position.moves == ()
    assert store.per_strategy() == {"first": Counts(1, 0, 1, 0, 1)}
    (entry,) = store.history()
    assert entry.outcome == "abandoned" and entry.scores == (0, 0)
    history = HistoryDialog(store, window.theme, window)
    qtbot.addWidget(history)
    assert history.table.item(0, history.table.columnCount() - 1).text() == "Abandoned"
    statistics = StatisticsDialog(store, window, strategy_names={"first": "First"})
    qtbot.addWidget(statistics)
    assert statistics.table.item(0, 4).text() == "1 (1 abandoned)"
    window.start_new_game(FRIENDS, seed=5)  # two people: nothing is counted, nothing said
    session.request_stroke(*first_legal(session.position))
    window._confirm_new_game(FRIENDS)
    assert window.asked[-1] == "Abandon the game in progress and start a new one?"
    assert store.per_strategy() == {"first": Counts(1, 0, 1, 0, 1)}
