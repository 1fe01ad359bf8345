"""A picture of a misère quotient (``grundy misere SPEC --max-heap N --png FILE``): a strip with one cell
per heap, coloured by the heap's element (the pretending function Φ), the heaps whose element is in the
P-portion marked with a dot, and the periodic part of Φ shaded over the strip once the quotient is complete.

The colours of P-positions, of a preperiod and of the cycles of a period are those of every other picture
(:mod:`grundy.patterns.plot`, which this layer does not import; a test holds them equal).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from grundy.core.pngs import CYCLE_COLOURS, P_COLOUR, PREPERIOD_COLOUR, pyplot, save_png, writable

DRAWN = 101  # heaps drawn at most (0..100): past them a cell is too narrow to read
WORDS_ON_CELLS = 40  # heaps drawn at most with each cell's word written on it
LISTED = 16  # elements named in the legend at most (in the order heaps first reach them)
IDENTITY_COLOUR = "#eceff1"  # the element 1 (heap 0, and any heap that plays as no heap at all)
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
           "#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5", "#c49c94", "#f7b6d2", "#dbdb8d", "#9edae5")  # tab20, no reds
BAND = (0.56, 0.8)  # the lane over the strip where the preperiod and the period are shaded


def plot_quotient(found: Any, path: str | Path) -> Path:
    """Draw a misère quotient (a :class:`~grundy.quotient.MisereQuotient`, or its ``to_dict()`` / the
    answer of ``grundy misere --json``) as a strip of heaps 0..N (the first :data:`DRAWN` of them at
    most), each cell coloured by its element; return the path.

    >>> import grundy, tempfile, os
    >>> out = plot_quotient(grundy.misere_quotient("octal:0.75", 20), tempfile.mktemp(suffix=".png"))
    >>> os.path.getsize(out) > 0
    True
    """
    plt = pyplot()  # first: without matplotlib, the one error that names the plot extra
    path = writable(path)
    answer = found.to_dict() if hasattr(found, "to_dict") else found
    q = answer["quotient"]
    words = list(q["elements"][:DRAWN])
    distinct = list(dict.fromkeys(words))  # in the order heaps first reach them
    colours = _colours(distinct)
    fig, ax = plt.subplots(figsize=(11, 3.4), dpi=110)
    _cells(ax, words, colours, _cell_width(fig, len(words)))
    handles = _element_handles(distinct, colours, set(q["p_portion"]))
    handles.append(_p_marks(ax, fig, words, set(q["p_portion"]), q["p_portion"]))
    if q["complete"]:
        handles += _shade_period(ax, q["preperiod"], q["period"], len(words))
    ax.set_xlim(-0.5, len(words) - 0.5)
    ax.set_ylim(-0.5, BAND[1] + 0.04 if q["complete"] else 0.5)
    ax.set_yticks([])
    ax.set_xlabel("heap n")
    ax.set_ylabel("element Φ(n)")
    ax.set_title(_title(answer, len(words)), fontsize="medium")
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.3), fontsize="small",
              ncol=min(8, len(handles)), frameon=False)  # under the heap numbers, where it hides no heap
    fig.tight_layout()
    return save_png(fig, path, bbox_inches="tight")


def _colours(distinct: list[str]) -> dict[str, str]:
    """One colour per element: the identity a pale grey, the others from a palette with no red in it (red
    marks the P-portion), or evenly along viridis when there are more elements than the palette has."""
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    others = [word for word in distinct if word != "1"]
    if len(others) <= len(PALETTE):
        chosen = list(PALETTE[:len(others)])
    else:
        ramp = colormaps["viridis"]
        chosen = [to_hex(ramp(k / max(1, len(others) - 1))) for k in range(len(others))]
    return {"1": IDENTITY_COLOUR} | dict(zip(others, chosen, strict=True))


def _cell_width(fig: Any, cells: int) -> float:
    """About how wide a cell of the strip is drawn, in points."""
    return fig.get_figwidth() * 0.85 * 72 / cells


def _cells(ax: Any, words: list[str], colours: dict[str, str], width: float) -> None:
    """The strip: one cell a heap in its element's colour, its word written on it when the heaps are few."""
    from matplotlib.colors import ListedColormap

    order = list(colours)
    ax.imshow([[order.index(word) for word in words]], cmap=ListedColormap([colours[w] for w in order]),
              vmin=-0.5, vmax=len(order) - 0.5, aspect="auto", interpolation="nearest",
              extent=(-0.5, len(words) - 0.5, -0.5, 0.5))
    ax.set_aspect("auto")
    if len(words) > WORDS_ON_CELLS:
        return
    upright = max(map(len, words)) * 6 <= width  # else the words run up the cells
    for heap, word in enumerate(words):
        ax.text(heap, 0.12, word, ha="center", va="center", fontsize="small", rotation=0 if upright else 90,
                color="white" if _dark(colours[word]) else "black")


def _dark(colour: str) -> bool:
    """Whether white text reads better than black on ``colour``."""
    from matplotlib.colors import to_rgb

    red, green, blue = to_rgb(colour)
    return 0.299 * red + 0.587 * green + 0.114 * blue < 0.5


def _element_handles(distinct: list[str], colours: dict[str, str], p_portion: set[str]) -> list[Any]:
    """The legend's elements, the first :data:`LISTED` of them (a P element says so), then how many more."""
    from matplotlib.patches import Patch

    handles = [Patch(facecolor=colours[word], edgecolor="#555555", label=f"{word} (P)" if word in p_portion else word)
               for word in distinct[:LISTED]]
    if len(distinct) > LISTED:
        handles.append(Patch(facecolor="none", edgecolor="none", label=f"… {len(distinct) - LISTED} more elements"))
    return handles


def _p_marks(ax: Any, fig: Any, words: list[str], p_portion: set[str], listed: list[str]) -> Any:
    """A dot low in each cell whose element is in the P-portion (dots narrower than a cell, so each
    stands apart); returns its legend handle."""
    from matplotlib.lines import Line2D

    size = min(9.0, 0.65 * _cell_width(fig, len(words)))
    heaps = [heap for heap, word in enumerate(words) if word in p_portion]
    ax.plot(heaps, [-0.3] * len(heaps), linestyle="none", marker="o", markersize=size, color=P_COLOUR,
            markeredgewidth=0, zorder=4)
    return Line2D([], [], linestyle="none", marker="o", color=P_COLOUR, markeredgewidth=0,
                  label=f"P-portion {{{', '.join(listed)}}}")


def _shade_period(ax: Any, preperiod: int, period: int, drawn: int) -> list[Any]:
    """Shade the lane over the strip: the preperiod, then each cycle of the period drawn (named on the
    lane when wide enough); a dashed line where the period starts. Returns the legend's handles."""
    from matplotlib.patches import Patch, Rectangle

    low, high = BAND
    handles = []
    if preperiod > 0:
        ax.add_patch(Rectangle((-0.5, low), min(preperiod, drawn), high - low, color=PREPERIOD_COLOUR, alpha=0.35,
                               linewidth=0))
        handles.append(Patch(color=PREPERIOD_COLOUR, alpha=0.35, label=f"preperiod: heaps < {preperiod:,}"))
        if preperiod >= drawn / 12:
            ax.text(min(preperiod, drawn) / 2 - 0.5, (low + high) / 2, "preperiod", ha="center", va="center",
                    fontsize="small")
    for k, left in enumerate(range(preperiod, drawn, period)):
        width = min(period, drawn - left)
        ax.add_patch(Rectangle((left - 0.5, low), width, high - low, color=CYCLE_COLOURS[k % 2], alpha=0.35,
                               linewidth=0))
        if period >= drawn / 12:
            ax.text(left + width / 2 - 0.5, (low + high) / 2, f"cycle {k + 1}", ha="center", va="center",
                    fontsize="small")
    if period < drawn / 12 <= drawn - preperiod:  # cycles too narrow to name: the periodic part named once
        ax.text((preperiod + drawn) / 2 - 0.5, (low + high) / 2, f"period {period:,}", ha="center", va="center",
                fontsize="small")
    if preperiod < drawn:
        ax.axvline(preperiod - 0.5, color="#555555", linestyle="--", linewidth=0.9)
        handles.append(Patch(color=CYCLE_COLOURS[0], alpha=0.35,
                             label=f"period {period:,}: heaps ≥ {preperiod:,}"))
    return handles


def _title(answer: Mapping[str, Any], drawn: int) -> str:
    """``misère quotient of SPEC, heaps 0..N: order K, tame/wild``, how many heaps are drawn when not
    all, and whether the quotient covers every heap."""
    q, top = answer["quotient"], answer["max_heap"]
    shown = f" (the first {drawn:,} drawn)" if drawn < top + 1 else ""
    first = (f"misère quotient of {answer['spec']}, heaps 0..{top:,}{shown}: order {q['order']:,}, "
             f"{'tame' if q['tame'] else 'wild'}")
    second = (f"complete: Φ is periodic from heap {q['preperiod']:,} with period {q['period']:,}, so it covers "
              "every heap" if q["complete"] else f"not known to cover heaps past {top:,}")
    return f"{first}\n{second}"
