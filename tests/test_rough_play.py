"""`grundy play` as people meet it (issue 32, rough edges): a move typed without its component number
when there is one, a session that stays open after the end (undo, new, quit), the end said in plain
words, Fibonacci Nim's moves in the game's own words, and a Domineering board drawn as a grid.

Each test drives the real command with scripted stdin (:func:`tests.helpers.run_cli`) and asserts the
exact lines the player sees. Expected answers are worked out by hand in the comments.
"""

import json

from tests.helpers import run_cli

END = "game over: undo, new or quit> "


def transcript(*argv: str, stdin: str) -> list[str]:
    """The lines of stdout of a game that must end well: exit 0, nothing on stderr."""
    code, out, err = run_cli("play", *argv, stdin=stdin)
    assert (code, err) == (0, ""), (argv, code, err[-2000:])
    return out.splitlines()


def test_one_component_takes_a_move_without_its_number():
    # fibonacci-nim 20: taking 2 leaves 18 with at most 4 to take next ('18,4'); typed alone, with its
    # number, or as #k (the 19 moves from 20 are listed by what they take, 1 first: #2 takes 2)
    for typed in ("18,4", "1 18,4", "#2"):
        lines = transcript("fibonacci-nim", "20", "--first", "human", "--seed", "1", stdin=f"{typed}\nquit\n")
        assert f"your move> {typed}" in lines
        assert "you play: take 2 (18 left; the next move may take up to 4)   [1 18,4]" in lines
        assert "position: 18,4" in lines
    # two components: the number is needed, and the error says how to type a move
    lines = transcript("nim", "3", "4", "--first", "human", stdin="2\nquit\n")
    assert lines[lines.index("your move> 2") + 1] == ("illegal move: type a move as: COMPONENT WHAT-IT-LEAVES, "
                                                     "e.g. '2 3' (heap 2 becomes 3), '2 1+4', '2 -'")


def test_one_domineering_board_takes_a_move_without_its_number():
    # 2x2: Left's vertical domino leaves one column '.|.', where Right has no move
    lines = transcript("domineering", "..|..", "--first", "human", stdin=".|.\n")
    assert "your move> .|." in lines and "game over: the computer has no move: you win" in lines


def test_the_game_stays_open_after_the_end_for_undo_and_new():
    # nim 1, you first: you take the heap and win; undo gives it back (1 move: yours ended the game);
    # new starts again from 1; quit leaves
    lines = transcript("nim", "1", "--first", "human", stdin="#1\n1 0\nundo\n#1\nnew\nquit\n")
    assert lines[lines.index("your move> #1") + 5:] == [
        "game over: the computer has no move: you win",
        f"{END}1 0",
        "the game is over: type undo (take back the last moves), new (play again) or quit",
        f"{END}undo",
        "took back 1 move",
        "",
        "position: ",
        "  1: ● 1",
        "to move: you   (value for the player to move: win, remoteness 1)",
        "your move> #1",
        "",
        "position: ",
        "  1:  0",
        "to move: the computer   (value for the player to move: lose, remoteness 0)",
        "game over: the computer has no move: you win",
        f"{END}new",
        "a new game from the first position",
        "",
        "position: ",
        "  1: ● 1",
        "to move: you   (value for the player to move: win, remoteness 1)",
        "your move> quit",
        "bye",
    ]


def test_the_end_of_the_input_after_the_end_says_bye():
    lines = transcript("nim", "1", "--first", "computer", stdin="")
    assert lines[-3:] == ["game over: you have no move: you lose", END, "bye"]


def test_undo_after_losing_takes_back_your_move_and_the_reply():
    # nim 1 2, you first: '2 0' leaves 1 0; the computer takes the last heap and wins; undo takes back
    # both moves, and you are to move from 1 2 again
    lines = transcript("nim", "1", "2", "--first", "human", "--seed", "1", stdin="2 0\nundo\nquit\n")
    at = lines.index("game over: you have no move: you lose")
    assert lines[at + 1:at + 7] == [f"{END}undo", "took back 2 moves", "", "position: ", "  1: ● 1", "  2: ●● 2"]
    assert lines[-2:] == ["your move> quit", "bye"]


def test_the_end_in_plain_words_under_misere_play():
    # misère nim 1: you must take the last token; the computer cannot move, and so it wins
    lines = transcript("nim", "1", "--misere", "--first", "human", stdin="#1\nquit\n")
    assert lines[-3:] == ["game over: the computer has no move: you lose", f"{END}quit", "bye"]
    assert not any("cannot move" in line for line in lines)


def test_fibonacci_nim_moves_read_in_the_games_words():
    # 3 2: from 3 a first move takes 1 or 2 (not all); from 2 it takes 1; the next may take twice that
    lines = transcript("fibonacci-nim", "3", "2", "--first", "human", stdin="moves\nquit\n")
    assert lines[lines.index("your move> moves") + 1:][:3] == [
        "  #1: heap 1: take 1 (2 left; the next move may take up to 2)   [1 2,2]",
        "  #2: heap 1: take 2 (1 left; the next move may take up to 1)   [1 1,1]",
        "  #3: heap 2: take 1 (1 left; the next move may take up to 1)   [2 1,1]",
    ]
    # the computer says its move in the same words; 20 is not a Fibonacci number, so it takes the
    # smallest part of 20 = 13 + 5 + 2 (take 2, leaving 18 with at most 4 to take)
    lines = transcript("fibonacci-nim", "20", "--first", "computer", "--seed", "1", stdin="quit\n")
    assert "computer plays: take 2 (18 left; the next move may take up to 4)   [1 18,4]" in lines


def test_play_json_keeps_the_typed_labels():
    code, out, _ = run_cli("play", "fibonacci-nim", "20", "--first", "computer", "--json", stdin="moves\n")
    turns = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and turns[1]["played"] == {"by": "computer", "move": "1 18,4"}
    assert turns[2]["moves"][:2] == ["1 17,2", "1 16,4"]


def test_a_domineering_board_is_drawn_as_a_grid():
    # 2x3 (two rows of three), the computer (Left) to move: the rows on lines under the typed form
    lines = transcript("domineering", "...|...", "--first", "computer", "--side", "right", stdin="")
    assert lines[2:6] == [
        "position: (Left to move; type a move on one line: COMPONENT WHAT-IT-LEAVES, rows joined by '|')",
        "  1: ...|...",
        "       ...",
        "       ...",
    ]


def test_moves_says_how_many_mirror_images_it_leaves_out():
    # Right has 6 horizontal dominoes on an empty 3x3 board; up to symmetry they leave 2 positions
    lines = transcript("domineering", "...|...|...", "--first", "human", "--side", "right", stdin="moves\nquit\n")
    listed = lines[lines.index("your move> moves") + 1:][:3]
    assert listed == ["  #1: 1 ##.|...|...", "  #2: 1 ...|##.|...",
                      "  (4 more: mirror images of these, which may be typed too)"]
    lines = transcript("nim", "3", "4", "--first", "human", stdin="moves\nquit\n")  # nothing left out
    assert not any("mirror images" in line for line in lines)
