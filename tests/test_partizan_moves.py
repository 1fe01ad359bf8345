"""A partizan position's winning moves (:func:`grundy.partizan.values.winning_moves`) are those a plain
search of the game tree finds, with no value and no canonical form: a move wins for Left iff Right,
moving first in what it leaves, loses (and so for Right); and the values work on the components
themselves, never on their text read back.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from grundy.core.errors import ComponentError, GrundyError
from grundy.partizan.domineering import Domineering
from grundy.partizan.registry import partizan_ruleset
from grundy.partizan.values import value, winning_moves


def searched_winning_moves(rules, components: tuple, player: str) -> list[tuple[int, tuple[str, ...]]]:
    """(component, the texts it leaves) of each of ``player``'s moves after which the opponent, moving
    first, loses, by a search of the sum move by move."""

    @cache
    def wins(position: tuple, left_to_move: bool) -> bool:
        """Whether the player to move wins the sum ``position`` (sorted, so equal sums are one entry)."""
        for i, component in enumerate(position):
            for option in rules.left_options(component) if left_to_move else rules.right_options(component):
                if not wins(_after(position, i, option), not left_to_move):
                    return True
        return False

    left = player == "left"
    return [(i, tuple(rules.format_component(c) for c in option))
            for i, component in enumerate(components)
            for option in (rules.left_options(component) if left else rules.right_options(component))
            if not wins(_after(components, i, option), not left)]


def _after(position: tuple, i: int, option: tuple) -> tuple:
    return tuple(sorted(position[:i] + option + position[i + 1:], key=repr))


def _found(rules, components: tuple, player: str) -> list[tuple[int, tuple[str, ...]]]:
    return [(m["component"], tuple(m["to"])) for m in winning_moves(rules, list(components), player)]


def _domineering_boards() -> list[tuple[str, ...]]:
    boards = []
    for rows, columns in ((1, 3), (2, 2), (2, 3), (3, 2)):
        for cells in itertools.product(".#", repeat=rows * columns):
            if cells.count("#") <= 2:
                boards.append(tuple("".join(cells[r * columns:(r + 1) * columns]) for r in range(rows)))
    return boards


@pytest.mark.parametrize("player", ["left", "right"])
def test_domineering_winning_moves_are_the_searched_ones(player):
    rules = partizan_ruleset("domineering")
    boards = _domineering_boards()
    checked = with_moves = 0
    for board in boards:
        expected = searched_winning_moves(rules, (board,), player)
        assert _found(rules, (board,), player) == expected, board
        checked += 1
        with_moves += bool(expected)
    for a, b in itertools.islice(itertools.combinations(boards[::7], 2), 60):  # sums of two boards
        assert _found(rules, (a, b), player) == searched_winning_moves(rules, (a, b), player), (a, b)
    assert checked > 50 and 0 < with_moves < checked  # some positions are won, some are lost


@pytest.mark.parametrize("player", ["left", "right"])
def test_toads_and_frogs_winning_moves_are_the_searched_ones(player):
    rules = partizan_ruleset("toads-and-frogs")
    rows = ["".join(cells) for n in range(2, 7) for cells in itertools.product("TF.", repeat=n)
            if "." in cells and cells.count(".") <= 2]
    with_moves = 0
    for row in rows:
        expected = searched_winning_moves(rules, (row,), player)
        assert _found(rules, (row,), player) == expected, row
        with_moves += bool(expected)
    for a, b in zip(rows[::11], rows[5::13], strict=False):
        assert _found(rules, (a, b), player) == searched_winning_moves(rules, (a, b), player), (a, b)
    assert 0 < with_moves < len(rows)


def test_a_winning_move_says_what_it_leaves():
    moves = winning_moves("domineering", "..|.. .", "left")  # +-1 and 0: Left wins in the square, leaving 1
    assert moves == [{"component": 0, "from": "..|..", "to": [".|."], "move": "1: ..|.. -> .|.", "value": "1"}]
    assert winning_moves("domineering", "..|.. .", "right")[0]["value"] == "-1"
    assert winning_moves("domineering", ["."], "left") == []  # no move at all


@pytest.mark.parametrize("call", [
    lambda: winning_moves("domineering", "..|..", "up"), lambda: winning_moves("domineering", None, "left"),
    lambda: winning_moves("nim", "3", "left"), lambda: winning_moves("cutcake", [(0, 3)], "left"),
])
def test_bad_questions_are_one_line_errors(call):
    with pytest.raises(GrundyError) as err:
        call()
    assert "\n" not in str(err.value)


class Unwritable(Domineering):
    """Domineering whose positions cannot be written as text (to see that values never read them back)."""

    spec = "unwritable-domineering"

    def format_component(self, position):
        raise AssertionError("a position was written out to be read back")


def test_values_take_the_components_themselves():
    assert str(value(Unwritable(), [("..", ".."), ("...",)])) == str(value("domineering", "..|.. ..."))


@pytest.mark.parametrize(("spec", "text"), [
    ("domineering", "..#|..."), ("clobber", "xo.|ox."), ("amazons", "L..|..R"), ("toads-and-frogs", "TT..FF"),
    ("toppling-dominoes", "lre"), ("cutcake", "3,4"), ("red-blue-hackenbush", "0-1:b,1-2:r,0-2:g"),
    ("snort", "0-1,1-2,3:l"), ("col", "0-1,2:r"),
])
def test_a_component_given_as_a_position_is_itself(spec, text):
    rules = partizan_ruleset(spec)
    position = rules.parse_component(text)
    assert rules.component(position) == position
    for option in rules.left_options(position) + rules.right_options(position):
        for piece in option:
            assert rules.component(piece) == piece, (spec, piece)


@pytest.mark.parametrize(("spec", "bad"), [
    ("domineering", ("..", ".")), ("domineering", [".x"]), ("domineering", "..|.."[0:0]), ("domineering", 5),
    ("cutcake", (0, 3)), ("cutcake", (True, 3)), ("cutcake", (3,)), ("cutcake", (10**6, 1)),
    ("red-blue-hackenbush", ((0, 1, "x"),)), ("red-blue-hackenbush", ((0, -1, "b"),)),
    ("snort", ("..", ((0, 0),))), ("snort", ("..", ((0, 2),))), ("snort", ("q", ())), ("toads-and-frogs", ("T.",)),
])
def test_a_bad_position_is_refused_in_one_line(spec, bad):
    with pytest.raises(ComponentError) as err:
        partizan_ruleset(spec).component(bad)
    assert "\n" not in str(err.value) and spec.split("-")[0] in str(err.value)
