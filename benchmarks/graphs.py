"""Benchmark: the graph games of issue 5, both tables.

Green Hackenbush (fusion value of a random multigraph with 10^6 edges, target <= 3 s; colon value
of a 10^6-vertex tree and a path of depth 10^6, target <= 1 s) and tokens on a DAG (values of all
vertices of a DAG with 10^6 edges, target <= 2 s), each against a naive method.

    python benchmarks/graphs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import graphs_dag  # noqa: E402
import graphs_hackenbush  # noqa: E402

if __name__ == "__main__":
    print("Green Hackenbush and tree games\n")
    graphs_hackenbush.main()
    print("\nTokens on a DAG\n")
    graphs_dag.main()
