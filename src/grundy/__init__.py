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
"""

from grundy.api import pattern, period, solve, solve_game
from grundy.core.coded_game import LOSE, TIE, WIN, compiled_game, vector_game
from grundy.core.errors import GrundyError
from grundy.core.general import GameSolution, GeneralGame, game
from grundy.core.memory import budget
from grundy.core.nimber import mex, nim_product, nim_sum
from grundy.core.ruleset import Ruleset
from grundy.core.solve import Move, Solution
from grundy.patterns.pattern import Pattern
from grundy.patterns.period import Periodicity
from grundy.rulesets.custom import impartial
from grundy.rulesets.registry import catalogue, ruleset

__version__ = "0.1.0"

__all__ = [
    "LOSE", "TIE", "WIN", "GeneralGame", "GameSolution", "GrundyError", "Move", "Pattern", "Periodicity", "Ruleset",
    "Solution", "budget", "catalogue", "compiled_game", "game", "impartial", "mex", "nim_product", "nim_sum", "pattern",
    "period", "ruleset", "solve", "solve_game", "vector_game", "__version__",
]
