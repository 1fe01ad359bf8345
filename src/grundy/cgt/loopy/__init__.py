"""Loopy partizan games (Winning Ways ch. 11; Siegel, *Combinatorial Game Theory* ch. VI; CGSuite's
loopy values): graphs, the stopper order, simplest forms, sides, and the values users see.

- :mod:`~grundy.cgt.loopy.graph`: :class:`LoopyGraph` (a finite graph of positions with Left's and
  Right's options, passes allowed), the constants, :func:`from_moves` (a ruleset's positions);
- :mod:`~grundy.cgt.loopy.compare`: :func:`leq` / :func:`equal`, as stoppers or on one side;
- :mod:`~grundy.cgt.loopy.canonical`: :func:`canonical_stopper`, :func:`stopper_key`;
- :mod:`~grundy.cgt.loopy.sides`: :func:`sides` (the onside and offside of a stopper-sided game);
- :mod:`~grundy.cgt.loopy.value`: :func:`loopy_value` -> a short game, a :class:`CanonicalStopper` or a
  :class:`SidedValue`, with CGSuite's operations; :mod:`~grundy.cgt.loopy.text` writes them as CGSuite.

>>> from grundy.cgt.loopy import ON, OFF, loopy_value
>>> loopy_value(ON), loopy_value(ON) + loopy_value(OFF)
(on, dud)
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {"graph": ("DUD_GRAPH", "OFF", "ON", "OVER", "UNDER", "UPON", "LoopyGraph", "from_canonical", "from_moves",
                    "to_canonical"),
          "compare": ("equal", "leq"), "canonical": ("NotStopper", "canonical_stopper", "stopper_key"),
          "sides": ("NotStopperSided", "sides"),
          "value": ("CanonicalStopper", "SidedValue", "constant", "loopy_value", "sided")}
_MODULE = {name: module for module, names in _WHERE.items() for name in names}
__all__ = sorted(_MODULE)


def __getattr__(name: str) -> Any:
    """The public names, each imported from its module at first use (the package loads light:
    ``grundy value --expr`` on short games never loads the loopy engine)."""
    module = _MODULE.get(name)
    if module is None:
        raise AttributeError(f"module 'grundy.cgt.loopy' has no attribute {name!r}")
    return getattr(importlib.import_module(f"grundy.cgt.loopy.{module}"), name)
