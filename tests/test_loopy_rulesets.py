"""Fox and Geese and Backsliding Toads and Frogs, the loopy partizan rulesets (issue 31): their moves,
by hand and against a plain definition; the parser's one-line errors; who wins by a plain win / lose /
draw retrograde of the whole game graph, against the outcome class of the computed loopy value; and
CGSuite's published values (its GameGridTest / CgscriptTest fixtures).

The tests from ``# ---- values`` on need the loopy engine (grundy.cgt.loopy: ``loopy_value`` and the
printing of stoppers); the heavy ones run in a child process under a hard memory cap.
"""

from __future__ import annotations

import sys
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.core.errors import ComponentError, LimitError, SpecError
from grundy.core.limits import budget
from grundy.partizan.backsliding_toads import backslides
from grundy.partizan.fox_and_geese import FoxAndGeese
from grundy.partizan.loopy import OFF_POSITION
from grundy.partizan.registry import partizan_ruleset
from tests.helpers import one_error_line, run_cli, words
from tests.hostile import run_capped

FOX = partizan_ruleset("fox-and-geese")
TOADS = partizan_ruleset("backsliding-toads-and-frogs")
SMALL_FOX = partizan_ruleset("fox-and-geese:4")

# (left first, right first) -> CGSuite's outcome class; "L" / "R" / "D": who wins, or a draw
CLASSES = {("L", "L"): "L", ("R", "R"): "R", ("L", "R"): "N", ("R", "L"): "P", ("D", "D"): "D",
           ("L", "D"): "NHat", ("D", "R"): "NCheck", ("D", "L"): "PHat", ("R", "D"): "PCheck"}


# ---------------------------------------------------------------------------------- the reference

def retrograde(left: list, right: list) -> list[tuple[str, str]]:
    """Who wins from each vertex of a game graph (``left[v]``, ``right[v]``: the vertices each player's
    moves lead to) with Left to move first and with Right to move first: ``"L"``, ``"R"`` or ``"D"``
    (neither can force a win: infinite play). A player with no move loses; a win is forced when some
    move leads to a loss for the other, a loss when every move leads to a win for the other."""
    n = len(left)
    moves = {"L": left, "R": right}
    back: dict[str, list[list[int]]] = {p: [[] for _ in range(n)] for p in "LR"}
    for p in "LR":
        for v in range(n):
            for w in moves[p][v]:
                back[p][w].append(v)
    result: dict[tuple[int, str], str] = {}
    unknown = {(v, p): len(moves[p][v]) for v in range(n) for p in "LR"}
    queue = deque()
    for v in range(n):
        for p in "LR":
            if not moves[p][v]:
                result[v, p] = "R" if p == "L" else "L"
                queue.append((v, p))
    while queue:
        v, p = queue.popleft()
        mover = "R" if p == "L" else "L"  # who moved into (v, p)
        for u in back[mover][v]:
            if (u, mover) in result:
                continue
            if result[v, p] == mover:
                result[u, mover] = mover
                queue.append((u, mover))
            else:
                unknown[u, mover] -= 1
                if unknown[u, mover] == 0:
                    result[u, mover] = p
                    queue.append((u, mover))
    return [(result.get((v, "L"), "D"), result.get((v, "R"), "D")) for v in range(n)]


def explore(rules, starts: list) -> tuple[list, list, dict]:
    """The game graph of a sum of components of ``rules`` by the ruleset's own moves (a move in one
    component), the settled positions (a fox past the geese) being ``off``: Right passes for ever."""
    def moves(state: tuple, player: str) -> list[tuple]:
        found = []
        for i, part in enumerate(state):
            if part is OFF_POSITION:
                found += [state] if player == "R" else []
                continue
            for (option,) in rules.options(part, player):
                found.append(state[:i] + (rules.settled(option),) + state[i + 1:])
        return found

    start = tuple(rules.settled(p) for p in starts)
    index, order, left, right = {start: 0}, [start], [], []
    for state in order:
        for player, out in (("L", left), ("R", right)):
            out.append([])
            for after in moves(state, player):
                if after not in index:
                    index[after] = len(order)
                    order.append(after)
                out[-1].append(index[after])
    return left, right, index


def outcome_by_search(rules, starts: list) -> str:
    left, right, _ = explore(rules, starts)
    return CLASSES[retrograde(left, right)[0]]


def test_the_reference_can_fail():
    # a pass for Left (on) wins for Left; a 2-cycle where each must move to the other: a draw
    assert retrograde([[0]], [[]]) == [("L", "L")]
    assert retrograde([[1], [0]], [[1], [0]]) == [("D", "D"), ("D", "D")]
    assert retrograde([[1], []], [[], []]) == [("L", "L"), ("R", "L")]  # 1 = {0|} and 0


# ---------------------------------------------------------------------------------- fox and geese

def test_fox_and_geese_moves_by_hand():
    pos = FOX.parse_component("2,2|1,1")
    assert FOX.left_options(pos) == [((((1, 3),), (1, 1)),)] and FOX.right_options(pos) == []  # the fox is trapped
    pos = FOX.parse_component("3,3;3,7|2,8")
    assert sorted(FOX.right_options(pos)) == [((((3, 3), (3, 7)), (1, 7)),)]  # (3,7) is a goose; col 9 is off
    assert [g for ((g, _),) in FOX.left_options(pos)] == [((2, 2), (3, 7)), ((2, 4), (3, 7)), ((2, 6), (3, 3))]
    fox = FOX.parse_component("4,4;4,6|3,5")
    assert [f for ((_, f),) in FOX.right_options(fox)] == [(2, 4), (2, 6)]  # never onto a goose, up or down
    assert [g for ((g, _),) in FOX.left_options(FOX.parse_component("1,1|3,3"))] == []  # row 1 is the bottom


def test_fox_and_geese_settles_a_fox_past_the_geese_as_off():
    settled = [FOX.settled(FOX.parse_component(t)) is OFF_POSITION
               for t in ("4,2;4,4|4,6", "4,2;4,4|5,5", "4,2;4,4|3,5", "4,2;4,4|3,3", "4,2;4,4|2,2", "|1,1",
                         "3,1;3,3;3,5;3,7|2,8")]
    # on the top row, above it, one row below with a free square up, one below with both squares up
    # taken (no), two rows below (no), no geese at all, and at col 8 below a goose, the edge beside it (no)
    assert settled == [True, True, True, False, False, True, False]
    wide = partizan_ruleset("fox-and-geese:10")  # on 10 columns, 3,9 is a free square up
    assert wide.settled(wide.parse_component("3,1;3,3;3,5;3,7|2,8")) is OFF_POSITION


def dark(rows: tuple[int, int]) -> st.SearchStrategy:
    """A dark square of the 4-column board with its row in ``rows``."""
    return st.tuples(st.integers(*rows), st.integers(1, 4)).filter(lambda s: (s[0] + s[1]) % 2 == 0)


@st.composite
def fox_positions(draw, most: int = 4) -> tuple:
    """A 4-column position with 1 to ``most`` geese on rows 2 to 5 and the fox below them on rows 1 to 3
    (most such positions are not off at once)."""
    geese = draw(st.lists(dark((2, 5)), min_size=1, max_size=most, unique=True))
    fox = draw(dark((1, 3)).filter(lambda s: s not in geese))
    return tuple(sorted(geese)), fox


def plain_fox_moves(width: int, position: tuple, player: str) -> set:
    """The moves by the rules as written: a goose one square diagonally down, the fox one square
    diagonally any way, onto an empty square of the board (row >= 1, col 1..width)."""
    geese, fox = position
    taken = set(geese) | {fox}
    found = set()
    pieces = [(i, g) for i, g in enumerate(geese)] if player == "L" else [(None, fox)]
    for i, (row, col) in pieces:
        for dr in ((-1,) if player == "L" else (-1, 1)):
            for dc in (-1, 1):
                to = (row + dr, col + dc)
                if to[0] >= 1 and 1 <= to[1] <= width and to not in taken:
                    found.add((frozenset(geese[:i] + (to,) + geese[i + 1:]), fox) if player == "L"
                              else (frozenset(geese), to))
    return found


@settings(max_examples=150, deadline=None)
@given(fox_positions())
def test_fox_and_geese_moves_are_the_rules(position):
    text = SMALL_FOX.format_component(position)
    assert SMALL_FOX.parse_component(text) == position
    for player in "LR":
        made = [(frozenset(g), f) for ((g, f),) in SMALL_FOX.options(position, player)]
        assert len(made) == len(set(made)) and set(made) == plain_fox_moves(4, position, player)


@pytest.mark.parametrize(("token", "said"), [
    ("4,2;4,4", "no '|' before the fox's square"),
    ("4,2;4,x|1,1", "goose '4,x': a square is row,col"),
    ("4,2;4|1,1", "goose '4': a square is row,col"),
    ("4,2|1,1,1", "the fox '1,1,1': a square is row,col"),
    ("0,2|1,1", "goose on 0,2: rows are numbered from 1"),
    ("4,2|1,9", "the fox on 1,9: columns are 1 to 8"),
    ("4,0|1,1", "goose on 4,0: columns are 1 to 8"),
    ("4,3|1,1", "goose on 4,3 is not a dark square"),
    ("4,2|1,6", "the fox on 1,6 is not a dark square"),
    ("4,2;4,2|1,1", "two geese on 4,2"),
    ("4,2;1,1|1,1", "the fox and a goose are both on 1,1"),
])
def test_fox_and_geese_bad_positions_are_one_line(token, said):
    with pytest.raises(ComponentError) as caught:
        FOX.parse_component(token)
    message = str(caught.value)
    assert "\n" not in message and said in message and token in message and FOX.example in message


def test_fox_and_geese_width_and_catalogue():
    wide = partizan_ruleset("fox-and-geese:10")
    assert wide.spec == "fox-and-geese:10" and wide.parse_component("3,9|1,1") == (((3, 9),), (1, 1))
    with pytest.raises(ComponentError, match="columns are 1 to 8"):
        FOX.parse_component("3,9|1,1")
    for bad, said in (("fox-and-geese:1", "at least 2"), ("fox-and-geese:x", "positive integer"),
                      ("fox-and-geese:0", "positive integer")):
        with pytest.raises(SpecError, match=said):
            partizan_ruleset(bad)
    assert isinstance(FOX, FoxAndGeese) and FOX.loopy and FOX.refusal("value") is None
    assert "loopy" in FOX.refusal("thermograph") and "loopy" in TOADS.refusal("play")


# ---------------------------------------------------------------------------------- backsliding toads

def test_backsliding_toads_moves_by_hand():
    assert TOADS.left_options("T.F") == [(".TF",)] and TOADS.right_options("T.F") == [("TF.",)]
    assert TOADS.left_options("TF.") == [(".FT",)] and TOADS.right_options("TF.") == [("T.F",)]  # a frog slides back
    assert TOADS.left_options(".TF") == [("T.F",)]  # a toad slides back; no backward jump
    assert TOADS.left_options(".FT") == [] and TOADS.right_options("FT.") == []
    assert backslides("T.T.", "T") == ["TT.."] and backslides(".F.F", "F") == ["..FF"]
    assert backslides("FT.T", "T") == ["FTT."] and backslides("F.T", "F") == [".FT"]
    assert TOADS.parse_component("ttt..fff") == "TTT..FFF" == TOADS.format_component("TTT..FFF")
    assert TOADS.split("TT.FF") == ("TT.FF",) and TOADS.negate("TT.F") == "T.FF"


def plain_toad_moves(strip: str, player: str) -> set:
    """The moves by the rules as written: a piece one cell forward or back into an empty cell, or
    forward over one piece of the other side into the empty cell beyond."""
    piece, other, ahead = ("T", "F", 1) if player == "L" else ("F", "T", -1)
    found = set()
    for i, cell in enumerate(strip):
        if cell != piece:
            continue
        for k in (1, -1, 2):
            j = i + k * ahead
            if 0 <= j < len(strip) and strip[j] == "." and (k != 2 or strip[i + ahead] == other):
                cells = list(strip)
                cells[i], cells[j] = ".", piece
                found.add("".join(cells))
    return found


@settings(max_examples=200, deadline=None)
@given(st.text("TF.", max_size=7))
def test_backsliding_toads_moves_are_the_rules(strip):
    for player in "LR":
        made = [option for (option,) in TOADS.options(strip, player)]
        assert len(made) == len(set(made)) and set(made) == plain_toad_moves(strip, player)


@settings(max_examples=60, deadline=None)
@given(st.text("TF.", max_size=5))
def test_backsliding_toads_negative_swaps_the_outcome(strip):
    swap = {"L": "R", "R": "L", "D": "D"}
    first, second = retrograde(*explore(TOADS, [strip])[:2])[0]
    assert retrograde(*explore(TOADS, [TOADS.negate(strip)])[:2])[0] == (swap[second], swap[first])


def test_backsliding_toads_bad_strips_are_one_line():
    for token, said in (("TTx..FF", "'x' is not a cell"), ("T-F", "'-' is not a cell")):
        with pytest.raises(ComponentError, match=said) as caught:
            TOADS.parse_component(token)
        assert "\n" not in str(caught.value) and token in str(caught.value)


def test_published_positions_by_search():
    # the plain retrograde: CGSuite's positions are L (all its values are > 0) and a draw (BTF)
    assert outcome_by_search(FOX, [FOX.parse_component("4,2;4,4;4,6;4,8|1,1")]) == "L"
    assert outcome_by_search(TOADS, ["TTT..FFF"]) == "D"
    graph, positions = FOX.graph(FOX.parse_component("4,2;4,4;4,6;4,8|1,1"))
    assert len(graph) == len(positions) == 7258 and OFF_POSITION in positions
    assert len(TOADS.graph("TTT..FFF")[0]) == 560  # every arrangement of 3 toads, 3 frogs, 2 holes
    with budget(max_states=1000), pytest.raises(LimitError, match="max_states"):
        FOX.graph(FOX.parse_component("4,2;4,4;4,6;4,8|1,1"))


def test_exploring_the_graph_is_charged_to_the_work_budget():
    # a step per position and per move: the exploration stops at the step budget, long before its
    # own count of positions (20,000 here) would stop it
    from grundy.core.work import metered

    with budget(max_states=20_000), metered(), pytest.raises(LimitError, match="steps of work"):
        TOADS.graph("TTTTTTTT....FFFFFFFF")


# ---- values: these need the loopy engine (grundy.cgt.loopy: from_moves, loopy_value, CGSuite's printing)

def test_small_values_by_hand():
    assert str(FOX.loopy_value(FOX.parse_component("2,2|1,1"))) == "0"  # the goose's one move frees the fox
    assert str(FOX.loopy_value(FOX.parse_component("|1,1"))) == "off"  # no geese: the fox runs for ever
    assert str(TOADS.loopy_value("")) == "0" and str(TOADS.loopy_value("T.")) == "on"  # a toad slides for ever
    assert str(TOADS.loopy_value(".F")) == "off"


@settings(max_examples=40, deadline=None)
@given(fox_positions())
def test_fox_and_geese_outcome_of_the_value_is_the_search(position):
    assert SMALL_FOX.loopy_value(position).outcome == outcome_by_search(SMALL_FOX, [position])


@settings(max_examples=60, deadline=None)
@given(st.text("TF.", max_size=5))
def test_backsliding_toads_outcome_of_the_value_is_the_search(strip):
    assert TOADS.loopy_value(strip).outcome == outcome_by_search(TOADS, [strip])


def check_sum(rules, components: list) -> None:
    """The outcome of the sum's value is the search's, and each player's winning moves are the moves
    after which the search says the player wins moving second."""
    from grundy.partizan.values import value, winning_moves

    assert value(rules, components).outcome == outcome_by_search(rules, components)
    for player, side in (("left", "L"), ("right", "R")):
        found = [(m["component"], tuple(m["to"])) for m in winning_moves(rules, components, player)]
        wins = []
        for i, component in enumerate(components):
            for option in rules.options(component, side):
                after = components[:i] + list(option) + components[i + 1:]
                left, right = retrograde(*explore(rules, after)[:2])[0]
                if (right if side == "L" else left) == side:  # the player wins moving second
                    wins.append((i, tuple(rules.format_component(c) for c in option)))
        assert found == wins


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text("TF.", min_size=1, max_size=3), min_size=2, max_size=2))
def test_a_sum_of_backsliding_toads_strips(strips):
    check_sum(TOADS, strips)


@settings(max_examples=20, deadline=None)
@given(st.lists(fox_positions(2), min_size=1, max_size=2))
def test_a_sum_of_fox_and_geese_positions(positions):
    check_sum(SMALL_FOX, positions)


def test_published_values_in_a_child():
    """CGSuite's GameGridTest: FoxAndGeese with geese on row 4 and the fox at (1,1), the table of geese on
    row 3, and BackslidingToadsAndFrogs("ttt..fff"), each valued and printed (in a child process under a
    hard memory cap: the stopper's simplest form compares many pairs of positions)."""
    script = (
        "from grundy.partizan.registry import partizan_ruleset as r\n"
        "fox = r('fox-and-geese')\n"
        "print(fox.loopy_value(fox.parse_component('4,2;4,4;4,6;4,8|1,1')))\n"
        "for f in ('2,2', '2,4', '2,6', '2,8', '1,1', '1,3', '1,5', '1,7'):\n"
        "    print(fox.loopy_value(fox.parse_component('3,1;3,3;3,5;3,7|' + f)))\n"
        "print(r('backsliding-toads-and-frogs').loopy_value('ttt..fff'.upper()))\n")
    run = run_capped([sys.executable, "-c", script], cpu=300)
    assert run.status == 0, run.stderr[-2000:]
    assert run.stdout.splitlines() == ["{4*|7/2}", "2over", "2", "3*", "4over", "{6|2over}", "{2over|2}",
                                       "{4|3||2}", "{4over|3*}", "{on||0|-1/2} & {1/2|0||off}"]


def test_the_command_line_values_a_loopy_position():
    code, out, err = run_cli("value", "backsliding-toads-and-frogs", "TTT..FFF")
    assert code == 0, err
    assert "{on||0|-1/2} & {1/2|0||off}" in words(out)
    code, out, err = run_cli("value", "fox-and-geese", "3,1;3,3;3,5;3,7|1,5", "--for", "left")
    assert code == 0, err
    assert "{4|3||2}" in words(out)
    code, _, err = run_cli("value", "fox-and-geese", "4,3|1,1")
    assert code == 2 and "not a dark square" in one_error_line(err)
    code, _, err = run_cli("thermograph", "fox-and-geese", "2,2|1,1")
    assert code == 2 and "loopy" in one_error_line(err)
    code, _, err = run_cli("value", "fox-and-geese", "4,2;4,4;4,6;4,8|1,1", "--max-states", "500")
    assert code == 2 and "--max-states" in one_error_line(err)
    code, out, _ = run_cli("list", "loopy")
    assert code == 0 and "fox-and-geese" in out and "backsliding-toads-and-frogs" in out
