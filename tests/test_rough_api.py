"""Rough edges of the Python API's entry points (issue 32), each with the exact words the user sees.

1. A decorator given no function (``grundy.impartial(5)``, ``grundy.game(5)``) refuses at once.
2. ``grundy.nim_sum`` takes its values one by one or as one iterable, and refuses non-integers.
3. A moves function that returns no iterable of positions (an int, None, a string) is named, with
   what it returned, for which position, and what it must return: in Python and on the command line.
4. The public functions' docstrings stand alone for a user (the rule: see ``test_docstrings_...``).
5. ``10**18`` and ``1e18`` are read as components by ``grundy solve`` and ``grundy.solve``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import grundy
from grundy.core.errors import GrundyError
from tests.helpers import one_error_line, run_cli

MUST = "it must return an iterable of positions (a list such as [n - 1, n - 2], empty where there is no move)"


# -- 1. a decorator given something that is not a function ------------------------------------------------
@pytest.mark.parametrize(("make", "entry", "given"), [
    (lambda: grundy.impartial(5), "grundy.impartial", "5 (an int)"),
    (lambda: grundy.impartial(splits=True)("n - 1"), "grundy.impartial", "'n - 1' (a str)"),
    (lambda: grundy.impartial([1, 2], arity=2), "grundy.impartial", "[1, 2] (a list)"),
    (lambda: grundy.game(5), "grundy.game", "5 (an int)"),
    (lambda: grundy.game(primitive=lambda p: None)(None), "grundy.game", "None (a NoneType)"),
])
def test_a_decorator_given_no_function_refuses_at_once(make, entry: str, given: str) -> None:
    with pytest.raises(GrundyError) as caught:
        make()  # before: grundy.impartial(5) was a ruleset that failed when solved
    assert str(caught.value) == (f"{entry} takes a function position -> positions of its moves, used as @{entry} "
                                 f"or {entry}(f); got {given}")


def test_a_decorator_given_a_function_still_makes_a_game() -> None:
    assert grundy.impartial(lambda n: [n - 1] if n else []).values(4).tolist() == [0, 1, 0, 1]
    assert grundy.solve_game(grundy.game(lambda n: [n - 1] if n else []), 3).value == "win"


# -- 2. nim_sum: values one by one or as one iterable ------------------------------------------------------
def test_nim_sum_takes_values_or_one_iterable() -> None:
    import numpy as np

    assert grundy.nim_sum(3, 4, 5) == grundy.nim_sum([3, 4, 5]) == grundy.nim_sum((3, 4, 5)) == 2
    assert grundy.nim_sum(x for x in (1, 2, 3)) == 0
    assert grundy.nim_sum(np.array([6, 1])) == grundy.nim_sum(np.int64(7)) == 7
    assert grundy.nim_sum() == grundy.nim_sum([]) == 0


@pytest.mark.parametrize(("args", "shown"), [
    (([3, -1],), "-1"), ((3, "4"), "'4'"), ((2.0,), "2.0"), (([[1, 2]],), "[1, 2]"), ((True,), "True"),
])
def test_nim_sum_refuses_what_is_not_a_non_negative_integer(args: tuple, shown: str) -> None:
    with pytest.raises(GrundyError) as caught:
        grundy.nim_sum(*args)  # before: TypeError: unsupported operand type(s) for ^: 'int' and 'list'
    assert str(caught.value) == ("grundy.nim_sum adds non-negative integers, as nim_sum(3, 4, 5) or "
                                 f"nim_sum([3, 4, 5]); got {shown}")


# -- 3. a moves function that returns no iterable of positions --------------------------------------------
def three_or_none(n: int):  # noqa: ANN201 - a user's rules, as users write them
    return n - 1 if n else None


@pytest.mark.parametrize(("moves", "returned"), [
    (lambda n: 5, "5"), (lambda n: None, "None"), (lambda n: "n-1", "'n-1'"),
])
def test_impartial_moves_that_are_not_an_iterable_are_named(moves, returned: str) -> None:
    game = grundy.impartial(moves, name="my_moves")
    with pytest.raises(GrundyError) as caught:  # before: ... TypeError: 'int' object is not iterable
        game.values(3)
    assert str(caught.value) == f"the moves function my_moves returned {returned} for position 0: {MUST}"


def test_a_general_game_whose_moves_are_not_an_iterable_is_named() -> None:
    with pytest.raises(GrundyError) as caught:  # before: a raw TypeError, with a traceback
        grundy.solve_game(grundy.game(three_or_none), 3)
    assert str(caught.value) == f"the moves function three_or_none returned 2 for position 3: {MUST}"


@pytest.mark.parametrize("command", [("solve", "--rules", "{rules}", "3"), ("table", "--rules", "{rules}")])
def test_rules_whose_moves_are_an_int_are_one_error_line(tmp_path: Path, command: tuple[str, ...]) -> None:
    rules = tmp_path / "rules.py"
    rules.write_text("def take_one(n):\n    return n - 1\n")
    code, out, err = run_cli(*(word.format(rules=f"{rules}:take_one") for word in command))
    assert (code, out) == (2, "")
    position, returned = ("3", "2") if command[0] == "solve" else ("0", "-1")
    assert one_error_line(err) == f"the moves function take_one returned {returned} for position {position}: {MUST}"


# -- 4. the public functions' docstrings stand alone ---------------------------------------------------------
PUBLIC_FUNCTIONS = ["solve", "solve_game", "period", "pattern", "misere_quotient", "nim_sum", "impartial"]


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
def test_docstrings_of_public_functions_stand_alone(name: str) -> None:
    """The rule: ``help(grundy.NAME)`` says its parameters, what it returns and an example, and
    names only what a user can reach as ``grundy.X`` (no ``grundy.core.``/``grundy.service.``
    paths, no Sphinx cross-references such as ``:func:`find_period```, which help() shows raw)."""
    doc = getattr(grundy, name).__doc__
    assert "Parameters\n" in doc and "Returns\n" in doc and ">>> " in doc, name
    assert re.findall(r":[a-z]+:`", doc) == [], name  # before: period's doc sent users to find_period
    assert [m for m in re.findall(r"\bgrundy\.(\w+)", doc) if m not in grundy.__all__] == [], name


# -- 5. 10**18 and 1e18 read as components -----------------------------------------------------------------
@pytest.mark.parametrize("heap", ["10**18", "1e18", "10^18"])
def test_big_heaps_are_read_as_components_on_the_command_line(heap: str) -> None:
    code, out, err = run_cli("solve", "subtraction:1,3,7", heap)
    assert (code, err) == (0, "")
    assert out.splitlines()[:3] == [
        "subtraction:1,3,7  position: 1000000000000000000",  # 10**18 is even: G = 10**18 mod 2 = 0
        "Grundy value: 0   component values: [0]",
        "P: the player to move loses (the previous player wins)",
    ]


def test_big_heaps_are_read_as_components_by_grundy_solve() -> None:
    found = grundy.solve("subtraction:1,3,7", "10**18 1e18 10^18 7")
    assert found.components == [10**18] * 3 + [7] and found.grundy == 1


def test_pattern_at_reads_a_power() -> None:
    code, out, err = run_cli("pattern", "subtraction:1,3,7", "--at", "10**18")
    assert (code, err) == (0, "") and out.splitlines()[-1] == "  10**18: G = 0, P (the player to move loses)"


def test_pattern_at_reads_1e18_as_solve_does() -> None:
    code, out, err = run_cli("pattern", "subtraction:1,3,7", "--at", "1e18")  # before: refused, though solve read it
    assert (code, err) == (0, "") and out.splitlines()[-1] == "  1e18: G = 0, P (the player to move loses)"
