"""The board as a player uses it: clicks, drags, keyboard, rejected strokes, hover and cancel."""

import pytest
from app_helpers import click_star
from PySide6.QtCore import QPoint, Qt

from triangles_qt.app.new_game_dialog import NewGameChoices
from triangles_qt.core.game import Rejection

FRIENDS = NewGameChoices(preset="phone-24", opponent="human", player_names=("Ana", "Ben"))


@pytest.fixture
def window(make_window):
    window = make_window()
    window.start_new_game(FRIENDS, seed=11)
    return window


def legal_pair(game, index=0):
    i, j = game.legal_strokes()[index]
    return int(i), int(j)


def find_pair(game, reason):
    n = game.board.n
    for i in range(n):
        for j in range(i + 1, n):
            if game.check(i, j) == reason:
                return i, j
    raise AssertionError(f"no stroke is rejected as {reason}")


def test_clicking_two_stars_draws_the_stroke_in_the_players_colour(window, qtbot):
    game, view = window.session.position, window.view
    i, j = legal_pair(game)
    with qtbot.waitSignal(window.session.stroke_played) as played:
        click_star(qtbot, view, i)
        assert window.scene.picked == i
        click_star(qtbot, view, j)
    assert played.args[0].stroke == (i, j)
    assert window.scene.stroke_color((i, j)) == window.scene.stroke_colors()[0]
    assert window.scene.last_stroke == (i, j) and window.scene.last_stroke_item.is_last
    assert window.scene.last_stroke_item.color == window.scene.stroke_colors()[0]
    assert window.scene.picked is None
    assert window.score_panel.turn_label.text() == "Ben’s turn"


def test_dragging_from_star_to_star_draws_the_stroke(window, qtbot):
    view = window.view
    i, j = legal_pair(window.session.position, 3)
    a, b = view.star_view_pos(i), view.star_view_pos(j)
    qtbot.mousePress(view.viewport(), Qt.LeftButton, pos=a)
    middle = QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2)
    qtbot.mouseMove(view.viewport(), middle)
    assert window.scene.band_visible  # the rubber band follows the pointer
    qtbot.mouseMove(view.viewport(), b)
    assert window.scene.hovered == j
    with qtbot.waitSignal(window.session.stroke_played):
        qtbot.mouseRelease(view.viewport(), Qt.LeftButton, pos=b)
    assert window.session.position.strokes == ((i, j),)


def test_a_click_near_a_star_hits_it_and_empty_sky_cancels(window, qtbot):
    view, scene = window.view, window.scene
    i, _ = legal_pair(window.session.position)
    near = view.star_view_pos(i) + QPoint(9, 5)  # inside the 14 px hit radius
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=near)
    assert scene.picked == i
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=QPoint(3, 3))
    assert scene.picked is None
    assert window.session.position.moves == ()


def test_escape_cancels_the_half_drawn_stroke(window, qtbot):
    view, scene = window.view, window.scene
    i, j = legal_pair(window.session.position)
    click_star(qtbot, view, i)
    qtbot.mouseMove(view.viewport(), view.star_view_pos(j))
    assert scene.band_visible and scene.hovered == j
    qtbot.keyClick(view, Qt.Key_Escape)
    assert scene.picked is None and not scene.band_visible
    click_star(qtbot, view, j)  # a fresh start, not the end of the cancelled stroke
    assert scene.picked == j and window.session.position.moves == ()


def line_distance(point, a, b) -> float:
    """Distance of a point from the line through a and b (scene coordinates)."""
    ab, ap = b - a, point - a
    return abs(ab.x() * ap.y() - ab.y() * ap.x()) / (ab.x() ** 2 + ab.y() ** 2) ** 0.5


@pytest.mark.parametrize(
    "reason, text",
    [
        (Rejection.ALREADY_DRAWN, "Already drawn"),
        (Rejection.PASSES_OVER_STAR, "Passes over a star"),
        (Rejection.CROSSES_STROKE, "Crosses a stroke"),
    ],
)
def test_a_rejected_stroke_flashes_and_the_reason_shows(window, qtbot, reason, text):
    session, view = window.session, window.view
    game = session.position
    session.request_stroke(*legal_pair(game, len(game.legal_strokes()) // 2))
    session.request_stroke(*legal_pair(game, 0))
    before = game.strokes
    if reason == Rejection.ALREADY_DRAWN:
        i, j = game.strokes[0]
    else:
        i, j = find_pair(game, reason)
    with qtbot.waitSignal(session.stroke_refused) as refused:
        click_star(qtbot, view, i)
        click_star(qtbot, view, j)
    refusal = refused.args[0]  # the signal carries what is in the way
    assert refusal.stroke == (i, j) and refusal.reason == reason
    assert window.statusBar().currentMessage() == text
    assert window.scene.rejected_visible
    assert game.strokes == before and game.player == 0  # still the same player's turn
    assert window.scene.picked == i  # the first star stays picked: try another end

    def off_line(point, p, q):
        return line_distance(point, window.scene.star_point(p), window.scene.star_point(q))

    rings = window.scene.obstacle_points()  # what is in the way is ringed, as in How to play
    if reason == Rejection.ALREADY_DRAWN:
        assert rings == []
    else:
        over, crossed = refusal.over, refusal.crossed
        assert len(rings) == len(over) + len(crossed) > 0
        for k in over:
            assert window.scene.star_point(k) in rings
        for c, d in crossed:  # a ring where the two strokes meet: on both lines
            assert any(off_line(ring, i, j) < 0.5 and off_line(ring, c, d) < 0.5 for ring in rings)
    qtbot.waitUntil(lambda: not window.scene.rejected_visible, timeout=3000)
    assert window.scene.obstacle_points() == []
    other = next(k for k in range(game.board.n) if k != i and game.check(i, k) is None)
    click_star(qtbot, view, other)
    assert len(game.strokes) == len(before) + 1 and window.scene.picked is None


def test_keyboard_play_with_tab_arrows_and_enter(window, qtbot):
    view, scene, game = window.view, window.scene, window.session.position
    view.setFocus()
    qtbot.keyClick(view, Qt.Key_Tab)
    first = scene.cursor
    assert first is not None
    qtbot.keyClick(view, Qt.Key_Return)
    assert scene.picked == first
    order = view._reading_order
    start = order.index(first)
    steps = next(
        k
        for k in range(1, len(order))
        if game.check(first, order[(start + k) % len(order)]) is None
    )
    for _ in range(steps):
        qtbot.keyClick(view, Qt.Key_Tab)
    second = scene.cursor
    with qtbot.waitSignal(window.session.stroke_played):
        qtbot.keyClick(view, Qt.Key_Space)
    assert list(game.strokes) == [(min(first, second), max(first, second))] or list(
        game.strokes
    ) == [(first, second)]
    qtbot.keyClick(view, Qt.Key_Backtab)
    assert scene.cursor == order[(order.index(second) - 1) % len(order)]


def test_arrow_keys_move_the_cursor_towards_the_arrow(window, qtbot):
    view, scene = window.view, window.scene
    view.setFocus()
    qtbot.keyClick(view, Qt.Key_Right)  # the first arrow goes from the middle, that way
    start = scene.cursor
    middle = view.viewport().rect().center()
    assert view.star_view_pos(start).x() > middle.x()
    for key, check in (
        (Qt.Key_Right, lambda a, b: b.x() > a.x()),
        (Qt.Key_Down, lambda a, b: b.y() > a.y()),
        (Qt.Key_Left, lambda a, b: b.x() < a.x()),
        (Qt.Key_Up, lambda a, b: b.y() < a.y()),
    ):
        before = view.star_view_pos(scene.cursor)
        qtbot.keyClick(view, key)
        assert check(before, view.star_view_pos(scene.cursor))
    assert start is not None
    qtbot.keyClick(view, Qt.Key_Return)
    assert scene.picked == scene.cursor
    qtbot.keyClick(view, Qt.Key_Escape)
    assert scene.picked is None


def test_a_wide_window_shows_the_board_in_landscape(make_window, qtbot):
    window = make_window(size=(1200, 640))
    window.start_new_game(FRIENDS, seed=2)
    qtbot.waitUntil(lambda: window.view.rotated)
    window.resize(600, 900)
    qtbot.waitUntil(lambda: not window.view.rotated)
    # Still clickable after the turn: hits are found through the view's transform.
    i, j = legal_pair(window.session.position)
    with qtbot.waitSignal(window.session.stroke_played):
        click_star(qtbot, window.view, i)
        click_star(qtbot, window.view, j)


def test_every_star_is_on_screen(window):
    view = window.view
    rect = view.viewport().rect()
    for i in range(window.scene.star_count):
        assert rect.contains(view.star_view_pos(i))


def test_on_a_board_shown_small_a_legal_stroke_cannot_touch_a_star(make_window):
    """A stroke may pass `tolerance` points from a star; shown below its natural size, star
    cores and strokes shrink so that such a stroke still clears the star on screen."""
    from triangles_qt.app.board_items import StarField, StrokeItem

    window = make_window(size=(960, 760))
    window.start_new_game(NewGameChoices(preset="tablet-180", opponent="human"), seed=9)
    scene = window.scene
    window.session.request_stroke(*legal_pair(window.session.position))
    pixels_per_point = 1 / scene.pixel_size
    assert pixels_per_point < 0.8 and scene.sizes.stroke < StrokeItem.WIDTH
    reach = scene.star_field.core_radius + scene.last_stroke_item.width / 2
    assert reach <= scene.board.tolerance * pixels_per_point + 1e-9
    assert scene._baked_line(scene.last_stroke).width == scene.sizes.stroke
    window.resize(1800, 2600)  # room enough: full size again, and more on a view this big
    window.start_new_game(FRIENDS, seed=11)
    assert scene.star_field.core_radius > StarField.CORE and scene.sizes.stroke > StrokeItem.WIDTH
    reach = scene.star_field.core_radius + scene.sizes.stroke / 2
    assert reach <= scene.board.tolerance / scene.pixel_size + 1e-9


def test_a_refused_stroke_says_why_over_the_board_until_the_next_stroke(make_window, qtbot):
    window = make_window()
    window.start_new_game(NewGameChoices(preset="phone-24", opponent="human"), seed=1)
    session, banner = window.session, window.view.banner
    assert not banner.isVisible()
    i, j = (int(v) for v in session.position.legal_strokes()[0])
    session.request_stroke(i, j)
    session.request_stroke(i, j)  # already drawn
    assert banner.isVisible() and banner.text() == "Already drawn"
    viewport = window.view.viewport()
    assert banner.geometry().top() < viewport.height() // 4  # over the board, near its top
    assert abs(banner.geometry().center().x() - viewport.width() // 2) <= 2
    k, m = (int(v) for v in session.position.legal_strokes()[0])
    session.request_stroke(k, m)
    assert not banner.isVisible()
    session.request_stroke(k, m)
    qtbot.waitUntil(lambda: not banner.isVisible(), timeout=5000)  # it goes by itself


def test_high_contrast_draws_bigger_marks_on_a_plain_sky(make_window):
    """An AAA theme: thicker strokes, bigger stars, the hint opaque, and no decoration (the
    sky around the board is its one colour; Nebula's has specks and clouds)."""
    from triangles_qt.app.board_items import StarField
    from triangles_qt.app.colors import qcolor
    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    window.start_new_game(FRIENDS, seed=11)
    scene, view = window.scene, window.view
    window.session.request_stroke(*legal_pair(window.session.position))

    def sky_colours():
        """The colours of the view away from the board (its frame, its stars' glow)."""
        from PySide6.QtCore import QRectF

        board = scene.board
        image = view.grab().toImage()
        ratio = image.devicePixelRatio()
        drawn = view.mapFromScene(QRectF(0, 0, board.width, board.height)).boundingRect()
        drawn = drawn.adjusted(-40, -40, 40, 40)
        colours = set()
        for x in range(0, view.viewport().width(), 3):
            for y in range(0, view.viewport().height(), 3):
                if not drawn.contains(x, y):
                    colours.add(image.pixelColor(int(x * ratio), int(y * ratio)).name())
        assert len(colours) >= 1
        return colours

    nebula_sizes = scene.sizes
    assert len(sky_colours()) > 3  # a gradient, clouds and specks
    window.theme_actions["high-contrast"].trigger()
    theme = window.themes["high-contrast"]
    # as much bigger as the room a legal stroke leaves beside a star allows
    assert scene.sizes.stroke >= 1.15 * nebula_sizes.stroke
    star = scene.star_field
    assert star.glow_radius >= 1.5 * StarField.GLOW  # the star's glow is bigger
    reach = star.core_radius + scene.sizes.stroke / 2
    assert reach <= scene.board.tolerance / scene.pixel_size + 1e-9
    assert scene._baked_line(scene.last_stroke).width == scene.sizes.stroke
    assert sky_colours() == {qcolor(theme.background_top).name()}
    window.hint_action.trigger()
    window.theme_actions["nebula"].trigger()
    assert scene.sizes == nebula_sizes


def test_the_board_zooms_in_around_the_pointer_and_back_to_the_whole_board(make_window, qtbot):
    from PySide6.QtCore import QCoreApplication, QPointF
    from PySide6.QtGui import QKeySequence, QWheelEvent

    window = make_window(size=(900, 700))
    window.start_new_game(FRIENDS, seed=11)
    view, scene = window.view, window.scene
    whole = scene.pixel_size
    rect = view.viewport().rect()
    assert all(rect.contains(view.star_view_pos(k)) for k in range(scene.star_count))
    star = max(range(scene.star_count), key=lambda k: view.star_view_pos(k).x())  # rightmost
    at = view.star_view_pos(star)
    view.set_zoom(2.0, QPointF(at))  # as Ctrl+wheel does, around the pointer
    assert view.zoom == 2.0 and scene.pixel_size == pytest.approx(whole / 2)
    moved = view.star_view_pos(star)
    assert abs(moved.x() - at.x()) <= 2 and abs(moved.y() - at.y()) <= 2  # it stayed put
    hidden = [k for k in range(scene.star_count) if not rect.contains(view.star_view_pos(k))]
    assert hidden  # part of the board is out of sight now
    click_star(qtbot, view, star)  # and still played by clicking where stars are seen
    assert scene.picked == star
    scene.cancel()
    view.setFocus()
    far = hidden[0]
    scene.set_cursor(far)  # the keyboard cursor goes off screen: the board follows it
    assert rect.contains(view.star_view_pos(far))
    before = view.star_view_pos(far)
    middle = rect.center()
    qtbot.mousePress(view.viewport(), Qt.MiddleButton, pos=middle)
    qtbot.mouseMove(view.viewport(), middle + QPoint(40, 25))  # the board follows the hand
    qtbot.mouseRelease(view.viewport(), Qt.MiddleButton, pos=middle + QPoint(40, 25))
    after = view.star_view_pos(far)
    assert (after.x() - before.x(), after.y() - before.y()) == (40, 25)
    wheel = QWheelEvent(
        QPointF(middle), view.viewport().mapToGlobal(QPointF(middle)), QPoint(), QPoint(0, 120),
        Qt.NoButton, Qt.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )  # fmt: skip
    QCoreApplication.sendEvent(view.viewport(), wheel)
    assert view.zoom == pytest.approx(2.5)
    view.set_zoom(2.0)
    assert window.zoom_in_action.shortcut() == QKeySequence(QKeySequence.StandardKey.ZoomIn)
    window.zoom_in_action.trigger()
    assert view.zoom == pytest.approx(2.5)
    for _ in range(10):
        window.zoom_in_action.trigger()
    assert view.zoom == view.MAX_ZOOM
    window.zoom_fit_action.trigger()
    assert view.zoom == 1 and scene.pixel_size == pytest.approx(whole)
    assert all(rect.contains(view.star_view_pos(k)) for k in range(scene.star_count))
    window.zoom_out_action.trigger()  # no smaller than the whole board
    assert view.zoom == 1
    view.set_zoom(3.0)
    window.start_new_game(FRIENDS, seed=12)  # a new board is first seen whole
    assert view.zoom == 1


def test_a_live_resize_stretches_the_board_and_draws_it_properly_once_the_size_settles(
    make_window, qtbot
):
    """Each step of a window dragged bigger shows the cached pictures stretched (a frame's
    work, not a re-render of every stroke); the first pause draws it all at the new size."""
    window = make_window(size=(900, 700))
    window.start_new_game(FRIENDS, seed=11)
    session, view, scene = window.session, window.view, window.scene
    for _ in range(8):
        session.request_stroke(*legal_pair(session.position))
    qtbot.wait(300)  # settled
    assert not scene._layer.quick
    before = scene.pixel_size
    window.resize(1000, 760)
    window.resize(1100, 820)  # a second step at once: a live resize
    assert scene._layer.quick
    assert scene.pixel_size == before  # the marks wait too
    image = view.grab().toImage()  # drawn stretched, and legibly: the strokes are there
    assert not image.isNull()
    qtbot.waitUntil(lambda: not scene._layer.quick, timeout=3000)
    assert scene.pixel_size < before  # the board is bigger now: drawn at its new size
    assert all(view.viewport().rect().contains(view.star_view_pos(k)) for k in range(24))
    window.resize(1400, 500)  # the board turns: what it had cannot be stretched, it is redrawn
    qtbot.waitUntil(lambda: view.rotated and not scene._layer.quick, timeout=3000)
