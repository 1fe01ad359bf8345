"""The web explorer's server: the page, and a JSON API whose answers are the command line's ``--json``.

Every answer comes from :mod:`grundy.answers`, as the command line's does; nothing here knows a
game. Work runs in threads of its own under a budget (:class:`WebLimits`): at most ``max_states``
positions for the general solver and play, tables of at most ``max_table`` values, ``seconds`` per
request (the searches report their progress, and a report past the deadline stops the work; the
values of heap games, whose kernels report none, are computed ahead in short stretches that end
within the limit), a request body of at most ``max_body`` bytes. Tables, periods and patterns have
``workers`` threads, the other questions ``quick_workers`` beside them. A bad request is answered
with a 4xx status and ``{"error": "..."}``, the one line the command line would print (its advice
to raise a limit worded for the web); work past the time limit with 503, and so is work still
running when the server stops. No user Python (``--rules``) and no file (``dag:FILE``, however
written) is read over the web.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/solve", params={"spec": "nim", "position": "3 4 5"}).json()["outcome"]
'N'
>>> reply = client.get("/api/table", params={"spec": "nimm"})
>>> reply.status_code, reply.json()["error"][:40]
(400, "unknown ruleset 'nimm' (did you mean 'ni")
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import json
import re
import threading
import time
import unicodedata
import zlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from grundy import answers
from grundy.core import limits, memory, progress
from grundy.core.errors import GrundyError
from grundy.core.ruleset import Shape
from grundy.web.matches import Match, Matches

STATIC = Path(__file__).parent / "static"
GRACE_SECONDS = 2.0  # past the time limit, a request whose work has not stopped is answered anyway
LOCK_STRIPES = 64  # locks shared by the specs (a spec always takes the same one)


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


class BadRequest(GrundyError):
    """A request the API cannot read (a missing or malformed parameter)."""


def create_app(web_limits: WebLimits | None = None) -> Starlette:
    """The Starlette application: ``/`` (the page), ``/static/...`` and the ``/api/...`` routes."""
    api = _Api(web_limits or WebLimits())
    routes = [
        Route("/", _page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/list", api.route(api.catalogue, cache=True)),
        Route("/api/solve", api.route(api.solve, cache=True)),
        Route("/api/moves", api.route(api.moves, cache=True)),
        Route("/api/table", api.route(api.table, cache=True)),
        Route("/api/period", api.route(api.period, cache=True)),
        Route("/api/pattern", api.route(api.pattern, cache=True)),
        Route("/api/value", api.route(api.value, cache=True)),
        Route("/api/problems", api.route(api.problems, cache=True)),
        Route("/api/problem/{name}", api.route(api.problem), methods=["GET", "POST"]),
        Route("/api/play", api.route(api.play_start), methods=["POST"]),
        Route("/api/play/{id}/move", api.route(api.play_move), methods=["POST"]),
        Route("/api/play/{id}/undo", api.route(api.play_undo), methods=["POST"]),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error})
    app.state.explorer = api  # the server's Ctrl-C tells it to stop (grundy.cli.serve)
    return app


async def _page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if not request.url.path.startswith("/api/"):
        return PlainTextResponse(exc.detail, status_code=exc.status_code)
    message = {404: f"no such page {request.url.path!r}: the API is /api/list, /api/solve, /api/moves, /api/table, "
                    "/api/period, /api/pattern, /api/value, /api/problems, /api/problem/NAME, /api/play",
               405: f"{request.method} is not allowed on {request.url.path}"}.get(exc.status_code, str(exc.detail))
    return JSONResponse({"error": message}, status_code=exc.status_code)


Handler = Callable[[Request], Awaitable[Any]]


PARTIZAN_LOCK = "partizan values"  # the lock every partizan request takes (see _Api.value)


class _Api:
    """The API's routes, with the limits they share."""

    def __init__(self, web_limits: WebLimits) -> None:
        self.limits = web_limits
        self.matches = Matches(web_limits.matches)
        self.answered: OrderedDict[tuple[str, tuple], bytes] = OrderedDict()  # the latest answers, as sent
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._limiters: dict[bool, anyio.CapacityLimiter] = {}  # heavy or not: made in the server's event loop
        self.in_flight: set[asyncio.Future[Any]] = set()  # the work of the requests being answered
        self.stopping = False

    # -- running work ---------------------------------------------------------------------------------
    def route(self, handler: Handler, cache: bool = False) -> Callable[[Request], Awaitable[Response]]:
        """A route answering ``handler``'s data as JSON (text stays text) and every error as JSON;
        ``cache``: a question asked again (the same path and parameters) gets the same answer at once."""
        @functools.wraps(handler)
        async def endpoint(request: Request) -> Response:
            key = (request.url.path, tuple(sorted(request.query_params.multi_items())))
            if cache and (sent := self.answered.get(key)) is not None:
                self.answered.move_to_end(key)
                return Response(sent, media_type="application/json")
            try:
                found = await handler(request)
            except TimeLimit as exc:
                return JSONResponse({"error": self.web_words(str(exc))}, status_code=503)
            except _Stopping as exc:
                return JSONResponse({"error": str(exc)}, status_code=503)
            except _TooLarge as exc:
                return JSONResponse({"error": str(exc)}, status_code=413)
            except _NotFound as exc:
                return JSONResponse({"error": " ".join(str(exc).split())}, status_code=404)
            except GrundyError as exc:
                return JSONResponse({"error": self.web_words(" ".join(str(exc).split()))}, status_code=400)
            except MemoryError:
                return JSONResponse({"error": "out of memory: choose a smaller position"}, status_code=503)
            except asyncio.CancelledError:
                if not self.stopping:
                    raise
                return JSONResponse({"error": STOPPING}, status_code=503)  # the server stops at once
            if isinstance(found, str):
                return PlainTextResponse(found)
            answer = JSONResponse(found)
            if cache:
                self.answered[key] = bytes(answer.body)
                while len(self.answered) > self.limits.cached:
                    self.answered.popitem(last=False)
            return answer
        return endpoint

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
            raise _Stopping(STOPPING)
        seconds = self.limits.seconds
        deadline = time.monotonic() + seconds

        def run() -> Any:
            def check(what: str, done: int, total: int | None) -> None:
                if self.stopping:
                    raise _Stopping(STOPPING)
                if time.monotonic() > deadline:
                    raise TimeLimit(_too_long(seconds, f"{done:,} {what}"))

            with memory.budget(max_states=self.limits.max_states, max_memory=self.limits.max_memory or None), \
                    limits.command_line(), progress.listening(check):
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
                future.set_exception(_Stopping(STOPPING))
                told += 1
        return told

    def web_words(self, message: str) -> str:
        """``message`` worded for the web: the command line's options for raising a limit become the
        explorer's limits (a web user cannot change them)."""
        return _web_words(message, self.limits)

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
                raise _Stopping(STOPPING)
            if not have:
                want = min(n, FIRST_STRETCH)
            else:
                left = min(STRETCH_SECONDS, ends - time.monotonic())
                want = min(n, 2 * have, int((have * have + left / cost) ** 0.5) if cost else 2 * have)
                if left <= 0 or want < have + max(have // 20, 1):
                    return have
            with lock:
                game = answers.valued_ruleset(spec)
                if not game.keeps_table or game.shape is Shape.PAIR or game.known_period() is not None:
                    return n
                began = time.perf_counter()
                game.values(want, bounded=False)
                spent = time.perf_counter() - began
            if have:  # the first stretch may hold a kernel's compilation
                cost = max(spent / max(want * want - have * have, 1), cost / 2)
            have = want
            time.sleep(0.001)  # let a thread waiting for the lock take it
        return have

    # -- reading requests ------------------------------------------------------------------------------
    def text(self, request: Request, name: str, default: str | None = None) -> str:
        value = request.query_params.get(name, default)
        if value is None:
            raise BadRequest(f"missing parameter {name!r}: e.g. /api/solve?spec=nim&position=3 4 5")
        return self.checked(name, value)

    def spec(self, request: Request) -> str:
        return _no_file(self.text(request, "spec").strip())

    def checked(self, name: str, value: str) -> str:
        if len(value) > self.limits.max_text:
            raise BadRequest(f"{name} is {len(value):,} characters long: at most {self.limits.max_text:,} are read")
        return value

    def count(self, request: Request, name: str, default: int | None) -> int | None:
        text = request.query_params.get(name)
        if text is None:
            return default
        found = limits.parse_count(text, f"a count ({name})")
        if found < 1 or found > self.limits.max_table:
            raise BadRequest(f"{name} must be between 1 and {self.limits.max_table:,} here, not {found:,}")
        return found

    @staticmethod
    def flag(request: Request, name: str) -> bool:
        return _flag_of(name, request.query_params.get(name, ""))

    async def body(self, request: Request) -> bytes:
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limits.max_body:
            raise _TooLarge(self._too_large(int(declared)))
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > self.limits.max_body:
                raise _TooLarge(self._too_large(size))
            chunks.append(chunk)
        return b"".join(chunks)

    def _too_large(self, size: int) -> str:
        return f"the request body is {size:,} bytes or more: at most {self.limits.max_body:,} are read"

    async def json_body(self, request: Request) -> dict[str, Any]:
        raw = await self.body(request)
        try:
            found = json.loads(raw or b"{}")
        except ValueError as exc:
            raise BadRequest(f"the body is not JSON: {exc}") from exc
        if not isinstance(found, dict):
            raise BadRequest('the body is a JSON object, e.g. {"spec": "nim", "position": "3 4 5"}')
        return found

    # -- the routes -------------------------------------------------------------------------------------
    async def catalogue(self, request: Request) -> Any:
        """``grundy list WORD --json`` (``q``: the word); ``kind`` (impartial or partizan) keeps
        only those entries."""
        word = request.query_params.get("q") or None
        kind = request.query_params.get("kind") or None
        if kind not in (None, "impartial", "partizan"):
            raise BadRequest(f"kind is impartial (the games /api/solve answers) or partizan (/api/value), not "
                             f"{limits.shorten(kind)!r}")

        def job() -> list[dict[str, Any]]:
            found = answers.entries(word)
            if kind is not None:
                found = [e for e in found if isinstance(e, answers.PartizanEntry) == (kind == "partizan")]
                if not found:
                    raise GrundyError(f"no {kind} ruleset mentions {word!r}; 'grundy list' shows them all")
            return [answers.entry_data(e) for e in found]

        return await self.work(job)

    async def solve(self, request: Request) -> Any:
        spec, position = self.spec(request), self.text(request, "position", "")
        misere = self.flag(request, "misere")
        compound = "every" if self.flag(request, "every") else None
        return await self.work(self.on_game(spec, lambda: answers.solve_data(spec, position, misere, compound)))

    async def moves(self, request: Request) -> Any:
        spec, position = self.spec(request), self.text(request, "position", "")
        misere = self.flag(request, "misere")
        return await self.work(self.on_game(spec, lambda: answers.moves_data(spec, position, misere)))

    async def table(self, request: Request) -> Any:
        spec = self.spec(request)
        wanted = self.count(request, "n", None)

        def size() -> int:
            game = answers.valued_ruleset(spec)
            pairs = game.shape is Shape.PAIR
            count = wanted or (32 if pairs else 200)
            if pairs and count * count > self.limits.max_table:
                raise BadRequest(f"a table of pairs of {spec} holds n x n values: n must be at most "
                                 f"{int(self.limits.max_table ** 0.5):,} here, not {count:,}")
            return count

        def job() -> Any:
            count = self.on_game(spec, size)()
            started = time.monotonic()
            have = self.fill(spec, count, self.limits.seconds * FILL_SHARE)
            if have < count:
                raise TimeLimit(f"computing the values of {spec} up to heap {count - 1:,} takes more than this "
                                f"explorer's {self.limits.seconds:g} seconds a request (it reached heap {have:,} in "
                                f"{time.monotonic() - started:.1f} s); ask for fewer values, or run "
                                f"'grundy table {spec} {limits.knob('max')} {count}'")
            further = ("ask for more values (n) to look further" if count < self.limits.max_table
                       else "the grundy command looks further")
            return self.worded(self.on_game(spec, lambda: answers.table_data(answers.valued_ruleset(spec), count))(),
                               further)

        return await self.work(job, heavy=True)

    async def period(self, request: Request) -> Any:
        """``grundy period SPEC --max MAX --json`` (MAX at most the explorer's table limit): the
        values are computed ahead in stretches for as long as the time limit allows (see
        :meth:`fill`), then the search looks at them."""
        spec = self.spec(request)
        most = self.count(request, "max", self.limits.max_table)
        assert most is not None

        def job() -> Any:
            have = self.fill(spec, most, self.limits.seconds * FILL_SHARE)
            found = self.on_game(spec, lambda: answers.period_data(answers.valued_ruleset(spec), have))()
            if have < most and not found["proved"]:
                note = f"this explorer computed {have:,} values within its time limit; the grundy command looks further"
                reason = found["reason"]
                found["reason"] = reason.replace(FURTHER, note) if FURTHER in reason else f"{reason} ({note})"
            return self.worded(found, "the grundy command looks further" if most >= self.limits.max_table else
                               f"ask with a larger max (up to {self.limits.max_table:,} here) to look further")

        return await self.work(job, heavy=True)

    async def pattern(self, request: Request) -> Any:
        spec = self.spec(request)
        most = self.count(request, "max", None)
        seconds = self.limits.seconds / 2
        further = "ask with a larger max to look further"
        return await self.work(self.on_game(spec, lambda: self.worded(
            answers.pattern_data(answers.valued_ruleset(spec), most, seconds), further)), heavy=True)

    def worded(self, data: dict[str, Any], further: str) -> dict[str, Any]:
        """An answer whose ``reason`` (and its pattern's and rule's) is worded for the web:
        ``further`` says how to look further than the values computed."""
        for part in (data, data.get("pattern"), data.get("rule")):
            if isinstance(part, dict) and isinstance(part.get("reason"), str):
                part["reason"] = self.web_words(part["reason"].replace(FURTHER, further))
        return data

    async def value(self, request: Request) -> Any:
        """A partizan value: ``spec`` and ``position`` (components separated by spaces), and ``for``
        (left or right) for that player's winning moves; or ``expr``, a value written out."""
        expr = request.query_params.get("expr")
        player = request.query_params.get("for") or None
        if expr is not None:
            text = self.checked("expr", expr)
            job = functools.partial(answers.partizan_value, None, [], text, player)
        else:
            spec, tokens = self.spec(request), self.text(request, "position", "").split()
            job = functools.partial(answers.partizan_value, spec, tokens, None, player)
        # the canonical forms are shared by every partizan ruleset (equal games are one object): one
        # partizan request at a time, so two threads never make two objects of one form
        return await self.work(self.on_game(PARTIZAN_LOCK, job))

    async def problems(self, request: Request) -> Any:
        return await self.work(answers.problem_list)

    async def problem(self, request: Request) -> Any:
        from grundy.problems.base import catalogue, get

        name = request.path_params["name"]
        if name.lower() not in catalogue():
            try:
                get(name)  # the command line's words for an unknown problem
            except GrundyError as exc:
                raise _NotFound(str(exc)) from None
        if request.method == "GET":
            return await self.work(lambda: answers.explanation_data(get(name)))
        raw = await self.body(request)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadRequest("the input is not UTF-8 text") from exc
        return await self.work(lambda: get(name).solve(text))

    async def play_start(self, request: Request) -> Any:
        body = await self.json_body(request)
        spec = str(body.get("spec", "")).strip()
        if not spec:
            raise BadRequest('a game needs a spec: {"spec": "nim", "position": "3 4 5", "first": "human"}')
        first = body.get("first", "human")
        if first not in ("human", "computer"):
            raise BadRequest(f"first is 'human' or 'computer', not {first!r}")
        spec = _no_file(self.checked("spec", spec))
        position = self.checked("position", str(body.get("position", "")))
        misere = _flag_of("misere", body.get("misere", False))

        def job() -> Any:
            match = Match(answers.session_for(spec, position, misere), human_first=first == "human", spec=spec)
            turns = match.start()
            return {"id": self.matches.add(match), **self._state(match, turns)}

        return await self.work(self.on_game(spec, job))

    async def play_move(self, request: Request) -> Any:
        match, key = self._match(request), request.path_params["id"]
        move = str((await self.json_body(request)).get("move", "")).strip()
        if not move:
            raise BadRequest('say which move: {"move": "1 2"} (component 1 becomes 2) or {"move": "#3"}')

        def job() -> Any:
            with match.lock:
                return {"id": key, **self._state(match, match.move(move))}

        return await self.work(self.on_game(match.spec, job))

    async def play_undo(self, request: Request) -> Any:
        match, key = self._match(request), request.path_params["id"]

        def job() -> Any:
            with match.lock:
                undone, turns = match.undo()
                return {"id": key, "undone": undone, **self._state(match, turns)}

        return await self.work(self.on_game(match.spec, job))

    def _match(self, request: Request) -> Match:
        try:
            return self.matches.get(request.path_params["id"])
        except KeyError:
            raise _NotFound("no such game (it ended long ago, or the server restarted): start a new one") from None

    @staticmethod
    def _state(match: Match, turns: list[dict[str, Any]]) -> dict[str, Any]:
        return {"turns": turns, "moves": match.moves(), "over": match.session.over}


class _TooLarge(GrundyError):
    """A request body past the limit."""


class _NotFound(GrundyError):
    """A game id or a problem the server does not hold."""


class _Stopping(GrundyError):
    """The server is stopping (Ctrl-C): the request is answered at once, its work left behind."""


STOPPING = "the explorer is stopping: this request was not finished"
STRETCH_SECONDS = 0.5  # the longest a heap game's values are computed under its lock before others' turn
FIRST_STRETCH = 4096  # values of the first stretch (it may hold a kernel's compilation)
FURTHER = "raise --max to look further"  # the end of a period search's reason when it stopped at max_n
FILL_SHARE = 0.6  # the share of the time limit for computing values ahead of a table or period search


def _flag_of(name: str, value: object) -> bool:
    """A yes-or-no parameter: 1, "1", "true", "yes", "on" or JSON true; 0, "0", "false", "no",
    "off", "" or JSON false; else :class:`BadRequest`."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (str, int)):
        text = str(value).strip().lower()
        if text in ("", "0", "false", "no", "off"):
            return False
        if text in ("1", "true", "yes", "on"):
            return True
    shown = repr(str(value).strip().lower()) if isinstance(value, str) else json.dumps(value)
    raise BadRequest(f"{name} is 1 or 0 (true or false), not {limits.shorten(shown)}")


def _reads_file(name: str, params: str) -> bool:
    """Whether the spec NAME:PARAMS names ``dag``, which reads a file unless its edges are written
    in the spec. The name is read as the registry reads it (spaces around it and case ignored),
    and as loosely as Unicode allows (compatibility forms, case folding), so no spelling slips by."""
    from grundy.rulesets.dag import reads_file

    family = {name.strip().lower(), unicodedata.normalize("NFKC", name).strip().casefold()}
    return "dag" in family and (not params.strip() or reads_file(params.strip()) or reads_file(params))


def _no_file(spec: str) -> str:
    """``spec``, unless it names a file to read (``dag:FILE``, in any case): the web reads none."""
    name, _, params = spec.strip().partition(":")
    if _reads_file(name, params):
        raise BadRequest("the web explorer reads no files: write the edges in the spec, e.g. dag:1-2,2-3,1-3")
    return spec


# the command line's advice to raise one of its limits, and the words of the web for it (in this order)
_WEB_WORDS = [
    (re.compile(r"the --max-states budget of"), "this explorer's budget of"),
    (re.compile(r"\(--max-states × "), "(this explorer's budget × "),
    (re.compile(r"that --max-states allows"), "that this explorer allows"),
    (re.compile(r"the limit is ([\d,]+); raise it with --max-states"), r"this explorer's limit is \1"),
    (re.compile(r"raise the limit with --max-states"), "this explorer's limit"),
    (re.compile(r"raise --max-states or "), ""),
    (re.compile(r" or raise --max-states"), ""),
    (re.compile(r"raise --max-states"), "this explorer's limit of {states} positions"),
    (re.compile(r"raise --max to look further"), "the grundy command looks further"),
    (re.compile(r"lower --max or raise --max-memory"), "ask for fewer values"),
    (re.compile(r"raise --max-memory or "), ""),
    (re.compile(r" \(--max\)"), ""),
]


def _web_words(message: str, web_limits: WebLimits) -> str:
    """The command line's ``message`` as the web says it: no option the web has not.

    >>> _web_words("more than 9 positions were needed; raise --max-states or choose a smaller position", WebLimits())
    'more than 9 positions were needed; choose a smaller position'
    """
    for pattern, words in _WEB_WORDS:
        message = pattern.sub(words.format(states=f"{web_limits.max_states:,}"), message)
    return message


def _too_long(seconds: float, done: str) -> str:
    return (f"this took more than {seconds:g} seconds, the web explorer's limit per request (after {done}); "
            "ask for less, or run it with the grundy command")
