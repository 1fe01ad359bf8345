"""The package's layering, read from the source: lower layers never import higher ones, and no
module imports itself round a cycle (DESIGN.md, "Layout and layers"; arrows point down only).

    kernels  <  core  <  patterns, cgt  <  rulesets, partizan  <  service (answers, until it goes)
        <  api, grundy/__init__  <  problems  <  cli, web, sweep

Every import counts, at module level or inside a function, for the direction of the arrows and for
cycles, with two rules that hold for every package alike: a package's ``__init__`` importing its own
modules gathers its names (not a cycle), and a function importing a sibling module of its own
package when it runs (``CanonicalGame.__add__`` calling :func:`grundy.cgt.canonical.add`) does not
close a cycle, as long as the imports made at import time have none: a package is one unit of the
layering, and a class whose operators build new objects of itself is one unit with the code that
builds them.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

SOURCE = Path(importlib.util.find_spec("grundy").origin).parent  # read, not imported
LAYERS = {
    "kernels": 0, "core": 1, "patterns": 2, "cgt": 2, "quotient": 1, "rulesets": 3, "partizan": 3, "service": 4,
    "api": 5, "__init__": 5, "problems": 6, "cli": 7, "web": 7, "sweep": 7, "__main__": 7,
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> dict[str, bool]:
    """Every grundy module ``path`` imports, anywhere in the file, and whether some import of it runs at
    import time (outside every function)."""
    found: dict[str, bool] = {}

    def visit(node: ast.AST, in_function: bool) -> None:
        names: set[str] = set()
        if isinstance(node, ast.Import):
            names = {a.name for a in node.names if a.name.startswith("grundy")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grundy"):
            names = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        for name in names:
            found[name] = found.get(name, False) or not in_function
        inside = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _graph() -> dict[str, dict[str, bool]]:
    """Each module's grundy imports (only those that are modules), each with whether it runs at import time."""
    modules = {_module_name(p): p for p in SOURCE.rglob("*.py")}
    return {name: {m: now for m, now in _imports(path).items() if m in modules and m != name}
            for name, path in modules.items()}


def _layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS[parts[1] if len(parts) > 1 else "__init__"]


def _package(module: str) -> str:
    return module.rpartition(".")[0]


def _cycle_edges(graph: dict[str, dict[str, bool]]) -> dict[str, set[str]]:
    """The imports that can close a cycle: all but a package's ``__init__`` importing its own modules
    and a function's import of a sibling module of its package."""
    return {a: {b for b, now in targets.items()
                if not b.startswith(a + ".") and (now or _package(a) != _package(b) or _package(a) == "grundy")}
            for a, targets in graph.items()}


def test_every_module_has_a_layer():
    unplaced = sorted({m.split(".")[1] for m in _graph() if "." in m} - set(LAYERS))
    assert unplaced == [], f"place these in LAYERS (DESIGN.md's layers): {unplaced}"


def test_no_back_edges():
    back = sorted((a, b) for a, targets in _graph().items() for b in targets if _layer(b) > _layer(a))
    assert back == []


def test_no_import_cycles():
    assert _cycles(_cycle_edges(_graph())) == []


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
    assert _layer("grundy.cgt.game") < _layer("grundy.partizan.values") < _layer("grundy.service")
    assert _layer("grundy.cgt") == _layer("grundy.cgt.canonical")  # a package and its modules: one layer
    graph = _graph()
    assert graph["grundy.rulesets.nim"]["grundy.core.ruleset"] is True
    assert graph["grundy.cgt.game"]["grundy.cgt.canonical"] is False  # inside CanonicalGame's methods
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
    siblings = {"g.p.a": {"g.p.b": True}, "g.p.b": {"g.p.a": False}}  # a function in b imports a
    assert _cycles(_cycle_edges(siblings)) == []
    assert _cycles(_cycle_edges({**siblings, "g.p.b": {"g.p.a": True}})) == [["g.p.a", "g.p.b", "g.p.a"]]
    across = {"g.p.a": {"g.q.b": True}, "g.q.b": {"g.p.a": False}}  # another package: a cycle all the same
    assert _cycles(_cycle_edges(across)) == [["g.p.a", "g.q.b", "g.p.a"]]
    assert _cycles(_cycle_edges({"g.p": {"g.p.a": True}, "g.p.a": {"g.p": True}})) == []  # a package gathering
