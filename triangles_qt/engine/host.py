"""The host side of the engine protocol (docs/engine-protocol.md): runs an engine program in its
own process and never trusts it.

`EngineProcess` starts the program (with its memory capped and at a lower CPU priority, so a
runaway engine cannot take the machine down), does the handshake, sends each position and reads
the answer itself, in the thread that asked, until the time allowed is over (no reader thread:
nothing waits on a thread that waits on the engine); an engine that
stays silent, crashes, says what the protocol does not allow or floods its output is stopped,
and started again for the next stroke.

`EngineStrategy` makes an engine a computer strategy like a plugin's (`id`, `name`,
`choose_stroke`): the app's and the arena's safety net (its own thread, the time allowed, the
fallback and three strikes) applies to it unchanged, and the window never waits on the process.
No Qt here.
"""

from __future__ import annotations

import ctypes
import os
import queue
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from triangles_qt.computer_move import (
    Crashed,
    Deadline,
    Late,
    Reported,
    allowed_s,
    current_deadline,
    nodes_limit,
)
from triangles_qt.core.board import Board
from triangles_qt.core.rules import Rules

from . import protocol
from .protocol import EngineInfo, ProtocolError


class EngineError(Crashed):
    """The engine failed (it stopped, broke the protocol, said too much or could not be
    started); the message says how, in English, for the engine's author."""


class EngineLate(EngineError, Late):
    """The engine did not answer `readyok` or its stroke within the time allowed; it was
    stopped."""


class EngineReported(EngineError, Reported):
    """The engine answered `error TEXT`: `reported` is TEXT (a plugin's exception, "ValueError:
    lost"), `details` the traceback it sent as `info trace` lines."""


@dataclass(frozen=True)
class ProcessLimits:
    """What an engine process may use. The memory cap is on data (heap and private mappings),
    not address space, which runtimes such as the JVM reserve far beyond what they use.

    `nice`: engines run a little below the window's priority, so that on a core they share the
    window stays responsive; no lower, since a level is work and an engine that gets a tenth of
    a core (nice 10 beside ordinary processes) takes ten times as long for the same stroke."""

    memory_bytes: int = 2 * 1024**3
    nice: int = 2
    handshake_s: float = 10.0
    output_bytes_per_move: int = 1 << 20


_EOF = object()
_TOO_LONG = object()
EXIT_POLL_S = 0.1  # how soon an engine's end is noticed while a child of it holds its output
STDERR_KEPT_BYTES = 4096  # of a move's standard error: the end, shown with its failure


class _ErrorTail:
    """The engine's standard error: read whenever its output is, the last STDERR_KEPT_BYTES of
    each move kept for a failure's details, the rest dropped and counted. Never the app's own
    stderr: an engine that writes gigabytes costs a few kilobytes."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.fd = stream.fileno()
        os.set_blocking(self.fd, False)
        self.kept = bytearray()
        self.dropped = 0
        self.ended = False

    def drain(self, most: int = 1 << 20) -> None:
        """Read what is there now (at most `most` bytes: an engine that writes on and on does
        not keep the host reading)."""
        while not self.ended and most > 0:
            try:
                chunk = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return
            except (OSError, ValueError):
                chunk = b""
            if not chunk:
                self.ended = True
                return
            most -= len(chunk)
            self.kept += chunk
            if len(self.kept) > STDERR_KEPT_BYTES:
                cut = len(self.kept) - STDERR_KEPT_BYTES
                self.dropped += cut
                del self.kept[:cut]

    def clear(self) -> None:
        self.drain()
        self.kept.clear()
        self.dropped = 0

    def text(self) -> str:
        """What the engine wrote to standard error during this move, for its author."""
        self.drain()
        if not self.kept:
            return ""
        words = self.kept.decode("utf-8", "replace").rstrip()
        if self.dropped:
            words = f"[{self.dropped} bytes before these were not kept]\n{words}"
        return f"The engine's standard error during this move:\n{words}"


class _Output:
    """The engine's standard output, read only by whoever waits for a line, with a deadline
    (select on the pipe): lines split off a buffer. Between strokes nothing reads it, so an
    engine that writes on waits on its own full pipe."""

    def __init__(
        self,
        stream: IO[bytes],
        errors: _ErrorTail | None = None,
        exited: Callable[[], bool] = lambda: False,
    ) -> None:
        self.stream = stream  # kept open with the process; _kill closes it
        self.errors = errors  # read beside the output, so that the engine never waits on it
        # Whether the engine has ended: something it started may keep the pipe open after it,
        # and its end must not wait for theirs.
        self.exited = exited
        self.fd = stream.fileno()
        os.set_blocking(self.fd, False)
        self.buffer = bytearray()
        self.ended = False
        self.too_long = False

    def line(self, deadline: float) -> Any:
        """The next line (str), _EOF, _TOO_LONG, or None when the deadline comes first."""
        while True:
            found = self._split()
            if found is not None:
                return found
            left = deadline - time.monotonic()
            if self.ended or left <= 0:
                return _EOF if self.ended else None
            errors = self.errors
            watched = [self.fd] if errors is None or errors.ended else [self.fd, errors.fd]
            try:
                ready, _, _ = select.select(watched, [], [], min(left, EXIT_POLL_S))
            except (OSError, ValueError):  # closed by kill() from another thread
                self.ended = True
                continue
            if not ready and self.exited():
                while not self.ended and self._read():  # what it wrote before it ended
                    pass
                self.ended = True
                continue
            if errors is not None and errors.fd in ready:
                errors.drain()
            if self.fd in ready:
                self._read()

    def waiting(self, most: int) -> list[Any]:
        """What the engine wrote that nobody read, without waiting: at most `most` bytes'
        worth of lines (past that, _TOO_LONG: it writes faster than it is read)."""
        found: list[Any] = []
        taken = 0
        if self.errors is not None:
            self.errors.drain()
        while taken <= most:
            before = len(self.buffer)
            self._read()
            line = self._split()
            if line is None:
                if len(self.buffer) == before:
                    return found
                continue
            found.append(line)
            if line is _EOF or line is _TOO_LONG:
                return found
            taken += len(line) + 1
        return [*found, _TOO_LONG]

    def _split(self) -> Any:
        if self.too_long:
            return _TOO_LONG
        end = self.buffer.find(b"\n")
        if end < 0:
            if len(self.buffer) > protocol.MAX_LINE_BYTES + 1:
                self.too_long = True
                return _TOO_LONG
            return _EOF if self.ended and not self.buffer else None
        raw = bytes(self.buffer[:end]).rstrip(b"\r")
        del self.buffer[: end + 1]
        if len(raw) > protocol.MAX_LINE_BYTES:
            self.too_long = True
            return _TOO_LONG
        return raw.decode("utf-8", "replace")

    def _read(self) -> bool:
        """Take what the pipe holds now; whether there was anything."""
        if self.ended:
            return False
        try:
            chunk = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return False
        except (OSError, ValueError):
            chunk = b""
        if chunk:
            self.buffer += chunk
        else:
            self.ended = True
        return bool(chunk)


# Set in every engine's environment (with a value of its own): whatever the engine starts
# inherits it, also a process that left the engine's group and session (setsid), so that
# stopping the engine finds and ends those too.
RUN_VARIABLE = "TRIANGLES_ENGINE_RUN"


class _Spawner:
    """Starts engine processes from one thread that lives as long as the host: an engine is
    told to die with the thread that started it (Linux's parent-death signal), so that thread
    must be the host's last, not a passing one."""

    def __init__(self) -> None:
        self._requests: queue.SimpleQueue[tuple[Any, queue.SimpleQueue[Any]]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def popen(self, args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._serve, name="engine-spawner", daemon=True
                )
                self._thread.start()
        answer: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._requests.put(((args, env), answer))
        result = answer.get()
        if isinstance(result, BaseException):
            raise result
        process: subprocess.Popen[bytes] = result
        return process

    def _serve(self) -> None:
        while True:
            (args, env), answer = self._requests.get()
            try:
                answer.put(
                    subprocess.Popen(
                        args,
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE,
                        env=env,
                        # A signal to the game's terminal does not reach it.
                        start_new_session=True,
                        preexec_fn=_die_with_host(os.getpid()),
                    )
                )
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                answer.put(exc)


def _die_with_host(host: int) -> Any:
    """In the new process, before the engine runs: SIGKILL when the host dies (Linux), so that
    an engine that ignores the end of its input cannot outlive a host that was killed."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None

    def arm() -> None:
        prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        if os.getppid() != host:  # the host died before the signal was armed
            os._exit(1)

    return arm


_spawner = _Spawner()


class EngineProcess:
    """One engine program. Not thread-safe: one caller at a time (`EngineStrategy` locks)."""

    def __init__(self, command: Sequence[str], limits: ProcessLimits = ProcessLimits()) -> None:
        self.command = list(command)
        self.limits = limits
        self.info: EngineInfo | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._output: _Output | None = None
        self._errors: _ErrorTail | None = None
        self._game: tuple[Board, Rules] | None = None
        # The strokes of this game the engine was last told: version 2 sends only what follows.
        self._told: tuple[tuple[int, int], ...] | None = None
        self._run = ""  # this start's RUN_VARIABLE

    # -- life ------------------------------------------------------------------------------------

    def start(self) -> EngineInfo:
        """Start the program and do the handshake; EngineError when it does not answer it."""
        self.stop()
        if not self.command or shutil.which(self.command[0]) is None:
            raise EngineError(f"the engine could not be started: no program {self.command[:1]}")
        self._run = uuid.uuid4().hex
        try:
            self._process = _spawner.popen(
                limited(self.command, self.limits), {**os.environ, RUN_VARIABLE: self._run}
            )
        except OSError as exc:
            raise EngineError(f"the engine could not be started: {exc}") from exc
        stdout, stderr = self._process.stdout, self._process.stderr
        assert stdout is not None and stderr is not None
        self._errors = _ErrorTail(stderr)
        process = self._process
        self._output = _Output(stdout, self._errors, lambda: _exit_status(process, 0) is not None)
        info = EngineInfo()
        deadline = time.monotonic() + self.limits.handshake_s
        try:
            self._send(protocol.hello())
            while True:
                line = self._next_line(deadline, "the handshake")
                try:
                    if protocol.read_handshake_line(line, info):
                        break
                except ProtocolError as exc:
                    raise EngineError(str(exc)) from None
        except EngineError as exc:
            exc.details = self._last_words()
            self.stop(politely=False)
            raise
        self.info = info
        self._game = None
        self._told = None
        return info

    @property
    def running(self) -> bool:
        return self._process is not None and _exit_status(self._process, 0) is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def stop(self, politely: bool = True) -> None:
        """Ask the engine to quit, and end it if it does not within a moment (at once when it
        misbehaved: it has had its chance)."""
        process, self._process = self._process, None
        self._output = None
        if process is None:
            return
        if self._errors is not None:
            self._errors.drain()  # its last words, for the failure that stopped it
        run = self._run
        if politely and _exit_status(process, 0) is None:
            try:
                assert process.stdin is not None
                process.stdin.write(b"quit\n")
                process.stdin.flush()
            except (OSError, ValueError):
                pass
            _exit_status(process, 0.5)
        _kill(process, run)

    # -- play --------------------------------------------------------------------------------------

    def choose(
        self,
        board: Board,
        rules: Rules,
        strokes: Sequence[tuple[int, int]],
        deadline: Deadline,
    ) -> tuple[int, int]:
        """The engine's stroke for the player to move after `strokes`. The position is
        delivered (`readyok`) within the time `deadline` allows from when it was made; then the
        clock starts again with `go`, and the stroke must come within the same time. EngineError
        when it fails; it is stopped then, and started again next time."""
        if not self.running:
            self.start()
        try:
            self._drain()
            if self._errors is not None:
                self._errors.clear()  # what it said before this move is not this move's
            if self._game is None or self._game[0] is not board or self._game[1] != rules:
                self._send(protocol.new_game(board, rules))
                self._game = (board, rules)
                self._told = None
            played = tuple((int(i), int(j)) for i, j in strokes)
            told = self._told
            following = (
                self.info is not None
                and self.info.version >= 2
                and told is not None
                and played[: len(told)] == told
            )
            if following:
                assert told is not None
                self._send(protocol.moves(len(told), played[len(told) :]))
            else:
                self._send(protocol.position(played))
            self._told = played
            # Everything it says before "readyok" belongs to what came before: a line left over
            # from an earlier stroke is never taken for this one's answer.
            self._send("isready")
            said = 0
            trace: list[str] = []
            while True:
                line = self._next_line(deadline.expires, "readyok")
                said += len(line)
                if said > self.limits.output_bytes_per_move:
                    raise EngineError("the engine wrote too much while thinking")
                if line == "readyok":
                    break
                if line.startswith("error") and following:
                    # Out of step with `moves`: the whole position once more, as version 1.
                    following = False
                    self._send(protocol.position(played))
                    self._send("isready")
                    continue
                if line.startswith("error"):
                    raise EngineReported(line[6:].strip()[:200], "\n".join(trace))
            deadline.restart()  # the engine is asked to move now
            self._send(protocol.go(deadline.budget_s, nodes_limit()))
            while True:
                line = self._next_line(deadline.expires, "a stroke")
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
        except EngineError as exc:
            exc.details = self._last_words()
            self.stop(politely=False)
            raise

    def _last_words(self) -> str:
        return "" if self._errors is None else self._errors.text()

    def game_over(self, scores: Sequence[int]) -> None:
        """Tell a version-2 engine its game ended (nothing to answer). Never waits: an engine
        that does not read its input is simply not told."""
        process = self._process
        if process is None or process.stdin is None or self.info is None:
            return
        if self.info.version < 2:
            return
        try:
            if select.select([], [process.stdin], [], 0)[1]:
                process.stdin.write(protocol.game_over(scores).encode() + b"\n")
                process.stdin.flush()
        except (OSError, ValueError):
            pass  # ended meanwhile: its next move starts it again
        self._game = self._told = None  # a move after it (an undo) begins with newgame

    def _drain(self) -> None:
        """Drop what the engine said between strokes, so that no old line passes for the next
        answer; its end, or a line too long, is a failure."""
        output = self._output
        if output is None:
            return
        for line in output.waiting(self.limits.output_bytes_per_move):
            if line is _EOF or line is _TOO_LONG:
                self._judge(line, "a stroke")  # raises, saying which

    def kill(self) -> None:
        """End the engine at once, from any thread (the app is closing)."""
        process = self._process
        if process is not None:
            _kill(process, self._run)

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
        output = self._output
        if output is None:
            raise EngineError("the engine is not running")
        line = output.line(deadline)
        if line is None:
            self.stop(politely=False)
            raise EngineLate(f"no answer in time while waiting for {waiting_for}")
        return self._judge(line, waiting_for)

    def _judge(self, line: Any, waiting_for: str) -> str:
        if line is _EOF:
            raise EngineError(self._ended(f"while the host waited for {waiting_for}"))
        if line is _TOO_LONG:
            raise EngineError(
                f"the engine wrote a line longer than {protocol.MAX_LINE_BYTES} bytes"
            )
        return str(line)

    def _ended(self, when: str) -> str:
        process = self._process
        code = None if process is None else _exit_status(process, 1.0)
        how = f"exit code {code}" if code is not None and code >= 0 else f"signal {-(code or 0)}"
        return (
            f"the engine stopped {when} ({how})"
            if code is not None
            else f"the engine closed its output {when}"
        )


class EngineStrategy:
    """An engine program as a computer strategy (what plugins give): `id`, `name` and
    `choose_stroke(position, budget_s)`. Calls are taken one at a time."""

    calls_are_bounded = True  # the host ends every call by its deadline, stopping the engine

    @staticmethod
    def longest_call_s(budget_s: float) -> float:
        """How long one call may take, at most: the position delivered and the stroke thought
        of, each within the time allowed, and a moment to stop the engine."""
        return 2 * allowed_s(budget_s) + 1.0

    def __init__(
        self,
        strategy_id: str,
        command: Sequence[str],
        name: str = "",
        limits: ProcessLimits = ProcessLimits(),
    ) -> None:
        self.id = strategy_id
        self.process = EngineProcess(command, limits)
        self._name = name
        self._lock = threading.Lock()
        self._closed = False

    @property
    def name(self) -> str:
        info = self.process.info
        return self._name or (info.name if info is not None and info.name else self.id)

    def choose_stroke(self, position: Any, budget_s: float) -> tuple[int, int]:
        # The move's deadline, made when the move was asked for (SafeStrategy), or made now.
        deadline = current_deadline() or Deadline(budget_s)
        with self._lock:
            if self._closed:
                raise EngineError("the engine was closed")
            if not self.process.running:
                self.process.start()
                deadline.restart()  # starting the engine is not its move's time
            try:
                return self.process.choose(
                    position.board, position.rules, position.strokes, deadline
                )
            except EngineError:
                self.warm_up()  # started again now, not at the next stroke's expense
                raise

    def game_over(self, scores: Sequence[int]) -> None:
        """Tell the engine its game ended, unless it is busy with a move (never waits)."""
        if self._lock.acquire(blocking=False):
            try:
                self.process.game_over(scores)
            finally:
                self._lock.release()

    def warm_up(self) -> None:
        """Start the engine in the background, so that its next stroke does not wait for it."""
        threading.Thread(target=self._start_quietly, name="engine-start", daemon=True).start()

    def _start_quietly(self) -> None:
        with self._lock:
            if not self._closed and not self.process.running:
                try:
                    self.process.start()
                except EngineError:
                    pass  # told when it is asked for a stroke

    def close(self) -> None:
        """End the engine now, without waiting for a stroke it may be thinking about (that
        call fails at once); it is not started again."""
        self._closed = True
        self.process.kill()
        with self._lock:
            self.process.stop()


def _sweep(run: str) -> None:
    """SIGKILL every process that carries this engine start's RUN_VARIABLE: what it started in
    a session of its own (setsid) or by a double fork is in no group of the engine's. Linux
    (/proc); elsewhere the process group is all there is."""
    if not run or not os.path.isdir("/proc"):
        return
    needle = f"{RUN_VARIABLE}={run}".encode()
    me = os.getpid()
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as file:
                environment = file.read()
        except OSError:  # gone, or another user's
            continue
        if needle in environment.split(b"\0"):
            try:
                os.kill(int(name), signal.SIGKILL)
            except OSError:
                pass


def limited(command: list[str], limits: ProcessLimits) -> list[str]:
    """`command` run with its data capped and at a lower priority, where the system has
    the tools (util-linux's prlimit and coreutils' nice); as it is elsewhere."""
    wrapped = list(command)
    if shutil.which("prlimit"):
        wrapped = ["prlimit", f"--data={limits.memory_bytes}", "--", *wrapped]
    if shutil.which("nice") and limits.nice:
        wrapped = ["nice", "-n", str(limits.nice), *wrapped]
    return wrapped


def _exit_status(process: subprocess.Popen[bytes], wait_s: float) -> int | None:
    """How the engine ended (its exit code; minus the signal that killed it), waiting up to
    `wait_s`; None while it runs. It is not reaped: until `_kill` reaps it, its process id, and
    so its process group, cannot pass to another program."""
    if process.returncode is not None or not hasattr(os, "waitid"):
        return process.poll()
    deadline = time.monotonic() + wait_s
    while True:
        try:
            info = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return process.poll()
        if info is not None:
            return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.02)


def _kill(process: subprocess.Popen[bytes], run: str = "") -> None:
    try:  # the engine and anything it started, even once the engine itself has ended
        os.killpg(process.pid, signal.SIGKILL)
    except (OSError, AttributeError):  # no such group any more, or no process groups here
        if process.poll() is None:
            process.kill()
    _sweep(run)
    try:
        process.wait(2)
    except subprocess.TimeoutExpired:
        pass
    for stream in (process.stdin, process.stdout, process.stderr):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass
