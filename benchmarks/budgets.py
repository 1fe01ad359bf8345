"""Benchmark: the paths of issue 26 — does each answer or stop within its budget, on what CPU and memory.

Each case runs in a child process under a hard cap (address space ``--memory``, CPU ``--cpu``
seconds; past them the child fails or is killed) with grundy's memory budget below it (``--budget``,
default 4GB), and the table gives its exit status, the CPU
seconds it spent (its own, not the wall clock), its peak resident memory and the last line it
printed. ``--tree DIR`` runs another checkout of grundy (its ``src``) with this one's cases, for a
before/after table run side by side on this machine:

    git worktree add /tmp/before <commit>
    python benchmarks/budgets.py --tree /tmp/before      # before
    python benchmarks/budgets.py                         # after
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from tests.hostile import RULES, TEN_18, run_capped  # noqa: E402

from _table import print_table  # noqa: E402

SWITCHES = "+".join(f"{{{k}|-{k}}}" for k in range(1, 40))
CASES: list[tuple[str, list[str], str]] = [  # (name, grundy's arguments or ["-c", python code], stdin)
    ("solve --rules split_or_take 10^18", ["solve", "--rules", f"{RULES}:split_or_take", "--splits", TEN_18], ""),
    ("solve --rules powers 10^18", ["solve", "--rules", f"{RULES}:powers", TEN_18], ""),
    ("API solve(one_or_two, [10^18])", ["-c", "import grundy, hostile_rules as h\n"
                                              "try: grundy.solve(grundy.impartial(h.one_or_two), [10**18])\n"
                                              "except grundy.GrundyError as e: print('error:', e)"], ""),
    ("play nim 100 200 300", ["play", "nim", "100", "200", "300", "--first", "human"], "quit\n"),
    ("play wythoff 1000,1618", ["play", "wythoff", "1000,1618", "--first", "human"], "quit\n"),
    ("period treblecross", ["period", "treblecross"], ""),
    ("period octal:.6", ["period", "octal:.6"], ""),
    ("API grundy-game values(2^20)", ["-c", "import grundy\n"
                                            "try: print(len(grundy.ruleset('grundy-game').values(2**20)))\n"
                                            "except grundy.GrundyError as e: print('error:', e)"], ""),
    ("value eatcake 30,30 --max-states 10000", ["value", "eatcake", "30,30", "--max-states", "10000"], ""),
    ("value maundy-cake 5040,5040", ["value", "maundy-cake", "5040,5040"], ""),
    ("value --expr *4096", ["value", "--expr", "*4096"], ""),
    ("value --expr {1|-1}+...+{39|-39}", ["value", "--expr", SWITCHES], ""),
    ("value clobber 6x6", ["value", "clobber", "|".join(("xo" * 3, "ox" * 3) * 3)], ""),
    ("value toads-and-frogs 12+6+12", ["value", "toads-and-frogs", "T" * 12 + "." * 6 + "F" * 12], ""),
    ("solve octal:.7x200 10^6", ["solve", "octal:." + "7" * 200, "1000000"], ""),
    ("--max-states 1e400", ["solve", "nim", "3", "--max-states", "1e400"], ""),
    ("--max-memory 1e400GB", ["solve", "nim", "3", "--max-memory", "1e400GB"], ""),
    ("period kayles --max (5,000 digits)", ["period", "kayles", "--max", "9" * 5000], ""),
    ("sweep --specs /dev/zero", ["sweep", "--specs", "/dev/zero", "--db", "{tmp}/s.sqlite"], ""),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", help="another checkout of grundy to run (default: this one)")
    parser.add_argument("--cpu", type=int, default=120, help="CPU seconds a case may spend (hard limit)")
    parser.add_argument("--memory", default="8e9", help="bytes of address space a case may map (hard limit)")
    parser.add_argument("--budget", default="4GB", help="grundy's own memory budget (GRUNDY_MAX_MEMORY), below the cap")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    source = Path(args.tree).resolve() / "src" if args.tree else HERE.parent / "src"
    env = {"PYTHONPATH": f"{source}{os.pathsep}{RULES.parent}", "GRUNDY_MAX_MEMORY": args.budget}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, words, stdin in CASES:
            if args.only not in name:
                continue
            argv = [sys.executable, *words] if words[0] == "-c" else [sys.executable, "-m", "grundy", *words]
            run = run_capped([w.replace("{tmp}", tmp) for w in argv], stdin, env, tmp, memory=int(float(args.memory)),
                             cpu=args.cpu)
            lines = [line for line in (run.stderr or run.stdout).splitlines() if line.strip()]
            last = lines[-1] if lines else ""
            status = "killed (CPU)" if run.status in (-9, -24) else str(run.status)
            rows.append([name, status + (" TRACEBACK" if "Traceback" in run.stderr else ""), round(run.cpu, 1),
                         round(run.peak_mb), last[:100]])
            print_table(["case", "exit", "CPU s", "peak MB", "last line"], rows[-1:])
            sys.stdout.flush()
    print()
    print_table(["case", "exit", "CPU s", "peak MB", "last line"], rows)


if __name__ == "__main__":
    main()
