"""How every command line ends, the same way for the arena, the record validator, the network
player and the engine adapter: never with a traceback.

- Ctrl-C: one line ("interrupted") and status 130; while the program is stopping, a second
  Ctrl-C ends it at once ("stopped"), whatever it was waiting for.
- Output that cannot be written (a full disk, `> /dev/full`): one line on stderr, status 1.
- A reader that went away (`| head`): nothing more is written, status 1, no message (the
  reader asked for no more).
No Qt here: a program with an event loop lets Python see Ctrl-C with `wake_on_signals`.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Callable
from typing import Any, NoReturn

INTERRUPTED = 130


def run(main: Callable[[], int], prog: str) -> NoReturn:
    """Run `main()` and exit with its status, ending as the module's docstring says."""
    _second_interrupt_stops(prog)
    try:
        status = main()
        sys.stdout.flush()
    except KeyboardInterrupt:
        _say(f"{prog}: interrupted")
        status = INTERRUPTED
    except BrokenPipeError:
        status = 1
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            status = 1
        else:
            _say(f"{prog}: error: {exc.strerror or exc}")
            status = 1
    _quiet_stdout()  # Python would flush it again at exit, and say so with a traceback
    sys.exit(status)


def _second_interrupt_stops(prog: str) -> None:
    """The first Ctrl-C raises KeyboardInterrupt as usual; any after it ends the program now."""
    if sys.platform == "win32":  # pragma: no cover - no POSIX signals to speak of
        return
    pressed = False

    def interrupt(signum: int, frame: Any) -> None:
        nonlocal pressed
        if pressed:
            os.write(2, f"{prog}: stopped\n".encode())
            os._exit(INTERRUPTED)
        pressed = True
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGINT, interrupt)
    except ValueError:  # not the main thread (a test calling main()): leave Python's own
        pass


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr, flush=True)
    except OSError:
        pass


def _quiet_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def wake_on_signals(app: Any, stop: Callable[[], None]) -> Any:
    """For a program in Qt's event loop, where Python sees a signal only when it runs: a timer
    gives it that chance five times a second, and Ctrl-C calls `stop()` (which should end the
    loop; `run` then says "interrupted"). Returns the timer (keep it)."""
    from PySide6.QtCore import QTimer

    def interrupt(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGINT, _stop_now)
        stop()

    signal.signal(signal.SIGINT, interrupt)
    timer = QTimer(app)
    timer.timeout.connect(lambda: None)
    timer.start(200)
    return timer


def _stop_now(signum: int, frame: Any) -> None:
    os.write(2, b"stopped\n")
    os._exit(INTERRUPTED)
