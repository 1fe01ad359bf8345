"""The web explorer's work: worker threads under the explorer's limits (:class:`WebLimits`), a
time limit per request, a lock per game, and the values of heap games computed ahead in short
stretches, so that no request holds a core past its time and quick questions never wait behind
heavy ones. The routes (:mod:`grundy.web.app`) hand their work to :class:`Workers`.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anyio

from grundy.core import memory, progress, userfiles, words
from grundy.core.errors import GrundyError
from grundy.patterns.period import fills_ahead
from grundy.service.resolve import require

GRACE_SECONDS = 2.0  # past the time limit, a request whose work has not stopped is answered anyway
LOCK_STRIPES = 64  # locks shared by the specs (a spec always takes the same one)
PARTIZAN_LOCK = "partizan values"  # the lock every partizan request takes: values share canonical forms
STOPPING = "the explorer is stopping: this request was not finished"
NO_FILES = "the web explorer reads no files: write the edges in the spec, e.g. dag:1-2,2-3,1-3"
STRETCH_SECONDS = 0.5  # the longest a heap game's values are computed under its lock before others' turn
FIRST_STRETCH = 4096  # values of the first stretch (it may hold a kernel's compilation)
FILL_SHARE = 0.6  # the share of the time limit for computing values ahead of a table or period search


@dataclass(frozen=True)
class WebLimits:
    """What one request may ask of the server."""

    max_table: int = 10**6  # values of a table (cells of a grid), values of a period search
    max_states: int = 10**6  # positions of the general solver, of play and of the engine
    seconds: float = 10.0  # work per request
    max_body: int = 64 * 1024  # bytes of a posted body
    matches: int = 32  # games in play kept at once
    workers: int = 2  # heavy requests (tables, periods, patterns) worked on at once (the others wait their turn)
    quick_workers: int = 8  # other requests worked on at once, beside the heavy ones
    cached: int = 512  # answers to questions (GET, not play) kept to be sent again
    max_text: int = 2000  # characters of a spec or a position
    max_memory: int = 0  # bytes the server may hold while it works on requests (0: the default budget)


class TimeLimit(GrundyError):
    """A request's work ran past the time limit."""


class Stopping(GrundyError):
    """The server is stopping (Ctrl-C): the request is answered at once, its work left behind."""


class Workers:
    """The threads, locks and limits the routes share."""

    def __init__(self, web_limits: WebLimits) -> None:
        self.limits = web_limits
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._limiters: dict[bool, anyio.CapacityLimiter] = {}  # heavy or not: made in the server's event loop
        self.in_flight: set[asyncio.Future[Any]] = set()  # the work of the requests being answered
        self.stopping = False

    def lock_of(self, spec: str) -> threading.Lock:
        """The lock of the game SPEC names (see :meth:`on_game`)."""
        return self._locks[zlib.crc32(spec.strip().encode()) % LOCK_STRIPES]

    def on_game(self, spec: str, job: Callable[[], Any]) -> Callable[[], Any]:
        """``job``, run while holding the lock of the game SPEC names. The catalogue keeps one game
        object per spec, which fills its tables and memos as it is asked (and two threads asking for
        a new spec at once could each make one): two requests on one spec take turns, requests on
        other specs run side by side (unless their specs share one of the locks)."""
        lock = self.lock_of(spec)

        def run() -> Any:
            with lock:
                return job()
        return run

    async def work(self, job: Callable[[], Any], heavy: bool = False) -> Any:
        """Run ``job`` in a worker thread under the web's budget and time limit; ``heavy`` work
        (tables, periods, patterns) has fewer threads than the rest, so quick questions never wait
        behind it."""
        if self.stopping:
            raise Stopping(STOPPING)
        seconds = self.limits.seconds
        deadline = time.monotonic() + seconds

        def run() -> Any:
            def check(what: str, done: int, total: int | None) -> None:
                if self.stopping:
                    raise Stopping(STOPPING)
                if time.monotonic() > deadline:
                    raise TimeLimit(_too_long(seconds, f"{done:,} {what}"))

            # the audience first: the memory budget's error is made as its block ends, inside it
            with words.audience("web", numbers=self.numbers()), \
                    memory.budget(max_states=self.limits.max_states, max_memory=self.limits.max_memory or None), \
                    progress.listening(check), userfiles.refused(NO_FILES):
                return job()

        if heavy not in self._limiters:
            self._limiters[heavy] = anyio.CapacityLimiter(self.limits.workers if heavy else self.limits.quick_workers)
        with anyio.move_on_after(seconds + GRACE_SECONDS) as scope:
            async with self._limiters[heavy]:
                return await self._in_thread(run)
        if scope.cancelled_caught:
            raise TimeLimit(_too_long(seconds, "the work"))
        raise AssertionError("unreachable")  # pragma: no cover

    async def _in_thread(self, job: Callable[[], Any]) -> Any:
        """``job()`` in a daemon thread of its own: work past the time limit, or still running when
        the server stops, is left to end on its own (it never holds the process up)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        context = contextvars.copy_context()

        def settle(result: Any, exc: BaseException | None) -> None:
            if not future.done():
                if exc is not None:
                    future.set_exception(exc)
                else:
                    future.set_result(result)

        def target() -> None:
            try:
                result, exc = context.run(job), None
            except BaseException as error:  # handed to the request
                result, exc = None, error
            with contextlib.suppress(RuntimeError):  # the event loop is closed: the server has stopped
                loop.call_soon_threadsafe(settle, result, exc)

        self.in_flight.add(future)
        try:
            threading.Thread(target=target, name="grundy web request", daemon=True).start()
            return await future
        finally:
            self.in_flight.discard(future)

    def stop(self) -> int:
        """Answer every request being worked on with 503 (the server is stopping) at once; their
        work stops at its next progress report, or is left behind. The number of requests told.
        Call it in the event loop's thread (a signal handler of the server does)."""
        self.stopping = True
        told = 0
        for future in list(self.in_flight):
            if not future.done():
                future.set_exception(Stopping(STOPPING))
                told += 1
        return told

    def numbers(self) -> dict[str, int]:
        """The explorer's limits, as its messages name them (:func:`grundy.core.words.audience`)."""
        found = {"max_states": self.limits.max_states}
        return found | ({"max_memory": self.limits.max_memory} if self.limits.max_memory else {})

    def fill(self, spec: str, n: int, share: float) -> int:
        """Compute the values G(0 .. n-1) of SPEC's heap game ahead of a table or period search, a
        stretch at a time: the game's lock is held for one stretch (about :data:`STRETCH_SECONDS`)
        and let go between them, so that quick questions on the game go in between; no stretch is
        begun that would end past ``share`` seconds from now. The kernels that compute the values
        report no progress, so this is what keeps their work within the time limit. How many values
        are there (``n`` for games that need no such care: no table, a closed form, pairs)."""
        lock = self.lock_of(spec)
        ends = time.monotonic() + share
        have, cost = 0, 0.0  # cost: seconds per (value count)^2, the kernels' work being at most quadratic
        while have < n:
            if self.stopping:
                raise Stopping(STOPPING)
            if not have:
                want = min(n, FIRST_STRETCH)
            else:
                left = min(STRETCH_SECONDS, ends - time.monotonic())
                want = min(n, 2 * have, int((have * have + left / cost) ** 0.5) if cost else 2 * have)
                if left <= 0 or want < have + max(have // 20, 1):
                    return have
            with lock:
                game = require(spec, "table")
                if not fills_ahead(game):
                    return n
                began = time.perf_counter()
                game.values(want, bounded=False)
                spent = time.perf_counter() - began
            if have:  # the first stretch may hold a kernel's compilation
                cost = max(spent / max(want * want - have * have, 1), cost / 2)
            have = want
            time.sleep(0.001)  # let a thread waiting for the lock take it
        return have


def _too_long(seconds: float, done: str) -> str:
    return (f"this took more than {seconds:g} seconds, the web explorer's limit per request (after {done}); "
            "ask for less, or run it with the grundy command")
