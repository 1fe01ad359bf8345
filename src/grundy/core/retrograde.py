"""The general solver's retrograde pass: in plain Python for a small game graph, in a numba kernel
(:func:`grundy.kernels.retrograde.retrograde`) above :data:`PLAIN_UP_TO` positions and moves.

Loading numba and a cached kernel costs a fresh process about half a second of CPU; a game the size of
tic-tac-toe (5,478 positions, 16,167 moves) is settled in plain Python in a few hundredths of a second.
Both give the same values and remoteness (tests/test_startup.py checks them against each other on many
small graphs).
"""

from __future__ import annotations

import numpy as np

UNKNOWN, LOSE, WIN, TIE, DRAW = 0, 1, 2, 3, 4  # the codes of grundy.kernels.retrograde
PLAIN_UP_TO = 50_000  # positions + moves settled in plain Python (about 0.05 s; the kernel costs ~0.5 s to load)


def retrograde_bytes(states: int, moves: int, index_bytes: int, scores: bool = False) -> int:
    """Bytes that the retrograde kernel (or, with ``scores``, the score kernel) allocates for a graph of
    ``states`` positions and ``moves`` edges whose position numbers take ``index_bytes`` (the budget
    the general solver checks before either pass).

    >>> retrograde_bytes(10, 30, 4)
    338
    """
    reverse = 8 * (states + 1) + index_bytes * moves  # parent offsets and parents
    if scores:  # pending, queue, remoteness; value (float), settled
        return reverse + 3 * index_bytes * states + 9 * states
    return reverse + 3 * index_bytes * states + states  # pending, queue, remoteness; value


def retrograde(offsets: np.ndarray, children: np.ndarray, primitive: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Values (int8 codes) and remoteness of every position of a game graph in CSR form: see
    :func:`grundy.kernels.retrograde.retrograde`, which settles graphs of more than :data:`PLAIN_UP_TO`
    positions and moves (smaller ones: :func:`plain_retrograde`, without loading numba)."""
    if len(offsets) - 1 + len(children) <= PLAIN_UP_TO:
        return plain_retrograde(offsets, children, primitive)
    from grundy.kernels.retrograde import retrograde as kernel

    return kernel(offsets, children, primitive)


def plain_retrograde(offsets: np.ndarray, children: np.ndarray,
                     primitive: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Values and remoteness of every position of a game graph in CSR form, as the kernel
    :func:`grundy.kernels.retrograde.retrograde` gives them (same arguments, same results): a win
    takes the shortest route, a loss the longest, a tie the shortest; what is never decided is a draw.

    >>> values, far = plain_retrograde(np.array([0, 1, 1]), np.array([1]), np.zeros(2, np.int8))
    >>> values.tolist(), far.tolist()
    ([2, 1], [1, 0])
    """
    starts, kids = offsets.tolist(), children.tolist()
    n = len(starts) - 1
    parents: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for c in kids[starts[i]:starts[i + 1]]:
            parents[c].append(i)
    value = [code if code != UNKNOWN or starts[i + 1] > starts[i] else LOSE
             for i, code in enumerate(primitive.tolist())]
    remoteness = [0] * n
    _settle_wins_and_losses(value, remoteness, parents, [starts[i + 1] - starts[i] for i in range(n)])
    _spread_ties(value, remoteness, parents)
    return (np.array([DRAW if v == UNKNOWN else v for v in value], np.int8),
            np.array(remoteness, children.dtype))


def _settle_wins_and_losses(value: list[int], remoteness: list[int], parents: list[list[int]],
                            pending: list[int]) -> None:
    """Phase 1: wins and losses, breadth first from the ends (so in order of remoteness)."""
    queue = [i for i, v in enumerate(value) if v in (LOSE, WIN)]
    head = 0
    while head < len(queue):
        c = queue[head]
        head += 1
        lost = value[c] == LOSE
        for p in parents[c]:
            if value[p] != UNKNOWN:
                continue
            if not lost:
                pending[p] -= 1
                if pending[p]:
                    continue
            value[p] = WIN if lost else LOSE
            remoteness[p] = remoteness[c] + 1
            queue.append(p)


def _spread_ties(value: list[int], remoteness: list[int], parents: list[list[int]]) -> None:
    """Phase 2: a tie spreads to every undecided parent (a tie beats a draw), nearest first."""
    queue = [i for i, v in enumerate(value) if v == TIE]
    head = 0
    while head < len(queue):
        c = queue[head]
        head += 1
        for p in parents[c]:
            if value[p] == UNKNOWN:
                value[p] = TIE
                remoteness[p] = remoteness[c] + 1
                queue.append(p)
