"""The optional parts of grundy and the extra that installs each (``pip install 'grundy[web]'``): the
web explorer, the sweeps on Dask and PNG plots. A plain ``pip install grundy`` needs numpy and numba
only (with click and rich for the command line); a part whose extra is missing says so in one line.

>>> require_extra("plot", "no_such_module_at_all")
Traceback (most recent call last):
grundy.core.errors.GrundyError: PNG plots need the plot extra: pip install 'grundy[plot]'
"""

from __future__ import annotations

import importlib.util

from grundy.core.errors import GrundyError

EXTRAS: dict[str, tuple[str, tuple[str, ...]]] = {  # extra: (what needs it, the modules it installs)
    "web": ("the web explorer needs", ("starlette", "uvicorn")),
    "sweep": ("grundy sweep needs", ("dask", "distributed")),
    "plot": ("PNG plots need", ("matplotlib",)),
}


def require_extra(extra: str, *modules: str) -> None:
    """Raise :class:`GrundyError`, one line naming the extra to install, unless ``modules`` (default:
    every module the extra installs) are installed. Nothing is imported: this only looks."""
    needs, installs = EXTRAS[extra]
    if not all(_installed(name) for name in modules or installs):
        raise GrundyError(f"{needs} the {extra} extra: pip install 'grundy[{extra}]'")


def _installed(name: str) -> bool:
    """Whether module ``name`` can be found (one set to None in ``sys.modules`` cannot)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False
