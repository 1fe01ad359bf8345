"""Comparing loopy partizan games: stoppers, and the onsides and offsides of any loopy game.

**Stoppers** (Winning Ways ch. 11; Siegel, *Combinatorial Game Theory* ch. VI): G <= H iff Left, moving
second in H - G, can never be left without a move (play that goes on for ever is fine for Left). It is
worked out by a retrograde analysis with counters on the product states (vertex of G, vertex of H,
player to move): a state where Left must move and every move (none at all included) leads to a state
won for Right is won for Right; a state where Right moves and some move leads to a state won for Right
is won for Right. :func:`leq_table` does it once for every pair of vertices (plain Python for a small
product, the numba kernel :mod:`grundy.kernels.loopy_partizan` above :data:`PLAIN_UP_TO` states).

**Sides** (CGSuite's sided comparison): G⁺ <= H⁺ iff Left, moving second in H - G, is never left without
a move and, when play is infinite, makes infinitely many of its moves happen in H; G⁻ <= H⁻ the same with
infinitely many moves in -G. It is a Büchi game on the same product, solved by repeating: the states from
which Left can force a move in the privileged component (staying among the states not yet lost) are good,
the others are lost for Left, with Right's attractor of them, until nothing changes (plain Python from
the pairs asked for a small product, the kernel on the whole product above :data:`SIDED_PLAIN_UP_TO`
pairs). On stoppers both sided comparisons agree with the stopper comparison.

>>> from grundy.cgt.loopy.graph import ON, OFF, OVER, UNDER, DUD_GRAPH, ZERO_GRAPH
>>> leq(ZERO_GRAPH, OVER), leq(OVER, ZERO_GRAPH), leq(OVER, ON), leq(OFF, UNDER)
(True, False, True, True)
>>> leq(DUD_GRAPH, ON, "onside"), leq(ON, DUD_GRAPH, "onside"), leq(ZERO_GRAPH, DUD_GRAPH, "offside")
(True, True, False)
"""

from __future__ import annotations

import numpy as np

from grundy.cgt.loopy.graph import LoopyGraph, NotStopper
from grundy.core import limits
from grundy.core.errors import GrundyError
from grundy.core.work import charge

PLAIN_UP_TO = 40_000  # product states worked out in plain Python (the kernel costs ~0.5 s to load)
KERNEL_STATES_A_STEP = 32  # product states a kernel works out for one step of the work budget (grundy.core.work)
SIDED_PLAIN_UP_TO = 400  # pairs of vertices compared on a side in plain Python (lazily, from the pairs asked)
SIDES = ("stopper", "onside", "offside")


def _reverse(options: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """For each vertex, the vertices having it as an option (once per edge)."""
    back: list[list[int]] = [[] for _ in options]
    for v, targets in enumerate(options):
        for w in targets:
            back[w].append(v)
    return back


def leq_table(g: LoopyGraph, h: LoopyGraph) -> np.ndarray:
    """``table[i, j]``: vertex i of stopper g <= vertex j of stopper h (a bool array, len(g) x len(h))."""
    n, m = len(g), len(h)
    if n * m <= PLAIN_UP_TO:
        charge(n * m)
        return _plain_table(g, h).reshape(n, m)
    charge(1 + n * m // KERNEL_STATES_A_STEP)
    limits.check_memory(f"the loopy comparison of {n:,} x {m:,} vertices", 17 * n * m)
    from grundy.kernels.loopy_partizan import stopper_table

    return stopper_table(*_csr(g), *_csr(h)).reshape(n, m)


def _csr(g: LoopyGraph) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Left offsets and targets, Right offsets and targets (int64 arrays)."""
    out = []
    for options in (g.left, g.right):
        offsets = np.zeros(len(options) + 1, np.int64)
        offsets[1:] = np.cumsum([len(t) for t in options])
        targets = np.fromiter((w for t in options for w in t), np.int64, int(offsets[-1]))
        out += [offsets, targets]
    return out[0], out[1], out[2], out[3]


def _plain_table(g: LoopyGraph, h: LoopyGraph) -> np.ndarray:
    """The stopper retrograde in plain Python: True where Right, moving first in h - g, cannot win."""
    n, m = len(g), len(h)
    g_left_back, g_right_back = _reverse(g.left), _reverse(g.right)
    h_left_back, h_right_back = _reverse(h.left), _reverse(h.right)
    # Left to move at (i, j): moves to g.right[i] (in -g) and h.left[j]; pending counts them.
    h_left_count = [len(t) for t in h.left]
    pending = [len(g.right[i]) + c for i in range(n) for c in h_left_count]
    right_won = bytearray(n * m)  # Right to move at (i, j) wins
    stack = [s for s in range(n * m) if pending[s] == 0]  # Left to move and stuck: lost for Left
    while stack:
        s = stack.pop()
        i, j = divmod(s, m)
        # s (Left to move) is lost for Left: every Right move to it wins for Right
        for r in [i0 * m + j for i0 in g_left_back[i]] + [i * m + j0 for j0 in h_right_back[j]]:
            if right_won[r]:
                continue
            right_won[r] = 1
            ri, rj = divmod(r, m)
            for q in [i0 * m + rj for i0 in g_right_back[ri]] + [ri * m + j0 for j0 in h_left_back[rj]]:
                pending[q] -= 1
                if pending[q] == 0:
                    stack.append(q)
    return np.frombuffer(bytes(right_won), np.uint8) == 0


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise GrundyError(f"side must be one of {', '.join(SIDES)}, not {side!r}")


def leq(g: LoopyGraph, h: LoopyGraph, side: str = "stopper") -> bool:
    """g <= h: as stoppers (``side="stopper"``: both must be stoppers), or on the onside or the offside
    (any loopy games: G⁺ <= H⁺, G⁻ <= H⁻)."""
    _check_side(side)
    if side == "stopper":
        for x in (g, h):
            if not x.is_stopper():
                raise NotStopper("the stopper comparison needs stoppers; compare the sides instead")
        g, h = g.packed(), h.packed()
        return bool(leq_table(g, h)[0, 0])
    g, h = g.packed(), h.packed()
    return sided_leq(g, h, onside=side == "onside")


def equal(g: LoopyGraph, h: LoopyGraph, side: str = "stopper") -> bool:
    """g = h (as stoppers, or on one side)."""
    return leq(g, h, side) and leq(h, g, side)


def sided_leq(g: LoopyGraph, h: LoopyGraph, onside: bool) -> bool:
    """G⁺ <= H⁺ (``onside``) or G⁻ <= H⁻ at the start vertices (see the module's docstring)."""
    return sided_pairs(g, h, [(g.start, h.start)], onside)[0]


def sided_table(g: LoopyGraph, h: LoopyGraph, onside: bool) -> np.ndarray:
    """``table[i, j]``: G_i⁺ <= H_j⁺ (``onside``), or G_i⁻ <= H_j⁻, for every pair of vertices."""
    pairs = [(i, j) for i in range(len(g)) for j in range(len(h))]
    return np.array(sided_pairs(g, h, pairs, onside), bool).reshape(len(g), len(h))


def sided_pairs(g: LoopyGraph, h: LoopyGraph, pairs: list[tuple[int, int]], onside: bool) -> list[bool]:
    """For each pair (i, j): G_i⁺ <= H_j⁺ (``onside``), or G_i⁻ <= H_j⁻; only the product states
    reachable from the pairs are worked out (on the whole product, by the numba kernel, past
    :data:`SIDED_PLAIN_UP_TO` pairs of vertices)."""
    n, m = len(g), len(h)
    if n * m > SIDED_PLAIN_UP_TO:
        charge(1 + 2 * n * m // KERNEL_STATES_A_STEP)
        limits.check_memory(f"the sided comparison of {n:,} x {m:,} vertices", 90 * n * m)
        from grundy.kernels.loopy_partizan import sided_table as kernel

        table = kernel(*_csr(g), *_csr(h), onside)
        return [bool(table[i * m + j]) for i, j in pairs]
    moves, flags, right = _product_moves(g, h, pairs, onside)
    charge(len(moves))
    back: list[list[int]] = [[] for _ in moves]
    for s, targets in enumerate(moves):
        for t in targets:
            back[t].append(s)
    alive = bytearray(b"\x01") * len(moves)  # not (yet) lost for Left
    pending = [len(t) for t in moves]  # Left-to-move states: moves into alive states
    _lose(back, right, alive, pending, [s for s in range(len(moves)) if not right[s] and not moves[s]])
    while True:
        good = _good(moves, flags, right, alive)
        bad = [s for s in range(len(moves)) if alive[s] and not good[s]]
        if not bad:
            break
        _lose(back, right, alive, pending, bad)
    first = {pair: k for k, pair in reversed(list(enumerate(dict.fromkeys(pairs))))}
    return [bool(alive[first[pair]]) for pair in pairs]


def _product_moves(g: LoopyGraph, h: LoopyGraph, pairs: list[tuple[int, int]],
                   onside: bool) -> tuple[list[list[int]], list[list[bool]], bytearray]:
    """The product states reachable from Right to move at the pairs (numbered from 0 in that order):
    their moves in h - g, whether each move is in the privileged component (h on the onside, -g on
    the offside), and whether Right is to move."""
    index: dict[tuple[int, int, int], int] = {}
    states: list[tuple[int, int, int]] = []
    for i, j in pairs:
        if (i, j, 1) not in index:
            index[i, j, 1] = len(states)
            states.append((i, j, 1))
    moves: list[list[int]] = []
    flags: list[list[bool]] = []
    right = bytearray()
    k = 0
    while k < len(states):
        i, j, mover = states[k]
        in_g, in_h = (g.left[i], h.right[j]) if mover else (g.right[i], h.left[j])
        targets = []
        for state in [(x, j, 1 - mover) for x in in_g] + [(i, y, 1 - mover) for y in in_h]:
            t = index.get(state)
            if t is None:
                t = index[state] = len(states)
                states.append(state)
            targets.append(t)
        moves.append(targets)
        flags.append([not onside] * len(in_g) + [onside] * len(in_h))
        right.append(mover)
        k += 1
    return moves, flags, right


def _lose(back: list[list[int]], right: bytearray, alive: bytearray, pending: list[int], seeds: list[int]) -> None:
    """Mark ``seeds`` lost for Left, with every state from which Right can force play into them."""
    stack = []
    for s in seeds:
        if alive[s]:
            alive[s] = 0
            stack.append(s)
    while stack:
        t = stack.pop()
        for p in back[t]:
            if not alive[p]:
                continue
            if right[p]:  # Right to move: Right goes to t
                alive[p] = 0
                stack.append(p)
            else:
                pending[p] -= 1
                if pending[p] == 0:
                    alive[p] = 0
                    stack.append(p)


def _good(moves: list[list[int]], flags: list[list[bool]], right: bytearray, alive: bytearray) -> bytearray:
    """The alive states from which Left can force, among alive states, a move in the privileged component
    (or Right to be stuck)."""
    good = bytearray(len(moves))
    need = [0] * len(moves)  # Right-to-move states: their moves outside the privileged component not yet good
    plain_back: list[list[int]] = [[] for _ in moves]  # moves outside the privileged component, reversed
    stack = []
    for s in range(len(moves)):
        if not alive[s]:
            continue
        for t, privileged in zip(moves[s], flags[s], strict=True):
            if not privileged:
                plain_back[t].append(s)
        if right[s]:
            need[s] = flags[s].count(False)
            if need[s] == 0:
                good[s] = 1
                stack.append(s)
        elif any(f and alive[t] for t, f in zip(moves[s], flags[s], strict=True)):
            good[s] = 1
            stack.append(s)
    while stack:
        t = stack.pop()
        for p in plain_back[t]:
            if good[p]:
                continue
            if right[p]:
                need[p] -= 1
                if need[p]:
                    continue
            good[p] = 1
            stack.append(p)
    return good
