"""Bash-game problem HDU 1846 Brave Game (HDU 2149 and 4764 are in heaps.py)."""

from __future__ import annotations

import random

import grundy
from grundy.problems.base import Reader, lines, problem


def _gen_brave(rng: random.Random, size: int) -> str:
    cases = rng.randint(1, min(size, 10))
    rows = [f"{rng.randint(1, size * 10)} {rng.randint(1, size * 10)}" for _ in range(cases)]
    return f"{cases}\n" + "\n".join(rows) + "\n"


@problem("hdu1846", "HDU 1846", "Brave Game",
         "n stones, take 1..m per turn, taking the last wins: print 'first' or 'second'",
         generate=_gen_brave, samples=[("2\n23 2\n4 3\n", "first\nsecond\n")])
def brave_game(text: str) -> str:
    r = Reader(text)
    out = []
    for case in range(r.int("C (the number of cases)", 1, 10**5)):
        n, m = r.int(f"n of case {case + 1}", 1, 1000), r.int(f"m of case {case + 1}", 1, 1000)
        out.append("first" if grundy.solve(f"bash:{m}", [n]).outcome == "N" else "second")
    r.end()
    return lines(out)
