"""The words of a game being played: how a typed line becomes a move (``#k``, ``COMPONENT
WHAT-IT-LEAVES``, or what it leaves alone when there is one component), why a line is not a move,
and a move in the ruleset's own words where it has them (:func:`move_words`).

>>> from grundy import ruleset
>>> from grundy.core.play import PlaySession
>>> session = PlaySession.for_ruleset(ruleset("fibonacci-nim"), [20], seed=1)
>>> session.parse("18,4") == session.parse("1 18,4")       # one component: its number may be left out
True
>>> move_words(session, session.parse("18,4"))
'take 2 (18 left; the next move may take up to 4)'
"""

from __future__ import annotations

from typing import Any

from grundy.core import limits


def parse_move(session: Any, text: str, illegal: type[Exception]) -> Any:
    """The move of ``session`` a line means: ``#k`` (the k-th legal move), a typed label, or, when
    the position has one component, what the move leaves without the component number."""
    text = " ".join(text.split())
    moves = session.legal_moves()
    if not moves:
        raise illegal("the game is over: no move is possible")
    if text.startswith("#"):
        return _numbered(text, moves, illegal)
    by_label = {session.label(m): m for m in moves}
    for typed in (text, f"1 {text}") if _one_component(session) else (text,):
        if typed in by_label:
            return by_label[typed]
    if session.sums:
        raise illegal(why_illegal(session, text, moves))
    raise illegal(f"{limits.shorten(text)!r} is not a legal move; type 'moves' to see them (or '#k' for the k-th)")


def _one_component(session: Any) -> bool:
    """Whether the position is a sum of exactly one component (a move may leave out its number)."""
    if session.sums:
        return len(session.position) == 1
    partizan = getattr(session.game, "partizan", None) is not None  # a position: (components, Left to move)
    return partizan and len(session.position[0]) == 1


def _numbered(text: str, moves: list, illegal: type[Exception]) -> Any:
    """The move ``#k`` names."""
    try:
        k = int(text[1:])
    except ValueError:
        raise illegal(f"{limits.shorten(text)!r}: after '#' give a move number 1..{len(moves)} (see 'moves')") from None
    if not 1 <= k <= len(moves):
        raise illegal(f"there is no move #{k}: the moves are numbered 1..{len(moves)} (see 'moves')")
    return moves[k - 1]


def why_illegal(session: Any, text: str, moves: list) -> str:
    """Why ``text`` is no move of a sum: the form, the component number, or what it may leave."""
    parts = text.split(" ")
    count = len(session.position)
    one = " (or, with one component, just what it leaves: '3')" if count == 1 else ""
    if len(parts) != 2:
        return f"type a move as: COMPONENT WHAT-IT-LEAVES, e.g. '2 3' (heap 2 becomes 3), '2 1+4', '2 -'{one}"
    try:
        index = int(parts[0])
    except ValueError:
        return f"{limits.shorten(parts[0])!r} is not a component number (1..{count})"
    if not 1 <= index <= count:
        return f"there is no component {index}: they are numbered 1..{count}"
    fmt = session.game.rules.format_component
    component = session.position[index - 1]
    allowed = sorted({session.label(m).split(" ", 1)[1] for m in moves if m.index == index - 1})
    if not allowed:
        return f"component {index} ({fmt(component)}) has no move left"
    shown = ", ".join(allowed[:12]) + (" ..." if len(allowed) > 12 else "")
    return f"{fmt(component)} cannot become {limits.shorten(parts[1])}: from it a move can leave {shown}"


def move_words(session: Any, move: Any, before: Any = None) -> str | None:
    """A move of a sum in its ruleset's own words (its ``describe_move``, e.g. 'take 2 (18 left;
    the next move may take up to 4)'), with the component's number when there are several; None
    where the ruleset has no words of its own (the typed label says it). ``before`` is the position
    the move is made from (default: the current one)."""
    rules = session.game.rules if session.sums else None
    describe = getattr(rules, "describe_move", None)
    if describe is None:
        return None
    before = session.position if before is None else before
    words = describe(before[move.index], move.option)
    if words is None or len(before) == 1:
        return words
    return f"heap {move.index + 1}: {words}"
