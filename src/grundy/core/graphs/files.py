"""Edge files, one ``u v`` a line: the one reader (:func:`read_edge_file`), with options where the
graph games differ (lone vertices, the largest vertex, the error raised), and
:func:`read_graph_file` for an undirected graph as :func:`~grundy.core.graphs.edges.parse_graph`
gives it.
"""

from __future__ import annotations

import io
import os
import re
import warnings

import numpy as np

from grundy.core import limits
from grundy.core.errors import ComponentError, GrundyError
from grundy.core.graphs.edges import INT64_MAX, VERTEX_MAX, Item
from grundy.core.userfiles import read_input_text

MAX_GRAPH_BYTES = 256 * 1024**2  # the most a graph file may hold (10^7 edges take about 160 MB)


def read_edge_file(path: str | os.PathLike, *, lone_vertices: bool = False, top: int = INT64_MAX,
                   error: type[GrundyError] = GrundyError) -> tuple[np.ndarray, np.ndarray]:
    """Read an edge file: one edge ``u v`` a line, ``#`` starts a comment, blank lines are skipped.

    Parameters
    ----------
    path:
        The file (UTF-8 text).
    lone_vertices:
        Whether a line may hold one vertex ``v`` alone (a vertex with no edge).
    top:
        The largest vertex number allowed.
    error:
        The error raised (a :class:`GrundyError`): the file cannot be read, or a line is bad.

    Returns
    -------
    (edges, vertices)
        The edges in the order of the file as an ``(m, 2)`` int64 array, and the lone vertices.

    Raises
    ------
    error
        ``no such graph file``, ``cannot read the graph file``, or ``FILE, line N: expected an edge
        'u v' ...`` naming the first bad line.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "g.txt"
    >>> _ = f.write_text("# a path\\n0 1\\n\\n1 2  # last edge\\n")
    >>> edges, vertices = read_edge_file(f)
    >>> edges.tolist(), vertices.tolist()
    ([[0, 1], [1, 2]], [])
    """
    if not os.path.lexists(path):
        raise error(f"no such graph file: {os.fspath(path)!r}")
    try:  # a regular file of bounded size: a FIFO would block, /dev/zero fill the memory
        text = read_input_text(os.fspath(path), MAX_GRAPH_BYTES, "graph file")
    except GrundyError as exc:
        raise error(str(exc)) from None
    return parse_edge_lines(text, os.fspath(path), lone_vertices=lone_vertices, top=top, error=error)


_PLAIN = re.compile(r"[0-9 \t\r\n]*")  # text numpy's parser is given: digits, blanks and newlines


def parse_edge_lines(text: str, where: str = "the edge list", *, lone_vertices: bool = False,
                     top: int = INT64_MAX, error: type[GrundyError] = GrundyError) -> tuple[np.ndarray, np.ndarray]:
    """The edges and lone vertices of edge-file text (see :func:`read_edge_file`; ``where`` names
    the text in messages). A file of pairs is read by numpy's parser; anything else line by line.

    >>> parse_edge_lines("0 1\\n5\\n", lone_vertices=True)[1].tolist()
    [5]
    >>> parse_edge_lines("0 1\\n2\\n", top=99)
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: the edge list, line 2: expected an edge 'u v' (two vertex numbers 0..99), got '2'
    """
    none = np.zeros(0, dtype=np.int64)
    try:  # fast path: numpy's parser, on digits and blanks only (it crashed on fuzzed bytes); any
        # problem is found and named by the slow path below
        if not _PLAIN.fullmatch(text):
            raise ValueError("not plain pairs of numbers")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            edges = np.loadtxt(io.StringIO(text), dtype=np.int64, comments="#", ndmin=2)
        if edges.size == 0:
            return np.zeros((0, 2), dtype=np.int64), none
        if edges.shape[1] == 2 and edges.min() >= 0 and edges.max() <= top:
            return edges, none
    except (ValueError, OverflowError):
        pass
    pairs: list[tuple[int, ...]] = []
    lone: list[int] = []
    sizes = (1, 2) if lone_vertices else (2,)
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            ends = tuple(int(w) for w in words) if len(words) in sizes else ()
        except ValueError:
            ends = ()
        if not ends or min(ends) < 0 or max(ends) > top:
            raise error(f"{limits.shorten(where)}, line {number}: expected an edge 'u v' (two vertex numbers "
                        f"0..{top:,}), got {limits.shorten(line.strip())!r}")
        if len(ends) == 2:
            pairs.append(ends)
        else:
            lone.append(ends[0])
    return np.array(pairs, dtype=np.int64).reshape(-1, 2), np.array(lone, dtype=np.int64)


def read_graph_file(path: str | os.PathLike) -> tuple[Item, ...]:
    """An undirected graph (Hackenbush, a tree, a forest) from an edge file: one edge ``u v`` a line
    or a lone vertex ``v``, vertex numbers ``0..VERTEX_MAX``. Returns the sorted items as
    :func:`parse_graph` gives them, ready for :func:`grundy.solve` or a ruleset's ``grundy``;
    :class:`ComponentError` for a file that cannot be read or a bad line (named).

    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "g.txt"
    >>> _ = f.write_text("# a triangle on the ground\\n0 1\\n1 2\\n\\n2 0  # closes it\\n7\\n")
    >>> read_graph_file(f)
    ((0, 1), (0, 2), (1, 2), (7,))
    """
    edges, vertices = read_edge_file(path, lone_vertices=True, top=VERTEX_MAX, error=ComponentError)
    items = [(u, v) for u, v in np.sort(edges, axis=1).tolist()]
    return tuple(sorted(items + [(v,) for v in vertices.tolist()]))
