"""Partizan rulesets: positions and the moves Left and Right have in them, apart from any value
algebra (values come from :mod:`grundy.cgt`).

Each ruleset is a :class:`PartizanRuleset` registered in the one catalogue (``grundy.ruleset(spec)``,
``grundy.catalogue()``) and found by :func:`partizan_ruleset`; a position is one immutable component,
written as one command-line token; an option is the tuple of independent components a move leaves.

>>> from grundy.partizan import partizan_ruleset
>>> game = partizan_ruleset("domineering")
>>> board = game.parse_component("..|..")
>>> game.left_options(board), game.right_options(board)
([(('.', '.'),)], [(('..',),)])

References: Berlekamp, Conway, Guy, *Winning Ways for your Mathematical Plays* (2nd ed.);
Albert, Nowakowski, Wolfe, *Lessons in Play*; Siegel, *Combinatorial Game Theory*.
"""

from grundy.partizan.registry import partizan_ruleset
from grundy.partizan.ruleset import PartizanRuleset

__all__ = ["PartizanRuleset", "partizan_ruleset"]
