"""A compiled store of short partizan games, each one integer id: the canonical-form algebra of a
compiled search (:mod:`grundy.kernels.konane`).

A game is its Left options and its Right options, given as ids; :func:`intern` gives one id to one
form (the same option sets, the same id), so canonical forms, which are unique, are equal exactly
when their ids are. The store is a tuple of arrays (:func:`new_store`, grown by doubling between
two compiled calls with :func:`grown`):

- ``meta`` — ``[ids made, options kept, failed, forms in the table, numbers in the table]``;
- ``node[g]`` — id g's first option in ``opts``, its Left and Right option counts, whether it is a
  number and then its value times :data:`SCALE`, and the hash of its option sets;
- ``opts`` — the options of every form, one after another (Left's, then Right's);
- ``forms``, ``numbers`` — open-addressing tables of ids (-1 free), by the hash of the option sets
  and by a number's value;
- ``memo`` — :func:`le`'s answers, a cache (an answer may be forgotten, never wrong).

:func:`le` is Conway's order, g <= h iff no g^L >= h and no h^R <= g (numbers compared by value).
A number is made by :func:`number_id` as its own canonical form (0 = {|}, n = {n-1|}, -n = {|-n+1},
m/2^j = {(m-1)/2^j | (m+1)/2^j}), flagged with its value; :mod:`grundy.kernels.cgt_canonical`
makes every number it meets this way, so a number has one id. A form too large for the room left
sets the failed flag (the caller then searches in Python).
"""

from __future__ import annotations

import numba as nb
import numpy as np

SCALE_BITS = 40  # binary places of the numbers kept (a value is numerator / 2**SCALE_BITS)
SCALE = 1 << SCALE_BITS
PAIR = 1 << 31  # le's key: g * PAIR + h (ids stay below 2**31)
START, NLEFT, NRIGHT, ISNUM, NUMVAL, HASH = range(6)
IDS, USED, FAILED, FORMS, NUMBERS = range(5)
MEMO = 1 << 18  # slots of le's cache at first (grown with the store, to 8 a form, up to MEMO_MOST)
MEMO_MOST = 1 << 24
PROBES = 8  # slots of the cache looked at for one pair
ID_ROOM = 1 << 10  # ids a compiled call may make before the store must grow (see room)
OPT_ROOM = 1 << 14  # ... and options
MIX = np.int64(-7046029254386353131)  # an odd multiplier (2**64 / the golden ratio) for hashing


def new_store(ids: int = 1 << 14) -> tuple:
    """An empty store with room for about ``ids`` forms, 0 = {|} made as id 0."""
    store = (np.zeros(8, np.int64), np.zeros((ids, 6), np.int64), np.zeros(4 * ids, np.int64),
             np.full(2 * ids, -1, np.int64), np.full(2 * ids, -1, np.int64), np.full(MEMO, -1, np.int64))
    number_id(store, 0)
    return store


def grown(store: tuple) -> tuple:
    """``store``, or a copy with twice the room when fewer than :data:`ID_ROOM` ids or
    :data:`OPT_ROOM` options are left (the tables made again), so a compiled call never runs out."""
    meta, node, opts, forms, numbers, memo = store
    if not room(store):
        return store
    new_node = np.zeros((2 * node.shape[0], 6), np.int64)
    new_node[:node.shape[0]] = node
    new_opts = np.zeros(max(2 * opts.size, meta[USED] + 2 * OPT_ROOM), np.int64)
    new_opts[:opts.size] = opts
    new_forms = np.full(2 * forms.size, -1, np.int64)
    new_numbers = np.full(2 * numbers.size, -1, np.int64)
    _refill(meta, new_node, new_forms, new_numbers)
    if memo.size < min(8 * new_node.shape[0], MEMO_MOST):  # a cache: a larger one starts empty
        memo = np.full(min(8 * new_node.shape[0], MEMO_MOST), -1, np.int64)
    return meta, new_node, new_opts, new_forms, new_numbers, memo


@nb.njit(cache=True)
def room(store):  # pragma: no cover - compiled
    """Whether the store should grow before the next compiled call (little room left)."""
    meta, node, opts, forms, numbers = store[0], store[1], store[2], store[3], store[4]
    return (meta[IDS] + ID_ROOM > node.shape[0] or meta[USED] + OPT_ROOM > opts.size
            or 2 * (meta[FORMS] + ID_ROOM) > forms.size or 2 * (meta[NUMBERS] + ID_ROOM) > numbers.size)


@nb.njit(cache=True)
def _refill(meta, node, forms, numbers):  # pragma: no cover - compiled
    """Put every id back into the (larger, empty) tables."""
    for g in range(meta[IDS]):
        forms[_free(forms, node[g, HASH])] = g
        if node[g, ISNUM]:
            numbers[_free(numbers, node[g, NUMVAL])] = g


@nb.njit(cache=True)
def _home(key, table):  # pragma: no cover - compiled
    """The first slot looked at for ``key`` in an open-addressing table."""
    h = key * MIX
    return (h ^ (h >> 29)) & (table.size - 1)


@nb.njit(cache=True)
def _free(table, key):  # pragma: no cover - compiled
    """The first free slot from ``key``'s home."""
    i = _home(key, table)
    while table[i] >= 0:
        i = (i + 1) & (table.size - 1)
    return i


@nb.njit(cache=True)
def _hash(lefts, nl, rights, nr):  # pragma: no cover - compiled
    """A hash of two sorted option lists."""
    h = np.int64(nl * 1000003 + nr)
    for i in range(nl):
        h = h * 1000003 + lefts[i] + 1
    h = h * 998244353 + 7
    for i in range(nr):
        h = h * 1000003 + rights[i] + 1
    return h


@nb.njit(cache=True)
def _same(node, opts, g, lefts, nl, rights, nr):  # pragma: no cover - compiled
    """Whether id ``g`` has exactly these options."""
    if node[g, NLEFT] != nl or node[g, NRIGHT] != nr:
        return False
    at = node[g, START]
    for i in range(nl):
        if opts[at + i] != lefts[i]:
            return False
    for i in range(nr):  # noqa: SIM110 - numba compiles a loop, not all() of a generator
        if opts[at + nl + i] != rights[i]:
            return False
    return True


@nb.njit(cache=True)
def intern(store, lefts, nl, rights, nr):  # pragma: no cover - compiled
    """The id of the form {lefts[:nl] | rights[:nr]} (each sorted, without repeats), made if new;
    0 with the failed flag set when the store is full."""
    meta, node, opts, forms = store[0], store[1], store[2], store[3]
    h = _hash(lefts, nl, rights, nr)
    i = _home(h, forms)
    while forms[i] >= 0:
        g = forms[i]
        if node[g, HASH] == h and _same(node, opts, g, lefts, nl, rights, nr):
            return g
        i = (i + 1) & (forms.size - 1)
    g, used = meta[IDS], meta[USED]
    if g >= node.shape[0] or used + nl + nr > opts.size or 2 * (meta[FORMS] + 1) > forms.size:
        meta[FAILED] = 1
        return 0
    for k in range(nl):
        opts[used + k] = lefts[k]
    for k in range(nr):
        opts[used + nl + k] = rights[k]
    node[g, START], node[g, NLEFT], node[g, NRIGHT] = used, nl, nr
    node[g, ISNUM], node[g, NUMVAL], node[g, HASH] = 0, 0, h
    forms[i] = g
    meta[IDS], meta[USED], meta[FORMS] = g + 1, used + nl + nr, meta[FORMS] + 1
    return g


@nb.njit(cache=True)
def _number_slot(store, v):  # pragma: no cover - compiled
    """The slot of the number v in the numbers table: where its id is, or the free slot for it."""
    node, numbers = store[1], store[4]
    i = _home(v, numbers)
    while numbers[i] >= 0 and node[numbers[i], NUMVAL] != v:
        i = (i + 1) & (numbers.size - 1)
    return i


@nb.njit(cache=True)
def _known_number(store, v):  # pragma: no cover - compiled
    """The id of the number v if made already, else -1."""
    return store[4][_number_slot(store, v)]


@nb.njit(cache=True)
def _number_options(v):  # pragma: no cover - compiled
    """The options of the number v's canonical form: (left, has left, right, has right)."""
    if v % SCALE == 0:
        return v - SCALE, v > 0, v + SCALE, v < 0
    step = np.int64(1)
    while v % (2 * step) == 0:
        step *= 2
    return v - step, True, v + step, True


@nb.njit(cache=True)
def number_id(store, v):  # pragma: no cover - compiled
    """The id of the number v / SCALE: its canonical form, made with its options (an explicit stack
    of the numbers still to make) if new; 0 with the failed flag set when there is no room."""
    found = _known_number(store, v)
    if found >= 0:
        return found
    meta, node, numbers = store[0], store[1], store[4]
    todo = np.empty(64, np.int64)
    todo[0], depth = v, 1
    sides = np.empty(1, np.int64), np.empty(1, np.int64)
    while depth > 0:
        u = todo[depth - 1]
        a, has_a, b, has_b = _number_options(u)
        ia = _known_number(store, a) if has_a else 0
        ib = _known_number(store, b) if has_b else 0
        if ia < 0 or ib < 0:
            if depth + 2 > todo.size:
                more = np.empty(2 * todo.size, np.int64)
                more[:depth] = todo[:depth]
                todo = more
            todo[depth] = a if ia < 0 else b
            depth += 1
            continue
        depth -= 1
        if _known_number(store, u) >= 0:
            continue
        if 2 * (meta[NUMBERS] + 1) > numbers.size:
            meta[FAILED] = 1
            return 0
        sides[0][0], sides[1][0] = ia, ib
        g = intern(store, sides[0], 1 if has_a else 0, sides[1], 1 if has_b else 0)
        node[g, ISNUM], node[g, NUMVAL] = 1, u
        numbers[_number_slot(store, u)] = g
        meta[NUMBERS] += 1
    return _known_number(store, v)


@nb.njit(cache=True)
def _known(node, memo, g, h):  # pragma: no cover - compiled
    """Whether g <= h when known at once (1 or 0: the same form, two numbers, or remembered in
    ``memo``), else -1."""
    if g == h:
        return 1
    if node[g, ISNUM] == 1 and node[h, ISNUM] == 1:
        return 1 if node[g, NUMVAL] <= node[h, NUMVAL] else 0
    key = g * PAIR + h
    home = _home(key, memo)
    for i in range(PROBES):
        seen = memo[(home + i) & (memo.size - 1)]
        if seen < 0:
            return -1
        if seen >> 1 == key:
            return seen & 1
    return -1


@nb.njit(cache=True)
def _remember(memo, g, h, answer):  # pragma: no cover - compiled
    """Keep whether g <= h in ``memo`` (in a free slot near its home, else in its home)."""
    key = g * PAIR + h
    home = _home(key, memo)
    at = home
    for i in range(PROBES):
        if memo[(home + i) & (memo.size - 1)] < 0:
            at = (home + i) & (memo.size - 1)
            break
    memo[at] = 2 * key + answer


@nb.njit(cache=True)
def _question(node, opts, g, h, i):  # pragma: no cover - compiled
    """The i-th question of whether g <= h: is g^L_i >= h (asked as h <= g^L_i), then, past g's Left
    options, is h^R_j <= g; as the pair (a, b) asking a <= b, or (-1, -1) past the last."""
    nl = node[g, NLEFT]
    if i < nl:
        return h, opts[node[g, START] + i]
    if i < nl + node[h, NRIGHT]:
        return opts[node[h, START] + node[h, NLEFT] + i - nl], g
    return -1, -1


@nb.njit(cache=True)
def le(node, opts, memo, g, h):  # pragma: no cover - compiled
    """Whether g <= h: no g^L >= h and no h^R <= g (numbers by their values), with an explicit stack
    of the pairs being decided (each with the index of its next question, :func:`_question`), the
    answers kept in ``memo`` (open addressing, :data:`PROBES` slots a pair, a cache)."""
    answer = _known(node, memo, g, h)
    if answer >= 0:
        return answer == 1
    frames = np.empty((64, 3), np.int64)
    frames[0, 0], frames[0, 1], frames[0, 2] = g, h, 0
    depth = 1
    answer = -1  # the answer of the pair just decided, for the pair below it
    while depth > 0:
        top = depth - 1
        g, h, i = frames[top, 0], frames[top, 1], frames[top, 2]
        result = -1
        if answer == 1:  # a yes to a question means g <= h fails
            result = 0
        elif answer == 0:
            i += 1
        answer = -1
        while result < 0:
            a, b = _question(node, opts, g, h, i)
            if a < 0:
                result = 1
                break
            known = _known(node, memo, a, b)
            if known == 1:
                result = 0
            elif known == 0:
                i += 1
            else:
                break
        if result >= 0:
            _remember(memo, g, h, result)
            answer = result
            depth = top
            continue
        frames[top, 2] = i
        if depth == frames.shape[0]:
            more = np.empty((2 * depth, 3), np.int64)
            more[:depth] = frames
            frames = more
        frames[depth, 0], frames[depth, 1], frames[depth, 2] = a, b, 0
        depth += 1
    return answer == 1
