"""Atomic weight of all-small games (Siegel, *Combinatorial Game Theory* ch. II.7; Lessons in Play ch. 9).

The atomic weight of G measures G in units of up: G - aw(G).^ is "remote-star-like". It is computed by
the atomic weight calculus: G'' = {G^L'' - 2 | G^R'' + 2}, unless G'' is an integer; then the
eccentric rule compares G with a far star ☆ = *N (N a power of two beyond every nimber in play):
if G > ☆ the weight is the largest integer n with n <| G^R'' + 2 for every G^R, if G < ☆ the least
integer n with n |> G^L'' - 2 for every G^L, else G''. It is defined here for all-small games only
(every follower with a move for one player has a move for the other); any other game gives ``None``.

>>> from grundy.cgt.notation import parse
>>> [atomic_weight(parse(s)) for s in ["^", "*", "^*", "^^*", "v3", "{0|^}", "{0||0|-1}"]]
[1, 0, 1, 2, -3, 2, None]
"""

from __future__ import annotations

from grundy.cgt.canonical import from_options
from grundy.cgt.compare import le_games
from grundy.cgt.game import ZERO, CanonicalGame, _guarded, as_game, nimber, number
from grundy.core.work import charge


@_guarded
def atomic_weight(g: CanonicalGame) -> CanonicalGame | None:
    """The atomic weight of an all-small game g (a CanonicalGame, usually an integer); ``None`` otherwise."""
    g = as_game(g)
    if not g.is_all_small:
        return None
    return _aw(g)


def _aw(g: CanonicalGame) -> CanonicalGame:
    cache = g._cache
    if "aw" in cache:
        return cache["aw"]
    if g is ZERO or g.nimber is not None:  # a nimber's atomic weight is 0
        return ZERO
    charge(1)
    two = number(2)
    lefts = [_aw(h) - two for h in g.left]
    rights = [_aw(h) + two for h in g.right]
    result = from_options(lefts, rights)
    if result.number is not None and result.number.denominator == 1:
        far = nimber(1 << (g.birthday.bit_length() + 1))
        above, below = le_games(far, g), le_games(g, far)
        n = int(result.number)
        if above and not below:  # G > far star: the largest integer n with n <| every G^R'' + 2
            while all(not le_games(r, number(n + 1)) for r in rights):
                charge(1)
                n += 1
            result = number(n)
        elif below and not above:  # G < far star: the least integer n with n |> every G^L'' - 2
            while all(not le_games(number(n - 1), x) for x in lefts):
                charge(1)
                n -= 1
            result = number(n)
    cache["aw"] = result
    return result
