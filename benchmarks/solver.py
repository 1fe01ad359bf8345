"""Benchmark: the general solver (win/lose/tie/draw with remoteness), each way a game can be handed
over, next to a naive solver and, when given, GamesmanPy's solver core — all in the same run, on
the same games, the same machine.

The games, each defined the same way for every method (moves, and "lose" where the mover was caught
or cannot move):

- subtract 1 or 2 from 10^6: 1,000,001 states, acyclic;
- ring chase on 1000 cells: two tokens, the mover's first, each turn the mover steps 1 or 2 cells
  either way, landing on the other token wins; 10^6 states, cycles everywhere, draws.

Positions are integers in every method (ring chase: mine * 1000 + theirs), as in GamesmanPy.

Methods: grundy's plain-Python path (``grundy.game``), compiled moves (``grundy.compiled_game``,
numba), vectorised moves (``grundy.vector_game``, numpy), a naive solver written here (the
textbook retrograde analysis in pure Python: dicts of parents and counters, a queue), and
GamesmanPy. Each is timed as the best of ``--repeat`` runs after a warm-up; the first call of the
compiled form (compiling the user's functions) is shown on its own row. Every method must give the
same value and remoteness at the start, or the benchmark stops.

    python benchmarks/solver.py [--repeat 3] [--peer DIR]

The peer. GamesmanPy (github.com/GamesCrafters/GamesmanPy) is not on PyPI. To run it side by
side, clone it and make a directory DIR holding its packages ``models`` (from
``models/src/models``) and ``solver`` (from ``solver/src/solver``), and a package ``database``
with two empty classes ``SqliteDB`` and ``DuckDB`` (``solver.py`` imports them; its solver core
never uses them), then pass ``--peer DIR`` (or set ``GRUNDY_PEER=DIR``). What is timed is its
solver core on the same game: ``Solver.discover()``, ``propagate()`` and ``resolve_draws()``
(not writing the database), with the game written in its interface (``generate_moves``,
``do_move``, ``primitive`` on integer positions) below. Without a peer its columns stay empty.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import grundy  # noqa: E402
from _table import print_table  # noqa: E402

TOP = 10**6  # subtract 1 or 2 from TOP
CELLS = 1000  # ring chase on CELLS cells: CELLS^2 positions


# -- the games, in grundy's three forms -------------------------------------------------------------


def subtraction_plain() -> grundy.GeneralGame:
    return grundy.game(lambda n: [m for m in (n - 1, n - 2) if m >= 0],
                       primitive=lambda n: "lose" if n == 0 else None, name="subtract 1 or 2")


def _subtract(n, out):
    count = 0
    for step in (1, 2):
        if n >= step:
            out[count] = n - step
            count += 1
    return count


def subtraction_compiled() -> grundy.GeneralGame:
    return grundy.compiled_game(_subtract, max_moves=2, primitive=lambda n: grundy.LOSE if n == 0 else 0)


def subtraction_vector() -> grundy.GeneralGame:
    return grundy.vector_game(lambda n: np.stack([n - 1, n - 2], axis=1), size=TOP + 1,
                              primitive=lambda n: np.where(n == 0, grundy.LOSE, 0))


def ring_moves(p: int) -> list[int]:
    """Ring chase in plain Python: position p = mine * CELLS + theirs, the mover's token first."""
    mine, theirs = divmod(p, CELLS)
    return [theirs * CELLS + (mine + d) % CELLS for d in (-2, -1, 1, 2)]


def ring_plain() -> grundy.GeneralGame:
    return grundy.game(ring_moves, primitive=lambda p: "lose" if p // CELLS == p % CELLS else None, name="ring chase")


def ring_compiled() -> grundy.GeneralGame:
    n = CELLS

    def chase(p, out):  # p = mine * n + theirs
        mine, theirs = p // n, p % n
        for k, d in enumerate((-2, -1, 1, 2)):
            out[k] = theirs * n + (mine + d) % n
        return 4

    return grundy.compiled_game(chase, max_moves=4, primitive=lambda p: grundy.LOSE if p // n == p % n else 0)


def ring_vector() -> grundy.GeneralGame:
    n = CELLS

    def children(p):
        mine, theirs = p // n, p % n
        return np.stack([theirs * n + (mine + d) % n for d in (-2, -1, 1, 2)], axis=1)

    return grundy.vector_game(children, size=n * n, primitive=lambda p: np.where(p // n == p % n, grundy.LOSE, 0))


# -- the naive solver -------------------------------------------------------------------------------


def naive_solve(moves: Callable[[Any], list], lost: Callable[[Any], bool], start: Any) -> tuple[str, int, int]:
    """Textbook retrograde analysis in pure Python: find every position (breadth first) with its
    parents, then settle losses and wins from the end with a queue; what stays open is a draw.
    Returns (value at the start, its remoteness, states)."""
    parents: dict[Any, list] = {start: []}
    open_moves: dict[Any, int] = {}
    value: dict[Any, tuple[str, int]] = {}
    waiting = deque([start])
    while waiting:
        here = waiting.popleft()
        if lost(here):
            open_moves[here] = 0
            value[here] = ("lose", 0)
            continue
        children = moves(here)
        open_moves[here] = len(children)
        if not children:
            value[here] = ("lose", 0)
        for child in children:
            if child not in parents:
                parents[child] = []
                waiting.append(child)
            parents[child].append(here)
    queue = deque(value)
    while queue:
        child = queue.popleft()
        kind, far = value[child]
        for parent in parents[child]:
            if parent in value:
                continue
            if kind == "lose":
                value[parent] = ("win", far + 1)
                queue.append(parent)
            else:
                open_moves[parent] -= 1
                if open_moves[parent] == 0:
                    value[parent] = ("lose", far + 1)
                    queue.append(parent)
    return (*value.get(start, ("draw", 0)), len(parents))


# -- the peer ---------------------------------------------------------------------------------------


def peer_games(directory: str) -> dict[str, Callable[[], tuple[str, int, int]]]:
    """A runner per game of GamesmanPy's solver core, read from ``directory``: each returns (value at
    the start, remoteness, states) after discover(), propagate() and resolve_draws()."""
    sys.path.insert(0, directory)  # first: its package "solver", not this script
    models = importlib.import_module("models")
    GeneralGame, Value, Solver = models.Game, models.Value, importlib.import_module("solver").Solver

    class Subtraction(GeneralGame):
        id, variants, n_players = "subtract-1-or-2", ["default"], 2

        def __init__(self, variant: str = "default") -> None:
            pass

        def start(self) -> int:
            return TOP

        def generate_moves(self, position: int) -> list[int]:
            return [m for m in (1, 2) if position - m >= 0]

        def do_move(self, position: int, move: int) -> int:
            return position - move

        def primitive(self, position: int) -> Any:
            return Value.Loss if position == 0 else None

        def to_string(self, position: int, mode: Any) -> str:
            return str(position)

        def from_string(self, text: str) -> int:
            return int(text)

        def move_to_string(self, move: int, mode: Any) -> str:
            return str(move)

    class RingChase(Subtraction):
        id = "ring-chase"

        def start(self) -> int:
            return CELLS // 2  # mine 0, theirs CELLS // 2

        def generate_moves(self, position: int) -> list[int]:
            return [-2, -1, 1, 2]

        def do_move(self, position: int, move: int) -> int:
            mine, theirs = divmod(position, CELLS)
            return theirs * CELLS + (mine + move) % CELLS

        def primitive(self, position: int) -> Any:
            mine, theirs = divmod(position, CELLS)
            return Value.Loss if mine == theirs else None

    def runner(kind: type) -> Callable[[], tuple[str, int, int]]:
        def run() -> tuple[str, int, int]:
            solver = Solver(kind)
            solver.game = kind()
            solver.discover()
            solver.propagate()
            solver.resolve_draws()
            far, value = solver.solution[solver.game.start()]
            name = value.name.lower().replace("loss", "lose")
            return name, (0 if name == "draw" else far), len(solver.solution)

        return run

    return {"subtraction": runner(Subtraction), "ring": runner(RingChase)}


# -- the table --------------------------------------------------------------------------------------


def best_of(repeat: int, run: Callable[[], tuple[str, int, int]]) -> tuple[float, tuple[str, int, int]]:
    """The shortest of ``repeat`` runs, and what the run answered."""
    best, answer = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        answer = run()
        best = min(best, time.perf_counter() - start)
    return best, answer


def solved(make: Callable[[], grundy.GeneralGame], start: Any) -> Callable[[], tuple[str, int, int]]:
    the_game = make()

    def run() -> tuple[str, int, int]:
        s = grundy.solve_game(the_game, start)
        return s.value, s.remoteness, s.states

    return run


def first_call(make: Callable[[], grundy.GeneralGame], start: Any) -> Callable[[], tuple[str, int, int]]:
    """Making the compiled game (numba compiles its functions) and solving it once."""
    def run() -> tuple[str, int, int]:
        s = grundy.solve_game(make(), start)
        return s.value, s.remoteness, s.states

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per method; the best is shown")
    parser.add_argument("--peer", default=os.environ.get("GRUNDY_PEER"),
                        help="a directory holding GamesmanPy's models, solver and a database stub")
    args = parser.parse_args()
    peers = peer_games(args.peer) if args.peer else {}
    ring_start = CELLS // 2
    games = [
        ("subtract 1 or 2 from 10^6", "subtraction", [
            ("grundy, plain Python", solved(subtraction_plain, TOP)),
            ("grundy, compiled (first call, with compiling)", first_call(subtraction_compiled, TOP)),
            ("grundy, compiled (numba)", solved(subtraction_compiled, TOP)),
            ("grundy, vectorised (numpy)", solved(subtraction_vector, TOP)),
            ("naive retrograde, pure Python", lambda: naive_solve(
                lambda n: [m for m in (n - 1, n - 2) if m >= 0], lambda n: n == 0, TOP))]),
        (f"ring chase on {CELLS} cells (loopy)", "ring", [
            ("grundy, plain Python", solved(ring_plain, ring_start)),
            ("grundy, compiled (first call, with compiling)", first_call(ring_compiled, ring_start)),
            ("grundy, compiled (numba)", solved(ring_compiled, ring_start)),
            ("grundy, vectorised (numpy)", solved(ring_vector, ring_start)),
            ("naive retrograde, pure Python", lambda: naive_solve(
                ring_moves, lambda p: p // CELLS == p % CELLS, ring_start))]),
    ]
    solved(subtraction_compiled, 10)()  # load the compiled kernels before timing
    solved(subtraction_vector, 10)()
    rows = []
    for title, key, methods in games:
        if key in peers:
            methods = [*methods, ("GamesmanPy solver core (--peer)", peers[key])]
        timings = []
        for name, run in methods:
            repeat = 1 if "first call" in name else args.repeat
            seconds, answer = best_of(repeat, run)
            timings.append((name, seconds, answer))
            print(f"{title}: {name}: {seconds:.3f} s, {answer}", file=sys.stderr)
        answers = {answer for _, _, answer in timings}
        if len(answers) != 1:
            raise SystemExit(f"{title}: the methods disagree: {timings}")
        naive = next(s for name, s, _ in timings if name.startswith("naive"))
        peer = next((s for name, s, _ in timings if name.startswith("GamesmanPy")), None)
        for name, seconds, (value, remoteness, states) in timings:
            rows.append([title, name, states, seconds, states / seconds, f"{naive / seconds:.1f}x",
                         f"{peer / seconds:.1f}x" if peer else "", f"{value}, remoteness {remoteness}"])
    print_table(["game", "method", "states", "seconds", "states/s", "vs naive", "vs GamesmanPy", "start"], rows)
    print(f"\n{os.cpu_count()} cores; best of {args.repeat} runs each (the first call: one run)"
          + ("" if peers else "; GamesmanPy not run (pass --peer DIR, see the docstring)"))


if __name__ == "__main__":
    main()
