"""Engines in their own processes (docs/engine-protocol.md): the protocol's words, the Python
adapter that serves a plugin's strategy, and a host that contains every kind of misbehaving
engine: the game goes on with the fallback's stroke and the failure is told."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from triangles_qt.computer_move import allowed_s
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.position import Position
from triangles_qt.core.rules import Rules
from triangles_qt.engine import host, protocol
from triangles_qt.engine.__main__ import serve
from triangles_qt.engine.host import EngineError, EngineProcess, EngineStrategy, ProcessLimits
from triangles_qt.engine.listing import IsolatedRegistry, load_plugins_isolated
from triangles_qt.hookspecs import EngineDescription
from triangles_qt.plugin_manager import load_plugins
from triangles_qt.strategy_runner import FailureKind, SafeStrategy

ADAPTER = [sys.executable, "-m", "triangles_qt.engine", "--strategy"]


def fake_engine(
    tmp_path,
    on_go: str,
    on_hello: str = 'say("id name Fake"); say("ok 1")',
    on_ready: str = 'say("readyok")',
    on_moves: str = "[game.play(i, j) for i, j in protocol.parse_moves(line)[1]]",
):
    """An engine program that shakes hands as `on_hello` says, answers `isready` as `on_ready`
    says, takes version 2's `moves` as `on_moves` says and does `on_go` when asked to move
    (Python code; `say(line)` writes a line, `legal` is a legal stroke of the position)."""
    script = tmp_path / "engine.py"
    script.write_text(
        textwrap.dedent(
            """
            import os, subprocess, sys, time
            from triangles_qt.core.game import Game
            from triangles_qt.engine import protocol

            def say(line):
                sys.stdout.write(line + "\\n"); sys.stdout.flush()

            game = None
            for line in sys.stdin:
                word = line.split(" ", 1)[0].strip()
                if word == "triangles":
                    {on_hello}
                elif word == "newgame":
                    board, rules = protocol.parse_new_game(line)
                    game = Game(board, rules)
                elif word == "position":
                    game = Game(game.board, game.rules)
                    for i, j in protocol.parse_position(line):
                        game.play(i, j)
                elif word == "moves":  # version 2, when its handshake says "ok 2"
                    {on_moves}
                elif word == "go":
                    legal = tuple(int(v) for v in game.legal_strokes()[0])
                    {on_go}
                elif word == "isready":
                    {on_ready}
                elif word == "quit":
                    break
            """
        ).format(on_go=on_go, on_hello=on_hello, on_ready=on_ready, on_moves=on_moves)
    )
    return [sys.executable, str(script)]


def arena_json(*args: str) -> dict:
    """The summary of an arena match run as a player would run it (two phone-24 games)."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "triangles_qt.arena",
            "--preset",
            "phone-24",
            "--games",
            "2",
            "--json",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


PLUGIN = """
import os
from triangles_qt import hookimpl

class Plugged:
    id = "{sid}"
    name = "{sid}".title()

    def choose_stroke(self, position, budget_s):
{body}

@hookimpl
def triangles_strategies():
    return [Plugged()]
"""


def plugin_folder(tmp_path, sid: str, body: str) -> Path:
    """A drop-in folder with one plugin whose strategy `sid` runs `body` (its lines indented by
    four spaces) as choose_stroke."""
    folder = tmp_path / "plugins"
    folder.mkdir(exist_ok=True)
    indented = textwrap.indent(textwrap.dedent(body).strip(), " " * 8)
    (folder / f"{sid}.py").write_text(PLUGIN.format(sid=sid, body=indented))
    return folder


@pytest.fixture
def game():
    return Game(Board.generate("phone-24", 3))


def test_the_protocol_carries_a_board_and_its_strokes_exactly():
    board = Board.generate("tablet-80", 5, tolerance=7)
    again, rules = protocol.parse_new_game(protocol.new_game(board, Rules(True)))
    assert again.star_list == board.star_list and again.tolerance == 7 and rules == Rules(True)
    assert (again.width, again.height) == (board.width, board.height)
    strokes = [(3, 17), (4, 0)]
    assert protocol.parse_position(protocol.position(strokes)) == strokes
    assert protocol.go(0.25) == "go 250"
    with pytest.raises(protocol.ProtocolError):
        protocol.parse_stroke("stroke 1 banana")


def test_the_adapter_answers_a_whole_transcript(game):
    strategy = load_plugins().strategy("medium")
    board = game.board
    commands = io.StringIO(
        "\n".join(
            [
                protocol.hello(),
                protocol.new_game(board, Rules()),
                protocol.position([]),
                protocol.go(0.2),
                "isready",
                "bogus",
                "quit",
            ]
        )
        + "\n"
    )
    answers = io.StringIO()
    assert serve(strategy, commands, answers) == 0
    lines = answers.getvalue().splitlines()
    assert lines[:3] == ["id name Medium", "id author a Triangles plugin", "ok 2"]
    i, j = protocol.parse_stroke(lines[3])
    assert game.check(i, j) is None
    assert lines[4] == "readyok" and lines[5].startswith("error ProtocolError: unknown command")


def test_a_plugin_served_as_an_engine_plays_legal_strokes_in_its_own_process(game):
    engine = EngineStrategy("medium-engine", [*ADAPTER, "medium"])
    try:
        while not game.is_over:
            i, j = engine.choose_stroke(Position(game), 0.2)
            game.play(i, j)  # raises if the engine's stroke were illegal
        assert engine.name == "Medium" and engine.process.running
    finally:
        engine.close()
    assert not engine.process.running


@pytest.mark.parametrize(
    "on_go, kind, words",
    [
        ("time.sleep(30)", FailureKind.TIMED_OUT, "no answer within"),
        ('say("stroke 0 0")', FailureKind.BAD_ANSWER, "not a stroke between"),
        ('say("stroke banana")', FailureKind.STOPPED, "expected 'stroke I J'"),
        ("sys.exit(3)", FailureKind.STOPPED, "exit code 3"),
        ("os.kill(os.getpid(), 9)", FailureKind.STOPPED, "signal 9"),
        ('say("error out of ideas")', FailureKind.RAISED, "raised out of ideas"),
        ('[say("info " + "x" * 1000) for _ in range(300)]', FailureKind.STOPPED, "too much"),
        ('say("info " + "x" * 70000)', FailureKind.STOPPED, "longer than"),
        ('b = bytearray(4 * 1024**3); say("stroke %d %d" % legal)', FailureKind.STOPPED, "stopped"),
    ],
    ids=["silence", "illegal", "garbage", "exit", "killed", "error", "flood", "long", "memory"],
)
def test_a_misbehaving_engine_is_contained_and_the_fallback_plays(
    tmp_path, game, on_go, kind, words
):
    limits = ProcessLimits(memory_bytes=1024**3, output_bytes_per_move=100_000)
    strategy = EngineStrategy("bad", fake_engine(tmp_path, on_go), limits=limits)
    safe = SafeStrategy(strategy, "engine")
    strategy.process.start()  # warm, as the arena and the app start it before the game
    first = strategy.process.pid
    try:
        choice = safe.choose(game, 1.0)
        assert choice.failure is not None and choice.failure.kind == kind
        assert words in choice.failure.error or (kind == FailureKind.TIMED_OUT)
        assert game.check(*choice.stroke) is None  # the fallback's stroke: the game goes on
        if kind == FailureKind.BAD_ANSWER or "out of ideas" in words:  # it goes on running
            assert strategy.process.running and strategy.process.pid == first
            return
        # The host stops the engine (just after the net gave up on a silent one) and starts it
        # again at once, ready for the next stroke.
        for _ in range(100):
            if strategy.process.running and strategy.process.pid != first:
                break
            time.sleep(0.05)
        assert strategy.process.running and strategy.process.pid != first
    finally:
        strategy.close()


def test_the_clock_starts_again_when_the_engine_is_asked_to_move(tmp_path, game):
    """Delivering the position (`readyok`) and thinking (after `go`) each get the time allowed
    (1.6 s at 0.2 s): an engine that takes 1 s for each is not late, though the two together
    take longer than the time allowed."""
    sleepy = 'time.sleep(1.0); say("stroke %d %d" % legal)'
    strategy = EngineStrategy(
        "slow", fake_engine(tmp_path, sleepy, on_ready='time.sleep(1.0); say("readyok")')
    )
    strategy.process.start()
    try:
        assert allowed_s(0.2) < 2.0
        started = time.monotonic()
        choice = SafeStrategy(strategy, "engine").choose(game, 0.2)
        assert time.monotonic() - started >= 2.0
        assert choice.failure is None and not choice.by_fallback
    finally:
        strategy.close()


def test_an_engine_that_broke_is_started_again_for_the_next_stroke(tmp_path, game):
    flag = str(tmp_path / "crashed-once")
    on_go = (
        f"(open({flag!r}, 'w').close(), sys.exit(1)) if not os.path.exists({flag!r}) "
        "else say('stroke %d %d' % legal)"
    )
    strategy = EngineStrategy("flaky", fake_engine(tmp_path, on_go))
    try:
        with pytest.raises(EngineError, match="exit code 1"):
            strategy.choose_stroke(Position(game), 0.5)
        i, j = strategy.choose_stroke(Position(game), 0.5)
        assert game.check(i, j) is None
    finally:
        strategy.close()


def test_an_engine_that_does_not_shake_hands_is_refused(tmp_path):
    process = EngineProcess(fake_engine(tmp_path, "", on_hello='say("ok 7")'))
    with pytest.raises(EngineError, match="version"):
        process.start()
    assert not process.running
    with pytest.raises(EngineError, match="could not be started"):
        EngineProcess(["/no/such/engine"]).start()


def test_the_arena_plays_an_engine_and_a_plugin_that_prints_cannot_spoil_its_output(tmp_path):
    folder = plugin_folder(
        tmp_path,
        "chatty",
        """
        print("thinking out loud")  # stdout: the protocol must not see this
        i, j = position.legal_strokes()[0]
        return int(i), int(j)
        """,
    )
    engine = (
        f"engine:{sys.executable} -m triangles_qt.engine --strategy chatty --plugin-dir {folder}"
    )
    summary = arena_json("--p1", engine, "--p2", "easy", "--budget", "0.3")
    assert summary["failures"] == [] and summary["fallback_moves"][engine] == 0
    assert sum(summary["wins"].values()) + summary["draws"] == 2


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_javascript_example_engine_plays_whole_legal_games(tmp_path):
    script = Path(__file__).resolve().parents[1] / "docs" / "examples" / "engine-js" / "greedy.js"
    engine = f"engine:node {script}"
    summary = arena_json(
        "--p1", engine, "--p2", "easy", "--budget", "1", "--records", str(tmp_path)
    )
    # Every stroke it answered was legal: no failure, and the fallback never had to play.
    assert summary["failures"] == [] and summary["fallback_moves"][engine] == 0
    assert len(list(tmp_path.glob("*.triangles"))) == 2  # both games finished and recorded


def test_the_arena_runs_each_plugin_in_its_own_process_and_survives_one_that_exits(tmp_path):
    # In the arena's own process this would end the match.
    folder = plugin_folder(tmp_path, "exiter", "os._exit(5)")
    # A generous budget: after each exit the engine is started again, and waiting for that start
    # counts as the next move's thinking time, which a loaded CI machine stretched past
    # 0.3 s + grace (the test is about the exit being survived and reported, not about speed).
    summary = arena_json(
        "--p1", "exiter", "--p2", "easy", "--budget", "3", "--plugin-dir", str(folder)
    )
    assert summary["games"] == 2 and summary["fallback_moves"]["exiter"] > 0
    errors = [failure["error"] for failure in summary["failures"]]
    assert len(errors) == 6, errors  # three strikes a game, then the fallback plays on
    assert all("exit code 5" in error for error in errors), errors


def test_the_adapter_follows_positions_forwards_and_back(game):
    strategy = load_plugins().strategy("easy")
    first = tuple(int(v) for v in game.legal_strokes()[0])
    after = game.copy()
    after.play(*first)
    second = tuple(int(v) for v in after.legal_strokes()[0])
    lines = [
        protocol.hello(),
        protocol.new_game(game.board, Rules()),
        protocol.position([first, second]),
        protocol.go(0.1),
        protocol.position([first]),  # taken back: the engine must not keep the later stroke
        protocol.go(0.1),
        protocol.position([]),
        protocol.go(0.1),
    ]
    answers = io.StringIO()
    serve(strategy, io.StringIO("\n".join(lines) + "\n"), answers)
    strokes = [protocol.parse_stroke(line) for line in answers.getvalue().splitlines()[3:]]
    positions = [(first, second), (first,), ()]
    for stroke, played in zip(strokes, positions, strict=True):
        replay = Game(game.board)
        for pair in played:
            replay.play(*pair)
        assert replay.check(*stroke) is None


def test_the_adapters_table_refuses_an_illegal_stroke_from_the_host_and_keeps_the_game(game):
    """The adapter keeps the game at a table (issue 46): a stroke the rules refuse is answered
    with an error naming it and why, and the game stays as it was for the next lines."""
    strategy = load_plugins().strategy("easy")
    first = tuple(int(v) for v in game.legal_strokes()[0])
    lines = [
        protocol.hello(),
        protocol.new_game(game.board, Rules()),
        protocol.position([first]),
        f"moves 1 {first[0]}-{first[1]}",  # the same stroke again: already drawn
        protocol.go(0.1),
    ]
    answers = io.StringIO()
    serve(strategy, io.StringIO("\n".join(lines) + "\n"), answers)
    said = answers.getvalue().splitlines()[3:]
    assert said[0] == f"error ProtocolError: stroke {first[0]}-{first[1]}: already drawn"
    after = Game(game.board)
    after.play(*first)
    assert after.check(*protocol.parse_stroke(said[1])) is None  # asked about one stroke


def test_plugins_are_listed_by_a_process_of_their_own_as_the_loader_sees_them(tmp_path):
    fixtures = Path(__file__).parent / "plugin_fixtures"
    folder = tmp_path / "plugins"
    folder.mkdir()
    for name in ("good_plugin.py", "theme_plugin.py", "import_error.py", "hook_raises.py"):
        shutil.copy(fixtures / name, folder / name)
    here = load_plugins([folder])
    isolated = load_plugins_isolated([folder])
    assert isinstance(isolated, IsolatedRegistry)
    assert [(s.id, s.name) for s in isolated.strategies()] == [
        (s.id, s.name) for s in here.strategies()
    ]
    assert all(isinstance(s, EngineDescription) for s in isolated.strategies())  # data only here
    assert [isolated.plugin_of(s.id) for s in isolated.strategies()] == [
        here.plugin_of(s.id) for s in here.strategies()
    ]
    assert isolated.loaded == here.loaded
    assert [(f.name, f.error, f.reason) for f in isolated.failed] == [
        (f.name, f.error, f.reason) for f in here.failed
    ]
    assert isolated.themes() == here.themes()
    assert isolated.engine_command("first-legal")[-2:] == ["--plugin-dir", str(folder)]


def test_a_plugin_that_ends_the_listing_leaves_the_built_ins_and_says_why(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "exits_at_import.py").write_text("import os\nos._exit(3)\n")
    registry = load_plugins_isolated([folder])
    assert [s.id for s in registry.strategies()] == ["easy", "medium", "hard"]
    (failure,) = registry.failed
    assert "exit code 3" in failure.error and "built-in ones are offered" in failure.error


def test_closing_an_engine_does_not_wait_for_its_stroke_and_ends_what_it_started(tmp_path, game):
    marker = str(tmp_path / "child-was-here")
    on_hello = (
        f"subprocess.Popen(['sleep', '300', {marker!r}]); "  # a child of its own
        'say("id name Fake"); say("ok 1")'
    )
    strategy = EngineStrategy("slow", fake_engine(tmp_path, "time.sleep(30)", on_hello))
    strategy.process.start()
    thinking = threading.Thread(target=lambda: _swallow(strategy, game), daemon=True)
    thinking.start()
    time.sleep(0.3)
    started = time.monotonic()
    strategy.close()  # the window closes while the engine thinks
    assert time.monotonic() - started < 1.0
    thinking.join(5)
    assert not thinking.is_alive() and not strategy.process.running
    time.sleep(0.3)  # no warm-up starts it again once closed
    assert not strategy.process.running
    assert not any(marker in _command_line(pid) for pid in Path("/proc").iterdir())  # killed too


def _command_line(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().decode("utf-8", "replace")
    except OSError:  # not a process, or gone meanwhile
        return ""


def _swallow(strategy, game):
    with pytest.raises(EngineError):
        strategy.choose_stroke(Position(game), 5.0)


def test_a_line_left_over_from_an_earlier_stroke_is_never_taken_as_the_answer(tmp_path, game):
    on_go = 'say("stroke %d %d" % legal); say("stroke 0 0")'  # one answer too many
    strategy = EngineStrategy("chatty", fake_engine(tmp_path, on_go))
    try:
        for _ in range(3):
            i, j = strategy.choose_stroke(Position(game), 0.5)
            assert game.check(i, j) is None
            game.play(i, j)
    finally:
        strategy.close()


def test_an_engine_ends_itself_when_the_host_goes_away_even_while_thinking(tmp_path, game):
    folder = plugin_folder(tmp_path, "forever", "while True:\n    pass")
    command = [*ADAPTER, "forever", "--plugin-dir", str(folder)]
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    lines = [protocol.hello(), protocol.new_game(game.board, Rules()), "position", "go 100"]
    engine.stdin.write("\n".join(lines) + "\n")
    engine.stdin.flush()
    assert engine.stdout.readline().startswith("id name")
    time.sleep(0.5)  # it is thinking, forever
    engine.stdin.close()  # the host is gone
    assert engine.wait(10) == 0


def test_when_listing_failed_the_built_in_engines_load_nothing_else(tmp_path, game):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "exits_at_import.py").write_text("import os\nos._exit(3)\n")
    registry = load_plugins_isolated([folder])
    command = registry.engine_command("easy")
    assert "--builtin-only" in command and str(folder) not in command
    engine = EngineStrategy("easy", command)
    try:
        i, j = engine.choose_stroke(Position(game), 0.5)
        assert game.check(i, j) is None
    finally:
        engine.close()


class _Hostile:
    """An answer that breaks whatever is asked of it."""

    def __len__(self):
        raise RuntimeError("no length")

    def __iter__(self):
        raise RuntimeError("no items")

    def __repr__(self):
        raise RuntimeError("no repr")


class _BadInt(int):
    def __int__(self):
        raise RuntimeError("no int")


@pytest.mark.parametrize(
    "answer",
    [_Hostile(), (_BadInt(1), 2), (True, 1), ("0", "1"), (0.0, 1.0), None],
    ids=["hostile", "bad-int", "bool", "strings", "floats", "none"],
)
def test_the_adapter_turns_any_odd_answer_into_an_error_line_and_goes_on(game, answer):
    class Odd:
        id = "odd"
        name = "Odd"

        def choose_stroke(self, position, budget_s):
            return answer

    lines = [protocol.hello(), protocol.new_game(game.board, Rules()), "position", "go 100"]
    answers = io.StringIO()
    assert serve(Odd(), io.StringIO("\n".join([*lines, "isready"]) + "\n"), answers) == 0
    said = answers.getvalue().splitlines()
    errors = [line for line in said if line.startswith("error ")]
    assert len(errors) == 1 and said[-1] == "readyok"  # told, and still answering


def test_an_engine_that_floods_its_standard_error_costs_the_host_a_few_kilobytes(
    tmp_path, game, capfd
):
    """A shell engine writes 5 MB to stderr and exits: its failure carries the end of what it
    wrote (and how much was dropped), and none of it reaches the host's own stderr (issue 45)."""
    script = tmp_path / "shouty.sh"
    script.write_text(
        textwrap.dedent(
            """\
            #!/bin/sh
            while read -r line; do
              case "$line" in
                triangles*) echo "id name Shouty"; echo "ok 1";;
                isready) echo readyok;;
                go*) head -c 5000000 /dev/zero | tr '\\0' 'x' >&2; echo "I give up" >&2; exit 3;;
                quit) exit 0;;
              esac
            done
            """
        )
    )
    script.chmod(0o755)
    strategy = EngineStrategy("shouty", [str(script)])
    safe = SafeStrategy(strategy, "engine")
    try:
        choice = safe.choose(game, 1.0)
    finally:
        strategy.close()
    failure = choice.failure
    assert failure is not None and failure.kind == FailureKind.STOPPED
    assert "exit code 3" in failure.error
    assert failure.details.rstrip().endswith("I give up")
    assert "bytes before these were not kept" in failure.details
    assert len(failure.details) < 2 * host.STDERR_KEPT_BYTES
    assert "xxxxxxxx" not in capfd.readouterr().err


def test_an_engine_that_writes_much_to_stderr_while_thinking_is_not_slowed(tmp_path, game):
    """Its stderr is read while the host waits for the stroke: an engine never waits on a full
    pipe the host does not read."""
    noisy = (
        'sys.stderr.write("thinking " * 200_000); sys.stderr.flush(); say("stroke %d %d" % legal)'
    )
    strategy = EngineStrategy("noisy", fake_engine(tmp_path, noisy))
    safe = SafeStrategy(strategy, "engine")
    strategy.process.start()
    try:
        choice = safe.choose(game, 1.0)
        assert choice.failure is None and game.check(*choice.stroke) is None
    finally:
        strategy.close()


def running(pid: int) -> bool:
    """Whether `pid` runs (a zombie nobody reaped has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until_gone(pid: int, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not running(pid)


def shell_engine(tmp_path, on_go: str) -> list[str]:
    script = tmp_path / "engine.sh"
    script.write_text(
        "#!/bin/sh\n"
        "while read -r line; do\n"
        '  case "$line" in\n'
        '    triangles*) echo "id name Shell"; echo "ok 1";;\n'
        "    isready) echo readyok;;\n"
        f"    go*) {on_go};;\n"
        "  esac\n"
        "done\n"
    )
    script.chmod(0o755)
    return [str(script)]


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not shutil.which("setsid"), reason="Linux's setsid"
)
def test_what_an_engine_starts_in_a_session_of_its_own_ends_with_it(tmp_path, game):
    """A child that leaves the engine's process group and session (setsid) and keeps its
    standard output open is found by the host and ended, and closing never waits on it."""
    pid_file = tmp_path / "escaped.pid"
    escape = f"setsid sh -c 'echo $$ > {pid_file}; exec sleep 300' & sleep 0.5; exit 3"
    strategy = EngineStrategy("escaper", shell_engine(tmp_path, escape))
    safe = SafeStrategy(strategy, "engine")
    try:
        choice = safe.choose(game, 1.0)
        assert choice.failure is not None and "exit code 3" in choice.failure.error
        escaped = int(pid_file.read_text())
        assert wait_until_gone(escaped)
    finally:
        started = time.monotonic()
        strategy.close()
        assert time.monotonic() - started < 5  # generous: it is at once on an idle machine


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's parent-death signal")
def test_an_engine_that_ignores_the_end_of_its_input_dies_with_a_killed_host(tmp_path):
    # The engine shakes hands, then ignores its input and everything else but SIGKILL.
    stubborn = tmp_path / "stubborn.sh"
    stubborn.write_text(
        "#!/bin/sh\ntrap '' HUP INT TERM PIPE\nread -r line\n"
        'echo "id name Stubborn"; echo "ok 1"\nexec sleep 300\n'
    )
    stubborn.chmod(0o755)
    host_code = (
        "import sys, time\n"
        "from triangles_qt.engine.host import EngineProcess\n"
        f"engine = EngineProcess([{str(stubborn)!r}])\n"
        "engine.start()\n"
        "print(engine.pid, flush=True)\n"
        "time.sleep(300)\n"
    )
    host_process = subprocess.Popen(
        [sys.executable, "-c", host_code], stdout=subprocess.PIPE, text=True
    )
    try:
        engine_pid = int(host_process.stdout.readline())
        assert running(engine_pid)
    finally:
        host_process.kill()  # no chance to stop its engine
        host_process.wait()
    assert wait_until_gone(engine_pid)


def test_version_2_sends_only_the_strokes_since_the_last_move(tmp_path, game):
    """The host tells a version-2 engine the strokes that followed what it has (`moves K ...`),
    so a move costs the same early and late in a game (issue 45); a version-1 engine is sent
    the whole position, as before."""
    for version in (2, 1):
        heard = tmp_path / f"heard-{version}.txt"
        hello = f'say("id name Listener"); say("ok {version}")'
        engine = fake_engine(tmp_path, 'say("stroke %d %d" % legal)', on_hello=hello)
        engine = [
            sys.executable,
            "-c",
            "import subprocess, sys\n"
            f"log = open({str(heard)!r}, 'w', buffering=1)\n"
            f"child = subprocess.Popen({engine!r}, stdin=subprocess.PIPE, text=True, bufsize=1)\n"
            "for line in sys.stdin:\n"
            "    log.write(line); child.stdin.write(line)\n",
        ]
        strategy = EngineStrategy("listener", engine)
        replay = Game(game.board, game.rules)
        try:
            for _ in range(6):
                replay.play(*strategy.choose_stroke(Position(replay), 1.0))
        finally:
            strategy.close()
        told = [line.split(" ", 1)[0] for line in heard.read_text().splitlines()]
        told = [word for word in told if word in ("position", "moves")]
        assert told == (["position"] + ["moves"] * 5 if version == 2 else ["position"] * 6)
        if version == 2:
            later = [line for line in heard.read_text().splitlines() if line.startswith("moves")]
            # Each names how many strokes the engine has, then the one that followed.
            assert [len(line.split()) for line in later] == [3] * 5
            assert [int(line.split()[1]) for line in later] == [0, 1, 2, 3, 4]


def test_an_engine_out_of_step_is_sent_the_whole_position_and_plays_on(tmp_path, game):
    """A version-2 engine that answers `moves` with `error` (it lost count) is sent the whole
    position at once, within the same move, and no failure is counted."""
    forgetful = fake_engine(
        tmp_path,
        'say("stroke %d %d" % legal)',
        on_hello='say("id name Forgetful"); say("ok 2")',
        on_moves='say("error out of step")',  # it never keeps count
    )
    strategy = EngineStrategy("forgetful", forgetful)
    safe = SafeStrategy(strategy, "engine")
    try:
        for _ in range(4):
            choice = safe.choose(game, 1.0)
            assert choice.failure is None
            game.play(*choice.stroke)
    finally:
        strategy.close()


def test_a_version_2_engine_is_told_when_its_game_ends_and_can_play_on_after_an_undo(
    tmp_path, game
):
    heard = tmp_path / "heard.txt"
    engine = [
        sys.executable,
        "-c",
        "import subprocess, sys\n"
        f"log = open({str(heard)!r}, 'w', buffering=1)\n"
        f"child = subprocess.Popen({[*ADAPTER, 'easy']!r}, stdin=subprocess.PIPE, text=True, "
        "bufsize=1)\n"
        "for line in sys.stdin:\n"
        "    log.write(line); child.stdin.write(line)\n",
    ]
    strategy = EngineStrategy("easy-engine", engine)
    safe = SafeStrategy(strategy, "engine")
    try:
        while not game.is_over:
            game.play(*strategy.choose_stroke(Position(game), 1.0))
        final = (game.scores[0], game.scores[1])
        safe.game_over(final)
        game.undo()  # the game goes on: the engine is asked again, on the same board
        choice = safe.choose(game, 1.0)
        assert choice.failure is None
    finally:
        strategy.close()
    lines = heard.read_text().splitlines()
    ended = lines.index(f"gameover {final[0]} {final[1]}")
    assert lines[ended + 1].startswith("newgame ")  # then the game is given again


def test_the_listing_is_kept_until_a_plugin_changes(tmp_path, monkeypatch):
    """A start whose plugins are what they were uses the last listing (no process, ~0.3 s CPU
    less); a plugin added to a drop-in folder, or a damaged cache, lists them again."""
    from triangles_qt.engine import listing as listing_module

    folder = tmp_path / "plugins"
    folder.mkdir()
    shutil.copy(Path(__file__).parent / "plugin_fixtures" / "good_plugin.py", folder)
    first = load_plugins_isolated([folder])
    assert listing_module.cache_path().is_file()
    listed = []
    real_run = subprocess.run
    monkeypatch.setattr(
        listing_module.subprocess, "run", lambda *a, **k: listed.append(1) or real_run(*a, **k)
    )
    again = load_plugins_isolated([folder])
    assert listed == []  # from the cache
    assert [(s.id, s.name) for s in again.strategies()] == [
        (s.id, s.name) for s in first.strategies()
    ]
    assert again.loaded == first.loaded and again.themes() == first.themes()
    (folder / "exits_at_import.py").write_text("import os\nos._exit(3)\n")  # a new plugin
    changed = load_plugins_isolated([folder])
    assert listed == [1] and changed.failed  # listed again: it ends the listing
    listing_module.cache_path().write_text('{"fingerprint": 3, "listing": []}')
    (folder / "exits_at_import.py").unlink()
    assert [s.id for s in load_plugins_isolated([folder]).strategies()] == [
        s.id for s in first.strategies()
    ]
    assert listed == [1, 1]
    site = tmp_path / "lib" / "site-packages"  # a package installed: its folder changes
    site.mkdir(parents=True)
    monkeypatch.setattr(sys, "path", [*sys.path, str(site)])
    load_plugins_isolated([folder])
    assert listed == [1, 1, 1]  # a folder packages live in, new: listed again
    load_plugins_isolated([folder])
    assert listed == [1, 1, 1]
    (site / "acme_plugin-1.0.dist-info").mkdir()
    os.utime(site, ns=(0, site.stat().st_mtime_ns + 10**9))  # however coarse the clock
    load_plugins_isolated([folder])
    assert listed == [1, 1, 1, 1]
