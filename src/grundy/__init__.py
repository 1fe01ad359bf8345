"""grundy: who wins a combinatorial game, why, and how.

>>> import grundy
>>> grundy.ruleset("subtraction:1,3,4").values(8).tolist()
[0, 1, 0, 1, 2, 3, 2, 0]
>>> grundy.solve("nim", [3, 4, 5]).outcome
'N'
>>> grundy.period("subtraction:1,3,4").period
7
>>> grundy.pattern("take-half").rule
'G(n) = bitlength(n), the bit length of n'

Each public name is loaded when it is first used, so ``import grundy`` (and the ``grundy`` command's
start) costs only what is asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# each public name, and the module that defines it
_HOMES = {
    "misere_quotient": "grundy.api", "nim_sum": "grundy.api",
    "pattern": "grundy.api", "period": "grundy.api", "solve": "grundy.api", "solve_game": "grundy.api",
    "LOSE": "grundy.core.coded_game", "TIE": "grundy.core.coded_game", "WIN": "grundy.core.coded_game",
    "compiled_game": "grundy.core.coded_game", "vector_game": "grundy.core.coded_game",
    "GrundyError": "grundy.core.errors",
    "GameSolution": "grundy.core.general", "GeneralGame": "grundy.core.general", "game": "grundy.core.general",
    "budget": "grundy.core.memory",
    "mex": "grundy.core.nimber", "nim_product": "grundy.core.nimber",
    "Ruleset": "grundy.core.ruleset",
    "Move": "grundy.core.solve", "Solution": "grundy.core.solve",
    "Pattern": "grundy.patterns.pattern", "Periodicity": "grundy.patterns.period",
    "impartial": "grundy.rulesets.custom",
    "catalogue": "grundy.service.resolve", "ruleset": "grundy.service.resolve",
}

__all__ = [
    "GameSolution", "GeneralGame", "GrundyError", "LOSE", "Move", "Pattern", "Periodicity", "Ruleset", "Solution",
    "TIE", "WIN", "budget", "catalogue", "compiled_game", "game", "impartial", "mex", "misere_quotient", "nim_product",
    "nim_sum",
    "pattern", "period", "ruleset", "solve", "solve_game", "vector_game", "__version__",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its home the first time it is used (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'grundy' has no attribute {name!r}")
    found = getattr(importlib.import_module(home), name)
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


if TYPE_CHECKING:  # the names as type checkers and editors see them
    from grundy.api import misere_quotient, nim_sum, pattern, period, solve, solve_game
    from grundy.core.coded_game import LOSE, TIE, WIN, compiled_game, vector_game
    from grundy.core.errors import GrundyError
    from grundy.core.general import GameSolution, GeneralGame, game
    from grundy.core.memory import budget
    from grundy.core.nimber import mex, nim_product
    from grundy.core.ruleset import Ruleset
    from grundy.core.solve import Move, Solution
    from grundy.patterns.pattern import Pattern
    from grundy.patterns.period import Periodicity
    from grundy.rulesets.custom import impartial
    from grundy.service.resolve import catalogue, ruleset
