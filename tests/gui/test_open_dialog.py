"""Opening what is no saved game, in the Open window or from the command line: a link that leads
back to itself, a FIFO, a folder. Each gets one clear message in the window, nothing waits on
it, and the game goes on (issue 51, item 8)."""

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox

from triangles_qt.app.application import parse_arguments
from triangles_qt.app.new_game_dialog import NewGameChoices

FRIENDS = NewGameChoices(preset="phone-24", opponent="human", player_names=("Ana", "Ben"))
LOOP = "“{}” cannot be opened: it is a link that leads back to itself, never to a file."

needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")


def loops(folder: Path) -> None:
    """`loop` points to itself; `a` and `b` point to each other."""
    (folder / "loop").symlink_to("loop")
    (folder / "a").symlink_to("b")
    (folder / "b").symlink_to("a")


@needs_links
@pytest.mark.parametrize("name", ["loop", "a", "loop.triangles"])
def test_a_link_that_leads_back_to_itself_typed_in_the_open_window_is_told_and_nothing_hangs(
    make_window, qtbot, tmp_path, name
):
    loops(tmp_path)
    (tmp_path / "loop.triangles").symlink_to("loop.triangles")
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    before = window.session.position
    first = tuple(int(v) for v in before.legal_strokes()[0])
    qt_said = []

    def rescue():
        """Qt's own "File not found" box, waited on inside the dialog's accept(): closed here
        so that a failing test ends."""
        for widget in QApplication.topLevelWidgets():
            if (
                isinstance(widget, QMessageBox)
                and widget.isVisible()
                and widget is not (window.message_box)
            ):
                qt_said.append(widget.text())
                widget.done(0)
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QFileDialog) and widget.isVisible():
                widget.reject()

    rescuer = QTimer()
    rescuer.setSingleShot(True)
    rescuer.timeout.connect(rescue)

    def type_the_name():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QFileDialog)
        dialog.setDirectory(str(tmp_path))
        edit = dialog.findChild(QLineEdit, "fileNameEdit")
        QTest.keyClicks(edit, name)
        rescuer.start(5000)  # generous: the dialog answers at once, or never
        QTest.keyClick(edit, Qt.Key.Key_Return)

    QTimer.singleShot(0, type_the_name)
    window.open_action.trigger()
    rescuer.stop()
    assert qt_said == []  # Qt's box was never shown (it said "File not found")
    box = window.message_box
    assert box is not None and box.isVisible()
    assert box.text() == LOOP.format(name)
    assert "loop of links" in box.detailedText()
    assert window.session.position is before
    box.accept()
    assert window.session.request_stroke(*first)  # and the game goes on


@pytest.mark.parametrize("what", ["loop", "fifo", "folder"])
def test_a_loop_a_fifo_or_a_folder_given_on_the_command_line_is_told_at_once(
    make_window, tmp_path, what
):
    path = tmp_path / "evening.triangles"
    if what == "loop":
        if not hasattr(os, "symlink"):
            pytest.skip("no symbolic links here")
        path.symlink_to(path.name)
    elif what == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)  # opening it for reading would wait for a writer forever
    else:
        path.mkdir()
    options, _ = parse_arguments(["triangles-qt", str(path)])
    assert options.open == str(path)
    window = make_window()
    window.files.first_game(options.open)
    box = window.message_box
    assert box is not None and box.isVisible()
    assert (
        box.text()
        == {
            "loop": LOOP.format(path.name),
            "fifo": "“evening.triangles” cannot be opened: it is not a file but a pipe, a device "
            "or a socket.",
            "folder": "“evening.triangles” cannot be opened: it is a folder, not a saved game.",
        }[what]
    )
    box.button(QMessageBox.StandardButton.Ok).click()
    assert window.session.position is not None  # then a game starts
