"""Benchmark: exact rules on huge positions (issue 4 targets).

Wythoff's P-test and winning moves on 1000-digit heaps (target < 10 ms each) and the k-multiple
dynamic subtraction P-test for heaps up to 10^18 (target < 1 ms), next to the naive method
(floating-point φ, which is wrong at this size, and a scan of the P-position sequence).

    python benchmarks/classics.py
"""

from __future__ import annotations

import random
import sys
import time
from decimal import Decimal, getcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import grundy  # noqa: E402
from _table import print_table  # noqa: E402
from grundy.rulesets import dynamic, wythoff  # noqa: E402


def per_call(function, items) -> float:
    start = time.perf_counter()
    for item in items:
        function(item)
    return (time.perf_counter() - start) / len(items)


def main() -> None:
    rng = random.Random(7)
    rows = []
    big = [(rng.randrange(10**999, 10**1000), rng.randrange(10**999, 10**1000)) for _ in range(200)]
    pairs = [wythoff.p_pair(rng.randrange(10**999, 10**1000)) for _ in range(100)] + big[:100]
    seconds = per_call(lambda ab: wythoff.is_p_position(*ab), pairs)
    rows.append(["wythoff P-test", "1000 digits", "integer sqrt", seconds * 1e3])
    seconds = per_call(lambda ab: grundy.solve("wythoff", [ab]), big[:50])
    rows.append(["wythoff solve + winning moves", "1000 digits", "Beatty partners", seconds * 1e3])
    getcontext().prec = 1100
    phi = (1 + Decimal(5).sqrt()) / 2
    seconds = per_call(lambda ab: int(Decimal(abs(ab[1] - ab[0])) * phi) == min(ab), pairs)
    rows.append(["wythoff P-test", "1000 digits", "naive: 1100-digit Decimal φ", seconds * 1e3])
    float_wrong = sum(int(abs(b - a) * 1.618033988749895) != min(a, b)
                      for a, b in (wythoff.p_pair(k) for k in range(10**17, 10**17 + 200)))
    rows.append(["wythoff P-test, float φ", "18 digits", f"naive float: wrong on {float_wrong}/200", float("nan")])
    heaps = [rng.randrange(1, 10**18) for _ in range(2000)]
    for k in (1, 2, 5, 100):
        rules = grundy.ruleset(f"dynamic:{k}")
        seconds = per_call(lambda n, rules=rules: rules.position_rule([rules.validate(n)]), heaps)
        rows.append([f"dynamic:{k} P-test + move", "n < 10^18", "greedy sum of terms", seconds * 1e3])
    terms = dynamic.terms(2, 10**18)
    seconds = per_call(lambda n: n in terms, heaps)
    rows.append(["fibonacci-nim P-test", "n < 10^18", "naive: list membership", seconds * 1e3])
    print_table(["what", "size", "method", "ms per position"], rows)


if __name__ == "__main__":
    main()
