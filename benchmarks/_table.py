"""A tiny helper for benchmark scripts: time a call and print rows as an aligned table."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from typing import Any


def timed(function: Callable[[], Any], memory: bool = False) -> tuple[Any, float, float]:
    """Run ``function`` once: (result, seconds, peak MB of Python allocations or nan)."""
    if memory:
        tracemalloc.start()
    start = time.perf_counter()
    result = function()
    seconds = time.perf_counter() - start
    peak = float("nan")
    if memory:
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return result, seconds, peak


def print_table(headers: list[str], rows: list[list[Any]]) -> None:
    """Print rows under headers, columns aligned (the output of every benchmark script)."""
    cells = [headers] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    for k, row in enumerate(cells):
        print("  ".join(c.ljust(w) if i == 0 or k == 0 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths, strict=False))))
        if k == 0:
            print("  ".join("-" * w for w in widths))


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.3f}" if value < 100 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
