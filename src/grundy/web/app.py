"""The web explorer's server: the page, and a JSON API whose answers are the command line's ``--json``.

Every answer comes from :mod:`grundy.answers`, as the command line's does; nothing here knows a
game. Work runs in worker threads under a budget (:class:`WebLimits`): at most ``max_states``
positions for the general solver and play, tables of at most ``max_table`` values, ``seconds`` per
request (the searches report their progress, and a report past the deadline stops the work), a
request body of at most ``max_body`` bytes. A bad request is answered with a 4xx status and
``{"error": "..."}``, the one line the command line would print; work past the time limit with 503.
No user Python (``--rules``) and no file (``dag:FILE``) is read over the web.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/solve", params={"spec": "nim", "position": "3 4 5"}).json()["outcome"]
'N'
>>> reply = client.get("/api/table", params={"spec": "nimm"})
>>> reply.status_code, reply.json()["error"][:40]
(400, "unknown ruleset 'nimm' (did you mean 'ni")
"""

from __future__ import annotations

import functools
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from grundy import answers
from grundy.core import limits, progress
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
    workers: int = 4  # requests worked on at once (the others wait their turn)
    cached: int = 512  # answers to questions (GET, not play) kept to be sent again
    max_text: int = 2000  # characters of a spec or a position


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
    return Starlette(routes=routes, exception_handlers={HTTPException: _http_error})


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
        self.limiter: anyio.CapacityLimiter | None = None  # made in the server's event loop

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
                return JSONResponse({"error": str(exc)}, status_code=503)
            except _TooLarge as exc:
                return JSONResponse({"error": str(exc)}, status_code=413)
            except _NotFound as exc:
                return JSONResponse({"error": str(exc)}, status_code=404)
            except GrundyError as exc:
                return JSONResponse({"error": " ".join(str(exc).split())}, status_code=400)
            except MemoryError:
                return JSONResponse({"error": "out of memory: choose a smaller position"}, status_code=503)
            if isinstance(found, str):
                return PlainTextResponse(found)
            answer = JSONResponse(found)
            if cache:
                self.answered[key] = bytes(answer.body)
                while len(self.answered) > self.limits.cached:
                    self.answered.popitem(last=False)
            return answer
        return endpoint

    def on_game(self, spec: str, job: Callable[[], Any]) -> Callable[[], Any]:
        """``job``, run while holding the lock of the game SPEC names. The catalogue keeps one game
        object per spec, which fills its tables and memos as it is asked (and two threads asking for
        a new spec at once could each make one): two requests on one spec take turns, requests on
        other specs run side by side (unless their specs share one of the locks)."""
        lock = self._locks[zlib.crc32(spec.strip().encode()) % LOCK_STRIPES]

        def run() -> Any:
            with lock:
                return job()
        return run

    async def work(self, job: Callable[[], Any]) -> Any:
        """Run ``job`` in a worker thread under the web's budget and time limit."""
        seconds = self.limits.seconds
        deadline = time.monotonic() + seconds

        def run() -> Any:
            def check(what: str, done: int, total: int | None) -> None:
                if time.monotonic() > deadline:
                    raise TimeLimit(_too_long(seconds, f"{done:,} {what}"))

            with limits.budget(max_states=self.limits.max_states), limits.command_line(), progress.listening(check):
                return job()

        if self.limiter is None:
            self.limiter = anyio.CapacityLimiter(self.limits.workers)
        with anyio.move_on_after(seconds + GRACE_SECONDS) as scope:
            return await anyio.to_thread.run_sync(run, abandon_on_cancel=True, limiter=self.limiter)
        if scope.cancelled_caught:
            raise TimeLimit(_too_long(seconds, "the work"))
        raise AssertionError("unreachable")  # pragma: no cover

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
        text = request.query_params.get(name, "").strip().lower()
        if text in ("", "0", "false", "no", "off"):
            return False
        if text in ("1", "true", "yes", "on"):
            return True
        raise BadRequest(f"{name} is 1 or 0 (true or false), not {text!r}")

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
        import json

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
        word = request.query_params.get("q") or None
        kind = request.query_params.get("kind", "impartial")
        if kind not in ("impartial", "partizan"):
            raise BadRequest(f"kind is impartial (the games /api/solve answers) or partizan (/api/value), not "
                             f"{limits.shorten(kind)!r}")

        def job() -> list[dict[str, Any]]:
            found = answers.entries(word, partizan=kind == "partizan")
            wanted = [e for e in found if isinstance(e, answers.PartizanEntry) == (kind == "partizan")]
            if not wanted:
                raise GrundyError(f"no {kind} ruleset mentions {word!r}; 'grundy list' shows them all")
            return [answers.entry_data(e) for e in wanted]

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

        def job() -> Any:
            game = answers.valued_ruleset(spec)
            pairs = game.shape is Shape.PAIR
            count = wanted or (32 if pairs else 200)
            if pairs and count * count > self.limits.max_table:
                raise BadRequest(f"a table of pairs of {spec} holds n x n values: n must be at most "
                                 f"{int(self.limits.max_table ** 0.5):,} here, not {count:,}")
            return answers.table_data(game, count)

        return await self.work(self.on_game(spec, job))

    async def period(self, request: Request) -> Any:
        spec = self.spec(request)
        most = self.count(request, "max", self.limits.max_table)
        return await self.work(self.on_game(spec, lambda: answers.period_data(answers.valued_ruleset(spec), most)))

    async def pattern(self, request: Request) -> Any:
        spec = self.spec(request)
        most = self.count(request, "max", None)
        seconds = self.limits.seconds / 2
        return await self.work(self.on_game(spec, lambda: answers.pattern_data(answers.valued_ruleset(spec), most,
                                                                                 seconds)))

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
        from grundy.problems.base import get

        name = request.path_params["name"]
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
        misere = body.get("misere", False) is True

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
    """A game id the server does not hold."""


def _no_file(spec: str) -> str:
    """``spec``, unless it names a file to read (``dag:FILE``): the web reads none."""
    from grundy.rulesets.dag import reads_file

    family, _, params = spec.partition(":")
    if family.strip() == "dag" and (not params or reads_file(params)):
        raise BadRequest("the web explorer reads no files: write the edges in the spec, e.g. dag:1-2,2-3,1-3")
    return spec


def _too_long(seconds: float, done: str) -> str:
    return (f"this took more than {seconds:g} seconds, the web explorer's limit per request (after {done}); "
            "ask for less, or run it with the grundy command")
