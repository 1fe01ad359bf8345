"""A rule or a period is proved only where a theorem the ruleset states covers it (issue 28).

- A user game declared a finite subtraction game (``grundy.impartial(subtraction=S)``, or the same
  decorated function loaded by ``--rules``) is proved by the periodicity theorem for finite
  subtraction sets, in ``grundy.period`` and ``grundy.pattern`` alike, and is valued far out by
  that period.
- A declaration that the rules do not keep (at a small heap, at a far one, by a move to a larger
  heap, by an amount never taken) is refused with one error naming the heap and the difference.
- A user game with no declaration is never proved, whatever its moves look like (a subtraction
  set, an octal game, a Wythoff-like game of pairs): only a conjecture from data.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import grundy
from grundy.core.errors import GrundyError
from grundy.patterns.pattern import find_pattern
from grundy.patterns.period import find_period
from grundy.rulesets.custom import load_rules
from grundy.rulesets.declared import DeclaredSubtraction, declared_heaps
from tests.helpers import one_error_line, run_cli, words

THEOREM = "periodicity theorem for a finite subtraction set"


def subtraction_rules(amounts: tuple[int, ...]):
    """The moves of the subtraction game of ``amounts``, as a user writes them."""
    def moves(n: int) -> list[int]:
        return [n - s for s in amounts if s <= n]
    return moves


def declared(amounts: tuple[int, ...], rules=None, name: str = "declared") -> DeclaredSubtraction:
    return grundy.impartial(rules or subtraction_rules(amounts), subtraction=set(amounts), name=name)


# -- the declaration proves --------------------------------------------------------------------------
def test_a_declared_subtraction_set_is_proved_by_period_and_pattern() -> None:
    game = declared((1, 3, 4))
    found = grundy.period(game)
    assert (found.preperiod, found.period, found.proved) == (0, 7, True)
    assert found.reason.startswith(THEOREM) and "subtraction={1, 3, 4}" in found.reason
    far = len(declared_heaps(4)[1])
    assert f"{far} far heaps" in found.reason  # the check is stated with its figure
    p = grundy.pattern(declared((1, 3, 4)))
    assert p.found and p.proved and p.reason.startswith(f"proved: {THEOREM}")
    truth = grundy.ruleset("subtraction:1,3,4")
    for n in (10**30, 10**30 + 1, 2**100 + 5, 3**60 - 1):
        assert p.value(n) == truth.grundy(n) == [0, 1, 0, 1, 2, 3, 2][n % 7]
    assert game.grundy(10**18 + 3) == truth.grundy(10**18 + 3)  # valued by the proved period, checked there too
    assert "by the period it proves" in game.value_rule
    assert grundy.solve(game, [10**18, 1]).outcome == "P"  # 10^18 ≡ 1 (mod 7): G = 1, 1 ^ 1 = 0


def test_declared_periods_agree_with_the_built_in_subtraction_games() -> None:
    """Random small sets: the declared game's proved period is the built-in game's (also proved)."""
    pick = random.Random(28)
    for _ in range(6):
        amounts = tuple(sorted(pick.sample(range(1, 13), pick.randint(1, 4))))
        mine = find_period(declared(amounts))
        theirs = grundy.period("subtraction:" + ",".join(map(str, amounts)))
        assert mine.proved and theirs.proved, amounts
        assert (mine.preperiod, mine.period) == (theirs.preperiod, theirs.period), amounts


def test_a_large_declared_set_never_gives_a_false_proof() -> None:
    """Bash with takes of 1..1000, declared: the period 1001 is proved once the table reaches the
    theorem's window; nothing proved states G(1001) = 1001 (the truth is 0)."""
    game = declared(tuple(range(1, 1001)), lambda n: range(n - 1, max(n - 1001, -1), -1), "bash_1000")
    found = grundy.period(game, max_n=4096)
    assert (found.preperiod, found.period, found.proved) == (0, 1001, True)
    assert game.grundy(10**18) == 10**18 % 1001
    p = find_pattern(game, seconds=2)
    assert not p.proved or p.value(1001) == 0


def test_rules_loaded_from_a_file_keep_their_declaration(tmp_path: Path) -> None:
    (tmp_path / "games.py").write_text(
        "import grundy\n\n"
        "@grundy.impartial(subtraction={2, 5, 6})\n"
        "def take256(n):\n"
        "    return [n - s for s in (2, 5, 6) if s <= n]\n\n"
        "def plain(n):\n"
        "    return [n - s for s in (2, 5, 6) if s <= n]\n")
    loaded = load_rules(f"{tmp_path / 'games.py'}:take256")
    assert isinstance(loaded, DeclaredSubtraction) and loaded.subtractions == (2, 5, 6)
    status, out, err = run_cli("period", "--rules", f"{tmp_path / 'games.py'}:take256")
    assert status == 0 and "period 11" in words(out) and f"proved: {THEOREM}" in words(out), err
    status, out, _ = run_cli("pattern", "--rules", f"{tmp_path / 'games.py'}:plain")
    assert status == 0 and "conjecture" in out and "proved" not in out
    status, _, err = run_cli("pattern", "--rules", f"{tmp_path / 'games.py'}:take256", "--arity", "2")
    assert status == 2 and "arity" in one_error_line(err)


# -- a declaration the rules do not keep is refused ---------------------------------------------------
def test_a_lie_at_a_small_heap_is_refused_naming_the_heap() -> None:
    game = declared((1, 3, 4), subtraction_rules((1, 3)), "takes_1_3")  # declared 4, never takes it
    with pytest.raises(GrundyError, match=r"takes_1_3 is declared subtraction=\{1, 3, 4\}, but its rules differ "
                                          r"at heap 4: its moves never take 4 \(in S\)"):
        grundy.period(game)
    with pytest.raises(GrundyError, match="at heap 4"):
        game.values(10)  # every heap valued is checked, not only in a period search


def test_a_lie_far_past_any_table_is_refused_before_a_proof() -> None:
    def far_liar(n: int) -> list[int]:
        return [n - s for s in ((1, 3, 4) if n < 10**15 else (1, 3, 5)) if s <= n]

    for ask in (grundy.period, grundy.pattern):
        with pytest.raises(GrundyError, match=r"differ at heap [\d,]{19,}: its moves take 5 \(not in S\) and never "
                                              r"take 4 \(in S\)"):
            ask(declared((1, 3, 4), far_liar, "far_liar"))


@pytest.mark.parametrize("where", [10**18 + 3, 2**64 - 1, 3**38 + 1, 2**62 + 2])
def test_each_structured_far_heap_is_checked(where: int) -> None:
    def liar(n: int) -> list[int]:
        return [n - 1, n - 2] if n == where else [n - s for s in (1, 2, 7) if s <= n]

    with pytest.raises(GrundyError, match=rf"at heap {where:,}: its moves never take 7 \(in S\)"):
        find_pattern(declared((1, 2, 7), liar))


def test_a_move_to_a_larger_heap_is_refused() -> None:
    def grows(n: int) -> list[int]:
        return [n - 1] if n else [5]

    with pytest.raises(GrundyError, match=r"at heap 0: its moves go to 5 \(not a smaller heap\)"):
        declared((1,), grows).values(3)


def test_the_cli_refuses_a_lying_declaration_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "liar.py").write_text(
        "import grundy\n\n"
        "@grundy.impartial(subtraction={1, 3, 4})\n"
        "def liar(n):\n"
        "    return [n - s for s in ((1, 3, 4) if n < 10**12 else (1, 3, 5)) if s <= n]\n")
    for command in ("period", "pattern"):
        status, _, err = run_cli(command, "--rules", f"{tmp_path / 'liar.py'}:liar")
        message = one_error_line(err)
        assert status == 2 and "liar is declared subtraction={1, 3, 4}, but its rules differ at heap" in message
        assert len(message) < 400


@pytest.mark.parametrize("bad, said", [
    ("1,3,4", "not '1,3,4'"), (set(), "it is empty"), ({0, 2}, "0 is not one"), ([1.5], "1.5 is not one"),
    (7, "not 7"), ({True}, "True is not one"),
])
def test_a_declaration_must_be_a_finite_set_of_positive_integers(bad: object, said: str) -> None:
    with pytest.raises(GrundyError, match=f"subtraction= needs a finite set of positive integers.*{said}"):
        grundy.impartial(subtraction=bad)(subtraction_rules((1,)))


@pytest.mark.parametrize("options", [{"arity": 2}, {"splits": True}])
def test_a_declaration_is_for_one_heap(options: dict) -> None:
    with pytest.raises(GrundyError, match="takes neither pairs"):
        grundy.impartial(subtraction={1, 2}, **options)(subtraction_rules((1, 2)))


# -- no declaration, no proof ------------------------------------------------------------------------
def kayles(n: int) -> list[tuple[int, ...]]:
    """Knock down one pin or two adjacent pins of a row of n (octal .77), as a user writes it."""
    return [(a, n - k - a) for k in (1, 2) for a in range(0, (n - k) // 2 + 1) if n >= k]


def wythoff(p: tuple[int, int]) -> list[tuple[int, int]]:
    a, b = p
    return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
            + [(a - k, b - k) for k in range(1, min(a, b) + 1)])


def two_rows(p: tuple[int, int]) -> list[tuple[int, int]]:
    a, b = p
    return [(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - 1)] * (b > 0)


UNDECLARED = {
    "take_134": (subtraction_rules((1, 3, 4)), {}),
    "take_256": (subtraction_rules((2, 5, 6)), {}),
    "bash_3": (subtraction_rules((1, 2, 3)), {}),
    "take_any": (lambda n: range(n), {}),
    "all_but_1_2": (lambda n: [n - k for k in range(3, n + 1)], {}),
    "kayles": (kayles, {"splits": True}),
    "wythoff": (wythoff, {"arity": 2}),
    "two_rows": (two_rows, {"arity": 2}),
}


@pytest.mark.parametrize("name", list(UNDECLARED))
def test_a_game_without_a_declaration_is_never_proved(name: str) -> None:
    rules, options = UNDECLARED[name]
    game = grundy.impartial(rules, name=name, **options)
    assert game.period_proof() is None and game.known_period() is None and game.closed_form is None
    answers = [find_pattern(game, seconds=1.0), find_pattern(game, max_n=24 if options.get("arity") else 300)]
    if not options.get("arity"):
        answers += [find_period(game), find_period(game, max_n=600)]
    for found in answers:
        assert not found.proved, (name, found.reason)
        assert not found.reason.startswith("proved") and "theorem for" not in found.reason, found.reason
    if name in ("take_134", "kayles"):  # a period is seen, and said to be observed only
        assert answers[-1].period in (7, 12) and "no periodicity theorem applies" in answers[-1].reason


def test_proved_answers_rest_on_a_stated_theorem() -> None:
    """The audit, as a check: an answer is proved exactly where the ruleset states a theorem
    (``period_proof``, ``known_period`` or ``closed_form``), and its reason quotes that theorem."""
    games = [grundy.ruleset(s) for s in ("subtraction:1,3,4", "kayles", "bash:3", "nim", "wythoff")]
    games += [declared((2, 3)), grundy.impartial(subtraction_rules((2, 3)), name="plain_23")]
    for game in games:
        heaps = game.shape.numbers == 1
        answers = [find_pattern(game, max_n=None if heaps else 16)] + ([find_period(game)] if heaps else [])
        known, proof = game.known_period(), game.period_proof() if heaps else None
        theorem = known[3] if known else proof[1] if proof else game.value_rule if game.closed_form else None
        for found in answers:
            assert found.proved == (theorem is not None), (game.spec, found.reason)
            assert theorem is None or theorem in found.reason, (game.spec, found.reason)


def test_a_declaration_broken_where_only_the_self_check_looks_is_an_error():
    # the rules keep the declaration everywhere the declaration's own checks look, but not at 10**17 + 3
    # (a point of the self-check's): the self-check reports the error instead of skipping the point
    from grundy.core.errors import DeclarationError
    from grundy.patterns.rule import Rule
    from grundy.patterns.selfcheck import self_check

    @grundy.impartial(subtraction={1, 2})
    def liar(n):
        return [n - s for s in (1, 2, 3) if s <= n] if n == 10**17 + 3 else [n - s for s in (1, 2) if s <= n]

    claim = Rule("periodic", "G(n) = n mod 3", 1, lambda n: n % 3, lambda n: n % 3 == 0, special=(10**17 + 3,))
    with pytest.raises(DeclarationError, match="differ at heap 100,000,000,000,000,003"):
        self_check(liar, claim, 64, 1)
