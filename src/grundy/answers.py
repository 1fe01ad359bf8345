"""The answers of grundy as plain data: what ``--json`` prints and what the web API returns.

One function per question, from the words a user writes (a spec, a position as the command line
writes it) to a dict of JSON-ready values; the command line (``cli/``) and the web explorer
(``web/``) both print these, so the two never disagree. No game logic lives here: each function
asks the library and lays out its answer.

>>> solve_data("nim", "3 4 5")["outcome"]
'N'
>>> [m["move"] for m in moves_data("nim", "1 2")["moves"] if m["best"]]
['2 1']
>>> from grundy import ruleset
>>> table_data(ruleset("subtraction:1,2"), 20)["pattern"]["period"]
3
>>> [e["name"] for e in map(entry_data, entries("kayles"))][:2]
['kayles', 'dawson-kayles']
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from grundy.core.errors import GrundyError
from grundy.core.ruleset import Ruleset, Shape

TABLE_SECONDS = 2.0  # the time a table gives the pattern finder


# -- the catalogue ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PartizanEntry:
    """A partizan ruleset (:mod:`grundy.partizan`) as the catalogue lists it: valued by ``grundy
    value`` (a canonical form), not ``grundy solve``."""

    name: str
    component: str
    meaning: str
    example: str
    family: str = "partizan games (grundy value: canonical forms, temperature)"
    command: str = "value"

    @property
    def usages(self) -> list[tuple[str, str]]:
        return [(self.name, self.meaning)]

    @property
    def examples(self) -> list[str]:
        return [f"{self.name} '{self.example}'"]

    def matches(self, word: str) -> bool:
        word = word.lower()
        return any(word in text.lower() for text in (self.name, self.family, self.meaning))


def entries(word: str | None = None, partizan: bool = True) -> list[Any]:
    """The catalogue's entries (those that mention ``word``), the partizan rulesets last unless
    ``partizan`` is False; none is an error."""
    from grundy.rulesets.registry import catalogue

    found: list[Any] = list(catalogue(word))
    if partizan:
        from grundy.partizan.registry import catalogue as partizan_catalogue

        found += [e for e in (PartizanEntry(p.name, p.forms, p.meaning, p.example) for p in partizan_catalogue())
                  if word is None or e.matches(word)]
    if not found:
        raise GrundyError(f"no ruleset mentions {word!r}; 'grundy list' shows them all")
    return found


def example_command(entry: Any) -> str:
    """An entry's example as a command line: ``grundy solve nim 3 4 5``."""
    return f"grundy {getattr(entry, 'command', 'solve')} {entry.examples[0]}"


def entry_data(entry: Any) -> dict[str, Any]:
    """One ruleset of the catalogue: its name, family, forms, what a component is, and an example."""
    return {"name": entry.name, "family": entry.family, "component": entry.component,
            "example": example_command(entry),
            "forms": [{"spec": usage, "meaning": meaning} for usage, meaning in entry.usages]}


# -- solving a position ---------------------------------------------------------------------------------
def general_game(spec: str | None) -> Any:
    """The game of the general solver SPEC names (it holds the whole position as ``start``), else None."""
    from grundy.rulesets.registry import names_general_game, ruleset

    return ruleset(spec) if spec is not None and names_general_game(spec) else None


def valued_ruleset(spec: str) -> Ruleset:
    """The ruleset SPEC names, for its values (a table, a period, a pattern): a game of the general
    solver has none and is refused with what to ask instead."""
    from grundy.rulesets.registry import ruleset

    found = ruleset(spec)
    if general_game(spec) is not None:
        raise GrundyError(f"{found.name} is a game of the general solver (no Grundy values): its spec holds the "
                          f"whole position; use 'grundy solve {spec}' or 'grundy play {spec}'")
    return found


def components_of(game: Ruleset, position: str) -> list[Any]:
    """The components of a position written as the command line writes it (words split by spaces)."""
    words = position.split()
    if not words:
        raise no_components(game, "solve")
    return [game.parse_component(word) for word in words]


def no_components(game: Ruleset, command: str) -> GrundyError:
    """The error of a position given no components: what one is, for this game.

    >>> from grundy.rulesets.registry import ruleset
    >>> str(no_components(ruleset("nim"), "play"))
    "no components given: 'grundy play nim COMPONENT...', each a heap size (a non-negative integer)"
    """
    return GrundyError(f"no components given: 'grundy {command} {game.spec} COMPONENT...', each {game.component_kind}")


def solve_data(spec: str, position: str = "", misere: bool = False, compound: str | None = None,
               max_listed: int | None = None) -> dict[str, Any]:
    """``grundy solve SPEC POSITION --json``: the outcome, the values and the winning moves (for a
    game of the general solver, whose spec is the whole position: value, remoteness and every move)."""
    from grundy.core.general import default_max_states, solve_game
    from grundy.core.solve import MAX_LISTED_MOVES
    from grundy.core.solve import solve as solve_position
    from grundy.rulesets.registry import ruleset

    if (found := general_game(spec)) is not None:
        if position.split():
            raise GrundyError(f"{found.name} takes its whole position in the spec: give no components "
                              f"(e.g. 'grundy solve {spec}')")
        if misere or compound is not None:
            raise GrundyError(f"misère play and compounds do not apply to {found.name}: a game of the general solver "
                              "holds its whole position in its spec, and its own rules say who wins")
        return general_data(found, found.start, solve_game(found, found.start, max_states=default_max_states()))
    game = ruleset(spec)
    listed = MAX_LISTED_MOVES if max_listed is None else max_listed
    return solve_position(game, components_of(game, position), misere=misere, compound=compound,
                          max_listed=listed).to_dict()


def general_data(game: Any, start: Any, solution: Any) -> dict[str, Any]:
    """A general-solver answer: value, remoteness and states, the best moves and every move's value."""
    data = solution.to_dict()
    data["best_moves"] = [game.describe(m) for m in solution.best_moves(start)]
    data["moves"] = [{"move": game.describe(m), "value": v, "remoteness": r}
                     for m, v, r in solution.move_values(start)]
    return data


# -- every move, and a game being played -----------------------------------------------------------------
def session_for(spec: str, position: str = "", misere: bool = False, seed: int | None = None) -> Any:
    """A :class:`~grundy.core.play.PlaySession` on SPEC and POSITION: a game of the general solver (or a
    misère sum) solved whole, under the budget; a normal-play sum played from its Grundy values, with
    remoteness where valuing every position is cheap."""
    from grundy.core.general import default_max_states
    from grundy.core.play import PlaySession
    from grundy.rulesets.registry import ruleset

    if (found := general_game(spec)) is not None:
        if position.split():
            raise GrundyError(f"{found.name} takes its whole position in the spec: give no components")
        if misere:
            raise GrundyError(f"misère does not apply to {found.name}: its own rules say who wins")
        return PlaySession(found, found.start, seed=seed, max_states=default_max_states())
    game = ruleset(spec)
    return PlaySession.for_ruleset(game, components_of(game, position), misere=misere, seed=seed,
                                   max_states=default_max_states())


def position_text(session: Any, position: Any) -> str | None:
    """A position of a sum as the command line writes it (None for a game of the general solver)."""
    if not session.sums:
        return None
    return " ".join(session.game.rules.format_component(c) for c in position)


def move_list(session: Any) -> list[dict[str, Any]]:
    """Every legal move, numbered as ``#k`` plays it, with its result for the player who makes it
    (``win``, ``lose``, ``draw``, ``tie``), the remoteness after it, why, and whether it is best."""
    return [{"number": h.number, "move": h.label, "after": position_text(session, session.after(h.move)),
             "result": h.value, "remoteness": h.remoteness, "why": h.why, "best": h.best}
            for h in session.hints()]


def moves_data(spec: str, position: str = "", misere: bool = False) -> dict[str, Any]:
    """Every move of a position with its result, as the explorer colours them."""
    session = session_for(spec, position, misere)
    return {"position": session.describe(), "value": session.value(),
            "remoteness": session.solution.remoteness_at(session.position), "moves": move_list(session)}


def turn_data(session: Any, human_to_move: bool, played: dict[str, str] | None,
              winner: Any = None) -> dict[str, Any]:
    """One turn of ``play --json``: the move that led to it, the position, who is to move, its value
    and remoteness for that player, and at the end the winner (``human``, ``computer``, None: a tie)."""
    data: dict[str, Any] = {"turn": len(session.history) - 1, "played": played, "position": session.describe(),
                            "to_move": "human" if human_to_move else "computer", "value": session.value(),
                            "remoteness": session.solution.remoteness_at(session.position), "over": session.over}
    if session.over:
        data["winner"] = winner
    return data


def winner(session: Any, human_to_move: bool) -> str | None:
    """At the end of a game: ``human``, ``computer``, or None for a tie."""
    result = session.game.primitive(session.position) or "lose"
    if result == "tie":
        return None
    return "human" if (result == "win") == human_to_move else "computer"


# -- values, periods and patterns ---------------------------------------------------------------------------
def table_rule(game: Ruleset) -> Any:
    """The rule in a game's values, sought for a second or two (None where the shape has none)."""
    from grundy.patterns.pattern import find_pattern

    try:
        return find_pattern(game, seconds=TABLE_SECONDS)
    except GrundyError:
        return None


def table_parts(game: Ruleset, count: int) -> tuple[Any, Any, Any]:
    """The values of a table (G(0..count-1), from G(1) for coins numbered from 1, or the grid of pairs),
    its period (None for pairs, coin games numbered from 1 and short tables) and its rule (None where
    none was found)."""
    from grundy.core.limits import check_table
    from grundy.patterns.period import find_period

    if game.shape is Shape.PAIR:
        return game.value_grid(count), None, table_rule(game)
    check_table(count, f"a table of {game.spec}")
    values = game.table(count)
    numbered_from_0 = game.first == 0  # periods are stated for G(0), G(1), ...; rules name their numbering
    pattern = find_period(game, max_n=count) if count >= 8 and numbered_from_0 else None
    return values, pattern, table_rule(game)


def table_dict(game: Ruleset, count: int, values: Any, pattern: Any, rule: Any) -> dict[str, Any]:
    """The JSON of a table from its parts (:func:`table_parts`)."""
    if game.shape is Shape.PAIR:
        data: dict[str, Any] = {"spec": game.spec, "n": count, "first": list(game.first_pair), "values": values}
    else:
        data = {"spec": game.spec, "n": count, "first": game.first, "values": [int(v) for v in values]}
    if pattern is not None:
        data["pattern"] = pattern.to_dict()
    if rule is not None and rule.found:
        data["rule"] = rule.to_dict()
    return data


def table_data(game: Ruleset, count: int) -> dict[str, Any]:
    """``grundy table SPEC --max COUNT --json``: the values (a grid for pairs), their period and rule."""
    return table_dict(game, count, *table_parts(game, count))


def period_data(game: Ruleset, max_n: int | None = None) -> dict[str, Any]:
    """``grundy period SPEC --json``: the least preperiod and period, proved where a theorem applies."""
    from grundy.patterns.period import find_period

    return find_period(game, max_n=max_n).to_dict()


def pattern_data(game: Ruleset, max_n: int | None = None, seconds: float | None = None) -> dict[str, Any]:
    """``grundy pattern SPEC --json``: the simplest rule of the values, how far checked, whether proved."""
    from grundy.patterns.pattern import find_pattern

    return find_pattern(game, max_n=max_n, seconds=seconds).to_dict()


# -- contest problems ------------------------------------------------------------------------------------------
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


# -- partizan values ------------------------------------------------------------------------------------------
def winning_moves(rules: Any, components: list, player: str) -> list[dict[str, str]]:
    """``player``'s moves (moving first) that win: those leaving a value the player wins moving second
    (>= 0 for Left, <= 0 for Right), each with the value it leaves."""
    from grundy import cgt
    from grundy.partizan.values import value

    values = [value(rules, [c]) for c in components]
    moves = []
    for i, component in enumerate(components):
        options = rules.left_options(component) if player == "left" else rules.right_options(component)
        rest = sum((v for j, v in enumerate(values) if j != i), cgt.zero)
        for option in options:
            left = rest + value(rules, list(option))
            wins = left >= cgt.zero if player == "left" else left <= cgt.zero
            if wins:
                shown = " ".join(rules.format_component(c) for c in option) or "(nothing)"
                moves.append({"component": i, "from": rules.format_component(component),
                              "to": [rules.format_component(c) for c in option],
                              "move": f"{i + 1}: {rules.format_component(component)} -> {shown}", "value": str(left)})
    return moves


def partizan_value(spec: str | None, tokens: list[str] | tuple[str, ...], expr: str | None = None,
                   player: str | None = None) -> dict[str, Any]:
    """The answer of ``grundy value``: the value of SPEC's position (its components' text), or of a
    value written out (``expr``), as :func:`value_data` gives it, with ``player``'s winning moves
    (``moves``) when one is asked ("left" or "right")."""
    from grundy import cgt
    from grundy.cgt.work import metered
    from grundy.partizan.registry import partizan_ruleset
    from grundy.partizan.values import value

    if expr is not None:
        if spec is not None or tokens:
            raise GrundyError("give either an expression or a SPEC and POSITION, not both")
        if player is not None:
            raise GrundyError("the winning moves are those of a position of a ruleset: give SPEC and POSITION")
        with metered():  # one work budget for the whole answer (grundy.cgt.work)
            return value_data(cgt.parse(expr))
    if spec is None or not tokens:
        raise GrundyError("give a partizan ruleset and a position, e.g. domineering and '..|..' (or a value "
                          "written out, e.g. '{1|-1}'); 'grundy list' shows the partizan rulesets")
    if player not in (None, "left", "right"):
        raise GrundyError(f"the player is left or right, not {player!r}")
    rules = partizan_ruleset(spec)
    components = [rules.parse_component(token) for token in tokens]
    with metered():
        data = value_data(value(rules, components))
        if player is not None:
            data["moves"] = winning_moves(rules, components, player)
    return data


def partizan_thermograph(spec: str, tokens: list[str] | tuple[str, ...]) -> tuple[Any, dict[str, Any]]:
    """The value of SPEC's position (its components' text) and :func:`thermograph_data` of it, under
    one work budget (``grundy thermograph``)."""
    from grundy.cgt.work import metered
    from grundy.partizan.registry import partizan_ruleset
    from grundy.partizan.values import value

    rules = partizan_ruleset(spec)
    components = [rules.parse_component(token) for token in tokens]
    with metered():
        found = value(rules, components)
        return found, thermograph_data(found)


def thermograph_data(found: Any) -> dict[str, Any]:
    """The JSON of a value's thermograph: the value, its mean and temperature, and each wall as its
    ``[t, value]`` breakpoints from t = 0 (linear between them; above the temperature the mast
    stands at the mean), rationals as strings."""
    graph = found.thermograph

    def wall(points: Any) -> list[list[str]]:
        return [[str(t), str(x)] for t, x in points]

    return {"value": str(found), "mean": str(graph.mean), "temperature": str(graph.temperature),
            "left_wall": wall(graph.left_wall), "right_wall": wall(graph.right_wall)}


def value_data(found: Any) -> dict[str, Any]:
    """The JSON of a value: its string, outcome, stops, mean, temperature (rationals as strings such as
    '3/2'), and the atomic weight where it is defined."""
    data: dict[str, Any] = {"value": str(found), "outcome": found.outcome, "left_stop": str(found.left_stop),
                            "right_stop": str(found.right_stop), "mean": str(found.mean),
                            "temperature": str(found.temperature)}
    try:
        weight = found.atomic_weight
    except GrundyError:
        weight = None
    if weight is not None:
        data["atomic_weight"] = str(weight)
    return data
