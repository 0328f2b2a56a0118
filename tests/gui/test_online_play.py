"""Game > Play online… in two windows of this process: one hosts through the dialog, the other
joins by the address it shows; both play the game to its end at their own tables, an undo is
asked of the friend, and Play again asks for a rematch."""

import socket

from app_helpers import click_star

from triangles_qt.app.new_game_dialog import NewGameChoices
from triangles_qt.app.table_talk import seat_note, waiting_text
from triangles_qt.core.players import PlayerKind
from triangles_qt.core.record import read_record
from triangles_qt.net.match import Listen, State
from triangles_qt.net.protocol import Limits
from triangles_qt.net.remote_seat import RemoteSeat

WAIT = 15_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def remote(window):
    return next(seat for seat in window.session.seats if isinstance(seat, RemoteSeat))


def connect(make_window, qtbot):
    ana, ben = make_window(), make_window()
    host = ana.online.show_dialog()
    host.name_edit.setText("Ana")
    host.preset_combo.setCurrentIndex(host.preset_combo.findData("phone-24"))
    host.listen_combo.setCurrentIndex(host.listen_combo.findData(Listen.LOOPBACK))
    host.port_spin.setValue(free_port())
    host.host_button.click()
    address = f"127.0.0.1:{host.port}"
    assert address in host.status.text() and not host.tabs.isEnabled()
    join = ben.online.show_dialog()
    join.name_edit.setText("Ben")
    join.tabs.setCurrentIndex(1)
    join.address_edit.setText(address)
    join.join_button.click()
    qtbot.waitUntil(
        lambda: all(
            any(isinstance(seat, RemoteSeat) for seat in w.session.seats) for w in (ana, ben)
        ),
        timeout=WAIT,
    )
    assert ana.online.dialog is None and ben.online.dialog is None  # closed once playing
    assert ana.asked == ["Ben wants to join your game."]  # the host let Ben in
    ana.asked.clear()
    return ana, ben


def play_to_the_end(windows, qtbot):
    over = []
    for window in windows:
        window.session.game_over.connect(over.append)
    while len(over) < 2:
        mover = next((w for w in windows if w.session.local_to_move), None)
        if mover is None:
            before = [len(w.session.position.strokes) for w in windows]
            qtbot.waitUntil(
                lambda before=before: (
                    len(over) == 2
                    or any(w.session.local_to_move for w in windows)
                    or [len(w.session.position.strokes) for w in windows] != before
                ),
                timeout=WAIT,
            )
            continue
        i, j = (int(v) for v in mover.session.position.legal_strokes()[0])
        mover.session.request_stroke(i, j)


def test_two_windows_play_online_and_keep_the_same_game(make_window, qtbot, tmp_path):
    ana, ben = connect(make_window, qtbot)
    assert remote(ana).name == "Ben" and remote(ben).name == "Ana"
    assert seat_note(remote(ana)) == "Plays from another computer."
    # Each score card tells who plays from elsewhere, and how their connection is.
    peer = ana.online.match.peer_seat
    assert ana.score_panel.cards[peer].count_text == "0 triangles · online"
    assert ana.score_panel.cards[1 - peer].count_text == "0 triangles"
    # The first stroke is drawn with the mouse, on the board of whoever starts.
    mover = ana if ana.session.local_to_move else ben
    i, j = (int(v) for v in mover.session.position.legal_strokes()[0])
    click_star(qtbot, mover.view, i)
    click_star(qtbot, mover.view, j)
    other = ben if mover is ana else ana
    qtbot.waitUntil(lambda: len(other.session.position.strokes) == 1, timeout=WAIT)
    # Either side can save the game at any time; it reads back as the game so far.
    saved = tmp_path / "online.triangles"
    assert other.files.save_to(saved)
    assert list(read_record(saved).game.strokes) == list(other.session.position.strokes)
    assert other.scene.last_stroke_item.reach < 1 or other.scene.reduced_motion  # drawn in
    play_to_the_end((ana, ben), qtbot)
    assert ana.session.position.strokes == ben.session.position.strokes
    assert {ana.game_over_dialog.title_text, ben.game_over_dialog.title_text} <= {
        "You won!",
        "You lost!",
        "Draw!",
    }
    records = [w.session.statistics_store() for w in (ana, ben)]
    assert records[0].record_of(records[0].history()[0].id) == records[1].record_of(
        records[1].history()[0].id
    )


def test_an_online_undo_is_asked_of_the_friend(make_window, qtbot):
    ana, ben = connect(make_window, qtbot)
    ben.answers = [False, True]  # declines the first request, agrees to the second
    for _ in range(2):
        mover = next(w for w in (ana, ben) if w.session.local_to_move)
        i, j = (int(v) for v in mover.session.position.legal_strokes()[0])
        mover.session.request_stroke(i, j)
        qtbot.waitUntil(
            lambda: len(ana.session.position.strokes) == len(ben.session.position.strokes),
            timeout=WAIT,
        )
    asker = next(w for w in (ana, ben) if not w.session.local_to_move)  # drew the last stroke
    friend = ben if asker is ana else ana
    friend.answers = [False, True]
    asker.undo_action.trigger()
    qtbot.waitUntil(lambda: len(friend.asked) == 1, timeout=WAIT)
    qtbot.wait(200)
    assert len(asker.session.position.strokes) == 2  # declined: nothing taken back
    asker.undo_action.trigger()
    qtbot.waitUntil(lambda: len(asker.session.position.strokes) == 1, timeout=WAIT)
    qtbot.waitUntil(lambda: len(friend.session.position.strokes) == 1, timeout=WAIT)
    assert asker.session.local_to_move


def test_play_again_after_an_online_game_asks_the_friend_for_a_rematch(make_window, qtbot):
    ana, ben = connect(make_window, qtbot)
    play_to_the_end((ana, ben), qtbot)
    first = ana.session.position.board
    ben.answers = [True]
    ana.game_over_dialog.play_again_button.click()
    qtbot.waitUntil(lambda: ana.session.position.board is not first, timeout=WAIT)
    qtbot.waitUntil(lambda: len(ben.asked) == 1 and not ben.session.position.moves, timeout=WAIT)
    assert ana.online.match.state == State.PLAYING
    assert ana.session.position.board.stars.tolist() == ben.session.position.board.stars.tolist()


def test_a_new_game_at_the_table_leaves_the_online_one(make_window, qtbot):
    ana, ben = connect(make_window, qtbot)
    ana.start_new_game(NewGameChoices(preset="phone-24", opponent="human"), seed=3)
    qtbot.waitUntil(lambda: remote(ben).match.state == State.CLOSED, timeout=WAIT)
    assert "left" in waiting_text(remote(ben))
    qtbot.waitUntil(
        lambda: ben.score_panel.cards[ben.online.match.peer_seat].count_text.endswith("· left"),
        timeout=WAIT,
    )


def test_friends_can_send_each_other_a_line(make_window, qtbot):
    ana, ben = connect(make_window, qtbot)
    assert ana.online.chat_action.isVisible() and ana.online.chat_action in ana.game_menu.actions()
    ana.online.send_chat("good luck\x07 Ben " + "!" * 300)  # a bell and far too long
    qtbot.waitUntil(
        lambda: ben.status_bar.currentMessage().startswith("Ana: good luck"), timeout=WAIT
    )
    received = ben.status_bar.currentMessage()
    assert "\x07" not in received and len(received) <= len("Ana: ") + 200
    assert ana.status_bar.currentMessage().startswith("You: good luck")
    ana.start_new_game(NewGameChoices(preset="phone-24", opponent="human"), seed=3)
    assert not ana.online.chat_action.isVisible()  # no friend to write to any more


def test_a_stroke_drawn_while_an_undo_is_asked_reaches_the_friend_once_answered(make_window, qtbot):
    ana, ben = connect(make_window, qtbot)
    for _ in range(2):
        mover = next(w for w in (ana, ben) if w.session.local_to_move)
        i, j = (int(v) for v in mover.session.position.legal_strokes()[0])
        mover.session.request_stroke(i, j)
        qtbot.waitUntil(
            lambda: (
                len(ana.session.position.strokes) == len(ben.session.position.strokes) == 2
                or any(w.session.local_to_move for w in (ana, ben))
            ),
            timeout=WAIT,
        )
    qtbot.waitUntil(lambda: len(ben.session.position.strokes) == 2, timeout=WAIT)
    asker = next(w for w in (ana, ben) if w.session.local_to_move)  # asks on their own turn
    friend = ben if asker is ana else ana
    friend.answers = [False]
    asker.undo_action.trigger()
    assert not asker.session.undo()  # asked already: a second request is not sent
    i, j = (int(v) for v in asker.session.position.legal_strokes()[0])
    asker.session.request_stroke(i, j)  # drawn before the friend answers
    qtbot.waitUntil(lambda: len(friend.session.position.strokes) == 3, timeout=WAIT)
    assert friend.session.position.strokes == asker.session.position.strokes
    assert friend.session.local_to_move


def test_a_declined_rematch_is_told_and_a_vanished_one_is_not_answered(make_window, qtbot):
    ana, ben = connect(make_window, qtbot)
    play_to_the_end((ana, ben), qtbot)
    ben.answers = [False]
    ana.game_over_dialog.play_again_button.click()
    qtbot.waitUntil(
        lambda: ana.status_bar.currentMessage() == "Your friend would rather not play again.",
        timeout=WAIT,
    )
    assert ana.session.undo() is False  # the game is over: Undo asks nothing and raises nothing

    # Ben asks; Ana's answer comes only after Ben has gone: nothing is started, nothing breaks.
    def ben_leaves_then_ana_agrees(title, question, verbs=None):
        ben.online.match.leave()
        qtbot.waitUntil(lambda: ana.online.match.state == State.CLOSED, timeout=WAIT)
        return True

    ana.ask = ben_leaves_then_ana_agrees
    ben.online.offer_rematch()
    qtbot.waitUntil(lambda: ana.online.match.state == State.CLOSED, timeout=WAIT)
    qtbot.wait(200)
    assert ana.session.position.is_over  # still the finished game


def test_a_local_game_started_while_hosting_withdraws_the_offer(make_window, qtbot):
    ana = make_window()
    host = ana.online.show_dialog()
    host.listen_combo.setCurrentIndex(host.listen_combo.findData(Listen.LOOPBACK))
    host.port_spin.setValue(free_port())
    host.host_button.click()
    assert ana.online.match.state == State.LISTENING
    ana.start_new_game(NewGameChoices(preset="phone-24", opponent="human"), seed=3)
    assert ana.online.match is None and ana.online.dialog is None  # nobody can join it now


def test_a_line_for_a_friend_who_left_is_not_sent_silently(make_window, qtbot):
    ana, ben = connect(make_window, qtbot)
    ben.online.match.leave()
    qtbot.waitUntil(lambda: ana.online.match.state == State.CLOSED, timeout=WAIT)
    ana.online.send_chat("still there?")
    assert ana.status_bar.currentMessage() == (
        "Your friend is not connected: the message was not sent."
    )


def test_hosting_or_joining_asks_before_leaving_a_game_in_progress(make_window, qtbot):
    window = make_window()
    window.start_new_game(NewGameChoices(preset="phone-24", opponent=PlayerKind.HUMAN), seed=3)
    window.session.request_stroke(*map(int, window.session.position.legal_strokes()[0]))
    dialog = window.online.show_dialog()
    dialog.listen_combo.setCurrentIndex(dialog.listen_combo.findData(Listen.LOOPBACK))
    dialog.port_spin.setValue(free_port())
    window.answers = [False, False]
    dialog.host_button.click()
    assert window.asked[-1] == "Abandon the game in progress to play online?"
    assert window.online.match is None and len(window.session.position.moves) == 1  # kept
    dialog.tabs.setCurrentIndex(1)
    dialog.address_edit.setText(f"127.0.0.1:{free_port()}")
    dialog.join_button.click()
    assert len(window.asked) == 2 and window.online.match is None
    window.answers = [True]
    dialog.tabs.setCurrentIndex(0)
    dialog.host_button.click()
    assert window.online.match is not None  # hosting: the game here is left


def test_play_again_after_the_friend_left_offers_online_play_not_a_local_game(make_window, qtbot):
    """It used to start an unrelated local game (the last local choices) in silence."""
    ana, ben = connect(make_window, qtbot)
    play_to_the_end((ana, ben), qtbot)
    board = ana.session.position.board
    told = []
    ana.online.notice.connect(lambda notice: told.append(notice.text()))
    ben.close()
    qtbot.waitUntil(
        lambda: ana.online.match is None or ana.online.match.state != State.OVER, timeout=WAIT
    )
    ana.game_over_dialog.play_again_button.click()
    assert ana.session.position.board is board  # no other game started
    assert ana.online.dialog is not None and ana.online.dialog.isVisible()
    assert any("Your friend has left" in text for text in told)


def test_a_joiner_told_the_game_is_busy_says_it_tries_again_and_gets_in(make_window, qtbot):
    """Strangers from the joiner's own address hold the host's places and have spoken: the
    host answers `busy`; the joining window says it tries again, and joins once they leave."""
    ana, ben = make_window(), make_window()
    host = ana.online.show_dialog()
    host.listen_combo.setCurrentIndex(host.listen_combo.findData(Listen.LOOPBACK))
    host.port_spin.setValue(free_port())
    host.host_button.click()
    hosting = ana.online.match
    strangers = []
    for k in range(2 * hosting.max_per_address):  # two greeted, two waiting
        stranger = socket.create_connection(("127.0.0.1", host.port), timeout=5)
        stranger.sendall(f"triangles-net 2\nid name Stranger{k}\n".encode())
        strangers.append(stranger)
        qtbot.waitUntil(  # one at a time: one who spoke early would take a silent one's place
            lambda: (
                len(hosting._candidates) == len(strangers)
                and not any(c.silent for c in hosting._candidates.values())
            ),
            timeout=WAIT,
        )
    join = ben.online.show_dialog()
    join.tabs.setCurrentIndex(1)
    join.address_edit.setText(f"127.0.0.1:{host.port}")
    join.join_button.click()
    qtbot.waitUntil(lambda: "is busy" in join.status.text(), timeout=WAIT)
    assert join.status.text().startswith(f"The game at 127.0.0.1:{host.port} is busy.")
    assert "Trying again in " in join.status.text()
    for stranger in strangers:
        stranger.close()
    qtbot.waitUntil(
        lambda: any(isinstance(seat, RemoteSeat) for seat in ben.session.seats), timeout=WAIT
    )


def test_the_game_is_announced_on_this_network_only_if_the_player_wants(
    make_window, qtbot, monkeypatch
):
    from triangles_qt.app import online_play
    from triangles_qt.net import match as match_module

    made = []

    class FakeAdvertiser:
        def __init__(self, name, address, port, *args, interfaces=None, parent=None):
            made.append((address, port, interfaces))

        def start(self):
            pass

        def stop(self):
            pass

    monkeypatch.setattr(online_play, "Advertiser", FakeAdvertiser)
    monkeypatch.setattr(match_module, "lan_address", lambda: "127.0.0.1")  # "this network"
    window = make_window()
    dialog = window.online.show_dialog()
    assert dialog.announce_check.isChecked() and dialog.announce_check.isEnabled()
    assert dialog.announce_check.text() == "Announce on &this network"
    dialog.listen_combo.setCurrentIndex(dialog.listen_combo.findData(Listen.LOOPBACK))
    assert not dialog.announce_check.isEnabled() and not dialog.announce
    dialog.listen_combo.setCurrentIndex(dialog.listen_combo.findData(Listen.LAN))
    dialog.port_spin.setValue(free_port())
    dialog.host_button.click()
    assert made == [("127.0.0.1", dialog.port, ["127.0.0.1"])]
    assert "also find the game in their list" in dialog.status.text()
    dialog.reject()  # Cancel: nobody can join it any more
    dialog = window.online.show_dialog()
    dialog.announce_check.setChecked(False)
    dialog.port_spin.setValue(free_port())
    dialog.host_button.click()
    assert len(made) == 1  # not announced
    assert dialog.status.text() == (
        f"Waiting for your friend. Give them this address: 127.0.0.1:{dialog.port}."
    )


def host_and_join(make_window):
    ana, ben = make_window(), make_window()
    host = ana.online.show_dialog()
    host.name_edit.setText("Ana")
    host.listen_combo.setCurrentIndex(host.listen_combo.findData(Listen.LOOPBACK))
    host.port_spin.setValue(free_port())
    host.host_button.click()
    join = ben.online.show_dialog()
    join.name_edit.setText("Ben")
    join.tabs.setCurrentIndex(1)
    join.address_edit.setText(f"127.0.0.1:{host.port}")
    return ana, ben, join


def test_the_host_is_asked_and_a_declined_joiner_is_told(make_window, qtbot):
    ana, ben, join = host_and_join(make_window)
    asked = []

    def ask(title, question, verbs=None):  # Ana reads the question while Ben waits
        asked.append((question, verbs))
        qtbot.waitUntil(lambda: "Waiting for Ana" in join.status.text(), timeout=WAIT)
        return False

    ana.ask = ask
    join.join_button.click()
    qtbot.waitUntil(lambda: "declined" in join.status.text(), timeout=WAIT)
    assert asked == [("Ben wants to join your game.", ("&Accept", "&Decline"))]
    assert join.status.text() == "Ana declined: you cannot join this game."
    assert join.tabs.isEnabled()  # Ben may try another game
    assert ana.online.match.state == State.LISTENING  # Ana waits on for her friend
    assert not any(isinstance(seat, RemoteSeat) for seat in ana.session.seats)


def test_a_rejoin_is_not_asked_again(make_window, qtbot):
    ana, ben = connect(make_window, qtbot)
    resumed = []
    ana.online.match.resumed.connect(resumed.append)
    ben.online.match._connection.socket.abort()  # the network fails under Ben
    qtbot.waitUntil(lambda: bool(resumed), timeout=WAIT)
    assert ana.asked == []


def history_records(window):
    store = window.session.statistics_store()
    return [read_record_text(store.record_of(entry.id)) for entry in store.history()]


def read_record_text(text):
    from triangles_qt.core.record import parse_record

    return parse_record(text)


def play_strokes(windows, qtbot, count):
    for _ in range(count):
        mover = next(w for w in windows if w.session.local_to_move)
        i, j = (int(v) for v in mover.session.position.legal_strokes()[0])
        mover.session.request_stroke(i, j)
        qtbot.waitUntil(
            lambda: (
                len({len(w.session.position.strokes) for w in windows}) == 1
                and any(w.session.local_to_move for w in windows)
            ),
            timeout=WAIT,
        )


def test_a_game_left_mid_way_is_kept_in_both_histories_saying_who_left(make_window, qtbot):
    """Issue 47: a match that stops any way leaves a record on every side (rules.md 8.1.1)."""
    ana, ben = connect(make_window, qtbot)
    play_strokes((ana, ben), qtbot, 3)
    ben_seat = ana.online.match.peer_seat
    ben.start_new_game(NewGameChoices(preset="phone-24", opponent="human"), seed=3)
    qtbot.waitUntil(lambda: ana.online.match.state == State.CLOSED, timeout=WAIT)
    # The two windows share one history here: one entry from each side.
    stopped = [r for r in history_records(ana) if r.ended is not None]
    assert len(stopped) == 2
    for loaded in stopped:
        assert loaded.ended.how == "left" and loaded.ended.player == ben_seat
        assert len(loaded.game.moves) == 3 and not loaded.game.is_over
    assert {r.ended.why for r in stopped} == {"left for another game", "Ben left the game"}
    # Listed as Ben's window and Ana's see it.
    history = ana.session.statistics_store().history()
    assert sorted(entry.outcome for entry in history[:2]) == ["left-friend", "left-you"]
    ana.show_history()
    dialog = ana._child_dialogs["history"]
    assert {dialog.table.item(row, 5).text() for row in range(2)} == {"You left", "Friend left"}


def wait_until_kept(qtbot, role, strokes):
    """Until a window keeps its seat of that role with that many strokes."""
    from triangles_qt.app.online_kept import kept_seat_files
    from triangles_qt.net.kept_seat import read_kept_seat

    qtbot.waitUntil(
        lambda: any(
            (k := read_kept_seat(p)) is not None and k.role == role and len(k.game.moves) == strokes
            for p in kept_seat_files()
        ),
        timeout=WAIT,
    )


def kill(window):
    """As if `window`'s process were killed: its connection ends without a word, it does
    nothing more, and its kept seat's lock is let go (a dead process's lock is stale)."""
    match = window.online.match
    match.blockSignals(True)
    match.close()
    window.online.match = None
    window.online._kept_lock.unlock()


def test_an_app_killed_mid_game_offers_to_rejoin_at_its_next_start(make_window, qtbot):
    """Issue 47: the app keeps its seat as the headless joiner does; started again, it asks,
    proves the seat is its own and plays the game to its end with nothing lost."""
    from triangles_qt.app.online_kept import kept_seat_files

    ana, ben = connect(make_window, qtbot)
    play_strokes((ana, ben), qtbot, 4)
    wait_until_kept(qtbot, "join", 4)
    strokes = list(ben.session.position.strokes)
    # Killed: the connection ends without a word and the window does nothing more.
    kill(ben)
    qtbot.waitUntil(lambda: ana.online.match.state == State.RECONNECTING, timeout=WAIT)
    again = make_window()
    again.answers = [True]
    again.files.first_game()  # as the app starts: the game is offered before any other
    # Only the game of the window that was killed is offered: Ana's window plays its own.
    assert again.asked == ["Your online game with Ana was interrupted after 4 strokes. Rejoin it?"]
    qtbot.waitUntil(
        lambda: any(isinstance(seat, RemoteSeat) for seat in again.session.seats), timeout=WAIT
    )
    assert list(again.session.position.strokes) == strokes
    qtbot.waitUntil(lambda: ana.online.match.state == State.PLAYING, timeout=WAIT)
    play_to_the_end((ana, again), qtbot)
    assert ana.session.position.strokes == again.session.position.strokes
    # Settled: nothing is kept to rejoin any more.
    qtbot.waitUntil(
        lambda: not [p for p in kept_seat_files() if p.name.endswith("-join.json")], timeout=WAIT
    )


def test_a_kept_game_that_cannot_be_rejoined_goes_to_the_history(make_window, qtbot):
    from triangles_qt.app.online_kept import kept_seat_path
    from triangles_qt.core.board import Board
    from triangles_qt.core.game import Game
    from triangles_qt.core.players import PlayerInfo
    from triangles_qt.net import protocol
    from triangles_qt.net.kept_seat import KeptSeat, write_kept_seat

    game = Game(Board.generate("phone-24", 4))
    for _ in range(3):
        i, j = game.legal_strokes()[0]
        game.play(int(i), int(j))
    players = (PlayerInfo("Ana", PlayerKind.HUMAN), PlayerInfo("Ben", PlayerKind.HUMAN))
    kept = KeptSeat("join", protocol.new_token(), 1, game, players, ("127.0.0.1", free_port()))
    write_kept_seat(kept_seat_path(kept.tag, "join"), kept)
    window = make_window()
    window.answers = [True]
    window.online.limits = Limits(grace_s=0.5, retry_s=0.1)
    notices = []
    window.online.notice.connect(notices.append)
    assert window.online.offer_rejoin()
    qtbot.waitUntil(lambda: window.online.match.state == State.CLOSED, timeout=WAIT)
    (loaded,) = history_records(window)
    assert loaded.ended.how == "disconnected" and loaded.game.moves == game.moves
    assert any("could not be rejoined" in n.text() for n in notices)
    assert not kept_seat_path(kept.tag, "join").exists()


def test_a_host_app_killed_mid_game_hosts_it_again_at_its_next_start(make_window, qtbot):
    """Issue 47: the host's window keeps every stroke of its game; started again it offers the
    game back, hosts it where it was, and the friend's retries find it."""
    from triangles_qt.app.online_kept import kept_seat_files

    ana, ben = connect(make_window, qtbot)
    play_strokes((ana, ben), qtbot, 5)
    wait_until_kept(qtbot, "host", 5)
    strokes = list(ana.session.position.strokes)
    kill(ana)
    qtbot.waitUntil(lambda: ben.online.match.state == State.RECONNECTING, timeout=WAIT)
    again = make_window()
    again.answers = [True]
    assert again.online.offer_rejoin()
    # At the table at once, waiting for Ben.
    assert list(again.session.position.strokes) == strokes
    assert any(isinstance(seat, RemoteSeat) for seat in again.session.seats)
    qtbot.waitUntil(
        lambda: (
            again.online.match.state == State.PLAYING and ben.online.match.state == State.PLAYING
        ),
        timeout=WAIT,
    )
    play_to_the_end((again, ben), qtbot)
    assert again.session.position.strokes == ben.session.position.strokes
    assert list(again.session.position.strokes[:5]) == strokes
    qtbot.waitUntil(lambda: not kept_seat_files(), timeout=WAIT)


def test_a_damaged_kept_seat_is_set_aside_and_the_start_goes_on(make_window):
    from triangles_qt.app.online_kept import kept_seat_path, kept_seats_folder

    path = kept_seat_path("0badf00d", "join")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not a kept seat")
    window = make_window()
    assert not window.online.offer_rejoin()
    assert window.asked == [] and not path.exists()
    (aside,) = kept_seats_folder().glob("0badf00d-join.json.corrupt-*")
    assert aside.read_text() == "{ not a kept seat"  # nothing of the player's is lost
