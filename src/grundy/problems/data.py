"""The contest problems as plain data, what ``grundy problem --json`` prints and the web returns:
the list, a problem's samples and its whole explanation.

>>> [p["name"] for p in problem_list()][:1]
['agc002e']
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any


def problem_list() -> list[dict[str, str]]:
    """The contest problems: name, source, title and the rule in a line."""
    from grundy.problems.base import catalogue

    return [{"name": p.name, "source": p.source, "title": p.title, "rule": p.rule} for p in catalogue().values()]


def samples_data(entry: Any) -> list[dict[str, str]]:
    """A problem's sample inputs with their answers."""
    return [{"input": text, "output": answer} for text, answer in entry.samples]


def explanation_data(entry: Any) -> dict[str, Any]:
    """A problem's statement, input and output format, limits, theory and samples (``problem`` names
    it as the other answers of ``grundy problem`` do; ``name`` is kept as the catalogue's key)."""
    return {"problem": entry.name, "name": entry.name, "source": entry.source, "title": entry.title, "rule": entry.rule,
            **asdict(entry.explanation), "samples": samples_data(entry)}
