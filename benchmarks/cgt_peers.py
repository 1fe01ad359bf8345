"""The rows of ``benchmarks/cgt.py --peer``, one tool and one row per process (issue 29).

Run by the benchmark, never imported by grundy: ``python cgt_peers.py TOOL ROW`` does one row's
computation with one tool (``grundy``, ``cgt-py`` — the Python binding of the Rust cgt-tools —
or ``pycgt``) and prints one JSON line: ``{"seconds": CPU seconds of the computation alone
(time.process_time, imports and the reading of inputs left out), "value": the value(s) as that tool
prints them}``, or ``{"missing": why}`` when the tool has no such game. The file imports nothing
outside the standard library at module level, so any of the three interpreters can run it.

The inputs are made here, the same for every tool:

- Domineering boards: Left places vertical dominoes (CGSuite's, cgt-py's and pycgt's convention);
- Konane 4 x 4: the board filled alternately (``x`` = Left at the top-left corner) with the two
  middle stones of the second row removed, ``xoxo|o..x|xoxo|oxox`` (the usual opening: a central
  stone, then one next to it);
- the sum: 200 forms ``{A | B}`` with A and B subsets of the games born by day 1 (0, 1, -1, *),
  drawn with a fixed seed, added one after another;
- thermographs: 60 random hot games of depth 4 (fixed seed), each ``{A | B}`` with every leaf under
  A above every leaf under B, written with braces and integers (text all three tools read).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from collections.abc import Callable

Runner = Callable[[], tuple[float, object]]


def board(rows: int, cols: int, filled: tuple[int, ...] = (), sep: str = "|") -> str:
    """A Domineering board as rows of ``.`` (empty) and ``#`` (filled) joined by ``sep``."""
    cells = ["#" if r * cols + c in filled else "." for r in range(rows) for c in range(cols)]
    return sep.join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))


def boards_with_three_filled() -> list[str]:
    """The 560 boards 4 x 4 with three cells filled."""
    return [board(4, 4, f) for f in itertools.combinations(range(16), 3)]


KONANE = "xoxo|o..x|xoxo|oxox"
TOADS = "TTTT....FFFF"
CYCLE = [(i, (i + 1) % 9) for i in range(9)]
PATH = [(i, i + 1) for i in range(11)]
UPS = 40


def small_sum_forms(count: int = 200, seed: int = 29) -> list[str]:
    """``count`` forms {A | B}, A and B subsets of {0, 1, -1, *} (games born by day 2), seeded."""
    day1 = ["0", "1", "-1", "*"]
    subsets = [[g for g, bit in zip(day1, bits, strict=True) if bit] for bits in itertools.product((0, 1), repeat=4)]
    rng = random.Random(seed)
    return ["{" + ",".join(rng.choice(subsets)) + "|" + ",".join(rng.choice(subsets)) + "}" for _ in range(count)]


def hot_forms(count: int = 60, depth: int = 4, seed: int = 29) -> list[str]:
    """``count`` random hot games written with braces and integers (seeded): every leaf below a Left
    option lies above every leaf below a Right option, at every level, so each game and each of its
    followers that is not a number has left stop > right stop."""
    rng = random.Random(seed)

    def form(d: int, lo: int, hi: int) -> str:
        if d == 0 or hi - lo < 2:
            return str(rng.randint(lo, hi))
        mid = rng.randint(lo + 1, hi - 1)
        lefts = [form(d - 1, mid + 1, hi) for _ in range(rng.randint(1, 2))]
        rights = [form(d - 1, lo, mid - 1) for _ in range(rng.randint(1, 2))]
        return "{" + ",".join(lefts) + "|" + ",".join(rights) + "}"

    return [form(depth, -24, 24) for _ in range(count)]


def clocked(work: Callable[[], object], show: Callable[[object], object]) -> tuple[float, object]:
    """(CPU seconds of ``work()``, its result as ``show`` prints it — the printing not timed)."""
    started = time.process_time()
    result = work()
    return time.process_time() - started, show(result)


# -- grundy --------------------------------------------------------------------------------------------


def _grundy_positions(spec: str, tokens: list[str], many: bool = False) -> tuple[float, object]:
    from grundy.partizan.registry import partizan_ruleset
    from grundy.partizan.values import Values

    rules = partizan_ruleset(spec)
    Values(rules).of([rules.parse_component(WARM_UP[spec])])  # the modules a first value loads, not timed
    components = [rules.parse_component(t) for t in tokens]
    table = Values(rules)
    seconds, values = clocked(lambda: [table.of([c]) for c in components], lambda vs: [str(v) for v in vs])
    return seconds, values if many else values[0]


WARM_UP = {"domineering": "..", "konane": "xo.", "snort": "0-1", "col": "0-1", "toads-and-frogs": "T.F"}


def _grundy_sum() -> tuple[float, object]:
    from grundy import cgt

    games = [cgt.parse(s) for s in small_sum_forms()]

    def total() -> object:
        result = cgt.zero
        for g in games:
            result = result + g
        return result

    return clocked(total, str)


def _grundy_ups() -> tuple[float, object]:
    from grundy import cgt

    return clocked(lambda: cgt.times(cgt.up, UPS) + cgt.star, str)


def _grundy_thermographs() -> tuple[float, object]:
    from grundy import cgt

    games = [cgt.parse(s) for s in hot_forms()]
    return clocked(lambda: [cgt.thermograph(g) for g in games], lambda ths: [str(th.temperature) for th in ths])


def _grundy_graph(spec: str, edges: list[tuple[int, int]]) -> tuple[float, object]:
    return _grundy_positions(spec, [",".join(f"{u}-{v}" for u, v in edges)])


# -- cgt-py (the Rust cgt-tools) -------------------------------------------------------------------------


def _cgtpy_boards(make: str, tokens: list[str], many: bool = False) -> tuple[float, object]:
    import cgt_py

    positions = [getattr(cgt_py, make)(t) for t in tokens]
    seconds, values = clocked(lambda: [p.canonical_form for p in positions], lambda vs: [_cgtpy_text(v) for v in vs])
    return seconds, values if many else values[0]


def _cgtpy_text(value: object) -> str:
    text = repr(value)  # CanonicalForm('...')
    return text[text.index("'") + 1:text.rindex("'")]


def _cgtpy_graph(make: str, edges: list[tuple[int, int]], vertices: int) -> tuple[float, object]:
    import cgt_py

    position = getattr(cgt_py, make)(cgt_py.Graph(vertices, edges))
    return clocked(lambda: position.canonical_form, _cgtpy_text)


def _cgtpy_sum() -> tuple[float, object]:
    import cgt_py

    games = [cgt_py.CanonicalForm(s) for s in small_sum_forms()]

    def total() -> object:
        result = cgt_py.CanonicalForm(0)
        for g in games:
            result = result + g
        return result

    return clocked(total, _cgtpy_text)


def _cgtpy_ups() -> tuple[float, object]:
    import cgt_py

    up, star = cgt_py.CanonicalForm("^"), cgt_py.CanonicalForm("*")

    def total() -> object:  # cgt-py has no multiplication by an integer: 40 sums
        result = star
        for _ in range(UPS):
            result = result + up
        return result

    return clocked(total, _cgtpy_text)


def _cgtpy_thermographs() -> tuple[float, object]:
    import cgt_py

    games = [cgt_py.CanonicalForm(s) for s in hot_forms()]
    seconds, _ = clocked(lambda: [g.thermograph for g in games], lambda ths: None)
    return seconds, [_dyadic_text(repr(g.temperature)) for g in games]  # read after the clock stopped


def _dyadic_text(text: str) -> str:
    """``DyadicRationalNumber('3/2')`` -> ``3/2``."""
    return text[text.index("'") + 1:text.rindex("'")] if "'" in text else text


# -- pycgt -----------------------------------------------------------------------------------------------


def _pycgt_text(g: object) -> str:
    """A pycgt game in braces and numbers only (its own printing writes forms grundy may not read yet)."""
    from pycgt import as_number

    x = as_number(g)
    if x is not None:
        return str(x)
    return "{" + ",".join(map(_pycgt_text, g.left)) + "|" + ",".join(map(_pycgt_text, g.right)) + "}"


def _pycgt_domineering(tokens: list[str], many: bool = False) -> tuple[float, object]:
    from pycgt.rulesets import domineering

    texts = [t.replace("|", "\n") for t in tokens]
    seconds, values = clocked(lambda: [domineering.parse(t) for t in texts], lambda vs: [_pycgt_text(v) for v in vs])
    return seconds, values if many else values[0]


def _pycgt_graph(rule: str, edges: list[tuple[int, int]], vertices: int) -> tuple[float, object]:
    from pycgt.rulesets import graphs

    position = graphs.uncoloured(graphs.Graph.of(vertices, edges))
    return clocked(lambda: graphs.value(position, getattr(graphs, rule)), _pycgt_text)


def _pycgt_toads() -> tuple[float, object]:
    from pycgt.rulesets import toads_and_frogs

    return clocked(lambda: toads_and_frogs.parse(TOADS.lower()), _pycgt_text)


def _pycgt_sum() -> tuple[float, object]:
    from pycgt import ZERO, add, parse

    games = [parse(s) for s in small_sum_forms()]

    def total() -> object:
        result = ZERO
        for g in games:
            result = add(result, g)
        return result

    return clocked(total, _pycgt_text)


def _pycgt_ups() -> tuple[float, object]:
    from pycgt import STAR, UP, add, multiple

    return clocked(lambda: add(multiple(UP, UPS), STAR), _pycgt_text)


def _pycgt_thermographs() -> tuple[float, object]:
    from pycgt import parse, thermograph

    games = [parse(s) for s in hot_forms()]
    return clocked(lambda: [thermograph(g) for g in games], lambda ths: [str(th.temperature) for th in ths])


# -- the rows --------------------------------------------------------------------------------------------

TOOLS = ("grundy", "cgt-py", "pycgt")

ROWS: dict[str, tuple[str, dict[str, Runner]]] = {
    "dom44": ("Domineering 4x4, empty", {
        "grundy": lambda: _grundy_positions("domineering", [board(4, 4)]),
        "cgt-py": lambda: _cgtpy_boards("Domineering", [board(4, 4)]),
        "pycgt": lambda: _pycgt_domineering([board(4, 4)])}),
    "dom45": ("Domineering 4x5, empty", {
        "grundy": lambda: _grundy_positions("domineering", [board(4, 5)]),
        "cgt-py": lambda: _cgtpy_boards("Domineering", [board(4, 5)]),
        "pycgt": lambda: _pycgt_domineering([board(4, 5)])}),
    "dom55": ("Domineering 5x5, empty", {
        "grundy": lambda: _grundy_positions("domineering", [board(5, 5)]),
        "cgt-py": lambda: _cgtpy_boards("Domineering", [board(5, 5)]),
        "pycgt": lambda: _pycgt_domineering([board(5, 5)])}),
    "dom44x3": ("Domineering 4x4, 3 filled (560)", {
        "grundy": lambda: _grundy_positions("domineering", boards_with_three_filled(), many=True),
        "cgt-py": lambda: _cgtpy_boards("Domineering", boards_with_three_filled(), many=True),
        "pycgt": lambda: _pycgt_domineering(boards_with_three_filled(), many=True)}),
    "konane": (f"Konane 4x4 {KONANE}", {
        "grundy": lambda: _grundy_positions("konane", [KONANE]),
        "cgt-py": lambda: _cgtpy_boards("Konane", [KONANE])}),
    "snort": ("Snort, 9-cycle", {
        "grundy": lambda: _grundy_graph("snort", CYCLE),
        "cgt-py": lambda: _cgtpy_graph("Snort", CYCLE, 9),
        "pycgt": lambda: _pycgt_graph("SNORT", CYCLE, 9)}),
    "col": ("Col, 12-vertex path", {
        "grundy": lambda: _grundy_graph("col", PATH),
        "cgt-py": lambda: _cgtpy_graph("Col", PATH, 12),
        "pycgt": lambda: _pycgt_graph("COL", PATH, 12)}),
    "sum": ("sum of 200 small games", {
        "grundy": _grundy_sum, "cgt-py": _cgtpy_sum, "pycgt": _pycgt_sum}),
    "ups": (f"{UPS}.^ + *", {"grundy": _grundy_ups, "cgt-py": _cgtpy_ups, "pycgt": _pycgt_ups}),
    "thermo": ("thermographs of 60 hot games", {
        "grundy": _grundy_thermographs, "cgt-py": _cgtpy_thermographs, "pycgt": _pycgt_thermographs}),
    "toads": (f"Toads and Frogs {TOADS}", {
        "grundy": lambda: _grundy_positions("toads-and-frogs", [TOADS]),
        "pycgt": _pycgt_toads}),
}


def main(argv: list[str]) -> None:
    tool, row = argv
    runner = ROWS[row][1].get(tool)
    if runner is None:
        print(json.dumps({"missing": f"{tool} has no such game"}))
        return
    seconds, value = runner()
    print(json.dumps({"seconds": seconds, "value": value}))


if __name__ == "__main__":
    main(sys.argv[1:])
