"""The value search's faster pieces (issue 29) are the plain ones: Domineering's regions grown with a
carry along each row and boxed through listed row texts, its least reflection built from the first and
last rows, its listing cost read off the board's shape, and the driver's loop (options listed once,
option components keyed once, sums of several kept) agree with plain versions written here afresh
(cells by coordinates, a breadth-first flood, every image built), on random boards; and the search
still counts its work against the budget and its positions on the meter.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import budget
from grundy.cgt.canonical import from_options
from grundy.core import work
from grundy.core.errors import LimitError
from grundy.partizan.domineering import LISTED, Domineering, _regions
from grundy.partizan.ruleset import PartizanRuleset, least_reflection, reflections, transpose, trim
from grundy.partizan.values import Values
from tests.test_partizan_fast import domineering_moves

CHECKS = settings(max_examples=150, deadline=None)
RULES = Domineering()


@st.composite
def boards(draw, most: int = 40, widest: int = 16) -> tuple[str, ...]:
    """A board of 1 to 6 rows, at most ``widest`` columns and ``most`` cells, mostly empty."""
    rows = draw(st.integers(1, 6))
    columns = draw(st.integers(1, max(1, min(widest, most // rows))))
    return tuple("".join(draw(st.sampled_from("..#")) for _ in range(columns)) for _ in range(rows))


def plain_regions(board: tuple[str, ...]) -> tuple:
    """The regions of two or more empty cells, each cut to its bounding box, in reading order of their
    first cells: a breadth-first flood over coordinates."""
    height, width = len(board), len(board[0])
    seen: set[tuple[int, int]] = set()
    found = []
    for r in range(height):
        for c in range(width):
            if board[r][c] != "." or (r, c) in seen:
                continue
            region, todo = {(r, c)}, [(r, c)]
            while todo:
                y, x = todo.pop()
                for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    at = (y + dy, x + dx)
                    if 0 <= at[0] < height and 0 <= at[1] < width and board[at[0]][at[1]] == "." and at not in region:
                        region.add(at)
                        todo.append(at)
            seen |= region
            if len(region) > 1:
                top, bottom = min(y for y, _ in region), max(y for y, _ in region)
                left, right = min(x for _, x in region), max(x for _, x in region)
                found.append(tuple("".join("." if (y, x) in region else "#" for x in range(left, right + 1))
                                   for y in range(top, bottom + 1)))
    return tuple(found)


def plain_options(board: tuple[str, ...], vertical: bool) -> list[tuple]:
    """Each domino one way (reading order of its first cell), as the regions it leaves, equal ones once."""
    moves = domineering_moves(board, "L" if vertical else "R")
    return list(dict.fromkeys(plain_regions(after) for after in moves))


@CHECKS
@given(boards())
def test_regions_and_options_are_the_plain_ones(board):
    """Rows of many runs, wide rows (past the listed row texts) and narrow ones: the same regions and
    options, in the same order."""
    assert RULES.split(board) == plain_regions(board)
    assert RULES.left_options(board) == plain_options(board, True)
    assert RULES.right_options(board) == plain_options(board, False)


def test_rows_longer_than_the_listed_texts_are_written_out():
    long = "." * (LISTED + 5)
    notched = "." * (LISTED + 2) + "#" + "." * 2
    assert RULES.split((long,)) == ((long,),)
    assert RULES.split((notched, long)) == plain_regions((notched, long))
    assert _regions(int("1" * (LISTED + 3), 2), LISTED + 3) == ((("." * (LISTED + 3)),),)


@CHECKS
@given(boards(most=24, widest=6))
def test_the_least_reflection_and_the_key_are_the_least_image(board):
    assert least_reflection(board) == min(reflections(board))
    assert RULES.key(board) == min(reflections(trim(board, "#")))
    assert RULES.listing_cost(board) == PartizanRuleset.listing_cost(RULES, board)


def plain_value(board: tuple[str, ...], memo: dict) -> object:
    """The canonical form of the whole board from its plain moves (never split, no symmetry)."""
    found = memo.get(board)
    if found is None:
        lefts, rights = [], []
        for side, (dr, dc) in ((lefts, (1, 0)), (rights, (0, 1))):
            for r in range(len(board) - dr):
                for c in range(len(board[0]) - dc):
                    if board[r][c] == "." and board[r + dr][c + dc] == ".":
                        rows = [list(row) for row in board]
                        rows[r][c] = rows[r + dr][c + dc] = "#"
                        side.append(plain_value(tuple("".join(row) for row in rows), memo))
        found = memo[board] = from_options(lefts, rights)
    return found


@settings(max_examples=60, deadline=None)
@given(st.lists(boards(most=10, widest=5), min_size=1, max_size=4))
def test_one_table_values_every_board_as_the_plain_search(many):
    """One table asked about several boards (keys, values and sums kept between them), and each
    board's transpose valued as its negative."""
    table = Values(RULES)
    for board in many:
        expected = plain_value(board, {})
        assert table.of([board]) == expected
        assert table.of([transpose(board)]) == -expected
    assert 0 <= table.missed <= table.asked


def test_the_search_counts_its_positions_and_its_work():
    table = Values(RULES)
    with budget(max_states=10**6), work.metered() as meter:
        found = table.of([("....", "....", "....")])
        assert meter.positions > 20 and meter.used > 3 * meter.positions
    assert found == -table.of([("...", "...", "...", "...")])  # its transpose, valued from the table
    with budget(max_states=300), pytest.raises(LimitError, match="more than 300 steps"):
        Values(RULES).of([("....", "....", "....", "....")])
