"""A friend on another computer as a seat (`RemoteSeat`): two game sessions in one process, each
with its person and the other's remote seat, play over loopback through a `NetMatch` pair. The
strokes drawn on one board reach the other, both keep the same game and the same record in their
history, an undo needs both players, and the score card tells how the connection stands."""

from __future__ import annotations

from app_helpers import FakeRegistry

from triangles_qt.app.table_talk import TableTalk, result_text, seat_badge, seat_note, waiting_text
from triangles_qt.core.board import Board
from triangles_qt.core.players import PlayerKind
from triangles_qt.core.record import record_to_text
from triangles_qt.core.rules import Rules
from triangles_qt.net.match import Listen, NetMatch, State
from triangles_qt.net.protocol import Limits, PeerInfo, Setup
from triangles_qt.net.remote_seat import RemoteSeat
from triangles_qt.statistics import StatisticsStore
from triangles_qt.table.seats import PersonSeat
from triangles_qt.table.session import GameSession

LIMITS = Limits(ping_interval_s=0.2, silence_s=3.0, grace_s=10.0, retry_s=0.1)
WAIT = 10_000


def pair(qtbot, replay=False):
    setup = Setup(Board.generate("phone-24", 12), Rules(replay), 1)
    hosting = NetMatch.host(
        setup, PeerInfo("Ana", "test", PlayerKind.HUMAN), Listen.LOOPBACK, 0, limits=LIMITS
    )
    _, port = hosting.address()
    joining = NetMatch.join(
        "127.0.0.1", port, PeerInfo("Ben", "test", PlayerKind.HUMAN), None, LIMITS
    )
    qtbot.waitUntil(
        lambda: hosting.state == State.PLAYING and joining.state == State.PLAYING, timeout=WAIT
    )
    return hosting, joining


def session_for(match, tmp_path, k):
    session = GameSession(
        FakeRegistry(),
        statistics=StatisticsStore(tmp_path / f"history-{k}.sqlite"),
    )
    session.talk = TableTalk(session, session)  # the app's words for its events
    seats = [None, None]
    name = match.local.name
    seats[match.local_seat] = PersonSeat(lambda: name)
    seats[match.peer_seat] = RemoteSeat(match)
    session.start_with_seats(match.game.copy(), seats)
    return session


def draw_one(sessions):
    """The person to move, on whichever board, draws the first legal stroke."""
    for session in sessions:
        if session.local_to_move:
            i, j = session.position.legal_strokes()[0]
            assert session.request_stroke(int(i), int(j))
            return True
    return False


def remote(session):
    return next(seat for seat in session.seats if isinstance(seat, RemoteSeat))


def test_two_sessions_play_a_whole_game_and_keep_the_same_record(qtbot, tmp_path):
    hosting, joining = pair(qtbot)
    sessions = [session_for(hosting, tmp_path, 0), session_for(joining, tmp_path, 1)]
    assert waiting_text(remote(sessions[0])) is None or "Ben" in waiting_text(remote(sessions[0]))
    assert remote(sessions[0]).recorded.name == "Ben" and not remote(sessions[0]).takes_board_input
    over = []
    for session in sessions:
        session.game_over.connect(over.append)
    while len(over) < 2:
        if not draw_one(sessions):
            moves = [len(s.position.strokes) for s in sessions]
            qtbot.waitUntil(
                lambda moves=moves: (
                    [len(s.position.strokes) for s in sessions] != moves
                    or any(s.local_to_move for s in sessions)
                    or len(over) == 2
                ),
                timeout=WAIT,
            )
    games = [s._game for s in sessions]
    assert games[0].strokes == games[1].strokes == hosting.game.strokes
    texts = [record_to_text(g, s.players) for g, s in zip(games, sessions, strict=True)]
    assert texts[0] == texts[1]
    # Both players' history keeps the finished game with the same record.
    stored = []
    for session in sessions:
        store = session.statistics_store()
        (entry,) = store.history()
        stored.append(store.record_of(entry.id))
    assert stored[0] == stored[1] == texts[0]
    assert result_text(sessions[0]) in ("You won!", "You lost!", "Draw!")


def test_an_undo_needs_both_players(qtbot, tmp_path):
    hosting, joining = pair(qtbot)
    sessions = [session_for(hosting, tmp_path, 0), session_for(joining, tmp_path, 1)]
    for _ in range(3):
        assert draw_one(sessions)
        qtbot.waitUntil(lambda: any(s.local_to_move for s in sessions), timeout=WAIT)
    qtbot.waitUntil(
        lambda: len(sessions[0].position.strokes) == len(sessions[1].position.strokes) == 3,
        timeout=WAIT,
    )
    # Undo asks the friend first: back to before the last stroke drawn on this board.
    offers, answers = [], []
    remote(sessions[1]).undo_offered.connect(offers.append)
    remote(sessions[0]).undo_answered.connect(answers.append)
    assert sessions[0].can_undo and sessions[0].undo()
    qtbot.waitUntil(lambda: offers == [2], timeout=WAIT)
    assert len(sessions[0].position.strokes) == 3  # nothing taken back before they agree
    remote(sessions[1]).answer_undo(False)
    qtbot.waitUntil(lambda: answers == [False], timeout=WAIT)
    assert len(sessions[0].position.strokes) == len(sessions[1].position.strokes) == 3
    assert sessions[0].undo()
    qtbot.waitUntil(lambda: offers == [2, 2], timeout=WAIT)
    remote(sessions[1]).answer_undo(True)
    qtbot.waitUntil(
        lambda: len(sessions[0].position.strokes) == len(sessions[1].position.strokes) == 2,
        timeout=WAIT,
    )
    assert sessions[0]._game.strokes == sessions[1]._game.strokes == hosting.game.strokes
    assert sessions[0].local_to_move and not sessions[1].local_to_move  # the asker moves again


def test_the_score_card_tells_the_connection_state(qtbot, tmp_path):
    hosting, joining = pair(qtbot)
    host_session = session_for(hosting, tmp_path, 0)
    seat = remote(host_session)
    assert seat_note(seat) == "Plays from another computer."
    assert seat_badge(seat) == "online"
    changed, told = [], []
    seat.changed.connect(lambda: changed.append(True))
    host_session.talk.notice.connect(lambda notice: told.append(notice.text()))
    joining.close()  # the friend's program stops without a word
    qtbot.waitUntil(lambda: hosting.state == State.RECONNECTING, timeout=WAIT)
    assert changed
    assert waiting_text(seat) == "Waiting for Ben to reconnect…"
    assert seat_note(seat) == "Connection lost." and seat_badge(seat) == "connection lost"
    # A drop is told as one, not as something gone wrong.
    assert told == ["The connection to Ben was lost; the game goes on when they are back."]


def test_a_stroke_drawn_while_the_connection_is_down_reaches_the_friend(qtbot, tmp_path):
    hosting, joining = pair(qtbot)
    sessions = [session_for(hosting, tmp_path, 0), session_for(joining, tmp_path, 1)]
    assert draw_one(sessions)  # the host's person draws; now the joiner's person is to move
    qtbot.waitUntil(lambda: sessions[1].local_to_move, timeout=WAIT)
    joining._connection.socket.abort()  # the joiner's network fails
    qtbot.waitUntil(lambda: joining.state == State.RECONNECTING, timeout=WAIT)
    assert draw_one([sessions[1]])  # drawn on the board all the same
    qtbot.waitUntil(lambda: len(sessions[0].position.strokes) == 2, timeout=WAIT)
    assert sessions[0]._game.strokes == sessions[1]._game.strokes == joining.game.strokes
