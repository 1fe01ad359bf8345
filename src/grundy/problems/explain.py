"""A problem's documentation: the fixed sections of its solver's docstring.

Each solver's docstring is its user documentation, written as plain text for the terminal in five
sections, each opened by its name and a colon at the start of a line: ``Statement:`` (a summary of
the story), ``Input:`` (the layout of the input), ``Output:``, ``Limits:`` (the bounds the solver
enforces) and ``Theory:`` (the theory grundy uses and why it gives the right answer). A section
holds paragraphs separated by blank lines; a line indented by four more spaces is kept as it is
(an input layout), other lines are joined into flowing text. :func:`explanation` reads them once,
when the problem is registered, and refuses a docstring that lacks one.

>>> doc = '''Statement: two heaps.
...
... Input: lines
...     a b
... to the end.
...
... Output: 1 or 0.
...
... Limits: 0 <= a, b <= 9.
...
... Theory: Wythoff's game; the P-positions are
... the Beatty pairs.
... '''
>>> e = explanation(doc, "demo")
>>> e.input_format, e.theory
('lines\\n    a b\\nto the end.', "Wythoff's game; the P-positions are the Beatty pairs.")
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass

SECTIONS = {"Statement": "statement", "Input": "input_format", "Output": "output_format", "Limits": "limits",
            "Theory": "theory"}
LITERAL = "    "  # a line indented this much more than its section is kept as it is
_HEADING = re.compile(rf"^({'|'.join(SECTIONS)}):[ \t]*", re.MULTILINE)


@dataclass(frozen=True)
class Explanation:
    """The sections of a problem's documentation, each normalised: paragraphs separated by one blank
    line, a flowing paragraph on one line, a kept line starting with :data:`LITERAL`."""

    statement: str
    input_format: str
    output_format: str
    limits: str
    theory: str


def explanation(doc: str | None, name: str) -> Explanation:
    """The five sections of a solver's docstring ``doc``; ``ValueError`` naming problem ``name`` when
    one is missing, empty, repeated or out of order, or when text precedes the first."""
    text = inspect.cleandoc(doc or "")
    found = list(_HEADING.finditer(text))
    headings = [m.group(1) for m in found]
    if headings != list(SECTIONS):
        raise ValueError(f"problem {name}: its solver's docstring needs the sections {', '.join(SECTIONS)} "
                         f"in this order, each once; found {headings or 'none'}")
    if text[:found[0].start()].strip():
        raise ValueError(f"problem {name}: text before 'Statement:' in its solver's docstring")
    bodies = {}
    for m, end in zip(found, [m.start() for m in found[1:]] + [len(text)], strict=True):
        body = _normalised(text[m.end():end])
        if not body:
            raise ValueError(f"problem {name}: the section {m.group(1)} of its solver's docstring is empty")
        if "``" in body or ":func:" in body or ":class:" in body:
            raise ValueError(f"problem {name}: the section {m.group(1)} is shown on the terminal: write plain "
                             "text (quotes, not reStructuredText markup)")
        bodies[SECTIONS[m.group(1)]] = body
    return Explanation(**bodies)


def _normalised(body: str) -> str:
    """Paragraphs of ``body`` with flowing lines joined and kept lines (indented) as they are."""
    paragraphs: list[list[str]] = [[]]
    for line in body.strip("\n").splitlines():
        if not line.strip():
            if paragraphs[-1]:
                paragraphs.append([])
        elif line.startswith(LITERAL) or not paragraphs[-1] or paragraphs[-1][-1].startswith(LITERAL):
            paragraphs[-1].append(line.rstrip() if line.startswith(LITERAL) else line.strip())
        else:
            paragraphs[-1][-1] += " " + line.strip()
    return "\n\n".join("\n".join(p) for p in paragraphs if p)


def blocks(section: str) -> list[tuple[bool, str]]:
    """A normalised section as ``(kept, text)`` blocks in order: a flowing paragraph, or one kept
    line (without its indent), to print with a terminal's own wrapping.

    >>> blocks("Lines\\n    a b\\nto the end.\\n\\nMore.")
    [(False, 'Lines'), (True, 'a b'), (False, 'to the end.'), (False, ''), (False, 'More.')]
    """
    out: list[tuple[bool, str]] = []
    for line in section.split("\n"):
        kept = line.startswith(LITERAL)
        out.append((kept, line[len(LITERAL):] if kept else line))
    return out
