"""Partizan values obey the work budget (issue 26): ``grundy value``, ``grundy thermograph`` and the
``grundy.cgt`` API count every position searched, canonical form built, sum simplified and
comparison worked out against ``max_states`` (:mod:`grundy.core.work`), answer at once where a
closed form gives the value (nimbers of any size, Maundy Cake, one-player Domineering), and say
one line, never a traceback, for numbers past the digit limit.

Each command line runs in a child process under a hard address-space cap (``tests.hostile.run_capped``)
with a small ``--max-states`` so that it stops quickly; the Python cases run in-process under a small
budget.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import budget, cgt
from grundy.cgt.canonical import simplest_between
from grundy.core import progress, work
from grundy.core.errors import GrundyError, LimitError
from grundy.partizan.cake import MaundyCake, maundy_value
from grundy.partizan.domineering import Domineering
from grundy.partizan.values import Values, value
from tests.hostile import GRUNDY, run_capped

HARD_LIMIT = 3 * 1024**3  # bytes of address space of each child
SMALL = "3000"  # the --max-states of the cases that must stop
STOPPED = "past the --max-states budget of 3,000; raise --max-states or choose a smaller position"
DIGITS = "at most 4000 digits"
BIG = "9" * 5000


def path(edges: int) -> str:
    return ",".join(f"{i}-{i + 1}" for i in range(edges))


def board(rows: int, columns: int) -> str:
    return "|".join(["." * columns] * rows)


SWITCHES = "+".join(f"{{{k}|-{k}}}" for k in range(1, 40))
STARS = ",".join(f"*{k}" for k in range(2000))
CYCLE = ",".join(f"{i}-{(i + 1) % 12}:{'brg'[i % 3]}" for i in range(12)) + ",1-7:b,2-8:r,3-9:b"
ALTERNATING = "|".join("xoxoxo" if r % 2 == 0 else "oxoxox" for r in range(6))

# (argv after grundy, what the one error line (exit 2) or the output (exit 0) must contain)
STOPS = [
    ("value", "eatcake", "30,30"), ("value", "eatcake", "10000,10000"), ("value", "snort", path(59)),
    ("value", "toppling-dominoes", "lre" * 300), ("value", "toppling-dominoes", "lre" * 1667),
    ("value", "toads-and-frogs", "T" * 12 + "." * 6 + "F" * 12), ("value", "clobber", ALTERNATING),
    ("value", "domineering", board(6, 6)), ("value", "domineering", board(8, 8)),
    ("value", "amazons", "L...R|.....|.....|R...L"), ("value", "col", path(3000)),
    ("value", "red-blue-hackenbush", CYCLE), ("value", "--expr", SWITCHES),
    ("thermograph", "domineering", board(7, 7)), ("thermograph", "eatcake", "30,31"),
]
ANSWERS = [
    (("value", "maundy-cake", "5040,5040"), "value: 0"),
    (("value", "domineering", "." * 2549), "value: -1274"),
    (("value", "--expr", "*4096"), "value: *4096"),
    (("value", "--expr", "*4096 + *4097 + ^"), "value: ^*"),
    (("value", "--expr", "{" + STARS + "|" + STARS + "}"), "value: *2000"),
    (("value", "--expr", "{" + STARS + "|}"), "value: 1"),
    (("thermograph", "maundy-cake", "5040,2520"), "value -1: mean -1, temperature -1"),
]
REFUSED = [
    (("value", "--expr", "*" + BIG), DIGITS), (("value", "--expr", "^" + BIG), DIGITS),
    (("value", "--expr", BIG), DIGITS), (("value", "--expr", BIG + "/2"), DIGITS),
    (("value", "cutcake", "3," + BIG), "a side above 10000"), (("thermograph", "cutcake", "3," + BIG), "a side above"),
]


def run(argv: tuple[str, ...]) -> tuple[int, str, str]:
    proc = run_capped(GRUNDY + list(argv), memory=HARD_LIMIT, cpu=120, safety=300.0)
    assert "Traceback" not in proc.stderr and not proc.killed, proc.stderr[-500:]
    return proc.status, proc.stdout, proc.stderr


def error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grundy: error: "), err[-500:]
    return lines[0]


def check(case: tuple[tuple[str, ...], str, int]) -> str | None:
    """None when ``argv`` exits ``status`` with ``said`` in its one error line (or its output)."""
    argv, said, status = case
    code, out, err = run(argv)
    shown = f"{argv[:2]} {argv[2][:40]!r}"
    if code != status:
        return f"{shown}: exit {code}, expected {status}: {err[-300:]!r}"
    if status == 2:
        lines = err.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("grundy: error: ") or said not in lines[0]:
            return f"{shown}: not one error line saying {said!r}: {err[-300:]!r}"
    elif said not in out:
        return f"{shown}: {said!r} not in {out[:300]!r}"
    return None


def test_every_listed_case_answers_or_stops_within_its_budget() -> None:
    cases = [((*argv, "--max-states", SMALL), STOPPED, 2) for argv in STOPS]
    cases += [((*argv, "--max-states", "10000"), said, 0) for argv, said in ANSWERS]  # 4,000 options read
    cases += [(argv, said, 2) for argv, said in REFUSED]
    with ThreadPoolExecutor(max_workers=2) as pool:
        failures = [f for f in pool.map(check, cases) if f]
    assert not failures, "\n".join(failures)


def test_the_check_can_fail() -> None:
    assert check((("value", "domineering", "..|.."), "value: +-1", 0)) is None
    assert "exit 0" in check((("value", "domineering", "..|.."), STOPPED, 2))
    assert "not one error line" in check((("value", "--expr", "*" + BIG), STOPPED, 2))


def test_the_limit_named_is_the_one_given() -> None:
    code, out, err = run(("value", "domineering", board(4, 4), "--max-states", "77"))
    assert (code, out) == (2, "")
    assert "more than 77 steps of work were needed" in error_line(err)
    assert "past the --max-states budget of 77; raise --max-states" in error_line(err)


def test_the_default_budget_is_the_work_budget() -> None:
    with work.metered() as meter:
        assert meter.limit == work.DEFAULT_STEPS
    with budget(max_states=1234), work.metered() as meter:
        assert meter.limit == 1234


def test_the_default_budget_stops_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work, "DEFAULT_STEPS", 2000)
    with pytest.raises(LimitError, match="more than 2,000 steps .* raise max_states"):
        value("domineering", board(6, 6))


@pytest.mark.parametrize("call", [
    lambda: value("eatcake", "30,31"),
    lambda: value("toppling-dominoes", ["lre" * 300]),
    lambda: cgt.parse(SWITCHES),
    lambda: cgt.parse("{1|-1}") + cgt.parse("{2|-2}") + cgt.parse("{3|-3}") + cgt.parse("{4|-4}") + cgt.parse(
        "{5|-5}") + cgt.parse("{6|-6}") + cgt.parse("{7|-7}") + cgt.parse("{8|-8}"),
    lambda: cgt.from_options(range(10**7), []),
    lambda: cgt.parse(SWITCHES).thermograph,
    lambda: cgt.nimber(10**9).left,
])
def test_the_python_api_stops_within_its_budget(call) -> None:
    with budget(max_states=500), pytest.raises(LimitError, match="more than 500 steps"):
        call()


@pytest.mark.parametrize("call", [
    lambda: simplest_between(1, 0), lambda: simplest_between(Fraction(1, 2), Fraction(1, 2)),
    lambda: cgt.parse("9" * 5000), lambda: cgt.parse("*" + "9" * 5000), lambda: cgt.number("9" * 5000),
    lambda: cgt.nimber(10**5000), lambda: cgt.from_options(7, []),
])
def test_the_python_api_refuses_in_one_line(call) -> None:
    with pytest.raises(GrundyError) as err:
        call()
    assert "\n" not in str(err.value)


def test_sums_and_forms_count_with_no_position_searched() -> None:
    with budget(max_states=10**6), work.metered() as meter:
        cgt.parse("{1|-1} + {2|-2} + {3|-3}")
        three = meter.used
        cgt.parse("{1|-1} + {2|-2} + {3|-3} + {5|-5} + {6|-6} + {7|-7}")
        assert 0 < three < meter.used - three  # more switches, more sums simplified
        before = meter.used
        cgt.from_options(range(1000), [])
        assert meter.used - before >= 1000  # every option read counts
    with budget(max_states=10**6), work.metered() as meter:
        cgt.parse("*4096 + *77")  # a nimber's sum is known: no work but reading it
        assert meter.used < 20


def test_progress_is_told_against_the_budget_and_ctrl_c_stops_the_work() -> None:
    heard = []

    def listen(what: str, done: int, total: int | None) -> None:
        heard.append((what, done, total))
        if what != work.WHAT or total is None or total != 10**6:
            raise KeyboardInterrupt  # Ctrl-C, at the first report that is not of steps of the budget
        if done > 10_000:
            raise KeyboardInterrupt

    with budget(max_states=10**6), progress.listening(listen), pytest.raises(KeyboardInterrupt):
        cgt.parse(SWITCHES)  # sums alone: steps done of the budget
    assert heard and heard[0][0] == work.WHAT and heard[0][2] == 10**6 and heard[0][1] > 0
    heard.clear()
    with budget(max_states=10**6), progress.listening(listen), pytest.raises(KeyboardInterrupt):
        value("domineering", board(5, 6))  # a search: the positions valued, as other searches say
    assert heard[-1][0] == "positions valued" and heard[-1][1] > 0


# -- closed forms, against the search -----------------------------------------------------------------


def searched_nimber(n: int) -> cgt.CanonicalGame:
    """*n built as {*0..*(n-1) | *0..*(n-1)} with the options spelled out as games of the search,
    each the canonical form of the last."""
    options: list = []
    for _ in range(n):
        options.append(cgt.from_options(options, options))
    return cgt.from_options(options, options)


@pytest.mark.parametrize("n", range(12))
def test_the_nimber_closed_form_is_the_searched_game(n: int) -> None:
    g = cgt.nimber(n)
    assert searched_nimber(n) is g
    assert g.left == tuple(cgt.nimber(k) for k in range(n)) == g.right
    assert g.birthday == n and g.nimber == n and g.outcome == ("P" if n == 0 else "N")
    # the shortcuts (stops, temperature, atomic weight) agree with the game's definition on its options
    spelled = cgt.from_options([cgt.nimber(k) for k in range(n)], [cgt.nimber(k) for k in range(n)])
    assert spelled is g and (g.left_stop, g.right_stop, g.mean) == (0, 0, 0)
    if n:
        assert g.temperature == 0 and g.atomic_weight == 0 and str(g) == ("*" if n == 1 else f"*{n}")


@given(st.integers(0, 40), st.integers(0, 40))
@settings(max_examples=60, deadline=None)
def test_nim_addition_is_the_sum_of_games(a: int, b: int) -> None:
    assert cgt.nimber(a) + cgt.nimber(b) is cgt.nimber(a ^ b)
    small_a, small_b = a % 6, b % 6
    assert searched_nimber(small_a) + searched_nimber(small_b) is cgt.nimber(small_a ^ small_b)


def test_huge_nimbers_are_answered_by_their_closed_form() -> None:
    n = 10**3000 + 12345
    with budget(max_states=100):
        g = cgt.nimber(n)
        assert g + cgt.nimber(12345) is cgt.nimber(10**3000)
        assert g.outcome == "N" and g.temperature == 0 and g.mean == 0 and g.atomic_weight == 0
        assert -g is g and g.fuzzy(0) and g < 1 and g > -1 and str(g) == f"*{n}"


class SearchedMaundyCake(MaundyCake):
    """Maundy Cake valued by searching its moves, the formula unused."""

    def known_value(self, position):
        return None


SEARCHED_MAUNDY = Values(SearchedMaundyCake())


@given(st.integers(1, 48), st.integers(1, 48))
@settings(max_examples=80, deadline=None)
def test_the_maundy_formula_is_the_searched_value(m: int, n: int) -> None:
    assert SEARCHED_MAUNDY.region((m, n)) == cgt.number(maundy_value(m, n)), (m, n)


def test_the_maundy_check_can_fail() -> None:
    assert SEARCHED_MAUNDY.region((2, 4)) != cgt.number(maundy_value(4, 2))


class SearchedDomineering(Domineering):
    def known_value(self, position):
        return None


def boards_with_one_player() -> list[tuple[str, ...]]:
    """Every board of up to 2 x 5 cells, and single rows and columns of up to 9."""
    found = [("." * k,) for k in range(1, 10)] + [tuple("." * k) for k in range(1, 10)]
    for rows, columns in itertools.product((1, 2), range(1, 6)):
        for cells in itertools.product(".#", repeat=rows * columns):
            found.append(tuple("".join(cells[r * columns:(r + 1) * columns]) for r in range(rows)))
    return found


def test_one_player_domineering_is_the_searched_value() -> None:
    rules, searched = Domineering(), Values(SearchedDomineering())
    known = 0
    for position in boards_with_one_player():
        value = rules.known_value(position)
        if value is not None:
            known += 1
            assert value == searched.region(position), position
    assert known > 100
    assert rules.known_value(("..", "..")) is None  # both players can move: searched
