"""What happens at the table, as typed values without words: the table and its seats emit them
(`Table.happened`), and whoever shows the game (the app's status bar, a headless player's
terminal, a test) decides what to say about each. None of them carries text for a player; the
English `detail` some carry is for the terminal and for a plugin's author."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from triangles_qt.core.game import Rejection
from triangles_qt.core.position import Position
from triangles_qt.core.record import Ending

Stroke = tuple[int, int]


@dataclass(frozen=True)
class Refusal:
    """A stroke the rules refused: why, and what is in its way (the stars it passes over, the
    strokes it crosses), for the board to show."""

    stroke: Stroke
    reason: Rejection
    over: tuple[int, ...]
    crossed: tuple[Stroke, ...]


@dataclass(frozen=True)
class StrokeRefused:
    """A seat answered with a stroke the rules refuse; it is asked again."""

    refusal: Refusal


@dataclass(frozen=True)
class ComputerFailed:
    """A computer player's move failed and the fallback's stroke was played instead;
    `replaced`: its third failure, the fallback plays for it until the game ends."""

    strategy: Any
    failure: Any  # strategy_runner.Failure
    replaced: bool


@dataclass(frozen=True)
class TakenBack:
    """Undo, or a take-back both players agreed to: `count` strokes taken back."""

    count: int


@dataclass(frozen=True)
class DrawnAgain:
    """Redo: `count` strokes drawn again."""

    count: int


@dataclass(frozen=True)
class UndoAsked:
    """The player elsewhere was asked to agree to an undo."""


@dataclass(frozen=True)
class ResultWithdrawn:
    """A finished game was reopened (an undo after its end): its result no longer stands."""


@dataclass(frozen=True)
class FileOpened:
    """A game file was opened; `stopped`: its record says the game stopped there before its
    end (docs/rules.md 8.1.1), `names` its players."""

    name: str
    stopped: Ending | None = None
    names: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class FileSaved:
    name: str


@dataclass(frozen=True)
class AutosaveFailed:
    """The unfinished game could not be kept on disk (told once until a write works again);
    `error` is the OSError or RecordError, `folder` where it was to be written."""

    error: Exception
    folder: str


@dataclass(frozen=True)
class StatisticsProblem:
    """Why a result could not be counted: `reason` is statistics.StatisticsError's ("busy",
    "full", "read-only", ...), `detail` its English message."""

    reason: str
    detail: str


@dataclass(frozen=True)
class GameEnded:
    """The game is over. `problem`: its result could not be counted yet (it is kept and tried
    again); `statistics_reset`: the statistics file was damaged and kept under this name."""

    winner: int | None
    problem: StatisticsProblem | None = None
    statistics_reset: str | None = None


@dataclass(frozen=True)
class ResultSavedLater:
    """The result that could not be counted when the game ended now is."""


@dataclass(frozen=True)
class AbandonNotCounted:
    """A game left for another could not be counted as lost."""

    problem: StatisticsProblem


@dataclass(frozen=True)
class HintSearching:
    """A hint is being looked for."""


@dataclass(frozen=True)
class HintSearchEnded:
    """The hint search is over (found, or cancelled by a change of the position)."""


@dataclass(frozen=True)
class HintFound:
    """A hint for the person to move: `stroke` in `position`."""

    position: Position
    stroke: Stroke


@dataclass(frozen=True)
class PeerDropped:
    """The connection to `name`, a player elsewhere, was lost; the game goes on when they are
    back."""

    name: str


@dataclass(frozen=True)
class PeerTrouble:
    """Something went wrong in the game with `name` (a line refused); the game is as it was."""

    name: str
