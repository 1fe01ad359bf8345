"""The contest problems as plain data, what ``grundy problem --json`` prints and the web returns:
the list, a problem's samples and its whole explanation; and the topics of the theory the problems are filed under.

>>> [p["name"] for p in problem_list()][:1]
['agc002e']
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

# The topics of the theory, in the order the tutorials teach them (key: heading), and the problems of
# each: 'grundy problem --list' groups the problems under these headings, '--topic KEY' keeps one.
TOPICS = {"pn": "P/N positions", "nim": "Nim and Bouton's theorem", "bash": "Bash and its variants",
          "sg": "SG functions and sums of games", "wythoff": "Wythoff's game",
          "fibonacci": "Fibonacci Nim and k-multiple subtraction", "staircase": "staircase Nim",
          "anti-sg": "anti-SG and misère Nim", "multi-sg": "Multi-SG: splitting heaps",
          "take-and-break": "take-and-break and octal games", "hackenbush": "Green Hackenbush",
          "pairing": "symmetry and pairing", "partizan": "partizan games", "general": "general games: draws and scores"}
TOPIC_OF = {name: topic for topic, names in {
    "pn": "agc002e agc010d caddi2018b hdu2147 hdu4701", "nim": "hdu1730 hdu1850", "bash": "hdu1846 hdu2149 hdu4764",
    "sg": "agc016f bob-and-ben bzoj1188 cf768e cf850c hdu1536 hdu1847 hdu1848 lightoj1315",
    "wythoff": "bzoj1457 hdu1527 hdu2177 poj1067", "fibonacci": "hdu2486 hdu2516", "staircase": "hdu4315 poj1704",
    "anti-sg": "hdu1907 hdu2509", "multi-sg": "bzoj3576 cf603c hdu3032 hdu5795", "take-and-break": "hdu4664",
    "hackenbush": "agc017d", "pairing": "hdu3951 poj1740", "partizan": "agc014d hdu6105", "general": "cf293a",
}.items() for name in names.split()}


def problem_list() -> list[dict[str, str]]:
    """The contest problems: name, source, title, the rule in a line, and the topic of the theory
    (a key of :data:`TOPICS`)."""
    from grundy.problems.base import catalogue

    return [{"name": p.name, "source": p.source, "title": p.title, "rule": p.rule, "topic": p.topic}
            for p in catalogue().values()]


def samples_data(entry: Any) -> list[dict[str, str]]:
    """A problem's sample inputs with their answers."""
    return [{"input": text, "output": answer} for text, answer in entry.samples]


def explanation_data(entry: Any) -> dict[str, Any]:
    """A problem's statement, input and output format, limits, theory and samples (``problem`` names
    it as the other answers of ``grundy problem`` do; ``name`` is kept as the catalogue's key)."""
    return {"problem": entry.name, "name": entry.name, "source": entry.source, "title": entry.title, "rule": entry.rule,
            **asdict(entry.explanation), "samples": samples_data(entry)}
