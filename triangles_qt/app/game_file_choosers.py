"""The file choosers for saved games (Game > Open and Save As): Qt's file dialog with the saved
games named and drawn as such, and a name that is a link leading back to itself taken as chosen.
Imported when a chooser is first opened: a start opens none. The texts keep the "MainWindow"
translation context they were first translated in."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QFileInfo
from PySide6.QtWidgets import QDialog, QFileDialog, QFileIconProvider, QWidget

from triangles_qt.core.record import SUFFIX

from .appearance import app_icon


def file_filter() -> str:
    return QCoreApplication.translate("MainWindow", "Triangles games (*.triangles)")


class SavedGameTypes(QFileIconProvider):
    """Names saved games "Triangles game", with the game's icon, in Qt's own file dialog. Until
    the desktop's MIME database knows the type (triangles-qt --install-desktop-entry installs
    it), that dialog calls them plain text documents; a desktop's own dialog asks the database."""

    def type(self, info: QFileInfo) -> str:
        if info.isFile() and info.fileName().endswith(SUFFIX):
            return QCoreApplication.translate("MainWindow", "Triangles game")
        return super().type(info)

    def icon(self, what):
        if isinstance(what, QFileInfo) and what.isFile() and what.fileName().endswith(SUFFIX):
            return app_icon()
        return super().icon(what)


def leads_back_to_itself(path: str) -> bool:
    """Whether `path` is a symbolic link that never reaches a file: one pointing to itself, or
    links pointing to each other (the system gives up on them at once: ELOOP)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    except ValueError:  # a NUL in the name: Qt's own check answers that
        return False
    return False


class GameFileDialog(QFileDialog):
    """The file chooser, with one thing Qt's own gets wrong taken out of its hands. (The app
    asks for no particular kind: a desktop with a dialog of its own shows that one; elsewhere,
    and always off-screen, it is Qt's.) Told to open a name that is a link leading back to
    itself (`ln -s loop loop`, or a -> b -> a), Qt's accept() finds no such file and says
    "File not found" in a message box it waits on inside accept(): the wrong reason, and
    off-screen, where nobody can close that box, accept() never returns. Such a name is taken
    as chosen instead, so that opening it says what it is, in the window's own message that
    nothing waits on, as for any file that cannot be opened."""

    def __init__(self, parent: QWidget, title: str, folder: Path) -> None:
        super().__init__(parent, title, str(folder), file_filter())
        self.chosen = ""

    def accept(self) -> None:
        if self.acceptMode() == QFileDialog.AcceptMode.AcceptOpen:
            loops = [path for path in self.selectedFiles() if leads_back_to_itself(path)]
            if loops:
                self.chosen = loops[0]
                self.done(QDialog.DialogCode.Accepted)  # not Qt's accept(): no box
                return
        super().accept()

    def chosen_file(self) -> str:
        """The file chosen once exec() accepted."""
        return self.chosen or self.selectedFiles()[0]


def game_file_dialog(parent: QWidget, title: str, folder: Path) -> GameFileDialog:
    """A file chooser for saved games (Open and Save As share it)."""
    dialog = GameFileDialog(parent, title, folder)
    provider = SavedGameTypes()
    dialog.setIconProvider(provider)
    dialog.file_types = provider  # type: ignore[attr-defined]  # the dialog does not own it
    return dialog


def choose_open_path(parent: QWidget, folder: Path) -> str:
    dialog = game_file_dialog(parent, QCoreApplication.translate("MainWindow", "Open game"), folder)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    chosen = dialog.chosen_file() if dialog.exec() else ""
    dialog.deleteLater()
    return chosen


def choose_save_path(parent: QWidget, folder: Path, name: str | None) -> str:
    """The file to save to, "" when the player cancelled; it may lack the suffix."""
    dialog = game_file_dialog(parent, QCoreApplication.translate("MainWindow", "Save game"), folder)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setDefaultSuffix(SUFFIX.lstrip("."))
    # A native dialog adds the suffix after asking about the name as typed, so the app asks
    # about the final name itself, the same way with every dialog.
    dialog.setOption(QFileDialog.Option.DontConfirmOverwrite)
    if name:
        dialog.selectFile(name)
    chosen = dialog.selectedFiles()[0] if dialog.exec() else ""
    dialog.deleteLater()
    return chosen
