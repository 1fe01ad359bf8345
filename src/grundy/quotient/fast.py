"""(V2) from the empty sum with the compiled kernel (grundy.kernels.quotient), loading the states
it explored into a :class:`~grundy.quotient.verify.Checker` so that later heaps extend them.

>>> from grundy.quotient.monoid import Monoid, with_cyclic
>>> from grundy.quotient.verify import Checker, mark, option_tables
>>> m = with_cyclic(Monoid.trivial(2), [1], 2, 2)
>>> opts = [[], [()]]
>>> marks, tables = mark(m, opts), option_tables(m, opts)
>>> start(Checker(m, marks.p, tables), [0, 1]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from grundy.core import limits, work
from grundy.quotient.verify import Checker, Game

ROOM = 1 << 16  # states the first try may keep (doubled on each retry, up to MAX_ROOM)
MAX_ROOM = 1 << 21


def _bits(sets: Sequence[Sequence[int]], words: int) -> np.ndarray:
    out = np.zeros((len(sets), words), dtype=np.uint64)
    for i, members in enumerate(sets):
        for t in members:
            out[i, t >> 6] |= np.uint64(1 << (t & 63))
    return out


def _table_bits(table: np.ndarray, words: int) -> np.ndarray:
    """Row x: the bitset of x·t over the options t (columns of ``table``)."""
    size = table.shape[1]
    out = np.zeros((size, words), dtype=np.uint64)
    xs = np.tile(np.arange(size), table.shape[0])
    ts = table.ravel().astype(np.int64)
    np.bitwise_or.at(out, (xs, ts >> 6), np.left_shift(np.uint64(1), (ts & 63).astype(np.uint64)))
    return out


def start(checker: Checker, heaps: Sequence[int]) -> Game | None:
    """Like ``checker.start(heaps)``, compiled; the least failing game or None (verified)."""
    from grundy.kernels.quotient import explore

    size = len(checker.p)
    words = (size + 63) // 64
    moving = np.array(checker.moving(heaps), dtype=np.int64)
    top = len(checker.rows)
    rows = np.array(checker.rows, dtype=np.int64).reshape(top, size)
    colbits = np.zeros((top, size, words), dtype=np.uint64)
    for h in moving.tolist():
        colbits[h] = _table_bits(checker.tables[h], words)
    pbits = _bits([np.flatnonzero(checker.p).tolist()], words)[0]
    room = ROOM
    while True:
        need = room * (8 + words * 8 + top * 4 + 16 * max(1, len(moving)))
        limits.check_memory(f"checking a candidate misère quotient of {size:,} elements", more=need)
        sx = np.zeros(room, dtype=np.int64)
        strs = np.zeros((room, words), dtype=np.uint64)
        exps = np.zeros((room, top), dtype=np.int32)
        qp = np.zeros(room * max(1, len(moving)), dtype=np.int64)
        qh = np.zeros_like(qp)
        status, parent, heap, count = explore(rows, colbits, checker.p, pbits, moving, sx, strs, exps, qp, qh)
        work.charge(int(count))
        if status != 2:
            break
        if room >= MAX_ROOM:
            return checker.start(heaps)
        room *= 2
    if status == 1:
        if parent < 0:
            return ()
        game = [h for h in range(top) for _ in range(int(exps[parent, h]))]
        return tuple(sorted(game + [int(heap)]))
    for i in range(int(count)):
        members = frozenset(np.flatnonzero(np.unpackbits(strs[i].view(np.uint8), bitorder="little")).tolist())
        game = tuple(h for h in range(top) for _ in range(int(exps[i, h])))
        checker.load(int(sx[i]), members, game)
    return None
