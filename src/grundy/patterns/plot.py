"""Scatter plots of nim-sequences (matplotlib, Agg backend: no screen needed)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from grundy.core.errors import GrundyError

if TYPE_CHECKING:
    from grundy.patterns.period import Periodicity


def plot_values(spec: str, values: np.ndarray, path: str | Path, period: Periodicity | None = None) -> Path:
    """Write a PNG scatter plot of G(n) against n, with P-positions marked; return the path.

    >>> import grundy, tempfile, os
    >>> out = plot_values("kayles", grundy.ruleset("kayles").values(200), tempfile.mktemp(suffix=".png"))
    >>> os.path.getsize(out) > 0
    True
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    if path.parent and not path.parent.exists():
        raise GrundyError(f"cannot write {str(path)!r}: folder {str(path.parent)!r} does not exist")
    n = np.arange(len(values))
    fig, ax = plt.subplots(figsize=(10, 4), dpi=110)
    size = max(1.0, 12.0 - np.log10(max(len(values), 1)) * 2.5)
    ax.scatter(n, values, s=size, color="#1f5fa8", linewidths=0, label="G(n)")
    zeros = values == 0
    ax.scatter(n[zeros], values[zeros], s=size * 2, color="#c62828", linewidths=0, label="P-positions")
    title = f"Grundy values of {spec}, n < {len(values):,}"
    if period is not None and period.period:
        title += f"   (preperiod {period.preperiod}, period {period.period})"
        ax.axvline(period.preperiod, color="#888888", linestyle="--", linewidth=0.8)
    ax.set_title(title)
    ax.set_xlabel("heap n")
    ax.set_ylabel("G(n)")
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    try:
        fig.savefig(path, format="png")
    except OSError as exc:
        raise GrundyError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
    return path
