"""The values of partizan positions (issue 17): the canonical form of each ruleset's positions agrees
with the outcome a plain game-tree search finds (no value, no canonical form), sums are sums of
values, and published values hold; ``grundy value`` and ``grundy thermograph`` as a user meets them.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from functools import cache

import pytest

from grundy import cgt
from grundy.partizan.cake import Cutcake, cutcake_value
from grundy.partizan.hackenbush import Hackenbush
from grundy.partizan.registry import partizan_ruleset
from grundy.partizan.values import Values, value
from tests.helpers import one_error_line, run_cli


def searched_outcome(rules, components: tuple) -> str:
    """L, R, N or P by searching the sum of ``components`` move by move (normal play)."""

    @cache
    def wins(position: tuple, left_to_move: bool) -> bool:
        """Whether the player to move wins."""
        for i, component in enumerate(position):
            options = rules.left_options(component) if left_to_move else rules.right_options(component)
            for option in options:
                after = tuple(sorted(position[:i] + tuple(option) + position[i + 1:], key=repr))
                if not wins(after, not left_to_move):
                    return True
        return False

    start = tuple(sorted(components, key=repr))
    left_first, right_first = wins(start, True), wins(start, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(left_first,
                                                                                            right_first)]


def boards(rows: int, cols: int, cells: str, count: int, seed: int) -> list[str]:
    chooser = random.Random(seed)
    return ["|".join("".join(chooser.choice(cells) for _ in range(cols)) for _ in range(rows)) for _ in range(count)]


SMALL = {
    "domineering": boards(3, 3, "..#", 40, 1) + boards(2, 4, "...#", 20, 2) + ["..|..", ".|.", "..", "."],
    "cram": boards(3, 3, "..#", 25, 3),
    "toads-and-frogs": ["".join(p) for p in itertools.product("TF.", repeat=5)][::3],
    "cutcake": [f"{m},{n}" for m in range(1, 5) for n in range(1, 5)],
    "maundy-cake": [f"{m},{n}" for m in range(1, 7) for n in range(1, 7)],
    "eatcake": [f"{m},{n}" for m in range(1, 5) for n in range(1, 5)],
    "red-blue-hackenbush": ["0-1:b", "0-1:r", "0-1:g", "0-1:b,1-2:r", "0-1:r,1-2:b,1-3:g", "0-1:g,0-2:b,1-2:r",
                   "0-1:b,1-2:b,2-0:r", "0-1:g,1-2:g,1-3:r"],
    "clobber": boards(2, 3, "xo.", 30, 4),
    "toppling-dominoes": ["".join(p) for p in itertools.product("lre", repeat=4)],
}


@pytest.mark.parametrize("spec", sorted(SMALL))
def test_values_agree_with_a_plain_search(spec):
    rules = partizan_ruleset(spec)
    for token in SMALL[spec]:
        component = rules.parse_component(token)
        assert value(rules, [component]).outcome == searched_outcome(rules, (component,)), (spec, token)


def test_the_check_can_fail():
    # the searched outcome of a position that Left wins is not the outcome of its negative
    rules = partizan_ruleset("domineering")
    assert searched_outcome(rules, (rules.parse_component(".|."),)) == "L"
    assert value(rules, [rules.parse_component("..")]).outcome != "L"


@pytest.mark.parametrize("spec", ["domineering", "toads-and-frogs", "cutcake", "red-blue-hackenbush"])
def test_a_sum_is_worth_the_sum_of_its_values(spec):
    rules = partizan_ruleset(spec)
    tokens = SMALL[spec][:6]
    parts = [rules.parse_component(t) for t in tokens]
    for a, b in itertools.combinations(parts, 2):
        whole = value(rules, [a, b])
        assert whole is value(rules, [a]) + value(rules, [b])
        assert whole.outcome == searched_outcome(rules, (a, b))


# -- published values --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("spec", "position", "shown"), [
    ("domineering", "..|..", "+-1"),  # Winning Ways ch. 5 (the 2 x 2 board is {1|-1})
    ("domineering", ".|.", "1"),  # one vertical domino for Left: 1
    ("domineering", "..", "-1"),
    ("domineering", "...|...|...", "+-1"),  # the 3 x 3 board (Lessons in Play, ch. 5)
    ("red-blue-hackenbush", "0-1:b,1-2:r", "1/2"),  # a blue-red stalk (Winning Ways ch. 1)
    ("red-blue-hackenbush", "0-1:g", "*"),
    ("cutcake", "1,4", "3"),  # a cake one tall: Left has 3 cuts, Right none (Winning Ways ch. 2)
    ("cutcake", "4,1", "-3"),
    ("cutcake", "3,3", "0"),  # a square cake: the transpose swaps the players, and Cutcake values are numbers
    ("cram", "..|..", "0"),  # impartial: the 2 x 2 Cram board is a second-player win
])
def test_published_values(spec, position, shown):
    assert str(value(spec, position)) == shown


# -- the command line ------------------------------------------------------------------------------------------
class SearchedCutcake(Cutcake):
    """Cutcake valued by searching its moves, the formula unused."""

    def known_value(self, position):
        return None


def test_the_cutcake_formula_is_the_searched_value():
    searched = Values(SearchedCutcake())
    for m, n in itertools.product(range(1, 33), repeat=2):
        assert searched.region((m, n)) == cgt.number(cutcake_value(m, n)), (m, n)
    assert searched.region((2, 4)) != cgt.number(cutcake_value(4, 2))  # the check can fail


def test_a_big_cake_is_valued_by_the_formula():
    assert str(value("cutcake", "10000,10000 1,10000 7,10000")) == str(0 + 9999 + 2499)
    code, out, _ = run_cli("value", "cutcake", "3,10000", "--for", "left")
    assert code == 0 and out.splitlines()[0] == "value: 4999"


class SearchedHackenbush(Hackenbush):
    """Hackenbush valued by searching its moves, the colon principle unused."""

    def known_value(self, position):
        return None


def random_trees(count: int, seed: int, most: int):
    rng = random.Random(seed)
    for _ in range(count):
        size = rng.randint(1, most)
        yield ",".join(f"{rng.randint(0, v - 1)}-{v}:{rng.choice('brg')}" for v in range(1, size + 1))


def test_trees_by_the_colon_principle_are_the_searched_values():
    searched, rules = Values(SearchedHackenbush()), partizan_ruleset("red-blue-hackenbush")
    for token in random_trees(300, seed=7, most=9):
        position = rules.parse_component(token)
        assert rules.known_value(position) == searched.of([position]), token
    # the check can fail: a green edge is not a blue one
    assert rules.known_value(rules.parse_component("0-1:g,1-2:b")) != searched.of(
        [rules.parse_component("0-1:b,1-2:b")])
    assert rules.known_value(rules.parse_component("0-1:b,1-1:r")) is None  # a loop: searched


def test_a_long_stalk_and_a_big_tree_need_no_search():
    # a stalk is its sign expansion: blue then 40 red edges is 2^-40 (Winning Ways ch. 1)
    stalk = "0-1:b," + ",".join(f"{v}-{v + 1}:r" for v in range(1, 41))
    assert value("red-blue-hackenbush", stalk) == cgt.number(Fraction(1, 1 << 40))
    rng = random.Random(9)
    tree = ",".join(f"{rng.randint(max(0, v - 3), v - 1)}-{v}:{rng.choice('br')}" for v in range(1, 401))
    assert value("red-blue-hackenbush", tree).is_number  # blue-red trees are numbers


def test_eatcake_is_all_small():
    # both players can eat while any cake remains, so every value is infinitesimal with an atomic weight
    for m, n in itertools.product(range(1, 6), repeat=2):
        found = value("eatcake", f"{m},{n}")
        assert found.is_all_small and found.is_infinitesimal and found.atomic_weight is not None, (m, n)
        assert found == -value("eatcake", f"{n},{m}")
    assert str(value("cutcake", "2,4")) == "1"  # the comparison can fail: Cutcake's cakes are numbers


def test_value_command_prints_the_value_and_json():
    code, out, err = run_cli("value", "domineering", "..|..")
    assert (code, err) == (0, "")
    assert out.splitlines() == ["value: +-1", "N: the player to move wins",
                                "left stop 1, right stop -1, mean 0, temperature 1"]
    code, out, _ = run_cli("value", "--expr", "{2|-1}", "--json")
    assert json.loads(out) == {"expr": "{2|-1}", "result": "{2|-1}", "value": "{2|-1}", "outcome": "N",
                               "left_stop": "2", "right_stop": "-1", "mean": "1/2", "temperature": "3/2",
                               "reduced_canonical_form": "{2|-1}", "birthday": 3, "incentives": ["{3|0}"],
                               "companion": "{2|-1}",
                               "followers": {"count": 5, "values": ["0", "-1", "1", "2", "{2|-1}"]}}


def test_value_for_a_player_lists_the_winning_moves():
    # cutcake 1,3 + 2,1: values 2 and -1, sum 1; Left wins moving first by a cut of the 1 x 3 cake leaving
    # 1 + 0 - 1 (a cut 1 | 2 leaves two cakes, 0 and 1): the sum stays >= 0
    code, out, _ = run_cli("value", "cutcake", "1,3", "2,1", "--for", "left", "--json")
    data = json.loads(out)
    assert data["value"] == "1" and data["moves"] and all(cgt.parse(m["value"]) >= cgt.zero for m in data["moves"])


@pytest.mark.parametrize(("argv", "said"), [
    (("value",), "give a SPEC and a POSITION, e.g. domineering and '..|..' (or a value written out, --expr "
                 "'{1|-1}'); 'grundy list' shows the rulesets"),
    (("value", "--expr", "{1|"), None),
    (("value", "nosuch", "x"), None),
    (("value", "domineering", "..|.", "--frob"), None),
    (("value", "--expr", "1/0"), "cannot read '1/0': at character 1, expected a number with a non-zero power of "
                                 "two below the line, found '1/0'"),
    (("value", "--expr", "\u0663"), None),  # an Arabic-Indic three is not a digit of the notation
    (("value", "--expr", "*1" + "0" * 4000),
     "1" + "0" * 69 + "... (4,001 characters) is too large: at most 4000 digits"),
    (("value", "domineering", "....|....|....|....", "--max-states", "10"),
     "more than 10 steps of work were needed (positions valued, canonical forms built, sums and comparisons "
     "worked out), past the --max-states budget of 10; raise --max-states or choose a smaller position"),
    (("thermograph", "cutcake", "2,3", "--png", "/no/such/folder/t.png"),
     "cannot write '/no/such/folder/t.png': folder '/no/such/folder' does not exist"),
    (("thermograph", "cutcake", "2,3", "--png", "/"), "cannot write '/': give a file name, e.g. 'out.png'"),
    (("thermograph", "cutcake", "2,3", "--png", ""), "cannot write '': give a file name, e.g. 'out.png'"),
])
def test_value_errors_are_one_line(argv, said):
    from grundy.partizan import values

    values._tables.clear()  # a budget counts the work done: none is left over from an earlier test's values
    cgt.clear_caches()
    code, out, err = run_cli(*argv)
    assert (code, out) == (2, "")
    line = one_error_line(err)
    if said is not None:
        assert line == said


def test_big_work_stops_at_the_memory_budget():
    code, out, err = run_cli("value", "eatcake", "30,30", "--max-states", "1e9", "--max-memory", "100MB")
    assert (code, out) == (2, "")
    line = one_error_line(err)
    assert "100.0 MB" in line and "memory" in line and line.endswith("raise --max-memory or choose a smaller position")


def test_thermograph_draws_a_png(tmp_path):
    target = tmp_path / "t.png"
    code, out, err = run_cli("thermograph", "cutcake", "2,3", "--png", str(target))
    assert code == 0, err
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.splitlines()[-1] == f"drawn: {target}"


def test_thermograph_walls_as_text_and_json(tmp_path):
    # {2|-1/2} (Domineering 2x3): the walls meet at t = 5/4, where the mast stands at the mean 3/4
    code, out, err = run_cli("thermograph", "domineering", "...|...")
    assert (code, err) == (0, "")
    assert out.splitlines() == ["value {2|-1/2}: mean 3/4, temperature 5/4",
                                "left wall (t, value): (0, 2), (5/4, 3/4)",
                                "right wall (t, value): (0, -1/2), (5/4, 3/4)",
                                "mast: value 3/4 for t >= 5/4"]
    target = tmp_path / "t.png"
    code, out, err = run_cli("thermograph", "domineering", "...|...", "--png", str(target), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"value": "{2|-1/2}", "mean": "3/4", "temperature": "5/4",
                               "left_wall": [["0", "2"], ["5/4", "3/4"]], "right_wall": [["0", "-1/2"], ["5/4", "3/4"]],
                               "png": str(target)}
    assert target.is_file()


def test_play_a_partizan_game_to_the_end():
    # 2x2 Domineering is +-1: Left to move places a vertical domino and leaves a column Right cannot use
    code, out, err = run_cli("play", "domineering", "..|..", "--first", "human", stdin="#1\n")
    assert (code, err) == (0, "")
    assert out.splitlines()[-9:] == [
        "", "position: (Right to move; type a move on one line: COMPONENT WHAT-IT-LEAVES, rows joined by '|')",
        "  1: .|.", "       .", "       .", "to move: the computer   (value for the player to move: lose)",
        "game over: the computer has no move: you win", "game over: undo, new or quit> ", "bye"]


def test_the_computer_plays_from_the_values_and_wins_what_can_be_won():
    # 3x3 Domineering is +-1: whoever moves first wins. The computer opens as Left and must win against
    # any replies (each game here takes the first of Right's moves, '#1', whatever it is)
    for seed in range(3):
        code, out, _ = run_cli("play", "domineering", "...|...|...", "--first", "computer", "--side", "right",
                               "--seed", str(seed), "--json", stdin="#1\n" * 5)
        turns = [json.loads(line) for line in out.splitlines()]
        assert turns[-1]["over"] and turns[-1]["winner"] == "computer"
        assert all(t["remoteness"] is None for t in turns if "turn" in t)


def test_the_computer_chooses_exactly_the_moves_that_win():
    from grundy.core.general import solve_game
    from grundy.partizan.game import PartizanGame, PartizanSession

    # 3x3, Left to move: a domino in the middle column wins (it leaves 1), one at an edge loses; the
    # solver's search of every position, no values, is the judge
    game = PartizanGame(partizan_ruleset("domineering"))
    start = game.position(["...|...|..."], True)
    session = PartizanSession(game, start)
    judge = solve_game(game, start)
    best = session.best_moves()
    assert best and len(best) < len(session.legal_moves())
    for move in session.legal_moves():
        assert (move in best) == (judge.value_of(game.canonical(move.after)) == "lose")


def test_a_move_is_typed_as_the_component_and_what_it_leaves():
    # Right on TT..FF has one move, the frog at 4 steps to 3; T.T.FF (a toad's step) is Left's
    stdin = "moves\n1 T.T.FF\n1  TT.F.F\nquit\n"
    code, out, err = run_cli("play", "toads-and-frogs", "TT..FF", "--first", "human", "--side", "right", stdin=stdin)
    lines = out.splitlines()
    assert (code, err) == (0, "") and "  #1: 1 TT.F.F" in lines
    assert ("illegal move: '1 T.T.FF' is not a legal move: type COMPONENT WHAT-IT-LEAVES as 'moves' lists them "
            "(e.g. '1 TT.F.F'), or '#k' for the k-th") in lines
    assert "position: TT.F.F   (Left to move)" in lines  # the typed move was played


def test_any_move_may_be_typed_even_one_listed_once_for_its_mirror_image():
    from grundy.partizan.game import PartizanGame, PartizanSession

    # Left on the empty 2 x 4 board: dominoes in columns 1 and 4 (and in 2 and 3) leave mirror images,
    # which 'moves' lists once each; the other of each pair may still be played
    game = PartizanGame(partizan_ruleset("domineering"))
    session = PartizanSession(game, game.position(["....|...."], True))
    every, listed = session.every_move(), session.legal_moves()
    assert len(listed) < len(every)
    unlisted = next(m for m in every if m not in listed)
    session.play(session.parse(f"#{len(listed)}"))
    session.undo(1)
    session.play(unlisted)  # a legal move 'moves' did not list is still legal
    assert session.position == unlisted.after


def test_the_computer_plays_the_side_you_leave_it():
    # you are Right and the computer (Left) opens on '.|.', a vertical domino Left places at once
    code, out, _ = run_cli("play", "domineering", ".|.", "--first", "computer", "--side", "right", "--json")
    turns = [json.loads(line) for line in out.splitlines()]
    assert turns[0]["position"] == ".|.   (Left to move)" and turns[-1]["winner"] == "computer"


@pytest.mark.parametrize(("spec", "position"), [("domineering", "...|...|..."), ("toads-and-frogs", "TT.F.F"),
                                               ("cutcake", "2,3"), ("clobber", "xo|ox")])
def test_play_outcome_agrees_with_the_value(spec, position):
    from grundy.core.general import solve_game
    from grundy.partizan.game import PartizanGame

    game = PartizanGame(partizan_ruleset(spec))
    found = value(spec, position)
    left_first = solve_game(game, game.position([position], True)).value == "win"
    right_first = solve_game(game, game.position([position], False)).value == "win"
    expected = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
    assert expected[(left_first, right_first)] == found.outcome


@pytest.mark.parametrize(("argv", "said"), [
    (("solve", "domineering", "..|.."), "'domineering' is a partizan game (Left and Right have different moves): its "
                                        "value is 'grundy value domineering ...', and 'grundy play domineering ...' "
                                        "plays it"),
    (("play", "hackenbush", "0-1:b,1-2:r", "--first", "human"),
     "edges with colours are Red-Blue-Green Hackenbush, a partizan game: ask for red-blue-hackenbush "
     "('hackenbush' alone is Green Hackenbush, impartial)"),
])
def test_partizan_games_asked_of_the_impartial_commands_say_where_to_go(argv, said):
    code, out, err = run_cli(*argv)
    assert (code, out, one_error_line(err)) == (2, "", said)


def test_coloured_hackenbush_is_played_by_its_other_name():
    # a blue edge and a red one on the ground: 1 - 1 = 0, so the first player (the human, Left) loses
    code, out, err = run_cli("play", "red-blue-hackenbush", "0-1:b,0-2:r", "--first", "human", stdin="#1\n")
    assert (code, err) == (0, "")
    assert "game over: you have no move: you lose" in out.splitlines()


def test_a_long_list_of_winning_moves_is_cut_short_but_json_has_them_all():
    # Left on a 3 x 1000 cake (worth 499): every one of her 500 cuts keeps her ahead
    code, out, _ = run_cli("value", "cutcake", "3,1000", "--for", "left")
    lines = out.splitlines()
    assert code == 0 and lines[3] == "winning moves for left moving first (500):"
    assert len(lines) == 4 + 50 + 1 and lines[-1] == "  ... and 450 more (--json lists them all)"
    code, out, _ = run_cli("value", "cutcake", "3,1000", "--for", "left", "--json")
    moves = json.loads(out)["moves"]
    assert len(moves) == 500 and moves[0] == {"component": 0, "from": "3,1000", "to": ["3,1", "3,999"],
                                              "move": "1: 3,1000 -> 3,1 3,999", "value": "496"}


def test_a_full_table_starts_afresh(monkeypatch):
    from grundy.partizan import values

    monkeypatch.setattr(values, "KEPT", 5)
    first = values.table_of(partizan_ruleset("domineering"))
    assert str(value("domineering", "...|...|...")) == "+-1" and len(first.memo) > 5
    second = values.table_of(partizan_ruleset("domineering"))
    assert second is not first and not second.memo
    assert str(value("domineering", "...|...|...")) == "+-1"  # the same answer from the fresh table
