"""Games being played in the browser: each a :class:`~grundy.core.play.PlaySession` kept on the
server under an id, with whose turn it is. The answers are the turns of ``grundy play --json``.

>>> match = Match(playing.session_for("nim", "1 2", seed=1), human_first=True)
>>> [t["to_move"] for t in match.start()]
['human']
>>> [(t["played"]["by"], t["played"]["move"]) for t in match.move("2 1")]
[('human', '2 1'), ('computer', '1 0')]

A partizan game's match knows the human's side (``left`` or ``right``); its turns say which side is
to move, and at the end who had no move:

>>> match = Match(partizan_play.session_for("domineering", [".|."], "right", "human"), True, side="right")
>>> match.start()[0]["end"]
'Right has no move: Left wins (you lose)'
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Any

from grundy.core.errors import GrundyError
from grundy.service import partizan_play, playing


class Match:
    """One game between a human and the perfect opponent (``spec``: the game as it was asked for;
    ``side``: the human's side of a partizan game, ``left`` or ``right``, None in an impartial one)."""

    def __init__(self, session: Any, human_first: bool, spec: str = "", side: str | None = None) -> None:
        self.session, self.human_first, self.spec, self.side = session, human_first, spec, side
        self.human_to_move = human_first
        self.lock = threading.Lock()  # one request at a time changes a match

    def turn(self, played: dict[str, str] | None) -> dict[str, Any]:
        """One turn as ``play --json`` prints it (``"remoteness_computed": false`` where a big sum is
        played from its values); a partizan game's with its sides and board (:mod:`~grundy.service.partizan_play`)."""
        if self.side is not None:
            return partizan_play.turn_data(self.session, self.side, self.human_to_move, played)
        turn = playing.turn_data(self.session, self.human_to_move, played,
                                 playing.winner(self.session, self.human_to_move))
        return turn | self.session.remoteness_fields()

    def start(self) -> list[dict[str, Any]]:
        """The opening position, and the computer's first move when it starts."""
        return [self.turn(None), *self._replies()]

    def move(self, text: str) -> list[dict[str, Any]]:
        """The human's move (as ``play`` reads it: ``'2 1'`` or ``'#3'``) and the computer's reply."""
        if self.session.over:
            raise GrundyError("the game is over: start a new one")
        if not self.human_to_move:
            raise GrundyError("it is the computer's turn")
        label = self.session.play_text(text)
        self.human_to_move = False
        return [self.turn({"by": "human", "move": label}), *self._replies()]

    def undo(self) -> tuple[int, list[dict[str, Any]]]:
        """Take back the human's last move and the reply; the position shown after it."""
        undone = self.session.take_back(self.human_first)
        if undone % 2:
            self.human_to_move = not self.human_to_move
        return undone, [self.turn(None), *self._replies()]

    def restart(self) -> list[dict[str, Any]]:
        """Start again from the first position, the same player moving first (the command line's 'new')."""
        self.session.undo(len(self.session.history) - 1)
        self.human_to_move = self.human_first
        return self.start()

    def _replies(self) -> list[dict[str, Any]]:
        if self.human_to_move or self.session.over:
            return []
        label = self.session.computer_move()
        self.human_to_move = True
        return [self.turn({"by": "computer", "move": label})]

    def moves(self) -> list[dict[str, Any]]:
        """The human's moves with their results (none when it is not the human's turn)."""
        if not self.human_to_move or self.session.over:
            return []
        return (playing if self.side is None else partizan_play).move_list(self.session)


class Matches:
    """The matches in play, at most ``capacity`` (the one unused longest goes first)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._matches: OrderedDict[str, Match] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, match: Match) -> str:
        key = secrets.token_urlsafe(9)
        with self._lock:
            self._matches[key] = match
            while len(self._matches) > self.capacity:
                self._matches.popitem(last=False)
        return key

    def get(self, key: str) -> Match:
        with self._lock:
            match = self._matches.get(key)
            if match is None:
                raise KeyError(key)
            self._matches.move_to_end(key)
            return match
