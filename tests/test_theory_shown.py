"""Where the theory gives a value, every door shows it, and the reasons given are the true ones.

Issue 27: a lone Wythoff pair and Fibonacci Nim's N-positions showed no Grundy value; nim's period
was "observed, not proved" while its pattern was proved (Bouton); a search with no period said
``preperiod 0``; values read off a proved period were said to come from "the mex table"; and play
hints gave a nim-sum as the reason where a P-position rule decides.
"""

import json
from functools import cache

import pytest

import grundy
from grundy.core import limits, memory
from grundy.core.play import PlaySession
from grundy.core.ruleset import Shape
from grundy.patterns.pattern import find_pattern
from grundy.patterns.period import find_period
from grundy.rulesets import dynamic, wythoff
from tests.helpers import check_position, mex, run_cli, words


# -- a lone Wythoff pair and Fibonacci Nim's N-positions get their Grundy value --------------------
def test_the_wythoff_table_is_the_definition():
    rules = grundy.ruleset("wythoff")
    table = wythoff.value_table(24, 30)
    assert all(table[a, b] == rules.brute_grundy((a, b)) for a in range(24) for b in range(30))


@pytest.mark.parametrize("pair", [(5, 9), (9, 5), (3, 5), (0, 7), (12, 20), (17, 17)])
def test_a_lone_wythoff_pair_shows_the_value_a_sum_shows(pair):
    rules = grundy.ruleset("wythoff")
    alone = grundy.solve("wythoff", [pair])
    in_a_sum = grundy.solve("wythoff", [pair, (3, 3)])
    assert alone.grundy == rules.brute_grundy(pair) == in_a_sum.component_values[0]
    assert alone.component_values == [alone.grundy]
    assert alone.outcome == ("P" if wythoff.is_p_position(*pair) else "N")  # the Beatty rule decides
    assert "Beatty pair" in alone.explanation
    check_position("wythoff", [pair])


def test_the_doors_agree_on_wythoff_5_9():
    code, out, err = run_cli("solve", "wythoff", "5,9", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["grundy"] == 7 == grundy.ruleset("wythoff").brute_grundy((5, 9))
    assert json.loads(out)["component_values"] == [7]
    code, out, _ = run_cli("solve", "wythoff", "5,9")
    assert code == 0 and "Grundy value: 7" in out
    code, out, _ = run_cli("solve", "wythoff", "5,9", "3,3", "--json")
    assert json.loads(out)["component_values"] == [7, 6]


def test_a_lone_pair_past_what_its_value_may_cost_is_still_solved_by_the_rule():
    solution = grundy.solve("wythoff", [(1000, 1618)])  # 1.6 million values: past the lone cap
    assert solution.outcome == "N" and solution.grundy is None
    assert "not shown" in solution.explanation and "max_states" in solution.explanation
    far = grundy.solve("wythoff", [(10**30, 3 * 10**30)])
    assert far.grundy is None and "up to 4000" in far.explanation
    with limits.budget(max_states=2 * 10**6):  # a budget chosen: the value is worked out within it
        assert grundy.solve("wythoff", [(300, 1618)]).grundy == grundy.solve("wythoff", [(300, 1618), (0, 0)]).grundy


@cache
def _fibonacci(n: int, limit: int) -> int:
    """G of Fibonacci Nim's state (n, limit) from the definition: take q <= limit, then at most 2q."""
    return mex({_fibonacci(n - q, min(2 * q, n - q)) for q in range(1, min(n, limit) + 1)})


def test_fibonacci_nim_shows_its_value_for_n_positions_too():
    rules = grundy.ruleset("fibonacci-nim")
    shown = 0
    for n in range(1, 40):
        for limit in sorted({1, 2, 5, n - 1, n} & set(range(n + 1))):
            solution = grundy.solve(rules, [(n, limit)])
            assert solution.grundy == _fibonacci(n, limit) == rules.brute_grundy((n, limit)), (n, limit)
            assert (solution.grundy == 0) == (solution.outcome == "P")
            shown += solution.outcome == "N"
    assert shown > 50
    assert grundy.solve("fibonacci-nim", [12]).grundy == _fibonacci(12, 11) == 6  # a heap alone is (n, n - 1)
    code, out, _ = run_cli("solve", "fibonacci-nim", "12", "--json")
    assert code == 0 and json.loads(out)["grundy"] == 6
    past = grundy.solve("fibonacci-nim", [dynamic.ENGINE_LIMIT + 100])
    assert past.outcome == "N" and past.grundy is None and "not shown" in past.explanation


# -- a period a theorem gives is proved, at every door, as the pattern says -------------------------
def test_nim_period_is_proved_by_bouton_at_every_door():
    found = grundy.period("nim")
    assert (found.preperiod, found.period, found.saltus, found.proved) == (0, 1, 1, True)
    assert "Bouton" in found.reason and grundy.pattern("nim").proved
    code, out, _ = run_cli("period", "nim", "--json")
    assert code == 0 and json.loads(out)["proved"] is True
    code, out, _ = run_cli("period", "nim")
    assert "not proved" not in words(out) and "Bouton" in words(out)
    code, out, _ = run_cli("table", "nim", "--n", "20")
    assert code == 0 and "not proved" not in words(out)


def _heap_specs() -> list[str]:
    specs = []
    for entry in grundy.catalogue():
        if entry.kind != "impartial":
            continue
        spec = entry.examples[0].split()[0]
        rules = grundy.ruleset(spec)
        if rules.shape is Shape.HEAP and rules.first == 0:
            specs.append(spec)
    return specs + ["subtraction:pow2", "subtraction:allbut:1,2", "bash:2-5"]


def test_period_and_pattern_agree_on_proof_across_the_catalogue():
    specs = _heap_specs()
    assert {"nim", "kayles", "subtraction:1,3,4", "lasker"} <= set(specs)
    disagree = []
    with limits.budget(max_states=200_000):
        for spec in specs:
            rules = grundy.ruleset(spec)
            period, pattern = find_period(rules), find_pattern(rules, seconds=1.0)
            if period.period is not None and pattern.found and period.proved != pattern.proved:
                disagree.append((spec, period.proved, pattern.proved))
    assert disagree == []
    assert not memory.guarding(), "the pattern's self-check stopped the memory guard between entering and leaving"


def test_a_pattern_too_short_for_the_theorem_asks_the_period_search():
    pattern = find_pattern(grundy.ruleset("tiles:2,3"))  # the proof needs 311 values, past a stable 256
    assert pattern.proved and pattern.kind == "periodic" and pattern.value(10**20) == grundy.period("tiles:2,3").value(
        10**20)


# -- no period found: no preperiod either --------------------------------------------------------
def test_no_period_has_no_preperiod_at_any_door():
    found = grundy.period("octal:.16", max_n=4096)  # periodic only from 105351 on
    assert (found.preperiod, found.period, found.saltus, found.proved) == (None, None, None, False)
    code, out, _ = run_cli("period", "octal:.16", "--max", "4096", "--json")
    data = json.loads(out)
    assert code == 0 and (data["preperiod"], data["period"]) == (None, None)
    code, out, _ = run_cli("period", "octal:.16", "--max", "4096")
    assert code == 0 and "preperiod" not in out and "no period found" in words(out)
    code, out, _ = run_cli("table", "octal:.16", "--n", "20", "--json")
    assert json.loads(out)["pattern"]["preperiod"] is None


# -- a value read off a proved period says so -------------------------------------------------------
def test_a_value_from_the_period_names_the_period_and_its_proof():
    solution = grundy.solve("subtraction:1,3,7", [10**18])
    assert solution.grundy == 10**18 % 2 == 0  # every amount is odd: G(n) = n mod 2
    assert "proved period G(n + 2) = G(n)" in solution.explanation
    assert "finite subtraction set" in solution.explanation
    kayles = grundy.solve("kayles", [10**31], max_listed=3)
    assert kayles.grundy == grundy.period("kayles").value(10**31)
    assert "proved period G(n + 12) = G(n) for n ≥ 71" in kayles.explanation and "Guy–Smith" in kayles.explanation
    assert "by the mex table" in grundy.solve("subtraction:1,3,7", [100]).explanation  # a table's value: as before


def test_the_command_line_reads_a_power_as_a_component():
    code, out, err = run_cli("solve", "subtraction:1,3,7", "10**18", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["components"] == [10**18] and "proved period" in data["explanation"]
    code, out, _ = run_cli("solve", "wythoff", "2^3,1e1", "--json")
    assert json.loads(out)["components"] == [[8, 10]]
    code, _, err = run_cli("solve", "nim", "10**5000")
    assert code == 2 and "at most 4000 digits" in err


# -- a hint's reason is the rule that decides ----------------------------------------------------
@pytest.mark.parametrize(("spec", "start", "word"), [("wythoff", [(5, 9)], "Beatty pair"),
                                                      ("wythoff", [(1000, 1618)], "Beatty pair"),
                                                      ("fibonacci-nim", [12], "Zeckendorf")])
def test_hints_name_the_p_position_rule(spec, start, word):
    rules = grundy.ruleset(spec)
    hints = PlaySession.for_ruleset(rules, start, seed=0).hints()
    assert hints and all(word in h.why and "nim-sum" not in h.why for h in hints)
    for hint in hints[:40]:
        left = list(hint.move.after)
        outcome = grundy.solve(spec, left).outcome
        assert hint.why.startswith(f"{outcome}-position after it") and (hint.value == "win") == (outcome == "P")
        if spec == "fibonacci-nim":
            assert (outcome == "P") == (_fibonacci(*left[0]) == 0)


def test_hints_of_a_sum_keep_the_nim_sum():
    hints = PlaySession.for_ruleset(grundy.ruleset("wythoff"), [(5, 9), (3, 3)], seed=0).hints()
    assert all(h.why.startswith("nim-sum after it") for h in hints)
    code, out, _ = run_cli("play", "wythoff", "5,9", "--first", "human", "--json", stdin="hint\nquit\n")
    hints = json.loads(out.splitlines()[1])["hints"]
    assert code == 0 and all("Beatty pair" in h["why"] for h in hints)
