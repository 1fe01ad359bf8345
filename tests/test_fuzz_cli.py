"""Fuzzing the command line: whatever is typed, grundy answers or fails with one line (issue 10).

Hypothesis builds command lines from the catalogue's names with good, garbage and huge parameters,
components of the right shape mixed with odd tokens (negative, comma-joined, garbage, more than
4000 digits), options (``--misere``, ``--json``, ``--compound every``, ``--n``, ``--max``, unknown
ones) and stdin for ``grundy problem``, and runs them **in process**
(:func:`grundy.cli.main.run` with the standard streams swapped) under a small budget
(:data:`MAX_STATES` positions). Every run must end with exit status 0, 1 or 2, print no
traceback, and on exit 2 print exactly one line ``grundy: error: ...`` of at most
:data:`MAX_ERROR_LINE` characters. A run that spends more than :data:`WATCHDOG` seconds of CPU fails.
Components past int64 (which some rulesets take seconds to refuse) are tried once per ruleset, in
plain parametrized tests.

Commands that would run programs or touch files (``--check`` with random commands, ``--rules``,
``--graph``, ``--db``, ``--png``, ``dag:FILE``) are never fuzzed with random text: ``--check``
is fuzzed only with fixed harmless commands.
"""

from __future__ import annotations

import io
import signal
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy
from grundy.cli.main import run
from grundy.core import limits
from grundy.core.errors import GrundyError
from grundy.core.ruleset import Shape
from grundy.problems.base import catalogue as problem_catalogue
from grundy.rulesets.registry import Entry
from tests.hostile import BAD_INPUT, Bad

pytestmark = pytest.mark.slow
MAX_STATES = 20_000  # positions any one fuzzed command may store
PLAY_STATES = 3_000  # positions of the whole-position solver behind 'play' (slower per position)
WATCHDOG = 30.0  # seconds of CPU after which a fuzzed command counts as hung (a first numba compile of a new
# type specialisation can take several seconds on a loaded 2-core machine)
MAX_ERROR_LINE = 400  # characters of the one error line
FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large], deadline=None)

ENTRIES = [e for e in grundy.catalogue() if e.kind == "impartial"]  # specs with components
NAMES = [e.name for e in ENTRIES]
GAME_EXAMPLES = {"weird-game": "01,10", "tree-colouring": "1-2,2-3", "gameia": "1:1-2,2-3",
                 "buy-items": "3,3:1,2,1", "three-tokens": "2:1,1,1", "guessing": "5"}
assert set(GAME_EXAMPLES) == {e.name for e in grundy.catalogue() if e.general}, "a general game has no example"
PROBLEMS = problem_catalogue()
COIN_GAMES = ["turning-turtles", "mock-turtles", "ruler", "twins"]
HUGE = "1" + "0" * 22  # past int64
TOO_MANY_DIGITS = "9" * (limits.MAX_DIGITS + 1)


# -- running the command line in process ------------------------------------------------------------
@dataclass
class Result:
    """What one command line did: exit status (None: it raised), stdout, stderr, the traceback."""

    argv: list[str]
    code: int | None
    out: str
    err: str
    crash: str = ""


class Hung(BaseException):
    """Raised by the watchdog inside a command that runs too long (a BaseException, so that no
    ``except Exception`` in grundy swallows it)."""


@contextmanager
def _watchdog(seconds: float) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise Hung(f"no answer within {seconds:g} s of CPU")

    # CPU time of this process (ITIMER_PROF), not the wall clock: a loaded machine is no reason to fail
    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def run_cli(argv: list[str], stdin: str = "", watchdog: float = WATCHDOG) -> Result:
    """Run ``grundy ARGV`` in this process with ``stdin``, under the fuzzing budget."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    code: int | None = None
    crash = ""
    memory = limits.resident_bytes() + 2 * 10**9
    try:
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
        with limits.budget(max_states=MAX_STATES, max_memory=memory), _watchdog(watchdog):
            run(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except Hung as exc:
        crash = f"hung: {exc}"
    except Exception:  # noqa: BLE001 - the point of the test: report it, with the command line
        crash = traceback.format_exc()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return Result(argv, code, out.getvalue(), err.getvalue(), crash)


def check_clean(result: Result) -> None:
    """Exit 0, 1 or 2; no traceback; exit 2 with one short ``grundy: error:`` line."""
    shown = " ".join(a if len(a) <= 60 else f"{a[:50]}...({len(a)} chars)" for a in result.argv)
    assert not result.crash, f"grundy {shown}\n{result.crash[-3000:]}"
    assert result.code in (0, 1, 2), f"grundy {shown}: exit {result.code}\n{result.err[-2000:]}"
    assert "Traceback" not in result.err, f"grundy {shown}\n{result.err[-3000:]}"
    if result.code == 2:
        lines = result.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("grundy: error: "), f"grundy {shown}: {result.err[:600]!r}"
        assert len(lines[0]) <= MAX_ERROR_LINE, f"grundy {shown}: an error line of {len(lines[0])} characters"


# Commands whose first run compiles every numba kernel the fuzzers reach: on a fresh machine (an
# empty on-disk cache) compiling takes seconds, which the watchdog must not count as a hang.
WARM_UP = [
    ["table", "kayles", "--n", "300"], ["table", "octal:.16", "--n", "300"], ["period", "subtraction:1,3,4"],
    ["table", "subtraction:allbut:1,2", "--n", "64"], ["solve", "near-equal:2", "50"], ["solve", "dynamic:3", "50"],
    ["solve", "hackenbush", "0-1,1-2,2-0,2-3"], ["solve", "tree-cut", "0-1,1-2"], ["solve", "leaf-forest", "0-1"],
    ["solve", "weird-game:0110,1001"], ["solve", "nim", "2", "3", "--general"],
]


@pytest.fixture(autouse=True, scope="module")
def _kernels_compiled(tmp_path_factory: pytest.TempPathFactory) -> None:
    dag = tmp_path_factory.mktemp("warm") / "dag.txt"
    dag.write_text("0 1\n1 2\n")
    for argv in [*WARM_UP, ["solve", "dag", "--graph", str(dag), "--start", "0"]]:
        check_clean(run_cli(argv, watchdog=600.0))


# -- strategies ------------------------------------------------------------------------------------
small = st.integers(min_value=0, max_value=40)
garbage = st.text(max_size=12)
huge_number = st.sampled_from([HUGE, "1" + "0" * 31, TOO_MANY_DIGITS])


def _int_list(low: int, high: int, size: int = 4) -> st.SearchStrategy[str]:
    return st.lists(st.integers(low, high), min_size=1, max_size=size).map(lambda xs: ",".join(map(str, xs)))


_OCTAL = st.text("01234567", min_size=1, max_size=4)


def _params(name: str, form: str) -> st.SearchStrategy[str]:
    """Good parameters for one form of a ruleset (``S``, ``M``, ``A-B``, ``CODE`` ...)."""
    if form in ("pow2", "fib"):
        return st.just(form)
    if form.startswith("allbut:"):
        return _int_list(1, 6, 3).map(lambda s: f"allbut:{s}")
    if form in ("M", "K", "F"):
        return st.integers(1, 4).map(str)
    if form.startswith("A-B"):
        suffix = form[3:]
        return st.tuples(st.integers(1, 4), st.integers(0, 4)).map(lambda t: f"{t[0]}-{t[0] + t[1]}{suffix}")
    if form == "CODE" and name == "hex":
        return st.text("0123456789ABCDEF", min_size=1, max_size=2).map(lambda s: f"0.{s}")
    if form == "CODE":
        return st.tuples(st.sampled_from([".", "0.", "4."]), _OCTAL).map("".join)
    if form == "A*B":
        return st.tuples(st.sampled_from(COIN_GAMES), st.sampled_from(COIN_GAMES)).map("*".join)
    if form == "FILE":
        return st.just("/nonexistent/grundy-fuzz/graph.txt")
    return _int_list(1, 8)


def _good_spec(entry: Entry) -> st.SearchStrategy[str]:
    forms = [form for form, _ in entry.forms]
    return st.sampled_from(forms).flatmap(
        lambda form: _params(entry.name, form).map(lambda p: f"{entry.name}:{p}") if form else st.just(entry.name))


good_specs = st.one_of([_good_spec(e) for e in ENTRIES])
bad_params = st.one_of(garbage, huge_number, huge_number.map(lambda h: f"1,{h}"), huge_number.map(lambda h: f"2-{h}"),
                       st.integers(-5, 0).map(str), st.just(""), st.just("x" * 300))
game_specs = st.sampled_from(sorted(GAME_EXAMPLES)).map(lambda n: f"{n}:{GAME_EXAMPLES[n]}")
specs = st.one_of(
    good_specs, good_specs, good_specs, good_specs, good_specs, good_specs,
    st.tuples(st.sampled_from(NAMES), bad_params).map(lambda t: f"{t[0]}:{t[1]}").filter(
        lambda s: not s.startswith("dag:")),
    garbage.filter(lambda s: not s.startswith("dag")),
    st.just("x" * 100_000),
    game_specs,
)

odd_components = st.one_of(
    small.map(str),
    _int_list(0, 12, 4),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 5)), min_size=1, max_size=4).map(
        lambda es: ",".join(f"{u}-{v}" for u, v in es)),
    st.integers(-10**6, -1).map(str),
    st.just(TOO_MANY_DIGITS),
    garbage,
    st.just(","), st.just("1,,2"), st.just("3," + TOO_MANY_DIGITS),
)
edges = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 5)), min_size=1, max_size=5).map(
    lambda es: ",".join(f"{u}-{v}" for u, v in es))


def _fitting(spec: str) -> st.SearchStrategy[str]:
    """Components of the right shape for ``spec`` (small, so every command ends quickly)."""
    try:
        rules = grundy.ruleset(spec)
    except GrundyError:
        return odd_components
    if isinstance(rules, grundy.GeneralGame):  # a general game holds its whole position: components are refused
        return odd_components
    if "edges" in rules.component_kind:
        return edges
    if rules.shape.numbers == 1:
        return small.map(str)
    if rules.shape is Shape.PILES:
        return _int_list(0, 8, 4)
    return st.lists(st.integers(0, 12), min_size=rules.shape.numbers, max_size=rules.shape.numbers).map(
        lambda xs: ",".join(map(str, xs)))


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A spec and its components: mostly well-formed, sometimes odd tokens mixed in."""
    spec = draw(specs)
    fitting = _fitting(spec)
    tokens = draw(st.lists(st.one_of(fitting, fitting, fitting, odd_components), min_size=1, max_size=4))
    return spec, tokens if draw(st.integers(0, 9)) else []


solve_options = st.lists(st.sampled_from([
    ["--misere"], ["--misere"], ["--json"], ["--json"], ["--compound", "every"], ["--compound", "every"],
    ["--max-moves", "2"], ["--general"],
    ["--compound", "sum"], ["--max-moves", "-1"], ["--frobnicate"], ["-x"], ["--max-states", "0"],
    ["--max-states", "abc"], ["--max-memory", "lots"], ["--max-memory", "0"],
]), max_size=2).map(lambda groups: [word for group in groups for word in group])


# -- the fuzz tests ----------------------------------------------------------------------------------
@FUZZ
@given(position=positions(), options=solve_options)
def test_solve_never_crashes(position: tuple[str, list[str]], options: list[str]) -> None:
    spec, tokens = position
    argv = ["solve", spec, *tokens, *options]
    check_clean(run_cli(argv))


@FUZZ
@given(spec=specs, n=st.one_of(st.integers(1, 200).map(str), st.sampled_from(["0", "-3", "x", "1e2", HUGE])),
       as_json=st.booleans())
def test_table_never_crashes(spec: str, n: str, as_json: bool) -> None:
    argv = ["table", spec, "--n", n] + (["--json"] if as_json else [])
    check_clean(run_cli(argv))


@FUZZ
@given(spec=specs, top=st.one_of(st.integers(16, 2000).map(str), st.sampled_from(["15", "0", "x", HUGE])),
       as_json=st.booleans())
def test_period_never_crashes(spec: str, top: str, as_json: bool) -> None:
    argv = ["period", spec, "--max", top] + (["--json"] if as_json else [])
    check_clean(run_cli(argv))


def _mutated(sample: str, draw: st.DrawFn) -> str:
    tokens = sample.split()
    if draw(st.integers(0, 2)) == 0:
        return sample
    for _ in range(draw(st.integers(0, 2))):
        if not tokens:
            break
        i = draw(st.integers(0, len(tokens) - 1))
        tokens[i] = draw(st.one_of(st.integers(-5, 60).map(str), huge_number, garbage.filter(str.strip),
                                   st.just("")))
    if tokens and draw(st.integers(0, 3)) == 0:
        tokens = tokens[:draw(st.integers(0, len(tokens)))]
    return " ".join(tokens) + draw(st.sampled_from(["\n", "", "\n\n x"]))


@st.composite
def problem_inputs(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.one_of(st.sampled_from(sorted(PROBLEMS)), garbage, st.just("x" * 500)))
    problem = PROBLEMS.get(name)
    if problem is None or not problem.samples or draw(st.integers(0, 7)) == 0:
        return name, draw(st.one_of(st.text(max_size=40), st.just(TOO_MANY_DIGITS)))
    return name, _mutated(draw(st.sampled_from(problem.samples))[0], draw)


@FUZZ
@given(case=problem_inputs(), as_json=st.booleans())
def test_problem_stdin_never_crashes(case: tuple[str, str], as_json: bool) -> None:
    name, stdin = case
    check_clean(run_cli(["problem", name] + (["--json"] if as_json else []), stdin))


timeouts = st.one_of(st.floats(0.01, 1.0).map(str),
                     st.sampled_from(["1e9", "nan", "inf", "-1", "0", "0.001", "x", "1e400", HUGE]))


@FUZZ
@given(command=st.sampled_from(["cat", "true", "", " ", "no-such-command-grundy-fuzz", "/nonexistent/prog", "exit 3",
                                "'unbalanced"]),
       timeout=timeouts, cases=st.sampled_from(["1", "2", "0", "-1", "x"]))
def test_check_options_never_crash(command: str, timeout: str, cases: str) -> None:
    argv = ["problem", "hdu1846", "--check", command, "--timeout", timeout, "--cases", cases, "--max-size", "1"]
    result = run_cli(argv)
    check_clean(result)
    if not command.strip() or "no-such" in command or "nonexistent" in command or "'" in command:
        assert result.code == 2, f"{argv}: {result.err!r}"


VOCABULARY = ["solve", "table", "period", "list", "problem", "play", "--help", "-h", "--version", "--json", "--misere",
              "--n", "--max", "nim", "kayles", "3", "-1", "--", "--max-moves", "--first", "human", "--seed", "--cases",
              "--timeout", "--list", "hdu1846"]
words = st.one_of(st.sampled_from(VOCABULARY),
                  garbage.filter(lambda w: not w.startswith(("--check", "--rules", "--graph", "--db", "--png", "dag"))))


@FUZZ
@given(argv=st.lists(words, max_size=6), stdin=st.sampled_from(["", "quit\n", "1 1\n", "x\n"]))
def test_any_word_salad_stops_cleanly(argv: list[str], stdin: str) -> None:
    check_clean(run_cli(argv, stdin))


@FUZZ
@given(spec=good_specs, tokens=st.lists(st.integers(0, 12).map(str), min_size=1, max_size=3),
       first=st.sampled_from(["human", "computer", "nobody"]),
       moves=st.lists(st.one_of(st.sampled_from(["quit", "help", "?", "undo", ""]),
                                st.tuples(st.integers(-1, 4), small).map(lambda t: f"{t[0]} {t[1]}"), garbage),
                      max_size=4))
def test_play_never_crashes(spec: str, tokens: list[str], first: str, moves: list[str]) -> None:
    argv = ["play", spec, *tokens, "--first", first, "--max-states", str(PLAY_STATES)]
    check_clean(run_cli(argv, "\n".join(moves) + "\n"))


# -- deterministic cases -----------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [bad for bad in BAD_INPUT if bad.huge], ids=lambda bad: bad.name[:80])
def test_a_huge_token_is_quoted_short(bad: Bad) -> None:
    """The bad inputs of the shared table with a token past 4,000 characters, under the watchdog."""
    result = run_cli(list(bad.argv))
    check_clean(result)
    assert result.code == 2 and bad.said in result.err, result.err


@pytest.mark.parametrize("spec", [
    "subtraction:" + HUGE, "subtraction:1,3," + HUGE, "subtraction:allbut:" + HUGE, "bash:" + HUGE,
    f"bash:5-{HUGE}", f"bash:{HUGE}-1{HUGE}", f"bash:{HUGE}-1{HUGE}:all",
])
@pytest.mark.parametrize("heap", ["3", HUGE, "3" + HUGE])
@pytest.mark.parametrize("extra", [[], ["--misere"], ["--json"]])
def test_huge_subtraction_parameters_answer(spec: str, heap: str, extra: list[str]) -> None:
    """Parameters past int64 answer by arithmetic (bash) or refuse with one line (a table too long)."""
    result = run_cli(["solve", spec, heap, *extra])
    check_clean(result)
    if spec.startswith("bash") or heap == "3":
        assert result.code == 0, result.err


def _catalogue_specs() -> list[str]:
    examples = {"tartan": "mock-turtles*ruler", "dynamic": "2", "moore": "2", "subtraction": "1,3,4", "bash": "3",
                "rook-subtraction": "1,2", "legendre": "2", "near-equal": "2", "coin-circle": "2", "octal": ".137",
                "hex": "0.F", "alice": "2", "tiles": "1,2", "digraph": "1-2,2-1,2-3"}
    return [f"{e.name}:{examples[e.name]}" if e.name in examples else e.name for e in ENTRIES if e.name != "dag"]


@pytest.mark.parametrize("spec", _catalogue_specs())
def test_every_ruleset_refuses_too_many_digits(spec: str) -> None:
    rules = grundy.ruleset(spec)
    token = TOO_MANY_DIGITS if rules.shape.numbers == 1 else f"1,{TOO_MANY_DIGITS}"
    result = run_cli(["solve", spec, token])
    check_clean(result)
    assert result.code == 2 and len(result.err) < MAX_ERROR_LINE, result.err


@pytest.mark.parametrize("spec", _catalogue_specs())
def test_every_ruleset_answers_or_refuses_a_component_past_int64(spec: str) -> None:
    rules = grundy.ruleset(spec)
    token = HUGE if rules.shape.numbers == 1 else ",".join([HUGE] * max(rules.shape.numbers or 0, 2))
    argv = ["solve", spec, token]
    check_clean(run_cli(argv))



# -- files ------------------------------------------------------------------------------------------
edge_lines = st.one_of(
    st.tuples(st.integers(0, 12), st.integers(0, 12)).map(lambda e: f"{e[0]} {e[1]}"),
    st.sampled_from(["# a comment", "", "1", "1 2 3", "a b", "-1 2", f"0 {HUGE}", f"0 {TOO_MANY_DIGITS}", "0\t1"]),
    garbage,
)


@FUZZ
@given(lines=st.lists(edge_lines, max_size=12), game=st.sampled_from(["hackenbush", "tree-cut", "leaf-forest", "dag"]),
       start=st.sampled_from([[], ["--start", "0"], ["--start", "0,1,x"]]))
def test_graph_files_never_crash(tmp_path_factory: pytest.TempPathFactory, lines: list[str], game: str,
                                 start: list[str]) -> None:
    """Whatever a graph file holds, every graph ruleset answers or refuses it in one line."""
    path = tmp_path_factory.mktemp("graphs") / "g.txt"
    path.write_text("\n".join(lines) + "\n")
    check_clean(run_cli(["solve", game, "--graph", str(path), *(start if game == "dag" else [])]))
