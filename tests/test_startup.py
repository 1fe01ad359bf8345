"""A light start (benchmarks/startup.py times it): ``grundy --help`` and ``grundy solve nim 3 4 5`` load
none of the heavy modules (numba, asyncio, the web, Dask, matplotlib), ``import grundy`` loads no
optional part, and the general solver settles a game the size of tic-tac-toe without loading numba,
giving what the kernel gives. The checks are on the modules a fresh process loaded, never on time.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.cli.main import COMMANDS, cli
from grundy.core import retrograde as plain
from tests.hostile import run_capped

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numba", "asyncio", "starlette", "uvicorn", "dask", "distributed", "matplotlib")

# Runs the code of argv[1] in a fresh process, then prints which of the modules of argv[2] it loaded.
CHILD = """
import contextlib, io, json, sys
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    exec(sys.argv[1])
print(json.dumps(sorted(name for name in json.loads(sys.argv[2]) if name in sys.modules)))
"""


def _loaded(code: str, modules: tuple[str, ...] = HEAVY) -> list[str]:
    """Which of ``modules`` a fresh process running ``code`` loaded."""
    done = run_capped([sys.executable, "-c", CHILD, code, json.dumps(modules)], cwd=ROOT)
    assert done.status == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("argv", [["--help"], ["solve", "nim", "3", "4", "5"]])
def test_the_light_commands_load_no_heavy_module(argv):
    code = f"from grundy.cli.main import run\nrun({argv!r})"
    assert _loaded(code, HEAVY + ("grundy.cli.main",)) == ["grundy.cli.main"]  # it ran, and loaded nothing heavy


def test_import_grundy_loads_no_optional_part_and_no_numba():
    assert _loaded("import grundy") == []


def test_a_small_general_game_is_solved_without_numba():
    code = ("import sys\nsys.path.insert(0, 'benchmarks')\nimport startup\nstartup.solve_tictactoe()\n"
            "import grundy.core.general")
    assert _loaded(code, ("numba", "grundy.kernels.retrograde", "grundy.core.general")) == ["grundy.core.general"]


def test_help_lists_every_command_from_the_table_and_each_loads_under_its_name():
    help_text = cli.get_help(click.Context(cli, info_name="grundy"))
    for name, (_, _, summary) in COMMANDS.items():
        assert f"  {name}  " in help_text and summary in " ".join(help_text.split())
        assert cli.commands[name].name == name  # the table names the right command
    assert sorted(cli.commands) == sorted(COMMANDS)


@st.composite
def csr_graphs(draw):
    """A random game graph in CSR form (cycles and repeated moves allowed) with terminal results
    (lose, win, tie), in 32- or 64-bit position numbers."""
    n = draw(st.integers(1, 30))
    moves = [draw(st.lists(st.integers(0, n - 1), max_size=4)) for _ in range(n)]
    primitive = draw(st.lists(st.sampled_from([0, 0, 0, plain.LOSE, plain.WIN, plain.TIE]), min_size=n, max_size=n))
    offsets = np.cumsum([0] + [len(m) for m in moves]).astype(np.int64)
    children = np.array([c for m in moves for c in m], draw(st.sampled_from([np.int32, np.int64])))
    return offsets, children, np.array(primitive, np.int8)


@given(csr_graphs())
def test_the_plain_retrograde_pass_gives_what_the_kernel_gives(graph):
    from grundy.kernels.retrograde import retrograde as kernel

    values, remoteness = plain.plain_retrograde(*graph)
    expected_values, expected_remoteness = kernel(*graph)
    assert values.tolist() == expected_values.tolist()
    assert remoteness.tolist() == expected_remoteness.tolist()
    assert (values.dtype, remoteness.dtype) == (expected_values.dtype, expected_remoteness.dtype)


def test_a_large_graph_goes_to_the_kernel(monkeypatch):
    offsets, children, primitive = np.array([0, 1, 2, 2]), np.array([1, 2]), np.zeros(3, np.int8)
    monkeypatch.setattr(plain, "plain_retrograde", None)  # not called: 3 positions and 2 moves are over the limit
    monkeypatch.setattr(plain, "PLAIN_UP_TO", 4)
    values, remoteness = plain.retrograde(offsets, children, primitive)
    assert (values.tolist(), remoteness.tolist()) == ([plain.LOSE, plain.WIN, plain.LOSE], [2, 1, 0])
