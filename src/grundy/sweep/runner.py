"""Running a sweep on Dask: each game a task (values until its period is proved, as ``grundy period``
finds it, or ``max_n`` values), the longest first, the rows written by the client as they arrive.

By default a ``LocalCluster`` of one worker process per core on 127.0.0.1; give ``scheduler`` (the
address of a running ``dask scheduler``) to use an existing cluster. A worker that dies loses
nothing: Dask runs its game again elsewhere.

>>> row, values = work_out("octal", "octal:0.07", "octal:0.07", 2**10, None)
>>> row.status, row.preperiod, row.period, row.proved, len(values) == row.values_computed
('done', 53, 34, True, True)
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.core.errors import GrundyError
from grundy.sweep.families import Member
from grundy.sweep.store import Row, Store

DEFAULT_MAX = 1 << 20  # values a game is given to prove its period
WORK_PER_VALUE = 1  # the default work budget of a game: max_states = this × its --max (positions of 10,000 steps)
CONNECT_SECONDS = 10  # how long a scheduler is given to answer
SPAWN_SECONDS = 30  # the longest SIGINT is ignored while the local workers' processes start
CLOSE_SECONDS = 5  # how long an interrupted sweep waits for its client and cluster to close


def work_out(family: str, spec: str, representative: str, max_n: int, known: np.ndarray | None,
             max_states: int | None = None, command_line: bool = False) -> tuple[Row, Any]:
    """One game on a worker: its row, and its values (None when it failed). ``known``: values kept
    by an earlier run, taken as they are (the table goes on from them). The work is bounded by
    ``max_states`` positions of :data:`~grundy.patterns.period.WORK_PER_STATE` kernel steps (default
    :data:`WORK_PER_VALUE` × ``max_n``), and the memory it holds by the memory budget,
    so a game whose kernel slows down as heaps grow (three-heap splits) ends unproved at its budget
    with the values it has; ``command_line``: its reasons name the command line's options."""
    import grundy
    from grundy.core import memory, words
    from grundy.patterns.period import find_period
    from grundy.service.resolve import ruleset

    started = time.perf_counter()
    try:
        game = ruleset(spec)
        if known is not None and hasattr(game, "seed"):
            game.seed(known)
        wording = words.command_line() if command_line else contextlib.nullcontext()
        with memory.budget(max_states=max_states or WORK_PER_VALUE * max_n), wording:
            found = find_period(game, max_n=max_n, bounded=True)
    except (GrundyError, MemoryError) as exc:
        error = str(exc) if isinstance(exc, GrundyError) else "out of memory"
        return Row(family, spec, representative, "failed", None, None, None, None, None, None, None,
                   time.perf_counter() - started, grundy.__version__, error=error), None
    ran_sparse = getattr(game, "sparse_stats", None) is not None
    seen = found.period is not None  # no period seen: no preperiod or saltus either
    return Row(family, spec, representative, "done", found.preperiod if seen else None, found.period,
               found.saltus if seen else None, found.proved,
               found.values_computed, found.max_value, game.rare_mask(found.values) if ran_sparse else None,
               time.perf_counter() - started, grundy.__version__, reason=found.reason), found.values


@dataclass
class Tally:
    """Where a sweep stands: games to do, done (proved or not), failed, and the time it started."""

    total: int
    proved: int = 0
    unproved: int = 0
    failed: int = 0
    started: float = field(default_factory=time.monotonic)

    @property
    def done(self) -> int:
        return self.proved + self.unproved + self.failed

    def add(self, row: Row) -> None:
        if row.status == "failed":
            self.failed += 1
        elif row.proved:
            self.proved += 1
        else:
            self.unproved += 1


def plan(members: list[Member], store: Store, max_n: int, redo_unproved: bool) -> list[tuple[Member, Any]]:
    """The games to run: each representative without a row (or with a failed one), and with
    ``redo_unproved`` each unproved one computed to fewer than ``max_n`` values, with its kept
    values. The equivalent games are recorded here, at once (they need no work)."""
    import grundy

    done = store.done()
    for member in members:
        if member.representative != member.spec and member.spec not in done:
            store.write(Row(member.family, member.spec, member.representative, "equivalent", None, None, None, None,
                            None, None, None, None, grundy.__version__, reason=member.why))
    again = {r.spec: r for r in store.unproved()} if redo_unproved else {}
    work = []
    for member in members:
        if member.representative != member.spec:
            continue
        if member.spec not in done:
            work.append((member, None))
        elif member.spec in again and (again[member.spec].values_computed or 0) < max_n:
            work.append((member, store.kept(member.spec)))
    return work


def cost(member: Member, known: Any) -> int:
    """How long a game is expected to take, to start the longest first: a game taken further
    starts from its values; otherwise a code with more digits and splits is guessed longer."""
    if known is not None:
        return 10**9 + len(known)
    code = member.spec.partition(":")[2]
    return 1000 * len(code) + sum(ch in "4567cdefCDEF" for ch in code) * 100


def run(members: list[Member], store: Store, max_n: int = DEFAULT_MAX, scheduler: str | None = None,
        workers: int | None = None, redo_unproved: bool = False,
        on_start: Callable[[str, Tally], None] | None = None,
        on_row: Callable[[Tally, Row], None] | None = None, max_states: int | None = None) -> Tally:
    """Run the games of ``members`` that ``store`` has not done, writing each row as it arrives.

    ``on_start(dashboard, tally)`` hears the address of the Dask dashboard once the cluster is up,
    ``on_row(tally, row)`` each game as it ends (a progress bar listens); ``max_states`` bounds
    each game's work (:func:`work_out`).
    """
    if scheduler is not None:
        scheduler = scheduler_address(scheduler)
    work = plan(members, store, max_n, redo_unproved)
    tally = Tally(len(work))
    if not work:
        return tally
    work.sort(key=lambda item: cost(*item), reverse=True)
    with session(scheduler, workers) as client:
        if on_start is not None:
            on_start(client.dashboard_link, tally)
        _collect(client, work, store, tally, max_n, max_states, on_row)
    return tally


@contextlib.contextmanager
def session(scheduler: str | None, workers: int | None) -> Iterator[Any]:
    """A Dask client for the block: of the scheduler at ``scheduler``, or of a local cluster of
    ``workers`` processes (:func:`start_local_cluster`) when it is None. The client and the local
    cluster are closed after it, at once when the block ends by an error or Ctrl-C (:func:`close`)."""
    cluster = None if scheduler is not None else start_local_cluster(workers)
    try:
        client = connect(cluster if cluster is not None else scheduler_address(str(scheduler)))
    except BaseException:
        close(None, cluster, interrupted=True)
        raise
    interrupted = True  # until the block ends well: an error or Ctrl-C closes the cluster at once
    try:
        yield client
        interrupted = False
    finally:
        close(client, cluster, interrupted)


def _collect(client: Any, work: list[tuple[Member, Any]], store: Store, tally: Tally, max_n: int,
             max_states: int | None, on_row: Callable[[Tally, Row], None] | None) -> None:
    """Submit each game of ``work`` and write its row (and its values) as it ends."""
    from dask.distributed import as_completed

    from grundy.core import words

    wording = words.on_command_line()
    futures = {client.submit(work_out, m.family, m.spec, m.representative, max_n, known, max_states, wording,
                             priority=cost(m, known), pure=False): m for m, known in work}
    for future in as_completed(futures):
        try:
            row, values = future.result()
        except Exception as exc:  # the task could not run (its worker died too often, ...)
            member = futures[future]
            row, values = Row(member.family, member.spec, member.representative, "failed", None, None, None,
                              None, None, None, None, None, "", error=f"{type(exc).__name__}: {exc}"), None
        if values is not None:  # the values first: a row without them is only taken again from zero
            store.keep(row.spec, np.asarray(values))
        store.write(row)
        tally.add(row)
        if on_row is not None:
            on_row(tally, row)


def start_local_cluster(workers: int | None) -> Any:
    """A ``LocalCluster`` on 127.0.0.1 of ``workers`` processes (default one a core), its worker
    processes started ignoring SIGINT: a Ctrl-C at the terminal goes to the whole process group,
    and a worker still importing would print its own KeyboardInterrupt traceback; this process
    alone takes it, and closes the cluster. The workers join while the sweep goes on (its tasks wait
    for them)."""
    from dask.distributed import LocalCluster

    try:
        cluster = LocalCluster(n_workers=0, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address="127.0.0.1:0")
    except OSError as exc:
        raise GrundyError(f"cannot start the local Dask cluster: {exc}") from None
    try:
        _spawn_ignoring_sigint(cluster, workers or os.cpu_count() or 1)
    except BaseException:
        close(None, cluster, interrupted=True)
        raise
    return cluster


def _spawn_ignoring_sigint(cluster: Any, count: int) -> None:
    """Scale ``cluster`` to ``count`` workers with SIGINT ignored until their processes exist (an
    ignored signal stays ignored past ``exec``, and Python then leaves it so): a few hundredths of
    a second, past which a Ctrl-C is this process's again. Outside the main thread, or where a
    SIGINT handler not of Python's making is set, the workers are only started."""
    main = threading.current_thread() is threading.main_thread()
    handler = signal.getsignal(signal.SIGINT) if main else None
    before = _spawned_processes()
    if handler is not None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        cluster.scale(count)
        deadline = time.monotonic() + SPAWN_SECONDS
        while handler is not None and len(_spawned_processes() - before) < count and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        if handler is not None:
            signal.signal(signal.SIGINT, handler)


def _spawned_processes() -> set[int]:
    """The child processes of this one that multiprocessing started (by ``spawn_main``)."""
    import psutil

    found = set()
    for child in psutil.Process().children():
        with contextlib.suppress(psutil.Error):
            if any("spawn_main" in word for word in child.cmdline()):
                found.add(child.pid)
    return found


def close(client: Any, cluster: Any, interrupted: bool) -> None:
    """Close the client and the local cluster. ``interrupted`` (Ctrl-C, an error): quietly and
    soon, the workers killed first (a worker in the middle of a game would be waited for, and
    Dask would log its cancelled task and the kill), and a close that does not end in
    :data:`CLOSE_SECONDS` given up on (the error or Ctrl-C is what the user hears of)."""
    if not interrupted:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
        return
    with _dask_logs_off():
        if cluster is not None:
            _kill_workers(cluster)
        with contextlib.suppress(Exception):
            if client is not None:
                client.close(timeout=CLOSE_SECONDS)
        with contextlib.suppress(Exception):
            if cluster is not None:
                cluster.close(timeout=CLOSE_SECONDS)


@contextlib.contextmanager
def _dask_logs_off() -> Iterator[None]:
    """The logs of this process silenced for the block (Dask's loggers have levels of their own)."""
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(logging.NOTSET)


def _kill_workers(cluster: Any) -> None:
    """Kill the worker processes of a local cluster, their nannies told first not to start them
    again."""
    from distributed.core import Status

    for nanny in list(getattr(cluster, "workers", {}).values()):
        pid = getattr(nanny, "pid", None)
        if not pid:
            continue
        nanny.status = Status.closing_gracefully  # an exit now closes the nanny, not a restart
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def scheduler_address(text: str) -> str:
    """A Dask scheduler's address as ``--scheduler`` takes it: ``tcp://HOST:PORT`` (or ``HOST:PORT``).

    >>> scheduler_address("127.0.0.1:8786")
    'tcp://127.0.0.1:8786'
    >>> scheduler_address("bogus")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: 'bogus' is not a Dask scheduler's address: write tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786
    """
    match = re.fullmatch(r"(?:tcp://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})", text.strip())
    if match is None or not 0 < int(match[2]) < 65536:
        raise GrundyError(f"{text!r} is not a Dask scheduler's address: write tcp://HOST:PORT, "
                          "e.g. tcp://127.0.0.1:8786")
    return f"tcp://{match[1]}:{match[2]}"


def connect(target: Any, seconds: float = CONNECT_SECONDS) -> Any:
    """A Dask client of ``target`` (a local cluster, or a scheduler's address), or a one-line
    error when it does not answer within ``seconds``: Dask waits for ever on a port that accepts a
    connection and says nothing (a dashboard's port, say), so the client is made in a thread
    that is given up on then."""
    from dask.distributed import Client

    made: dict[str, Any] = {}

    def make() -> None:
        try:
            made["client"] = Client(target, timeout=f"{seconds}s")
        except Exception as exc:  # every failure to connect is reported in one line
            made["error"] = exc

    where = "of the local cluster" if not isinstance(target, str) else target
    thread = threading.Thread(target=make, name="grundy-dask-connect", daemon=True)
    thread.start()
    thread.join(seconds + 5)
    if "client" in made:
        return made["client"]
    if thread.is_alive():
        raise GrundyError(f"the Dask scheduler {where} did not answer in {seconds:g} s: is it a scheduler's "
                          "address (tcp://HOST:8786 by default, not its dashboard's)?")
    exc = made.get("error")
    raise GrundyError(f"cannot reach the Dask scheduler {where}: {exc}") from None
