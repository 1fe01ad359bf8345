"""Every problem's documentation (statement, input, output, limits, theory) and sample, as a user
meets them: ``grundy problem NAME --explain``, ``--sample``, ``--help``, and the sample piped into
the solver."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.cli.render import console
from grundy.problems.base import catalogue
from grundy.problems.explain import SECTIONS, explanation
from tests.helpers import one_error_line, run_cli

GRUNDY = str(Path(sys.executable).parent / "grundy")
PROBLEMS = sorted(catalogue())
FIELDS = list(SECTIONS.values())


@pytest.mark.parametrize("name", PROBLEMS)
def test_every_problem_has_its_whole_documentation(name):
    e = catalogue()[name].explanation
    least = {"statement": 80, "input_format": 10, "output_format": 10, "limits": 10, "theory": 200}
    for field in FIELDS:
        text = getattr(e, field)
        assert len(text) >= least[field] and "``" not in text and ":func:" not in text, (name, field, text)
    assert "<=" in e.limits  # the bounds the solver enforces
    assert "\n    " in e.input_format  # the layout of the input, line by line


@pytest.mark.parametrize("doc, message", [
    ("Statement: a.\n\nInput: b.\n\nOutput: c.\n\nLimits: d.\n", "needs the sections"),
    ("Input: b.\n\nStatement: a.\n\nOutput: c.\n\nLimits: d.\n\nTheory: e.\n", "in this order"),
    ("Statement: a.\n\nInput: b.\n\nOutput:\n\nLimits: d.\n\nTheory: e.\n", "section Output .* is empty"),
    ("Statement: a.\n\nInput: ``b``.\n\nOutput: c.\n\nLimits: d.\n\nTheory: e.\n", "plain text"),
    ("Solve it.\n\nStatement: a.\n\nInput: b.\n\nOutput: c.\n\nLimits: d.\n\nTheory: e.\n", "text before"),
    (None, "found none"),
])
def test_a_solver_without_its_documentation_is_refused(doc, message):
    with pytest.raises(ValueError, match=message):
        explanation(doc, "demo")


def test_explain_prints_each_section_under_its_heading():
    code, out, err = run_cli("problem", "hdu1846", "--explain")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "hdu1846: HDU 1846, Brave Game"
    for heading in ("Statement", "Input", "Output", "Limits", "Theory", "Sample output",
                    "Sample input (grundy problem hdu1846 --sample)"):
        assert heading in lines, heading
    at = lines.index("Input")
    assert lines[at + 1:at + 4] == ["  the number of cases C, then one line per case:", "      C",
                                    "      n m        (C lines)"]
    assert lines[lines.index("Limits") + 1] == "  1 <= n, m <= 1000; 1 <= C <= 10^5 (the statement gives no bound)."
    assert lines[-5:] == ["  4 3", "", "Sample output", "  first", "  second"]
    assert all(line == line.rstrip() for line in lines)  # no padding
    statement = lines[lines.index("Statement") + 1:lines.index("Input") - 1]  # wrapped at the console's width
    assert statement[0].startswith("  n stones lie on the table;")  # (piped: as wide as a line is; test_rough_width)
    assert all(len(line) <= console.width for line in statement) and " ".join(statement).split()[-2:] == [
        "perfect", "play?"]


def test_explain_numbers_several_samples():
    code, out, _ = run_cli("problem", "agc002e", "--explain")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("Sample")] == [
        "Sample 1 input (grundy problem agc002e --sample)", "Sample 1 output", "Sample 2 input", "Sample 2 output",
        "Sample 3 input", "Sample 3 output"]


def test_explain_json_holds_every_section_and_the_samples():
    code, out, _ = run_cli("problem", "hdu1536", "--explain", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"problem", "name", "source", "title", "rule", "samples", *FIELDS}
    assert data["input_format"].splitlines()[1] == "    k s_1 s_2 ... s_k"
    assert data["samples"] == [{"input": t, "output": o} for t, o in catalogue()["hdu1536"].samples]


@pytest.mark.parametrize("name", PROBLEMS)
def test_the_sample_is_accepted_and_answered_as_published(name):
    entry = catalogue()[name]
    code, sample, err = run_cli("problem", name, "--sample")
    assert (code, err, sample) == (0, "", entry.samples[0][0])
    code, answer, err = run_cli("problem", name, stdin=sample)
    assert (code, err, answer) == (0, "", entry.samples[0][1])


def test_sample_json_lists_every_sample():
    code, out, _ = run_cli("problem", "cf293a", "--sample", "--json")
    data = json.loads(out)
    assert code == 0 and data["problem"] == "cf293a" and len(data["samples"]) == 5
    assert data["samples"][2] == {"input": "3\n111000\n000111\n", "output": "Draw\n"}


@pytest.mark.parametrize("name", ["hdu1536", "cf293a", "bzoj3576"])  # blocks of lines, strings, one output line
def test_the_sample_piped_into_the_solver(name):
    done = subprocess.run(f"set -o pipefail; {GRUNDY} problem {name} --sample | {GRUNDY} problem {name}",
                          shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr, done.stdout) == (0, "", catalogue()[name].samples[0][1])


@pytest.mark.parametrize("name", PROBLEMS)
def test_help_with_a_name_shows_its_input_format(name):
    entry = catalogue()[name]
    for argv in (("problem", name, "--help"), ("problem", "-h", name)):
        code, out, err = run_cli(*argv)
        assert (code, err) == (0, "") and out.startswith("Usage: grundy problem [OPTIONS] [NAME]")
        lines = out.splitlines()
        assert all(line == line.rstrip() for line in lines)
        at = lines.index(f"Problem {name} ({entry.source}, {entry.title}):")
        assert lines[at + 1] == "  Input:" and "  Output:" in lines[at:] and "  Limits:" in lines[at:]
        for kept in (line for line in entry.explanation.input_format.splitlines() if line.startswith("    ")):
            assert f"    {kept}" in lines[at:], kept  # the layout, line by line
        assert lines[-1] == f"  A sample: grundy problem {name} --sample | grundy problem {name}"


def test_help_of_hdu1536_exactly():
    _, out, _ = run_cli("problem", "hdu1536", "--help")
    lines = out.splitlines()
    at = lines.index("Problem hdu1536 (HDU 1536, S-Nim):")
    assert lines[at:at + 7] == [
        "Problem hdu1536 (HDU 1536, S-Nim):",
        "  Input:",
        "    test cases, each as below, and a last line 0:",
        "        k s_1 s_2 ... s_k",
        "        m",
        "        l h_1 h_2 ... h_l      (m lines, one position each)",
        "  Output:",
    ]


def test_help_without_a_name_is_the_command_help():
    code, out, err = run_cli("problem", "--help")
    assert (code, err) == (0, "") and "Problem " not in out and "--explain" in out


@pytest.mark.parametrize("argv, message", [
    (("problem", "hdu1535", "--sample"), "unknown problem 'hdu1535' (close: hdu1536); see 'grundy problem --list' "
                                         "(40 problems)"),
    (("problem", "hdu1535", "--help"), "unknown problem 'hdu1535' (close: hdu1536); see 'grundy problem --list' "
                                       "(40 problems)"),
    (("problem", "--sample"), "--sample needs a problem NAME, e.g. 'grundy problem hdu1846 --sample' "
                              "(see 'grundy problem --list')"),
    (("problem", "--explain"), "--explain needs a problem NAME, e.g. 'grundy problem hdu1846 --explain' "
                               "(see 'grundy problem --list')"),
    (("problem", "--check", "cat"), "--check needs a problem NAME, e.g. 'grundy problem hdu1846 --check CMD' "
                                    "(see 'grundy problem --list')"),
    (("problem", "hdu1846", "--explain", "--sample"), "--explain and --sample do not go together: give one of them"),
    (("problem", "hdu1846", "--sample", "--check", "cat"), "--sample and --check do not go together: give one of "
                                                           "them"),
    (("problem", "hdu1846", "--cases", "5"), "--cases is an option of --check: grundy problem hdu1846 --check CMD "
                                             "--cases ..."),
    (("problem", "hdu1846", "--check", "cat", "--shrink-seconds", "nan"), "--shrink-seconds must be from 0 to 3600, "
                                                                          "got nan"),
])
def test_bad_use_is_one_error_line(argv, message):
    code, out, err = run_cli(*argv)
    assert (code, out) == (2, "")
    assert one_error_line(err) == message


def test_a_name_in_capitals_is_the_problem():
    assert run_cli("problem", "HDU1846", stdin="1\n4 3\n") == (0, "second\n", "")
