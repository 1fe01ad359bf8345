"""What the general-solver games share: the players and the result of a finished game.

Positions of these games are tuples whose first entry is the player to move (:data:`FIRST` = 0,
:data:`SECOND` = 1), so they can be stored and replayed.
"""

from __future__ import annotations

from grundy.core import limits
from grundy.core.errors import GrundyError, LimitError, SpecError

FIRST, SECOND = 0, 1
FAMILY = "general games"


def result(first_wins: bool | None, turn: int) -> str:
    """The primitive result for the player ``turn`` when the first player wins / loses / ties (None).

    >>> result(True, FIRST), result(True, SECOND), result(None, FIRST)
    ('win', 'lose', 'tie')
    """
    if first_wins is None:
        return "tie"
    return "win" if first_wins == (turn == FIRST) else "lose"


def parse_ints(text: str, what: str) -> list[int]:
    """Integers joined by commas, each of at most :data:`~grundy.core.limits.MAX_DIGITS` digits.

    >>> parse_ints("3, 2", "the money")
    [3, 2]
    """
    try:
        return [limits.parse_int(x, what) for x in text.split(",") if x.strip()]
    except LimitError:
        raise
    except GrundyError:
        raise SpecError(f"{what} must be comma-separated integers, not {limits.shorten(text)!r}") from None
