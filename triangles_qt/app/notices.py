"""What the player is told in the status bar, as typed values: what it is about, how much it
matters and how long it stays. A notice words itself in the language in use each time it is
shown, so it follows a language change; the status bar renders notices, and no code reads their
text back to decide anything.

The texts keep the translation contexts ("MainWindow", "GameController", "Rejection") they were
first translated in.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject

from triangles_qt.core.game import Rejection
from triangles_qt.core.position import Position
from triangles_qt.core.record import Ending, EndKind
from triangles_qt.strategy_runner import FailureKind

from .hint_reason import HintTexts, Reason, reason_for
from .plurals import plural


class NoticeKind(enum.Enum):
    """What a notice is about: a later notice or a change of the game withdraws notices by kind."""

    STARTUP = enum.auto()  # plugins or themes missing, the last autosave damaged
    LANGUAGE = enum.auto()
    FILE = enum.auto()  # opened, saved
    UNDO = enum.auto()  # taken back, drawn again
    TRIANGLES = enum.auto()
    REFUSED = enum.auto()
    HINT_SEARCH = enum.auto()
    HINT = enum.auto()
    COMPUTER_FAILED = enum.auto()
    AUTOSAVE_FAILED = enum.auto()
    RESULT = enum.auto()
    CONNECTION = enum.auto()  # a game online: something refused, or the connection lost
    CHAT = enum.auto()  # a game online: a line from the friend, or to them


class Priority(enum.IntEnum):
    """A notice that yields does not cover one of higher priority: a computer player's failure
    stays readable when the stand-in's stroke closes a triangle, the start-up warnings when a
    file is opened."""

    INFO = 0
    RESULT = 1
    WARNING = 2


@dataclass(frozen=True, eq=False)
class Notice:
    """`seconds` None: it stays until withdrawn, and comes back after any passing notice.
    `yields`: news that may wait, not shown over a notice of higher priority."""

    kind: NoticeKind
    text: Callable[[], str]
    priority: Priority = Priority.INFO
    seconds: float | None = 4.0
    yields: bool = False


def rejection_text(reason: Rejection) -> str:
    """The sentence for a refused stroke (docs/rules.md section 2)."""
    texts = {
        Rejection.ALREADY_DRAWN: QCoreApplication.translate("Rejection", "Already drawn"),
        Rejection.PASSES_OVER_STAR: QCoreApplication.translate("Rejection", "Passes over a star"),
        Rejection.CROSSES_STROKE: QCoreApplication.translate("Rejection", "Crosses a stroke"),
    }
    return texts.get(reason, str(reason))


def stroke_refused(reason: Rejection) -> Notice:
    return Notice(NoticeKind.REFUSED, lambda: rejection_text(reason), seconds=6)


def hint_search() -> Notice:
    return Notice(
        NoticeKind.HINT_SEARCH,
        lambda: QCoreApplication.translate("MainWindow", "Looking for a good stroke…"),
        seconds=None,
    )


def hint_shown(reason: Reason) -> Notice:
    """The hint is on the board; the status bar says why it is good (hint_reason.py)."""
    return Notice(NoticeKind.HINT, lambda: HintTexts().sentence(reason), seconds=10)


def hint_found(position: Position, stroke: tuple[int, int]) -> Notice:
    """A hint found for `position`: why `stroke` is good."""
    return hint_shown(reason_for(position.game(), stroke))


class Counted(QObject):
    """Texts with a number in them (lupdate reads the plural forms of tr() in a class)."""

    def strokes_taken_back(self, n: int) -> str:
        return plural(self.tr("%n stroke(s) taken back", "", n), n)

    def strokes_drawn_again(self, n: int) -> str:
        return plural(self.tr("%n stroke(s) drawn again", "", n), n)


def taken_back(count: int = 1) -> Notice:
    """One undo: against the computer it takes back the computer's strokes too."""
    if count == 1:
        return Notice(
            NoticeKind.UNDO,
            lambda: QCoreApplication.translate("MainWindow", "Stroke taken back"),
            seconds=2.5,
        )
    return Notice(NoticeKind.UNDO, lambda: Counted().strokes_taken_back(count), seconds=2.5)


def undo_asked() -> Notice:
    return Notice(
        NoticeKind.UNDO,
        lambda: QCoreApplication.translate(
            "MainWindow", "Your friend is asked to take back your last stroke…"
        ),
        seconds=6,
    )


def drawn_again(count: int = 1) -> Notice:
    """One redo: as many strokes as the undo took back, and said as the undo said it."""
    if count == 1:
        return Notice(
            NoticeKind.UNDO,
            lambda: QCoreApplication.translate("MainWindow", "Stroke drawn again"),
            seconds=2.5,
        )
    return Notice(NoticeKind.UNDO, lambda: Counted().strokes_drawn_again(count), seconds=2.5)


def opened(name: str, stopped: Ending | None = None, names: tuple[str, str] = ("", "")) -> Notice:
    """A game file opened; `stopped`: its record says the game stopped there before its end."""
    if stopped is None:
        return Notice(
            NoticeKind.FILE,
            lambda: QCoreApplication.translate("MainWindow", "Opened %1").replace("%1", name),
            yields=True,
        )
    return Notice(
        NoticeKind.FILE,
        lambda: (
            QCoreApplication.translate("MainWindow", "Opened %1.").replace("%1", name)
            + " "
            + stopped_text(stopped, names)
        ),
        seconds=10,
    )


def stopped_text(stopped: Ending, names: tuple[str, str]) -> str:
    """How a game stopped before its end (a game with a friend elsewhere), for a record opened
    here: it can be played on."""
    who = names[stopped.player] if stopped.player is not None else ""
    if stopped.how == EndKind.RESIGNED:
        text = QCoreApplication.translate(
            "MainWindow", "%1 had resigned there; the game can be played on."
        )
    elif stopped.how == EndKind.LEFT and who:
        text = QCoreApplication.translate(
            "MainWindow", "%1 had left there; the game can be played on."
        )
    elif stopped.how == EndKind.REFUSED and who:
        text = QCoreApplication.translate(
            "MainWindow",
            "It had stopped there: what %1 sent was refused. The game can be played on.",
        )
    else:
        text = QCoreApplication.translate(
            "MainWindow",
            "It had stopped there: the connection was lost. The game can be played on.",
        )
    return text.replace("%1", who)


def saved(name: str) -> Notice:
    return Notice(
        NoticeKind.FILE,
        lambda: QCoreApplication.translate("MainWindow", "Saved %1").replace("%1", name),
    )


def result(text: Callable[[], str], problem: Callable[[], str] | None = None) -> Notice:
    """The game's result, with why it could not be counted in one line beside it, so that the
    failure stays beside the result instead of hiding under it."""
    if problem is None:
        return Notice(NoticeKind.RESULT, text, Priority.RESULT, None)
    return Notice(NoticeKind.RESULT, lambda: f"{text()} {problem()}", Priority.WARNING, None)


def statistics_not_saved(reason: str, detail: str) -> Callable[[], str]:
    """Why a finished game is not counted yet: it stays kept, and is counted once the file can
    be written (by this window, or by the next start)."""

    def text() -> str:
        if reason == "busy":
            return QCoreApplication.translate(
                "MainWindow",
                "Another program is using the statistics; this game is kept and will be "
                "counted when the file is free.",
            )
        if reason == "full":
            return QCoreApplication.translate(
                "MainWindow",
                "The disk is full; this game is kept and will be counted when there is space.",
            )
        if reason == "read-only":
            return QCoreApplication.translate(
                "MainWindow",
                "The statistics file cannot be written (it is read-only); this game is kept "
                "and will be counted when it can be.",
            )
        return QCoreApplication.translate(
            "MainWindow", "The statistics could not be saved (%1); this game is kept."
        ).replace("%1", detail)

    return text


def result_saved_later() -> Notice:
    return Notice(
        NoticeKind.RESULT,
        lambda: QCoreApplication.translate(
            "MainWindow", "The last game's result is now counted in the statistics."
        ),
        Priority.RESULT,
        None,
    )


def statistics_started_again(kept: str) -> Callable[[], str]:
    return lambda: QCoreApplication.translate(
        "MainWindow",
        "The statistics file was damaged; it was kept as %1 and counting started again.",
    ).replace("%1", kept)


def computer_failed(name: str, failure: object, replaced: bool) -> Notice:
    """A computer player failed and the fallback's stroke was played instead."""

    def text() -> str:
        # The third failure's sentence is the short one: it has to fit the status bar, and the
        # player has already read what a failure means.
        if replaced:
            sentence = QCoreApplication.translate(
                "GameController",
                "“%1” failed again (%2); a simple player takes its "
                "place for the rest of this game.",
            )
        else:
            sentence = QCoreApplication.translate(
                "GameController",
                "The computer player “%1” failed (%2); a simple stroke was played instead.",
            )
        return sentence.replace("%1", name).replace("%2", failure_reason(failure))

    return Notice(NoticeKind.COMPUTER_FAILED, text, Priority.WARNING, 10)


def failure_reason(failure: object) -> str:
    """Why a computer player's move failed, in the player's language: for a runner `Failure`
    or a bare `FailureKind`."""
    kind = failure if isinstance(failure, FailureKind) else getattr(failure, "kind", None)
    if kind == FailureKind.RAISED:  # the exception's own words are the plugin's, not ours
        raised = str(getattr(failure, "error", "")).removeprefix("raised ")
        return QCoreApplication.translate("GameController", "its code raised %1").replace(
            "%1", raised
        )
    texts = {
        FailureKind.BAD_ANSWER: QCoreApplication.translate(
            "GameController", "it chose a stroke that cannot be drawn"
        ),
        FailureKind.TIMED_OUT: QCoreApplication.translate(
            "GameController", "did not answer in time"
        ),
        FailureKind.BUSY: QCoreApplication.translate(
            "GameController", "still busy with an earlier move"
        ),
        FailureKind.STOPPED: QCoreApplication.translate(
            "GameController", "its program stopped, or answered what the game does not understand"
        ),
    }
    return texts.get(kind, str(getattr(failure, "error", failure)))  # type: ignore[arg-type]


def autosave_failed(reason: Callable[[], str]) -> Notice:
    return Notice(NoticeKind.AUTOSAVE_FAILED, reason, Priority.WARNING, 10)


def startup(texts: list[Callable[[], str]]) -> Notice:
    return Notice(
        NoticeKind.STARTUP, lambda: " ".join(text() for text in texts), Priority.WARNING, 15
    )


def language_missing(native_name: str) -> Notice:
    return Notice(
        NoticeKind.LANGUAGE,
        lambda: QCoreApplication.translate(
            "MainWindow", "The %1 translation is missing or damaged; using English."
        ).replace("%1", native_name),
        Priority.WARNING,
        8,
    )
