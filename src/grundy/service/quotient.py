"""The misère quotient of a heap game (``grundy misere SPEC --max-heap N``, ``grundy.misere_quotient``,
``/api/misere``): its order, presentation, P-portion, whether it is tame and complete, each heap's
element and genus, and the misère outcome of sums of heaps (Plambeck–Siegel, "Misère quotients for
impartial games", JCTA 2008; :mod:`grundy.quotient` computes them, :mod:`grundy.cgt.misere` the genus).

>>> data = misere_answer("kayles", 5, ["1,1,1", [2, 3]])
>>> data["quotient"]["order"], data["quotient"]["tame"], data["genus"][5]
(12, False, '4^146')
>>> [(o["heaps"], o["outcome"]) for o in data["outcomes"]]
[([1, 1, 1], 'P'), ([2, 3], 'N')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from grundy.core import limits, words
from grundy.core.errors import GrundyError, LimitError
from grundy.core.ruleset import Ruleset
from grundy.service.resolve import ruleset

MAX_HEAP = 1 << 16  # the largest max heap asked for (a quotient holds one element per heap)


def heap_game(spec: str | Any) -> Ruleset:
    """The ruleset ``spec`` names, when it is a game of heaps (else the one-line refusal).

    >>> heap_game("wythoff")
    Traceback (most recent call last):
    ...
    grundy.core.errors.GrundyError: misère quotients are for games of heaps (octal:..., hex:..., \
subtraction:..., kayles, grundy-game: one number a component); a component of wythoff is a pair
    """
    from grundy.core.by_quotient import heap_refusal

    game = ruleset(spec)
    reason = heap_refusal(game)
    if reason is not None:
        raise GrundyError(reason)
    return game


def misere_quotient(spec: str | Any, max_heap: int) -> Any:
    """The :class:`~grundy.quotient.MisereQuotient` of the heaps up to ``max_heap`` of ``spec``."""
    from grundy.core.by_quotient import quotient

    if isinstance(max_heap, bool) or not isinstance(max_heap, int) or not 0 <= max_heap <= MAX_HEAP:
        raise GrundyError(f"{words.knob('max_heap')} is a whole number from 0 to {MAX_HEAP:,}, "
                          f"not {limits.shorten(repr(max_heap))}")
    return quotient(heap_game(spec), max_heap, exact=True)


def read_heaps(given: str | Iterable[int]) -> list[int]:
    """A sum of heaps: ``"1,2,3"`` (as ``--outcome`` writes it) or a list of whole numbers.

    >>> read_heaps("4, 5,6"), read_heaps([1, 2]), read_heaps("")
    ([4, 5, 6], [1, 2], [])
    """
    parts: list = list(given) if not isinstance(given, str) else []
    if isinstance(given, str) and given.strip():  # "" is the empty sum; an empty entry between commas is not
        parts = [p.strip() for p in given.split(",")]
    heaps = []
    for part in parts:
        try:
            heap = int(part) if not isinstance(part, bool) else -1
        except (TypeError, ValueError):
            heap = -1
        if heap < 0 or (isinstance(part, str) and not part.isdigit()):
            raise GrundyError(f"a sum of heaps is written H1,H2,... (whole numbers ≥ 0, e.g. 1,2,3): "
                              f"{limits.shorten(repr(part))} in {limits.shorten(repr(given))} is not a heap")
        heaps.append(heap)
    return heaps


def sum_outcome(found: Any, heaps: list[int]) -> dict[str, Any]:
    """The misère outcome of a sum of heaps from the quotient: ``heaps``, ``outcome``, ``element``."""
    for heap in heaps:
        if not found.covers(heap):
            larger = f"{words.knob('max_heap')} {heap}"
            raise GrundyError(f"heap {heap:,} is past the quotient of heaps up to {found.max_heap:,}, which is not "
                              f"known to cover every heap; ask with a larger max heap ({larger})")
    return {"heaps": heaps, "outcome": found.outcome(heaps), "element": found.word(found.element(heaps))}


def heap_genus(game: Ruleset, max_heap: int) -> tuple[list[str | None], str | None]:
    """The genus of heaps 0..``max_heap`` (from their misère canonical forms), under one work budget;
    the heaps past where it stopped are None, and the note says why (None when all were computed)."""
    from grundy.cgt.misere import genus
    from grundy.core.work import metered
    from grundy.service.misere import _Forms

    found: list[str | None] = []
    try:
        with metered():
            forms = _Forms(game)
            for heap in range(max_heap + 1):
                found.append(str(genus(forms.of(heap))))
    except LimitError as exc:
        note = f"the genus of heaps {len(found):,} and up is not shown: {exc}"
        return found + [None] * (max_heap + 1 - len(found)), note
    return found, None


def misere_answer(spec: str | Any, max_heap: int, outcomes: Sequence[str | Iterable[int]] = (),
                  png: str | None = None) -> dict[str, Any]:
    """The answer of ``grundy misere SPEC --max-heap N [--outcome H1,H2,...]... [--png FILE] --json``:
    ``spec``, ``max_heap``, ``genus`` (from heap 0; None past the work budget, ``genus_note`` says why),
    ``quotient`` (:meth:`MisereQuotient.to_dict`'s), when sums are asked ``outcomes``, and with ``png``
    the file the quotient was drawn to (:func:`grundy.quotient.plot.plot_quotient`) under ``png``."""
    if png is not None:
        from grundy.core.pngs import writable

        writable(png)  # no plot extra, or a file that cannot be written: refused before the work
    sums = [read_heaps(given) for given in outcomes]
    found = misere_quotient(spec, max_heap)
    game = heap_game(spec)
    data: dict[str, Any] = {"spec": game.spec, "max_heap": max_heap}
    data["genus"], note = heap_genus(game, max_heap)
    if note is not None:
        data["genus_note"] = note
    answer = found.to_dict()
    data["quotient"] = answer.get("quotient", answer)
    if sums:
        data["outcomes"] = [sum_outcome(found, heaps) for heaps in sums]
    if png is not None:
        from grundy.quotient.plot import plot_quotient

        plot_quotient(found, png)
        data["png"] = png
    return data


def misere_lines(data: dict[str, Any]) -> list[str]:
    """:func:`misere_answer` for people, one line each.

    >>> print("\\n".join(misere_lines(misere_answer("nim", 1))))
    nim, misère quotient of heaps 0..1
    order 2, tame
    presentation ⟨a | a² = 1⟩
    P-portion {a}
    complete: not known to cover heaps past 1
    heap  element  genus
       0  1        0
       1  a        1
    """
    q = data["quotient"]
    complete = (f"complete: the pretending function is periodic from heap {q['preperiod']} (shown by the heaps up "
                f"to {q['complete_from_heap']}), so it covers every heap" if q["complete"] else
                f"complete: not known to cover heaps past {data['max_heap']}")
    lines = [f"{data['spec']}, misère quotient of heaps 0..{data['max_heap']}",
             f"order {q['order']}, {'tame' if q['tame'] else 'wild'}",
             f"presentation {q['presentation']}",
             f"P-portion {{{', '.join(q['p_portion'])}}}",
             complete]
    if q.get("period"):
        lines.append(f"pretending function: preperiod {q['preperiod']}, period {q['period']}")
    width = max(4, len(str(data["max_heap"])))
    shown = max(7, *(len(w) for w in q["elements"]))
    lines.append(f"{'heap':>{width}}  {'element':<{shown}}  genus")
    for heap, (word, genus) in enumerate(zip(q["elements"], data["genus"], strict=False)):
        lines.append(f"{heap:>{width}}  {word:<{shown}}  {'?' if genus is None else genus}")
    if data.get("genus_note"):
        lines.append(f"? {data['genus_note']}")
    for asked in data.get("outcomes", []):
        who = "the player to move wins" if asked["outcome"] == "N" else "the player to move loses"
        lines.append(f"misère outcome of {' + '.join(map(str, asked['heaps'])) or '0'}: {asked['outcome']} "
                     f"(element {asked['element']}; {who})")
    if data.get("png") is not None:
        lines.append(f"drawn: {data['png']}")  # last, the path whole, for scripts
    return lines
