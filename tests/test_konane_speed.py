"""Konane's fast moves (issue 29) are the rules: the jumps found on bits, the "can anyone jump after
it" flag worked out from the bits of the jump, the options with every finished board as ``()``, the
key read off the joined rows and columns, and the cheap listing cost all agree with a plain search
written here afresh from the rules (cells by coordinates, no bits, no symmetry, no negation, no
dropping of finished boards), on random small boards.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt.canonical import from_options
from grundy.partizan.clobber import _jumps
from grundy.partizan.registry import partizan_ruleset
from grundy.partizan.ruleset import PartizanRuleset, symmetries
from grundy.partizan.values import Values

CHECKS = settings(max_examples=120, deadline=None)
RULES = partizan_ruleset("konane")


@st.composite
def boards(draw, most: int = 12) -> tuple[str, ...]:
    """A board of 1 to 4 rows and at most ``most`` cells, about half of them stones."""
    rows = draw(st.integers(1, 4))
    columns = draw(st.integers(1, max(1, most // rows)))
    return tuple("".join(draw(st.sampled_from("xo..")) for _ in range(columns)) for _ in range(rows))


def plain_jumps(board: tuple[str, ...], player: str, own_too: bool = False) -> list[tuple[str, ...]]:
    """The boards after each jump of ``player``: a stone, an opposing stone next to it (any stone when
    ``own_too``, a wrong rule), an empty cell beyond, and on the same way while that repeats."""
    mine, theirs = ("x", "o") if player == "L" else ("o", "x")
    height, width = len(board), len(board[0])
    cells = {(r, c): board[r][c] for r in range(height) for c in range(width)}
    found = []
    for (r, c), cell in cells.items():
        if cell != mine:
            continue
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            now, at = dict(cells), (r, c)
            now[at] = "."
            while True:
                over, to = (at[0] + dr, at[1] + dc), (at[0] + 2 * dr, at[1] + 2 * dc)
                if cells.get(to) != "." or cells.get(over) not in ((theirs, mine) if own_too else (theirs,)):
                    break
                now[over], at = ".", to
                found.append(tuple("".join({**now, at: mine}[(i, j)] for j in range(width)) for i in range(height)))
    return found


def plain_value(board: tuple[str, ...], memo: dict, own_too: bool = False) -> object:
    """The canonical form of the whole board from its plain jumps (a memo of exact boards only)."""
    found = memo.get(board)
    if found is None:
        found = memo[board] = from_options([plain_value(b, memo, own_too) for b in plain_jumps(board, "L", own_too)],
                                           [plain_value(b, memo, own_too) for b in plain_jumps(board, "R", own_too)])
    return found


@CHECKS
@given(boards(16))
def test_jumps_and_their_flags_are_the_plain_jumps(board):
    flat, stride = "|".join(board), len(board[0]) + 1
    for player in "LR":
        listed = _jumps(flat, stride, player)
        assert sorted(tuple(after.split("|")) for after, _ in listed) == sorted(plain_jumps(board, player))
        for after, live in listed:
            rows = tuple(after.split("|"))
            assert live == bool(plain_jumps(rows, "L") or plain_jumps(rows, "R"))


@CHECKS
@given(boards(16))
def test_options_are_the_jumps_with_finished_boards_dropped(board):
    for player, options in (("L", RULES.left_options(board)), ("R", RULES.right_options(board))):
        expected = {(after,) if plain_jumps(after, "L") or plain_jumps(after, "R") else ()
                    for after in plain_jumps(board, player)}
        assert len(options) == len(expected) and set(options) == expected


@CHECKS
@given(boards(16))
def test_the_key_is_one_image_the_same_for_all(board):
    images = symmetries(board)
    assert RULES.key(board) in images
    assert {RULES.key(image) for image in images} == {RULES.key(board)}
    assert RULES.listing_cost(board) == PartizanRuleset.listing_cost(RULES, board)


@CHECKS
@given(boards(12))
def test_values_are_the_plain_search(board):
    expected = plain_value(board, {})
    assert Values(RULES).of([board]) == expected
    assert Values(RULES).of([RULES.negate(board)]) == -expected


def test_the_plain_search_can_tell_a_wrong_rule():
    """Jumping one's own stones too changes values, so the checks above can fail."""
    board = ("xx.", "o..")
    assert plain_value(board, {}, own_too=True) != plain_value(board, {})
    assert Values(RULES).of([board]) == plain_value(board, {})


def test_the_benchmark_board_keeps_its_value():
    """The 4 x 4 board of the benchmark (issue 29) is 0, the value its peer check agrees on with cgt-tools."""
    assert str(Values(RULES).of([RULES.parse_component("xoxo|o..x|xoxo|oxox")])) == "0"
