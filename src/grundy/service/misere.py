"""The misère canonical form of an impartial position (``grundy value --misere``): the sum of its
components' forms, each built from the ruleset's own moves, with its misère outcome, genus and winner
(Conway, *On Numbers and Games* ch. 12; Winning Ways ch. 13; :mod:`grundy.cgt.misere`).

>>> data = position_misere("nim", ["1", "1"])
>>> data["value"], data["outcome"], data["genus"], data["winner"]
('*[0]', 'N', '0', 'the player to move')
>>> position_misere("kayles", ["5"])["genus"], position_misere("nim", ["2", "2"])["value"]
('4^146', '*[2[2]]')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.core.errors import GrundyError
from grundy.core.ruleset import Ruleset
from grundy.partizan.ruleset import PartizanRuleset
from grundy.service.resolve import ruleset

_DONE = object()  # the end of a component's options
WINNERS = {"N": "the player to move", "P": "the previous player"}


def refusal(spec: str, kind: str) -> str:
    """Why ``spec`` (a game of another kind) has no misère canonical form: what is allowed."""
    return (f"misère canonical forms are for impartial rulesets (nim, kayles, octal:..., subtraction:..., "
            f"'grundy list' shows them); {spec!r} is {kind}")


def position_misere(spec: str, tokens: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The answer of ``grundy value --misere SPEC POSITION...``: ``value`` (the misère canonical form,
    as CGSuite prints it), ``outcome`` (N or P under misère play), ``winner``, ``genus`` (Winning
    Ways' g^{γ0γ1...} as CGSuite prints it: ``0`` for a nim-heap, ``2^1431`` in full when wild),
    ``misere_grundy`` (γ0), ``grundy`` (the normal-play value), ``birthday``,
    all under one work budget (:func:`grundy.core.work.metered`, ``max_states``)."""
    from grundy.cgt.misere import genus, total
    from grundy.cgt.misere_text import to_text
    from grundy.core.work import metered

    if not tokens:
        raise GrundyError(f"give a position of {spec}: its components, e.g. 3 4")
    game = ruleset(spec)
    if isinstance(game, PartizanRuleset):
        raise GrundyError(refusal(spec, "a partizan game (Left and Right have different moves)"))
    if not isinstance(game, Ruleset):
        raise GrundyError(refusal(spec, "a game of the general solver (it holds its whole position)"))
    components = [game.parse_component(token) for token in tokens]
    with metered():
        forms = _Forms(game)
        form = total(forms.of(c) for c in components)
        found = genus(form)
        return {"value": to_text(form), "outcome": form.outcome, "winner": WINNERS[form.outcome],
                "genus": str(found), "misere_grundy": form.misere_grundy, "grundy": form.normal_grundy,
                "birthday": form.birthday}


class _Forms:
    """The misère canonical forms of one ruleset's components, each worked out once per question."""

    def __init__(self, game: Ruleset):
        self.game = game
        self.known: dict[Any, Any] = {}

    def of(self, component: Any) -> Any:
        """The form of ``component``: {the sum of each option's components' forms}. Depth first without
        recursion (a heap of thousands is deeper than Python's stack), each frame holding only the
        iterator of its options, so memory grows with the depth, not with the options read; each
        option read is a step of the work budget, so a huge heap stops at the budget."""
        from grundy.core.work import charge

        if component in self.known:
            return self.known[component]
        stack = [(component, self._parts(component))]
        opened = {component}
        while stack:
            top, parts = stack[-1]
            child = next((c for c in parts if c not in self.known), _DONE)
            if child is _DONE:
                self.known[top] = self._form(top)
                opened.discard(top)
                stack.pop()
            elif child in opened:
                raise GrundyError(f"{self.game.spec} has a position that can come back to itself (a loop): "
                                  "misère canonical forms are for games that end")
            else:
                charge()
                opened.add(child)
                stack.append((child, self._parts(child)))
        return self.known[component]

    def _parts(self, component: Any) -> Iterator[Any]:
        """The components of each option of ``component``, one step of work each."""
        from grundy.core.work import charge

        for option in self.game.options(component):
            charge()
            yield from option

    def _form(self, component: Any) -> Any:
        """The form of ``component``, every component of its options known."""
        from grundy.cgt.misere import from_options, total
        from grundy.core.work import charge

        forms = []
        for option in self.game.options(component):
            charge()
            forms.append(total(self.known[c] for c in option))
        return from_options(forms)
