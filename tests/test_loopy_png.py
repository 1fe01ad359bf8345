"""``grundy table --png`` of a game whose moves can cycle (issue 32): Smith's values drawn, the
finite values as the usual scatter and each ∞K entry as a marker of its own colour in a band above
them, named in the legend; no longer refused.

The PNG is read back as tests/test_rough_pictures.py reads its pictures: its text chunks (the
figure's titles, labels and legend) and its pixels, whose blobs of one colour are the markers.
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from tests.helpers import run_cli
from tests.test_rough_pictures import drawn

pytest.importorskip("matplotlib")
Image = pytest.importorskip("PIL.Image")

RULES = ("--rules", "examples/rules/take_or_add.py:moves")
LEGEND = ["G(n)", "P-positions", "∞K: a draw unless 0 is in K (then N: move to 0)"]


def markers(pixels: np.ndarray, colour: str) -> int:
    """How many separate blobs (4-connected) of pixels exactly ``colour`` (to within 2 of 255) there are."""
    from matplotlib.colors import to_rgb

    mask = (np.abs(pixels.astype(float) - 255 * np.array(to_rgb(colour))) <= 2).all(axis=2)
    seen = np.zeros_like(mask)
    blobs = 0
    for start in zip(*np.nonzero(mask), strict=True):
        if seen[start]:
            continue
        blobs += 1
        seen[start] = True
        queue = deque([start])
        while queue:
            y, x = queue.popleft()
            for near in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= near[0] < mask.shape[0] and 0 <= near[1] < mask.shape[1] and mask[near] and not seen[near]:
                    seen[near] = True
                    queue.append(near)
    return blobs


def table_values(*argv: str) -> list:
    code, out, err = run_cli("table", *argv, "--json")
    assert code == 0, err
    return json.loads(out)["values"]


@pytest.mark.parametrize("n", [20, 30])
def test_loopy_table_png_draws_each_infinite_entry(tmp_path, n):
    from grundy.core.pngs import P_COLOUR
    from grundy.patterns.plot_loopy import INFINITE_COLOUR

    values = table_values(*RULES, "--n", str(n))
    infinite = sum(isinstance(v, str) for v in values)
    assert 0 < infinite < n  # ∞{0,2}, ∞{0}, ... and ∞ among finite values
    out, [plot], pixels = drawn(tmp_path, "table", *RULES, "--n", str(n))
    assert "Smith's values of moves" in out  # the table, then drawn: FILE
    assert plot["title"] == f"Smith's values of moves, 0 <= n < {n}   ({infinite} ∞ entries)"
    assert (plot["xlabel"], plot["ylabel"]) == ("heap n", "G(n)")
    assert plot["legend"] == LEGEND
    assert markers(pixels, INFINITE_COLOUR) == infinite + 1  # one marker for each ∞ entry, one in the legend
    assert markers(pixels, P_COLOUR) == values.count(0) + 1  # G = 0 at 0, 3, 6, and the legend's


def test_loopy_png_counts_heaps_from_first(tmp_path):
    from grundy.core.loopy import LoopyValue
    from grundy.patterns.plot_loopy import plot_loopy_values

    values = [LoopyValue.parse(t) for t in ("0", "∞{0,2}", "1", "∞", "∞{0}")]
    path = plot_loopy_values("f", values, tmp_path / "f.png", first=1)
    with Image.open(path) as image:
        [plot] = json.loads(image.text["Description"])
    assert plot["title"] == "Smith's values of f, 1 <= n < 6   (3 ∞ entries)"


def test_loopy_labels_read_back_from_the_figure(tmp_path, monkeypatch):
    from grundy.core import pngs
    from grundy.core.loopy import LoopyValue
    from grundy.patterns.plot_loopy import plot_loopy_values

    seen: list[list[str]] = []
    keep = pngs.described

    def texts(fig):
        seen.append([t.get_text() for t in fig.axes[0].texts] + [t.get_text() for t in fig.axes[0].get_yticklabels()])
        return keep(fig)

    monkeypatch.setattr(pngs, "described", texts)
    values = [LoopyValue.parse(t) for t in ("0", "∞{0,2}", "3", "∞")]
    plot_loopy_values("f", values, tmp_path / "f.png")
    assert seen[0][:2] == ["{0,2}", "{}"]  # each ∞ entry's K, over its marker
    assert seen[0][2:] == ["0", "1", "2", "3", "∞"]  # the ∞ row above the largest finite value 3


def test_loopy_png_is_no_longer_refused_and_json_names_it(tmp_path):
    target = tmp_path / "t.png"
    code, out, err = run_cli("table", *RULES, "--n", "20", "--json", "--png", str(target))
    assert code == 0, err
    data = json.loads(out)
    assert data["png"] == str(target) and data["loopy"] is True and "drawn:" not in out
    assert Path(target).stat().st_size > 0
