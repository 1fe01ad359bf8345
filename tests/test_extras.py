"""The optional parts of grundy and their extras (README "Install"): a plain ``pip install grundy``
answers every question without Starlette, uvicorn, Dask or matplotlib, and a part whose extra is
missing says in one line which extra to install, from the command line (exit 2) and from Python
(a :class:`GrundyError`). Each child process makes the extra's modules missing (``sys.modules[name] =
None``, as Python does for a module that cannot be imported) before grundy is imported, under a hard
memory cap (:func:`tests.hostile.run_capped`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.hostile import run_capped

ROOT = Path(__file__).resolve().parents[1]
WEB = "grundy: error: the web explorer needs the web extra: pip install 'grundy[web]'\n"
SWEEP = "grundy: error: grundy sweep needs the sweep extra: pip install 'grundy[sweep]'\n"
PLOT = "grundy: error: PNG plots need the plot extra: pip install 'grundy[plot]'\n"
OPTIONAL = ("starlette", "uvicorn", "dask", "distributed", "matplotlib")

# Runs each command line of argv[2:] (JSON lists) in process, with the modules of argv[1] missing;
# prints one JSON list of [exit status, stdout, stderr], one a command.
CHILD = """
import json, sys
for name in json.loads(sys.argv[1]):
    sys.modules[name] = None
from tests.helpers import run_cli
print(json.dumps([run_cli(*json.loads(argv)) for argv in sys.argv[2:]]))
"""

# Runs the Python code of argv[2] with the modules of argv[1] missing; prints the GrundyError it raised.
PYTHON = """
import json, sys
for name in json.loads(sys.argv[1]):
    sys.modules[name] = None
from grundy.core.errors import GrundyError
try:
    exec(sys.argv[2])
except GrundyError as exc:
    print("GrundyError:", exc)
"""


def _commands(missing: tuple[str, ...], *argvs: tuple[str, ...]) -> list[tuple[int, str, str]]:
    """Each command line's (exit status, stdout, stderr), run in one child with ``missing`` made missing."""
    done = run_capped([sys.executable, "-c", CHILD, json.dumps(missing), *map(json.dumps, argvs)], cwd=ROOT)
    assert done.status == 0, done.stderr[-2000:]
    return [tuple(result) for result in json.loads(done.stdout)]


def _python(missing: tuple[str, ...], code: str) -> str:
    """What the Python ``code`` printed, or the GrundyError it raised, with ``missing`` made missing."""
    done = run_capped([sys.executable, "-c", PYTHON, json.dumps(missing), code], cwd=ROOT)
    assert done.status == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_without_any_extra_the_core_answers(tmp_path):
    results = _commands(OPTIONAL, ("solve", "nim", "3", "4", "5"), ("period", "kayles", "--json"),
                        ("serve", "--port", "0"), ("sweep", "octal", "--digits", "1", "--db", str(tmp_path / "s.db")),
                        ("sweep", "show", "--db", str(tmp_path / "s.db")),
                        ("table", "kayles", "--png", str(tmp_path / "k.png")),
                        ("pattern", "wythoff", "--png", str(tmp_path / "w.png")),
                        ("thermograph", "cutcake", "3,4", "--png", str(tmp_path / "c.png")))
    solved, period, serve, sweep, show, table, pattern, thermograph = results
    assert solved[0] == 0 and "the player to move wins" in solved[1]
    assert period[0] == 0 and json.loads(period[1])["period"] == 12
    assert serve == (2, "", WEB)
    assert sweep == show == (2, "", SWEEP)
    assert table == pattern == thermograph == (2, "", PLOT)
    assert not list(tmp_path.iterdir())  # nothing half-written


@pytest.mark.parametrize("missing, argv, line", [
    (("uvicorn",), ("serve", "--port", "0"), WEB),  # Starlette alone is not enough to serve
    (("distributed",), ("sweep", "subtraction", "--max-move", "3", "--size", "1"), SWEEP),
])
def test_one_module_of_an_extra_missing_names_the_extra(missing, argv, line):
    assert _commands(missing, argv) == [(2, "", line)]


@pytest.mark.parametrize("missing, code, line", [
    (("starlette",), "import grundy.web.app", WEB),
    (("dask",), "from grundy.sweep.runner import run", SWEEP),
    (("matplotlib",), "from grundy.patterns.plot import plot_values\nplot_values('kayles', [0, 1, 2], 'k.png')",
     PLOT),
])
def test_from_python_a_missing_extra_is_one_grundy_error(missing, code, line):
    assert _python(missing, code) == "GrundyError: " + line[len("grundy: error: "):].strip()


def test_import_grundy_needs_no_extra():
    code = "import grundy\nprint(grundy.solve('nim', [3, 4, 5]).outcome, grundy.period('kayles').period)"
    assert _python(OPTIONAL, code) == "N 12"
