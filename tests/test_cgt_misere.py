"""Misère canonical forms of impartial games (issue 29) against brute force on game trees.

A game tree here is a tuple of its options' trees; its misère outcome comes from plain recursion (the
player who cannot move wins), sharing nothing with grundy.cgt.misere. Published facts: ONAG ch. 12
(the number of misère games born by day 0..4 is 1, 2, 3, 5, 22); Winning Ways ch. 13 (the genus of
nim-heaps and of small Kayles rows); CGSuite's own test suite (the MisereCanonicalForm of Grundy's
game heap 22, and its MisereCanonicalGame notation from CGSuite's "Misère Theory" tutorial).
"""

from __future__ import annotations

import itertools
import json
import resource
import subprocess
import sys
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.cgt import misere
from grundy.cgt.misere import ZERO, add, distinguisher, from_options, genus, link, mate, nim_heap, total
from grundy.cgt.misere_text import parse, to_text
from tests.helpers import run_cli

# -- brute force on trees -----------------------------------------------------------------------------


def tree(*options: tuple) -> tuple:
    return tuple(sorted(options))


def heap(n: int) -> tuple:
    return tree(*(heap(k) for k in range(n)))


@cache
def tree_sum(a: tuple, b: tuple) -> tuple:
    return tree(*(tree_sum(x, b) for x in a), *(tree_sum(a, y) for y in b))


@cache
def wins(t: tuple) -> bool:
    """Whether the player to move wins t under misère play."""
    return not t or any(not wins(x) for x in t)


def mex(values) -> int:
    seen, n = set(values), 0
    while n in seen:
        n += 1
    return n


@cache
def misere_grundy(t: tuple) -> int:
    return mex(misere_grundy(x) for x in t) if t else 1


@cache
def normal_grundy(t: tuple) -> int:
    return mex(normal_grundy(x) for x in t)


def form(t: tuple):
    return from_options(form(x) for x in t)


@cache
def pair_wins(g, x) -> bool:
    """Whether the player to move wins g + x under misère play, from the forms' options alone."""
    if not g.options and not x.options:
        return True
    return any(not pair_wins(h, x) for h in g.options) or any(not pair_wins(g, y) for y in x.options)


trees = st.recursive(st.just(()), lambda kids: st.lists(kids, max_size=3).map(lambda o: tree(*o)), max_leaves=7)
FAMILY = [heap(0), heap(1), heap(2), heap(3), tree(heap(2)), tree(heap(1), heap(2)), tree(heap(3)),
          tree_sum(heap(2), heap(2)), tree(tree(heap(2))), tree(heap(0), heap(2)), tree(heap(2), heap(3))]


def day(n: int) -> list:
    games = [ZERO]
    for _ in range(n):
        games = list({from_options(c) for k in range(len(games) + 1) for c in itertools.combinations(games, k)})
    return games


# -- a wrong simplification is caught ------------------------------------------------------------------


def outcome_failures() -> list:
    """The trees born by day 3 whose form's misère outcome is not the tree's."""
    born = [()]
    for _ in range(3):
        born = [tree(*c) for k in range(len(born) + 1) for c in itertools.combinations(born, k)]
    return [t for t in born if form(t).outcome != ("N" if wins(t) else "P")]


def test_a_wrong_simplification_is_caught(monkeypatch):
    """Dropping the proviso (G = 0 only if G is an N-position) makes {*2} = 0: the outcome check sees it."""
    assert outcome_failures() == []
    original = misere._simplified

    def no_proviso(options):
        return original(options) or next((h for o in options for h in o.options if not h.options
                                          and all(ZERO in x.options for x in options)), None)

    monkeypatch.setattr(misere, "_simplified", no_proviso)
    assert tree(heap(2)) in outcome_failures()


# -- against brute force -------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(trees)
def test_form_keeps_outcome_and_grundy_values(t):
    g = form(t)
    assert g.outcome == ("N" if wins(t) else "P")
    assert (g.misere_grundy, g.normal_grundy) == (misere_grundy(t), normal_grundy(t))
    two = heap(2)
    with_twos = t
    for k in range(3):  # the genus: γk is the misère Grundy value of t + *2 + ... + *2 (k heaps)
        assert genus(g).gamma(k) == misere_grundy(with_twos)
        with_twos = tree_sum(with_twos, two)
    assert genus(g).grundy == normal_grundy(t)
    assert parse(to_text(g)) is g
    assert mate(g) is form(mate_tree(t))  # the mate is one game for every tree of the form (ONAG ch. 12)


def mate_tree(t: tuple) -> tuple:
    return tree(*(mate_tree(x) for x in t)) if t else heap(1)


@settings(max_examples=80, deadline=None)
@given(trees, trees, st.lists(trees, min_size=1, max_size=4))
def test_same_form_same_misere_outcomes(a, b, others):
    """G + *1 + *1 and G have one form; two trees of one form agree in every sum tried (a fixed family and
    random small games); the form of a sum is the sum of the forms."""
    one = heap(1)
    disguised = tree_sum(tree_sum(a, one), one)
    assert form(disguised) is form(a)
    for x in FAMILY + others:
        assert wins(tree_sum(disguised, x)) == wins(tree_sum(a, x))
    if form(a) is form(b):
        for x in FAMILY + others:
            assert wins(tree_sum(a, x)) == wins(tree_sum(b, x))
    assert form(tree_sum(a, b)) is add(form(a), form(b))


def test_different_forms_are_told_apart():
    """Different forms are different games: for every two of the 22 games born by day 4 (ONAG ch. 12) the
    distinguisher T makes g + T a P-position and h + T an N-position, checked by brute force on the sums;
    the link of g and h (both sums P) exists unless one is an option of the other."""
    games = day(4)
    assert len(games) == 22 and [len(day(n)) for n in range(4)] == [1, 2, 3, 5]
    for g, h in itertools.permutations(games, 2):
        t = distinguisher(g, h)
        assert not pair_wins(g, t) and pair_wins(h, t), (g, h, t)
        linked = link(g, h)
        assert (linked is None) == (g in h.options or h in g.options)
        assert linked is None or not (pair_wins(g, linked) or pair_wins(h, linked))
    assert distinguisher(games[0], games[0]) is None


@settings(max_examples=60, deadline=None)
@given(trees, trees)
def test_distinguisher_on_random_trees(a, b):
    g, h = form(a), form(b)
    t = distinguisher(g, h)
    assert (t is None) == (g is h)
    if t is not None:
        assert not pair_wins(g, t) and pair_wins(h, t)
        x = tree_of(t)
        assert not wins(tree_sum(a, x)) and wins(tree_sum(b, x))


def tree_of(g) -> tuple:
    return tree(*(tree_of(x) for x in g.options))


# -- published facts -------------------------------------------------------------------------------------


def test_nim_heaps():
    """*n is canonical; *1 + *1 = 0; genera 0^120, 1^031 and n^(n, n xor 2) (Winning Ways ch. 13)."""
    assert [nim_heap(n).birthday for n in range(6)] == list(range(6))
    assert all(nim_heap(n).is_nim_heap and nim_heap(n).options == tuple(nim_heap(k) for k in range(n))
               for n in range(8))
    assert add(nim_heap(1), nim_heap(1)) is ZERO and add(nim_heap(2), nim_heap(2)) is not ZERO
    assert [genus(nim_heap(n)).full for n in range(8)] == ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57",
                                                            "6^64", "7^75"]
    assert [str(genus(nim_heap(n))) for n in range(8)] == [str(n) for n in range(8)]  # CGSuite: a nim-heap's g
    assert [to_text(nim_heap(n)) for n in (0, 1, 9, 10)] == ["*[0]", "*[1]", "*[9]", "*[&10;]"]
    assert mate(ZERO) is nim_heap(1) and mate(nim_heap(1)) is ZERO and mate(nim_heap(3)) is nim_heap(3)


def test_published_forms_and_genera():
    """CGSuite's test suite: game.heap.GrundysGame(22).MisereCanonicalForm; its tutorial's notation;
    Winning Ways ch. 13: the genus of Kayles rows 0-11 and of *2 + *2 (0^02)."""
    forms = heap_forms("grundy-game", 23)
    assert to_text(forms[22]) == "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
    kayles = heap_forms("kayles", 12)
    assert [genus(g).full for g in kayles] == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31", "2^20",
                                               "1^13", "4^046", "2^20", "6^46"]
    assert [str(genus(g)) for g in kayles] == ["0", "1", "2", "3", "1", "4^146", "3", "2^2", "1^1", "4^046", "2^2",
                                               "6^46"]  # CGSuite's short forms (tests/test_genus_notation.py)
    assert genus(nim_heap(2) + nim_heap(2)).full == "0^02" and str(genus(nim_heap(2) + nim_heap(2))) == "0^0"
    two = nim_heap(2)
    assert parse("*[2[#]]") is from_options([two]) and parse("*[42]") is from_options([4, 2]) is parse("*[4,2]")
    assert parse("*[[2],2,1,0]") is from_options([from_options([two]), 2, 1, 0])
    assert parse("*[[*[4] + *[2]]]") is from_options([nim_heap(4) + two]) is parse("*[4[2#]]")
    for g in forms + kayles + day(4):
        assert parse(to_text(g)) is g


def heap_forms(spec: str, n: int) -> list:
    rules, known = grundy.ruleset(spec), {}
    for size in range(n):
        known[size] = from_options(total(known[c] for c in option) for option in rules.options(size))
    return [known[size] for size in range(n)]


# -- the command line --------------------------------------------------------------------------------------


def test_cli_misere_value():
    code, out, _ = run_cli("value", "--misere", "nim", "1", "1", "--json")
    data = json.loads(out)
    assert code == 0 and (data["value"], data["outcome"], data["genus"]) == ("*[0]", "N", "0")
    code, out, _ = run_cli("value", "--misere", "nim", "1", "1", "1")
    assert code == 0 and "*[1]" in out and "P: the player to move loses" in out
    code, out, _ = run_cli("value", "--misere", "kayles", "5", "--json")
    assert json.loads(out)["genus"] == "4^146" and json.loads(out)["misere_grundy"] == 1
    code, out, err = run_cli("value", "--misere", "domineering", "..|..")
    assert code == 2 and out == "" and err.count("\n") == 1 and "impartial rulesets" in err


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3,) * 2)


def test_cli_misere_budget():
    """A row of Kayles past the work budget stops with the one max-states line (its text alone would be
    hundreds of megabytes)."""
    done = subprocess.run([sys.executable, "-m", "grundy", "value", "--misere", "kayles", "40", "--max-states",
                           "200000"], capture_output=True, text=True, timeout=120, preexec_fn=_capped)
    assert done.returncode == 2 and done.stderr.startswith("grundy: error: more than 200,000 steps")
    assert "--max-states" in done.stderr and done.stderr.count("\n") == 1
