"""Benchmark: misère quotients (issue 30) and the naive misère search they replace.

For each game, in a child process under a 3 GB address-space cap and a timeout: the quotient Q_N of
the heaps up to N (``grundy.quotient.quotient_of``) with its order, |P|, tameness, whether it covers
every heap (the misère periodicity test) and from which heap, CPU seconds and peak memory (the
child's max RSS); then the misère sum 12+11+10+9 answered by a plain search of the whole sum
(``PositionSearch(rules, misere=True)``: positions visited, CPU seconds) next to the quotient's answer
(they must agree); 30+25+20, which the plain search refuses at its default 300,000 positions; and
the CPU time of answering sums of 30 random heaps <= N from the quotient.

    python benchmarks/misere.py                      # every game, N = 30 (Dawson's Kayles: order 360)
    python benchmarks/misere.py --only octal:0.07 --max-heap 20 --timeout 120

Dawson's Kayles' Q_30 has 360 elements (Siegel, "Some MisereSolver questions answered", 2007).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _table import print_table  # noqa: E402

GAMES = [  # (name, spec): the list
    ("Dawson's Kayles", "octal:0.07"),
    ("Kayles", "kayles"),
    ("0.75", "octal:0.75"),
    ("4.7", "octal:4.7"),
    ("Dawson's Chess", "octal:0.137"),
    ("Grundy's game", "grundy-game"),
    ("subtraction 1,3,4", "subtraction:1,3,4"),
]
SMALL_SUM = (12, 11, 10, 9)  # the naive search's sum: 4 heaps <= 12
BIG_SUM = (30, 25, 20)  # the refusal: a plain search stops at its 300,000 positions
LONG_SUM, LONG_SUMS = 30, 200  # sums of 30 heaps answered from the quotient, how many
CAP = 3 * 1024**3  # the child's address space
WORK = 10**9  # the quotient's work budget (max_states): the cap and the timeout bound it instead


def _cpu(function):
    """(result, CPU seconds of this process) of one call."""
    start = time.process_time()
    result = function()
    return result, time.process_time() - start


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: kB


def measure(spec: str, max_heap: int) -> dict:
    """Everything one row needs, for one game (run in the child)."""
    import grundy
    from grundy.core.search import PositionSearch
    from grundy.quotient import quotient_of

    rules = grundy.ruleset(spec)
    row: dict = {"base_mb": _rss_mb()}
    with grundy.budget(max_states=WORK):
        q, row["seconds"] = _cpu(lambda: quotient_of(rules, max_heap))
    row["peak_mb"] = _rss_mb()
    row.update(order=q.order, p=len(q.p_portion), tame=q.tame, complete=q.complete,
               complete_from=q.complete_from_heap, generators=len(q.generators))
    heaps = [min(h, max_heap) for h in SMALL_SUM]
    search = PositionSearch(rules, misere=True, max_states=20_000_000)
    naive, row["naive_seconds"] = _cpu(lambda: search.outcome(heaps))
    fast, row["q_seconds"] = _cpu(lambda: q.outcome(heaps))
    row.update(sum=heaps, naive=naive, positions=len(search.memo), agree=naive == fast)
    row.update(_big_sum(rules, q, [min(h, max_heap) for h in BIG_SUM]))
    rng = random.Random(30)
    sums = [[rng.randint(1, max_heap) for _ in range(LONG_SUM)] for _ in range(LONG_SUMS)]
    _, seconds = _cpu(lambda: [q.outcome(s) for s in sums])
    row["long_ms"] = seconds / LONG_SUMS * 1e3
    return row


def _big_sum(rules, q, heaps: list[int]) -> dict:
    """The plain search of ``heaps`` under its default budget (refused or not) next to the quotient."""
    from grundy.core.errors import LimitError
    from grundy.core.search import PositionSearch

    search = PositionSearch(rules, misere=True)
    try:
        naive, seconds = _cpu(lambda: search.outcome(heaps))
    except LimitError:
        naive, seconds = None, float("nan")
    fast, q_seconds = _cpu(lambda: q.outcome(heaps))
    return {"big_sum": heaps, "big_naive": naive or f"refused at {len(search.memo):,}", "big_seconds": seconds,
            "big_q": fast, "big_q_ms": q_seconds * 1e3, "big_agree": naive in (None, fast)}


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


def run_child(spec: str, max_heap: int, timeout: float) -> dict:
    """``measure`` in a child process; ``{"error": ...}`` when it fails, runs out or overruns."""
    command = [sys.executable, __file__, "--child", spec, "--max-heap", str(max_heap)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, preexec_fn=_capped)
    except subprocess.TimeoutExpired:
        return {"error": f"over {timeout:.0f} s"}
    if done.returncode:
        lines = done.stderr.strip().splitlines() or [f"exit {done.returncode}"]
        return {"error": lines[-1][:60]}
    return json.loads(done.stdout)


def _rows(results: list[tuple[str, dict]], max_heap: int) -> tuple[list, list]:
    quotients, searches = [], []
    for name, r in results:
        if "error" in r:
            quotients.append([name, max_heap, "-", "-", "-", "-", "-", "-", r["error"][:90]])
            continue
        complete = f"yes, heap {r['complete_from']}" if r["complete"] else "no"
        quotients.append([name, max_heap, r["order"], r["p"], "yes" if r["tame"] else "no", complete,
                          r["seconds"], r["peak_mb"], f"{r['peak_mb'] - r['base_mb']:.0f} over import"])
        agree = "yes" if r["agree"] and r["big_agree"] else "NO"
        searches.append([name, "+".join(map(str, r["sum"])), r["naive"], r["positions"], r["naive_seconds"],
                         r["q_seconds"] * 1e3, "+".join(map(str, r["big_sum"])), r["big_naive"], r["big_q"],
                         r["big_q_ms"], agree, r["long_ms"]])
    return quotients, searches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-heap", type=int, default=30)
    parser.add_argument("--only", action="append", help="a spec of GAMES (repeatable)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per game")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        from grundy.core.errors import GrundyError

        try:
            print(json.dumps(measure(args.child, args.max_heap)))
        except (GrundyError, MemoryError) as exc:
            print(json.dumps({"error": str(exc) or "out of memory"}))
        return
    games = [(n, s) for n, s in GAMES if not args.only or s in args.only]
    results = []
    for name, spec in games:
        results.append((name, run_child(spec, args.max_heap, args.timeout)))
        print(f"  {name}: done", file=sys.stderr, flush=True)
    quotients, searches = _rows(results, args.max_heap)
    print_table(["game", "N", "|Q|", "|P|", "tame", "complete", "CPU s", "peak RSS MB", "growth"], quotients)
    print()
    print_table(["game", "sum", "outcome", "naive positions", "naive CPU s", "quotient ms", "big sum", "naive",
                 "quotient", "quotient ms", "agree", f"ms per {LONG_SUM}-heap sum"], searches)


if __name__ == "__main__":
    main()
