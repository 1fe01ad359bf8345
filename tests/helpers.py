"""Shared checks for the tests (not a test module)."""

import os
import sys
import threading

from click.testing import CliRunner

import grundy
from grundy.core.search import PositionSearch, position_moves


def check_position(rules, heaps, misere=False):
    rules = grundy.ruleset(rules)
    search = PositionSearch(rules, misere=misere)
    solution = grundy.solve(rules, heaps, misere=misere)
    assert solution.outcome == search.outcome(heaps)
    winning = [(i, option) for i, option, left in position_moves(rules, tuple(heaps))
               if search.outcome(left) == "P"]
    assert solution.winning_move_count == len(winning)
    listed = sorted((m.index, m.option) for m in solution.winning_moves)
    assert listed == sorted(winning)
    for move in solution.winning_moves:
        left = heaps[:move.index] + heaps[move.index + 1:] + list(move.option)
        assert search.outcome(left) == "P"
    if not misere:
        assert (solution.grundy == 0) == (solution.outcome == "P")


def run_cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Run ``grundy ARGV`` in this process, its streams swapped by click's ``CliRunner``, through the
    real entry point :func:`grundy.cli.main.run` (which turns errors into one line and exit 2).
    Returns the exit status, stdout and stderr."""
    from grundy.cli.main import run

    code: int = -1  # run() always exits; -1 would mean it returned
    with CliRunner().isolation(input=stdin) as (out, err, _):
        try:
            run(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        finally:
            sys.stdout.flush()  # what was written straight to sys.stdout, not through click
            sys.stderr.flush()
    return code, out.getvalue().decode(), err.getvalue().decode()


def words(text: str) -> str:
    """``text`` with every run of white space made one space (terminal output wraps at its width)."""
    return " ".join(text.split())


def one_error_line(err: str) -> str:
    """The one line ``grundy: error: ...`` of stderr, asserted to be all there is (no traceback)."""
    assert "Traceback" not in err, err[-2000:]
    assert err.endswith("\n") and err.count("\n") == 1, err[:1000]
    assert err.startswith("grundy: error: "), err[:1000]
    return err[len("grundy: error: "):-1]


# -- published sequences, typed in (independent of grundy) ------------------------------------------
# OEIS A002186: Sprague-Grundy values of Kayles (octal .77), n = 0..104 (Guy and Smith 1956,
# Winning Ways p. 91). "From n=71 on, the sequence is periodic with period 12."
KAYLES_A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6,
    7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
]
# OEIS A002187: Sprague-Grundy values of Dawson's chess (octal .137), n = 0..131 (Guy and Smith 1956,
# Winning Ways pp. 89, 102). "Has period 34 with the only exceptions at n=0, 14, 16, 17, 31, 34 and 51."
# Dawson's Kayles (.07) has the values a(n-1).
DAWSON_CHESS_A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
]


def mex(seen) -> int:
    """The least non-negative integer not in ``seen``."""
    g = 0
    while g in seen:
        g += 1
    return g


def repeats_from(values, start: int, period: int) -> bool:
    """values[n + period] == values[n] for every n >= start the list reaches."""
    return all(values[n] == values[n + period] for n in range(start, len(values) - period))


def is_least_period(values, preperiod: int, period: int) -> bool:
    """``values`` repeat with ``period`` from ``preperiod`` on, not from one earlier, and with no shorter
    period from there (as far as the list goes: make it several periods longer than the preperiod)."""
    return (repeats_from(values, preperiod, period)
            and not (preperiod > 0 and repeats_from(values, preperiod - 1, period))
            and not any(repeats_from(values, preperiod, d) for d in range(1, period)))


def read_terminal(fd: int, into: list[bytes]) -> threading.Thread:
    """Read the main side of a pseudo-terminal into ``into``, in a thread of its own, until its other
    side is closed (the thread is returned, to join)."""
    def read() -> None:
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                return
            if not chunk:
                return
            into.append(chunk)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def read_all(fd: int) -> bytes:
    """Everything the main side of a pseudo-terminal gives until its other side is closed."""
    chunks: list[bytes] = []
    read_terminal(fd, chunks).join()
    return b"".join(chunks)
