"""Green Hackenbush kernels: bridges, the fusion and colon principles, and winning edges.

A graph is given as two arrays ``us, vs`` of edge ends (vertices numbered ``0 .. n-1``, vertex
``root`` the ground); loops and parallel edges are allowed. Every walk uses an explicit stack (no
recursion), so a path of a million edges is fine.

- :func:`build_csr` — adjacency by a counting sort, each edge listed at both ends with its number
  (a loop twice at its vertex). O(n + m).
- :func:`fuse` — a depth-first walk from the ground marks the bridges (an edge is a bridge when no
  back edge from below it climbs above it; the walk skips only the *edge* it came by, so a doubled
  edge is never a bridge), numbers the 2-edge-connected parts, and values the fused tree by the
  colon principle: a part carries (its edge count mod 2) loops and its child parts as stalks of
  length value + 1. O(n + m).
- :func:`colon_tree` — the colon principle on a tree: a vertex is worth the xor of (child value + 1)
  over its children. O(n + m); it reports the first edge that closes a cycle.
- :func:`reach` — the vertices still joined to the ground when one edge is deleted. O(n + m).
- :func:`winning_edges` — every edge whose deletion leaves the ground's value equal to a target.
  Bridges come from a walk down the fused tree (the value each part must take so the ground gets
  the target). An edge inside a part changes that part alone: the edges forming a 2-edge cut with
  it become bridges. Cut pairs are found by labelling each back edge with a random 128-bit number
  and each tree edge with the xor of the labels of the back edges passing over it: two edges form a
  cut pair exactly when their labels are equal (with probability about 1 - m²/2¹²⁸). A class of k
  such edges cuts its part into a cycle of k pieces; deleting one of them leaves a path of pieces
  whose value is a chain of maps y -> (a xor y) + 1, evaluated for every deleted edge at once with a
  binary trie whose xor is lazy and whose +1 walks one path. O(m · log m) in all.

Reference: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.) ch. 7 (the colon and fusion
principles); Tarjan, *Depth-first search and linear graph algorithms*, SIAM J. Comput. 1 (1972).
"""

from __future__ import annotations

import numba as nb
import numpy as np


@nb.njit(cache=True, nogil=True)
def build_csr(n, us, vs):  # pragma: no cover - compiled
    """``(indptr, adj_v, adj_e)``: vertex v meets ``adj_v[indptr[v]:indptr[v+1]]`` by the edges
    ``adj_e[...]`` (each edge at both of its ends)."""
    m = us.shape[0]
    indptr = np.zeros(n + 1, np.int64)
    for e in range(m):
        indptr[us[e] + 1] += 1
        indptr[vs[e] + 1] += 1
    for v in range(n):
        indptr[v + 1] += indptr[v]
    fill = indptr[:n].copy()
    adj_v = np.empty(2 * m, np.int64)
    adj_e = np.empty(2 * m, np.int64)
    for e in range(m):
        u = us[e]
        v = vs[e]
        adj_v[fill[u]] = v
        adj_e[fill[u]] = e
        fill[u] += 1
        adj_v[fill[v]] = u
        adj_e[fill[v]] = e
        fill[v] += 1
    return indptr, adj_v, adj_e


@nb.njit(cache=True, nogil=True)
def _dfs(n, m, indptr, adj_v, adj_e, root):  # pragma: no cover - compiled
    """Iterative depth-first walk from ``root``: preorder, parent vertex and edge, discovery
    times (-1: not reached) and the bridges (Tarjan's low points)."""
    disc = np.full(n, -1, np.int64)
    low = np.zeros(n, np.int64)
    par = np.full(n, -1, np.int64)
    pe = np.full(n, -1, np.int64)
    order = np.empty(n, np.int64)
    bridge = np.zeros(m, np.bool_)
    stack = np.empty(n, np.int64)
    nxt = indptr[:n].copy()
    disc[root] = 0
    order[0] = root
    count = 1
    sp = 0
    stack[0] = root
    while sp >= 0:
        v = stack[sp]
        if nxt[v] < indptr[v + 1]:
            k = nxt[v]
            nxt[v] += 1
            e = adj_e[k]
            if e == pe[v]:
                continue
            w = adj_v[k]
            if disc[w] < 0:
                disc[w] = count
                low[w] = count
                order[count] = w
                count += 1
                par[w] = v
                pe[w] = e
                sp += 1
                stack[sp] = w
            elif disc[w] < low[v]:
                low[v] = disc[w]
        else:
            sp -= 1
            if sp >= 0:
                p = stack[sp]
                if low[v] < low[p]:
                    low[p] = low[v]
                if low[v] > disc[p]:
                    bridge[pe[v]] = True
    return order[:count], par, pe, disc, bridge


@nb.njit(cache=True, nogil=True)
def fuse(n, us, vs, indptr, adj_v, adj_e, root):  # pragma: no cover - compiled
    """The fused tree of the graph seen from ``root``.

    Returns ``(order, par, pe, disc, bridge, comp, head, parity, value)``: the walk of
    :func:`_dfs`; ``comp[v]`` the 2-edge-connected part of vertex v (-1: cut off from the root),
    numbered in preorder so a part's parent has a smaller number; ``head[c]`` the first vertex of
    part c (where its bridge from the parent part arrives); ``parity[c]`` its edge count mod 2;
    ``value[c]`` the value of part c with everything hanging below it (the colon principle)."""
    m = us.shape[0]
    order, par, pe, disc, bridge = _dfs(n, m, indptr, adj_v, adj_e, root)
    count = order.shape[0]
    comp = np.full(n, -1, np.int64)
    head = np.empty(count, np.int64)
    parts = 1
    comp[root] = 0
    head[0] = root
    for i in range(1, count):
        v = order[i]
        if bridge[pe[v]]:
            comp[v] = parts
            head[parts] = v
            parts += 1
        else:
            comp[v] = comp[par[v]]
    parity = np.zeros(parts, np.int64)
    for e in range(m):
        c = comp[us[e]]
        if c >= 0 and not bridge[e]:
            parity[c] ^= 1
    value = parity.copy()
    for c in range(parts - 1, 0, -1):
        value[comp[par[head[c]]]] ^= value[c] + 1
    return order, par, pe, disc, bridge, comp, head[:parts], parity, value


@nb.njit(cache=True, nogil=True)
def fusion_value(n, us, vs, root):  # pragma: no cover - compiled
    """The Green Hackenbush value of the graph at ``root`` by the fusion principle."""
    if us.shape[0] == 0:
        return 0
    indptr, adj_v, adj_e = build_csr(n, us, vs)
    value = fuse(n, us, vs, indptr, adj_v, adj_e, root)[8]
    return value[0]


@nb.njit(cache=True, nogil=True)
def colon_tree(n, indptr, adj_v, adj_e, root):  # pragma: no cover - compiled
    """``(values, reached, bad_edge)``: breadth-first from ``root``, each vertex's value by the
    colon principle, how many vertices were reached, and the first edge met that closes a cycle
    (a loop, a doubled edge or a longer cycle; -1 if the reached part is a tree)."""
    seen = np.zeros(n, np.bool_)
    pe = np.full(n, -1, np.int64)
    par = np.full(n, -1, np.int64)
    order = np.empty(n, np.int64)
    values = np.zeros(n, np.int64)
    bad = -1
    order[0] = root
    seen[root] = True
    count = 1
    i = 0
    while i < count:
        v = order[i]
        i += 1
        for k in range(indptr[v], indptr[v + 1]):
            e = adj_e[k]
            if e == pe[v]:
                continue
            w = adj_v[k]
            if seen[w]:
                if bad < 0 or e < bad:
                    bad = e
                continue
            seen[w] = True
            par[w] = v
            pe[w] = e
            order[count] = w
            count += 1
    for j in range(count - 1, 0, -1):
        v = order[j]
        values[par[v]] ^= values[v] + 1
    return values, count, bad


@nb.njit(cache=True, nogil=True)
def reach(n, indptr, adj_v, adj_e, root, skip):  # pragma: no cover - compiled
    """Which vertices stay joined to ``root`` when edge ``skip`` is deleted (-1: none deleted)."""
    seen = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)
    seen[root] = True
    stack[0] = root
    sp = 0
    while sp >= 0:
        v = stack[sp]
        sp -= 1
        for k in range(indptr[v], indptr[v + 1]):
            w = adj_v[k]
            if not seen[w] and adj_e[k] != skip:
                seen[w] = True
                sp += 1
                stack[sp] = w
    return seen


@nb.njit(cache=True, nogil=True)
def _chain_weights(b, bits):  # pragma: no cover - compiled
    """``r[s] = h(b[q-1]) ∘ ... ∘ h(b[s]) (0)`` for s = 0..q, with h(a)(y) = (a xor y) + 1 (so
    ``r[q] = 0``), for all s at once in O(q · bits).

    A binary trie keyed from the lowest bit holds the chains still being built; xor by ``a`` is a
    global mask (the slot of bit value x at depth d is x xor bit d of the mask), and +1 swaps the
    two children of the root, then carries into the child now holding bit 0, and so on down.
    ``child[2 * node + slot]`` keeps both children of a node side by side in memory."""
    q = b.shape[0]
    cap = 64 + 8 * bits
    child = np.full(2 * cap, -1, np.int32)
    nodes = 1
    mask = 0
    leaf = np.empty(q, np.int32)
    for s in range(q):
        node = 0
        for d in range(bits):
            slot = 2 * node + ((mask >> d) & 1)
            nxt = child[slot]
            if nxt < 0:
                if nodes == cap:
                    cap *= 2
                    grown = np.full(2 * cap, -1, np.int32)
                    grown[:2 * nodes] = child[:2 * nodes]
                    child = grown
                nxt = nodes
                nodes += 1
                child[slot] = nxt
            node = nxt
        leaf[s] = node
        mask ^= b[s]
        node = 0
        d = 0
        while True:
            t = child[2 * node]
            child[2 * node] = child[2 * node + 1]
            child[2 * node + 1] = t
            nxt = child[2 * node + ((mask >> d) & 1)]
            d += 1
            if nxt < 0 or d == bits:
                break
            node = nxt
    # read every leaf's value: walk the trie from the root with an explicit stack
    value_of = np.zeros(nodes, np.int64)
    depth = np.zeros(nodes, np.int32)
    stack = np.empty(nodes, np.int32)
    stack[0] = 0
    sp = 0
    while sp >= 0:
        node = stack[sp]
        sp -= 1
        d = depth[node]
        if d == bits:
            continue
        for k in range(2):
            c = child[2 * node + k]
            if c >= 0:
                value_of[c] = value_of[node] | ((k ^ ((mask >> d) & 1)) << d)
                depth[c] = d + 1
                sp += 1
                stack[sp] = c
    r = np.zeros(q + 1, np.int64)
    for s in range(q):
        r[s] = value_of[leaf[s]]
    return r


@nb.njit(cache=True, nogil=True)
def _piece(total, sx):  # pragma: no cover - compiled
    """The value of a piece with degree sum ``total`` (two ends on the cut edges) and stalks
    xoring to ``sx``: (its edges mod 2) xor sx."""
    return (((total - 2) // 2) & 1) ^ sx


@nb.njit(cache=True, nogil=True)
def winning_edges(n, us, vs, root, target, rand1, rand2):  # pragma: no cover - compiled
    """``win[e]``: whether deleting edge e leaves the graph at ``root`` worth ``target``.

    ``rand1``, ``rand2`` are random 64-bit labels, one per edge (see the module docstring)."""
    m = us.shape[0]
    win = np.zeros(m, np.bool_)
    if m == 0:
        return win
    indptr, adj_v, adj_e = build_csr(n, us, vs)
    order, par, pe, disc, bridge, comp, head, parity, value = fuse(n, us, vs, indptr, adj_v, adj_e, root)
    count = order.shape[0]
    parts = head.shape[0]
    # the value each part must take for the ground to be worth the target (-1: impossible)
    req = np.full(parts, -1, np.int64)
    req[0] = target
    for c in range(1, parts):
        x = comp[par[head[c]]]
        if req[x] < 0:
            continue
        need = req[x] ^ value[x] ^ (value[c] + 1)
        if need == 0:
            win[pe[head[c]]] = True  # cutting this bridge drops part c and all below it
        else:
            req[c] = need - 1
    # labels: a back edge its random number, a tree edge the xor of the back edges over it
    tree = np.zeros(m, np.bool_)
    for i in range(1, count):
        tree[pe[order[i]]] = True
    x1 = np.zeros(n, np.uint64)
    x2 = np.zeros(n, np.uint64)
    lab1 = np.zeros(m, np.uint64)
    lab2 = np.zeros(m, np.uint64)
    degx = np.zeros(n, np.int64)
    ncand = 0
    for e in range(m):
        if comp[us[e]] < 0 or bridge[e]:
            continue
        ncand += 1
        degx[us[e]] += 1
        degx[vs[e]] += 1
        if not tree[e]:
            lab1[e] = rand1[e]
            lab2[e] = rand2[e]
            x1[us[e]] ^= rand1[e]
            x1[vs[e]] ^= rand1[e]
            x2[us[e]] ^= rand2[e]
            x2[vs[e]] ^= rand2[e]
    # stalks hanging at each vertex, then sums over each vertex's subtree within its part
    sx = np.zeros(n, np.int64)
    for c in range(1, parts):
        sx[par[head[c]]] ^= value[c] + 1
    sd = degx
    for i in range(count - 1, 0, -1):
        v = order[i]
        e = pe[v]
        p = par[v]
        if tree[e] and not bridge[e]:
            lab1[e] = x1[v]
            lab2[e] = x2[v]
            sd[p] += sd[v]
            sx[p] ^= sx[v]
        x1[p] ^= x1[v]
        x2[p] ^= x2[v]
    if ncand == 0:
        return win
    cand = np.empty(ncand, np.int64)
    j = 0
    for e in range(m):
        if comp[us[e]] >= 0 and not bridge[e]:
            cand[j] = e
            j += 1
    cand = cand[np.argsort(lab1[cand])]
    start = 0
    while start < ncand:
        stop = start + 1
        while stop < ncand and lab1[cand[stop]] == lab1[cand[start]]:
            stop += 1
        run = cand[start:stop]
        run = run[np.argsort(lab2[run])]
        s0 = 0
        while s0 < run.shape[0]:
            s1 = s0 + 1
            while s1 < run.shape[0] and lab2[run[s1]] == lab2[run[s0]]:
                s1 += 1
            _class_moves(run[s0:s1], us, vs, comp, req, value, tree, pe, disc, head, sd, sx, win, m)
            s0 = s1
        start = stop
    return win


@nb.njit(cache=True, nogil=True)
def _class_moves(cls, us, vs, comp, req, value, tree, pe, disc, head, sd, sx, win, m):  # pragma: no cover
    """Mark the winning edges of one cut-pair class (edges any two of which form a 2-edge cut)."""
    x = comp[us[cls[0]]]
    goal = req[x]
    if goal < 0:
        return
    k = cls.shape[0]
    if k == 1:  # the part stays 2-edge-connected: one loop fewer
        if value[x] ^ 1 == goal:
            win[cls[0]] = True
        return
    back = -1
    kids = np.empty(k, np.int64)
    t = 0
    for e in cls:
        if tree[e]:
            kids[t] = us[e] if pe[us[e]] == e else vs[e]
            t += 1
        elif back < 0:
            back = e
        else:
            return  # two back edges with one label: a label collision (probability ~2^-128)
    kids = kids[:t]
    kids = kids[np.argsort(disc[kids])]  # the tree edges of a class lie on one path down
    h = head[x]
    first = kids[0]
    last = kids[t - 1]
    size = t + 1 if back >= 0 else t
    a = np.empty(size, np.int64)
    if back >= 0:
        a[0] = _piece(sd[h] - sd[first], sx[h] ^ sx[first])
        a[t] = _piece(sd[last], sx[last])
    else:  # the top piece and the bottom piece are one (joined by edges outside the class)
        a[0] = _piece(sd[h] - sd[first] + sd[last], sx[h] ^ sx[first] ^ sx[last])
    for i in range(1, t):
        a[i] = _piece(sd[kids[i - 1]] - sd[kids[i]], sx[kids[i - 1]] ^ sx[kids[i]])
    # the pieces Π0 .. Π(size-1) form a cycle; edge i (1 <= i <= size) joins Π(i-1) and Π(i mod size).
    # Deleting edge i leaves the chains Π1..Π(i-1) and Π(size-1)..Πi hanging from Π0.
    bits = 2  # chain values are at most m + 1 < 2^(bits - 1): no carry ever leaves the trie
    while (1 << (bits - 1)) <= m + 1:
        bits += 1
    q = size - 1
    fwd = a[1:size].copy()  # applied Π1 first, ..., so chain s ends at the far piece Π(s+1)
    down = _chain_weights(fwd, bits)  # down[s] = weight of Π(size-1)..Π(s+1), far end Π(s+1)
    rev = np.empty(q, np.int64)
    for s in range(q):
        rev[s] = a[size - 1 - s]
    up = _chain_weights(rev, bits)  # up[s] = weight of Π1..Π(size-1-s), far end Π(size-1-s)
    for i in range(1, size + 1):
        w_up = up[size - i]  # the chain Π1..Π(i-1)
        w_down = down[i - 1] if i < size else 0  # the chain Π(size-1)..Πi
        if a[0] ^ w_up ^ w_down == goal:
            e = pe[kids[i - 1]] if i <= t else back
            win[e] = True
