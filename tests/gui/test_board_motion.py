"""The board's motion: the computer's stroke drawn in without holding the player up, the "+N" of
who just scored, the end-of-game wave, strokes and fills sized for the view, and Settings > Motion
with the desktop's reduced-motion setting."""

import dataclasses

import pytest
from app_helpers import click_star
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtGui import QColor

from triangles_qt.app.board_items import StarField, StrokeItem, legible_fill, line_sizes
from triangles_qt.app.board_motion import SCORE_MARK_MS, STROKE_DRAW_MS, WAVE_MS
from triangles_qt.app.motion import DesktopMotion, kde_reduces_motion
from triangles_qt.app.new_game_dialog import NewGameChoices
from triangles_qt.app.settings import Settings

VS_COMPUTER = NewGameChoices(
    preset="phone-24", opponent="computer", strategy_id="first", human_starts=True
)
FRIENDS = NewGameChoices(preset="phone-24", opponent="human", player_names=("Ana", "Ben"))


def first_legal(position):
    i, j = position.legal_strokes()[0]
    return int(i), int(j)


def scoring_stroke(position):
    return next(
        ((int(i), int(j)) for i, j in position.legal_strokes() if position.gain((int(i), int(j)))),
        None,
    )


def slow_drawing(scene):
    """Stretch the drawing-in so that a busy test machine still sees it half done."""
    scene._drawing.setDuration(60_000)


def test_the_computers_stroke_is_drawn_in_and_the_player_may_answer_at_once(make_window, qtbot):
    window = make_window()
    window.motion_menu.choose("full")
    window.start_new_game(VS_COMPUTER, seed=5)
    session, scene = window.session, window.scene
    slow_drawing(scene)
    at_signal = []
    session.stroke_played.connect(
        lambda move: at_signal.append(scene.last_stroke_item.reach) if move.player == 1 else None
    )
    i, j = first_legal(session.position)
    click_star(qtbot, window.view, i)
    click_star(qtbot, window.view, j)
    assert scene.last_stroke_item.reach == 1  # drawn by the player's hand: there at once
    qtbot.waitUntil(lambda: bool(at_signal) and session.local_to_move, timeout=5000)
    assert at_signal == [0.0]  # it starts at its first star...
    drawing = scene.last_stroke_item
    assert 0 <= drawing.reach < 1 and scene.input_enabled  # ...and nobody waits for it
    scene._drawing.setCurrentTime(60_000)
    assert drawing.reach == 1
    # At its own pace it is done in a moment.
    scene._drawing.setDuration(STROKE_DRAW_MS)
    i, j = first_legal(session.position)
    session.request_stroke(i, j)
    qtbot.waitUntil(lambda: len(at_signal) == 2 and session.local_to_move, timeout=5000)
    drawing = scene.last_stroke_item
    qtbot.waitUntil(lambda: drawing.reach == 1, timeout=STROKE_DRAW_MS * 20)


def test_a_stroke_played_during_the_drawing_cuts_it_short(make_window, qtbot):
    window = make_window()
    window.motion_menu.choose("full")
    window.start_new_game(VS_COMPUTER, seed=5)
    session, scene = window.session, window.scene
    slow_drawing(scene)
    session.request_stroke(*first_legal(session.position))
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert scene.last_stroke_item.reach < 1
    baked = scene.baked_counts[0]
    session.request_stroke(*first_legal(session.position))
    # The computer's stroke went whole into the baked layer; the new one is the last stroke.
    assert scene.baked_counts[0] == baked + 1 and scene.last_stroke_item.reach == 1


def test_who_just_scored_is_marked_with_what_they_took(make_window, qtbot):
    window = make_window()
    window.motion_menu.choose("full")
    window.start_new_game(FRIENDS, seed=3)
    session, scene = window.session, window.scene
    marks_seen = []
    while len(marks_seen) < 2:
        stroke = scoring_stroke(session.position)
        player = session.position.player
        if stroke is None:
            session.request_stroke(*first_legal(session.position))
            continue
        gain = session.position.gain(stroke)
        session.request_stroke(*stroke)
        marks = scene.score_marks
        assert len(marks) == 1  # only the latest scorer
        mark = marks[0]
        assert mark.text == f"+{gain}"
        assert mark._color == scene.stroke_colors()[player]
        marks_seen.append(mark)
    qtbot.waitUntil(lambda: not scene.score_marks, timeout=SCORE_MARK_MS * 5)
    assert marks_seen[1].lift > 0  # it rose as it faded


def test_the_end_of_a_game_lights_the_winners_triangles(make_window, qtbot):
    window = make_window()
    window.motion_menu.choose("full")
    window.start_new_game(FRIENDS, seed=3)
    session, scene = window.session, window.scene
    with qtbot.waitSignal(session.game_over, timeout=10000):
        while not session.position.is_over:
            position = session.position
            session.request_stroke(*(scoring_stroke(position) or first_legal(position)))
    winner = session.position.winner
    wave = scene.wave
    assert wave is not None and window.game_over_dialog is not None
    scores = session.position.scores
    assert wave.triangle_count == (sum(scores) if winner is None else scores[winner])
    lit = set()
    for _ in range(20):
        qtbot.wait(WAVE_MS // 20)
        if scene.wave is None:
            break
        lit.update(k for k in range(wave.triangle_count) if wave.glow(k) > 0.5)
    assert len(lit) == wave.triangle_count  # the light passed over every one of them
    qtbot.waitUntil(lambda: scene.wave is None, timeout=WAVE_MS * 5)
    window.start_new_game(FRIENDS, seed=4)
    assert scene.wave is None and not scene.score_marks


def test_reduced_motion_draws_at_once_and_moves_nothing(make_window, qtbot, tmp_path):
    window = make_window()
    window.motion_menu.choose("reduced")
    assert window.scene.reduced_motion
    window.settings.sync()
    assert Settings(window.settings.qsettings.fileName()).motion == "reduced"
    window.start_new_game(dataclasses.replace(VS_COMPUTER, human_starts=False), seed=5)
    session, scene = window.session, window.scene
    qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert scene.last_stroke_item.reach == 1  # the computer's stroke is there whole
    i = first_legal(session.position)[0]
    click_star(qtbot, window.view, i)
    assert scene.picked == i and not scene._pulse.state() == scene._pulse.State.Running
    scene.cancel()
    marks = []
    with qtbot.waitSignal(session.game_over, timeout=20000):
        while not session.position.is_over:
            qtbot.waitUntil(lambda: session.local_to_move or session.position.is_over, timeout=5000)
            if not session.position.is_over:
                session.request_stroke(*first_legal(session.position))
                marks += [mark for mark in scene.score_marks if mark not in marks]
    assert marks and all(mark.lift == 0 for mark in marks)
    wave = scene.wave
    assert wave is not None
    qtbot.wait(WAVE_MS // 4)
    if scene.wave is not None:  # every triangle lights together: no light travelling across
        assert len({round(wave.glow(k), 6) for k in range(wave.triangle_count)}) == 1


def test_the_desktop_setting_is_followed_live_unless_the_player_chose(make_window):
    window = make_window()
    menu, scene = window.motion_menu, window.scene
    menu.choose("desktop")
    desktop = menu.desktop
    desktop.set_portal_value("org.freedesktop.appearance", "reduced-motion", 0)
    assert not scene.reduced_motion
    desktop.set_portal_value("org.freedesktop.appearance", "reduced-motion", 1)
    assert scene.reduced_motion  # the desktop switched: the board follows at once
    menu.choose("full")
    assert not scene.reduced_motion  # the player's own choice wins
    desktop.set_portal_value("org.freedesktop.appearance", "reduced-motion", 0)
    desktop.set_portal_value("org.gnome.desktop.interface", "enable-animations", False)
    menu.choose("desktop")
    assert scene.reduced_motion  # GNOME's "Animations" switch, as its portal tells it
    assert [a.isChecked() for a in menu.choice_actions.values()] == [True, False, False]


@pytest.mark.parametrize(
    ("text", "reduced"),
    [
        ("[KDE]\nAnimationDurationFactor=0\n", True),
        ("[KDE]\nAnimationDurationFactor=0.5\n", False),
        ("[KDE]\nAnimationDurationFactor=fast\n", False),
        ("[General]\nColorScheme=Breeze\n", False),
        ("\x00\xff garbage [[[", False),
    ],
)
def test_kde_instant_animations_mean_reduced_motion(tmp_path, text, reduced):
    (tmp_path / "kdeglobals").write_bytes(text.encode("utf-8", "surrogateescape"))
    assert kde_reduces_motion(tmp_path) is reduced


def test_a_kde_switch_is_noticed_when_the_window_is_active_again(tmp_path, monkeypatch, qapp):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    desktop = DesktopMotion()
    assert not desktop.reduced
    (tmp_path / "kdeglobals").write_text("[KDE]\nAnimationDurationFactor=0\n")
    changes = []
    desktop.changed.connect(lambda: changes.append(desktop.reduced))
    desktop.reread_file()
    assert changes == [True]


# -- sizes ---------------------------------------------------------------------------------------


@given(
    st.floats(0.05, 8.0),
    st.integers(0, 12),
    st.floats(100, 4000),
)
def test_a_legal_stroke_never_touches_a_star_core_on_screen(pixels_per_point, tolerance, view_px):
    sizes = line_sizes(pixels_per_point, tolerance, view_px)
    room = tolerance * pixels_per_point
    floor = line_sizes(0.0, 0, 0.0)  # the smallest they get, however little room there is
    assert sizes.core >= floor.core and sizes.stroke >= floor.stroke
    if sizes != floor:
        assert sizes.core + sizes.stroke / 2 <= room + 1e-9
    bigger = line_sizes(pixels_per_point, tolerance, view_px * 1.5)
    assert bigger.stroke >= sizes.stroke  # a bigger view never draws thinner


def test_strokes_grow_with_the_view_when_there_is_room():
    base = line_sizes(10.0, 4, 640)
    assert (base.core, base.stroke) == (StarField.CORE, StrokeItem.WIDTH)
    big = line_sizes(10.0, 4, 1280)
    assert big.stroke == 2 * StrokeItem.WIDTH and big.core == 2 * StarField.CORE


def test_thin_triangles_are_filled_more_strongly():
    fill = QColor(255, 90, 54, 89)
    alphas = [legible_fill(fill, r).alpha() for r in (0.5, 2, 4, 8, 12, 40)]
    assert alphas == sorted(alphas, reverse=True)
    assert alphas[-1] == alphas[-2] == 89 and alphas[0] > 2 * 89


def test_the_board_redraws_sizes_and_fills_for_the_view(make_window, qtbot):
    window = make_window(size=(700, 700))
    window.start_new_game(FRIENDS, seed=3)
    scene = window.scene
    small = scene.sizes
    window.resize(1600, 1600)
    qtbot.waitUntil(lambda: scene.view_px > 1000)
    assert scene.sizes.stroke > small.stroke
    assert scene.star_field.core_radius == scene.sizes.core
