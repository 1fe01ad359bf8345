"""Budgets that hold on what the process really holds and spends (issue 26).

The memory budget is enforced on the resident memory (a watchdog) with RLIMIT_DATA as a backstop
(:mod:`grundy.core.memory`), in every door: the command line, ``grundy.budget`` and the public API.
Anything that could grow runs in a child process under a hard address-space cap
(:func:`tests.hostile.run_capped`), so a failure cannot take the machine; what is asserted is the
exit status, the one line and the tool's own counters, never the wall clock.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import textwrap

import pytest

import grundy
from grundy.core import limits, memory
from grundy.core.engine import FORESEE_FROM, GrundyEngine
from grundy.core.errors import LimitError
from tests.helpers import one_error_line, run_cli
from tests.hostile import RULES, TEN_18, run_capped

HARD = 3 * 1024**3  # the children's address space


def _python(code: str, budget: str = "800MB") -> tuple[int, str, str]:
    """Run ``code`` in a child Python under the hard cap, grundy's budget set by GRUNDY_MAX_MEMORY."""
    prelude = f"import sys; sys.path.insert(0, {str(RULES.parent)!r})\n"
    run = run_capped([sys.executable, "-c", prelude + textwrap.dedent(code)], env={"GRUNDY_MAX_MEMORY": budget},
                     memory=HARD, cpu=120)
    return run.status, run.stdout, run.stderr


def test_the_child_check_can_fail() -> None:
    """A child that ignores every budget is stopped by the hard cap, and seen to fail."""
    status, _, err = _python("x = bytearray(4 * 1024**3)")
    assert status != 0 and "MemoryError" in err


def test_python_api_holds_to_the_memory_budget() -> None:
    """Rules that build a list of 10^18 moves, asked through grundy.solve with no budget given: the
    default (GRUNDY_MAX_MEMORY here) stops them with a LimitError, not the hard cap."""
    status, out, err = _python("""
        import grundy
        from hostile_rules import split_or_take
        game = grundy.impartial(split_or_take, splits=True)
        try:
            grundy.solve(game, [10**18])
        except grundy.GrundyError as exc:
            print(type(exc).__name__, exc)
    """)
    assert status == 0, err
    assert out.startswith("LimitError the work passed the memory budget of 800.0 MB"), out
    assert "max_memory (grundy.budget(max_memory='4GB'))" in out


def test_a_budget_block_holds_ruleset_methods() -> None:
    """``with grundy.budget(max_memory=...)``: a ruleset's values() past it ends in one LimitError."""
    status, out, err = _python("""
        import grundy
        from hostile_rules import split_or_take
        game = grundy.impartial(split_or_take, splits=True)
        try:
            with grundy.budget(max_memory="700MB"):
                game.grundy(10**18)
        except grundy.GrundyError as exc:
            print(exc)
    """, budget="8GB")
    assert status == 0, err
    assert "the work passed the memory budget of 700.0 MB" in out


def test_an_allocation_past_the_budget_fails_cleanly() -> None:
    """One numpy allocation far past the budget never reaches the watchdog: RLIMIT_DATA refuses it."""
    status, out, err = _python("""
        import numpy as np
        from grundy.core import memory
        try:
            with memory.enforced(500 * 10**6):
                np.ones(2 * 10**9, dtype=np.uint8)
        except Exception as exc:
            print(type(exc).__name__, exc)
    """, budget="8GB")
    assert status == 0, err
    assert out.startswith("LimitError the work ran out of memory"), out


def test_the_hard_limit_is_put_back() -> None:
    """A budget of its own is put back as its block ends (code after it may allocate freely at once);
    the default's by the watchdog's thread soon after."""
    memory._WATCHDOG.wake.set()
    for _ in range(200):  # a default block of an earlier test may still be in force for a few ms
        if not memory._WATCHDOG.applied:
            break
        memory.time.sleep(0.01)
    before = resource.getrlimit(resource.RLIMIT_DATA)
    with memory.enforced(10**9):
        assert resource.getrlimit(resource.RLIMIT_DATA)[0] >= 10**9 + memory.MARGIN  # (or what is mapped, if more)
    assert resource.getrlimit(resource.RLIMIT_DATA) == before


def test_an_error_inside_a_budget_block_can_be_caught() -> None:
    """grundy.solve past the memory budget raises a GrundyError the caller catches inside the block
    (review: it escaped as the watchdog's signal and ended the block)."""
    status, out, err = _python("""
        import grundy
        from hostile_rules import split_or_take
        game = grundy.impartial(split_or_take, splits=True)
        with grundy.budget(max_memory="300MB"):
            try:
                grundy.solve(game, [10**18])
            except grundy.GrundyError as exc:
                print("caught", type(exc).__name__)
            print("after, in the block")
    """, budget="8GB")
    assert status == 0, err
    assert out.splitlines() == ["caught LimitError", "after, in the block"]


def test_blocks_nest_and_only_the_one_that_failed_fails() -> None:
    with memory.enforced(10**12):
        with pytest.raises(LimitError, match="ran out of memory"), memory.enforced(10**12):
            raise MemoryError
        assert memory.guarding()
    assert not memory.guarding()


def test_the_watchdog_stops_a_python_loop() -> None:
    """The watchdog interrupts plain Python code (no allocation fails): a budget already passed
    stops the block at its next instruction."""
    with pytest.raises(LimitError, match="passed the memory budget of 1 bytes"), memory.enforced(1):
        while True:
            pass
    assert not memory.guarding()


def test_budget_counts_and_sizes_have_a_ceiling() -> None:
    with pytest.raises(LimitError, match="at most 2"):
        limits.budget(max_states=10**400).__enter__()
    with pytest.raises(LimitError, match="at most 2"):
        limits.parse_size("1e400GB")
    assert limits.parse_size("4.5GB") == 4_500_000_000


# -- the state budget, judged before it is spent ---------------------------------------------------------
def _powers(n: int) -> list[int]:
    out, k = [], 1
    while k <= n:
        out.append(n - k)
        k *= 2
    return out


@pytest.mark.parametrize("moves,ahead", [
    (lambda n: [m for m in (n - 1, n - 2) if m >= 0], "5.00e+17"),  # a path that walks down
    (_powers, "1.00e+18"),  # values filled in from 0, and a move from far above goes near it
])
def test_a_heap_that_cannot_fit_is_refused_early(moves, ahead) -> None:
    """Refused after a few tens of thousands of positions (the tool's own count), not 10^7, under the
    default budget."""
    with pytest.raises(LimitError) as caught:
        GrundyEngine(moves).value(10**18)
    message = str(caught.value)
    assert f"about {ahead} more positions lie below it" in message and "grundy.pattern" in message
    searched = int(message.split("judged from the ")[1].split(" ")[0].replace(",", ""))
    assert FORESEE_FROM <= searched < 4 * FORESEE_FROM


def _jump_then_take(n: int) -> list[int]:
    """From 10^6 up, a move leaves the heap mod 10^6; below, take 1 or 2 (values n mod 3)."""
    if n >= 10**6:
        return [n % 10**6, (n - 1) % 10**6]
    return [m for m in (n - 1, n - 2) if m >= 0]


def _thousandth_or_one(n: int) -> list[int]:
    """A heap is divided by 1000, and below 10^8 also takes one: a long path, but far below the heap."""
    return ([n // 1000] if n >= 1000 else []) + ([n - 1] if 0 < n < 10**8 else [])


def _thirds(n: int) -> list[int]:
    """Two thirds or a half, and take 1 or 2 only below 300,000: few heaps below a huge one, though
    the values below 300,000 are filled in densely (a case a review found refused)."""
    out = [n * 2 // 3, n // 2] if n > 1 else []
    if n < 300_000:
        out += [n - k for k in (1, 2) if n - k >= 0]
    return sorted({m for m in out if m != n})


def _chain(n: int) -> list[int]:
    """Take 1, but from a multiple of 2^17 jump to n >> 17: a walk down that looks dense for 2^17 steps."""
    if n == 0:
        return []
    return [n - 1] if n % (1 << 17) else [n >> 17]


def test_a_heap_with_few_positions_below_is_not_refused() -> None:
    """Huge heaps whose moves reach few positions are valued under the default budget, not refused
    on a guess: a dense fill from 0 with no short move from far above it, and a long path that is far
    below the heap."""
    assert GrundyEngine(_jump_then_take).value(10**18) == 1  # mex{G(0), G(999999)} = mex{0, 0}
    engine = GrundyEngine(_thousandth_or_one)
    value = engine.value(3 * 10**17)
    assert len(engine.memo) > 4 * FORESEE_FROM  # it was judged, and went on
    assert value == mex_of(GrundyEngine(_thousandth_or_one), [3 * 10**14])
    thirds = GrundyEngine(_thirds)
    assert thirds.value(10**18) == mex_of(GrundyEngine(_thirds), _thirds(10**18))
    assert len(thirds.memo) > 4 * FORESEE_FROM


def test_a_chosen_budget_is_searched_to_its_end() -> None:
    """The estimate can be fooled (a walk that looks dense, then jumps): with a budget chosen, even the
    default's number, the search goes on, and answers."""
    with pytest.raises(LimitError, match="too large to value move by move"):
        GrundyEngine(_chain).value(10**18 + 120_000)
    with limits.budget(max_states=10**7):
        engine = GrundyEngine(_chain)
        assert engine.value(10**18 + 120_000) == mex_of(GrundyEngine(_chain), _chain(10**18 + 120_000))
    assert len(engine.memo) < 10**6


def mex_of(engine: GrundyEngine, options: list[int]) -> int:
    seen = {engine.value(o) for o in options}
    return next(m for m in range(len(seen) + 1) if m not in seen)


def test_the_command_line_refuses_at_once() -> None:
    run = run_capped([sys.executable, "-m", "grundy", "solve", "--rules", f"{RULES}:powers", TEN_18],
                     memory=HARD, cpu=60)
    assert run.status == 2 and run.stderr.count("\n") == 1
    assert "too large to value move by move" in run.stderr and "'grundy pattern ... --at N'" in run.stderr
    assert run.cpu < 30  # the search before it stops 10^7 positions short (about 2 minutes of CPU before)


def test_the_python_words_of_the_refusal() -> None:
    with pytest.raises(LimitError, match=r"max_states budget of 10,000,000 \(choose a budget with max_states "
                                         r"\(grundy.budget\(max_states=...\)\) to search anyway\)"):
        grundy.solve(grundy.impartial(_powers), [10**18])


def test_the_web_holds_each_request_to_its_memory_budget() -> None:
    """``grundy serve --max-memory``: a request is stopped once the server holds more (here a budget
    of 1 byte, passed at once), with the web's words; the server goes on answering."""
    from starlette.testclient import TestClient

    from grundy.web.app import WebLimits, create_app

    starved = TestClient(create_app(WebLimits(max_memory=1)))
    answer = starved.get("/api/table", params={"spec": "kayles", "n": "5000"})
    assert answer.status_code == 400
    said = answer.json()["error"]  # the table's own estimate, or the watchdog, whichever sees it first
    assert "memory" in said and "1 bytes" in said and "--max-memory" not in said
    fed = TestClient(create_app(WebLimits(max_memory=10**12)))  # (a question that compiles no kernel: a cold
    # cache can take longer than the web's time limit on a loaded machine)
    assert fed.get("/api/solve", params={"spec": "nim", "position": "3 4 5"}).json()["grundy"] == 2


def test_serve_reads_its_memory_budget() -> None:
    code, _, err = run_cli("serve", "--max-memory", "lots")  # refused before any server starts
    assert code == 2 and one_error_line(err).startswith("'lots' is not a memory size")


def test_a_value_too_long_to_write_out_is_refused(monkeypatch) -> None:
    """A sum of switches shares its parts, and its text repeats them: writing it out is refused past
    MAX_TEXT characters (review: the sum of 25 switches printed for minutes)."""
    from grundy import cgt
    from grundy.cgt import notation_write

    five = sum((cgt.switch(i) for i in range(1, 6)), cgt.zero)
    text = cgt.to_text(five)
    assert len(text) > 40
    monkeypatch.setattr(notation_write, "MAX_TEXT", 40)
    six = five + cgt.switch(6)
    with pytest.raises(LimitError, match="longer than 40 characters"):
        cgt.to_text(six)


def test_a_traced_thread_runs_on_after_the_watchdog_fired() -> None:
    """The watchdog's interruption, once sent, is taken by the block's end, never taken back with
    PyThreadState_SetAsyncExc(id, NULL): that left the eval breaker set for good, and the next traced
    call (a debugger, coverage, the pattern finder's step counter) spun on its first instruction."""
    script = """
import sys
from grundy.core import memory
try:
    with memory.enforced(1):
        while True:
            pass
except Exception as exc:
    print(type(exc).__name__)
def tracer(frame, event, arg):
    return tracer
def traced():
    return 42
sys.settrace(tracer)
found = traced()
sys.settrace(None)
print(found)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["LimitError", "42"], done.stderr
