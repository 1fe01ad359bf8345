"""Misère quotients of heap games (Plambeck 2005; Plambeck & Siegel 2008; Siegel's MisereSolver).

>>> import grundy
>>> from grundy.quotient import quotient_of
>>> q = quotient_of(grundy.ruleset("octal:0.75"), 5)
>>> q.order, q.presentation, q.p_portion
(8, '⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩', ['a', 'b²'])
"""

from grundy.quotient.result import MisereQuotient, quotient_of

__all__ = ["MisereQuotient", "quotient_of"]
