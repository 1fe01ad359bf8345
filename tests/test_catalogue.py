"""The whole catalogue, checked on the example positions every entry must declare.

For every ruleset of ``grundy list``: the value of each example component (and of everything one
move leaves) equals the plain definition (``brute_grundy``: mex over the options, no closed form),
and the answer for the whole example position, in normal and misère play, equals a search of the
whole position that uses no Sprague–Grundy shortcut (``check_position``). For every general game:
the general solver's value equals a plain minimax written here. A new entry cannot skip this:
``register`` refuses an entry without examples, and the tests run over the registry itself.
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache

import pytest

import grundy
from grundy.core.general import GeneralGame, rank, solve_game
from grundy.core.limits import budget
from grundy.rulesets.registry import register
from tests.helpers import check_position

ENTRIES = grundy.catalogue()
RULESETS = [(e.name, example) for e in ENTRIES if e.kind == "impartial" for example in e.examples
            if not getattr(grundy.ruleset(example.split()[0]), "loopy", False)]  # Smith's values: tests/test_digraph.py
GAMES = [(e.name, example) for e in ENTRIES if e.general for example in e.examples]


def _position(example: str) -> tuple:
    spec, *tokens = example.split()
    rules = grundy.ruleset(spec)
    return rules, [rules.parse_component(t) for t in tokens]


def test_every_entry_declares_examples():
    assert len(ENTRIES) >= 56
    assert all(e.examples for e in ENTRIES)
    with pytest.raises(ValueError, match="at least one example"):
        register("no-examples", "test", {"": "a ruleset without examples"}, examples=())


@pytest.mark.parametrize("name, example", RULESETS)
def test_values_equal_the_definition(name, example):
    rules, components = _position(example)
    assert components, f"{example}: an example of a ruleset gives components"
    with budget(max_states=200_000):
        for c in components:
            assert rules.grundy(c) == rules.brute_grundy(c), f"{example}: G({c})"
            for option in rules.options(c):
                for left in option:
                    assert rules.grundy(left) == rules.brute_grundy(left), f"{example}: G({left}) after a move"


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("name, example", RULESETS)
def test_whole_position_equals_a_search(name, example, misere):
    rules, components = _position(example)
    with budget(max_states=200_000):
        check_position(rules, components, misere=misere)


def _minimax(the_game: GeneralGame, start: object) -> str:
    """The value for the player to move by plain recursion on the rules (memoised; acyclic games)."""

    @cache
    def value(position: object) -> str:
        result = the_game.primitive(position)
        if result is not None:
            return result
        options = [value(m) for m in the_game.moves(position)]
        if not options:
            return "lose"
        flipped = {"win": "lose", "lose": "win", "tie": "tie", "draw": "draw"}
        return max((flipped[v] for v in options), key=rank)

    return value(start)


@pytest.mark.parametrize("name, example", GAMES)
def test_general_games_equal_plain_minimax(name, example):
    the_game = grundy.ruleset(example)
    assert the_game.start is not None
    assert solve_game(the_game, the_game.start).value == _minimax(the_game, the_game.start)


def test_the_checks_can_fail(monkeypatch):
    """A wrong value or a wrong outcome is caught: the comparisons above are not vacuous."""
    rules = grundy.impartial(lambda n: [n - k for k in (1, 3, 4) if k <= n], name="s134")
    right = type(rules).grundy
    monkeypatch.setattr(rules, "grundy", lambda c: right(rules, c) ^ (3 if c == 5 else 0))  # G(5) = 3 said as 0
    assert rules.grundy(5) != rules.brute_grundy(5)
    with pytest.raises(AssertionError):
        check_position(rules, [5, 2])  # G(5) ^ G(2) = 3 ^ 0: N; with the wrong G(5) it would say P
    monkeypatch.undo()
    outcomes = {spec: _minimax(g := grundy.ruleset(spec), g.start)
                for spec in ("weird-game:0111,0001", "weird-game:0000,1111", "weird-game:01,10")}
    assert list(outcomes.values()) == ["win", "lose", "tie"]  # the minimax tells the three results apart


def test_threads_asking_at_once_in_a_fresh_process_all_find_their_game():
    # the web's first requests come at once, from several threads: each waits until every family is
    # registered (before, a thread could look a name up while another was still importing them)
    script = """
import threading
from grundy.service.resolve import ruleset
found, errors = [], []
def ask(spec):
    try:
        found.append(ruleset(spec).spec)
    except Exception as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=ask, args=(s,)) for s in ["nim", "kayles", "domineering", "wythoff"] * 4]
for t in threads: t.start()
for t in threads: t.join()
print(len(found), errors)
"""
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
        assert out.stdout.strip() == "16 []", out.stderr
