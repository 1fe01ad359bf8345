"""Benchmark: the pattern finder (issue 12) on built-in games and games of the examples.

For each game: the time `grundy.pattern` takes with its default growth, how far it checked the
rule, whether it is proved, and the time of one prediction far past the table (a heap of 60
digits) next to the naive method, which computes the table up to the heap (shown for a heap of
10^5, where the naive table is still feasible; 60 digits is out of its reach).

    python benchmarks/pattern.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import grundy  # noqa: E402
from _table import print_table  # noqa: E402
from grundy.rulesets.custom import load_rules  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["subtraction:1,3,4", "kayles", "dawson-kayles", "lasker", "mock-turtles", "grundy-game", "subtraction:fib",
         "wythoff", "examples/patterns/shrinking.py:at_most_half", "examples/patterns/divisors.py:divisor_game",
         "examples/patterns/subtraction.py:square", "examples/patterns/pairs.py:wythoff_2"]
FAR = 10**60 + 12345


def load(target: str) -> grundy.Ruleset:
    if ".py:" not in target:
        return grundy.ruleset(target)
    return load_rules(str(ROOT / target), arity=2 if "pairs.py" in target else None)


def timed(function) -> tuple[float, object]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def main() -> None:
    rows = []
    for target in GAMES:
        game = load(target)
        seconds, found = timed(lambda game=game: grundy.pattern(game))
        far = FAR if found.dimensions == 1 else (FAR, FAR + 7)
        if found.found:
            predict, _ = timed(lambda found=found, far=far: found.is_p(far))
            naive = "-"
            if found.dimensions == 1:
                fresh = load(target)  # the naive table, from nothing, up to a heap of 10^5
                naive_s, _ = timed(lambda fresh=fresh: fresh.values(10**5) if fresh.shape.value == "heap"
                                   and fresh.keeps_table else None)
                naive = f"{naive_s * 1e3:.1f}" if fresh.keeps_table else "-"
            rows.append([target.split("/")[-1], found.kind, found.checked_up_to, "yes" if found.proved else "no",
                         seconds, predict * 1e3, naive])
        else:
            rows.append([target.split("/")[-1], "none", found.checked_up_to, "no", seconds, "-", "-"])
    print_table(["game", "rule found", "checked", "proved", "find (s)", "is_p(60 digits) ms",
                 "naive table to 1e5 (ms)"], rows)


if __name__ == "__main__":
    main()
