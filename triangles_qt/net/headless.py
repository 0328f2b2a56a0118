"""Headless play over the network: one game with a strategy (or engine) in the local seat, for
bots and tests. `HeadlessPlayer` plays a `NetMatch` at a table (triangles_qt/table/), as the
app does: the strategy's seat (`ComputerSeat`: `SafeStrategy` in its own process, as the arena
and the app run it) against the peer's (`RemoteSeat`). It writes the record once the game is
settled (or, if it stopped before its end, as it stood, saying how), and keeps its seat in a
small file (kept_seat.py) so that a killed joiner or host, started again with the same command,
comes back to the same game.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from triangles_qt.core.atomic_file import write_atomically
from triangles_qt.core.record import Ending, RecordError, record_to_text
from triangles_qt.strategy_runner import SafeStrategy
from triangles_qt.table.events import ComputerFailed
from triangles_qt.table.seats import ComputerSeat, Seat
from triangles_qt.table.table import Table

from . import protocol
from .endings import EndingWatch
from .kept_seat import forget, kept_seat_of, players_of, write_kept_seat
from .match import NetMatch, Role, State
from .remote_seat import RemoteSeat


def write_resume(path: Path, match: NetMatch) -> None:
    """Keep what `match`'s side needs to take its seat back after a kill (kept_seat.py)."""
    write_kept_seat(path, kept_seat_of(match))


def record_name(match: NetMatch) -> str:
    """A record's file name, the same on both sides (the token tells games apart)."""
    assert match.game is not None
    board = match.game.board
    where = board.preset or "custom"
    tag = hashlib.sha256(match.token.encode()).hexdigest()[:8]
    return f"online-{where}-seed{board.seed}-{tag}.triangles"


def result_line(match: NetMatch) -> str:
    game = match.game
    assert game is not None
    names = [p.name for p in players_of(match)]
    score = f"{names[0]} {game.scores[0]} - {game.scores[1]} {names[1]}"
    if match.resigned_seat is not None:
        return f"{score}: {names[match.resigned_seat]} resigned"
    if game.winner is None:
        return f"{score}: draw"
    return f"{score}: {names[game.winner]} wins"


class HeadlessPlayer(QObject):
    """Plays `match` with `runner` in the local seat until the game is settled or the match
    ends; `done(status, message)` then tells the command what to print and how to exit."""

    done = Signal(int, str)

    def __init__(
        self,
        match: NetMatch,
        runner: SafeStrategy,
        budget_s: float,
        records_dir: Path | None,
        resume_file: Path | None = None,
        delay_s: float = 0.0,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.match = match
        self.runner = runner
        self.budget_s = budget_s
        self.records_dir = records_dir
        self.resume_file = resume_file
        self.delay_s = delay_s
        self.record_path: Path | None = None
        self._finished = False
        self._leaving: tuple[int, str] | None = None
        self.endings = EndingWatch(match)
        self.table = Table(self, budget_s)
        self.table.happened.connect(self._table_event)
        match.started.connect(self._started)
        # A side started again after a kill comes back to its game by a rejoin.
        match.resumed.connect(self._resumed)
        match.stroke_received.connect(lambda _move: self._next())
        match.state_changed.connect(self._state_changed)
        match.confirmed.connect(self._confirmed)
        # A host keeps its game before each line that confirms a stroke leaves.
        match.host_state_changed.connect(self._keep_host_state)
        match.problem.connect(lambda text: print(f"warning: {text}", file=sys.stderr, flush=True))
        match.retrying.connect(self._retrying)
        match.waiting_for_host.connect(
            lambda: print(
                f"waiting for {match.peer_name} to accept this player",
                file=sys.stderr,
                flush=True,
            )
        )
        match.undo_offered.connect(
            lambda _keep: match.answer_undo(False)
        )  # a bot takes nothing back
        match.rematch_offered.connect(lambda: match.answer_rematch(False))  # one game per run
        match.ended.connect(self._ended)

    def _retrying(self, delay_s: float, why: str) -> None:
        """The host said `busy`: the match tries again (for a bounded time); say so."""
        print(
            f"the host is busy ({why}): trying again in {delay_s:.1f} s",
            file=sys.stderr,
            flush=True,
        )

    def _started(self) -> None:
        """The game begins (or is joined again): it is played at this player's table."""
        match = self.match
        assert match.game is not None and match.peer is not None
        self.runner.reset()
        name = match.local.name
        mine = ComputerSeat(lambda: name, self.runner, round(self.delay_s * 1000))
        theirs = RemoteSeat(match)
        seats: list[Seat] = [mine, theirs] if match.local_seat == 0 else [theirs, mine]
        self.table.play(match.game.copy(), seats)
        self._next()

    def _resumed(self, _first: int) -> None:
        if self.table.position is None:  # this process was started again after a kill
            self._started()

    def _table_event(self, event: object) -> None:
        if isinstance(event, ComputerFailed):
            print(f"warning: the strategy failed: {event.failure.error}", file=sys.stderr)

    def _state_changed(self, state: State) -> None:
        match = self.match
        if state == State.RECONNECTING:
            if match.role == Role.HOST:
                line = (
                    f"waiting for {match.peer_name} to reconnect (up to {match.limits.grace_s:g} s)"
                )
            else:
                line = "the connection was lost: rejoining"
            print(line, file=sys.stderr, flush=True)
        self._next()

    def _next(self) -> None:
        """Finish once the game is settled (the table plays it until then)."""
        if self.match.settled:
            self._settle()

    def _keep_host_state(self) -> None:
        if self.resume_file is not None and self.match.peer is not None and not self._finished:
            try:
                write_resume(self.resume_file, self.match)
            except (OSError, RecordError) as exc:
                print(f"warning: the game was not kept: {exc}", file=sys.stderr)

    def _confirmed(self, _count: int) -> None:
        if self.match.role == Role.JOIN and self.resume_file is not None:
            try:
                write_resume(self.resume_file, self.match)
            except (OSError, RecordError) as exc:
                print(f"warning: the rejoin state was not kept: {exc}", file=sys.stderr)
        self._next()

    def _settle(self) -> None:
        if self._finished:
            return
        self._finished = True
        self.table.close()
        match = self.match
        assert match.game is not None
        message = result_line(match)
        try:
            message += self._write_record(self.endings.ending(""))
        except (OSError, RecordError) as exc:
            match.leave()
            self.done.emit(1, f"error: the record was not written: {exc}")
            return
        if self.resume_file is not None:
            forget(self.resume_file)
        match.leave()
        self.done.emit(0, message)

    def _write_record(self, ended: Ending | None) -> str:
        """Keep the game's record in the records folder, if there is one; what to print."""
        match = self.match
        if self.records_dir is None or match.game is None or match.peer is None:
            return ""
        self.records_dir.mkdir(parents=True, exist_ok=True)
        self.record_path = self.records_dir / record_name(match)
        text = record_to_text(match.game, players_of(match), ended)
        write_atomically(self.record_path, text.encode("utf-8"))
        return f"\nrecord: {self.record_path}"

    def _ended(self, reason: str) -> None:
        if self._finished:
            return
        if self.match.settled:
            self._settle()
            return
        self._finished = True
        self.table.close()
        status, message = 1, f"error: {reason or 'the game ended before it was finished'}"
        if self._leaving is not None:
            status, message = self._leaving
        if self.match.refusal_code == protocol.TOKEN and self.resume_file is not None:
            message += f" (remove {self.resume_file} to join a new game)"
        if self.match.game is not None and self.match.game.moves:
            # Kept as it stood, with how it stopped (docs/rules.md 8.1.1).
            try:
                ending = self.endings.ending(reason, left_here=self._leaving is not None)
                message += self._write_record(ending)
            except (OSError, RecordError) as exc:
                message += f"\nerror: the record was not written: {exc}"
        # Over for good for a host, or for a player who left: nothing to take back. A joiner
        # whose host is gone keeps its seat, to try again later.
        if self.resume_file is not None and (
            self.match.role == Role.HOST or self._leaving is not None
        ):
            forget(self.resume_file)
        self.done.emit(status, message)

    def leave(self, reason: str, status: int, message: str) -> None:
        """This side's player leaves the game (Ctrl-C): the peer is told, the record kept, and
        `done` says (`status`, `message`) with the record's line."""
        self._leaving = (status, message)
        self.match.leave(reason)
        if not self._finished:  # the match had ended already
            self._finished = True
            self.done.emit(status, message)


def run(player: HeadlessPlayer, app: Any) -> int:
    """Run the event loop until `player` is done; print its message; the exit status."""
    outcome: list[tuple[int, str]] = []

    def finished(status: int, message: str) -> None:
        outcome.append((status, message))
        app.quit()

    player.done.connect(finished)
    if not outcome:
        app.exec()
    status, message = outcome[0] if outcome else (1, "error: stopped")
    print(message, file=sys.stdout if status == 0 else sys.stderr, flush=True)
    return status
