"""Konane's compiled search (issue 29): the values it gives (:meth:`Konane.known_value`, by
:mod:`grundy.kernels.konane` and the compiled algebra of :mod:`grundy.kernels.cgt_store`) are the
values of the Python search (the same ruleset with ``known_value`` off) on random boards, the compiled
order and canonical forms are grundy.cgt's on random games, and the work budget stops it cleanly.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt.canonical import from_options
from grundy.cgt.game import ZERO, number
from grundy.cgt.simplest import simplest_between
from grundy.core.errors import LimitError
from grundy.core.limits import budget
from grundy.kernels import cgt_canonical as cc
from grundy.kernels import cgt_store as cs
from grundy.kernels import konane as kernel
from grundy.partizan.clobber import Konane, _exported, _kernel_value
from grundy.partizan.values import Values

CHECKS = settings(max_examples=60, deadline=None)
RULES = Konane()


class PlainKonane(Konane):
    """Konane searched in Python only (the compiled search off)."""

    def known_value(self, position: tuple[str, ...]) -> object | None:
        return None


PLAIN = PlainKonane()


@st.composite
def boards(draw, shapes=((1, 6), (2, 4), (3, 3), (3, 4), (4, 4), (3, 5), (5, 3), (2, 7))) -> tuple[str, ...]:
    """A board of one of ``shapes`` with random stones and empty cells (about a third empty)."""
    rows, columns = draw(st.sampled_from(shapes))
    return tuple("".join(draw(st.sampled_from("xo.")) for _ in range(columns)) for _ in range(rows))


@CHECKS
@given(boards())
def test_kernel_values_are_the_python_search(board):
    found = _kernel_value(board)
    assert found is not None and found is Values(PLAIN).of([board])


def test_the_benchmark_board_and_sums_agree():
    board = RULES.parse_component("xoxo|o..x|xoxo|oxox")
    assert Values(RULES).of([board]) is Values(PLAIN).of([board])
    parts = [RULES.parse_component(t) for t in ("xo.o.|.x.ox", "xxo.|.oo.|x.ox", "o.x|xo.|.ox")]
    assert Values(RULES).of(parts) is Values(PLAIN).of(parts)


def test_boards_of_64_cells_and_more():
    """64 cells is the most searched compiled (the top bit is the sign bit of the int64); past it
    the Python search answers."""
    board = ("xo.o" + "." * 4, ) + ("." * 8,) * 6 + ("....ox.x",)
    assert _kernel_value(board) is Values(PLAIN).of([board])
    wide = ("xo.o." + "." * 60,)
    assert _kernel_value(wide) is None
    assert Values(RULES).of([wide]) is Values(PLAIN).of([wide])


def test_a_wrong_jump_rule_is_caught():
    """Jumps that wrap from one row's end to the next row's start (a board read as one long row)
    change a value, so the comparisons above can fail."""
    board = ("..x", "o..")
    store = cs.grown(cs.new_store())
    x, o = 1 << 2, 1 << 3
    status, _, right, _ = kernel.run(store, kernel.start(x, o), kernel.neighbours(2, 3), 6, 1, 1 << 20)
    status_wrong, _, wrong, _ = kernel.run(store, kernel.start(x, o), kernel.neighbours(1, 6), 6, 1, 1 << 20)
    assert status == status_wrong == kernel.DONE
    assert _exported(store, right) is Values(PLAIN).of([board]) is ZERO
    assert _exported(store, wrong) is not ZERO


def test_the_budget_stops_the_kernel_cleanly():
    board = RULES.parse_component("xoxo.|o..xo|xoxo.|oxoxo|.x.ox")
    with budget(max_states=5000), pytest.raises(LimitError, match="more than 5,000 steps.*max_states"):
        Values(RULES).of([board])


# -- the compiled algebra against grundy.cgt ------------------------------------------------------


@st.composite
def games(draw, depth: int = 3) -> tuple:
    """A random game as nested (lefts, rights) tuples, numbers among the leaves."""
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from([Fraction(n, d) for n, d in ((0, 1), (1, 1), (-1, 1), (1, 2), (-3, 4), (2, 1))]))
    sides = st.lists(games(depth - 1), max_size=3)
    return tuple(draw(sides)), tuple(draw(sides))


def both(store: tuple, game: object) -> tuple[int, object]:
    """A game built in the store (its id) and in grundy.cgt, from the same option tree."""
    if isinstance(game, Fraction):
        return cs.number_id(store, int(game * cs.SCALE)), number(game)
    built = [[both(store, g) for g in side] for side in game]
    ids = [np.array([i for i, _ in side] or [0], np.int64) for side in built]
    g = cc.canonical(store, ids[0], len(built[0]), ids[1], len(built[1]))
    return g, from_options([h for _, h in built[0]], [h for _, h in built[1]])


@settings(max_examples=150, deadline=None)
@given(games(), games())
def test_store_order_and_forms_are_grundy_cgt(a, b):
    store = cs.new_store()
    (g, game_g), (h, game_h) = both(store, a), both(store, b)
    assert not store[0][cs.FAILED]
    assert _exported(store, g) is game_g and _exported(store, h) is game_h
    assert (g == h) == (game_g == game_h)
    assert cs.le(store[1], store[2], store[5], g, h) == (game_g <= game_h)
    assert cs.le(store[1], store[2], store[5], h, g) == (game_h <= game_g)


@settings(max_examples=200, deadline=None)
@given(st.integers(-40, 40), st.integers(0, 4), st.integers(-40, 40), st.integers(0, 4), st.booleans(), st.booleans())
def test_simplest_number_is_grundy_cgt(a, da, b, db, has_a, has_b):
    lo, hi = Fraction(a, 2 ** da), Fraction(b, 2 ** db)
    if has_a and has_b and lo >= hi:
        return
    found = cc.simplest(int(lo * cs.SCALE), has_a, int(hi * cs.SCALE), has_b)
    assert Fraction(int(found), cs.SCALE) == simplest_between(lo if has_a else None, hi if has_b else None)


def test_a_search_paused_and_grown_gives_the_same_value(monkeypatch):
    """The search goes on after each pause (a charge to the budget every few steps, the store grown
    when it has little room left), and its ids stay right."""
    from grundy.partizan import clobber

    monkeypatch.setattr(clobber, "KERNEL_CHUNK", 50)
    monkeypatch.setitem(clobber._KERNEL, "store", cs.new_store(64))
    board = RULES.parse_component("xoxo|o..x|xoxo|oxox")
    assert _kernel_value(board) is Values(PLAIN).of([board])
    assert clobber._KERNEL["store"][1].shape[0] > 64
