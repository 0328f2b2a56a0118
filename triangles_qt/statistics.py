"""Statistics of games against the computer (docs/rules.md 6): played, won, lost and drawn per
computer strategy, kept in one small JSON file. No Qt here.

A draw counts neither as a win nor as a loss; ``played`` is always ``won + lost + drawn``.

The file is written atomically (temporary file in the same folder, fsync, ``os.replace``), so a
crash or a full disk leaves the previous file whole. A file that cannot be understood is never
overwritten: it is renamed to ``statistics.json.corrupt-<timestamp>``, counting starts again from
zero and `StatisticsStore.load_error` says what happened, so the app can tell the player.

File format (version 1)::

    {"version": 1, "strategies": {"<strategy id>": {"won": 3, "lost": 1, "drawn": 0}}}
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from .core.atomic_file import set_aside, write_atomically
from .core.safe_read import TooLarge, read_regular_file
from .plugin_manager import user_data_dir

FILE_NAME = "statistics.json"
FORMAT_VERSION = 1
OUTCOMES = ("won", "lost", "drawn")
MAX_FILE_BYTES = 4 * 1024 * 1024


class StatisticsError(OSError):
    """Statistics could not be saved (the message is one sentence for the player)."""


@dataclass(frozen=True)
class Counts:
    """Games against one strategy (or all of them). ``played == won + lost + drawn``."""

    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.played + other.played,
            self.won + other.won,
            self.lost + other.lost,
            self.drawn + other.drawn,
        )


def default_statistics_path() -> Path:
    """Where the app keeps its statistics file."""
    return user_data_dir() / FILE_NAME


class StatisticsStore:
    """The statistics file: read once when created, written after every change."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_statistics_path()
        self.load_error: str | None = None
        """Why the file could not be read (None when all is well); shown to the player."""
        self.corrupt_copy: Path | None = None
        """Where an unreadable file was moved to, if it was."""
        self._writable = True
        self._results: dict[str, dict[str, int]] = {}
        self._load()

    # --- reading ---------------------------------------------------------------------------------

    def per_strategy(self) -> dict[str, Counts]:
        """Counts per computer strategy id, sorted by id."""
        return {sid: _counts(self._results[sid]) for sid in sorted(self._results)}

    def totals(self) -> Counts:
        """Counts over every strategy."""
        total = Counts()
        for counts in self.per_strategy().values():
            total = total + counts
        return total

    # --- changing --------------------------------------------------------------------------------

    def record_result(
        self, strategy_id: str, outcome: str, *, replacing: tuple[str, str] | None = None
    ) -> None:
        """Count one finished game against `strategy_id` from the human's side: `outcome` is
        "won", "lost" or "drawn". `replacing` is a (strategy id, outcome) this game counted before
        it was reopened by undo: it is taken back in the same write, if it is still there (the
        statistics may have been reset since). Saves at once; raises `StatisticsError` (and
        changes nothing) when the file cannot be written."""
        if not isinstance(strategy_id, str) or not strategy_id:
            raise ValueError(f"strategy id must be a non-empty string, not {strategy_id!r}")
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {outcome!r}")
        updated = {sid: dict(row) for sid, row in self._results.items()}
        if replacing is not None:
            old_id, old_outcome = replacing
            if updated.get(old_id, {}).get(old_outcome, 0) > 0:
                updated[old_id][old_outcome] -= 1
                if not any(updated[old_id].values()):
                    del updated[old_id]
        row = updated.setdefault(strategy_id, {key: 0 for key in OUTCOMES})
        row[outcome] += 1
        self._save(updated)
        self._results = updated

    def reset(self) -> None:
        """Forget every result (the file is rewritten empty). A damaged file that was kept aside
        stays where it is; `load_error` is cleared, since the player has now dealt with it."""
        # The player chose to start over: this also replaces a damaged file that could not be moved
        # aside (they were told about it in the statistics window).
        self._writable = True
        self._save({})
        self._results = {}
        self.load_error = None

    # --- the file --------------------------------------------------------------------------------

    def _load(self) -> None:
        try:
            raw = read_regular_file(self.path, MAX_FILE_BYTES)
        except FileNotFoundError:
            return
        except TooLarge:
            self._set_aside("it is unreasonably large")
            return
        except OSError as error:  # NotAFile too: a FIFO or device is moved aside, never read
            self._set_aside(f"it could not be read ({error.strerror or error})")
            return
        try:
            self._results = _parse(raw)
        except ValueError as error:
            self._set_aside(str(error))

    def _set_aside(self, problem: str) -> None:
        """Move a bad file out of the way so that it is neither lost nor overwritten."""
        try:
            target = set_aside(self.path)
        except OSError:
            self._writable = False
            self.load_error = (
                f"The statistics file {self.path} is damaged ({problem}) and could not be moved "
                "aside; statistics are shown from zero and will not be saved until it is fixed "
                "or the statistics are reset."
            )
            return
        self.corrupt_copy = target
        self.load_error = (
            f"The statistics file was damaged ({problem}). It was kept as {target.name} and "
            "statistics start again from zero."
        )

    def _save(self, results: dict[str, dict[str, int]]) -> None:
        if not self._writable:
            raise StatisticsError(
                f"Statistics are not saved because the damaged file {self.path} is still in place."
            )
        document = {"version": FORMAT_VERSION, "strategies": results}
        data = (json.dumps(document, indent=2, sort_keys=True) + "\n").encode("utf-8")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, data)
        except OSError as error:
            raise StatisticsError(
                f"Statistics could not be saved to {self.path} ({error.strerror or error})."
            ) from error


def _counts(row: dict[str, int]) -> Counts:
    won, lost, drawn = row["won"], row["lost"], row["drawn"]
    return Counts(won + lost + drawn, won, lost, drawn)


def _parse(raw: bytes) -> dict[str, dict[str, int]]:
    """Validate a version 1 file; raise ValueError naming the first problem."""
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError("it is not valid JSON") from error
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    if not isinstance(document, dict):
        raise ValueError("it is not a JSON object")
    if document.get("version") != FORMAT_VERSION:
        raise ValueError(f"unknown version {document.get('version')!r}")
    strategies = document.get("strategies")
    if not isinstance(strategies, dict):
        raise ValueError("'strategies' is not an object")
    results: dict[str, dict[str, int]] = {}
    for strategy_id, row in strategies.items():
        if not strategy_id:
            raise ValueError("a strategy id is empty")
        if not isinstance(row, dict) or set(row) != set(OUTCOMES):
            raise ValueError(f"the counts of '{strategy_id}' are not won/lost/drawn")
        for key in OUTCOMES:
            value = row[key]
            if type(value) is not int or value < 0:
                raise ValueError(f"'{strategy_id}' has an invalid {key} count {value!r}")
        results[strategy_id] = {key: row[key] for key in OUTCOMES}
    return results


__all__ = [
    "Counts",
    "StatisticsError",
    "StatisticsStore",
    "default_statistics_path",
]
