"""The standalone bundle (tools/build_bundle.py), built once per test run: it opens a saved game
offscreen where no Python can be found, its computer player moves through the bundle's own
program, its arena plays in spawned worker processes, and it holds what the game needs.

"No Python needed" is checked three ways: the environment has no PYTHON* variables and a PATH
whose only `python` programs are trip wires that note being started; every process the game
starts is the bundle's own program (/proc/PID/exe); and no process maps a file of the Python
that runs these tests (its libpython, standard library or site-packages)."""

from __future__ import annotations

import contextlib
import ctypes.util
import importlib.metadata
import json
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.core.record import read_record, write_record
from triangles_qt.core.rules import Rules

pytest.importorskip("PyInstaller", reason="PyInstaller (the bundle extra) is not installed")

REPO = Path(__file__).resolve().parent.parent
RECORDS = REPO / "tests" / "records"
# Slow (the build takes from 15 s to a few minutes), and the build counts towards the first
# test's time limit.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


@pytest.fixture(scope="session")
def bundle(tmp_path_factory) -> Path:
    """The bundle's program, built once for the whole run: pytest-xdist's workers share one
    folder and the first one to take the lock builds (pytest-xdist's documented recipe)."""
    fcntl = pytest.importorskip("fcntl", reason="the shared build lock needs POSIX")
    if sys.platform.startswith("linux"):
        if shutil.which("objdump") is None:
            pytest.skip("PyInstaller needs objdump on Linux: install binutils")
        version = f"{sys.version_info.major}.{sys.version_info.minor}"
        if ctypes.util.find_library(f"python{version}") is None:
            pytest.skip(f"PyInstaller needs Python's shared library: install libpython{version}")
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "bundle"
    with open(root / "bundle.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        log = folder / "build.log"
        if not log.exists():
            folder.mkdir(exist_ok=True)
            done = subprocess.run(
                [sys.executable, str(REPO / "tools" / "build_bundle.py"), "--dist", "dist"]
                + ["--work", str(folder / "work")],
                cwd=folder,
                capture_output=True,
                text=True,
                timeout=840,
            )
            log.write_text(f"exit code {done.returncode}\n{done.stdout}\n{done.stderr}")
    program = folder / "dist" / "triangles-qt" / "triangles-qt"
    assert program.is_file(), log.read_text()[-4000:]
    return program


def python_free_env(tmp_path: Path) -> dict[str, str]:
    """An environment built from nothing: no PYTHONPATH or PYTHONHOME, a home, data and
    settings of its own, and a PATH whose python programs only record that something started
    them (prlimit and nice are there, so the engines run capped as they do elsewhere)."""
    tools = tmp_path / "path"
    if not tools.exists():
        tools.mkdir()
        names = ["python", "python3", f"python3.{sys.version_info.minor}"]
        for name in names:
            wire = tools / name
            wire.write_text(f'#!/bin/sh\necho "$0 $*" >> "{tmp_path / "tripwire.log"}"\nexit 127\n')
            wire.chmod(0o755)
        for name in ("prlimit", "nice"):
            found = shutil.which(name)
            if found:
                (tools / name).symlink_to(found)
    home = tmp_path / "home"
    runtime = home / "runtime"
    runtime.mkdir(parents=True, exist_ok=True)
    runtime.chmod(0o700)
    return {
        "PATH": str(tools),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_RUNTIME_DIR": str(runtime),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "TRIANGLES_USER_DATA": str(home / "data"),  # where the autosave goes (plugin_manager)
    }


def elsewhere(tmp_path: Path) -> Path:
    """A working folder with no package in it."""
    folder = tmp_path / "elsewhere"
    folder.mkdir(exist_ok=True)
    return folder


def descendants(pid: int) -> list[int]:
    """The processes started by `pid`, and theirs (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(fields[1])
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        children = [child for child, ppid in parents.items() if ppid == parent]
        found += children
        todo += children
    return found


def python_locations() -> list[str]:
    """The folders and libraries of the Python that runs these tests."""
    paths = sysconfig.get_paths()
    places = {paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    library = sysconfig.get_config_var("LDLIBRARY")
    for folder in (sysconfig.get_config_var("LIBDIR"), sysconfig.get_config_var("LIBPL")):
        if library and folder and (Path(folder) / library).exists():
            places.add(str(Path(folder, library).resolve()))
    return sorted(os.path.realpath(place) for place in places)


def mapped_files(pid: int) -> set[str]:
    """The files process `pid` has mapped: its program, libraries and extension modules."""
    lines = Path(f"/proc/{pid}/maps").read_text().splitlines()
    return {line.split(None, 5)[5] for line in lines if len(line.split(None, 5)) == 6}


def a_game_with_the_computer_to_move(path: Path) -> Game:
    """A saved game, one stroke in, that the computer (Medium) must answer."""
    game = Game(Board.generate("phone-24", 7), Rules())
    i, j = game.legal_strokes()[0]
    game.play(int(i), int(j))
    players = [
        PlayerInfo("Ana", PlayerKind.HUMAN),
        PlayerInfo("Computer", PlayerKind.COMPUTER, "medium"),
    ]
    write_record(path, game, players)
    return game


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_bundle_opens_a_saved_game_offscreen_and_the_computer_answers_without_python(
    bundle, tmp_path
):
    record = tmp_path / "Evening game.triangles"
    saved = a_game_with_the_computer_to_move(record)
    env = python_free_env(tmp_path)
    autosave = Path(env["TRIANGLES_USER_DATA"]) / "autosave.triangles"
    output = tmp_path / "output.log"
    with open(output, "wb") as out:
        # A saved game given alone is opened, as a file manager passes it (the menu's %f).
        app = subprocess.Popen(
            [str(bundle), str(record)],
            cwd=elsewhere(tmp_path),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        # The game keeps an unfinished game on disk after every stroke (the autosave, offered
        # again at the next start): once the computer has answered, it holds the saved game
        # and that answer, beside the name of the file the game came from.
        deadline = time.monotonic() + 120
        moves: list = []
        while time.monotonic() < deadline and app.poll() is None:
            with contextlib.suppress(Exception):  # not there yet, or being replaced
                moves = read_record(autosave).game.moves
            if len(moves) >= 2:
                break
            time.sleep(0.2)
        assert len(moves) >= 2, output.read_text(errors="replace")
        started = descendants(app.pid)
        processes = [app.pid, *started]
        programs = {pid: os.path.realpath(f"/proc/{pid}/exe") for pid in processes}
        commands = {pid: Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0") for pid in started}
        maps = {pid: mapped_files(pid) for pid in processes}
    finally:
        os.killpg(app.pid, signal.SIGTERM)
        app.wait(timeout=30)

    loaded = read_record(autosave)
    assert loaded.game.board.same_as(saved.board)
    assert loaded.game.strokes[:1] == saved.strokes
    assert loaded.game.moves[1].player == 1  # the computer's stroke
    assert Path(str(autosave) + ".file").read_text().strip() == str(record)

    assert not (tmp_path / "tripwire.log").exists(), (tmp_path / "tripwire.log").read_text()
    assert set(programs.values()) == {os.path.realpath(bundle)}, programs
    assert any(b"triangles_qt.engine" in command for command in commands.values()), commands
    python = python_locations()
    for pid, files in maps.items():
        from_python = sorted(f for f in files if any(f.startswith(p + os.sep) for p in python))
        from_python += sorted(f for f in files if f in python)
        assert not from_python, (pid, from_python)
        libpython = [f for f in files if Path(f).name.startswith("libpython")]
        assert libpython and all(f.startswith(str(bundle.parent) + os.sep) for f in libpython)
    assert "Traceback" not in output.read_text(errors="replace")


def test_the_bundled_arena_plays_engines_in_spawned_workers(bundle, tmp_path):
    records = tmp_path / "records"
    done = subprocess.run(
        [str(bundle), "-m", "triangles_qt.arena", "--preset", "phone-24", "--games", "2"]
        + ["--p1", "easy", "--p2", "medium", "--jobs", "2", "--json"]
        + ["--records", str(records)],
        cwd=elsewhere(tmp_path),
        env=python_free_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 2 and summary["failures"] == []
    assert summary["fallback_moves"] == {"easy": 0, "medium": 0}
    assert all(read_record(path).game.is_over for path in records.glob("*.triangles"))
    assert len(list(records.glob("*.triangles"))) == 2
    assert not (tmp_path / "tripwire.log").exists()


def test_two_bundles_play_a_game_over_the_network(bundle, tmp_path):
    """Network play in the bundle: Qt's network module, the net package and zeroconf."""
    env = python_free_env(tmp_path)
    host = subprocess.Popen(
        [str(bundle), "-m", "triangles_qt.net", "host", "--listen", "loopback", "--port", "0",
         "--preset", "phone-24", "--strategy", "easy", "--records", str(tmp_path / "host")],
        cwd=elsewhere(tmp_path), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        assert first.startswith("listening on 127.0.0.1:"), first + host.stderr.read()
        port = first.rsplit(":", 1)[1].strip()
        joined = subprocess.run(
            [str(bundle), "-m", "triangles_qt.net", "join", f"127.0.0.1:{port}",
             "--strategy", "medium", "--records", str(tmp_path / "join")],
            cwd=elsewhere(tmp_path), env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert joined.returncode == 0, joined.stderr
        assert host.wait(timeout=60) == 0
    finally:
        host.kill()
    (hosted,) = (tmp_path / "host").glob("*.triangles")
    (kept,) = (tmp_path / "join").glob("*.triangles")
    assert hosted.read_bytes() == kept.read_bytes() and read_record(hosted).game.is_over
    assert not (tmp_path / "tripwire.log").exists()


def test_the_bundled_record_validator_checks_saved_games_under_its_own_name(bundle, tmp_path):
    def validate(*paths: Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(bundle.with_name("triangles-record")), *map(str, paths)],
            cwd=elsewhere(tmp_path),
            env=python_free_env(tmp_path),
            capture_output=True,
            text=True,
            timeout=60,
        )

    valid = sorted((RECORDS / "valid").glob("*.triangles"))
    done = validate(*valid)
    assert done.returncode == 0 and done.stdout.count("OK ") == len(valid), done.stderr
    done = validate(RECORDS / "invalid" / "stroke-crosses.triangles")
    assert done.returncode == 1 and "stroke-crosses" in done.stdout
    assert not (tmp_path / "tripwire.log").exists()
    usage = validate(Path("--help"))
    assert usage.returncode == 0 and usage.stdout.startswith("usage: triangles-record")


def test_the_bundle_holds_what_the_game_needs_and_installs_its_menu_entry(bundle, tmp_path):
    inside = bundle.parent / "_internal" / "triangles_qt"
    for language in ("de", "es", "bg", "en"):
        assert (inside / "translations" / f"triangles_{language}.qm").is_file()
    # Without the digests the bundle would load no translation (issue 51).
    assert (inside / "translations" / "qm-digests.json").is_file()
    assert list((inside / "app" / "help_content").glob("*.html"))
    for resource in (REPO / "triangles_qt" / "app" / "resources").glob("*.*"):
        assert (inside / "app" / "resources" / resource.name).is_file(), resource.name
    assert (bundle.parent / "LICENSE").is_file()
    env = python_free_env(tmp_path)
    plugins = subprocess.run(
        [str(bundle), "-m", "triangles_qt.arena", "--list-plugins"],
        cwd=elsewhere(tmp_path),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Failed plugins: none" in plugins.stdout, plugins.stdout + plugins.stderr
    for strategy_or_theme in ("easy", "medium", "hard", "nebula", "daylight", "high-contrast"):
        assert f"  {strategy_or_theme} " in plugins.stdout
    done = subprocess.run(
        [str(bundle), "--install-desktop-entry"],
        cwd=elsewhere(tmp_path),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    entry = Path(env["XDG_DATA_HOME"], "applications", "io.github.triangles_qt.Triangles.desktop")
    assert f"Exec={bundle} %f" in entry.read_text()


def runtime_distributions(name: str) -> set[str]:
    """The distributions `name` needs to run (its requirements without extras, and theirs)."""
    from packaging.requirements import Requirement

    found: set[str] = set()
    todo = [name]
    while todo:
        dist = importlib.metadata.distribution(todo.pop())
        for text in dist.requires or ():
            requirement = Requirement(text)
            if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
                continue
            needed = importlib.metadata.distribution(requirement.name).name
            if needed not in found:
                found.add(needed)
                todo.append(needed)
    return found


def test_the_bundle_carries_the_licence_of_everything_it_redistributes(bundle):
    """Qt and PySide6 (LGPL), zeroconf (LGPL), CPython (PSF), the MIT and BSD libraries and
    the system's own libraries are redistributed in binary form: their licences go with them
    (issue 50)."""
    folder = bundle.parent
    licences = folder / "licenses"
    listing = json.loads((licences / "components.json").read_text())
    for component in listing:
        assert any((licences / component).iterdir()), component  # its texts are there
    for dist in runtime_distributions("triangles_qt"):
        assert f"python/{dist}" in listing, dist
    assert "cpython/CPython" in listing
    pyside = (licences / "python" / "PySide6_Essentials").iterdir()
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in "".join(p.read_text() for p in pyside)
    covered = {name for c in listing.values() for name in c["files"]}
    internal = folder / "_internal"
    libraries = [p for p in internal.glob("*.so*") if not p.is_symlink()]
    assert len(libraries) > 10
    if shutil.which("dpkg-query") is None:
        pytest.skip("the system libraries' packages are found with dpkg (Debian, Ubuntu)")
    assert sorted(p.name for p in libraries if p.name not in covered) == []
