"""Contest games from the tutorials that need the general solver (partizan, draws, or history).

Each game is a :class:`~grundy.core.general.GeneralGame` whose moves are the plain rules (the brute-force
definition, solved by :func:`~grundy.core.general.solve_game`), next to the fast rule the tutorial
gives, as a function; one module per game. A spec names the whole position, and the game it makes
holds it as ``start``. They are registered in the one catalogue like every ruleset
(``grundy list``, :func:`grundy.ruleset`):

===================  ==========================================  ================================
spec                 game                                        fast rule
===================  ==========================================  ================================
``weird-game``       Codeforces 293A *Weird Game*                :func:`weird_game_winner`
``tree-colouring``   AtCoder AGC 014 D *Black and White Tree*    :func:`tree_colouring_winner`
``gameia``           HDU 6105 *Gameia* (tree colouring + cuts)   :func:`gameia_winner`
``buy-items``        HDU 4701 *Game* (buying items in order)     :func:`buy_items_winner`
``three-tokens``     Nowcoder 2023 *Link with Chess Game*        :func:`three_tokens_winner`
``guessing``         the warm-up number-guessing game            :func:`guessing_rounds`
===================  ==========================================  ================================

>>> import grundy
>>> g = grundy.ruleset("weird-game:0111,1001")
>>> grundy.solve_game(g, g.start).value, weird_game_winner("0111", "1001")
('win', 'First')

Reference: the rules and fast rules are from the project's Chinese tutorials (the lecture on P/N
positions, SG functions and some forty contest problems; the SG-function tutorial with Alice Game
and Link with Chess Game); problem statements on Codeforces, AtCoder, HDU OJ and Nowcoder.
"""

from grundy.rulesets.general.buy_items import BuyItems, buy_items_thresholds, buy_items_winner
from grundy.rulesets.general.common import FIRST, SECOND
from grundy.rulesets.general.gameia import Gameia, gameia_winner
from grundy.rulesets.general.guessing import GuessingGame, guessing_coverage, guessing_rounds
from grundy.rulesets.general.three_tokens import ThreeTokens, three_tokens_winner
from grundy.rulesets.general.tree_colouring import (
    TreeColouring,
    colour_list,
    colour_of,
    has_perfect_matching,
    tree_colouring_winner,
)
from grundy.rulesets.general.weird_game import WeirdGame, weird_game_winner

__all__ = [
    "FIRST", "SECOND", "BuyItems", "Gameia", "GuessingGame", "ThreeTokens", "TreeColouring", "WeirdGame",
    "buy_items_thresholds", "buy_items_winner", "colour_list", "colour_of", "gameia_winner", "guessing_coverage",
    "guessing_rounds", "has_perfect_matching", "three_tokens_winner", "tree_colouring_winner", "weird_game_winner",
]
