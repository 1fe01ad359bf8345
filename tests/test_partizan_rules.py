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
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.core.errors import ComponentError, SpecError
from grundy.partizan.registry import partizan_ruleset
from grundy.partizan.ruleset import KING, ORTHOGONAL, regions
from grundy.service.resolve import catalogue

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


def ref_clobber(board, player):
    mine, theirs = ("x", "o") if player == "L" else ("o", "x")
    found = []
    for r, c in itertools.product(range(len(board)), range(len(board[0]))):
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if board[r][c] == mine and 0 <= rr < len(board) and 0 <= cc < len(board[0]) and board[rr][cc] == theirs:
                found.append(_put(_put(board, [(r, c)], "."), [(rr, cc)], mine))
    return found


def ref_konane(board, player):
    mine, theirs = ("x", "o") if player == "L" else ("o", "x")
    inside = lambda r, c: 0 <= r < len(board) and 0 <= c < len(board[0])  # noqa: E731
    found = []
    for r, c in itertools.product(range(len(board)), range(len(board[0]))):
        if board[r][c] != mine:
            continue
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            now, k = _put(board, [(r, c)], "."), 1
            while inside(r + (2 * k) * dr, c + (2 * k) * dc):
                over, to = (r + (2 * k - 1) * dr, c + (2 * k - 1) * dc), (r + 2 * k * dr, c + 2 * k * dc)
                if board[over[0]][over[1]] != theirs or board[to[0]][to[1]] != ".":
                    break
                now = _put(now, [over], ".")
                found.append(_put(now, [to], mine))
                k += 1
    return found


def ref_cakes(cakes, player, maundy=False, eat=False):
    """A sum of cakes (a sorted tuple of (m, n)): cut one of them, or eat a column (Left) or row (Right)."""
    found = []
    for i, (m, n) in enumerate(cakes):
        rest = cakes[:i] + cakes[i + 1:]
        side = n if player == "L" else m
        if maundy:
            cuts = [[side // k] * k for k in range(2, side + 1) if side % k == 0]
        elif eat:  # every unit strip, each end included: what is left on either side of it
            cuts = [[part for part in (a, side - 1 - a) if part] for a in range(side)]
        else:
            cuts = [[a, side - a] for a in range(1, side)]
        for parts in cuts:
            pieces = [(m, part) if player == "L" else (part, n) for part in parts]
            found.append(tuple(sorted(rest + tuple(pieces))))
    return found


def ref_hackenbush(edges, player):
    """Delete an edge of the player's colour or a green one; keep what still reaches vertex 0."""
    found = []
    for i, (_, _, colour) in enumerate(edges):
        if colour in ("bg" if player == "L" else "rg"):
            rest = edges[:i] + edges[i + 1:]
            reached = {0}
            while True:
                more = {x for u, v, _ in rest for x in (u, v) if u in reached or v in reached} - reached
                if not more:
                    break
                reached |= more
            found.append(tuple(sorted(e for e in rest if e[0] in reached)))
    return found


def ref_dominoes(row, player):
    mine = "le" if player == "L" else "re"
    return [part for i, d in enumerate(row) if d in mine for part in (row[:i], row[i + 1:])]


def ref_colouring(start, player, col):
    """Snort (col=False) or Col on a graph whose vertices carry colours ('.', 'b', 'r')."""
    colours, edges = start
    mine, theirs = ("b", "r") if player == "L" else ("r", "b")
    forbidden = mine if col else theirs
    found = []
    for v, colour in enumerate(colours):
        if colour == "." and not any(colours[b if a == v else a] == forbidden for a, b in edges if v in (a, b)):
            found.append((colours[:v] + mine + colours[v + 1:], edges))
    return found


def coloured(position, col):
    """A tinted graph as a coloured one: a tint becomes a coloured neighbour barring the other player."""
    tints, edges = position
    colours, edges = "." * len(tints), list(edges)
    for v, tint in enumerate(tints):
        if tint != ".":
            # tint l (only Left may colour v): Snort bars Right with a blue neighbour, Col with a red one
            colours += {("l", False): "b", ("r", False): "r", ("l", True): "r", ("r", True): "b"}[tint, col]
            edges.append((v, len(colours) - 1))
    return colours, tuple(edges)


def small_graphs(max_vertices=4):
    for n in range(1, max_vertices + 1):
        pairs = list(itertools.combinations(range(n), 2))
        for chosen in itertools.product((0, 1), repeat=len(pairs)):
            for tints in itertools.product(".lr", repeat=n):
                items = [f"{u}-{v}" for (u, v), c in zip(pairs, chosen, strict=True) if c]
                items += [f"{v}:{t}" if t != "." else str(v) for v, t in enumerate(tints)]
                yield ",".join(items)


def random_graphs(count, seed=5):
    rng = random.Random(seed)
    for _ in range(count):
        vertices = rng.randint(1, 4)
        edges = [(rng.randint(0, vertices), rng.randint(0, vertices), rng.choice("brg"))
                 for _ in range(rng.randint(1, 6))]
        yield ",".join(f"{u}-{v}:{c}" for u, v, c in edges)


def trees(count, seed=6):
    rng = random.Random(seed)
    for _ in range(count):
        size = rng.randint(1, 7)
        yield ",".join(f"{rng.randint(0, v - 1)}-{v}:{rng.choice('brg')}" for v in range(1, size + 1))


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
    "clobber": (lambda: boards("xo.", 7), ref_clobber),
    "konane": (lambda: boards("xo.", 7), ref_konane),
    "cutcake": (lambda: (f"{m},{n}" for m in range(1, 5) for n in range(1, 5)), ref_cakes),
    "maundy-cake": (lambda: (f"{m},{n}" for m in range(1, 7) for n in range(1, 7)),
                    lambda c, p: ref_cakes(c, p, maundy=True)),
    "eatcake": (lambda: (f"{m},{n}" for m in range(1, 5) for n in range(1, 5)),
                lambda c, p: ref_cakes(c, p, eat=True)),
    "red-blue-hackenbush": (lambda: itertools.chain(random_graphs(400), trees(200)), ref_hackenbush),
    "toppling-dominoes": (lambda: strips("lre", 7), ref_dominoes),
    "snort": (small_graphs, lambda g, p: ref_colouring(g, p, col=False)),
    "col": (small_graphs, lambda g, p: ref_colouring(g, p, col=True)),
}
START = {"cutcake": lambda cake: (cake,), "maundy-cake": lambda cake: (cake,),  # the whole-position forms
         "eatcake": lambda cake: (cake,),
         "snort": lambda g: coloured(g, col=False), "col": lambda g: coloured(g, col=True)}

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
    "clobber": [
        # Lessons in Play: xo = {0|0} = *, and xxo = {0|*} = ^ (Left's only move leaves x.x = 0,
        # Right's leaves xo = *), so xoo = v; xox = {0|0} = *.
        ("xo", "N"), ("xxo", "L"), ("xoo", "R"), ("xox", "N"), ("x", "P"), ("x.o", "P"), ("xo|ox", "N"),
    ],
    "konane": [
        # by hand: xo. = {..x | } = {0 | } = 1; ox. = -1; xo = 0 (no empty cell);
        # xo.o. = {..xo., ....x | } with ..xo. = {0 | 0} = *, so {*, 0 | } = 1.
        ("xo.", "L"), ("ox.", "R"), (".ox", "L"), ("xo", "P"), ("xo.o.", "L"), ("x.o", "P"),
    ],
    "cutcake": [
        # Winning Ways ch. 2: a 1-tall cake n wide is worth n - 1 (Left cuts n - 1 times, Right never),
        # an m-tall 1-wide one -(m - 1); every Cutcake position is a number and a square cake equals its
        # own negative (turning it swaps the players), so it is 0.
        ("1,1", "P"), ("1,2", "L"), ("1,5", "L"), ("2,1", "R"), ("5,1", "R"),
        ("2,2", "P"), ("3,3", "P"), ("4,4", "P"),
        # by hand: 2,3 = {2,1 + 2,2 | 1,3 + 1,3} = {-1 + 0 | 2 + 2} = 0; 2,4 = {-1 + 0, 0 + 0 | 3 + 3} = 1.
        ("2,3", "P"), ("2,4", "L"),
    ],
    "maundy-cake": [
        # Winning Ways ch. 2: 1,2 = {1,1 + 1,1 | } = 1; 2,2 = {2,1 + 2,1 | 1,2 + 1,2} = {-2 | 2} = 0.
        ("1,1", "P"), ("1,2", "L"), ("2,1", "R"), ("2,2", "P"), ("1,7", "L"), ("7,1", "R"),
    ],
    "eatcake": [
        # by hand: 1,1 = {0|0} = *; 1,2 = {1,1 | 0} = {*|0} = v (Right eats the one row); 2,2 =
        # {2,1 | 1,2} = {^|v} = * (2,1 is the negative of 1,2); 1,3 = {1,2, 1,1 + 1,1 | 0} = {v, 0 | 0} = *.
        ("1,1", "N"), ("1,2", "R"), ("2,1", "L"), ("2,2", "N"), ("1,3", "N"),
    ],
    "red-blue-hackenbush": [
        # Winning Ways ch. 1 and 7: a blue edge is 1, a red one -1, a green one *; blue below red is
        # 1/2; red below blue -1/2; a blue and a red edge each on the ground: 1 - 1 = 0; two green
        # edges in a stalk: *2; a green loop on the ground: *; blue with green on top: {0, 1 | 1} = 1*.
        ("0-1:b", "L"), ("0-1:r", "R"), ("0-1:g", "N"), ("0-1:b,1-2:r", "L"), ("0-1:r,1-2:b", "R"),
        ("0-1:b,0-2:r", "P"), ("0-1:g,1-2:g", "N"), ("0-0:g", "N"), ("0-1:b,1-2:g", "L"), ("0", "P"),
        # by hand: two blue edges up to one vertex with a red loop on it. Left cuts a blue edge, leaving
        # a blue edge under a red loop, {0 | 1} = 1/2; Right cuts the loop, leaving two blue edges, 2:
        # {1/2 | 2} = 1.
        ("0-1:b,0-1:b,1-1:r", "L"),
    ],
    "toppling-dominoes": [
        # Lessons in Play: a blue domino is 1, red -1, green *; lr = {r, () | l, ()} = {-1, 0 | 0, 1} = *;
        # ll = 2; ee = {0, * | 0, *} = *2.
        ("l", "L"), ("r", "R"), ("e", "N"), ("lr", "N"), ("ll", "L"), ("ee", "N"), ("lrl", "L"),
    ],
    "snort": [
        # Winning Ways ch. 2: one spot is {0 | 0} = *; an edge is {1 | -1} = +-1 (colouring one end
        # leaves the other tinted for the same player); a spot tinted for Left is 1.
        ("0", "N"), ("0-1", "N"), ("0:l", "L"), ("0:r", "R"), ("0-1,0:l,1:l", "L"),
    ],
    "col": [
        # Winning Ways ch. 2: one spot is *; an edge is {-1 | 1} = 0 (colouring one end leaves the
        # other tinted for the opponent); a spot tinted for Left is 1; two spots: * + * = 0.
        ("0", "N"), ("0-1", "P"), ("0:l", "L"), ("0:r", "R"), ("0,1", "P"),
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
        whole = START.get(spec, lambda p: p)(position)
        assert search(spec).outcome((position,)) == reference_outcome(moves, whole), (spec, token)


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
    "toads-and-frogs": ["TXF", "t.f", "T|F"],
    "clobber": ["", "xo|x", "xa", "xq"],
    "konane": ["", "x#o", "xo|.", "o o"],
    "cutcake": ["", "2", "0,3", "a,b", "2,3,4", "-1,2", "2,99999999", "٣,2"],
    "maundy-cake": ["3;4", "3,", ",4"],
    "eatcake": ["0,1", "1", "1,1,1"],
    "red-blue-hackenbush": ["", "0-1", "0-1:y", "a-b:r", "0-1:b,", "-1-2:b", "0-1:b;1-2:r", "0-1:B"],
    "toppling-dominoes": ["lrq", "L", "l r"],
    "snort": ["", "0-1-2", "0-0", "0:b", "1-2:l", "0:l,0:r", "a-b"],
    "col": ["", "0--1", "x", "0:"],
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
    entries = [entry for entry in catalogue() if entry.kind == "partizan"]
    names = [entry.name for entry in entries]
    assert names == SPECS + [n for n in names if n not in SPECS]
    for entry in entries:
        rules = partizan_ruleset(entry.name)
        assert rules.spec == entry.name
        for example in entry.examples:
            spec, token = example.split()
            assert spec == entry.name and rules.format_component(rules.parse_component(token)) == token
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


def _images(spec, position):
    """Images of a position under symmetries its key must not see."""
    rng = random.Random(3)
    if spec in ("domineering", "clobber", "konane", "cram"):
        mirrored = tuple(row[::-1] for row in position)
        images = [position, mirrored, position[::-1], mirrored[::-1]]
        if spec != "domineering":
            transposed = tuple("".join(col) for col in zip(*position, strict=True))
            images += [transposed, transposed[::-1]]
        return images
    if spec == "toppling-dominoes":
        return [position[::-1]]
    if spec == "red-blue-hackenbush":
        vertices = sorted({x for u, v, _ in position for x in (u, v)} - {0})
        images = []
        for _ in range(3):
            shuffled = dict(zip(vertices, rng.sample(range(1, 40), len(vertices)), strict=True)) | {0: 0}
            images.append(tuple(sorted((min(shuffled[u], shuffled[v]), max(shuffled[u], shuffled[v]), c)
                                       for u, v, c in position)))
        return images
    if spec in ("snort", "col"):
        tints, edges = position
        images = []
        for _ in range(3):
            order = rng.sample(range(len(tints)), len(tints))  # new vertex i is old vertex order[i]
            new = {old: i for i, old in enumerate(order)}
            images.append(("".join(tints[old] for old in order),
                           tuple(sorted(tuple(sorted((new[u], new[v]))) for u, v in edges))))
        return images
    return []


@pytest.mark.parametrize("spec", SPECS)
def test_key_is_the_same_for_symmetric_images(spec):
    # (the Hackenbush samples are trees or have at most four vertices: their keys are exact)
    rules = partizan_ruleset(spec)
    for token in sample(spec, 300):
        position = rules.parse_component(token)
        for image in _images(spec, position):
            assert rules.key(image) == rules.key(position), (spec, token, image)


def test_hackenbush_big_graphs_keep_their_value():
    # graphs with cycles and more than six vertices above the ground get a breadth-first key
    rules, find = partizan_ruleset("red-blue-hackenbush"), search("red-blue-hackenbush")
    rng = random.Random(11)
    for _ in range(12):
        edges = [(v, rng.randint(0, v - 1), rng.choice("brg")) for v in range(1, 8)]
        edges.append((rng.randint(1, 7), rng.randint(1, 7), rng.choice("brg")))
        token = ",".join(f"{u}-{v}:{c}" for u, v, c in edges)
        position = rules.parse_component(token)
        key = rules.key(position)
        assert rules.key(key) == key
        assert find.outcome((position, rules.negate(key))) == "P", token


# -------------------------------------------------------------------------------- the region finder
def plain_regions(grid, inside, fill, steps, blocked):
    """Connected regions cell by cell, each cut to its box (the rest ``fill``), in reading order."""
    height, width = len(grid), len(grid[0])
    open_cells = {(r, c) for r in range(height) for c in range(width)
                  if grid[r][c] in inside and (r, c) not in set(blocked)}
    found = []
    for start in sorted(open_cells):
        if start not in open_cells:
            continue
        cells, frontier = {start}, [start]
        while frontier:
            r, c = frontier.pop()
            for dr, dc in steps:
                if (r + dr, c + dc) in open_cells - cells:
                    cells.add((r + dr, c + dc))
                    frontier.append((r + dr, c + dc))
        open_cells -= cells
        rows, cols = [r for r, _ in cells], [c for _, c in cells]
        found.append(tuple("".join(grid[r][c] if (r, c) in cells else fill
                                   for c in range(min(cols), max(cols) + 1))
                           for r in range(min(rows), max(rows) + 1)))
    return found


@given(st.integers(1, 7).flatmap(lambda w: st.lists(st.text(".#xo", min_size=w, max_size=w), min_size=1,
                                                     max_size=7)),
       st.sampled_from([(".x", "#"), ("xo", "."), (".xo", "#")]), st.sampled_from([ORTHOGONAL, KING]),
       st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=2))
def test_regions_agree_with_a_cell_by_cell_fill(rows, chars, steps, blocked):
    grid, (inside, fill) = tuple(rows), chars
    blocked = [(r, c) for r, c in blocked if r < len(grid) and c < len(grid[0])]
    assert regions(grid, inside, fill, steps, blocked) == plain_regions(grid, inside, fill, steps, blocked)


def test_the_region_check_can_fail():
    # a finder that ignored the blocked cells, or joined corners without being told, would be caught
    assert regions(("...",), ".", "#", ORTHOGONAL, [(0, 1)]) != plain_regions(("...",), ".", "#", ORTHOGONAL, [])
    grid = ("x.x", ".x.")
    assert regions(grid, "x", ".", KING, []) != plain_regions(grid, "x", ".", ORTHOGONAL, [])
