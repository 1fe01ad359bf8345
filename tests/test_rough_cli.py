"""Small rough edges of the command line (issue 32), each with the exact lines the user sees.

1. ``grundy pattern --at`` reads a number as a component's numbers are read (``1e18``, ``10^18``,
   ``10**18``), as ``grundy solve`` does.
2. The take-and-break theorems write their window as arithmetic is written: ``2p - 1``, not
   ``2p + -1``; no ``+ 0``.
3. ``grundy pattern`` states a proved period's numbers in the sentence ``grundy period`` says.
4. ``grundy list`` opens on the classic games (the web catalogue's order), then family by family.
5. ``grundy problem --list`` groups the problems by topic; ``--topic`` keeps one; --json names it.

Expected values worked out by hand: subtraction {1, 3, 7} has G(n) = n mod 2 (every move is odd);
Wythoff's P-positions are (⌊kφ⌋, ⌊kφ⌋ + k), k = 382 giving (618, 1000); take-and-break hex:0.F (take
one token, leave 0 to 3 heaps) has G(n) = n mod 2, period 2 from 0, its window 3·1 + 2·2 - 1 = 6.
"""

from __future__ import annotations

import json

import pytest

import grundy
from tests.helpers import one_error_line, run_cli

HEX_THEOREM = ("periodicity theorem for games leaving up to three heaps (finite hexadecimal code, last digit at {k}): "
               "G(n+p) = G(n) for n0 <= n < {window} implies it for all n >= n0")
OCTAL_REASON = ("Guy–Smith periodicity theorem (finite octal game, last digit at 2): G(n+p) = G(n) for n0 <= n < "
                "2·n0 + p + 2 implies it for all n >= n0; checked: G(n+34) = G(n) for every 53 <= n < 142 "
                "(= 2·n0 + p + 2, with n0 = 53, p = 34)")


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines as a pipe sees them, whatever width the test runner's worker set."""
    monkeypatch.delenv("COLUMNS", raising=False)


def answer(*argv: str) -> str:
    """The stdout of a command that must succeed, with nothing on stderr."""
    code, out, err = run_cli(*argv)
    assert (code, err) == (0, ""), (argv, code, err[-2000:])
    return out


def refused(*argv: str) -> str:
    """The one error line of a command that must be refused (exit 2, nothing on stdout)."""
    code, out, err = run_cli(*argv)
    assert (code, out) == (2, ""), (argv, code, out[-2000:])
    return one_error_line(err)


# -- 1. --at reads what a component reads ------------------------------------------------------------------
def test_pattern_at_reads_powers_as_solve_does() -> None:
    # before: '1e18' is not a heap size (e.g. --at 1000000 or --at 10**30); '10^18' the same
    lines = answer("pattern", "subtraction:1,3,7", "--at", "1e18", "--at", "10^18", "--at", "2**61",
                   "--at", "1.5e3", "--at", "7").splitlines()
    assert lines[-5:] == [
        "  1e18: G = 0, P (the player to move loses)",
        "  10^18: G = 0, P (the player to move loses)",
        "  2**61: G = 0, P (the player to move loses)",
        "  1.5e3: G = 0, P (the player to move loses)",
        "  7: G = 1, N (the player to move wins)",
    ]
    assert answer("solve", "subtraction:1,3,7", "1e18").splitlines()[1] == "Grundy value: 0   component values: [0]"


def test_pattern_at_reads_a_pair_of_powers() -> None:
    found = json.loads(answer("pattern", "wythoff", "--at", "1e3,10^3", "--at", "618,10**3", "--json"))
    assert found["predictions"] == [{"component": "1e3,10^3", "value": None, "p": False},
                                    {"component": "618,10**3", "value": None, "p": True}]


@pytest.mark.parametrize(("argv", "said"), [
    (("nim", "--at", "1e-3"), "--at '1e-3': expected a heap size (e.g. --at 1000000, 10**30 or 1e18)"),
    (("nim", "--at", "-1e3"), "--at '-1e3': expected a heap size (e.g. --at 1000000, 10**30 or 1e18), "
                              "not a negative number"),
    (("nim", "--at", "3,4"), "--at '3,4': expected a heap size (e.g. --at 1000000, 10**30 or 1e18)"),
    (("wythoff", "--at", "1e3"), "--at '1e3': expected a pair a,b (e.g. --at 3,5)"),
    (("nim", "--at", "10^5000"), "--at '10^5000': too large (a number has at most 4000 digits)"),
])
def test_pattern_at_refuses_what_is_no_component(argv: tuple[str, ...], said: str) -> None:
    assert refused("pattern", *argv) == said


# -- 2. the theorems' windows written as arithmetic ----------------------------------------------------------
@pytest.mark.parametrize(("spec", "k", "window"), [
    ("hex:0.F", 1, "3·max(n0, 1) + 2p - 1"),  # before: 3·max(n0, 1) + 2p + -1
    ("hex:0.0F", 2, "3·max(n0, 1) + 2p"),  # before: 3·max(n0, 1) + 2p + 0
    ("hex:0.00F", 3, "3·max(n0, 1) + 2p + 1"),
])
def test_hexadecimal_theorem_writes_its_window_as_arithmetic(spec: str, k: int, window: str) -> None:
    assert grundy.ruleset(spec).period_proof()[1] == HEX_THEOREM.format(k=k, window=window)


def test_octal_theorem_window_for_each_last_digit() -> None:
    assert "n0 <= n < 2·n0 + p + 1 implies" in grundy.ruleset("octal:0.7").period_proof()[1]
    assert "n0 <= n < 2·n0 + p + 2 implies" in grundy.ruleset("octal:0.07").period_proof()[1]


def test_period_of_a_hexadecimal_game_says_its_numbers_plainly() -> None:
    assert answer("period", "hex:0.F").splitlines()[0] == (
        "hex:0.F: preperiod 0, period 2 (proved: " + HEX_THEOREM.format(k=1, window="3·max(n0, 1) + 2p - 1")
        + "; checked: G(n+2) = G(n) for every 0 <= n < 6 (= 3·max(n0, 1) + 2p - 1, with n0 = 0, p = 2))")


# -- 3. pattern says a proved period's numbers as period does ------------------------------------------------
def test_pattern_and_period_give_one_sentence_for_a_proved_period() -> None:
    period = json.loads(answer("period", "octal:0.07", "--json"))
    found = json.loads(answer("pattern", "octal:0.07", "--json"))
    assert period["reason"] == OCTAL_REASON
    # before: "proved: Guy–Smith ... implies it for all n >= n0; checked for all n < 512; self-checked ..."
    assert found["reason"] == (f"proved: {OCTAL_REASON}; the table agrees for all n < 512; self-checked at 84 "
                               "points up to 1,350,851,717,672,992,090 (54 sampled, 0 skipped)")


def test_pattern_proved_past_its_table_says_the_period_searchs_sentence() -> None:
    # octal .074 (period 24 from 142): the table stops at 256 values, short of the theorem's 335, and the period
    # search finishes the proof; the pattern then says what 'grundy period' says
    period = json.loads(answer("period", "octal:0.074", "--json"))["reason"]
    assert period.endswith("; checked: G(n+24) = G(n) for every 142 <= n < 311 (= 2·n0 + p + 3, with n0 = 142, p = 24)")
    found = json.loads(answer("pattern", "octal:0.074", "--json"))
    assert found["reason"].startswith(f"proved: {period}; the table agrees for all n < 335; self-checked at ")


def test_pattern_text_of_a_small_proved_period() -> None:
    assert answer("pattern", "subtraction:1,3,7").splitlines()[1] == (
        "proved (periodic): finite subtraction set: G(n) depends only on the 7 values before it, so G(n+p) = G(n) "
        "for n0 <= n < n0 + 7 implies it for all n >= n0; checked: G(n+2) = G(n) for every 0 <= n < 8 "
        "(= max(n0, 1) + 7, with n0 = 0, p = 2); the table agrees for all n < 64; self-checked at 81 points up to "
        "4,611,686,018,427,387,902 (0 sampled, 0 skipped)")


# -- 4. grundy list opens on the classics ------------------------------------------------------------------
def test_list_opens_on_the_classic_games() -> None:
    from grundy.service.catalogue import CLASSICS

    lines = answer("list").splitlines()
    headings = [line for line in lines if line and not line.startswith(" ")]
    # before: coin-turning games came first (turning-turtles), Nim under 'heap games' further down; the families
    # come in the catalogue's order (which modules registered first: within one process, as imported before)
    families = list(dict.fromkeys(e.family for e in grundy.catalogue() if e.name not in CLASSICS))
    assert headings == ["classic games (start here)", *families]
    first = lines[:lines.index("")]
    assert [line.split()[0] for line in first[1:] if not line.startswith("      ")] == [
        "nim", "bash:M", "bash:A-B", "bash:A-B:all", "wythoff", "kayles"]
    assert CLASSICS == ("nim", "bash", "wythoff", "kayles")  # the web catalogue's order, the same
    listed = [line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("   ")]
    assert listed.count("nim") == listed.count("kayles") == 1  # each game once


def test_list_of_a_word_shows_its_classic_first() -> None:
    assert answer("list", "kayles").splitlines() == [
        "classic games (start here)",
        "  kayles  Kayles: knock down one pin or two adjacent pins",
        "      component: a heap size (a non-negative integer); e.g. grundy solve kayles 4 7 10",
        "",
        "take-and-break games",
        "  dawson-kayles  Dawson's Kayles: knock down two adjacent pins",
        "      component: a heap size (a non-negative integer); e.g. grundy solve dawson-kayles 4 7 10",
    ]


# -- 5. problem --list by topic ----------------------------------------------------------------------------
def test_problem_list_is_grouped_by_topic() -> None:
    lines = answer("problem", "--list").splitlines()
    headings = [line for line in lines[1:] if not line.startswith("  ")]
    assert headings == [  # before: one alphabetical table of 40 lines
        "P/N positions (--topic pn)", "Nim and Bouton's theorem (--topic nim)", "Bash and its variants (--topic bash)",
        "SG functions and sums of games (--topic sg)", "Wythoff's game (--topic wythoff)",
        "Fibonacci Nim and k-multiple subtraction (--topic fibonacci)", "staircase Nim (--topic staircase)",
        "anti-SG and misère Nim (--topic anti-sg)", "Multi-SG: splitting heaps (--topic multi-sg)",
        "take-and-break and octal games (--topic take-and-break)", "Green Hackenbush (--topic hackenbush)",
        "symmetry and pairing (--topic pairing)", "partizan games (--topic partizan)",
        "general games: draws and scores (--topic general)"]
    assert len(lines) == 1 + len(headings) + 40  # still one line a problem
    at = lines.index("Bash and its variants (--topic bash)")
    assert [line.split()[0] for line in lines[at + 1:at + 4]] == ["hdu1846", "hdu2149", "hdu4764"]


def test_problem_list_of_one_topic() -> None:
    assert answer("problem", "--list", "--topic", "anti-sg").splitlines() == [
        "grundy problems (grundy problem NAME < input; NAME --explain; NAME --sample)",
        "anti-SG and misère Nim (--topic anti-sg)",
        "  hdu1907  HDU 1907  John",
        "  hdu2509  HDU 2509  Be the Winner",
    ]
    listed = json.loads(answer("problem", "--list", "--topic", "NIM", "--json"))  # any case
    assert [(p["name"], p["topic"]) for p in listed] == [("hdu1730", "nim"), ("hdu1850", "nim")]
    both = json.loads(answer("problem", "--list", "hdu18", "--topic", "sg", "--json"))  # a word and a topic
    assert [p["name"] for p in both] == ["hdu1847", "hdu1848"]


def test_problem_list_json_names_each_topic() -> None:
    from grundy.problems.data import TOPICS

    listed = json.loads(answer("problem", "--list", "--json"))
    assert len(listed) == 40 and {p["topic"] for p in listed} == set(TOPICS)  # every topic used, none unknown
    assert {p["name"]: p["topic"] for p in listed}["hdu3032"] == "multi-sg"  # Lasker's Nim


@pytest.mark.parametrize(("argv", "said"), [
    (("--list", "--topic", "every"), "unknown topic 'every'; the topics are pn, nim, bash, sg, wythoff, fibonacci, "
                                     "staircase, anti-sg, multi-sg, take-and-break, hackenbush, pairing, partizan, "
                                     "general"),
    (("--list", "wythoff", "--topic", "nim"), "no problem of topic nim mentions 'wythoff'; "
                                              "'grundy problem --list --topic nim' shows them all"),
    (("hdu1846", "--topic", "bash"), "--topic is an option of --list: grundy problem --list --topic bash"),
])
def test_problem_topic_refusals(argv: tuple[str, ...], said: str) -> None:
    assert refused("problem", *argv) == said
