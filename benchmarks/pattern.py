"""Benchmark: the pattern finder (issues 12 and 28) on built-in games and games of the examples.

For each game: the time `grundy.pattern` takes with its default growth, warm (a process that has
loaded the kernels already: the game is searched once untimed, then timed on a fresh object) and
cold (a fresh process per game, as every CLI call is: `--cold TARGET` below, in a subprocess), the
table size it reached and checked the rule against (the cold one too: loading must not cost
table), the far points its self-check checked (and how many of them sampled or skipped), whether
the rule is proved, and the time of one prediction far past the table (a heap of 60 digits) next
to the naive method, which computes the table up to the heap (shown for a heap of 10^5, where the
naive table is still feasible; 60 digits is out of its reach).

    python benchmarks/pattern.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import grundy  # noqa: E402
from _table import print_table  # noqa: E402
from grundy.rulesets.custom import load_rules  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["subtraction:1,3,4", "kayles", "dawson-kayles", "lasker", "mock-turtles", "take-half", "bash:1000",
         "grundy-game", "subtraction:fib", "wythoff", "examples/patterns/shrinking.py:at_most_half",
         "examples/patterns/divisors.py:divisor_game", "examples/patterns/subtraction.py:square",
         "examples/patterns/pairs.py:one_two_three_and_one", "examples/patterns/pairs.py:wythoff_2"]
FAR = 10**60 + 12345


def load(target: str) -> grundy.Ruleset:
    if ".py:" not in target:
        return grundy.ruleset(target)
    return load_rules(str(ROOT / target), arity=2 if "pairs.py" in target else None)


def timed(function) -> tuple[float, object]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def cold(target: str) -> dict:
    """The search in a fresh process (this script with ``--cold``): its time and the table it reached."""
    done = subprocess.run([sys.executable, __file__, "--cold", target], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    if done.returncode != 0:
        return {"seconds": float("nan"), "checked": "error"}
    return json.loads(done.stdout)


def searched(found: grundy.Pattern) -> str:
    """The self-check's figures: far points checked (sampled / skipped)."""
    check = found.self_check
    if check is None:
        return "-"
    return f"{check.points} ({check.sampled}/{check.skipped})"


def row(target: str) -> list:
    grundy.pattern(load(target))  # warms this process: kernels loaded, nothing of the game kept
    game = load(target)
    seconds, found = timed(lambda game=game: grundy.pattern(game))
    fresh = cold(target)
    far = FAR if found.dimensions == 1 else (FAR, FAR + 7)
    predict, naive = "-", "-"
    if found.found:
        predict = f"{timed(lambda found=found, far=far: found.is_p(far))[0] * 1e3:.2f}"
        other = load(target)  # the naive table, from nothing, up to a heap of 10^5
        if found.dimensions == 1 and other.shape.value == "heap" and other.keeps_table:
            naive = f"{timed(lambda other=other: other.values(10**5))[0] * 1e3:.1f}"
    far_max = f"{found.self_check.farthest:.0e}" if found.self_check is not None else "-"
    return [target.split("/")[-1], found.kind, found.checked_up_to, fresh["checked"], searched(found), far_max,
            "yes" if found.proved else "no", seconds, fresh["seconds"], predict, naive]


def main() -> None:
    if sys.argv[1:2] == ["--cold"]:
        game = load(sys.argv[2])
        seconds, found = timed(lambda: grundy.pattern(game))
        print(json.dumps({"seconds": seconds, "checked": found.checked_up_to}))
        return
    rows = [row(target) for target in GAMES]
    print_table(["game", "rule found", "table", "table cold", "far points (sampled/skipped)", "up to", "proved",
                 "warm (s)", "cold (s)", "is_p(60 digits) ms", "naive table to 1e5 (ms)"], rows)


if __name__ == "__main__":
    main()
