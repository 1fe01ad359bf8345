"""`solve` and `play` as people meet them (issue 14, items 3, 5, 7 and 10): the Every-SG plan, options
that would be ignored, games of your own whose moves split a heap, and the words of the play loop.

Each test runs the real command through the entry point (:func:`tests.helpers.run_cli`) and asserts
the exit status and the exact lines that matter. Expected answers are worked out by hand in the
comments, not read back from grundy.
"""

import json
from functools import cache
from itertools import product
from pathlib import Path

import pytest

import grundy
from tests.helpers import one_error_line, run_cli

ROOT = Path(__file__).resolve().parents[1]
LASKER = f"{ROOT / 'examples' / 'rules' / 'lasker.py'}:moves"  # ints for takes, tuples for splits


def answer(*argv: str, stdin: str = "") -> list[str]:
    """The lines of stdout of a command that must succeed: exit 0, nothing on stderr."""
    code, out, err = run_cli(*argv, stdin=stdin)
    assert (code, err) == (0, ""), (argv, code, err[-2000:])
    return out.splitlines()


def answer_json(*argv: str):
    """The one line of JSON of a command that must succeed, read."""
    lines = answer(*argv)
    assert len(lines) == 1, lines[:5]
    return json.loads(lines[0])


def error(*argv: str, stdin: str = "") -> str:
    """The one error line of a command that must fail with exit 2 and print nothing on stdout."""
    code, out, err = run_cli(*argv, stdin=stdin)
    assert (code, out) == (2, ""), (argv, code, out[-500:])
    return one_error_line(err)


# -- Every-SG: one plan, a move in every component, each with its reason --------------------------------
# subtraction {1, 3, 4}, steps s(n) (Smith's remoteness; odd: the mover wins): s(0) = 0; an N-position
# takes 1 + the largest step of a P-option, a P-position 1 + the smallest step of any option:
#   n     0 1 2 3 4 5 6 7 8 9 10 11 12
#   s(n)  0 1 2 3 1 3 3 2 3 4  5  3  5
# 7 9 2 12: steps 2 4 2 5, the largest 5 is odd: N. The plan moves every heap to step s - 1: 7 -> 4
# (s 1; its other options 6, 3 have s 3), 9 -> 8 (the first of 8, 6, 5, all s 3), 2 -> 1, 12 -> 9 (s 4).
# A joint move wins iff the largest step it leaves is even: only 12 -> 9 leaves an even step (4), and
# every option of the others has s <= 3, so 3 * 3 * 1 * 1 = 9 joint moves win: the plan and 8 others.
EVERY_SG = ("solve", "subtraction:1,3,4", "7", "9", "2", "12", "--compound", "every")


def test_every_sg_shows_one_plan_with_each_reason():
    assert answer(*EVERY_SG) == [
        "subtraction:1,3,4 (Every-SG)  position: 7  9  2  12",
        "N: the player to move wins",
        "why: Every-SG: steps [2, 4, 2, 5] (each heap's suspense number); the largest, 5, is odd, so the player to "
        "move wins (the winner prolongs the heaps they win and hurries the others).",
        "this turn, move in every heap that can move, all together (8 other ways win too):",
        "  heap 1: 7 -> 4    2 steps (even): the mover loses it; the quickest loss, leaving 1 step",
        "  heap 2: 9 -> 8    4 steps (even): the mover loses it; the quickest loss, leaving 3 steps",
        "  heap 3: 2 -> 1    2 steps (even): the mover loses it; the quickest loss, leaving 1 step",
        "  heap 4: 12 -> 9   5 steps (odd): the mover wins it; the slowest win, leaving 4 steps",
        "Every heap that moves comes one step nearer its end, so the largest step count becomes 4, even: "
        "the opponent loses.",
    ]


def test_every_sg_json_is_the_plan_as_one_move():
    part = {"component": 3, "from": 12, "to": [9], "move": "heap 4: 12 -> 9",
            "why": "5 steps (odd): the mover wins it; the slowest win, leaving 4 steps", "steps": 5}
    data = answer_json(*EVERY_SG, "--json")
    assert data["winning_moves"] == [{
        "move": "heap 1: 7 -> 4; heap 2: 9 -> 8; heap 3: 2 -> 1; heap 4: 12 -> 9",
        "why": "Every heap that moves comes one step nearer its end, so the largest step count becomes 4, even: "
               "the opponent loses.",
        "moves": [
            {"component": 0, "from": 7, "to": [4], "move": "heap 1: 7 -> 4",
             "why": "2 steps (even): the mover loses it; the quickest loss, leaving 1 step", "steps": 2},
            {"component": 1, "from": 9, "to": [8], "move": "heap 2: 9 -> 8",
             "why": "4 steps (even): the mover loses it; the quickest loss, leaving 3 steps", "steps": 4},
            {"component": 2, "from": 2, "to": [1], "move": "heap 3: 2 -> 1",
             "why": "2 steps (even): the mover loses it; the quickest loss, leaving 1 step", "steps": 2},
            part,
        ],
        "components_moved": 4,
    }]
    assert {k: data[k] for k in ("outcome", "grundy", "compound", "steps", "winning_move_count",
                                 "winning_moves_truncated")} == {
        "outcome": "N", "grundy": None, "compound": "every", "steps": [2, 4, 2, 5], "winning_move_count": 9,
        "winning_moves_truncated": True}  # one plan of the nine is listed
    # --max-moves cuts the parts listed, never the count of parts
    cut = answer_json(*EVERY_SG, "--json", "--max-moves", "1")["winning_moves"][0]
    assert (cut["move"], len(cut["moves"]), cut["components_moved"]) == ("heap 1: 7 -> 4", 1, 4)
    assert answer(*EVERY_SG, "--max-moves", "2")[-4:] == [
        "  heap 1: 7 -> 4   2 steps (even): the mover loses it; the quickest loss, leaving 1 step",
        "  heap 2: 9 -> 8   4 steps (even): the mover loses it; the quickest loss, leaving 3 steps",
        "  ... 2 more heaps (--max-moves)",
        "Every heap that moves comes one step nearer its end, so the largest step count becomes 4, even: "
        "the opponent loses.",
    ]


def test_every_sg_lost_position_has_no_plan():
    # 7 9 2 4: steps 2 4 2 1, the largest 4 is even
    assert answer("solve", "subtraction:1,3,4", "7", "9", "2", "4", "--compound", "every") == [
        "subtraction:1,3,4 (Every-SG)  position: 7  9  2  4",
        "P: the player to move loses (the previous player wins)",
        "why: Every-SG: steps [2, 4, 2, 1] (each heap's suspense number); the largest, 4, is even, so the player to "
        "move loses (the winner prolongs the heaps they win and hurries the others).",
    ]


def every_sg_search(rules):
    """Whether the player to move wins an Every-SG position, by searching the joint moves whole."""
    @cache
    def wins(position: tuple) -> bool:
        return any(not wins(after) for after in joint_moves(rules, position))
    return wins


def joint_moves(rules, position: tuple) -> list[tuple]:
    """Every move of the compound: one option in each component that can move, the rest kept."""
    choices = [[o for (o,) in rules.options(c)] or [c] for c in position]
    return list(product(*choices)) if any(list(rules.options(c)) for c in position) else []


@pytest.mark.parametrize("spec", ["subtraction:1,3,4", "nim", "bash:2-3"])
def test_every_sg_counts_every_winning_plan_and_its_plan_wins(spec):
    rules = grundy.ruleset(spec)
    wins = every_sg_search(rules)
    for position in product(range(7), repeat=3):
        solved = grundy.solve(rules, list(position), compound="every")
        assert solved.outcome == ("N" if wins(position) else "P"), position
        assert solved.winning_move_count == sum(not wins(m) for m in joint_moves(rules, position)), position
        after = list(position)
        for part in solved.winning_moves:
            after[part.index] = part.option[0]
        assert not solved.winning_moves or not wins(tuple(after)), position


# -- options and components that would be ignored are errors ------------------------------------------
GENERAL = ("a game of the general solver holds its whole position in its spec, and its own rules say who wins "
           "(it takes --db, --max-states, --max-memory and --json)")
EVERY = ("Every-SG is worked out from each component's step count, under normal play only (it takes --max-moves "
         "and --json)")
IGNORED = [
    (("solve", "tree-colouring:1-2", "--misere"), f"--misere does not apply to tree-colouring: {GENERAL}"),
    (("solve", "tree-colouring:1-2", "--compound", "every"),
     f"--compound every does not apply to tree-colouring: {GENERAL}"),
    (("solve", "weird-game:01,10", "--max-moves", "3", "--misere"),
     f"--misere and --max-moves do not apply to weird-game: {GENERAL}"),
    (("solve", "weird-game:01,10", "3"),
     "weird-game takes its whole position in the spec: give no components (e.g. 'grundy solve weird-game:01,10')"),
    (("play", "weird-game:01,10", "3"),
     "weird-game takes its whole position in the spec: give no components (e.g. 'grundy play weird-game:01,10')"),
    (("play", "tree-colouring:1-2", "--misere"),
     "--misere does not apply to tree-colouring: a game of the general solver holds its whole position in its "
     "spec, and its own rules say who wins (it takes --first, --seed, --db, --max-states and --max-memory)"),
    (("solve", "nim", "3", "--misere", "--compound", "every"), f"--misere does not apply to --compound every: {EVERY}"),
    (("solve", "nim", "3", "--general", "--compound", "every"),
     f"--general does not apply to --compound every: {EVERY}"),
    (("solve", "nim", "3", "--general", "--max-moves", "2"),
     "--max-moves does not apply to the general solver (--general, --db): it lists every move with its value "
     "and remoteness"),
    (("solve", "nim", "3", "--splits"), "--splits is for a game of your own: give it with --rules FILE.py:FUNCTION"),
    (("solve", "weird-game:01,10", "--arity", "2"),
     "--arity is for a game of your own: give it with --rules FILE.py:FUNCTION"),
    (("play", "nim", "3", "--splits"), "--splits is for a game of your own: give it with --rules FILE.py:FUNCTION"),
    (("table", "nim", "--splits"), "--splits is for a game of your own: give it with --rules FILE.py:FUNCTION"),
]


@pytest.mark.parametrize(("argv", "said"), IGNORED, ids=lambda x: " ".join(x)[:60] if isinstance(x, tuple) else "")
def test_an_option_that_would_be_ignored_is_an_error(argv, said):
    assert error(*argv) == said


def test_options_a_game_can_honour_are_honoured(tmp_path):
    # --max-moves with --json lists that many (nim 3 4 5: one winning move, 3 -> 1, counted, not listed)
    data = answer_json("solve", "nim", "3", "4", "5", "--json", "--max-moves", "0")
    assert (data["winning_moves"], data["winning_move_count"], data["winning_moves_truncated"]) == ([], 1, True)
    # --misere with --general: misère Nim 1 1 by the general solver: taking one heap forces the opponent to
    # take the last token and lose: a win in 2 moves
    misere = answer_json("solve", "nim", "1", "1", "--general", "--misere", "--json")
    assert (misere["value"], misere["remoteness"]) == ("win", 2)
    # --db alone is the general solver with its store
    db = tmp_path / "nim.db"
    stored = answer_json("solve", "nim", "1", "2", "--db", str(db), "--json")
    assert (stored["value"], db.exists()) == ("win", True)


# -- games of your own whose moves split: --splits -----------------------------------------------------
# Lasker's Nim: take any number, or split a heap in two: G = 0 1 2 4 3 5 6 8 7 (Winning Ways). 3 7:
# values 4 ^ 8 = 12; only 7 can reach 8 ^ 12 = 4, by taking 4 (its splits are worth 1^6 = 2^5 = 3^4 = 7)
def test_splits_is_taken_wherever_rules_is():
    assert answer("solve", "--rules", LASKER, "--splits", "3", "7")[-2:] == [
        "winning moves (1):", "  component 2: 7 -> 3   its value 8 becomes 8 ^ 12 = 4"]
    table = answer_json("table", "--rules", LASKER, "--splits", "--max", "9", "--json")
    assert table["values"] == [0, 1, 2, 4, 3, 5, 6, 8, 7]
    period = answer_json("period", "--rules", LASKER, "--splits", "--json")
    assert (period["preperiod"], period["period"], period["saltus"]) == (1, 4, 4)  # G(n + 4) = G(n) + 4 from n = 1
    pattern = answer_json("pattern", "--rules", LASKER, "--splits", "--json")
    assert pattern["rule"].startswith("G(n) = n except G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3 (k ≥ 0)")
    # play: from 3 the split 1 + 2 is move #4 (after the takes to 2, 1, 0); it leaves 1 ^ 2 = 3
    lines = answer("play", "--rules", LASKER, "--splits", "3", "--first", "human", "--seed", "1",
                   stdin="hint\n#4\nquit\n")
    assert lines[lines.index("your move> hint") + 1:][:5] == [
        "  #1: 1 2    you lose  nim-sum after it 2 (N-position); ends in 1 more move",
        "  #2: 1 1    you lose  nim-sum after it 1 (N-position); ends in 1 more move",
        "  #3: 1 0    you win   nim-sum after it 0 (P-position); ends in 0 more moves",
        "  #4: 1 1+2  you lose  nim-sum after it 3 (N-position); ends in 3 more moves",
        "best: #3 (you win, by the fastest route)",
    ]
    assert "  2: ●● 2" in lines  # the split left two heaps, in place


def test_a_tuple_without_splits_is_named():
    said = ("the rules of moves give (1, 2) as a move from 3: a tuple of positions, as in a move that splits: "
            "add --splits if a move may leave several positions (else a move is the one position it leaves)")
    assert error("solve", "--rules", LASKER, "3", "7") == said
    assert error("play", "--rules", LASKER, "3", "--first", "human") == said
    table = error("table", "--rules", LASKER, "--max", "9")
    assert table.startswith("the rules of moves give (1, 1) as a move from 2: a tuple of positions")
    with pytest.raises(grundy.GrundyError, match=r"add splits=True \(grundy.impartial\(splits=True\)\)"):
        grundy.impartial(lambda n: [(a, n - a) for a in range(1, n)], name="halves").values(3)


def test_splits_of_pairs_and_of_rulesets(tmp_path):
    rules = tmp_path / "pairs.py"
    rules.write_text(
        "import grundy\n"
        "def moves(p):\n"
        "    a, b = p\n"
        "    return [((a - 1, b),)] * (a > 0) + [((a, 0), (0, b - 1))] * (b > 0)\n"
        "nim = grundy.ruleset('nim')\n"
    )
    # from (a, b): take one from a, or turn b into the pair of (a, 0) and (0, b - 1). G(a, 0) = a mod 2,
    # G(0, b) = G(0, b - 1) ^ G(0, 0) mex'd = b mod 2; G(1, 1) = mex{G(0, 1), G(1, 0) ^ G(0, 0)} = mex{1} = 0
    said = error("solve", "--rules", f"{rules}:moves", "--arity", "2", "1,1")
    assert said.startswith("the rules of moves give ((0, 1),) as a move from (1, 1): a tuple of positions")
    solved = answer_json("solve", "--rules", f"{rules}:moves", "--arity", "2", "--splits", "1,1", "0,1", "--json")
    assert (solved["component_values"], solved["grundy"]) == ([0, 1], 1)
    assert error("solve", "--rules", f"{rules}:nim", "--splits", "3") == (
        "'nim' in " + repr(str(rules)) + " is a ruleset, which says itself what its positions and moves are: "
        "--arity and --splits are for a function of moves")


# -- play: the words it offers, numbered hints, positions as typed -----------------------------------------
def test_hint_is_numbered_as_moves_and_in_their_order():
    # nim 1 2: 1 0 leaves 0 2 (nim-sum 2), 2 0 leaves 1 0 (1), 2 1 leaves 1 1 (0: the win, in 2 more moves)
    lines = answer("play", "nim", "1", "2", "--first", "human", "--seed", "1", stdin="moves\nhint\nQUIT\n")
    moves = lines[lines.index("your move> moves") + 1:][:3]
    hints = lines[lines.index("your move> hint") + 1:][:4]
    assert moves == ["  #1: 1 0", "  #2: 2 0", "  #3: 2 1"]
    assert hints == [
        "  #1: 1 0  you lose  nim-sum after it 2 (N-position); ends in 1 more move",
        "  #2: 2 0  you lose  nim-sum after it 1 (N-position); ends in 1 more move",
        "  #3: 2 1  you win   nim-sum after it 0 (P-position); ends in 2 more moves",
        "best: #3 (you win, by the fastest route)",
    ]
    assert lines[-2:] == ["your move> QUIT", "bye"]


@pytest.mark.parametrize("word", ["quit", "QUIT", "Quit", "q", "Exit"])
def test_quit_in_any_case(word):
    assert answer("play", "nim", "3", "--first", "human", stdin=f"{word}\n")[-2:] == [f"your move> {word}", "bye"]


@pytest.mark.parametrize(("said", "first"), [("y", "you"), ("Yes", "you"), ("human", "you"), ("", "you"),
                                             ("n", "the computer"), ("computer", "the computer"),
                                             ("COMPUTER", "the computer")])
def test_who_starts_accepts_the_words_the_prompt_offers(said, first):
    lines = answer("play", "nim", "1", "2", "--seed", "1", stdin=f"{said}\nquit\n")
    assert lines[0] == f"Do you want to move first? [Y/n] (or: human, computer, quit) {said}"
    assert f"to move: {first}   (value for the player to move: win, remoteness 3)" in lines


def test_who_starts_asks_again_when_the_answer_is_not_offered():
    lines = answer("play", "nim", "1", "2", "--seed", "1", stdin="maybe\nc\nn\nquit\n")
    assert lines[:5] == [
        "Do you want to move first? [Y/n] (or: human, computer, quit) maybe",
        "answer y (you move first) or n (the computer does), human or computer, or quit",
        "Do you want to move first? [Y/n] (or: human, computer, quit) c",
        "answer y (you move first) or n (the computer does), human or computer, or quit",
        "Do you want to move first? [Y/n] (or: human, computer, quit) n",
    ]
    assert "computer plays: 2 1" in lines


@pytest.mark.parametrize("stdin", ["quit\n", "Q\n", ""])
def test_the_first_question_may_be_left(stdin):
    # quit (any case) or the end of the input at the question ends the game before it starts
    code, out, err = run_cli("play", "nim", "3", stdin=stdin)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "bye" and "your move>" not in out


@pytest.mark.parametrize(("argv", "said"), [
    (("play", "nim", "3", "--side", "right", "--first", "human"),
     "--side does not apply to nim: in an impartial game both players have the same moves (--side chooses Left or "
     "Right of a partizan game)"),
    (("play", "dag:1-2,2-3", "--first", "human"),
     "no components given: 'grundy play dag:1-2,2-3 COMPONENT...', each a vertex of the graph (3 vertices, between 1 "
     "and 3)"),
])
def test_play_refuses_what_it_would_ignore_and_says_what_a_component_is(argv, said):
    code, out, err = run_cli(*argv)
    assert (code, out) == (2, "")
    assert one_error_line(err) == said


def test_fibonacci_nim_start_is_shown_as_typed():
    # 21 is a Fibonacci number: the player to move loses; 21 means the first move (any but all)
    assert answer("solve", "fibonacci-nim", "21")[:2] == ["fibonacci-nim  position: 21",
                                                          "Grundy value: 0   component values: [0]"]
    assert "position: 21" in answer("play", "fibonacci-nim", "21", "--first", "human", stdin="quit\n")
    # mid-game heaps keep their limit: 20 = 13 + 5 + 2, take 2, leaving 18 with at most 4 to take
    assert answer("solve", "fibonacci-nim", "20")[-1] == (
        "  20 -> 18,4   20 = 13 + 5 + 2: take 2, leaving 18 where the opponent may take at most 4, less than its "
        "smallest part")


def test_solve_says_why_once():
    lines = answer("solve", "nim", "3", "4", "5")
    assert sum("Bouton" in line for line in lines) == 1
    assert lines[3:] == [
        "why: Sprague–Grundy: Bouton's theorem: a heap of n tokens is worth n. Values [3, 4, 5]; nim-sum "
        "3 ^ 4 ^ 5 = 2: the player to move wins by making it 0.",
        "winning moves (1):",
        "  heap 1: 3 -> 1   its value 3 becomes 3 ^ 2 = 1",
    ]


def test_every_sg_in_python_is_one_plan():
    # nim 1 2: each heap is won in one step (take it all), so the plan empties both at once
    solved = grundy.solve("nim", [1, 2], compound="every")
    assert [(m.index, m.option) for m in solved.winning_moves] == [(0, (0,)), (1, (0,))]
    assert repr(solved) == ("<Solution nim Every-SG N (player to move wins), winning plan: "
                            "[heap 1: 1 -> 0; heap 2: 2 -> 0]>")
    assert "part of the winning plan 2" in solved._repr_html_()


# -- item 4: unknown options are refused even where components are free-form; play --json ---------------
@pytest.mark.parametrize(("argv", "said"), [
    (("solve", "nim", "3", "--misre"), "No such option '--misre'. Did you mean '--misere'? (see 'grundy solve "
     "--help'); a component that begins with '-' goes after '--'"),
    (("play", "nim", "3", "--frist", "human"), "No such option '--frist'. (Did you mean one of: '--arity', "
     "'--first'?) (see 'grundy play --help'); a component that begins with '-' goes after '--'"),
    (("solve", "nim", "--", "--misere"), "'--misere' is not a component of nim: expected a heap size (a "
     "non-negative integer)"),
    (("solve", "nim", "-3"), "'-3' is not a component of nim: expected a heap size (a non-negative integer)"),
    (("table", "kayles", "--mx", "3"), "No such option '--mx'. Did you mean '--max'? (see 'grundy table --help')"),
])
def test_unknown_options_are_refused_with_a_suggestion(argv, said):
    assert error(*argv) == said


def test_an_option_value_that_begins_with_a_dash_is_the_value(tmp_path):
    # '--db -x' gives the file '-x' (as click reads it), not an unknown option -x
    assert answer_json("solve", "nim", "3", "--db", str(tmp_path / "-x"), "--json")["value"] == "win"


def test_play_json_is_one_object_per_turn_and_per_command():
    # nim 1 2, you first: 2 -> 1 leaves 1 1 (nim-sum 0); the computer must take a heap of 1 (which one is
    # seeded); you take the other. 'moves' and a bad move answer with one object each, no prompts.
    out = answer("play", "nim", "1", "2", "--first", "human", "--seed", "1", "--json",
                 stdin="moves\n9 9\n2 1\n#1\n")
    turns = [json.loads(line) for line in out]
    assert turns[0] == {"turn": 0, "played": None, "position": "1  2", "to_move": "human", "value": "win",
                        "remoteness": 3, "over": False}
    assert turns[1] == {"moves": ["1 0", "2 0", "2 1"]}
    assert turns[2] == {"illegal": "there is no component 9: they are numbered 1..2"}
    assert turns[3] == {"turn": 1, "played": {"by": "human", "move": "2 1"}, "position": "1  1",
                        "to_move": "computer", "value": "lose", "remoteness": 2, "over": False}
    assert turns[4]["played"]["by"] == "computer" and turns[4]["to_move"] == "human"
    assert turns[5]["over"] is True and turns[5]["winner"] == "human" and turns[5]["position"] == "0  0"
    assert len(turns) == 6


def test_play_json_undo_shows_the_position_it_returns_to():
    # nim 5 5: 5 -> 4 in heap 1, and the computer answers 5 -> 4 in heap 2 (its only winning move)
    out = answer("play", "nim", "5", "5", "--first", "human", "--json", stdin="1 4\nundo\nquit\n")
    turns = [json.loads(line) for line in out]
    assert [t.get("turn") for t in turns] == [0, 1, 2, None, 0, None]
    assert turns[2]["played"] == {"by": "computer", "move": "2 4"} and turns[2]["position"] == "4  4"
    assert turns[3] == {"undone": 2} and turns[4]["played"] is None and turns[4]["position"] == "5  5"
    assert turns[5] == {"bye": True}


def test_start_puts_tokens_on_a_dag_written_in_the_spec(tmp_path):
    # 1 -> 2 -> 3: G(3) = 0, G(2) = 1, G(1) = 0; tokens on 1 and 2: nim-sum 1, N
    lines = answer("solve", "dag:1-2,2-3", "--start", "1,2")
    assert lines[:3] == ["dag:1-2,2-3  position: 1  2", "Grundy value: 1   component values: [0, 1]",
                         "N: the player to move wins"]
    edges = tmp_path / "g.txt"
    edges.write_text("1 2\n2 3\n")
    assert answer("solve", "dag", "--graph", str(edges), "--start", "1,2")[1:3] == lines[1:3]
    assert error("solve", "dag:1-2,2-3", "--start", "1", "--graph", str(edges)) == (
        "dag:1-2,2-3 holds its graph in the spec: drop --graph, or write the spec as 'dag'")
    assert error("solve", "nim", "--start", "1") == (
        "--start is for the tokens of 'dag' (grundy solve dag --graph FILE --start 1,2)")
