"""Benchmark: the values of partizan positions (issue 17). Every 4 x 4 Domineering board with three
cells filled, the empty 5 x 5 board, Toads and Frogs strips of length 12, Clobber 3 x 4: the time,
the positions valued per second and the transposition table's hit rate, next to the naive method
(the canonical form of the whole board from its options, recursively, with no table and no
splitting into regions) on boards small enough for it.

    python benchmarks/cgt.py
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _table import print_table  # noqa: E402
from grundy.cgt.canonical import from_options  # noqa: E402
from grundy.partizan.registry import partizan_ruleset  # noqa: E402
from grundy.partizan.values import Values  # noqa: E402


def board(rows: int, cols: int, filled: tuple[int, ...] = ()) -> str:
    cells = ["#" if r * cols + c in filled else "." for r in range(rows) for c in range(cols)]
    return "|".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))


def measured(spec: str, tokens: list[str]) -> tuple[float, int, float, str]:
    """Values of every token with one table: (seconds, positions valued, hit rate, the last value)."""
    rules = partizan_ruleset(spec)
    table = Values(rules)
    started = time.perf_counter()
    last = None
    for token in tokens:
        last = table.of([rules.parse_component(token)])
    seconds = time.perf_counter() - started
    hit = 1 - table.missed / table.asked if table.asked else 1.0
    return seconds, len(table.memo), hit, str(last)


def naive(rules, position) -> object:
    """The canonical form from the whole position's options, recursively: no table, no regions."""
    def whole(option: tuple) -> object:
        total = None
        for part in option:
            v = naive(rules, part)
            total = v if total is None else total + v
        return total if total is not None else from_options([], [])

    return from_options([whole(o) for o in rules.left_options(position)],
                        [whole(o) for o in rules.right_options(position)])


def main() -> None:
    rows = []
    fours = [board(4, 4, f) for f in itertools.combinations(range(16), 3)]
    seconds, valued, hit, _ = measured("domineering", fours)
    rows.append([f"Domineering 4x4, 3 cells filled ({len(fours)} boards)", seconds, seconds / len(fours),
                 valued / seconds, hit, ""])
    for spec, token, label in [("domineering", board(5, 5), "Domineering 5x5, empty"),
                               ("toads-and-frogs", "TTTT....FFFF", "Toads and Frogs TTTT....FFFF"),
                               ("toads-and-frogs", "TT.TT..FF.FF", "Toads and Frogs TT.TT..FF.FF"),
                               ("clobber", "xoxo|oxox|xoxo", "Clobber 3x4, alternating")]:
        seconds, valued, hit, shown = measured(spec, [token])
        rows.append([label, seconds, seconds, valued / seconds, hit, shown[:40]])
    rules = partizan_ruleset("domineering")
    small = [board(3, 4, f) for f in itertools.combinations(range(12), 3)][:20]
    started = time.perf_counter()
    for token in small:
        naive(rules, rules.parse_component(token))
    alone = time.perf_counter() - started
    seconds, valued, hit, _ = measured("domineering", small)
    rows.append([f"naive: Domineering 3x4, 3 filled ({len(small)} boards), no table", alone, alone / len(small),
                 float("nan"), float("nan"), ""])
    rows.append([f"the same {len(small)} boards with the table and regions", seconds, seconds / len(small),
                 valued / seconds, hit, f"{alone / seconds:.0f}x faster"])
    rows += trees_and_cakes()
    print_table(["positions", "seconds", "s / position", "positions valued/s", "hit rate", "value"], rows)


class Searched:
    """A ruleset valued by searching its moves: its proved formula (known_value) unused."""

    def __init__(self, rules) -> None:
        self.rules = rules

    def __getattr__(self, name: str):
        return getattr(self.rules, name)

    def known_value(self, position) -> None:
        return None


def trees_and_cakes() -> list[list]:
    """Hackenbush trees by the colon principle and Cutcake by its formula, against searching the moves."""
    rng = random.Random(1)
    trees = [",".join(f"{rng.randint(0, v - 1)}-{v}:{rng.choice('brg')}" for v in range(1, 15)) for _ in range(20)]
    rows = []
    for label, spec, tokens in [("Hackenbush trees of 14 edges (20)", "red-blue-hackenbush", trees),
                                ("Cutcake 64 x 64 and all its pieces", "cutcake", ["64,64"])]:
        rules = partizan_ruleset(spec)
        timings = []
        for table in (Values(rules), Values(Searched(rules))):
            started = time.perf_counter()
            values = [table.of([rules.parse_component(t)]) for t in tokens]
            timings.append((time.perf_counter() - started, values))
        (fast, by_rule), (slow, searched) = timings
        assert by_rule == searched
        rows.append([f"{label}: the proved rule", fast, fast / len(tokens), float("nan"), float("nan"),
                     f"{slow / fast:.0f}x faster"])
        rows.append([f"{label}: searching the moves", slow, slow / len(tokens), float("nan"), float("nan"), ""])
    return rows


if __name__ == "__main__":
    main()
