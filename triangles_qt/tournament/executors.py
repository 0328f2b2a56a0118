"""Where a tournament's games run: in this process one after the other (``--jobs 1``), in a pool
of local processes (``--jobs N``), or on a Dask cluster (``--cluster tcp://HOST:PORT``).

All three are `concurrent.futures.Executor`s, so the tournament loop is the same for each.
Games are deterministic for deterministic strategies, so where a game runs never changes its
result.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any
from urllib.parse import urlsplit


class InlineExecutor(Executor):
    """Runs each call at once in this process: the sequential run the others must agree with."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to whoever waits, as a pool would
            future.set_exception(exc)
            if isinstance(exc, KeyboardInterrupt):
                raise
        return future


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def end_with_parent(parent: int, every_s: float = 1.0) -> None:
    """In a pool worker: end this process (and so its engines) once the arena that started it
    is gone, killed or crashed, instead of waiting for work forever. Ctrl-C is the arena's to
    handle: it stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every_s)
        os._exit(1)  # the engines read the end of their input and end too

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


class ClusterError(RuntimeError):
    """The cluster cannot be used: Dask is not installed, or the scheduler cannot be reached."""


DASK_SCHEMES = ("tcp", "tls", "ws", "wss")


def cluster_executor(
    address: str, timeout_s: float = 20
) -> tuple[Executor, int, Callable[[], None]]:
    """An executor on the Dask scheduler at `address`, the number of worker threads it has now,
    and what closes the connection."""
    try:
        from distributed import Client  # untyped: its calls below are checked as Any
    except ImportError as exc:
        raise ClusterError(
            "--cluster needs Dask's distributed scheduler: pip install 'triangles-qt[cluster]'"
        ) from exc
    try:
        parts = urlsplit(address if "://" in address else f"tcp://{address}")  # Dask's default
        port = parts.port
    except ValueError:  # a port that is not a number
        port = None
    if parts.scheme not in DASK_SCHEMES or not parts.hostname or port is None:
        # Told now: given anything else, Dask's client gives up only after its timeout, and
        # then spends 40 s more closing itself with a traceback.
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address}: "
            "not an address of the form tcp://HOST:PORT"
        )
    try:
        client = Client(address, timeout=timeout_s, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:  # ValueError: not an address
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    threads = sum(client.nthreads().values())
    executor = client.get_executor(pure=False)

    def close() -> None:
        executor.shutdown(wait=False)
        client.close()

    return executor, max(threads, 1), close


def local_executor(jobs: int) -> tuple[Executor, Callable[[], None]]:
    """`jobs` games at once: one worker process each (spawned, so no thread or engine of ours
    is inherited), or this process alone for one job; and what stops it."""
    if jobs <= 1:
        executor: Executor = InlineExecutor()
    else:
        executor = ProcessPoolExecutor(
            jobs,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=end_with_parent,
            initargs=(os.getpid(),),
        )

    def stop() -> None:
        """At the end no game is running; after an error or Ctrl-C, running games are
        abandoned at once rather than waited for (the finished ones are in the database)."""
        executor.shutdown(wait=False, cancel_futures=True)
        # The pool keeps its worker processes in _processes (CPython 3.8 to 3.14).
        workers = getattr(executor, "_processes", None) or {}
        for process in list(workers.values()):
            process.terminate()

    return executor, stop
