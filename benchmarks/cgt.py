"""Benchmark: the values of partizan positions (issue 17). Every 4 x 4 Domineering board with three
cells filled, the empty 5 x 5 board, Toads and Frogs strips of length 12, Clobber 3 x 4: the time,
the positions valued per second and the transposition table's hit rate, next to the naive method
(the canonical form of the whole board from its options, recursively, with no table and no
splitting into regions) on boards small enough for it.

With ``--peer`` (issue 29) it runs instead the same rows with grundy and with the other Python CGT
libraries when they are installed in another interpreter (they are never dependencies of grundy):
cgt-py (the Python binding of the Rust cgt-tools) and pycgt, each row and tool in a fresh process
(benchmarks/cgt_peers.py), interleaved, best of 3 in CPU seconds, checking that the tools agree.

    python benchmarks/cgt.py
    python benchmarks/cgt.py --peer [--peer-python /tmp/peers/bin/python] [--rows dom44,ups] [--repeat 3]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import cgt_peers  # noqa: E402 - the rows of --peer
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


# -- beside the peers (issue 29) -----------------------------------------------------------------------

PEERS_DEFAULT = "/tmp/peers/bin/python"
INSTALL = ("python3.11 -m venv /tmp/peers && /tmp/peers/bin/pip install cgt-py anywidget pycgt "
           "(or give --peer-python PATH)")
MODULES = {"cgt-py": "cgt_py", "pycgt": "pycgt"}
RUNNER = Path(__file__).parent / "cgt_peers.py"


def peer_main(options: argparse.Namespace) -> None:
    """Each row with each tool in a fresh process, tools interleaved, best of ``options.repeat``."""
    python = options.peer_python or PEERS_DEFAULT
    tools = ["grundy"] + [t for t in ("cgt-py", "pycgt") if _importable(python, MODULES[t])]
    if len(tools) == 1:
        print(f"cgt.py --peer: neither cgt-py nor pycgt can be imported by {python}; install them: {INSTALL}")
        return
    names = options.rows.split(",") if options.rows else list(cgt_peers.ROWS)
    rows = []
    for name in names:
        label, runners = cgt_peers.ROWS[name]
        best: dict[str, object] = {}
        values: dict[str, object] = {}
        for _ in range(options.repeat):
            for tool in tools:
                if tool not in runners or isinstance(best.get(tool), str):
                    continue  # the tool lacks the row, or it failed once: not again
                interpreter = sys.executable if tool == "grundy" else python
                seconds, value = _run(interpreter, tool, name, options)
                if isinstance(seconds, str):
                    best[tool] = seconds
                    continue
                values[tool] = value
                best[tool] = min(best.get(tool, seconds), seconds)  # type: ignore[type-var]
        rows.append([f"{name}: {label}"] + [_cell(best, t) for t in ("grundy", "cgt-py", "pycgt")]
                    + [_ratio(best, "grundy", t) for t in ("cgt-py", "pycgt")] + [_agreement(name, values)])
    print_table(["row", "grundy s", "cgt-py s", "pycgt s", "grundy/cgt-py", "grundy/pycgt", "values"], rows)
    missing = [t for t in ("cgt-py", "pycgt") if t not in tools]
    if missing:
        print(f"({', '.join(missing)} not importable by {python}: {INSTALL})")


def _importable(python: str, module: str) -> bool:
    import subprocess

    try:
        return subprocess.run([python, "-c", f"import {module}"], capture_output=True, timeout=120).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _run(python: str, tool: str, row: str, options: argparse.Namespace) -> tuple[float | str, object]:
    """One run in a fresh process under a memory cap and a timeout: (CPU seconds, value) or (why, None)."""
    import json
    import resource
    import subprocess

    cap = int(options.memory_gb * 1024**3)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    env = None
    if tool == "grundy" and options.grundy_src:  # another copy of grundy's sources, e.g. the last commit's
        env = dict(os.environ, PYTHONPATH=options.grundy_src)
    try:
        done = subprocess.run([python, str(RUNNER), tool, row], capture_output=True, text=True,
                              timeout=options.timeout, preexec_fn=limit, env=env)
    except subprocess.TimeoutExpired:
        return f">{options.timeout:.0f} s", None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return f"failed ({last[:40]})", None
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    if "missing" in answer:
        return "—", None
    return answer["seconds"], answer["value"]


def _cell(best: dict[str, object], tool: str) -> object:
    found = best.get(tool, "—")
    return f"{found:.4g}" if isinstance(found, float) else found


def _ratio(best: dict[str, object], a: str, b: str) -> str:
    x, y = best.get(a), best.get(b)
    if not isinstance(x, float) or not isinstance(y, float) or y <= 0:
        return "—"
    return f"{x / y:.2f}x"


def _agreement(row: str, values: dict[str, object]) -> str:
    """Whether the tools' values are the same games (read with grundy's notation), or temperatures."""
    from fractions import Fraction

    from grundy.cgt import parse
    from grundy.core.errors import GrundyError

    read = Fraction if row == "thermo" else parse
    seen = {}
    for tool, value in values.items():
        try:
            seen[tool] = [read(v) for v in value] if isinstance(value, list) else read(value)
        except (GrundyError, ValueError) as error:
            return f"{tool}'s value unreadable ({str(error)[:30]})"
    if len(seen) < 2:
        return "one tool"
    first = next(iter(seen.values()))
    differ = [t for t, v in seen.items() if v != first]
    return "agree" if not differ else f"DISAGREE: {', '.join(differ)}"


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Partizan values: grundy alone, or beside cgt-py and pycgt (--peer).")
    parser.add_argument("--peer", action="store_true", help="run the rows of issue 29 beside cgt-py and pycgt")
    parser.add_argument("--peer-python", default=None, help="the interpreter that has cgt-py and pycgt installed "
                        "(default /tmp/peers/bin/python)")
    parser.add_argument("--rows", default=None, help="only these rows, by name, comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tool on each row; the best is shown")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds one run may take before it is stopped")
    parser.add_argument("--grundy-src", default=None, help="run grundy from these sources (a src directory)")
    parser.add_argument("--memory-gb", type=float, default=3.0, help="address space one run may use")
    return parser.parse_args()


if __name__ == "__main__":
    options = arguments()
    if options.peer:
        peer_main(options)
    else:
        main()
