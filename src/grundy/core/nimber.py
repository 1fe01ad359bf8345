"""Nim arithmetic: the minimum excludant, nim-addition and nim-multiplication.

Nimbers (the values of impartial games) add by bitwise exclusive or; with nim-multiplication the
integers below ``2**(2**k)`` form the finite field of that order (Conway, *On Numbers and Games*,
ch. 6), which coin-turning products such as Turning Corners use.

>>> mex([0, 1, 3])
2
>>> nim_sum(3, 5, 6)
0
>>> nim_product(2, 2), nim_product(2, 3)
(3, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache, reduce
from operator import xor

from grundy.core.errors import GrundyError


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least non-negative integer not among ``values``.

    Parameters
    ----------
    values:
        The Grundy values of a position's options (any iterable of integers).

    Returns
    -------
    int
        The Grundy value of the position (the Sprague–Grundy definition).

    Examples
    --------
    >>> mex([]), mex([1, 2]), mex([0, 2, 1, 5])
    (0, 0, 3)

    Reference: R. P. Sprague (1935), P. M. Grundy (1939); Winning Ways ch. 3.
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int) -> int:
    """Nim-addition (bitwise exclusive or) of any number of nimbers.

    Parameters
    ----------
    *values:
        Non-negative integers: the Grundy values of the components of a sum.

    Returns
    -------
    int
        The Grundy value of the sum; 0 exactly when the player to move loses.

    Examples
    --------
    >>> nim_sum(1, 2, 3), nim_sum(3, 4, 5)
    (0, 2)

    Reference: C. L. Bouton, *Nim, a game with a complete mathematical theory*, Annals of Math. 3 (1901).
    """
    return reduce(xor, values, 0)


def nim_product(a: int, b: int) -> int:
    """Nim-multiplication of two non-negative integers.

    Computed by splitting both factors at the Fermat 2-power ``F = 2**(2**k)`` just above their
    halves: ``(aF + b)(cF + d) = (ac + ad + bc)F + bd + ac*(F/2)`` in nim arithmetic, using
    ``F*F = F + F/2``. It agrees with the definition
    ``a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}`` (tested).

    Parameters
    ----------
    a, b:
        Non-negative integers of any size.

    Returns
    -------
    int
        The nim-product: the Grundy value of the Tartan product of coins ``a`` and ``b`` of two
        coin-turning games whose values are ``a`` and ``b``.

    Raises
    ------
    GrundyError
        A negative factor.

    Examples
    --------
    >>> nim_product(4, 4), nim_product(8, 8)
    (6, 13)

    Reference: J. H. Conway, *On Numbers and Games* ch. 6; Winning Ways ch. 14 (Tartan theorem).
    """
    if a < 0 or b < 0:
        raise GrundyError("nimbers are non-negative integers")
    return _nim_product(a, b)


@lru_cache(maxsize=1 << 16)
def _nim_product(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    half = 1
    while (1 << (2 * half)) <= max(a, b):
        half *= 2
    fermat = 1 << half  # F = 2**(2**k), the largest with F <= max(a, b)
    mask = fermat - 1
    a_hi, a_lo = a >> half, a & mask
    b_hi, b_lo = b >> half, b & mask
    hi_hi = _nim_product(a_hi, b_hi)
    cross = hi_hi ^ _nim_product(a_hi, b_lo) ^ _nim_product(a_lo, b_hi)
    return (cross << half) ^ _nim_product(a_lo, b_lo) ^ _nim_product(hi_hi, fermat >> 1)


def nim_power(a: int, exponent: int) -> int:
    """``a`` nim-multiplied by itself ``exponent`` times (square and multiply).

    >>> nim_power(2, 3)
    1
    """
    result = 1
    while exponent:
        if exponent & 1:
            result = nim_product(result, a)
        a = nim_product(a, a)
        exponent >>= 1
    return result


def nim_inverse(a: int) -> int:
    """The nim-multiplicative inverse of ``a > 0`` in the least field ``GF(2**(2**k))`` holding it.

    >>> nim_product(3, nim_inverse(3))
    1
    """
    if a <= 0:
        raise GrundyError("only positive nimbers have an inverse")
    return _nim_inverse(a)


@lru_cache(maxsize=1 << 12)
def _nim_inverse(a: int) -> int:
    """By halves, not by the power ``a**(q-2)`` (256 products in a field of 2^128, a tenth of a
    second): with ``F = 2**half``, ``F*F = F + F/2``, so ``a = a1*F + a0`` times
    ``a1*F + (a0 + a1)`` is the norm ``a0*a0 + a0*a1 + a1*a1*(F/2)``, which lies in the half-size
    field; invert the norm there and multiply back."""
    if a < 2:
        return a
    half = 1
    while (1 << (2 * half)) <= a:
        half *= 2
    a_hi, a_lo = a >> half, a & ((1 << half) - 1)
    norm = _nim_product(a_lo, a_lo) ^ _nim_product(a_lo, a_hi) ^ _nim_product(_nim_product(a_hi, a_hi), 1 << (half - 1))
    scale = _nim_inverse(norm)
    return (_nim_product(a_hi, scale) << half) ^ _nim_product(a_lo ^ a_hi, scale)
