"""A scatter plot of Smith's values (a heap game whose moves can cycle): the finite values as
``grundy table --png`` draws Grundy values, and each ∞K entry as a marker of its own in a band above
them, labelled with its K where there is room (matplotlib, Agg backend: no screen needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from grundy.core.loopy import LoopyValue
from grundy.core.pngs import P_COLOUR, pyplot, save_png, writable

VALUE_COLOUR = "#1f5fa8"  # finite values (as plot_values draws them)
INFINITE_COLOUR = "#7b1fa2"  # ∞K entries, in their band
LABELLED = 40  # ∞ entries labelled with their K at most (and heaps drawn at most, for room)
LABEL_CHARACTERS = 12  # a K longer than this is cut with …
INFINITE_LEGEND = "∞K: a draw unless 0 is in K (then N: move to 0)"


def plot_loopy_values(spec: str, values: Sequence[LoopyValue], path: str | Path, first: int = 0) -> Path:
    """Write a PNG of Smith's values from n = ``first``: G(n) against n for the finite values
    (P-positions marked), each ∞K in a band above the largest of them (a row labelled ∞), named in
    the legend and labelled with K where there is room; return the path.

    >>> import tempfile, os
    >>> values = [LoopyValue(0), LoopyValue(1), LoopyValue.parse("∞{0}"), LoopyValue.parse("∞")]
    >>> os.path.getsize(plot_loopy_values("f", values, tempfile.mktemp(suffix=".png"))) > 0
    True
    """
    plt = pyplot()  # first: without matplotlib, the one error that names the plot extra
    path = writable(path)
    n = np.arange(first, first + len(values))
    infinite = np.array([v.infinite for v in values], dtype=bool)
    finite = np.array([-1 if v.infinite else v.finite for v in values], dtype=np.int64)
    top = int(finite.max(initial=0))
    band = top + 1.5  # the ∞ row, half a step clear of the largest finite value
    fig, ax = plt.subplots(figsize=(10, 4.4), dpi=110)
    size = max(1.0, 12.0 - np.log10(max(len(values), 1)) * 2.5)
    _finite_points(ax, n[~infinite], finite[~infinite], size)
    if infinite.any():
        ax.scatter(n[infinite], np.full(int(infinite.sum()), band), s=max(8.0, size * 3), marker="D",
                   color=INFINITE_COLOUR, linewidths=0, zorder=3, label=INFINITE_LEGEND)
    labelled = 0 < infinite.sum() <= LABELLED and len(values) <= LABELLED
    if labelled:
        _label_sets(ax, [(int(x), v) for x, v in zip(n, values, strict=True) if v.infinite], band)
    ax.axhline(top + 0.75, color="#bbbbbb", linewidth=0.6, linestyle=":")
    _value_axis(ax, top, band, labelled)
    ax.set_title(_title(spec, first, len(values), int(infinite.sum())), fontsize="medium")
    ax.set_xlabel("heap n")
    ax.set_ylabel("G(n)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize="small", ncol=3, frameon=False)
    fig.tight_layout()
    return save_png(fig, path)


def _finite_points(ax: Any, n: np.ndarray, values: np.ndarray, size: float) -> None:
    """The finite values as ``plot_values`` draws Grundy values, P-positions (0) in :data:`P_COLOUR`."""
    if len(values):
        ax.scatter(n, values, s=size, color=VALUE_COLOUR, linewidths=0, label="G(n)")
    zeros = values == 0
    if zeros.any():
        ax.scatter(n[zeros], values[zeros], s=size * 2, color=P_COLOUR, linewidths=0, label="P-positions")


def _label_sets(ax: Any, entries: list[tuple[int, LoopyValue]], band: float) -> None:
    """Each ∞ entry's K written over its marker, upright (``{}`` for an empty K)."""
    for x, value in entries:
        text = "{" + ",".join(map(str, sorted(value.options))) + "}"
        if len(text) > LABEL_CHARACTERS:
            text = text[:LABEL_CHARACTERS - 2] + "…}"
        ax.annotate(text, (x, band), xytext=(0, 6), textcoords="offset points", rotation=90, ha="center",
                    va="bottom", fontsize="x-small", color="#333333")


def _value_axis(ax: Any, top: int, band: float, labelled: bool) -> None:
    """Whole-number ticks up to ``top`` and one tick ∞ at the band, with room above it for the labels."""
    from matplotlib.ticker import MaxNLocator

    ticks = [int(t) for t in MaxNLocator(integer=True).tick_values(0, top) if 0 <= t <= top]
    ax.set_yticks([*ticks, band], [*map(str, ticks), "∞"])
    room = 0.45 * (band + 0.5) if labelled else 0.5  # the labels take about a third of the height
    ax.set_ylim(-0.5, band + room)


def _title(spec: str, first: int, count: int, infinite: int) -> str:
    entries = "1 ∞ entry" if infinite == 1 else f"{infinite:,} ∞ entries"
    return f"Smith's values of {spec}, {first} <= n < {first + count:,}   ({entries})"
