"""Codeforces 293A *Weird Game*: two players pick digits of two binary strings."""

from __future__ import annotations

import math
from collections.abc import Iterator

from grundy.core import words
from grundy.core.errors import LimitError, SpecError
from grundy.core.general import GeneralGame
from grundy.rulesets.general.common import FAMILY, FIRST, SECOND, result
from grundy.rulesets.registry import register


class WeirdGame(GeneralGame):
    """Codeforces 293A *Weird Game*: two binary strings ``s``, ``t`` of length ``2n``.

    The players alternately pick an index not picked before; the first player writes down
    ``s[i]``, the second ``t[i]``. At the end each arranges their ``n`` digits into the largest
    number; the larger number wins, equal numbers are a tie. A position is
    ``(turn, first_mask, second_mask)``: the indices each player has picked, as bit masks.

    >>> from grundy.core.general import solve_game
    >>> g = WeirdGame("0111", "0001")
    >>> solve_game(g, g.start).value
    'win'
    """

    name = "weird-game"

    def __init__(self, s: str, t: str) -> None:
        if len(s) != len(t) or len(s) % 2 or set(s + t) - {"0", "1"}:
            raise SpecError("weird-game needs two binary strings of the same even length, like 0110,1001")
        self.s, self.t = s, t
        self.full = (1 << len(s)) - 1
        self.start = (FIRST, 0, 0)

    def moves(self, position: tuple[int, int, int]) -> Iterator[tuple[int, int, int]]:
        turn, mine, theirs = position
        taken = mine | theirs
        for i in range(len(self.s)):
            bit = 1 << i
            if not taken & bit:
                yield (SECOND, mine | bit, theirs) if turn == FIRST else (FIRST, mine, theirs | bit)

    def check_size(self, start: tuple[int, int, int], limit: int) -> None:
        """Refuse strings whose picks surely make more than ``limit`` positions: after ``k`` picks
        from the start, each way of choosing the first player's and the second's indices is one."""
        n, taken = len(self.s), bin(start[1] | start[2]).count("1")
        total = 0
        for k in range(n - taken + 1):
            first = (k + 1) // 2
            total += math.comb(n - taken, first) * math.comb(n - taken - first, k // 2)
            if total > limit:
                raise LimitError(f"weird-game: strings of length {n:,} have more than {limit:,} positions "
                                 f"(the indices each player picked); "
                                 f"{words.raise_or('max_states', 'use shorter strings')}", knob="max_states",
                                 limit=limit)

    def primitive(self, position: tuple[int, int, int]) -> str | None:
        turn, first, second = position
        if first | second != self.full:
            return None
        a = sum(1 for i, d in enumerate(self.s) if first >> i & 1 and d == "1")
        b = sum(1 for i, d in enumerate(self.t) if second >> i & 1 and d == "1")
        return result(None if a == b else a > b, turn)  # same length: more ones is the larger number

    def describe(self, position: tuple[int, int, int]) -> str:
        turn, first, second = position
        cells = "".join("F" if first >> i & 1 else "S" if second >> i & 1 else "." for i in range(len(self.s)))
        return f"s={self.s} t={self.t} picked={cells} ({'first' if turn == FIRST else 'second'} to move)"


def weird_game_winner(s: str, t: str) -> str:
    """``"First"``, ``"Second"`` or ``"Draw"`` for Codeforces 293A *Weird Game*, in O(n).

    Only the number of ones counts. Sort the indices into types by ``(s[i], t[i])``: both
    players take a ``11`` index while there is one (it gives a one and denies one); then the first
    player prefers ``10`` (a one for him) over ``01`` (denying the opponent), and the second player
    prefers ``01`` over ``10``; ``00`` indices come last. Simulating this greedy play gives the result.

    >>> weird_game_winner("0111", "0001"), weird_game_winner("01", "10"), weird_game_winner("1100", "0011")
    ('First', 'Draw', 'Draw')
    """
    both = sum(1 for a, b in zip(s, t, strict=True) if a == b == "1")
    only_first = sum(1 for a, b in zip(s, t, strict=True) if (a, b) == ("1", "0"))
    only_second = sum(1 for a, b in zip(s, t, strict=True) if (a, b) == ("0", "1"))
    ones = [0, 0]
    for turn in range(len(s)):
        player = turn % 2
        mine, theirs = (only_first, only_second) if player == FIRST else (only_second, only_first)
        if both:
            both -= 1
            ones[player] += 1
        elif mine:
            mine -= 1
            ones[player] += 1
        elif theirs:
            theirs -= 1
        only_first, only_second = (mine, theirs) if player == FIRST else (theirs, mine)
    return "First" if ones[0] > ones[1] else "Second" if ones[0] < ones[1] else "Draw"


@register("weird-game", FAMILY, {
    "S,T": "pick digits of two binary strings; the larger number wins (CF 293A)",
}, kind="general", examples=("weird-game:0110,1001",))
def _weird_game(params: str | None) -> WeirdGame:
    parts = [p.strip() for p in (params or "").split(",")]
    if len(parts) != 2 or not all(parts):
        raise SpecError(f"weird-game needs two binary strings s,t like 0110,1001, not {params!r}")
    return WeirdGame(*parts)
