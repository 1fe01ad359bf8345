"""Scatter plots of nim-sequences (matplotlib, Agg backend: no screen needed)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from grundy.core.pngs import CYCLE_COLOURS, N_COLOUR, P_COLOUR, PREPERIOD_COLOUR, pyplot, save_png, writable

if TYPE_CHECKING:
    from grundy.patterns.pattern import Pattern
    from grundy.patterns.period import Periodicity

TITLE_WIDTH = 110  # characters a line of a rule shown over a wide plot
NARROW_TITLE = 64  # the same over a square map
STRIP = 4000  # heaps drawn at most in a period's strip
CYCLES = 3  # cycles of the period drawn after the preperiod


def plot_values(spec: str, values: np.ndarray, path: str | Path, period: Periodicity | None = None,
                subtitle: str | None = None, first: int = 0) -> Path:
    """Write a PNG scatter plot of G(n) against n (``values`` from n = ``first``), with P-positions
    marked; return the path.

    >>> import grundy, tempfile, os
    >>> out = plot_values("kayles", grundy.ruleset("kayles").values(200), tempfile.mktemp(suffix=".png"))
    >>> os.path.getsize(out) > 0
    True
    """
    plt = pyplot()  # first: without matplotlib, the one error that names the plot extra
    from matplotlib.ticker import MaxNLocator

    path = writable(path)
    n = np.arange(first, first + len(values))
    fig, ax = plt.subplots(figsize=(10, 4), dpi=110)
    size = max(1.0, 12.0 - np.log10(max(len(values), 1)) * 2.5)
    ax.scatter(n, values, s=size, color="#1f5fa8", linewidths=0, label="G(n)")
    zeros = values == 0
    ax.scatter(n[zeros], values[zeros], s=size * 2, color=P_COLOUR, linewidths=0, label="P-positions")
    title = f"Grundy values of {spec}, {first} <= n < {first + len(values):,}"
    if period is not None and period.period:
        saltus = f", saltus {period.saltus}" if period.saltus else ""
        title += f"   (preperiod {period.preperiod}, period {period.period}{saltus})"
        ax.axvline(period.preperiod, color="#888888", linestyle="--", linewidth=0.8)
    ax.set_title(title if subtitle is None else f"{title}\n{_short(subtitle)}", fontsize="medium")
    ax.set_xlabel("heap n")
    ax.set_ylabel("G(n)")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # values are whole numbers
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    return save_png(fig, path)


def plot_pattern(found: Pattern, path: str | Path) -> Path:
    """Draw the table a pattern was found in, with the rule over it: a scatter plot of G(n), a
    heat map of G(a, b) (P-positions marked) for a game of pairs, or for pairs whose table holds
    outcomes only a P/N map in two colours; return the path.

    >>> import grundy, tempfile, os
    >>> out = plot_pattern(grundy.pattern("wythoff"), tempfile.mktemp(suffix=".png"))
    >>> os.path.getsize(out) > 0
    True
    """
    subtitle = found.rule if found.found else "no pattern found"
    if found.dimensions == 1 and found.positions_only:
        return plot_outcomes(found.spec, np.asarray(found.values), path, subtitle)
    if found.dimensions == 1:
        return plot_values(found.spec, found.values, path, subtitle=subtitle)
    plt = pyplot()
    path = writable(path)
    grid = np.asarray(found.values, dtype=float)
    fig, ax = plt.subplots(figsize=(7, 6.4), dpi=110)
    if found.positions_only:
        _outcome_map(ax, grid)
    else:
        image = ax.imshow(np.ma.masked_less(grid, 0), origin="lower", cmap="viridis", interpolation="nearest")
        a, b = np.nonzero(grid == 0)
        ax.scatter(b, a, s=max(2.0, 600 / len(grid)), color=P_COLOUR, linewidths=0, label="P-positions")
        fig.colorbar(image, ax=ax, shrink=0.8, label="G(a, b)")
    ax.set_title(f"{found.spec}, a, b < {len(grid)}\n{_short(subtitle, NARROW_TITLE)}", fontsize="medium")
    ax.set_xlabel("b")
    ax.set_ylabel("a")
    if ax.get_legend() is None:
        ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    return save_png(fig, path)


def plot_outcomes(spec: str, outcomes: np.ndarray, path: str | Path, subtitle: str) -> Path:
    """A P/N strip of a game whose table holds outcomes only (0 for a P-position, from n = 0): one
    cell per heap, P and N in two colours named in a legend; return the path.

    >>> import grundy, tempfile, os
    >>> out = plot_pattern(grundy.pattern("fibonacci-nim"), tempfile.mktemp(suffix=".png"))
    >>> os.path.getsize(out) > 0
    True
    """
    plt = pyplot()
    path = writable(path)
    fig, ax = plt.subplots(figsize=(10, 2.6), dpi=110)
    _outcome_map(ax, outcomes.reshape(1, -1))
    ax.legend(handles=ax.get_legend().legend_handles, loc="upper left", bbox_to_anchor=(1.005, 1.0),
              fontsize="small")  # beside the strip, where it hides no heap
    ax.set_aspect("auto")
    ax.set_yticks([])
    ax.set_ylabel("outcome")
    ax.set_title(f"P- and N-positions of {spec}, 0 <= n < {len(outcomes):,}\n{_short(subtitle)}", fontsize="medium")
    ax.set_xlabel("heap n")
    fig.tight_layout()
    return save_png(fig, path)


def _outcome_map(ax: Any, grid: np.ndarray) -> None:
    """A P/N map on ``ax``: P-positions (0) in one colour, N-positions in another, named in a legend
    (two outcomes: no colour bar)."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    cells = np.ma.masked_where(grid < 0, (grid != 0).astype(float))  # negative: not computed
    ax.imshow(cells, origin="lower", cmap=ListedColormap([P_COLOUR, N_COLOUR]), vmin=0, vmax=1,
              interpolation="nearest")
    ax.legend(handles=[Patch(facecolor=colour, edgecolor="#555555", label=label)
                       for colour, label in ((P_COLOUR, "P"), (N_COLOUR, "N"))], loc="upper left", fontsize="small")


def plot_period(found: Periodicity, path: str | Path) -> Path:
    """Draw the strip of values behind a period: G(n) with the preperiod and the first cycles of the
    period shaded and labelled (or the values alone when no period was found); return the path.

    >>> import grundy, tempfile, os
    >>> out = plot_period(grundy.period("kayles"), tempfile.mktemp(suffix=".png"))
    >>> os.path.getsize(out) > 0
    True
    """
    plt = pyplot()
    from matplotlib.ticker import MaxNLocator

    path = writable(path)
    start, end = _strip(found)
    n = np.arange(start, end)
    values = np.asarray(found.values[start:end])
    fig, ax = plt.subplots(figsize=(10, 4), dpi=110)
    if found.period:
        _shade_period(ax, found, start, end)
    ax.plot(n, values, color="#1f5fa8", linewidth=0.6, marker="o", markersize=2.5, label="G(n)")
    zeros = values == 0
    ax.scatter(n[zeros], values[zeros], s=14, color=P_COLOUR, linewidths=0, zorder=3, label="P-positions")
    ax.set_title(_period_title(found, start, end), fontsize="medium")
    ax.set_xlabel("heap n")
    ax.set_ylabel("G(n)")
    ax.set_xlim(start - 0.5, end - 0.5)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize="small", ncol=4, frameon=False)
    fig.tight_layout()
    return save_png(fig, path)


def _strip(found: Periodicity) -> tuple[int, int]:
    """The heaps drawn: through three cycles past the preperiod, at most :data:`STRIP` of them."""
    computed = found.values_computed
    end = min(computed, found.preperiod + CYCLES * found.period) if found.period else computed
    end = max(end, min(computed, 20))
    return max(0, end - STRIP), end


def _shade_period(ax: Any, found: Periodicity, start: int, end: int) -> None:
    """Shade the preperiod and each cycle of the period shown, labelled on the plot and in the legend."""
    pre, period = found.preperiod, found.period
    wide = (end - start) / 20  # a span narrower than this is named in the legend only
    if pre > start:
        ax.axvspan(start - 0.5, pre - 0.5, color=PREPERIOD_COLOUR, alpha=0.35, linewidth=0,
                   label=f"preperiod: n < {pre:,}")
        if pre - start >= wide:
            ax.text((start + pre) / 2, 0.02, "preperiod", transform=ax.get_xaxis_transform(), ha="center",
                    va="bottom", fontsize="small")
    named = f"period {period:,}" + (f", saltus {found.saltus}" if found.saltus else "")
    for k, left in enumerate(range(pre, end, period)):
        low, high = max(left, start), min(left + period, end)
        if high <= low:
            continue  # a cycle before the strip drawn
        ax.axvspan(low - 0.5, high - 0.5, color=CYCLE_COLOURS[k % 2], alpha=0.35, linewidth=0, label=named)
        named = None  # one legend entry for the period
        if period >= wide:
            ax.text((low + high) / 2 - 0.5, 0.02, f"cycle {k + 1}", transform=ax.get_xaxis_transform(), ha="center",
                    va="bottom", fontsize="small")


def _period_title(found: Periodicity, start: int, end: int) -> str:
    shown = f"{start:,} <= n < {end:,}"
    if not found.period:
        return f"{found.spec}: no period found in {found.values_computed:,} values ({shown})"
    state = "proved" if found.proved else "seen, not proved"
    return f"{found.spec}: preperiod {found.preperiod:,}, period {found.period:,} ({state}); {shown}"


def _short(text: str, width: int = TITLE_WIDTH) -> str:
    """A rule for a title: wrapped to ``width`` characters a line, at most two lines, cut with … past them."""
    import textwrap

    lines = textwrap.wrap(text, width) or [""]
    if len(lines) > 2:
        lines = [lines[0], textwrap.shorten(" ".join(lines[1:]), width, placeholder=" …")]
    return "\n".join(lines)
