"""Benchmark: take-and-break games, sparse-space kernel against the naive kernel.

Each case runs in a fresh process (after compiling the kernels there), so its peak memory is its
own: "peak MB" is the growth of the resident set over that baseline. Targets (issue 3):
.16 proved <= 1 s; .354 proved <= 30 s at <= 3 bytes per value; Grundy's game to 2^23 values
<= 100 s; naive Kayles to 2·10^4 <= 0.2 s.

    python benchmarks/takebreak.py            # every case
    python benchmarks/takebreak.py --quick    # the small ones
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _table import print_table  # noqa: E402

CASES = {
    # name: (spec, what, argument, quick)
    "kayles-naive": ("kayles", "naive", 20_000, True),
    "kayles-sparse": ("kayles", "sparse", 20_000, True),
    ".16-naive-2^16": ("octal:.16", "naive", 1 << 16, True),
    ".16-sparse-2^16": ("octal:.16", "sparse", 1 << 16, True),
    ".16-period": ("octal:.16", "period", 1 << 20, True),
    ".354-period": ("octal:.354", "period", 1 << 25, False),
    "grundy-2^23": ("grundy-game", "sparse", 1 << 23, False),
}


def run_case(name: str) -> dict:
    import grundy

    spec, what, argument, _ = CASES[name]
    grundy.ruleset("octal:.0404").values_by("sparse", 2000)  # compile outside the measurement
    grundy.ruleset("octal:.0404").values_by("naive", 2000)
    grundy.period("octal:.0407")
    rules = grundy.ruleset(spec)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    if what == "period":
        found = grundy.period(rules, max_n=argument)
        values = found.values_computed
        detail = f"preperiod {found.preperiod}, period {found.period}, proved={found.proved}"
    else:
        values, detail = len(rules.values_by(what, argument)), ""
    seconds = time.perf_counter() - start
    grown = max(0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
    return {"values": values, "seconds": seconds, "peak_mb": grown / 1e6, "detail": detail}


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        print(json.dumps(run_case(sys.argv[2])))
        return
    quick = "--quick" in sys.argv
    rows, results = [], {}
    for name, (spec, what, _, is_quick) in CASES.items():
        if quick and not is_quick:
            continue
        done = subprocess.run([sys.executable, __file__, "--case", name], capture_output=True, text=True, check=True)
        r = results[name] = json.loads(done.stdout)
        per_value = r["peak_mb"] * 1e6 / r["values"]
        rows.append([spec, r["values"], what, r["seconds"], r["peak_mb"], per_value, r["detail"]])
    print_table(["game", "values", "method", "seconds", "peak MB", "bytes/value", "result"], rows)
    for naive, sparse in (("kayles-naive", "kayles-sparse"), (".16-naive-2^16", ".16-sparse-2^16")):
        if naive in results and sparse in results:
            print(f"sparse/naive speed-up on {CASES[naive][0]} ({results[naive]['values']:,} values): "
                  f"{results[naive]['seconds'] / results[sparse]['seconds']:.1f}x")


if __name__ == "__main__":
    main()
