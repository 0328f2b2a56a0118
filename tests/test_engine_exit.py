"""The engine adapter (`python -m triangles_qt.engine`) ends quietly and promptly however the
app that started it goes away, also in the middle of a search: its input ends, its answers can
no longer be written, its parent dies while the pipes stay open, a signal comes, or the host
sends bytes that are not UTF-8 (issue 51, item 11). The time bounds are generous: a loaded
machine must never fail them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_engine import ADAPTER, plugin_folder

from triangles_qt.core.board import Board
from triangles_qt.core.rules import Rules
from triangles_qt.engine import protocol

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and signals")
BOUND_S = 30  # "promptly", on a loaded CI machine; it is well under a second on an idle one
FOREVER = "while True:\n    pass"  # a search that never ends by itself
ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}
# The adapter as the standalone bundle starts it: its main() called by bundle_main, without the
# ending every `python -m` command line has (triangles_qt/cli_run.py).
AS_BUNDLED = [
    sys.executable,
    "-c",
    "import sys; from triangles_qt.frozen import bundle_main; "
    "sys.exit(bundle_main(['triangles-qt', '-m', 'triangles_qt.engine', *sys.argv[1:]]))",
    "--strategy",
]


def opening(preset: str = "phone-24") -> str:
    board = Board.generate(preset, 3)
    return "\n".join([protocol.hello(), protocol.new_game(board, Rules()), "position"]) + "\n"


def thinking(tmp_path, body: str = FOREVER, adapter=ADAPTER, **kwargs) -> subprocess.Popen:
    """The adapter serving a strategy that runs `body`, asked to move and thinking."""
    folder = plugin_folder(tmp_path, "thinker", body)
    engine = subprocess.Popen(
        [*adapter, "thinker", "--plugin-dir", str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        **kwargs,
    )
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write((opening() + "go 100\n").encode())
    engine.stdin.flush()
    assert engine.stdout.readline().startswith(b"id name")
    time.sleep(0.5)  # it is searching by now (either way it must end the same)
    return engine


def ended(engine: subprocess.Popen) -> tuple[int, str]:
    """Its exit status and what it wrote on stderr, within the bound."""
    assert engine.stderr is not None
    status = engine.wait(BOUND_S)
    return status, engine.stderr.read().decode("utf-8", "replace")


@posix
@pytest.mark.parametrize("closed", ["stdin", "both"])
def test_the_end_of_its_input_ends_it_at_once_with_status_0_and_no_word(tmp_path, closed):
    engine = thinking(tmp_path)
    assert engine.stdin is not None and engine.stdout is not None
    if closed == "both":  # as when the app is killed
        engine.stdout.close()
    engine.stdin.close()
    status, err = ended(engine)
    assert status == 0 and err == ""


@posix
@pytest.mark.parametrize("adapter", [ADAPTER, AS_BUNDLED], ids=["python-m", "bundled"])
def test_answers_nobody_reads_end_it_quietly_with_status_1(tmp_path, adapter):
    body = "import time\ntime.sleep(1.0)\nreturn tuple(int(v) for v in position.legal_strokes()[0])"
    engine = thinking(tmp_path, body, adapter)  # its input stays open: only the answer tells
    assert engine.stdout is not None
    engine.stdout.close()
    status, err = ended(engine)
    assert status == 1 and err == ""  # "Broken pipe" is no news to a host that left


@posix
@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_signal_ends_it_at_once_without_a_traceback(tmp_path, sent):
    # As from a terminal: a suite run under nohup would hand its ignoring of SIGHUP down (the
    # engine rightly keeps what it inherits).
    engine = thinking(tmp_path, preexec_fn=lambda: signal.signal(sent, signal.SIG_DFL))
    engine.send_signal(sent)
    status, err = ended(engine)
    assert status == -sent and err == ""


def _command_line(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().decode("utf-8", "replace")
    except OSError:  # not a process, or gone meanwhile
        return ""


def _running(marker: str) -> list[int]:
    """The processes whose command line holds `marker` (a zombie has none: it has ended)."""
    return [
        int(proc.name)
        for proc in Path("/proc").iterdir()
        if proc.name.isdigit() and marker in _command_line(proc)
    ]


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs Linux's /proc")
def test_it_ends_when_its_parent_dies_even_if_the_pipes_stay_open(tmp_path):
    """The app starts the engine through a process that dies (killed) while the pipes' other
    ends live on elsewhere (here in this test): the engine still ends, mid-search."""
    folder = plugin_folder(tmp_path, "orphan", FOREVER)
    marker = str(folder)
    middle = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import subprocess, sys, time; subprocess.Popen(sys.argv[1:]); time.sleep(600)",
            *ADAPTER,
            "orphan",
            "--plugin-dir",
            marker,
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )  # the engine inherits the three pipes
    assert middle.stdin is not None and middle.stdout is not None and middle.stderr is not None
    said: list[bytes] = []
    listener = threading.Thread(target=lambda: said.append(middle.stderr.read()), daemon=True)
    listener.start()
    try:
        middle.stdin.write((opening() + "go 100\n").encode())
        middle.stdin.flush()
        assert middle.stdout.readline().startswith(b"id name")
        time.sleep(0.5)  # searching, forever
        assert _running(marker)
        middle.kill()
        middle.wait(BOUND_S)
        # Its input stays open (this test holds it): only the parent's death tells.
        listener.join(BOUND_S)  # stderr ends when the engine, its last writer, has ended
        assert not listener.is_alive(), "the engine outlived its parent"
        assert not _running(marker)
        assert b"Traceback" not in said[0] and said[0] == b""
    finally:
        for pid in _running(marker):
            os.kill(pid, signal.SIGKILL)
        middle.stdin.close()


@posix
def test_bytes_that_are_not_utf8_are_an_unknown_command_and_never_stop_the_reader(tmp_path):
    """Under a desktop's locale (de_DE.UTF-8, en_US.UTF-8) Python decodes standard input
    strictly: the reader died on such bytes, with a traceback, and the adapter waited forever
    for lines, even after its input ended."""
    folder = plugin_folder(tmp_path, "first", "return tuple(position.legal_strokes()[0])")
    engine = subprocess.Popen(
        [*ADAPTER, "first", "--plugin-dir", str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**ENV, "PYTHONIOENCODING": "utf-8:strict"},
    )
    assert engine.stdin is not None and engine.stdout is not None
    try:
        engine.stdin.write(opening().encode() + b"\xff\xfe odd\nisready\n")
        engine.stdin.flush()
        said = lines_from(engine.stdout, 5)  # id, id, ok, error, readyok
        engine.stdin.close()  # its input ends: so does it
        status, err = ended(engine)
    finally:
        engine.kill()
    assert said[3] == "error ProtocolError: unknown command '\ufffd\ufffd odd'"
    assert said[4] == "readyok" and status == 0 and err == ""


def lines_from(stream, count: int) -> list[str]:
    """`count` lines of `stream`, or as many as came within the bound."""
    said: list[str] = []

    def read() -> None:
        while len(said) < count and (line := stream.readline()):
            said.append(line.decode("utf-8", "replace").rstrip("\n"))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(BOUND_S)
    return said
