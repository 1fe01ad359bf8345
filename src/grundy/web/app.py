"""The web explorer's server: the page, and a JSON API whose answers are the command line's ``--json``.

Every answer comes from :mod:`grundy.service`, as the command line's does; nothing here knows a
game. Work runs in threads of its own under a budget (:class:`WebLimits`): at most ``max_states``
positions for the general solver and play, tables of at most ``max_table`` values, ``seconds`` per
request (the searches report their progress, and a report past the deadline stops the work; the
values of heap games, whose kernels report none, are computed ahead in short stretches that end
within the limit), a request body of at most ``max_body`` bytes. Tables, periods and patterns have
``workers`` threads, the other questions ``quick_workers`` beside them. A bad request is answered
with a 4xx status and ``{"error": "..."}``, the one line the command line would print worded for the
web (each request runs under the web's audience, :func:`grundy.core.words.audience`: the limits are
the explorer's, which its user cannot raise), and for a limit its ``knob``, ``limit`` and
``needed``; work past the time limit with 503, and so is work still running when the server stops.
No user Python (``--rules``) and no file (``dag:FILE``, however written) is read over the web.

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
import functools
import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from grundy.core import limits, words
from grundy.core.errors import GrundyError
from grundy.core.ruleset import Shape
from grundy.problems import data as problems
from grundy.service import catalogue, partizan, playing, quotient, solving, values
from grundy.service.resolve import require
from grundy.web.matches import Matches
from grundy.web.play_routes import PlayRoutes
from grundy.web.replies import BadRequest, NotFound, error_data, flag_of
from grundy.web.workers import FILL_SHARE, PARTIZAN_LOCK, STOPPING, Stopping, TimeLimit, WebLimits

STATIC = Path(__file__).parent / "static"


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
        Route("/api/misere", api.route(api.misere, cache=True)),
        Route("/api/problems", api.route(api.problems, cache=True)),
        Route("/api/problem/{name}", api.route(api.problem), methods=["GET", "POST"]),
        Route("/api/play", api.route(api.play_start), methods=["POST"]),
        Route("/api/play/{id}/move", api.route(api.play_move), methods=["POST"]),
        Route("/api/play/{id}/undo", api.route(api.play_undo), methods=["POST"]),
        Route("/api/play/{id}/new", api.route(api.play_new), methods=["POST"]),
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
                    "/api/period, /api/pattern, /api/value, /api/problems, /api/problem/NAME, /api/play "
                    "(then /api/play/ID/move, /undo and /new)",
               405: f"{request.method} is not allowed on {request.url.path}"}.get(exc.status_code, str(exc.detail))
    return JSONResponse({"error": message}, status_code=exc.status_code)


Handler = Callable[[Request], Awaitable[Any]]


class _Api(PlayRoutes):
    """The API's routes, on the worker threads and limits of :class:`~grundy.web.workers.Workers` (the play
    routes in :class:`~grundy.web.play_routes.PlayRoutes`)."""

    def __init__(self, web_limits: WebLimits) -> None:
        super().__init__(web_limits)
        self.matches = Matches(web_limits.matches)
        self.answered: OrderedDict[tuple[str, tuple], bytes] = OrderedDict()  # the latest answers, as sent

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
            except Stopping as exc:
                return JSONResponse({"error": str(exc)}, status_code=503)
            except _TooLarge as exc:
                return JSONResponse({"error": str(exc)}, status_code=413)
            except NotFound as exc:
                return JSONResponse({"error": " ".join(str(exc).split())}, status_code=404)
            except GrundyError as exc:  # said in the web's words already (work() runs under its audience)
                return JSONResponse(error_data(exc), status_code=400)
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

    # -- reading requests ------------------------------------------------------------------------------
    def text(self, request: Request, name: str, default: str | None = None) -> str:
        value = request.query_params.get(name, default)
        if value is None:
            raise BadRequest(f"missing parameter {name!r}: e.g. /api/solve?spec=nim&position=3 4 5")
        return self.checked(name, value)

    def spec(self, request: Request) -> str:
        return self.text(request, "spec").strip()

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
        return flag_of(name, request.query_params.get(name, ""))

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
        only those entries, the classic games first (the page's catalogue)."""
        word = request.query_params.get("q") or None
        kind = request.query_params.get("kind") or None
        if kind not in (None, "impartial", "partizan"):
            raise BadRequest(f"kind is impartial (the games /api/solve answers) or partizan (/api/value), not "
                             f"{limits.shorten(kind)!r}")

        def job() -> list[dict[str, Any]]:
            found = catalogue.catalogue(word)
            if kind is not None:
                found = [e for e in catalogue.classics_first(found) if (e.kind == "partizan") == (kind == "partizan")]
            if not found:
                raise GrundyError(f"no {kind} ruleset mentions {word!r}; 'grundy list' shows them all")
            return [catalogue.entry_data(e) for e in found]

        return await self.work(job)

    async def solve(self, request: Request) -> Any:
        spec, position = self.spec(request), self.text(request, "position", "")
        misere = self.flag(request, "misere")
        compound = "every" if self.flag(request, "every") else None
        return await self.work(self.on_game(spec, lambda: solving.solve_data(spec, position, misere, compound)))

    async def moves(self, request: Request) -> Any:
        spec, position = self.spec(request), self.text(request, "position", "")
        misere = self.flag(request, "misere")
        return await self.work(self.on_game(spec, lambda: playing.moves_data(spec, position, misere)))

    async def table(self, request: Request) -> Any:
        spec = self.spec(request)
        wanted = self.count(request, "n", None)

        def size() -> int:
            game = require(spec, "table")
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
                                f"'grundy table {spec} {words.option('max')} {count}'")
            further = {"max": "ask for more values (n)"} if count < self.limits.max_table else {}
            with words.audience(**further):
                return self.on_game(spec, lambda: values.table_data(require(spec, "table"), count))()

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
            cut = f"this explorer computed {have:,} values within its time limit; {words.WEB_ELSEWHERE}"
            further = (cut if have < most else words.WEB_ELSEWHERE if most >= self.limits.max_table
                       else f"ask with a larger max (up to {self.limits.max_table:,} here)")
            with words.audience(max=further):
                found = self.on_game(spec, lambda: values.period_data(spec, have))()
            if have < most and not found["proved"] and cut not in found["reason"]:  # fewer values than asked for
                found["reason"] += f" ({cut})"
            return found

        return await self.work(job, heavy=True)

    async def pattern(self, request: Request) -> Any:
        spec = self.spec(request)
        most = self.count(request, "max", None)
        seconds = self.limits.seconds / 2

        def job() -> Any:
            with words.audience(max="ask with a larger max"):
                return values.pattern_data(spec, most, seconds)

        return await self.work(self.on_game(spec, job), heavy=True)

    async def value(self, request: Request) -> Any:
        """A partizan value: ``spec`` and ``position`` (components separated by spaces), and ``for``
        (left or right) for that player's winning moves; or ``expr``, a value written out; with
        ``misere=1`` an impartial position's misère canonical form (as ``grundy value --misere``)."""
        expr = request.query_params.get("expr")
        player = request.query_params.get("for") or None
        if expr is not None:
            text = self.checked("expr", expr)
            job = functools.partial(partizan.position_value, None, [], text, player)
        elif self.flag(request, "misere"):  # an impartial position's misère canonical form
            from grundy.service.misere import position_misere

            spec, tokens = self.spec(request), self.text(request, "position", "").split()
            job = functools.partial(position_misere, spec, tokens)
        else:
            spec, tokens = self.spec(request), self.text(request, "position", "").split()
            job = functools.partial(partizan.position_value, spec, tokens, None, player)
        # the canonical forms are shared by every partizan ruleset (equal games are one object): one
        # partizan request at a time, so two threads never make two objects of one form
        return await self.work(self.on_game(PARTIZAN_LOCK, job))

    async def misere(self, request: Request) -> Any:
        """``grundy misere SPEC --max-heap N --json``: ``spec``, ``max_heap``, and ``outcome`` (repeated) a
        sum of heaps H1,H2,... whose misère outcome the quotient answers."""
        spec, most = self.spec(request), limits.parse_count(self.text(request, "max_heap"), "max_heap")
        sums = [self.checked("outcome", text) for text in request.query_params.getlist("outcome")]
        job = functools.partial(quotient.misere_answer, spec, most, sums)
        return await self.work(self.on_game(spec, job), heavy=True)

    async def problems(self, request: Request) -> Any:
        return await self.work(problems.problem_list)

    async def problem(self, request: Request) -> Any:
        from grundy.problems.base import catalogue, get

        name = request.path_params["name"]
        if name.lower() not in catalogue():
            try:
                get(name)  # the command line's words for an unknown problem
            except GrundyError as exc:
                raise NotFound(str(exc)) from None
        if request.method == "GET":
            return await self.work(lambda: problems.explanation_data(get(name)))
        raw = await self.body(request)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadRequest("the input is not UTF-8 text") from exc
        return await self.work(lambda: get(name).solve(text))


class _TooLarge(GrundyError):
    """A request body past the limit."""

