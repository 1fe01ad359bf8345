"""Writing a matplotlib figure to a PNG file, with one clear error when the file cannot be written.

>>> writable("/no/such/folder/x.png")
Traceback (most recent call last):
grundy.core.errors.GrundyError: cannot write '/no/such/folder/x.png': folder '/no/such/folder' does not exist
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from grundy.core.errors import GrundyError


def writable(path: str | Path) -> Path:
    """``path`` as a Path, checked before any drawing: its folder must exist and it must not be one."""
    if not str(path).strip() or Path(path).is_dir():
        raise GrundyError(f"cannot write {str(path)!r}: give a file name, e.g. 'out.png'")
    path = Path(path)
    if not path.parent.exists():
        raise GrundyError(f"cannot write {str(path)!r}: folder {str(path.parent)!r} does not exist")
    return path


def save_png(fig: Any, path: str | Path, **options: Any) -> Path:
    """Save ``fig`` as a PNG at ``path`` (``options`` go to ``savefig``) and close it; a file that
    cannot be written is a :class:`GrundyError` naming it."""
    import matplotlib.pyplot as plt

    try:
        path = writable(path)
        fig.savefig(path, format="png", **options)
    except OSError as exc:
        raise GrundyError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
    return path
