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

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.core.errors import GrundyError
from grundy.sweep.families import Member
from grundy.sweep.store import Row, Store

DEFAULT_MAX = 1 << 20  # values a game is given to prove its period


def work_out(family: str, spec: str, representative: str, max_n: int, known: np.ndarray | None) -> tuple[Row, Any]:
    """One game on a worker: its row, and its values (None when it failed). ``known``: values kept
    by an earlier run, taken as they are (the table goes on from them)."""
    import grundy
    from grundy.patterns.period import find_period
    from grundy.rulesets.registry import ruleset

    started = time.perf_counter()
    try:
        game = ruleset(spec)
        if known is not None and hasattr(game, "seed"):
            game.seed(known)
        found = find_period(game, max_n=max_n)
    except (GrundyError, MemoryError) as exc:
        error = str(exc) if isinstance(exc, GrundyError) else "out of memory"
        return Row(family, spec, representative, "failed", None, None, None, None, None, None, None,
                   time.perf_counter() - started, grundy.__version__, error=error), None
    ran_sparse = getattr(game, "sparse_stats", None) is not None
    return Row(family, spec, representative, "done", found.preperiod, found.period, found.saltus, found.proved,
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
        on_row: Callable[[Tally, Row], None] | None = None) -> Tally:
    """Run the games of ``members`` that ``store`` has not done, writing each row as it arrives.

    ``on_start(dashboard, tally)`` hears the address of the Dask dashboard once the cluster is up,
    ``on_row(tally, row)`` each game as it ends (a progress bar listens).
    """
    from dask.distributed import Client, LocalCluster, as_completed

    work = plan(members, store, max_n, redo_unproved)
    tally = Tally(len(work))
    if not work:
        return tally
    work.sort(key=lambda item: cost(*item), reverse=True)
    cluster = None
    try:
        if scheduler is None:
            cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address="127.0.0.1:0")
            client = Client(cluster)
        else:
            client = Client(scheduler, timeout="10s")
    except OSError as exc:
        raise GrundyError(f"cannot reach the Dask scheduler {scheduler or 'of the local cluster'}: {exc}") from None
    try:
        if on_start is not None:
            on_start(client.dashboard_link, tally)
        futures = {client.submit(work_out, m.family, m.spec, m.representative, max_n, known,
                                 priority=cost(m, known), pure=False): m for m, known in work}
        for future in as_completed(futures):
            try:
                row, values = future.result()
            except Exception as exc:  # the task could not run (its worker died too often, ...)
                member = futures[future]
                row, values = Row(member.family, member.spec, member.representative, "failed", None, None, None,
                                  None, None, None, None, None, "", error=f"{type(exc).__name__}: {exc}"), None
            store.write(row)
            if values is not None:
                store.keep(row.spec, np.asarray(values))
            tally.add(row)
            if on_row is not None:
                on_row(tally, row)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return tally
