"""The host side of the engine protocol (docs/engine-protocol.md): runs an engine program in its
own process and never trusts it.

`EngineProcess` starts the program (with its memory capped and at a lower CPU priority, so a
runaway engine cannot take the machine down), does the handshake, sends each position and waits
for the answer on a reader thread's queue until the budget and its grace are over; an engine that
stays silent, crashes, says what the protocol does not allow or floods its output is stopped,
and started again for the next stroke.

`EngineStrategy` makes an engine a computer strategy like a plugin's (`id`, `name`,
`choose_stroke`): the app's and the arena's safety net (its own thread, budget and grace, the
fallback and three strikes) applies to it unchanged, and the window never waits on the process.
No Qt here.
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from triangles_qt.core.board import Board
from triangles_qt.core.rules import Rules
from triangles_qt.strategy_runner import GRACE_S

from . import protocol
from .protocol import EngineInfo, ProtocolError


class EngineError(RuntimeError):
    """The engine failed (it stopped, broke the protocol, said too much or reported an error);
    the message says how, in English, for the engine's author."""


class EngineReported(EngineError):
    """The engine answered `error TEXT`: `reported` is TEXT (a plugin's exception, "ValueError:
    lost"), `details` the traceback it sent as `info trace` lines."""

    def __init__(self, reported: str, details: str = "") -> None:
        super().__init__(f"the engine reported: {reported}")
        self.reported = reported
        self.details = details


@dataclass(frozen=True)
class Limits:
    """What an engine process may use. `answer_grace_s` is a little more than the safety net's
    grace, so that the net reports a silent engine as late before the host stops it."""

    memory_bytes: int = 2 * 1024**3
    nice: int = 10
    handshake_s: float = 10.0
    answer_grace_s: float = GRACE_S + 0.25
    output_bytes_per_move: int = 1 << 20


_EOF = object()
_TOO_LONG = object()


class EngineProcess:
    """One engine program. Not thread-safe: one caller at a time (`EngineStrategy` locks)."""

    def __init__(self, command: Sequence[str], limits: Limits = Limits()) -> None:
        self.command = list(command)
        self.limits = limits
        self.info: EngineInfo | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[Any] = queue.Queue()
        self._game: tuple[Board, Rules] | None = None

    # -- life ------------------------------------------------------------------------------------

    def start(self) -> EngineInfo:
        """Start the program and do the handshake; EngineError when it does not answer it."""
        self.stop()
        if not self.command or shutil.which(self.command[0]) is None:
            raise EngineError(f"the engine could not be started: no program {self.command[:1]}")
        try:
            self._process = subprocess.Popen(
                _limited(self.command, self.limits),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,  # a signal to the game's terminal does not reach it
            )
        except OSError as exc:
            raise EngineError(f"the engine could not be started: {exc}") from exc
        self._lines = queue.Queue()
        stdout = self._process.stdout
        assert stdout is not None
        threading.Thread(
            target=_read_lines, args=(stdout, self._lines), name="engine-reader", daemon=True
        ).start()
        self._send(protocol.hello())
        info = EngineInfo()
        deadline = time.monotonic() + self.limits.handshake_s
        while True:
            line = self._next_line(deadline, "the handshake")
            try:
                if protocol.read_handshake_line(line, info):
                    break
            except ProtocolError as exc:
                self.stop(politely=False)
                raise EngineError(str(exc)) from None
        self.info = info
        self._game = None
        return info

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def stop(self, politely: bool = True) -> None:
        """Ask the engine to quit, and end it if it does not within a moment (at once when it
        misbehaved: it has had its chance)."""
        process, self._process = self._process, None
        if process is None:
            return
        if politely and process.poll() is None:
            try:
                assert process.stdin is not None
                process.stdin.write(b"quit\n")
                process.stdin.flush()
                process.wait(0.5)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        _kill(process)

    # -- play --------------------------------------------------------------------------------------

    def choose(
        self, board: Board, rules: Rules, strokes: Sequence[tuple[int, int]], budget_s: float
    ) -> tuple[int, int]:
        """The engine's stroke for the player to move after `strokes`. EngineError when it
        fails; it is stopped then, and started again next time."""
        if not self.running:
            self.start()
        try:
            if self._game is None or self._game[0] is not board or self._game[1] != rules:
                self._send(protocol.new_game(board, rules))
                self._game = (board, rules)
            self._send(protocol.position(strokes))
            self._send(protocol.go(budget_s))
            deadline = time.monotonic() + max(0.0, budget_s) + self.limits.answer_grace_s
            said = 0
            trace: list[str] = []
            while True:
                line = self._next_line(deadline, "a stroke")
                said += len(line)
                if said > self.limits.output_bytes_per_move:
                    raise EngineError("the engine wrote too much while thinking")
                word = line.split(" ", 1)[0]
                if word == "stroke":
                    try:
                        return protocol.parse_stroke(line)
                    except ProtocolError as exc:
                        raise EngineError(str(exc)) from None
                if word == "error":
                    raise EngineReported(line[6:].strip()[:200], "\n".join(trace))
                if line.startswith("info trace "):
                    trace.append(line[len("info trace ") :])
                # Other "info" and anything the protocol does not know are ignored, as in UCI.
        except EngineReported:
            raise  # it said what went wrong, and can go on
        except EngineError:
            self.stop(politely=False)
            raise

    def _send(self, line: str) -> None:
        process = self._process
        if process is None or process.stdin is None:
            raise EngineError("the engine is not running")
        try:
            process.stdin.write(line.encode() + b"\n")
            process.stdin.flush()
        except (OSError, ValueError):
            raise EngineError(self._ended("while the host was writing to it")) from None

    def _next_line(self, deadline: float, waiting_for: str) -> str:
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            self.stop(politely=False)
            raise EngineError(f"no answer in time while waiting for {waiting_for}") from None
        if line is _EOF:
            raise EngineError(self._ended(f"while the host waited for {waiting_for}"))
        if line is _TOO_LONG:
            raise EngineError(
                f"the engine wrote a line longer than {protocol.MAX_LINE_BYTES} bytes"
            )
        return str(line)

    def _ended(self, when: str) -> str:
        process = self._process
        code = None
        if process is not None:
            try:
                code = process.wait(1)
            except subprocess.TimeoutExpired:
                pass
        how = f"exit code {code}" if code is not None and code >= 0 else f"signal {-(code or 0)}"
        return (
            f"the engine stopped {when} ({how})"
            if code is not None
            else f"the engine closed its output {when}"
        )


class EngineStrategy:
    """An engine program as a computer strategy (what plugins give): `id`, `name` and
    `choose_stroke(position, budget_s)`. Calls are taken one at a time."""

    def __init__(
        self, strategy_id: str, command: Sequence[str], name: str = "", limits: Limits = Limits()
    ) -> None:
        self.id = strategy_id
        self.process = EngineProcess(command, limits)
        self._name = name
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        info = self.process.info
        return self._name or (info.name if info is not None and info.name else self.id)

    def choose_stroke(self, position: Any, budget_s: float) -> tuple[int, int]:
        asked = time.monotonic()
        with self._lock:
            if not self.process.running:
                self.process.start()
            left = budget_s - (time.monotonic() - asked)  # waiting for the engine is thinking time
            try:
                return self.process.choose(
                    position.board, position.rules, position.strokes, max(0.01, left)
                )
            except EngineError:
                self.warm_up()  # started again now, not at the next stroke's expense
                raise

    def warm_up(self) -> None:
        """Start the engine in the background, so that its next stroke does not wait for it."""
        threading.Thread(target=self._start_quietly, name="engine-start", daemon=True).start()

    def _start_quietly(self) -> None:
        with self._lock:
            if not self.process.running:
                try:
                    self.process.start()
                except EngineError:
                    pass  # told when it is asked for a stroke

    def close(self) -> None:
        with self._lock:
            self.process.stop()


def _limited(command: list[str], limits: Limits) -> list[str]:
    """`command` run with its address space capped and at a lower priority, where the system has
    the tools (util-linux's prlimit and coreutils' nice); as it is elsewhere."""
    wrapped = list(command)
    if shutil.which("prlimit"):
        wrapped = ["prlimit", f"--as={limits.memory_bytes}", "--", *wrapped]
    if shutil.which("nice") and limits.nice:
        wrapped = ["nice", "-n", str(limits.nice), *wrapped]
    return wrapped


def _read_lines(stream: IO[bytes], lines: queue.Queue[Any]) -> None:
    """The reader thread: every line the engine writes, decoded, into `lines`; then _EOF."""
    try:
        while True:
            raw = stream.readline(protocol.MAX_LINE_BYTES + 1)
            if not raw:
                break
            if len(raw) > protocol.MAX_LINE_BYTES:
                lines.put(_TOO_LONG)
                return
            lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


def _kill(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        try:
            os.killpg(process.pid, 9)  # the engine and anything it started
        except OSError:
            process.kill()
        try:
            process.wait(2)
        except subprocess.TimeoutExpired:
            pass
    for stream in (process.stdin, process.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass
