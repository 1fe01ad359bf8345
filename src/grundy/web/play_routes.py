"""The routes of games played in the browser: ``POST /api/play`` starts one (an impartial game, or a
partizan one with the side the human plays), ``/api/play/ID/move``, ``/undo`` and ``/new`` go on with
it. Each answer holds the turns since the request (as ``grundy play --json`` prints them), the
human's moves when it is the human's turn, and whether the game is over; the games themselves are
:class:`~grundy.web.matches.Match` objects, and what they say comes from :mod:`grundy.service`.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from grundy.service import partizan_play, playing
from grundy.web.matches import Match, Matches
from grundy.web.replies import BadRequest, NotFound, flag_of
from grundy.web.workers import PARTIZAN_LOCK, Workers


class PlayRoutes(Workers):
    """The play routes, mixed into the API (whose ``json_body`` and ``checked`` read a request)."""

    matches: Matches

    def checked(self, name: str, value: str) -> str:
        raise NotImplementedError

    async def json_body(self, request: Request) -> dict[str, Any]:
        raise NotImplementedError

    async def play_start(self, request: Request) -> Any:
        """A new game: ``spec``, ``position``, ``first`` (human or computer), ``misere``; for a
        partizan game ``side``, the player the human is (left or right)."""
        body = await self.json_body(request)
        spec = str(body.get("spec", "")).strip()
        if not spec:
            raise BadRequest('a game needs a spec: {"spec": "nim", "position": "3 4 5", "first": "human"}')
        first = body.get("first", "human")
        if first not in ("human", "computer"):
            raise BadRequest(f"first is 'human' or 'computer', not {first!r}")
        spec = self.checked("spec", spec)
        position = self.checked("position", str(body.get("position", "")))
        misere = flag_of("misere", body.get("misere", False))
        if await self.work(self.on_game(spec, lambda: partizan_play.is_partizan(spec))):
            return await self._start_partizan(spec, position, str(body.get("side") or "left"), first, misere)
        if body.get("side"):
            raise BadRequest(f"side chooses Left or Right of a partizan game: in {spec} both players have the same "
                             "moves")

        def job() -> Any:
            match = Match(playing.session_for(spec, position, misere), human_first=first == "human", spec=spec)
            turns = match.start()
            return {"id": self.matches.add(match), **self._state(match, turns)}

        return await self.work(self.on_game(spec, job))

    async def _start_partizan(self, spec: str, position: str, side: str, first: str, misere: bool) -> Any:
        """A partizan game, the human playing ``side`` (its values take the partizan lock, as /api/value's do)."""
        if misere:
            raise BadRequest(f"misere does not apply to {spec}: a partizan game is played under normal play")

        def job() -> Any:
            session = partizan_play.session_for(spec, position.split(), side.lower(), first)
            match = Match(session, human_first=first == "human", spec=spec, side=side.lower())
            turns = match.start()
            return {"id": self.matches.add(match), **self._state(match, turns)}

        return await self.work(self.on_game(PARTIZAN_LOCK, job))

    async def play_move(self, request: Request) -> Any:
        match, key = self._match(request), request.path_params["id"]
        move = str((await self.json_body(request)).get("move", "")).strip()
        if not move:
            raise BadRequest('say which move: {"move": "1 2"} (component 1 becomes 2) or {"move": "#3"}')

        def job() -> Any:
            with match.lock:
                return {"id": key, **self._state(match, match.move(move))}

        return await self.work(self.on_game(self._lock_key(match), job))

    async def play_undo(self, request: Request) -> Any:
        match, key = self._match(request), request.path_params["id"]

        def job() -> Any:
            with match.lock:
                undone, turns = match.undo()
                return {"id": key, "undone": undone, **self._state(match, turns)}

        return await self.work(self.on_game(self._lock_key(match), job))

    async def play_new(self, request: Request) -> Any:
        """The game started again from its first position, the same player moving first."""
        match, key = self._match(request), request.path_params["id"]

        def job() -> Any:
            with match.lock:
                return {"id": key, **self._state(match, match.restart())}

        return await self.work(self.on_game(self._lock_key(match), job))

    @staticmethod
    def _lock_key(match: Match) -> str:
        """The lock a match's moves take: its game's, or the partizan values' (see :meth:`value`)."""
        return match.spec if match.side is None else PARTIZAN_LOCK

    def _match(self, request: Request) -> Match:
        try:
            return self.matches.get(request.path_params["id"])
        except KeyError:
            raise NotFound("no such game (it ended long ago, or the server restarted): start a new one") from None

    @staticmethod
    def _state(match: Match, turns: list[dict[str, Any]]) -> dict[str, Any]:
        return {"turns": turns, "moves": match.moves(), "over": match.session.over}
