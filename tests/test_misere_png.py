"""``grundy misere SPEC --max-heap N --png FILE`` (issue 32): the misère quotient drawn as a strip of heaps
coloured by element, with the heaps whose element is in the P-portion marked by a dot and the periodic part
of the pretending function shaded when the quotient is complete; ``drawn: FILE`` last (``"png"`` under
--json); no plot extra: the one line naming it, before any work.

Each PNG is read back (:func:`tests.test_rough_pictures.drawn`): the plots it describes, and its pixels.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.helpers import run_cli
from tests.test_extras import PLOT, _commands
from tests.test_rough_pictures import count, drawn

pytest.importorskip("matplotlib")


def p_dots(pixels: np.ndarray, colour: str) -> int:
    """How many separate dots of ``colour`` one row of pixels crosses, at most over the rows (dots in a
    row stand apart; the legend's dot is on a row of its own)."""
    from matplotlib.colors import to_rgb

    exact = (np.abs(pixels.astype(float) - 255 * np.array(to_rgb(colour))) <= 2).all(axis=2)
    starts = exact[:, 1:] & ~exact[:, :-1]
    return int((starts.sum(axis=1) + exact[:, 0]).max())


def p_heaps(spec: str, max_heap: int, drawn_heaps: int) -> int:
    """How many of the heaps drawn have an element in the P-portion, from the quotient itself."""
    import grundy

    q = grundy.misere_quotient(spec, max_heap)
    return sum(q.is_p(q.element(heap)) for heap in range(drawn_heaps))


def test_no_element_is_drawn_in_the_colour_of_p():
    from grundy.quotient import plot

    assert plot.P_COLOUR not in plot.PALETTE


def test_a_complete_quotient_names_its_elements_marks_p_and_shades_the_period(tmp_path):
    from grundy.quotient.plot import CYCLE_COLOURS, P_COLOUR, PREPERIOD_COLOUR

    out, plots, pixels = drawn(tmp_path, "misere", "octal:0.75", "--max-heap", "30")
    assert out.splitlines()[0] == "octal:0.75, misère quotient of heaps 0..30"
    (plot,) = plots
    assert plot["title"] == ("misère quotient of octal:0.75, heaps 0..30: order 8, wild\ncomplete: Φ is periodic "
                             "from heap 8 with period 2, so it covers every heap")
    assert (plot["xlabel"], plot["ylabel"]) == ("heap n", "element Φ(n)")
    assert plot["legend"] == ["1", "a (P)", "b", "c", "ab²", "P-portion {a, b²}", "preperiod: heaps < 8",
                              "period 2: heaps ≥ 8"]
    assert p_dots(pixels, P_COLOUR) == p_heaps("octal:0.75", 30, 31) == 2  # heaps 1 and 3, both a
    assert count(pixels, PREPERIOD_COLOUR, 0.35) > 1000
    assert count(pixels, CYCLE_COLOURS[0], 0.35) > 1000 and count(pixels, CYCLE_COLOURS[1], 0.35) > 1000


def test_past_a_hundred_heaps_the_first_are_drawn_and_the_title_says_so(tmp_path):
    from grundy.quotient.plot import DRAWN, P_COLOUR

    _, (plot,), pixels = drawn(tmp_path, "misere", "subtraction:1,2", "--max-heap", "150")
    assert plot["title"].startswith("misère quotient of subtraction:1,2, heaps 0..150 (the first 101 drawn): "
                                    "order 6, tame\n")
    assert p_dots(pixels, P_COLOUR) == p_heaps("subtraction:1,2", 150, DRAWN) == 34  # heaps 1, 4, ..., 100


def test_a_quotient_not_known_complete_has_no_period_and_lists_its_elements(tmp_path):
    from grundy.quotient.plot import CYCLE_COLOURS, P_COLOUR

    _, (plot,), pixels = drawn(tmp_path, "misere", "kayles", "--max-heap", "40")
    assert plot["title"].endswith("\nnot known to cover heaps past 40")
    assert [e for e in plot["legend"] if e.endswith("(P)")] == ["a (P)", "d (P)", "e (P)", "ade (P)"]
    assert not any(e.startswith(("preperiod", "period")) for e in plot["legend"])
    assert count(pixels, CYCLE_COLOURS[0], 0.35) == 0
    assert p_dots(pixels, P_COLOUR) == p_heaps("kayles", 40, 41) == 5


def test_many_elements_name_the_first_and_count_the_rest(tmp_path):
    _, (plot,), _ = drawn(tmp_path, "misere", "nim", "--max-heap", "30")  # every heap its own element
    assert plot["legend"][:3] == ["1", "a (P)", "b"]
    assert plot["legend"][16:] == ["… 15 more elements", "P-portion {a, b²}"]


def test_png_with_json_names_the_file_under_png(tmp_path):
    target = tmp_path / "q.png"
    code, out, err = run_cli("misere", "octal:0.75", "--max-heap", "12", "--png", str(target), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)  # the whole output is the JSON: no "drawn:" line after it
    assert data["png"] == str(target) and data["quotient"]["order"] == 8
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_png_that_cannot_be_written_is_refused_in_one_line(tmp_path):
    folder = tmp_path / "no"
    code, out, err = run_cli("misere", "kayles", "--max-heap", "5", "--png", str(folder / "q.png"))
    assert (code, out) == (2, "")
    assert err == f"grundy: error: cannot write '{folder / 'q.png'}': folder '{folder}' does not exist\n"


def test_without_the_plot_extra_misere_png_names_it(tmp_path):
    target = tmp_path / "q.png"
    drawing, answering = _commands(("matplotlib",), ("misere", "octal:0.75", "--max-heap", "10", "--png", str(target)),
                                   ("misere", "octal:0.75", "--max-heap", "3"))
    assert drawing == (2, "", PLOT)
    assert not target.exists()
    assert answering[0] == 0 and "order 6, tame" in answering[1]  # without --png, no extra is needed
