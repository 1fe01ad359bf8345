"""The Game of the Amazons (grundy.partizan.amazons), checked against a plain search written here.

- small boards worked out by hand have the outcome (and value) claimed;
- on every board of at most six cells, the ruleset's options are exactly the whole-board moves of an
  independent move generator written here from the rules (each split into regions), and the outcome
  of the position and of every option agrees with a whole-board search (no splitting, no keys);
- ``split``, ``key`` and ``negate`` keep the value: G - (sum of the parts) = 0, key(G) = G on every
  image of G under the square's symmetries, G + negate(G) = 0 (values from grundy.partizan.values);
- tokens round-trip, and bad tokens raise one-line ComponentErrors.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from grundy.core.errors import ComponentError
from grundy.partizan.registry import partizan_ruleset
from grundy.partizan.values import value
from grundy.service.resolve import catalogue

RULES = partizan_ruleset("amazons")
SWAP = {"L": "R", "R": "L", "N": "N", "P": "P"}
QUEEN = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


# ------------------------------------------------------------------------ the rules, from scratch

def _rays(board, r, c):
    """Cells a queen on (r, c) reaches through '.' cells."""
    out = []
    for dr, dc in QUEEN:
        k = 1
        while 0 <= r + k * dr < len(board) and 0 <= c + k * dc < len(board[0]) and board[r + k * dr][c + k * dc] == ".":
            out.append((r + k * dr, c + k * dc))
            k += 1
    return out


def _put(board, changes):
    rows = [list(row) for row in board]
    for (r, c), char in changes:
        rows[r][c] = char
    return tuple("".join(row) for row in rows)


def ref_moves(board, player):
    """Whole boards after one move of ``player``: queen move of an amazon, then a queen-like arrow."""
    found = []
    for r, c in itertools.product(range(len(board)), range(len(board[0]))):
        if board[r][c] != player:
            continue
        for to in _rays(board, r, c):
            moved = _put(board, [((r, c), "."), (to, player)])
            found += [_put(moved, [(arrow, "#")]) for arrow in _rays(moved, *to)]
    return found


@cache
def ref_wins(board, player):
    other = "R" if player == "L" else "L"
    return any(not ref_wins(nxt, other) for nxt in ref_moves(board, player))


def _outcome(left_first, right_first):
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[left_first, right_first]


def ref_outcome(board):
    return _outcome(ref_wins(board, "L"), ref_wins(board, "R"))


# ----------------------------------------------------------- the ruleset's moves, summed regions

def _norm(state):
    return tuple(sorted(state))


@cache
def wins(state, player):
    """Whether ``player`` to move wins the sum ``state`` (a sorted tuple of components)."""
    other = "R" if player == "L" else "L"
    for i, comp in enumerate(state):
        rest = state[:i] + state[i + 1:]
        for option in RULES.options(comp, player):
            if not wins(_norm(rest + option), other):
                return True
    return False


def outcome(*components):
    state = _norm(components)
    return _outcome(wins(state, "L"), wins(state, "R"))


def value_outcome(g):
    return "L" if g > 0 else "R" if g < 0 else "P" if g == 0 else "N"


def boards(max_cells=6, cells="LR.#"):
    for h in range(1, max_cells + 1):
        for w in range(1, max_cells // h + 1):
            for fill in itertools.product(cells, repeat=h * w):
                yield tuple("".join(fill[r * w:(r + 1) * w]) for r in range(h))


SMALL = list(boards())


def bigger(count=40, seed=7):
    """Random 3x3 and 2x4 boards with one or two amazons a side and a few burnt cells."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        h, w = rng.choice([(3, 3), (2, 4), (4, 2)])
        cells = ["L"] * rng.randint(1, 2) + ["R"] * rng.randint(1, 2) + ["#"] * rng.randint(1, 3)
        cells += ["."] * (h * w - len(cells))
        rng.shuffle(cells)
        found.append(tuple("".join(cells[r * w:(r + 1) * w]) for r in range(h)))
    return found


def images(board):
    mirrored = tuple(row[::-1] for row in board)
    transposed = tuple("".join(col) for col in zip(*board, strict=True))
    t_mirrored = tuple(row[::-1] for row in transposed)
    return [board, mirrored, board[::-1], mirrored[::-1], transposed, t_mirrored, transposed[::-1],
            t_mirrored[::-1]]


# -------------------------------------------------------------------------------------- the tests

# Worked by hand. L. : Left moves right and must shoot back where it came from, leaving nothing: {0|} = 1.
# LR : nobody moves, 0.  L.R : either amazon steps in and shoots back: {0|0} = *.
# L.. : Left steps and shoots either way (leaving L. = 1) or goes to the end, shooting at the middle
#   (0) or the start (.L = 1): {1, 0 | } = 2.  L#. : blocked, 0.  L#|#. : a diagonal between burnt
#   cells is a queen move: 1.  L.|.R : each of Left's moves leaves L, R and one empty cell that either
#   can reach: * (and the same for Right), so {* | *} = 0.  L.|R. : likewise every move leaves one
#   empty cell both amazons see: {* | *} = 0.
BY_HAND = [("L.", "1"), ("R.", "-1"), ("LR", "0"), ("L.R", "*"), ("L..", "2"), ("L#.", "0"),
           ("L#|#.", "1"), ("L.|.R", "0"), ("L.|R.", "0"), (".", "0"), ("#", "0"), ("L", "0")]


@pytest.mark.parametrize(("token", "expected"), BY_HAND)
def test_small_boards_by_hand(token, expected):
    position = RULES.parse_component(token)
    g = value(RULES, [position])
    assert str(g) == expected
    assert outcome(position) == value_outcome(g) == ref_outcome(position)


def test_options_and_outcomes_agree_with_a_whole_board_search():
    for board in SMALL:
        for player in "LR":
            reference = ref_moves(board, player)
            options = RULES.options(board, player)
            assert len(set(options)) == len(options), board
            assert set(options) == {RULES.split(b) for b in reference}, (board, player)
            for b in reference:
                assert outcome(*RULES.split(b)) == ref_outcome(b), (board, player, b)
        assert outcome(board) == ref_outcome(board), board


def test_split_parts_are_whole_regions():
    for board in SMALL:
        parts = RULES.split(board)
        assert isinstance(parts, tuple)
        assert all(RULES.split(part) == (part,) for part in parts), board
        assert outcome(*parts) == ref_outcome(board), board
        for part in parts:  # trimmed: every region touches all four sides of its box
            assert part[0].strip("#") and part[-1].strip("#"), part
            assert any(row[0] != "#" for row in part) and any(row[-1] != "#" for row in part), part


def test_values_split_key_negate():
    rng = random.Random(3)
    for board in rng.sample(SMALL, 300) + bigger():
        g = value(RULES, [board])
        parts = sum((value(RULES, [part]) for part in RULES.split(board)), value(RULES, []))
        assert g - parts == 0, board
        assert g + value(RULES, [RULES.negate(board)]) == 0, board
        assert value(RULES, [RULES.key(board)]) == g, board
        assert value_outcome(g) == outcome(board), board
        key = RULES.key(board)
        assert RULES.key(key) == key
        for image in images(board):
            assert RULES.key(image) == key, (board, image)
            assert value(RULES, [image]) == g, (board, image)


def test_negate_swaps_the_players():
    for board in SMALL:
        minus = RULES.negate(board)
        assert RULES.negate(minus) == board
        assert outcome(minus) == SWAP[outcome(board)], board


def test_tokens_round_trip():
    for board in SMALL[::7]:
        token = RULES.format_component(board)
        assert RULES.parse_component(token) == board
        for option in RULES.left_options(board) + RULES.right_options(board):
            for part in option:
                assert RULES.parse_component(RULES.format_component(part)) == part
    assert RULES.parse_component(" L.#|..R ") == ("L.#", "..R")


@pytest.mark.parametrize("token", ["", "L.|.", "LX", "l.r", "L R", "L.||.R", "x"])
def test_bad_tokens_raise_one_line(token):
    with pytest.raises(ComponentError) as caught:
        RULES.parse_component(token)
    message = str(caught.value)
    assert "\n" not in message and repr(token.strip())[1:-1] in message and RULES.example in message


def test_registered():
    entry = next(e for e in catalogue() if e.name == "amazons")
    example = entry.examples[0].split()[1]
    assert entry.kind == "partizan" and RULES.format_component(RULES.parse_component(example)) == example
    assert str(value("amazons", "L. L.R")) == "1*"
