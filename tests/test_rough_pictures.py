"""Pictures people would rather look at (issue 32): every PNG the tool draws has a title, axis labels
and a legend, and the command says ``drawn: FILE``; ``period --png`` shades the preperiod and the
period; a P/N map is two colours named in a legend; thermographs of values written out, and of
numbers (a mast alone); notebook displays.

Each PNG is checked by reading it back: its pixels (PIL) for the colours, and the text chunks
:func:`grundy.core.pngs.described` writes into it (the figure's own titles, labels and legend entries).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.helpers import one_error_line, run_cli

pytest.importorskip("matplotlib")
Image = pytest.importorskip("PIL.Image")


def drawn(tmp_path: Path, *argv: str) -> tuple[str, list[dict], np.ndarray]:
    """Run ``grundy ARGV --png FILE``: its output (whose last line must be ``drawn: FILE``), the
    plots the PNG describes (title, xlabel, ylabel, legend) and its pixels as RGB."""
    target = tmp_path / "picture.png"
    code, out, err = run_cli(*argv, "--png", str(target))
    assert code == 0, err
    assert out.splitlines()[-1] == f"drawn: {target}"
    with Image.open(target) as image:
        assert image.format == "PNG"
        plots = json.loads(image.text["Description"])
        pixels = np.asarray(image.convert("RGB"))
    for plot in plots[:1]:  # the picture itself (a colour bar, where there is one, comes after it)
        assert plot["title"] and plot["xlabel"] and plot["ylabel"] and plot["legend"], plot
    return out, plots, pixels


def count(pixels: np.ndarray, colour: str, alpha: float = 1.0) -> int:
    """How many pixels are ``colour`` drawn with ``alpha`` over white (to within 2 of 255)."""
    from matplotlib.colors import to_rgb

    rgb = 255 * (1 - alpha * (1 - np.array(to_rgb(colour))))
    return int((np.abs(pixels.astype(float) - rgb) <= 2).all(axis=2).sum())


def test_period_png_shades_the_preperiod_and_the_period(tmp_path):
    from grundy.patterns.plot import CYCLE_COLOURS, P_COLOUR, PREPERIOD_COLOUR

    out, plots, pixels = drawn(tmp_path, "period", "kayles")
    assert out.startswith("kayles: preperiod 71, period 12 (proved: Guy–Smith periodicity theorem")
    assert out.splitlines()[-2] == "P-positions: none for n >= 71; below 71: 0"  # the answer, then drawn:
    [plot] = plots
    assert plot["title"] == "kayles: preperiod 71, period 12 (proved); 0 <= n < 107"  # 3 cycles past 71
    assert (plot["xlabel"], plot["ylabel"]) == ("heap n", "G(n)")
    assert plot["legend"] == ["preperiod: n < 71", "period 12", "G(n)", "P-positions"]
    assert count(pixels, PREPERIOD_COLOUR, 0.35) > 10_000  # 71 of the 107 heaps shaded
    assert all(count(pixels, colour, 0.35) > 2_000 for colour in CYCLE_COLOURS)
    assert count(pixels, P_COLOUR) > 0  # G(0) = 0


def test_pattern_png_of_outcomes_is_a_two_colour_map(tmp_path):
    from grundy.patterns.plot import N_COLOUR, P_COLOUR

    _, plots, pixels = drawn(tmp_path, "pattern", "wythoff")
    assert len(plots) == 1  # no colour bar: two outcomes, named in the legend
    assert plots[0]["legend"] == ["P", "N"]
    assert (plots[0]["xlabel"], plots[0]["ylabel"]) == ("b", "a")
    p, n = count(pixels, P_COLOUR), count(pixels, N_COLOUR)
    assert 0 < p < n / 10 and n > 100_000  # few P-positions among many N-positions


def test_pattern_png_of_heap_outcomes_is_a_two_colour_strip(tmp_path):
    from grundy.patterns.plot import N_COLOUR, P_COLOUR

    _, plots, pixels = drawn(tmp_path, "pattern", "fibonacci-nim", "--max", "100")  # outcomes, not values
    assert plots[0]["legend"] == ["P", "N"] and plots[0]["xlabel"] == "heap n"
    assert plots[0]["title"].startswith("P- and N-positions of fibonacci-nim, 0 <= n < 100")
    p, n = count(pixels, P_COLOUR), count(pixels, N_COLOUR)
    assert 0 < p < n / 3  # 0 and the 10 Fibonacci numbers below 100 among 100 heaps


def test_pattern_png_of_values_keeps_its_colour_bar(tmp_path):
    _, plots, _ = drawn(tmp_path, "pattern", "turning-corners", "--max", "16")  # G(x, y): a heat map
    assert plots[0]["legend"] == ["P-positions"]
    assert plots[1]["ylabel"] == "G(a, b)"  # the colour bar


@pytest.mark.parametrize("argv", [("table", "kayles"), ("pattern", "kayles"),
                                  ("thermograph", "cutcake", "3,4")])
def test_every_picture_has_title_labels_legend_and_says_drawn(tmp_path, argv):
    drawn(tmp_path, *argv)  # the checks are in drawn()


def test_json_names_the_picture_instead_of_drawn(tmp_path):
    target = tmp_path / "t.png"
    code, out, _ = run_cli("table", "kayles", "--json", "--png", str(target))
    assert code == 0 and json.loads(out)["png"] == str(target) and "drawn:" not in out


def test_thermograph_of_a_value_written_out(tmp_path):
    out, [plot], pixels = drawn(tmp_path, "thermograph", "--expr", "{3|1}")
    assert out.splitlines()[0] == "value {3|1}: mean 2, temperature 1"
    assert plot["title"] == "thermograph of {3|1}\nmean 2, temperature 1"
    assert plot["legend"] == ["left wall", "right wall", "mast at the mean 2", "temperature 1"]
    assert (plot["xlabel"], plot["ylabel"]) == ("value", "temperature t")
    assert count(pixels, "tab:blue") > 100 and count(pixels, "tab:red") > 100  # the two walls


def test_thermograph_of_a_number_is_its_mast_labelled(tmp_path):
    # cutcake 3,4 is the number 1 (a 3 x 4 cake): its thermograph is a mast alone, temperature -1
    out, [plot], pixels = drawn(tmp_path, "thermograph", "cutcake", "3,4")
    assert out.splitlines()[0] == "value 1: mean 1, temperature -1"
    assert plot["title"] == ("thermograph of cutcake 3,4 = 1\n"
                             "a number (1): its thermograph is the mast alone, temperature -1")
    assert plot["legend"] == ["mast at the mean 1", "temperature -1"]
    assert count(pixels, "black") > 300  # the mast, drawn from t = -1
    assert count(pixels, "tab:blue") == count(pixels, "tab:red") == 0  # no walls drawn


@pytest.mark.parametrize(("argv", "line"), [
    (("--expr", "^.Birthday"), "--expr '^.Birthday' gives 2 (not a game): a thermograph is drawn for short games only"),
    (("--expr", "on"), "--expr 'on' gives on (a loopy game): a thermograph is drawn for short games only"),
    (("cutcake", "3,4", "--expr", "1"), "give a SPEC and a POSITION, or --expr TEXT, not both"),
    ((), "give a SPEC and a POSITION (e.g. grundy thermograph domineering '...|...') or --expr TEXT "
         "(e.g. --expr '{3|1}')"),
])
def test_thermograph_refuses_what_it_cannot_draw(argv, line):
    code, _, err = run_cli("thermograph", *argv)
    assert code == 2 and one_error_line(err) == line


def test_notebook_shows_thermographs_games_and_rulesets():
    import io

    import grundy
    from grundy.cgt.notation import parse
    from grundy.core.notebook import game_html, ruleset_html

    picture = parse("{3|1}").thermograph._repr_png_()
    with Image.open(io.BytesIO(picture)) as image:
        assert image.format == "PNG" and json.loads(image.text["Description"])[0]["legend"][0] == "left wall"
    assert game_html(parse("{3|1}")) == (
        "<table><tr><th>value</th><td>{3|1}</td></tr><tr><th>outcome</th><td>L: Left wins, whoever starts</td></tr>"
        "<tr><th>left stop</th><td>3</td></tr><tr><th>right stop</th><td>1</td></tr>"
        "<tr><th>mean</th><td>2</td></tr><tr><th>temperature</th><td>1</td></tr></table>")
    kayles = ruleset_html(grundy.ruleset("kayles"))
    assert "<tr><th>G(n)</th><td>0</td><td>1</td><td>2</td><td>3</td><td>1</td><td>4</td>" in kayles
    wythoff = ruleset_html(grundy.ruleset("wythoff"))
    assert "<tr><th>1</th><td>1</td><td>2</td><td>0</td><td>4</td>" in wythoff  # G(1, 2) = 0
    assert "not Grundy values" in ruleset_html(grundy.ruleset("cutcake"))
