"""A misère survey on the sweep's engine (``grundy sweep misere``): the misère quotient Q_N of every
code of a family (:func:`~grundy.sweep.misere_family.misere_family`: each game once, equal codes only
when they are the very same game — the normal-play sweep's "covered bits" are not misère
equalities), each computed by :func:`grundy.quotient.quotient_of` on a Dask worker, as the normal
sweep runs its games (:func:`grundy.sweep.runner.session`: a local cluster on 127.0.0.1 or a
running scheduler), each row written to the ``misere`` table as it arrives, so a second run goes on
where the first stopped (:mod:`grundy.sweep.misere_store`).

>>> row = work_out("octal", "octal:0.75", "octal:0.75", 5)
>>> row.status, row.q_size, row.p_size, row.tame
('done', 8, 2, False)
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from grundy.core.errors import GrundyError, LimitError
from grundy.sweep.families import Member
from grundy.sweep.misere_store import MisereRow, MisereStore
from grundy.sweep.runner import Tally, scheduler_address, session

MAX_HEAP = 200  # the largest heap bound a survey takes (each quotient grows with it)


def check_max_heap(max_heap: Any) -> int:
    """The heap bound of a survey, or a one-line error.

    >>> check_max_heap(0)
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: the largest heap of a misère survey must be a whole number from 1 to 200, got 0
    """
    if isinstance(max_heap, bool) or not isinstance(max_heap, int) or not 1 <= max_heap <= MAX_HEAP:
        raise GrundyError(f"the largest heap of a misère survey must be a whole number from 1 to {MAX_HEAP}, "
                          f"got {max_heap!r}")
    return max_heap


def work_out(family: str, spec: str, representative: str, max_heap: int, max_states: int | None = None,
             command_line: bool = False) -> MisereRow:
    """One code on a worker: its row at heap bound ``max_heap``. The quotient is held to the
    work budget ``max_states`` (the default budget when None) and the memory budget: a quotient
    that needs more is a row of status ``budget``, any other error one of status ``failed``, never
    a crash; ``command_line``: the errors name the command line's options."""
    import grundy
    from grundy import quotient
    from grundy.core import memory, words
    from grundy.service.resolve import ruleset

    started = time.perf_counter()
    status, error = "done", ""
    try:
        rules = ruleset(spec)
        wording = words.command_line() if command_line else contextlib.nullcontext()
        limits = {} if max_states is None else {"max_states": max_states}
        with memory.budget(**limits), wording:
            found = quotient.quotient_of(rules, max_heap)
    except (LimitError, MemoryError) as exc:
        status, error = "budget", str(exc) if isinstance(exc, LimitError) else "out of memory"
    except GrundyError as exc:
        status, error = "failed", str(exc)
    seconds = time.perf_counter() - started
    if status != "done":
        return MisereRow(family, spec, representative, status, max_heap, None, None, None, None, None, None, None,
                         "", "", "", seconds, grundy.__version__, error=error)
    return MisereRow(family, spec, representative, "done", max_heap, found.order, len(found.p_portion), found.tame,
                     found.complete, found.complete_from_heap, found.preperiod, found.period, found.presentation,
                     " ".join(found.generators), " ".join(found.elements), seconds, grundy.__version__)


def plan(members: list[Member], store: MisereStore, max_heap: int, redo_budget: bool = False) -> list[Member]:
    """The codes to compute at ``max_heap``: each representative without a row there (or with a
    failed one; with ``redo_budget`` also one its budget stopped). The equal codes are recorded
    here, at once (they need no work)."""
    import grundy

    done = store.done(max_heap, redo_budget)
    for member in members:
        if not member.is_representative and member.spec not in done:
            store.write(MisereRow(member.family, member.spec, member.representative, "equivalent", max_heap, None,
                                  None, None, None, None, None, None, "", "", "", None, grundy.__version__,
                                  reason=member.why))
    return [m for m in members if m.is_representative and m.spec not in done]


def cost(member: Member) -> int:
    """How long a code is expected to take, to start the longest first: more digits, more splits."""
    code = member.spec.partition(":")[2]
    return 1000 * len(code) + sum(ch in "4567cdefCDEF" for ch in code) * 100


def run(members: list[Member], store: MisereStore, max_heap: int, scheduler: str | None = None,
        workers: int | None = None, redo_budget: bool = False,
        on_start: Callable[[str, Tally], None] | None = None,
        on_row: Callable[[Tally, MisereRow], None] | None = None, max_states: int | None = None) -> Tally:
    """Compute the quotients of ``members`` at ``max_heap`` that ``store`` does not hold, writing
    each row as it arrives (``on_start``, ``on_row``, ``max_states`` as for the normal sweep's
    :func:`grundy.sweep.runner.run`). In the tally, a quotient that covers every heap counts as
    proved, one that does not as unproved, one stopped by its budget or an error as failed."""
    check_max_heap(max_heap)
    if scheduler is not None:
        scheduler = scheduler_address(scheduler)
    work = sorted(plan(members, store, max_heap, redo_budget), key=cost, reverse=True)
    tally = Tally(len(work))
    if not work:
        return tally
    with session(scheduler, workers) as client:
        if on_start is not None:
            on_start(client.dashboard_link, tally)
        _collect(client, work, store, tally, max_heap, max_states, on_row)
    return tally


def _collect(client: Any, work: list[Member], store: MisereStore, tally: Tally, max_heap: int,
             max_states: int | None, on_row: Callable[[Tally, MisereRow], None] | None) -> None:
    """Submit each code of ``work`` and write its row as it ends."""
    from dask.distributed import as_completed

    import grundy
    from grundy.core import words

    wording = words.on_command_line()
    futures = {client.submit(work_out, m.family, m.spec, m.representative, max_heap, max_states, wording,
                             priority=cost(m), pure=False): m for m in work}
    for future in as_completed(futures):
        try:
            row = future.result()
        except Exception as exc:  # the task could not run (its worker died too often, ...)
            m = futures[future]
            row = MisereRow(m.family, m.spec, m.representative, "failed", max_heap, None, None, None, None, None,
                            None, None, "", "", "", None, grundy.__version__, error=f"{type(exc).__name__}: {exc}")
        store.write(row)
        if row.status == "done":
            tally.proved += bool(row.complete)
            tally.unproved += not row.complete
        else:
            tally.failed += 1
        if on_row is not None:
            on_row(tally, row)
