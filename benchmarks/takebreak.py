"""Benchmark: take-and-break games, the sparse-space kernel against C, the naive kernel and the
period search.

Per case: the values the proof of the period needs, filled by the numba kernel on one core; the
same fill by ``benchmarks/c/sparse.c`` (the same method in plain C, compiled here with
``gcc -O3 -march=native`` into a cache directory when a C compiler is present; its values must
equal numba's, value for value); ``grundy.period`` on the game (values computed, time, and its
ratio to the values-only time: the overhead of the search); the peak memory of each run. Then
the naive kernel against the sparse one on smaller tables. Every run is in a fresh process (after
compiling the kernels there), so "peak MB" is its own: the growth of the resident set over that
baseline (Linux's peak is reset at the start of the run). The numba and C fills take turns
``--repeat`` times (default 3) and the best time of each is shown.

There is no two-thread kernel: G(n) needs G(n - 1), and the rare heaps that every value is
paired with lie among the small heaps (all 131 of .354's below 3,228), so only the splits with a
listed heap longer than a block can be marked for the block ahead, across threads: a third of
.376's, none of .354's. Tried (blocks of 4,096 heaps, numba prange, .376 to 2·10^6): 3.05 s on
two threads against 3.03 s on one (and 14 s with OpenMP's busy-waiting workers), so one thread
it is (README, "Performance").

    python benchmarks/takebreak.py            # every case
    python benchmarks/takebreak.py --quick    # the small ones
"""

from __future__ import annotations

import hashlib
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from _table import print_table  # noqa: E402

C_SOURCE = Path(__file__).parent / "c" / "sparse.c"
CASES = {
    # name: (spec, values (issue 13: what the proof of the period needs), period search?, quick)
    ".16": ("octal:.16", 524_288, True, True),
    ".376": ("octal:.376", 4_536_507, True, False),
    ".354": ("octal:.354", 20_126_195, True, False),
    "grundy-game": ("grundy-game", 1 << 20, False, False),  # no periodicity theorem covers it
}
NAIVE = {
    # spec: (values, quick)
    "kayles": (20_000, True),
    "octal:.16": (1 << 16, True),
    "octal:.376": (1 << 16, False),
    "octal:.354": (1 << 16, False),
    "grundy-game": (1 << 16, False),
}


def _warm_up() -> None:
    import grundy

    grundy.ruleset("octal:.0404").values_by("sparse", 2000)  # compile outside the measurement
    grundy.ruleset("octal:.0404").values_by("naive", 2000)
    grundy.period("kayles")


def _status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def _resident_from_here() -> int:
    """The resident set now, in bytes, with Linux's peak (VmHWM) reset to it (clear_refs 5), so
    the compile and warm-up before do not hide the peak of what follows; ru_maxrss elsewhere."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return _status_kb("VmRSS") * 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _peak_resident() -> int:
    try:
        return _status_kb("VmHWM") * 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def run(spec: str, what: str, n: int, repeat: int, save: str | None) -> dict:
    """One measurement in this process: ``what`` is "sparse", "naive" or "period"."""
    import grundy

    _warm_up()
    best, peak, detail, values = float("inf"), 0.0, "", None
    for _ in range(repeat if what != "period" else 1):
        rules = grundy.ruleset(spec)
        before = _resident_from_here()
        start = time.perf_counter()
        if what == "period":
            found = grundy.period(rules)
            values = found.values
            detail = f"n0 {found.preperiod:,}, p {found.period:,}" + (", proved" if found.proved else "")
        else:
            values = rules.values_by(what, n)
        best = min(best, time.perf_counter() - start)
        peak = peak or max(0, _peak_resident() - before) / 1e6
        if what == "sparse":
            mask, rare = rules.sparse_stats
            detail = f"mask {mask}, {rare:,} listed"
    if save:
        np.save(save, values)
    return {"values": len(values), "seconds": best, "peak_mb": peak, "detail": detail}


def measure(spec: str, what: str, n: int, repeat: int, save: str | None = None) -> dict:
    """:func:`run` in a fresh process."""
    command = [sys.executable, __file__, "--run", spec, what, str(n), str(repeat), save or ""]
    return json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def compiled_c() -> Path | None:
    """The C kernel, compiled once per version of its source into a cache directory; None
    without a C compiler."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        return None
    digest = hashlib.sha256(C_SOURCE.read_bytes()).hexdigest()[:16]
    binary = Path(tempfile.gettempdir()) / f"grundy-bench-sparse-{digest}"
    if not binary.exists():
        subprocess.run([compiler, "-O3", "-march=native", "-o", str(binary), str(C_SOURCE)], check=True)
    return binary


def run_c(binary: Path, spec: str, n: int, values_file: str) -> dict:
    """The C kernel on the game's move lists, once; its values saved for comparison."""
    import grundy

    moves = grundy.ruleset(spec).sparse_moves(n)
    arguments = [",".join(str(int(x)) for x in np.asarray(moves[i]).tolist()) for i in range(4)]
    command = [str(binary), str(n), *arguments, str(int(moves[4])), str(int(moves[5])), values_file]
    return json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def main() -> None:
    if len(sys.argv) == 7 and sys.argv[1] == "--run":
        spec, what, n, repeat, save = sys.argv[2:]
        print(json.dumps(run(spec, what, int(n), int(repeat), save or None)))
        return
    quick = "--quick" in sys.argv
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
    binary = compiled_c()
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for name, (spec, n, search, is_quick) in CASES.items():
            if quick and not is_quick:
                continue
            numba_file, c_file = f"{scratch}/numba.npy", f"{scratch}/c.bin"
            rounds = []  # numba, C and the period search take turns, so a busy machine slows all alike; best of each
            for _ in range(repeat):
                rounds.append((measure(spec, "sparse", n, 1, numba_file), binary and run_c(binary, spec, n, c_file),
                               search and measure(spec, "period", 0, 1)))
            sparse = min((r[0] for r in rounds), key=lambda r: r["seconds"])
            sparse["peak_mb"] = rounds[0][0]["peak_mb"]
            c_time, ratio = "n/a (no C compiler)", "n/a"
            if binary is not None:
                if not np.array_equal(np.load(numba_file), np.fromfile(c_file, dtype=np.uint16)):
                    raise SystemExit(f"{name}: the C kernel's values differ from numba's")
                c_time = min(r[1]["seconds"] for r in rounds)
                ratio = sparse["seconds"] / c_time
            row = [name, n, sparse["seconds"], c_time, ratio, sparse["peak_mb"], sparse["peak_mb"] * 1e6 / n]
            if search:
                period = min((r[2] for r in rounds), key=lambda r: r["seconds"])
                row += [period["values"], period["seconds"],
                        period["seconds"] / sparse["seconds"] * n / period["values"], period["peak_mb"],
                        period["peak_mb"] * 1e6 / period["values"], period["detail"]]
            else:
                row += ["", "", "", "", "", ""]
            rows.append(row + [sparse["detail"]])
    print_table(["case", "values", "numba s", "C s", "numba/C", "peak MB", "B/value", "period values",
                 "period s", "overhead", "period MB", "period B/value", "period", "sparse kernel"], rows)
    print("numba on one core (no two-thread kernel: see this script's docstring); C: benchmarks/c/sparse.c, the "
          "same method, gcc -O3 -march=native, values equal; overhead: period time per value over values-only time "
          "per value")
    naive_rows = []
    for spec, (n, is_quick) in NAIVE.items():
        if quick and not is_quick:
            continue
        naive, sparse = measure(spec, "naive", n, 1), measure(spec, "sparse", n, repeat)
        naive_rows.append([spec, n, naive["seconds"], sparse["seconds"], naive["seconds"] / sparse["seconds"]])
    print()
    print_table(["game", "values", "naive s", "sparse s", "sparse speed-up"], naive_rows)


if __name__ == "__main__":
    main()
