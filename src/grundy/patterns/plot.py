"""Scatter plots of nim-sequences (matplotlib, Agg backend: no screen needed)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from grundy.core.pngs import pyplot, save_png, writable

if TYPE_CHECKING:
    from grundy.patterns.pattern import Pattern
    from grundy.patterns.period import Periodicity

TITLE_WIDTH = 110  # characters of a rule shown over a plot


def plot_values(spec: str, values: np.ndarray, path: str | Path, period: Periodicity | None = None,
                subtitle: str | None = None, first: int = 0) -> Path:
    """Write a PNG scatter plot of G(n) against n (``values`` from n = ``first``), with P-positions
    marked; return the path.

    >>> import grundy, tempfile, os
    >>> out = plot_values("kayles", grundy.ruleset("kayles").values(200), tempfile.mktemp(suffix=".png"))
    >>> os.path.getsize(out) > 0
    True
    """
    plt = pyplot()
    path = writable(path)
    n = np.arange(first, first + len(values))
    fig, ax = plt.subplots(figsize=(10, 4), dpi=110)
    size = max(1.0, 12.0 - np.log10(max(len(values), 1)) * 2.5)
    ax.scatter(n, values, s=size, color="#1f5fa8", linewidths=0, label="G(n)")
    zeros = values == 0
    ax.scatter(n[zeros], values[zeros], s=size * 2, color="#c62828", linewidths=0, label="P-positions")
    title = f"Grundy values of {spec}, {first} <= n < {first + len(values):,}"
    if period is not None and period.period:
        title += f"   (preperiod {period.preperiod}, period {period.period})"
        ax.axvline(period.preperiod, color="#888888", linestyle="--", linewidth=0.8)
    ax.set_title(title if subtitle is None else f"{title}\n{_short(subtitle)}", fontsize="medium")
    ax.set_xlabel("heap n")
    ax.set_ylabel("G(n)")
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    return save_png(fig, path)


def plot_pattern(found: Pattern, path: str | Path) -> Path:
    """Draw the table a pattern was found in, with the rule over it: a scatter plot of G(n), or a
    heat map of G(a, b) (P-positions dark) for a game of pairs; return the path.

    >>> import grundy, tempfile, os
    >>> out = plot_pattern(grundy.pattern("wythoff"), tempfile.mktemp(suffix=".png"))
    >>> os.path.getsize(out) > 0
    True
    """
    subtitle = found.rule if found.found else "no pattern found"
    if found.dimensions == 1:
        return plot_values(found.spec, found.values, path, subtitle=subtitle)
    plt = pyplot()
    path = writable(path)
    grid = np.asarray(found.values, dtype=float)
    fig, ax = plt.subplots(figsize=(7, 6.4), dpi=110)
    shown = np.ma.masked_less(grid, 0)
    image = ax.imshow(shown, origin="lower", cmap="viridis", interpolation="nearest")
    a, b = np.nonzero(grid == 0)
    ax.scatter(b, a, s=max(2.0, 600 / len(grid)), color="#c62828", linewidths=0, label="P-positions")
    fig.colorbar(image, ax=ax, shrink=0.8, label="G(a, b)" if not found.positions_only else "0: P, 1: N")
    ax.set_title(f"{found.spec}, a, b < {len(grid)}\n{_short(subtitle)}", fontsize="medium")
    ax.set_xlabel("b")
    ax.set_ylabel("a")
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    return save_png(fig, path)


def _short(text: str) -> str:
    return text if len(text) <= TITLE_WIDTH else text[:TITLE_WIDTH - 1] + "…"
