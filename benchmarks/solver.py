"""Benchmark: the general solver (retrograde analysis) on a Python-defined loopy game.

The game: two tokens on a ring of N cells, one per player; the player to move steps their own
token 1 or 2 cells either way; landing on the opponent's token wins. Positions (mine, theirs)
with the mover first: N² positions, cycles everywhere (draws are possible). Target (issue 6):
>= 10x GamesmanPy's reported 34,000 states/s, i.e. >= 340,000 states/s, for ~10^6 states.

    python benchmarks/solver.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import grundy  # noqa: E402
from _table import print_table  # noqa: E402
from grundy.core.general import Game  # noqa: E402


class RingChase(Game):
    def __init__(self, n: int) -> None:
        self.n = n
        self.name = f"ring chase on {n} cells"

    def moves(self, position):
        mine, theirs = position
        n = self.n
        return [(theirs, (mine + d) % n) for d in (-2, -1, 1, 2)]

    def primitive(self, position):
        mine, theirs = position
        return "lose" if mine == theirs else None  # the opponent just landed on me


def naive_solve(game: RingChase, start) -> int:
    """Value iteration in pure Python (the textbook fixpoint), for comparison on a small ring."""
    positions = [(a, b) for a in range(game.n) for b in range(game.n)]
    value = {p: ("lose" if game.primitive(p) else None) for p in positions}
    changed = True
    while changed:
        changed = False
        for p in positions:
            if value[p] is not None:
                continue
            children = [value[c] for c in game.moves(p)]
            if "lose" in children:
                value[p], changed = "win", True
            elif all(c == "win" for c in children):
                value[p], changed = "lose", True
    return len(positions)


def main() -> None:
    rows = []
    grundy.solve_game(RingChase(20), (0, 5))  # compile the kernel
    for n in (300, 1000):
        game = RingChase(n)
        start = time.perf_counter()
        solution = grundy.solve_game(game, (0, n // 2))
        seconds = time.perf_counter() - start
        rows.append([game.name, solution.states, "retrograde (numba)", seconds, solution.states / seconds,
                     f"{solution.value}, remoteness {solution.remoteness}"])
    small = RingChase(300)
    start = time.perf_counter()
    count = naive_solve(small, (0, 150))
    seconds = time.perf_counter() - start
    rows.append([small.name, count, "naive value iteration", seconds, count / seconds, ""])
    print_table(["game", "states", "method", "seconds", "states/s", "start"], rows)
    print("\nGamesmanPy reports ~34,000 states/s; target >= 340,000 states/s")


if __name__ == "__main__":
    main()
