"""The package's layering, read from the source: lower layers never import higher ones, and no
module imports itself round a cycle (imports inside functions count too).

    kernels, core, the cgt algebra  <  patterns  <  rulesets, partizan  <  api, grundy/__init__, grundy.cgt
        <  problems, answers, sweep  <  cli, web

(the contest problems are written against the public API, ``grundy.ruleset`` and ``grundy.solve``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import grundy

SOURCE = Path(grundy.__file__).parent
LAYERS = {"kernels": 0, "core": 0, "cgt.*": 0, "patterns": 1, "rulesets": 2, "partizan": 2, "api": 3, "__init__": 3,
          "cgt": 3, "problems": 4, "answers": 4, "sweep": 4, "cli": 5, "web": 5, "__main__": 5}
# the value algebra (grundy.cgt.game, .canonical, ...) is as low as core; its front, grundy.cgt, also
# gives cgt.value of a partizan ruleset's position, so it sits with the public API


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every grundy module ``path`` imports, anywhere in the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("grundy")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grundy"):
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in SOURCE.rglob("*.py")}
    return {name: {m for m in _imports(path) if m in modules and m != name} for name, path in modules.items()}


def _layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) > 2 and f"{parts[1]}.*" in LAYERS:
        return LAYERS[f"{parts[1]}.*"]
    return LAYERS[parts[1]] if len(parts) > 1 else LAYERS["__init__"]


def test_no_back_edges():
    edges = _graph()
    back = sorted((a, b) for a, targets in edges.items() for b in targets if _layer(b) > _layer(a))
    assert back == []


def test_no_import_cycles():
    # a package's __init__ importing its own modules is how a package gathers its names, not a cycle
    edges = {a: {b for b in targets if not b.startswith(a + ".")} for a, targets in _graph().items()}
    assert _cycles(edges) == []


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The cycles a depth-first search meets (iterative: an explicit stack)."""
    state: dict[str, int] = {}
    cycles = []
    for root in sorted(edges):
        if root in state:
            continue
        stack = [(root, iter(sorted(edges[root])))]
        path = [root]
        state[root] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                state[node] = 2
            elif state.get(child) == 1:
                cycles.append(path[path.index(child):] + [child])
            elif child not in state:
                state[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(edges[child]))))
    return cycles


def test_the_checks_can_fail():
    """The layer map sees a back-edge and the search sees a cycle when there is one."""
    assert _layer("grundy.core.solve") < _layer("grundy.rulesets.nim") < _layer("grundy") < _layer("grundy.cli.main")
    assert "grundy.core.ruleset" in _graph()["grundy.rulesets.nim"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
