"""Draw the pattern gallery of the README: ten games, the rule `grundy pattern` finds, and a plot.

Run from the project's root: ``python examples/gallery.py [FOLDER]`` (default ``docs/gallery``).
It writes one PNG per game and prints the Markdown table the README shows.
"""

from __future__ import annotations

import sys
from pathlib import Path

import grundy
from grundy.patterns.plot import plot_pattern
from grundy.rulesets.custom import load_rules

ROOT = Path(__file__).resolve().parents[1]
GAMES = [  # (file name, what to look at, in words)
    ("subtraction-134", "subtraction:1,3,4", "take 1, 3 or 4"),
    ("kayles", "kayles", "Kayles: knock down one pin or two adjacent"),
    ("lasker", "lasker", "Lasker's Nim: take any, or split a heap in two"),
    ("mock-turtles", "mock-turtles", "Mock Turtles: turn one, two or three coins"),
    ("at-most-half", "examples/patterns/shrinking.py:at_most_half", "take at least one, at most half"),
    ("to-a-divisor", "examples/patterns/divisors.py:divisor_game", "subtract a proper divisor"),
    ("grundy-game", "grundy-game", "Grundy's game: split a heap into two unequal heaps"),
    ("wythoff", "wythoff", "Wythoff's game"),
    ("wythoff-2", "examples/patterns/pairs.py:wythoff_2", "2-Wythoff: from both heaps, amounts differing by < 2"),
    ("take-a-square", "examples/patterns/subtraction.py:square", "take a perfect square"),
]


def game(target: str) -> grundy.Ruleset:
    """A spec, or ``FILE.py:FUNCTION`` of the examples (games of pairs are named ``pairs.py``)."""
    if ".py:" not in target:
        return grundy.ruleset(target)
    return load_rules(str(ROOT / target), arity=2 if "pairs.py" in target else None)


def main(folder: str = "docs/gallery") -> None:
    out = ROOT / folder
    out.mkdir(parents=True, exist_ok=True)
    print("| game | rule found | status | plot |\n|---|---|---|---|")
    for name, target, words in GAMES:
        found = grundy.pattern(game(target))
        plot_pattern(found, out / f"{name}.png")
        status = "proved" if found.proved else ("conjecture" if found.found else "no pattern")
        rule = found.rule if found.found else "no pattern found"
        shown = rule if len(rule) <= 90 else rule[:89] + "…"
        print(f"| {words} (`{target.split('/')[-1]}`) | {shown} | {status}, {found.checked_up_to:,} "
              f"| [{name}.png]({folder}/{name}.png) |")


if __name__ == "__main__":
    main(*sys.argv[1:])
