"""The partizan rulesets' moves (grundy.partizan), checked without any value algebra.

Every check is an outcome class (L: Left wins whoever starts, R: Right does, N: the player to move
does, P: the other one does; normal play) found by a plain game-tree search written here:

- the outcome of small positions agrees with facts from the literature, worked out by hand below;
- the ruleset's moves (options already split into regions, sums searched as a whole) give the same
  outcome as an independent *whole-board* search written here from the rules, on every small board;
- ``split``, ``key`` and ``negate`` keep what they claim: a sum of the split parts, the key's position
  and the negative of the negative are all *equal* to the position, tested as ``G - H`` being P
  (a second-player win), and ``G + negate(G)`` is P;
- tokens round-trip, and bad tokens raise one-line ComponentErrors.
"""

from __future__ import annotations

import itertools
import random
import sys
from functools import cache

import pytest

from grundy.core.errors import ComponentError, SpecError
from grundy.partizan.registry import catalogue, partizan_ruleset

sys.setrecursionlimit(10_000)
SWAP = {"L": "R", "R": "L", "N": "N", "P": "P"}


# --------------------------------------------------------------------------------------- searches

class Search:
    """Who wins a sum of components of one ruleset, from the ruleset's own moves."""

    def __init__(self, rules):
        self.rules = rules
        self.moves = cache(lambda comp, player: tuple(rules.options(comp, player)))
        self.wins = cache(self._wins)

    def _wins(self, state: tuple, player: str) -> bool:
        other = "R" if player == "L" else "L"
        for i, comp in enumerate(state):
            rest = state[:i] + state[i + 1:]
            for option in self.moves(comp, player):
                if not self.wins(_norm(rest + option), other):
                    return True
        return False

    def outcome(self, components) -> str:
        state = _norm(tuple(components))
        return _outcome(self.wins(state, "L"), self.wins(state, "R"))


def _norm(state: tuple) -> tuple:
    return tuple(sorted(state, key=repr))


def _outcome(left_first: bool, right_first: bool) -> str:
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[left_first, right_first]


def reference_outcome(moves, position) -> str:
    """The outcome of one whole position, from ``moves(position, player) -> positions``: no splitting."""

    @cache
    def wins(pos, player):
        other = "R" if player == "L" else "L"
        return any(not wins(nxt, other) for nxt in moves(pos, player))

    return _outcome(wins(position, "L"), wins(position, "R"))


_SEARCHES: dict[str, Search] = {}


def search(spec: str) -> Search:
    if spec not in _SEARCHES:
        _SEARCHES[spec] = Search(partizan_ruleset(spec))
    return _SEARCHES[spec]


def outcome(spec: str, *tokens: str) -> str:
    rules = partizan_ruleset(spec)
    return search(spec).outcome(tuple(rules.parse_component(t) for t in tokens))


# ----------------------------------------------------------------- whole-board rules, from scratch

def _put(board, cells, char):
    rows = [list(r) for r in board]
    for r, c in cells:
        rows[r][c] = char
    return tuple("".join(r) for r in rows)


def ref_domineering(board, player, impartial=False):
    ways = [(1, 0), (0, 1)] if impartial else [(1, 0) if player == "L" else (0, 1)]
    found = []
    for dr, dc in ways:
        for r, c in itertools.product(range(len(board)), range(len(board[0]))):
            rr, cc = r + dr, c + dc
            if rr < len(board) and cc < len(board[0]) and board[r][c] == "." and board[rr][cc] == ".":
                found.append(_put(board, [(r, c), (rr, cc)], "#"))
    return found


def ref_toads(strip, player):
    piece, other, step = ("T", "F", 1) if player == "L" else ("F", "T", -1)
    found = []
    for i, cell in enumerate(strip):
        if cell != piece:
            continue
        s = list(strip)
        if 0 <= i + step < len(s) and s[i + step] == ".":
            s[i], s[i + step] = ".", piece
            found.append("".join(s))
        elif 0 <= i + 2 * step < len(s) and s[i + step] == other and s[i + 2 * step] == ".":
            s[i], s[i + 2 * step] = ".", piece
            found.append("".join(s))
    return found


# ------------------------------------------------------------------------------ small positions

def boards(cells: str, max_cells: int, max_side: int = 4):
    for h in range(1, max_side + 1):
        for w in range(1, max_side + 1):
            if h * w <= max_cells:
                for fill in itertools.product(cells, repeat=h * w):
                    yield "|".join("".join(fill[r * w:(r + 1) * w]) for r in range(h))


def strips(cells: str, max_len: int):
    for n in range(1, max_len + 1):
        for fill in itertools.product(cells, repeat=n):
            yield "".join(fill)


REFERENCE = {
    "domineering": (lambda: boards(".#", 12), ref_domineering),
    "cram": (lambda: boards(".#", 9), lambda b, p: ref_domineering(b, p, impartial=True)),
    "toads-and-frogs": (lambda: strips("TF.", 8), ref_toads),
}

# Facts (outcome classes) from the literature; each worked out by hand in the comment.
FACTS = {
    "domineering": [
        # Lessons in Play sec. 1.1 / Winning Ways ch. 5: a vertical pair is Left's move only (1), a
        # horizontal pair Right's (-1), one cell is 0, the 2x2 square is {1|-1} = +-1, first player wins.
        (".|.", "L"), ("..", "R"), (".", "P"), ("..|..", "N"), ("#", "P"),
        # a 1x3 strip: Right moves to a single cell (0) and Left cannot move: -1.  3x1: 1.
        ("...", "R"), (".|.|.", "L"),
        # an L-tromino of three cells: Left {0 | } and Right {| 0} both leave one cell: {0|0} = *.
        ("..|.#", "N"),
    ],
    "cram": [
        # Winning Ways ch. 15: even x even boards are second-player wins (a 180-degree turn copies
        # every move), even x odd first-player wins (play the two middle cells, then copy).
        ("..|..", "P"), ("....|....", "P"), ("..|..|..|..", "P"), ("..", "N"), ("...|...", "N"),
        (".", "P"), ("...", "N"),
    ],
    "toads-and-frogs": [
        # Winning Ways ch. 1: T.F = {.TF | TF.} = {0 | 0} = * (after .TF only the frog can jump, to
        # FT. where the toad has one step: .TF = { | 1} = 0).
        ("T.F", "N"), ("TF", "P"), ("T.", "L"), ("T..", "L"), (".F", "R"), ("F.T", "P"),
        # worked by hand (see test_toads_by_hand): T.F. = {0 | 1} = 1/2, Left's.
        ("T.F.", "L"),
    ],
}


def positions(spec: str) -> list[str]:
    return list(REFERENCE[spec][0]())


def sample(spec: str, count: int, seed: int = 17) -> list[str]:
    everything = positions(spec)
    return random.Random(seed).sample(everything, min(count, len(everything)))


SPECS = list(REFERENCE)


# -------------------------------------------------------------------------------------- the tests

@pytest.mark.parametrize("spec", SPECS)
def test_published_outcomes(spec):
    for token, expected in FACTS[spec]:
        assert outcome(spec, token) == expected, (spec, token)


def test_toads_by_hand():
    # T.F. : the toad steps to .TF., the frog steps to TF.. (split: nothing is stuck yet).
    # .TF. : the toad jumps to ..FT = ..F (toads at the right end are dropped) = -2, the frog jumps to
    #        FT.. = T.. (frogs at the left end are dropped) = 2; so .TF. = {-2 | 2} = 0.
    # .FT. : {.F. | .T.} = {-1 | 1} = 0.   TF.. : only the toad moves, to .FT.: {0 | } = 1.
    # T.F. = {0 | 1} = 1/2: Left's whoever starts.
    rules = partizan_ruleset("toads-and-frogs")
    assert rules.left_options("T.F.") == [(".TF.",)] and rules.right_options("T.F.") == [("TF..",)]
    assert rules.left_options(".TF.") == [("..F",)] and rules.right_options(".TF.") == [("T..",)]
    assert rules.left_options("TF..") == [(".FT.",)] and rules.right_options("TF..") == []
    assert rules.left_options(".FT.") == [(".F.",)] and rules.right_options(".FT.") == [(".T.",)]
    assert [outcome("toads-and-frogs", t) for t in (".TF.", "TF..", ".FT.", "T.F.")] == ["P", "L", "P", "L"]


@pytest.mark.parametrize("spec", SPECS)
def test_moves_agree_with_a_whole_board_search(spec):
    rules, (_, moves) = partizan_ruleset(spec), REFERENCE[spec]
    for token in positions(spec):
        position = rules.parse_component(token)
        assert search(spec).outcome((position,)) == reference_outcome(moves, position), (spec, token)


@pytest.mark.parametrize("spec", SPECS)
def test_split_parts_sum_to_the_position(spec):
    rules, find = partizan_ruleset(spec), search(spec)
    for token in positions(spec):
        position = rules.parse_component(token)
        parts = rules.split(position)
        assert isinstance(parts, tuple)
        assert find.outcome(parts) == find.outcome((position,)), (spec, token)
        assert all(rules.split(part) == (part,) for part in parts), (spec, token)  # split parts stay whole
    for token in sample(spec, 60):
        position = rules.parse_component(token)
        minus_parts = tuple(rules.negate(part) for part in rules.split(position))
        assert find.outcome((position, *minus_parts)) == "P", (spec, token)  # G - (sum of parts) = 0


@pytest.mark.parametrize("spec", SPECS)
def test_key_keeps_the_value(spec):
    rules, find = partizan_ruleset(spec), search(spec)
    for token in positions(spec):
        position = rules.parse_component(token)
        key = rules.key(position)
        assert rules.key(key) == key and hash(key) is not None, (spec, token)
        assert find.outcome((key,)) == find.outcome((position,)), (spec, token)
    for token in sample(spec, 60):
        position = rules.parse_component(token)
        assert find.outcome((position, rules.negate(rules.key(position)))) == "P", (spec, token)


@pytest.mark.parametrize("spec", SPECS)
def test_negate_swaps_the_players(spec):
    rules, find = partizan_ruleset(spec), search(spec)
    for token in positions(spec):
        position = rules.parse_component(token)
        minus = rules.negate(position)
        assert rules.negate(minus) == position
        assert find.outcome((minus,)) == SWAP[find.outcome((position,))], (spec, token)
        if rules.impartial:
            assert rules.left_options(position) == rules.right_options(position)
    for token in sample(spec, 60):
        position = rules.parse_component(token)
        assert find.outcome((position, rules.negate(position))) == "P", (spec, token)  # G + (-G) = 0


@pytest.mark.parametrize("spec", SPECS)
def test_tokens_round_trip(spec):
    rules = partizan_ruleset(spec)
    for token in positions(spec):
        position = rules.parse_component(token)
        assert rules.parse_component(rules.format_component(position)) == position
        for option in rules.left_options(position) + rules.right_options(position):
            assert isinstance(option, tuple)
            for part in option:
                assert rules.parse_component(rules.format_component(part)) == part


BAD = {
    "domineering": ["", "..|.", "ab", "..||..", "x"],
    "cram": ["", "..|...", "o"],
    "toads-and-frogs": ["", "TXF", "t.f", "T|F"],
}


@pytest.mark.parametrize("spec", SPECS)
def test_bad_tokens_raise_one_line(spec):
    rules = partizan_ruleset(spec)
    for token in BAD[spec]:
        with pytest.raises(ComponentError) as caught:
            rules.parse_component(token)
        message = str(caught.value)
        assert "\n" not in message and repr(token.strip())[1:-1] in message and rules.example in message


def test_registry():
    names = [entry.name for entry in catalogue()]
    assert names == SPECS + [n for n in names if n not in SPECS]
    for entry in catalogue():
        rules = partizan_ruleset(entry.name)
        assert rules.spec == entry.name
        assert rules.format_component(rules.parse_component(entry.example)) == entry.example
    with pytest.raises(SpecError, match="did you mean 'cram'"):
        partizan_ruleset("cramm")


def test_the_checks_can_fail():
    # a wrong published value is caught ...
    with pytest.raises(AssertionError):
        assert outcome("domineering", "..|..") == "P"
    # ... and so is a wrong rule: Domineering with Left placing horizontal dominoes too
    rules = partizan_ruleset("domineering")
    wrong = Search(type("Wrong", (type(rules),), {"left_options": type(rules).right_options})())
    assert wrong.outcome((rules.parse_component(".|."),)) != reference_outcome(REFERENCE["domineering"][1], (".", "."))
