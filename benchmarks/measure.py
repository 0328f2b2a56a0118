"""What the benchmarks share: the machine's load, CPU time beside wall time, summaries over
repeats (min and median), and runs in fresh processes of this checkout or another one,
interleaved so that a change of load hits every side alike (an A/B comparison).

A child process runs one checkout's `triangles_qt` whatever is installed, and this checkout's
benchmarks: it starts in a folder of its own (`python -c` and `python -m` put the working
folder first on the path), its PYTHONPATH names a folder holding a link to this checkout's
benchmarks/ and then the checkout, and a `sitecustomize` there drops the editable install's
finder, which would otherwise map `triangles_qt.builtin_plugins` (plugins/), themes and
translations to the installed checkout even when `triangles_qt` itself comes from the other
one. Both sides of an A/B run are started the same way, the engine processes they start too.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Only what the child's own checkout provides may answer for triangles_qt.
SITECUSTOMIZE = """\
import sys
sys.meta_path[:] = [
    finder for finder in sys.meta_path
    if not str(getattr(finder, "__module__", "")).startswith("__editable___triangles_qt")
]
"""


def load_text() -> str:
    """The machine's load average (1, 5 and 15 minutes), its cores and its pace, in one line."""
    one, five, fifteen = os.getloadavg()
    return (
        f"load average {one:.2f} {five:.2f} {fifteen:.2f} (1/5/15 min), {os.cpu_count()} "
        f"cores; pace {pace_ms():.1f} ms"
    )


def pace_ms() -> float:
    """The least CPU time of five runs of a fixed loop of Python, in ms. A virtual machine's
    host may run it slower for a while with nothing else running here and the load average
    near 0 (on the project's machine: about 11 ms calm, 15-17 in such phases): a figure is
    comparable to another only at a similar pace, or in one A/B run."""

    def loop() -> int:
        total = 0
        for i in range(200_000):
            total += i * i % 7
        return total

    times = []
    for _ in range(5):
        start = time.thread_time()
        loop()
        times.append(time.thread_time() - start)
    return min(times) * 1e3


@dataclass
class Timed:
    """CPU and wall seconds of a `with` block. CPU is `cpu_clock`: time.process_time (every
    thread of this process) unless told otherwise (time.thread_time: this thread only)."""

    cpu_clock: Callable[[], float] = time.process_time
    cpu: float = 0.0
    wall: float = 0.0
    _start: tuple[float, float] = field(default=(0.0, 0.0), repr=False)

    def __enter__(self) -> Timed:
        self._start = (self.cpu_clock(), time.perf_counter())
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self._start[1]
        self.cpu = self.cpu_clock() - self._start[0]


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank: a value that occurred."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))  # ceil(n q / 100), at least the first
    return ordered[int(rank) - 1]


def summary(values: Sequence[float], scale: float = 1e3, unit: str = "ms", digits: int = 1) -> str:
    """ "min X, median Y" of repeated figures (seconds by default, shown in ms)."""
    low, mid = min(values) * scale, statistics.median(values) * scale
    unit = f" {unit}" if unit else ""
    return f"min {low:,.{digits}f}{unit}, median {mid:,.{digits}f}{unit}"


def run_child(
    argv: Sequence[str], env: dict[str, str], cwd: str | os.PathLike[str]
) -> tuple[float, float, str]:
    """Run `argv` to its end: (CPU seconds of the child and of every process it waited for,
    wall seconds, its standard output). Its errors go to ours; a failure raises."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        list(argv), env=env, cwd=cwd, check=True, stdout=subprocess.PIPE, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def last_json(stdout: str) -> dict:
    """The last line of a child's output, which a child of these benchmarks writes as JSON."""
    return json.loads(stdout.strip().splitlines()[-1])


# What a child imports, to check that a side runs its own checkout.
WHERE = (
    "import triangles_qt, triangles_qt.builtin_plugins as p; "
    "print(triangles_qt.__file__); print(list(p.__path__)[0])"
)


@dataclass
class Sides:
    """The checkouts compared ("this checkout", then --against's), each with the environment
    that runs it, and a private home folder all of them run in."""

    home: str
    envs: dict[str, dict[str, str]]
    checkouts: dict[str, str]

    def describe(self) -> str:
        """One line per side: its checkout, commit, and that its children import from it
        (SystemExit when they do not)."""
        lines = []
        for side, env in self.envs.items():
            path = self.checkouts[side]
            _, _, out = run_child([sys.executable, "-c", WHERE], env, self.home)
            for found in out.split():
                if not Path(found).resolve().is_relative_to(Path(path).resolve()):
                    raise SystemExit(f"{side}: a child imports {found}, not from {path}")
            commit = subprocess.run(
                ["git", "-C", path, "describe", "--always", "--dirty= (uncommitted changes)"],
                capture_output=True,
                text=True,
            ).stdout.strip()
            lines.append(f"{side}: {path} at {commit or 'an unknown commit'}")
        return "\n".join(lines)


@contextmanager
def sides(against: str | None, qt_offscreen: bool = False) -> Iterator[Sides]:
    """This checkout, and `against` if given, ready to run children (see the module docstring).
    Settings and user data go to a temporary home folder, removed at the end."""
    with tempfile.TemporaryDirectory(prefix="triangles-bench-") as home:
        shim = Path(home, "shim")
        shim.mkdir()
        (shim / "sitecustomize.py").write_text(SITECUSTOMIZE)
        (shim / "benchmarks").symlink_to(Path(__file__).resolve().parent)
        base = {
            **os.environ,
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_DATA_HOME": os.path.join(home, "share"),
            "XDG_CACHE_HOME": os.path.join(home, "cache"),
            "TRIANGLES_USER_DATA": os.path.join(home, "data"),
            # The game's own choice (application.main); the same on every side.
            "OPENBLAS_NUM_THREADS": os.environ.get("OPENBLAS_NUM_THREADS", "1"),
        }
        # As a player's machine runs it: modules from their bytecode cache, not compiled again
        # at every start (some shells and CI images set this).
        base.pop("PYTHONDONTWRITEBYTECODE", None)
        if qt_offscreen:
            base["QT_QPA_PLATFORM"] = os.environ.get("QT_QPA_PLATFORM", "offscreen")
        checkouts = {"this checkout": str(ROOT)}
        if against:
            other = os.path.abspath(against)
            if not os.path.isfile(os.path.join(other, "triangles_qt", "__init__.py")):
                raise SystemExit(f"--against {against}: no triangles_qt/ there")
            checkouts[against] = other
        envs = {
            side: {**base, "PYTHONPATH": os.pathsep.join([str(shim), path])}
            for side, path in checkouts.items()
        }
        yield Sides(home, envs, checkouts)


def interleaved(
    names: Sequence[str], repeats: int, run: Callable[[str], dict[str, float]], warm_up: bool = True
) -> dict[str, dict[str, list[float]]]:
    """`run(name)` `repeats` times for each name, alternating between them (A B A B ...), after
    one run each that is not counted (it writes caches: .pyc files, fontconfig) unless
    `warm_up` is False. Returns, per name, each figure's values over the repeats, and the
    pace before each run (PACE)."""
    if warm_up:
        for name in names:
            run(name)
    figures: dict[str, dict[str, list[float]]] = {name: {} for name in names}
    for _ in range(repeats):
        for name in names:
            figures[name].setdefault(PACE, []).append(pace_ms())
            for key, value in run(name).items():
                figures[name].setdefault(key, []).append(value)
    return figures


PACE = "pace"  # interleaved's figure: the pace (pace_ms) just before each run


def paces_text(figures: dict[str, dict[str, list[float]]]) -> str:
    """The pace before the runs of each side of `interleaved`'s figures, in one line."""
    parts = []
    for name, found in figures.items():
        values = found.get(PACE, [])
        if values:
            parts.append(
                f"{name} min {min(values):.1f}, median {statistics.median(values):.1f}, "
                f"max {max(values):.1f} ms"
            )
    return "the pace before each run: " + "; ".join(parts)


def child_command(module: str, *args: str) -> list[str]:
    """`python -m module ARGS` with this Python: run with an environment of `sides`, `module`
    is this checkout's benchmark and `triangles_qt` the side's."""
    return [sys.executable, "-m", module, *args]
