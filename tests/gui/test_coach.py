"""The guided first game: offered on the first start and from Help, it follows what the player
does step by step until a triangle is closed, and is not offered again once done or skipped."""

from __future__ import annotations

from app_helpers import FakeRegistry, FirstStrokeStrategy, click_star
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from triangles_qt.app.coach import CoachBubble, Step
from triangles_qt.app.settings import Settings


def marked(scene) -> list[int]:
    """The stars the guide rings, nearest first."""
    stars = []
    for marker in scene._hint_markers:
        if marker.isVisible():
            pos = marker.pos()
            stars.append(
                min(
                    range(scene.star_count),
                    key=lambda k: (scene.star_point(k) - pos).manhattanLength(),
                )
            )
    return stars


def test_the_bubble_goes_where_it_hides_least(qtbot):
    board = QWidget()
    qtbot.addWidget(board)
    board.resize(900, 600)
    bubble = CoachBubble(board)
    bubble.show_text("Click a star", last=False)
    foot = bubble.y()
    assert foot > 300 and bubble.x() > 12  # at the foot, in the middle, when nothing is hidden
    # a ringed star under the foot and the head's middles: a corner, the foot's left first
    bubble.covers = lambda area: 1000 * (area.x() > 12)
    bubble.place()
    assert (bubble.x(), bubble.y()) == (12, foot)


def test_the_first_start_guides_a_game_until_a_triangle_is_closed(make_window, qtbot, tmp_path):
    window = make_window(FakeRegistry(FirstStrokeStrategy()))
    heard = []
    window.view.announcer.announced.connect(heard.append)
    window.files.first_game()
    coach, scene, session = window.coach, window.scene, window.session
    position = session.position
    assert position.board.n == 24 and session.players[1].strategy == "first"  # small, easy
    assert coach.step is Step.PICK and coach.bubble.isVisible()
    assert coach.bubble.label.text() == coach.text(Step.PICK) and heard[-1] == coach.text(Step.PICK)
    (star,) = marked(scene)
    click_star(qtbot, window.view, star)
    assert coach.step is Step.JOIN and scene.picked == star
    first, partner = marked(scene)
    assert first == star and position.is_legal((star, partner))
    click_star(qtbot, window.view, star)  # let it go: back to the first step
    assert coach.step is Step.PICK
    click_star(qtbot, window.view, star)
    click_star(qtbot, window.view, partner)
    assert coach.step is Step.TAKE_TURNS
    assert set(session.position.strokes[0]) == {star, partner}
    while coach.step is not Step.CLOSE:
        qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
        if coach.step is Step.CLOSE:
            break
        position = session.position
        safe = next(
            (int(i), int(j))
            for i, j in position.legal_strokes()
            if not position.gain((int(i), int(j)))
        )
        session.request_stroke(*safe)
    assert scene.hint_visible  # the stroke that closes a triangle is shown
    a, b = (scene.star_at(point) for point in scene._hint.line())
    assert session.position.gain((a, b))
    click_star(qtbot, window.view, a)
    click_star(qtbot, window.view, b)
    assert coach.step is Step.DONE and coach.bubble.done_button.isVisible()
    assert not coach.bubble.skip_button.isVisible()
    qtbot.mouseClick(coach.bubble.done_button, Qt.LeftButton)
    assert not coach.active and not coach.bubble.isVisible()
    assert Settings(window.settings.qsettings.fileName()).coached
    window.close()

    again = make_window(FakeRegistry(FirstStrokeStrategy()))
    again.settings.coached = True
    again.files.first_game()  # not offered twice: the player's own game
    assert not again.coach.active and not again.coach.bubble.isVisible()


def test_the_guide_is_skipped_and_taken_again_from_help(make_window, qtbot):
    window = make_window(FakeRegistry(FirstStrokeStrategy()))
    window.files.first_game()
    coach = window.coach
    assert coach.active
    qtbot.mouseClick(coach.bubble.skip_button, Qt.LeftButton)
    assert not coach.active and window.settings.coached
    assert not window.scene.hint_visible and marked(window.scene) == []
    i, j = (int(v) for v in window.session.position.legal_strokes()[0])
    window.session.request_stroke(i, j)  # a game in progress: Help asks before leaving it
    window.answers = [False]
    window.guided_action.trigger()
    assert window.asked[-1].startswith("Abandon the game in progress and start the guided game?")
    assert not coach.active and len(window.session.position.moves) >= 1
    window.guided_action.trigger()  # yes (the default answer)
    assert coach.active and coach.step is Step.PICK and window.session.position.moves == ()
    window.start_new_game(window.last_choices)  # another game: the guide was for that one
    assert not coach.active and not coach.bubble.isVisible()
