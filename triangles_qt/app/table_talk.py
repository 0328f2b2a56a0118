"""What the app says about the table: the notices for the table's events (table/events.py), the
result in words, and each seat's line on the score card, all in the language in use. The table
has no words; this module is where its news become sentences.

The texts keep the translation contexts ("MainWindow", "RemoteSeat") they were first translated in.
"""

from __future__ import annotations

import errno
import functools
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal

from triangles_qt.table import events as ev
from triangles_qt.table.autosave import DamagedAutosave
from triangles_qt.table.seats import ComputerSeat, Connected, Connection, Seat, StandIn
from triangles_qt.table.table import Table

from . import notices
from .notices import Notice, NoticeKind, Priority
from .strategy_names import strategy_display_name


class TableTalk(QObject):
    """Turns `table`'s events into notices (`notice`) and withdrawals (`withdrawn`) for the
    status bar."""

    notice = Signal(object)  # Notice
    withdrawn = Signal(object)  # NoticeKind: no longer true

    def __init__(self, table: Table, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table = table
        table.happened.connect(self.tell)

    def tell(self, event: object) -> None:
        withdrawn = WITHDRAWS.get(type(event))
        if withdrawn is not None:
            self.withdrawn.emit(withdrawn)
        notice = notice_for(event, self.table)
        if notice is not None:
            self.notice.emit(notice)


WITHDRAWS: dict[type, NoticeKind] = {
    ev.ResultWithdrawn: NoticeKind.RESULT,
    ev.HintSearchEnded: NoticeKind.HINT_SEARCH,
}


def notice_for(event: object, table: Table) -> Notice | None:
    """The notice that tells `event` (None for what the status bar does not tell)."""
    if isinstance(event, ev.StrokeRefused):
        return notices.stroke_refused(event.refusal.reason)
    if isinstance(event, ev.ComputerFailed):
        shown = strategy_display_name(event.strategy)
        return notices.computer_failed(shown, event.failure, event.replaced)
    if isinstance(event, ev.TakenBack):
        return notices.taken_back(event.count)
    if isinstance(event, ev.DrawnAgain):
        return notices.drawn_again(event.count)
    if isinstance(event, ev.UndoAsked):
        return notices.undo_asked()
    if isinstance(event, ev.FileOpened):
        return notices.opened(event.name, event.stopped, event.names)
    if isinstance(event, ev.FileSaved):
        return notices.saved(event.name)
    if isinstance(event, ev.AutosaveFailed):
        return notices.autosave_failed(autosave_failure(event.error, event.folder))
    if isinstance(event, ev.HintSearching):
        return notices.hint_search()
    if isinstance(event, ev.HintFound):
        return hint_notice(event)
    if isinstance(event, ev.GameEnded):
        problem = event.problem
        if problem is not None:
            told: Callable[[], str] | None = notices.statistics_not_saved(
                problem.reason, problem.detail
            )
        elif event.statistics_reset is not None:
            told = notices.statistics_started_again(event.statistics_reset)
        else:
            told = None
        return notices.result(lambda: result_text(table), told)
    if isinstance(event, ev.ResultSavedLater):
        return notices.result_saved_later()
    if isinstance(event, ev.AbandonNotCounted):
        text = notices.statistics_not_saved(event.problem.reason, event.problem.detail)
        return Notice(NoticeKind.RESULT, text, Priority.WARNING, 10)
    if isinstance(event, ev.PeerDropped):
        name = event.name
        return Notice(
            NoticeKind.CONNECTION,
            lambda: QCoreApplication.translate(
                "RemoteSeat",
                "The connection to %1 was lost; the game goes on when they are back.",
            ).replace("%1", name),
            seconds=10.0,
        )
    if isinstance(event, ev.PeerTrouble):
        name = event.name
        return Notice(
            NoticeKind.CONNECTION,
            lambda: QCoreApplication.translate(
                "RemoteSeat",
                "Something went wrong in the game with %1; the game is as it was.",
            ).replace("%1", name),
            Priority.WARNING,
            seconds=10.0,
        )
    return None


@functools.lru_cache(maxsize=2)
def hint_notice(found: ev.HintFound) -> Notice:
    """Why the hint is good (worked out once for the status bar and the board's hint card)."""
    return notices.hint_found(found.position, found.stroke)


def result_text(table: Table) -> str:
    """'You won!', 'You lost!' or 'Draw!' for a person against someone elsewhere;
    '<name> wins!' or 'Draw!' otherwise ("" while the game goes on)."""
    position = table.position
    if position is None or not position.is_over:
        return ""
    winner = position.winner
    if winner is None:
        return QCoreApplication.translate("MainWindow", "Draw!")
    you = table.person_seat
    if you is not None:
        return (
            QCoreApplication.translate("MainWindow", "You won!")
            if winner == you
            else QCoreApplication.translate("MainWindow", "You lost!")
        )
    return QCoreApplication.translate("MainWindow", "%1 wins!").replace(
        "%1", table.seats[winner].name
    )


# -- the score card's lines ------------------------------------------------------------------


def seat_note(seat: Seat) -> str:
    """A line under the seat's name: a computer replaced by the simple player, or where a
    player elsewhere is."""
    if isinstance(seat, ComputerSeat) and seat.replaced:
        return QCoreApplication.translate(
            "MainWindow",
            "“%1” failed three times; a simple player plays in its place until this game ends.",
        ).replace("%1", strategy_display_name(seat.runner.strategy))
    if isinstance(seat, Connected):
        state = seat.connection
        if state in (Connection.WAITING, Connection.RECONNECTING):
            return QCoreApplication.translate("RemoteSeat", "Connection lost.")
        if state == Connection.LEFT:
            return QCoreApplication.translate("RemoteSeat", "Not connected.")
        return QCoreApplication.translate("RemoteSeat", "Plays from another computer.")
    return ""


def seat_badge(seat: Seat) -> str:
    """A word or two after the count: how a friend's connection is."""
    if not isinstance(seat, Connected):
        return ""
    state = seat.connection
    if state in (Connection.WAITING, Connection.RECONNECTING):
        return QCoreApplication.translate("RemoteSeat", "connection lost")
    if state == Connection.LEFT:
        return QCoreApplication.translate("RemoteSeat", "left")
    return QCoreApplication.translate("RemoteSeat", "online")


def waiting_text(seat: Seat) -> str | None:
    """What the score panel says while it is `seat`'s turn; None for a person who plays on
    this board (the panel says "Your turn")."""
    if seat.takes_board_input:
        return None
    if isinstance(seat, Connected):
        name = seat.name
        state = seat.connection
        if state == Connection.RECONNECTING:
            return QCoreApplication.translate("RemoteSeat", "Reconnecting to %1…").replace(
                "%1", name
            )
        if state == Connection.WAITING:
            return QCoreApplication.translate("RemoteSeat", "Waiting for %1 to reconnect…").replace(
                "%1", name
            )
        if state == Connection.LEFT:
            return QCoreApplication.translate("RemoteSeat", "%1 has left the game.").replace(
                "%1", name
            )
        return QCoreApplication.translate("RemoteSeat", "Waiting for %1’s stroke…").replace(
            "%1", name
        )
    if isinstance(seat, ComputerSeat):
        return QCoreApplication.translate("MainWindow", "The computer is thinking…")
    return QCoreApplication.translate("RemoteSeat", "Waiting for %1’s stroke…").replace(
        "%1", seat.name
    )


# -- other news in words -------------------------------------------------------------------------


def stand_in_text(stand_in: StandIn) -> str:
    note = QCoreApplication.translate(
        "MainWindow", "The computer player “%1” is not installed; “%2” plays instead."
    )
    return note.replace("%1", stand_in.missing_id).replace(
        "%2", strategy_display_name(stand_in.stand_in)
    )


def autosave_failure(error: Exception, folder: str) -> Callable[[], str]:
    """Why the autosave failed, in the player's language (the OS's own words went to the
    terminal)."""
    code = getattr(error, "errno", None)
    if code == errno.ENOSPC:
        return lambda: QCoreApplication.translate(
            "MainWindow",
            "The game could not be autosaved: the disk is full. It goes on; "
            "free some space, or save it with Save As.",
        )
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return lambda: QCoreApplication.translate(
            "MainWindow",
            "The game could not be autosaved: %1 is not writable. It goes on; "
            "save it with Save As.",
        ).replace("%1", folder)
    return lambda: QCoreApplication.translate(
        "MainWindow", "The game could not be autosaved. It goes on; save it with Save As."
    )


def damaged_autosave_text(damaged: DamagedAutosave) -> str:
    if damaged.kept is None:
        return QCoreApplication.translate(
            "MainWindow",
            "The unfinished game saved last time could not be read, and was removed.",
        )
    return QCoreApplication.translate(
        "MainWindow",
        "The unfinished game saved last time could not be read; it was kept as %1.",
    ).replace("%1", str(damaged.kept))
