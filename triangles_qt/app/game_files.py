"""The Game menu's file commands for the window: Open, Save and Save As with their file choosers
and messages, and at start the file given on the command line or the game autosaved last time.
The session reads and writes the files; this asks the player. The texts keep the "MainWindow"
translation context they were first translated in."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QFileInfo, QLocale, Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QFileIconProvider, QMessageBox, QWidget

from triangles_qt.core.position import Position
from triangles_qt.core.record import SUFFIX
from triangles_qt.table.seats import StandIn
from triangles_qt.table.session import FileError, GameSession, ResumeOffer

from .appearance import app_icon
from .player_names import loaded_name
from .settings import Settings
from .table_talk import damaged_autosave_text


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


def with_suffix(path: str) -> Path:
    return Path(path if path.endswith(SUFFIX) else path + SUFFIX)


def open_failure(kind: str, name: str) -> str:
    """Why a game file could not be opened, in the player's language (the exact cause goes
    under Show Details)."""
    why = {
        "unreadable": QCoreApplication.translate(
            "MainWindow", "“%1” cannot be opened: the file could not be read."
        ),
        "newer": QCoreApplication.translate(
            "MainWindow", "“%1” was saved by a newer version of Triangles."
        ),
        "folder": QCoreApplication.translate(
            "MainWindow", "“%1” cannot be opened: it is a folder, not a saved game."
        ),
        "special": QCoreApplication.translate(
            "MainWindow",
            "“%1” cannot be opened: it is not a file but a pipe, a device or a socket.",
        ),
        "loop": QCoreApplication.translate(
            "MainWindow",
            "“%1” cannot be opened: it is a link that leads back to itself, never to a file.",
        ),
    }.get(
        kind,
        QCoreApplication.translate("MainWindow", "“%1” is not a Triangles game, or it is damaged."),
    )
    return why.replace("%1", name)


def write_failure(name: str) -> str:
    return QCoreApplication.translate(
        "MainWindow", "“%1” could not be written. The game goes on; try another folder or name."
    ).replace("%1", name)


class FilesWindow(Protocol):
    """What the file commands ask of the window they work for (the MainWindow is one): its
    questions and messages, the first game's two ways to start, and a preview of a game
    offered to resume. Nothing else of the window is reached from here."""

    settings: Settings
    message_box: QMessageBox | None
    startup_notes: list[str]

    def ask(
        self, title: str, question: str, verbs: tuple[str, ...] | None = None
    ) -> bool | None: ...

    def show_error(self, title: str, message: str, details: str = "") -> None: ...

    def leave_game(self, title: str, question: str, verb: str) -> bool: ...

    def tell_stand_ins(self, stand_ins: list[StandIn]) -> None: ...

    def start_guided_game(self, ask: bool = True) -> None: ...

    def play_again(self) -> None: ...

    def preview(self, position: Position, names: tuple[str, str]) -> None:
        """Show `position` and the players' names, not as the game in play (a resume offer)."""
        ...

    def dialog_parent(self) -> QWidget:
        """What the file choosers open over."""
        ...


class GameFiles:
    """Open, Save, Save As and the first game of `window`, on `session`. The choosers are
    methods, so that tests can answer them."""

    def __init__(self, window: FilesWindow, session: GameSession) -> None:
        self.window = window
        self.session = session

    def open_game(self) -> None:
        """Game > Open: ask before abandoning an unfinished game, then choose the file."""
        if not self.window.leave_game(
            QCoreApplication.translate("MainWindow", "Open game"),
            QCoreApplication.translate(
                "MainWindow", "Abandon the game in progress and open another one?"
            ),
            QCoreApplication.translate("MainWindow", "Abandon and open"),
        ):
            return
        path = self.choose_open_path()
        if path:
            self.open_file(path)  # the game in progress is abandoned only if this one opens

    def open_file(self, path: str | os.PathLike[str]) -> bool:
        """Load a .triangles record; a bad file gets a message and the current game goes on."""
        try:
            stand_ins = self.session.open_file(Path(path))
        except FileError as exc:
            self.window.show_error(
                QCoreApplication.translate("MainWindow", "Could not open the game"),
                open_failure(exc.kind, Path(path).name),
                details=str(exc),
            )
            return False
        self.window.tell_stand_ins(stand_ins)
        return True

    def save_game(self) -> bool:
        file = self.session.file
        return self.save_game_as() if file is None else self.save_to(file)

    def save_game_as(self) -> bool:
        chosen = self.choose_save_path()
        if not chosen:
            return False
        path = with_suffix(chosen)
        if path.exists() and not self.window.ask(
            QCoreApplication.translate("MainWindow", "Replace the file?"),
            QCoreApplication.translate(
                "MainWindow", "“%1” already exists. Do you want to replace it?"
            ).replace("%1", path.name),
            (
                QCoreApplication.translate("MainWindow", "&Replace"),
                QCoreApplication.translate("MainWindow", "Cancel"),
            ),
        ):
            return False
        return self.save_to(path)

    def save_to(self, path: str | os.PathLike[str]) -> bool:
        try:
            self.session.save(Path(path))
        except FileError as exc:
            self.window.show_error(
                QCoreApplication.translate("MainWindow", "Could not save the game"),
                write_failure(Path(path).name),
                details=str(exc),
            )
            return False
        return True

    def first_game(self, path: str | None = None) -> None:
        """On start: open `path` if given; else (or if it cannot be opened) offer the autosaved
        game, or start a new one. The resume question waits until the player has closed the
        message saying why the file did not open, rather than hiding it."""
        before = self.window.message_box
        if path and self.open_file(path):
            return
        box = self.window.message_box
        if box is not None and box is not before and box.isVisible():
            box.finished.connect(self._resume_or_start)
        else:
            self._resume_or_start()

    def _resume_or_start(self) -> None:
        if self.offer_resume():
            return
        if not self.window.settings.coached:  # the very first game teaches
            self.window.start_guided_game(ask=False)
        else:
            self.window.play_again()

    def offer_resume(self) -> bool:
        """On start: offer each unfinished game that windows kept and no running window holds,
        newest first, until the player takes one."""
        offers, problems = self.session.autosaved_games()
        self.window.startup_notes.extend(damaged_autosave_text(p) for p in problems)
        for k, offer in enumerate(offers):
            # A finished game there ended while its result could not be written (the
            # statistics busy, the window killed): it is not asked about, it is counted now.
            answer = True if offer.loaded.game.is_over else self._ask_resume(offer)
            if answer:
                self.window.tell_stand_ins(self.session.resume(offer))
                for other in offers[k + 1 :]:
                    self.session.release(other)
                return True
            if answer is None:  # Esc, "Not now": kept, and offered again at the next start
                self.session.release(offer)
            else:
                self.session.discard(offer)
        return False

    def _ask_resume(self, offer: ResumeOffer) -> bool | None:
        # The question is asked over the game it is about, not over an empty board.
        loaded = offer.loaded
        strategy_for = self.session.seat_maker.strategy_for
        names = [loaded_name(player, strategy_for)() for player in loaded.players]
        self.window.preview(Position(loaded.game), (names[0], names[1]))
        # When it was last autosaved: the window may have closed, crashed or still be running
        # somewhere else, so only the time is certain.
        try:
            when = QDateTime.fromSecsSinceEpoch(int(offer.slot.path.stat().st_mtime))
            moment = QLocale().toString(when, QLocale.FormatType.ShortFormat)
        except OSError:
            moment = "?"
        return self.window.ask(
            QCoreApplication.translate("MainWindow", "Resume game"),
            QCoreApplication.translate(
                "MainWindow", "An unfinished game from %1 was kept. Resume it?"
            ).replace("%1", moment),
            (
                QCoreApplication.translate("MainWindow", "&Resume"),
                QCoreApplication.translate("MainWindow", "&Discard"),
                QCoreApplication.translate("MainWindow", "Not &now"),
            ),
        )

    def choose_open_path(self) -> str:
        return choose_open_path(self.window.dialog_parent(), self._folder())

    def choose_save_path(self) -> str:
        file = self.session.file
        parent = self.window.dialog_parent()
        return choose_save_path(parent, self._folder(), file.name if file else self._name())

    def _name(self) -> str:
        """A name for a game not saved before: who plays, and the day ("Ana – Computer
        (Medium) 2026-12-01.triangles"), without characters file systems refuse."""
        names = " – ".join(seat.name for seat in self.session.seats)
        day = QDate.currentDate().toString(Qt.DateFormat.ISODate)
        text = "".join("_" if c in '<>:"/\\|?*' or ord(c) < 32 else c for c in names)
        return f"{text[:80]} {day}{SUFFIX}".strip()

    def _folder(self) -> Path:
        file = self.session.file
        return file.parent if file is not None else Path.home()
