"""Messages that know their audience (issue 27, item 3): a limit says how its reader can change it.

One limit hit from the command line, from Python and from the web explorer gives the command line's
option, the Python setting and the explorer's own words, each built so (no rewording afterwards), and
the same structured fields (``knob``, ``limit``, ``needed``) everywhere; no message outside the
command line's modules writes one of its ``--max`` options by hand.
"""

from __future__ import annotations

import pickle
import re
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import grundy
from grundy.core import limits, words
from grundy.core.errors import GrundyError, LimitError
from grundy.rulesets.registry import make
from grundy.web.app import WebLimits, create_app
from tests.helpers import one_error_line, run_cli
from tests.test_notebook import SOURCE, _strings

KAYLES_TABLE = "a table of kayles: 10 values count as as many positions, more than "
NIM_GENERAL = "the general solver stopped before searching: nim 300 300 300 has at least 4,545,150 positions "

# (the command line's argv, the Python call, the web's limits and request, the three messages, the fields)
CASES = {
    "a table past the state budget": (
        ("table", "kayles", "--max", "10", "--max-states", "5"),
        # a fresh object for Python: grundy.ruleset's may hold these values already
        lambda: make("kayles").table(10), 5, ("/api/table", {"spec": "kayles", "n": "10"}),
        (KAYLES_TABLE + "the --max-states budget of 5; ask for fewer values or raise --max-states",
         KAYLES_TABLE + "the max_states budget of 5; ask for fewer values or raise max_states "
                        "(grundy.budget(max_states=...))",
         KAYLES_TABLE + "this explorer's budget of 5; ask for fewer values"),
        {"knob": "max_states", "limit": 5, "needed": 10}),
    "the general solver past the state budget": (
        ("solve", "nim", "300", "300", "300", "--general", "--max-states", "1000"),
        lambda: grundy.solve_game("nim", [300, 300, 300]), 1000,
        ("/api/moves", {"spec": "nim", "position": "300 300 300", "misere": "1"}),
        (NIM_GENERAL + "(the limit is 1,000; raise it with --max-states)",
         NIM_GENERAL + "(the limit is 1,000; raise it with max_states (grundy.budget(max_states=...)))",
         NIM_GENERAL + "(this explorer's limit is 1,000): choose a smaller position, or use the grundy command "
                       "with --max-states"),
        {"knob": "max_states", "limit": 1000, "needed": 4545150}),
}


def cli_error(monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[str, LimitError]:
    """The one line the command line prints for ARGV, and the error it printed it for (caught where
    the entry point turns it into that line)."""
    from grundy.cli import main

    caught: list[BaseException | None] = []
    fail = main._fail

    def recording(message: str) -> None:
        caught.append(sys.exc_info()[1])  # called while the entry point handles the error
        fail(message)

    monkeypatch.setattr(main, "_fail", recording)
    code, _, err = run_cli(*argv)
    assert code == 2 and len(caught) == 1 and isinstance(caught[0], LimitError), (code, err)
    return one_error_line(err), caught[0]


@pytest.mark.parametrize("case", CASES)
def test_one_limit_speaks_to_each_audience_with_the_same_fields(monkeypatch, case):
    argv, call, states, (path, params), (cli_said, python_said, web_said), fields = CASES[case]
    said, error = cli_error(monkeypatch, *argv)
    assert (said, error.fields()) == (cli_said, fields)
    with grundy.budget(max_states=states), pytest.raises(LimitError) as python:
        call()
    assert (str(python.value), python.value.fields()) == (python_said, fields)
    reply = TestClient(create_app(WebLimits(max_states=states))).get(path, params=params)
    assert (reply.status_code, reply.json()) == (400, {"error": web_said, **fields})


def test_the_memory_budget_in_each_audience():
    said = {}
    for kind in words.AUDIENCES:
        with limits.budget(max_memory=10**6), words.audience(kind), pytest.raises(LimitError) as error:
            limits.check_memory("the test")
        assert (error.value.knob, error.value.limit) == ("max_memory", 10**6)
        assert error.value.needed >= limits.resident_bytes() // 2  # what the process held
        said[kind] = str(error.value).partition("; ")[2]
    assert said == {"cli": "raise --max-memory or choose a smaller position",
                    "python": "raise max_memory (grundy.budget(max_memory='4GB')) or choose a smaller position",
                    "web": "choose a smaller position"}


WEB = {"max_states": 10**6}


@pytest.mark.parametrize(("said", "cli", "python", "web"), [
    (lambda: words.knob("max_states"), "--max-states", "max_states (grundy.budget(max_states=...))",
     "this explorer's limit of 1,000,000 positions"),
    (lambda: words.knob("max_states", bare=True), "--max-states", "max_states", "this explorer's budget"),
    (lambda: words.raise_hint("max_states"), "raise --max-states", "raise max_states (grundy.budget(max_states=...))",
     "use the grundy command"),
    (lambda: words.raise_or("max_states", "choose a smaller heap"), "raise --max-states or choose a smaller heap",
     "raise max_states (grundy.budget(max_states=...)) or choose a smaller heap", "choose a smaller heap"),
    (lambda: words.budget_of("max_states", 5), "the --max-states budget of 5", "the max_states budget of 5",
     "this explorer's budget of 5"),
    (lambda: words.limit_is("max_states", 5), "the limit is 5; raise it with --max-states",
     "the limit is 5; raise it with max_states (grundy.budget(max_states=...))", "this explorer's limit is 5"),
    (lambda: words.hint("count", "ask for fewer values ({})", web="ask for fewer values"),
     "ask for fewer values (--max)", "ask for fewer values (the count of values asked for)", "ask for fewer values"),
    (lambda: words.option("max"), "--max", "--max", "--max"),
])
def test_the_words_of_each_audience(said, cli, python, web):
    with words.audience("cli"):
        assert said() == cli
    assert said() == python  # Python's by default
    with words.audience("web", numbers=WEB):
        assert said() == web


def test_a_web_request_words_the_ways_it_has_to_look_further():
    with words.audience("web", numbers=WEB), words.audience(max="ask with a larger max"):
        assert words.raise_hint("max") == "ask with a larger max"
        assert words.raise_or("max", "choose a smaller heap") == "ask with a larger max or choose a smaller heap"
        assert words.knob("max_states") == "this explorer's limit of 1,000,000 positions"  # the numbers are kept
        assert words.on_command_line()  # its reader writes positions as text, as the command line's does
    with words.command_line():
        assert words.raise_hint("max") == "raise --max"  # another audience starts without the web's words
    with pytest.raises(GrundyError, match="the audiences are python, cli, web"), words.audience("email"):
        pass


def test_a_limit_error_keeps_its_old_form_and_its_fields_travel():
    plain = LimitError("too large")
    assert (str(plain), plain.fields()) == ("too large", {"knob": None, "limit": None, "needed": None})
    sent = pickle.loads(pickle.dumps(LimitError("too many", knob="max_states", limit=3, needed=4)))
    assert (str(sent), sent.fields()) == ("too many", {"knob": "max_states", "limit": 3, "needed": 4})


# -- no message writes a --max option by hand ------------------------------------------------------------
MAX_OPTION = re.compile(r"(?<![\w-])--max(?!\w)")  # --max, --max-states, --max-memory


def hand_written_options(root: Path) -> list[str]:
    """The strings of modules under ``root`` (but the command line's, ``cli/``) that are not
    docstrings and write a ``--max`` option: such a message must ask :func:`words.knob` instead."""
    return [f"{path.relative_to(root)}:{line}: {text}" for path in sorted(root.rglob("*.py"))
            if path.relative_to(root).parts[0] != "cli"
            for line, text in _strings(path) if MAX_OPTION.search(text)]


def test_the_check_for_hand_written_options_finds_a_planted_one(tmp_path):
    (tmp_path / "core").mkdir()
    (tmp_path / "cli").mkdir()
    (tmp_path / "core" / "planted.py").write_text(
        '"""A module whose docstring may say --max-states."""\n'
        "def refuse(limit):\n"
        '    """Docstrings may say --max too."""\n'
        '    raise ValueError(f"more than {limit:,} positions; raise --max-states or choose a smaller one")\n')
    (tmp_path / "cli" / "options.py").write_text('OPTION = "--max-states"\n')  # the command line's own
    found = hand_written_options(tmp_path)
    assert found == ["core/planted.py:4:  positions; raise --max-states or choose a smaller one"]


def test_no_message_outside_the_command_line_writes_a_max_option():
    assert hand_written_options(SOURCE) == []
