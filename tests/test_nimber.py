from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from grundy.core.nimber import mex, nim_inverse, nim_power, nim_product, nim_sum


@cache
def product_by_definition(a: int, b: int) -> int:
    """a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b} (Conway)."""
    return mex(
        product_by_definition(x, b) ^ product_by_definition(a, y) ^ product_by_definition(x, y)
        for x in range(a)
        for y in range(b)
    )


def test_mex_is_least_missing():
    assert mex([]) == 0
    assert mex([1, 2, 3]) == 0
    assert mex([0, 1, 2, 4]) == 3
    assert mex(iter([3, 0, 0, 1])) == 2


@given(st.lists(st.integers(0, 50), max_size=30))
def test_mex_definition(values):
    m = mex(values)
    assert m not in values
    assert all(v in values for v in range(m))


@given(st.lists(st.integers(0, 1 << 40), max_size=10))
def test_nim_sum_is_xor_and_self_inverse(values):
    s = nim_sum(*values)
    assert nim_sum(s, *values) == 0
    assert nim_sum() == 0


def test_nim_product_matches_definition_below_32():
    for a in range(32):
        for b in range(32):
            assert nim_product(a, b) == product_by_definition(a, b), (a, b)


def test_known_products():
    # Fermat 2-powers square to 3/2 of themselves: 2*2 = 3, 4*4 = 6, 16*16 = 24, 256*256 = 384.
    assert [nim_product(f, f) for f in (2, 4, 16, 256, 65536)] == [3, 6, 24, 384, 98304]
    assert nim_product(8, 8) == 13


nimbers = st.integers(0, (1 << 64) - 1)


@given(nimbers, nimbers, nimbers)
def test_field_laws(a, b, c):
    assert nim_product(a, b) == nim_product(b, a)
    assert nim_product(a, nim_product(b, c)) == nim_product(nim_product(a, b), c)
    assert nim_product(a, b ^ c) == nim_product(a, b) ^ nim_product(a, c)
    assert nim_product(a, 1) == a


@given(st.integers(1, (1 << 32) - 1))
def test_inverse(a):
    assert nim_product(a, nim_inverse(a)) == 1


@given(st.integers(1, (1 << 256) - 1))
def test_inverse_by_halves_is_the_power_q_minus_2(a):
    """The inverse by norms agrees with Fermat's a**(q-2) in the least field GF(q) holding a."""
    bits = 1
    while (1 << bits) <= a:
        bits *= 2
    assert nim_inverse(a) == nim_power(a, (1 << bits) - 2)
    assert nim_product(a, nim_inverse(a)) == 1


@given(st.integers(0, 1 << 16), st.integers(0, 20))
def test_power(a, k):
    expected = 1
    for _ in range(k):
        expected = nim_product(expected, a)
    assert nim_power(a, k) == expected
