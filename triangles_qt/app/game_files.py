"""The Game menu's file commands for the window: Open, Save and Save As with their file choosers
and messages, and at start the file given on the command line or the game autosaved last time.
The session reads and writes the files; this asks the player (the file choosers themselves are
game_file_choosers.py). The texts keep the "MainWindow"
translation context they were first translated in."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QDate, QDateTime, QLocale, Qt
from PySide6.QtWidgets import QWidget

from triangles_qt.core.position import Position
from triangles_qt.core.record import SUFFIX
from triangles_qt.table.seats import StandIn
from triangles_qt.table.session import FileError, GameSession, ResumeOffer

from .player_names import loaded_name
from .settings import Settings
from .table_talk import damaged_autosave_text

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox


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

    def offer_rejoin(self) -> bool:
        """On start: offer the online games a killed window left (True: one is rejoined)."""
        ...

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
        if self.window.offer_rejoin() or self.offer_resume():
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
        from .game_file_choosers import choose_open_path

        return choose_open_path(self.window.dialog_parent(), self._folder())

    def choose_save_path(self) -> str:
        from .game_file_choosers import choose_save_path

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
