"""The rulesets' shortcuts (bitboard moves and regions, cached splits, exact keys of paths and cycles,
a position valued as the negative of its mirror image, Konane's quick "can anyone jump") give the
values of the plain search: the canonical form of the whole position from its options, worked out
from moves written here afresh from the rules, with no splitting into regions, no symmetry and no
negation (a memo of exact positions only keeps the test quick).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cgt.canonical import from_options
from grundy.partizan.registry import partizan_ruleset
from grundy.partizan.ruleset import transpose
from grundy.partizan.values import Values, value

CHECKS = settings(max_examples=150, deadline=None)


def plain_value(position, moves, memo: dict):
    """The canonical form of ``position`` from ``moves(position, player)`` (whole positions, never split)."""
    found = memo.get(position)
    if found is None:
        found = memo[position] = from_options([plain_value(p, moves, memo) for p in moves(position, "L")],
                                              [plain_value(p, moves, memo) for p in moves(position, "R")])
    return found


def _grid(draw, cells: str, most: int) -> tuple[str, ...]:
    rows = draw(st.integers(1, 4))
    columns = draw(st.integers(1, max(1, most // rows)))
    return tuple("".join(draw(st.sampled_from(cells)) for _ in range(columns)) for _ in range(rows))


def domineering_moves(board: tuple[str, ...], player: str) -> list[tuple[str, ...]]:
    """Left fills two empty cells one above the other, Right two side by side."""
    dr, dc = (1, 0) if player == "L" else (0, 1)
    found = []
    for r in range(len(board) - dr):
        for c in range(len(board[0]) - dc):
            if board[r][c] == "." and board[r + dr][c + dc] == ".":
                rows = [list(row) for row in board]
                rows[r][c] = rows[r + dr][c + dc] = "#"
                found.append(tuple("".join(row) for row in rows))
    return found


@CHECKS
@given(st.data())
def test_domineering_is_the_plain_search(data):
    board = _grid(data.draw, "..#", 12)
    rules = partizan_ruleset("domineering")
    expected = plain_value(board, domineering_moves, {})
    assert value(rules, [board]) == expected
    assert Values(rules).of([board]) == expected  # a fresh table: the negation shortcut from nothing
    assert value(rules, [transpose(board)]) == -expected


def toads_moves(strip: str, player: str) -> list[str]:
    """Toads (Left) step right into an empty cell or jump one frog into the empty cell beyond; frogs left."""
    piece, other, step = ("T", "F", 1) if player == "L" else ("F", "T", -1)
    found = []
    for i, cell in enumerate(strip):
        if cell != piece:
            continue
        for to, over in ((i + step, None), (i + 2 * step, i + step)):
            if 0 <= to < len(strip) and strip[to] == "." and (over is None or strip[over] == other):
                cells = list(strip)
                cells[i], cells[to] = ".", piece
                found.append("".join(cells))
    return found


@CHECKS
@given(st.text(alphabet="TF..", min_size=1, max_size=9))
def test_toads_and_frogs_is_the_plain_search(strip):
    rules = partizan_ruleset("toads-and-frogs")
    expected = plain_value(strip, toads_moves, {})
    assert Values(rules).of([strip]) == expected
    assert value(rules, [rules.negate(strip)]) == -expected


def konane_moves(board: tuple[str, ...], player: str) -> list[tuple[str, ...]]:
    """A stone jumps an adjacent opposing stone into the empty cell beyond, and on in the same direction."""
    mine, theirs = ("x", "o") if player == "L" else ("o", "x")
    height, width = len(board), len(board[0])
    found = []
    for r in range(height):
        for c in range(width):
            if board[r][c] != mine:
                continue
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                rows = [list(row) for row in board]
                rows[r][c] = "."
                at_r, at_c = r, c
                while (0 <= at_r + 2 * dr < height and 0 <= at_c + 2 * dc < width
                       and board[at_r + dr][at_c + dc] == theirs and board[at_r + 2 * dr][at_c + 2 * dc] == "."):
                    rows[at_r + dr][at_c + dc] = "."
                    at_r, at_c = at_r + 2 * dr, at_c + 2 * dc
                    jumped = [row.copy() for row in rows]
                    jumped[at_r][at_c] = mine
                    found.append(tuple("".join(row) for row in jumped))
    return found


@CHECKS
@given(st.data())
def test_konane_is_the_plain_search(data):
    board = _grid(data.draw, "xo..", 12)
    rules = partizan_ruleset("konane")
    assert Values(rules).of([board]) == plain_value(board, konane_moves, {})


def colour_moves(rule: str):
    """Moves of Snort or Col on a graph: a position is the colours (``.`` none, ``b`` blue = Left,
    ``r`` red = Right) of the vertices, kept with the graph's neighbour lists."""

    def moves(position: tuple, player: str) -> list[tuple]:
        colours, around = position
        mine = "b" if player == "L" else "r"
        barred = mine if rule == "col" else ("r" if mine == "b" else "b")  # a neighbour's colour that forbids
        found = []
        for v, colour in enumerate(colours):
            if colour == "." and all(colours[w] != barred for w in around[v]):
                found.append((colours[:v] + mine + colours[v + 1:], around))
        return found

    return moves


def _graph(draw) -> tuple[int, list[tuple[int, int]]]:
    vertices = draw(st.integers(1, 7))
    shape = draw(st.sampled_from(["path", "cycle", "any"]))
    if shape == "path" or vertices < 3:
        edges = [(i, i + 1) for i in range(vertices - 1)]
    elif shape == "cycle":
        edges = [(i, (i + 1) % vertices) for i in range(vertices)]
    else:
        pairs = [(u, v) for u in range(vertices) for v in range(u + 1, vertices)]
        edges = [pair for pair in pairs if draw(st.booleans())]
    order = draw(st.permutations(range(vertices)))  # the graph relabelled at random
    return vertices, [(order[u], order[v]) for u, v in edges]


def tinted(colours: str, edges: list[tuple[int, int]], rule: str) -> tuple:
    """The uncoloured vertices as grundy keeps them: tinted ``l`` (only Left may colour it) or ``r``,
    dropped when neither may, renumbered in order."""
    def may(v: int, mine: str) -> bool:
        barred = mine if rule == "col" else ("r" if mine == "b" else "b")
        return all(colours[w] != barred for a, b in edges for u, w in ((a, b), (b, a)) if u == v)

    kept, tints = [], ""
    for v, colour in enumerate(colours):
        left, right = may(v, "b"), may(v, "r")
        if colour == "." and (left or right):
            kept.append(v)
            tints += "." if left and right else "l" if left else "r"
    edges = [(kept.index(u), kept.index(v)) for u, v in edges if u in kept and v in kept]
    return tints, tuple(edges)


@CHECKS
@given(st.data(), st.sampled_from(["snort", "col"]))
def test_snort_and_col_are_the_plain_search(data, rule):
    vertices, edges = _graph(data.draw)
    colours = "".join(data.draw(st.sampled_from("...br")) for _ in range(vertices))
    around = tuple(tuple(w for a, b in edges for u, w in ((a, b), (b, a)) if u == v) for v in range(vertices))
    expected = plain_value((colours, around), colour_moves(rule), {})
    rules = partizan_ruleset(rule)
    tints, left = tinted(colours, edges, rule)
    found = Values(rules).of([rules.component((tints, left))]) if tints else value(rules, [])
    assert found == expected


def test_path_and_cycle_keys_do_not_depend_on_the_labels():
    rules = partizan_ruleset("snort")
    rng = random.Random(29)
    for vertices in range(1, 12):
        for cycle in (False, True):
            edges = [(i, i + 1) for i in range(vertices - 1)] + ([(vertices - 1, 0)] if cycle and vertices > 2 else [])
            tints = "".join(rng.choice("..lr") for _ in range(vertices))
            order = list(range(vertices))
            rng.shuffle(order)
            relabelled = ("".join(tints[order.index(v)] for v in range(vertices)),
                          tuple((order[u], order[v]) for u, v in edges))
            one, other = rules.component((tints, tuple(edges))), rules.component(relabelled)
            assert rules.key(one) == rules.key(other)
            assert value(rules, [one]) == value(rules, [other]) == value(rules, [rules.key(one)])


@CHECKS
@given(st.data())
def test_konane_moves_and_jumps_by_strings_and_bits_are_the_rules(data):
    """The jumps found in the rows joined as one string are the plain jumps (no jump leaves a row
    through the joins), and "can anyone jump" on bits agrees with listing the jumps."""
    board = _grid(data.draw, "xo..", 16)
    rules = partizan_ruleset("konane")
    for player in "LR":
        assert sorted(rules._moves(board, player)) == sorted(konane_moves(board, player))
    anyone = bool(konane_moves(board, "L") or konane_moves(board, "R"))
    assert rules.split(board) == ((board,) if anyone else ())


@CHECKS
@given(st.data())
def test_least_image_is_the_least_of_the_images(data):
    """The images read off by index lists and compared as strings give the least tuple of rows."""
    from grundy.partizan.ruleset import least_image, reflections, symmetries

    board = _grid(data.draw, "xo.#", 16)
    assert least_image(board) == min(symmetries(board))
    assert least_image(board, turned=False) == min(reflections(board))
    for rule in ("konane", "clobber"):  # a key is one of the board's images, the same for all of them
        keyed = partizan_ruleset(rule).key
        assert {keyed(image) for image in symmetries(board)} == {keyed(board)}


@CHECKS
@given(st.data())
def test_domineering_key_and_regions_are_trimmed_boards(data):
    """A key is the least reflection of the board cut to its empty cells; the regions a board splits
    into are cut so already (their bounding boxes), each with its empty cells connected."""
    from grundy.partizan.ruleset import reflections, trim

    board = _grid(data.draw, "..#", 20)
    rules = partizan_ruleset("domineering")
    assert rules.key(board) == min(reflections(trim(board, "#")))
    regions = rules.split(board)
    assert all(trim(region, "#") == region and rules.split(region) == (region,) for region in regions)
    assert sum(row.count(".") for region in regions for row in region) <= sum(row.count(".") for row in board)
