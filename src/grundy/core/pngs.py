"""Writing a matplotlib figure to a PNG file, with one clear error when the file cannot be written.

>>> writable("/no/such/folder/x.png")
Traceback (most recent call last):
grundy.core.errors.GrundyError: cannot write '/no/such/folder/x.png': folder '/no/such/folder' does not exist
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from grundy.core.errors import GrundyError
from grundy.core.extras import require_extra

# the colours every picture shares
P_COLOUR = "#c62828"  # P-positions
N_COLOUR = "#cfd8dc"  # N-positions in a P/N map
PREPERIOD_COLOUR = "#ffcc80"  # a preperiod, shaded
CYCLE_COLOURS = ("#a5d6a7", "#80cbc4")  # the cycles of a period, shaded in turn


def writable(path: str | Path) -> Path:
    """``path`` as a Path, checked before any drawing: the plot extra (matplotlib) must be installed, the
    path's folder must exist and the path must not be one."""
    require_extra("plot")
    if not str(path).strip() or Path(path).is_dir():
        raise GrundyError(f"cannot write {str(path)!r}: give a file name, e.g. 'out.png'")
    path = Path(path)
    if not path.parent.exists():
        raise GrundyError(f"cannot write {str(path)!r}: folder {str(path.parent)!r} does not exist")
    return path


def pyplot() -> Any:
    """The ``matplotlib.pyplot`` module, drawing off screen (the Agg backend); without matplotlib, one
    :class:`GrundyError` naming the plot extra."""
    require_extra("plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_png(fig: Any, path: str | Path, **options: Any) -> Path:
    """Save ``fig`` as a PNG at ``path`` (``options`` go to ``savefig``) and close it; a file that
    cannot be written is a :class:`GrundyError` naming it."""
    plt = pyplot()
    try:
        path = writable(path)
        fig.savefig(path, format="png", metadata=described(fig), **options)
    except OSError as exc:
        raise GrundyError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
    return path


def described(fig: Any) -> dict[str, str]:
    """The PNG text chunks of ``fig``: ``Title`` (the first plot's title) and ``Description``, a JSON
    list of each plot's (and colour bar's) title, axis labels and legend entries, so a reader (or a test) finds what
    the picture says without looking at it."""
    plots = [{"title": ax.get_title(), "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
              "legend": [text.get_text() for text in ax.get_legend().get_texts()] if ax.get_legend() else []}
             for ax in fig.axes]  # a colour bar comes after its plot, its label the ylabel
    title = plots[0]["title"] if plots else ""
    return {"Title": title.encode("ascii", "replace").decode(),
            "Description": json.dumps(plots, ensure_ascii=True)}
