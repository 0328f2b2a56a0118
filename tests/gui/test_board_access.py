"""The board as a screen reader meets it (Qt's accessibility interfaces): stars, strokes and
triangles with names a person can follow, the keyboard cursor focused, what happens announced;
and the band that shows, while a stroke is drawn, what the rules would say of it."""

from __future__ import annotations

import pytest
from app_helpers import FakeRegistry, FirstStrokeStrategy
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible

from triangles_qt.app.colors import qcolor
from triangles_qt.app.new_game_dialog import NewGameChoices
from triangles_qt.app.table_talk import result_text
from triangles_qt.core.game import Rejection

FRIENDS = NewGameChoices(preset="phone-24", opponent="human", player_names=("Ana", "Ben"))
Name, Description = QAccessible.Text.Name, QAccessible.Text.Description
PLACES = (
    ("top left", "top", "top right"),
    ("left", "centre", "right"),
    ("bottom left", "bottom", "bottom right"),
)


def board_of(window):
    board = QAccessible.queryAccessibleInterface(window.view)
    assert board is not None and board.role() == QAccessible.Role.List
    return board


def place_seen(view, star: int) -> str:
    """Where the player sees star `star`, as the accessible name must say it."""
    point, area = view.star_view_pos(star), view.viewport().rect()
    column = min(2, max(0, int(3 * point.x() / area.width())))
    row = min(2, max(0, int(3 * point.y() / area.height())))
    return PLACES[row][column]


def closing_stroke(position):
    """A legal stroke that closes a triangle, if there is one."""
    for i, j in position.legal_strokes():
        if position.gain((int(i), int(j))):
            return int(i), int(j)
    return None


@pytest.mark.parametrize("size", [(600, 900), (1400, 600)], ids=["portrait", "turned"])
def test_a_screen_reader_reads_every_star_where_the_player_sees_it(make_window, size):
    window = make_window(size=size)
    window.start_new_game(FRIENDS, seed=11)
    board = board_of(window)
    stars = window.scene.star_count
    assert board.childCount() == stars == 24
    assert board.text(Name) == "Board"
    assert "24 stars, 0 strokes drawn" in board.text(Description)
    for k in range(stars):
        star = board.child(k)
        assert star.text(Name) == f"Star {k + 1}, {place_seen(window.view, k)}"
        assert star.text(Description) == "no stroke yet"
        assert star.parent().text(Name) == "Board" and board.indexOfChild(star) == k
        centre = star.rect().center()
        seen = window.view.viewport().mapToGlobal(window.view.star_view_pos(k))
        assert abs(centre.x() - seen.x()) <= 1 and abs(centre.y() - seen.y()) <= 1
    assert window.view.rotated == (size[0] > size[1])  # the words follow the board as seen


def test_strokes_and_the_triangles_they_closed_are_read_in_play_order(make_window):
    window = make_window()
    window.start_new_game(FRIENDS, seed=11)
    session, board = window.session, board_of(window)
    played = []
    while (closing := closing_stroke(session.position)) is None or len(played) < 2:
        i, j = (int(v) for v in session.position.legal_strokes()[0])
        if closing is not None and (i, j) == closing:
            i, j = (int(v) for v in session.position.legal_strokes()[1])
        player = session.position.player
        assert session.request_stroke(i, j)
        played.append((i, j, player))
    names = ("Ana", "Ben")
    for number, (i, j, player) in enumerate(played):
        stroke = board.child(24 + number)
        assert stroke.text(Name) == (
            f"Stroke {number + 1} by {names[player]}, from star {min(i, j) + 1} "
            f"to star {max(i, j) + 1}"
        )
        assert stroke.childCount() == 0 and stroke.parent().text(Name) == "Board"
    i, j = closing
    closer = names[session.position.player]
    assert session.request_stroke(i, j)
    move = session.position.moves[-1]
    stroke = board.child(board.childCount() - 1)
    count = len(move.triangles)
    assert stroke.text(Name).endswith(
        ", closed 1 triangle" if count == 1 else f", closed {count} triangles"
    )
    assert stroke.childCount() == count
    triangle = stroke.child(0)
    a, b, c = sorted(k + 1 for k in move.triangles[0])
    assert triangle.text(Name) == f"Triangle of stars {a}, {b} and {c}, {closer}’s"
    assert triangle.parent().text(Name) == stroke.text(Name)
    assert stroke.indexOfChild(triangle) == 0
    assert board.child(i).text(Description).endswith("from it")
    window.undo_action.trigger()  # the stroke taken back: its interface says it is gone
    assert not stroke.isValid() and not triangle.isValid()
    assert board.childCount() == 24 + len(played)


def test_the_keyboard_cursor_is_the_focused_star(make_window, qtbot):
    window = make_window()
    window.start_new_game(FRIENDS, seed=11)
    view, board = window.view, board_of(window)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key_Tab)
    cursor = window.scene.cursor
    assert cursor is not None
    focused = board.focusChild()
    assert focused.text(Name).startswith(f"Star {cursor + 1}, ")
    assert focused.state().focused and not focused.state().selected
    heard = []
    view.announcer.announced.connect(heard.append)
    qtbot.keyClick(view, Qt.Key_Return)
    assert board.focusChild().state().selected
    assert heard == [
        f"Picked star {cursor + 1} ({place_seen(view, cursor)}): now choose the other end."
    ]


def test_the_computers_stroke_is_heard_with_where_it_goes_and_the_score(make_window, qtbot):
    window = make_window(FakeRegistry(FirstStrokeStrategy()))
    heard = []
    window.view.announcer.announced.connect(heard.append)
    window.start_new_game(
        NewGameChoices(
            preset="phone-24", opponent="computer", strategy_id="first", human_starts=False
        ),
        seed=3,
    )
    session = window.session
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    move = session.position.moves[0]
    name = session.seats[0].name
    i, j = move.stroke
    view = window.view
    assert heard == [
        f"{name} drew a stroke from star {i + 1} ({place_seen(view, i)}) to star {j + 1} "
        f"({place_seen(view, j)}). Score: {name} 0, {session.seats[1].name} 0."
    ]
    assert board_of(window).child(24).text(Name).startswith(f"Stroke 1 by {name}, ")


def test_a_refusal_a_hint_and_the_end_are_heard(make_window, qtbot):
    window = make_window(FakeRegistry(FirstStrokeStrategy()))
    window.start_new_game(FRIENDS, seed=11)
    heard = []
    window.view.announcer.announced.connect(heard.append)
    session = window.session
    i, j = (int(v) for v in session.position.legal_strokes()[0])
    session.request_stroke(i, j)
    session.request_stroke(i, j)  # again: already drawn
    assert heard[-1] == "Already drawn"
    with qtbot.waitSignal(session.hint_ready, timeout=10000) as hint:
        window.hint_action.trigger()
    a, b = hint.args
    view = window.view
    assert heard[-1] == (
        f"Hint: from star {a + 1} ({place_seen(view, a)}) to star {b + 1} ({place_seen(view, b)})."
    )
    while not session.position.is_over:
        i, j = (int(v) for v in session.position.legal_strokes()[0])
        session.request_stroke(i, j)
    assert heard[-1] == result_text(session)


def crossing_pair(position):
    n = position.board.n
    for i in range(n):
        for j in range(i + 1, n):
            if position.check(i, j) == Rejection.CROSSES_STROKE:
                return i, j
    raise AssertionError("nothing crosses")


def test_the_band_shows_a_refused_stroke_while_it_is_drawn_and_names_the_obstacle(
    make_window, qtbot
):
    window = make_window()
    window.start_new_game(FRIENDS, seed=11)
    session, scene, view = window.session, window.scene, window.view
    for _ in range(6):
        i, j = (int(v) for v in session.position.legal_strokes()[len(session.position.strokes)])
        session.request_stroke(i, j)
    a, b = crossing_pair(session.position)
    legal = next(
        int(k) for k in range(scene.star_count) if k != a and session.position.check(a, k) is None
    )
    heard = []
    view.announcer.announced.connect(heard.append)
    qtbot.mousePress(view.viewport(), Qt.LeftButton, pos=view.star_view_pos(a))
    qtbot.mouseMove(view.viewport(), view.star_view_pos(b))
    refusal = scene.preview
    assert refusal is not None and refusal.reason == Rejection.CROSSES_STROKE
    assert scene._band.pen_color() == qcolor(window.theme.warning)
    assert len(scene.obstacle_points()) == len(refusal.crossed) >= 1
    assert view.banner.isVisible() and view.banner.text() == "Crosses a stroke"
    assert heard == [
        f"Picked star {a + 1} ({place_seen(view, a)}): now choose the other end.",
        "Crosses a stroke",
    ]
    qtbot.mouseMove(view.viewport(), view.star_view_pos(legal))
    assert scene.preview is None and scene.obstacle_points() == []
    assert scene._band.pen_color().rgb() == qcolor(window.theme.highlight).rgb()
    assert not view.banner.isVisible()
    between = view.star_view_pos(legal) + QPoint(3, 40)
    qtbot.mouseMove(view.viewport(), between)  # off any star: nothing is judged
    assert scene.preview is None
    qtbot.mouseMove(view.viewport(), view.star_view_pos(b))
    with qtbot.waitSignal(session.stroke_refused):
        qtbot.mouseRelease(view.viewport(), Qt.LeftButton, pos=view.star_view_pos(b))
    assert len(session.position.strokes) == 6  # refused, as the band said
