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
