"""Graphs as they come in: edge lists written on the command line, in a spec, in a file or given in
Python, checked once here.

Every ruleset, game and problem that reads a graph reads it with these functions, so the same
input is read the same way and a bad one gets the same message:

- trees on vertices ``1..n`` written ``1-2,2-3`` (:func:`parse_tree_edges`, :func:`tree_adjacency`),
  and the checks that edges form a tree or a forest (:func:`closing_edge`, :func:`tree_fault`), in
  :mod:`grundy.core.graphs.trees`;
- undirected graphs (Hackenbush, trees, forests) written ``0-1,1-2,2-0`` with lone vertices allowed
  (:func:`parse_graph`), or given as pairs, arrays or networkx graphs (:func:`graph_items`); directed
  graphs written ``1-2,2-3`` (:func:`parse_directed`) or given in Python (:func:`edge_array`,
  :func:`networkx_graph`), in :mod:`grundy.core.graphs.edges`;
- edge files, one ``u v`` a line (:func:`read_edge_file`, the one reader, and
  :func:`read_graph_file` for an undirected graph), in :mod:`grundy.core.graphs.files`.

Import them from here: ``from grundy.core.graphs import parse_graph``.

>>> parse_tree_edges("1-2,2-3")
(3, [(0, 1), (1, 2)])
>>> tree_adjacency(3, [(0, 1), (1, 2)])
[[1], [0, 2], [1]]
>>> parse_graph("0-1,1-2,2-0"), parse_directed("1-2").tolist()
(((0, 1), (0, 2), (1, 2)), [[1, 2]])
"""

from grundy.core.graphs.edges import (
    INT64_MAX,
    VERTEX_DIGITS,
    VERTEX_MAX,
    Item,
    edge_array,
    format_graph,
    graph_item,
    graph_items,
    is_networkx,
    networkx_graph,
    parse_directed,
    parse_graph,
)
from grundy.core.graphs.files import parse_edge_lines, read_edge_file, read_graph_file
from grundy.core.graphs.trees import bfs_order, closing_edge, parse_tree_edges, tree_adjacency, tree_fault

__all__ = [
    "INT64_MAX", "VERTEX_DIGITS", "VERTEX_MAX", "Item", "bfs_order", "closing_edge", "edge_array", "format_graph",
    "graph_item", "graph_items", "is_networkx", "networkx_graph", "parse_directed", "parse_edge_lines", "parse_graph",
    "parse_tree_edges", "read_edge_file", "read_graph_file", "tree_adjacency", "tree_fault",
]
