"""The main window opens on a screen, whatever its size and scale, and a remembered place is
used only while it still fits one."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow

from triangles_qt.app.window_placement import PREFERRED, fits_a_screen, place_window


def screen_area() -> QRect:
    return QGuiApplication.primaryScreen().availableGeometry()


def test_a_first_start_is_sized_from_the_screen_and_centred(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    place_window(window, b"")
    area = screen_area()
    assert window.width() <= PREFERRED[0] and window.height() <= PREFERRED[1]
    assert window.width() <= area.width() * 0.9 and window.height() <= area.height() * 0.9
    assert fits_a_screen(window.geometry())
    middle = window.geometry().center()
    assert abs(middle.x() - area.center().x()) <= 16 and abs(middle.y() - area.center().y()) <= 32


def test_a_remembered_place_is_kept_while_it_fits_a_screen(qtbot):
    area = screen_area()
    first = QMainWindow()
    qtbot.addWidget(first)
    first.setGeometry(area.x() + 10, area.y() + 40, area.width() // 2, area.height() // 2)
    saved = bytes(first.saveGeometry().data())
    again = QMainWindow()
    qtbot.addWidget(again)
    place_window(again, saved)
    assert again.geometry().size() == first.geometry().size()


def test_a_remembered_place_off_every_screen_is_replaced(qtbot):
    area = screen_area()
    elsewhere = QMainWindow()
    qtbot.addWidget(elsewhere)
    # as on a second monitor that is gone, or a bigger one before the scale factor changed
    elsewhere.setGeometry(area.right() + 500, 40, area.width() * 2, area.height() * 2)
    saved = bytes(elsewhere.saveGeometry().data())
    window = QMainWindow()
    qtbot.addWidget(window)
    place_window(window, saved)
    assert fits_a_screen(window.geometry())


def test_a_second_copy_of_the_app_opens_a_step_away_from_the_first(qtbot, tmp_path):
    from PySide6.QtCore import QPoint

    from triangles_qt.app.window_placement import CASCADE_PX, WindowPlace

    area = screen_area()
    shape = QMainWindow()
    qtbot.addWidget(shape)
    shape.setGeometry(area.x() + 10, area.y() + 40, area.width() // 2, area.height() // 2)
    saved = bytes(shape.saveGeometry().data())  # both copies remember the same place
    places, windows = [], []
    for _ in range(3):
        place = WindowPlace(tmp_path / "windows")
        window = QMainWindow()
        qtbot.addWidget(window)
        place_window(window, saved, place.index)
        places.append(place)
        windows.append(window)
    assert [place.index for place in places] == [0, 1, 2]
    step = QPoint(CASCADE_PX, CASCADE_PX)
    assert windows[1].pos() == windows[0].pos() + step
    assert windows[2].pos() == windows[0].pos() + step * 2
    places[0].release()  # the first copy quits: the next one takes its place
    assert WindowPlace(tmp_path / "windows").index == 0
    crowded = QMainWindow()  # a window as big as the screen has nowhere to step to
    qtbot.addWidget(crowded)
    crowded.setGeometry(area)
    place_window(crowded, bytes(crowded.saveGeometry().data()), 3)
    assert fits_a_screen(crowded.geometry())
