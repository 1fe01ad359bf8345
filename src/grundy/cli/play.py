"""``grundy play``: the command, and the terminal loop (reading lines and printing); the session holds
the game."""

from __future__ import annotations

import sys
from typing import Any, TextIO

import click

from grundy.cli import render
from grundy.cli.common import (
    FreeComponents,
    budget_options,
    emit_json,
    own_game_options,
    rules_from,
    rules_option,
    under_budget,
)
from grundy.cli.paths import database_option_value
from grundy.cli.progress import doubling_progress
from grundy.cli.solve import refuse
from grundy.core.errors import GrundyError
from grundy.core.play import IllegalMove, PlaySession
from grundy.core.ruleset import Shape
from grundy.service import playing

HELP = """Commands:
  a move        COMPONENT WHAT-IT-LEAVES, e.g. '2 3' (component 2 becomes 3), '2 1+4' (split), '2 -' (gone);
                partizan games alike, e.g. '1 .|.' (component 1 leaves the board .|.);
                or '#k' for the k-th move of the list that 'moves' shows
                (with one component its number may be left out: '5,3' is '1 5,3')
  moves         list the legal moves, numbered
  hint          the same list, each move with its value for you and why (the nim-sum and remoteness, or
                for a partizan game the value it leaves); then the best
  undo          take back your last move and the computer's reply (also once the game is over)
  new           start the game again from the first position (also restart)
  quit          leave the game (also q, exit)
  help          this text
Commands may be typed in any case (QUIT, Quit)."""
END_PROMPT = "game over: undo, new or quit> "  # what the session asks once a game has ended
QUIT = ("quit", "q", "exit")  # the words that leave a game (in any case)
RESTART = ("new", "restart")  # the words that start the game again
FIRST = {"y": "human", "yes": "human", "human": "human", "n": "computer", "no": "computer", "computer": "computer"}


class Loop:
    """Reads commands from ``source`` and prints to stdout; the human plays against the session."""

    def __init__(self, session: PlaySession, human_first: bool, source: TextIO) -> None:
        self.session, self.human_first, self.source = session, human_first, source
        self.human_to_move = human_first

    def say(self, text: str = "") -> None:
        click.echo(text)

    def ask(self, prompt: str) -> str | None:
        click.echo(prompt, nl=False)
        line = self.source.readline()
        if not line:
            click.echo()
            return None
        if not self.source.isatty():
            click.echo(line.rstrip("\n"))  # show scripted input, so a transcript reads well
        return line.strip()

    def board(self) -> None:
        s = self.session
        self.say(f"\nposition: {_draw(s)}")
        whose = "you" if self.human_to_move else "the computer"
        remoteness, note = s.remoteness(), s.remoteness_note()
        # a partizan value has none; a big sum played from its values did not compute it
        ends = f", {note}" if note else "" if remoteness is None else f", remoteness {remoteness}"
        self.say(f"to move: {whose}   (value for the player to move: {s.value()}{ends})")

    def game_over(self) -> None:
        self.say(f"game over: {playing.end_words(self.session, self.human_to_move)}")

    def intro(self) -> None:
        self.say(f"grundy play: {self.session.game.name}. Type 'help' for the commands.")

    def played(self, by: str, move: Any) -> None:
        """Say a move: the computer's always, yours when the game's own words say more than you typed."""
        words = self.session.words(move, before=self.session.history[-2])  # the move is made already
        if by == "computer":
            self.say(f"computer plays: {words}")
        elif words != self.session.label(move):
            self.say(f"you play: {words}")

    def answer(self, command: str, lines: list[str], data: Any) -> None:
        """The reply to a command that does not move (help, moves, undo, illegal, bye): text lines, or
        for --json the object ``{command: data}``."""
        for line in lines:
            self.say(line)

    def run(self) -> int:
        """Play until 'quit' or the end of the input; a game that ends still takes undo and new."""
        self.intro()
        while True:
            self.board()
            if self.session.over:
                self.game_over()
                if not self.after_the_end():
                    return 0
                continue
            if not self.human_to_move:
                self.played("computer", self.session.computer_choice())
                self.human_to_move = True
                continue
            line = self.ask("your move> ")
            if line is None or line.lower() in QUIT:
                self.answer("bye", ["bye"], True)
                return 0
            if line:
                self.command(line)

    def command(self, line: str) -> None:
        """Answer one line typed while the game is on: a command, or a move."""
        command = line.lower()
        if command == "help":
            self.answer("help", [HELP], HELP)
        elif command == "moves":
            moves = self.session.legal_moves()
            words = [self.session.words(move) for move in moves]
            unlisted = self.session.unlisted() if hasattr(self.session, "unlisted") else 0
            more = [f"  ({unlisted:,} more: mirror images of these, which may be typed too)"] if unlisted else []
            self.answer("moves", [f"  #{k}: {w}" for k, w in enumerate(words, start=1)] + more,
                        [self.session.label(move) for move in moves])
        elif command == "hint":
            self.hint()
        elif command == "undo":
            self.undo()
        elif command in RESTART:
            self.restart()
        else:
            try:
                move = self.session.parse(line)
                self.session.play(move)
            except IllegalMove as exc:
                self.answer("illegal", [f"illegal move: {exc}"], str(exc))
                return
            self.played("human", move)
            self.human_to_move = False

    def after_the_end(self) -> bool:
        """Once the game is over: ask until 'undo' or 'new' (True: play on) or 'quit' or the end of the
        input (False: leave)."""
        while True:
            line = self.ask(END_PROMPT)
            if line is None or line.lower() in QUIT:
                self.answer("bye", ["bye"], True)
                return False
            if line.lower() == "undo":
                self.undo()
                return True
            if line.lower() in RESTART:
                self.restart()
                return True
            if line.lower() == "help":
                self.answer("help", [HELP], HELP)
            elif line:
                said = "the game is over: type undo (take back the last moves), new (play again) or quit"
                self.answer("illegal", [said], said)

    def undo(self) -> None:
        """Take back your last move and the computer's reply."""
        undone = self.session.take_back(self.human_first)
        self.answer("undone", [f"took back {undone} move{'s' if undone != 1 else ''}"], undone)
        if undone % 2 == 1:
            self.human_to_move = not self.human_to_move

    def restart(self) -> None:
        """Start again from the first position, the same player moving first."""
        del self.session.history[1:]
        self.human_to_move = self.human_first
        self.answer("new", ["a new game from the first position"], True)

    def hint(self) -> None:
        """The moves as 'moves' numbers them, each with its value for you and why; then the best."""
        hints = self.session.hints()
        shown = [f"#{h.number}: {self.session.words(h.move)}" for h in hints]
        width = min(max(map(len, shown), default=0), 40)
        for h, move in zip(hints, shown, strict=True):
            self.say(f"  {move:<{width}}  you {h.value:<4}  {h.why}")
        best = [h for h in hints if h.best]
        if best:
            value = best[0].value
            timed = best[0].remoteness is not None  # a partizan value says who wins, not how soon
            why = {"win": "you win, by the fastest route" if timed else "you win",
                   "lose": "you lose whatever you play; these hold out longest" if timed
                   else "you lose whatever you play"}.get(str(value), f"you {value}")
            self.say(f"best: {', '.join(f'#{h.number}' for h in best)} ({why})")

    def who_starts(self) -> str | None:
        """Ask who moves first until the answer is one the prompt offers (an empty answer: you);
        None when the player leaves (quit, or the end of the input)."""
        while True:
            answer = self.ask("Do you want to move first? [Y/n] (or: human, computer, quit) ")
            if answer is None or answer.strip().lower() in QUIT:
                self.say("bye")
                return None
            if not answer.strip():
                return "human"
            if answer.strip().lower() in FIRST:
                return FIRST[answer.strip().lower()]
            self.say("answer y (you move first) or n (the computer does), human or computer, or quit")


class JsonLoop(Loop):
    """``play --json``: the same game for a program. Each turn prints one JSON object (the move that
    led to it, the position, who is to move, its value and remoteness — null with
    ``"remoteness_computed": false`` where a big sum is played from its values — and at the end the winner);
    each other command one object named after it (``moves``, ``hints``, ``illegal``, ``undone``,
    ``help``, ``bye``). No prompts and no echo."""

    def __init__(self, session: PlaySession, human_first: bool, source: TextIO) -> None:
        super().__init__(session, human_first, source)
        self.last: dict[str, str] | None = None
        self.shown: list[Any] | None = None  # the history of the turn printed last (printed once)

    def ask(self, prompt: str) -> str | None:
        line = self.source.readline()
        return line.strip() if line else None

    def intro(self) -> None:
        pass

    def played(self, by: str, move: Any) -> None:
        self.last = {"by": by, "move": self.session.label(move)}

    def board(self) -> None:
        s = self.session
        if s.history == self.shown:
            return
        if self.shown is not None and len(s.history) < len(self.shown):
            self.last = None  # after undo: the position came back, no move led to it
        self.shown = list(s.history)
        turn = playing.turn_data(s, self.human_to_move, self.last, playing.winner(s, self.human_to_move))
        emit_json(turn | s.remoteness_fields())

    def game_over(self) -> None:
        pass

    def after_the_end(self) -> bool:
        """A program's game ends with its last turn (its ``over`` and ``winner`` say so), as it always has."""
        return False

    def answer(self, command: str, lines: list[str], data: Any) -> None:
        emit_json({command: data})

    def hint(self) -> None:
        emit_json({"hints": playing.move_list(self.session)})


def _draw(session: PlaySession) -> str:
    game = session.game
    rules = game.rules
    drawn = game.board_lines(session.position) if hasattr(game, "board_lines") else None
    if drawn is not None:  # a partizan board: its rows on lines
        return "\n".join(drawn)
    if rules is None or rules.shape is not Shape.HEAP:
        return session.describe()
    parts = []
    for i, c in enumerate(session.position, start=1):
        if not isinstance(c, int):  # a component that carries more than a size (no-repeat: the takes made)
            parts.append(f"\n  {i}: {rules.format_component(c)}")
            continue
        bar = "●" * c if c <= 30 else f"{'●' * 30}…"
        parts.append(f"\n  {i}: {bar} {render.clip(str(c), 80)}")
    return "".join(parts) or "(nothing left)"


def run_play(session: PlaySession, first: str | None, source: Any = None, as_json: bool = False) -> int:
    """Ask who starts (unless ``first`` says), then play until the end or 'quit'."""
    source = source or sys.stdin
    first = first or ask_first(session, source, as_json)
    if first is None:  # the player left at the first question
        return 0
    return (JsonLoop if as_json else Loop)(session, first == "human", source).run()


def ask_first(session: PlaySession | None, source: TextIO, as_json: bool) -> str | None:
    """Who moves first, asked (``play --json`` asks nothing: it needs ``--first``); None when the
    player leaves instead of answering."""
    if as_json:
        raise GrundyError("play --json asks nothing: say who moves first with --first human or --first computer")
    return Loop(session, True, source).who_starts()  # type: ignore[arg-type]  # asking needs no session


@click.command(cls=FreeComponents)
@click.argument("words", nargs=-1, metavar="SPEC COMPONENT...")
@click.option("--misere", is_flag=True, help="Misère play: whoever moves last loses.")
@click.option("--first", type=click.Choice(["human", "computer"]), default=None,
              help="Who moves first (asked when not given).")
@click.option("--seed", type=int, default=None, help="Seed for the computer's choice among equal moves.")
@budget_options
@click.option("--db", metavar="FILE", callback=database_option_value,
              help="SQLite file to reuse and keep solved positions.")
@rules_option
@click.option("--json", "as_json", is_flag=True,
              help="For programs: one JSON object per turn and per command, no prompts (needs --first).")
@click.option("--side", type=click.Choice(["left", "right"]), default=None,
              help="A partizan game (domineering, toads-and-frogs, ...): the player you are (default left).")
def play(words: tuple[str, ...], misere: bool, first: str | None, seed: int | None, max_states: int | None,
         max_memory: int | None, db: str | None, rules: str | None, arity: int | None, as_json: bool,
         side: str | None) -> None:
    """Play a position against the perfect opponent (moves typed in the terminal or piped in).

    \b
    Examples:
      grundy play nim 3 4 5 --first human
      grundy play domineering '...|...|...' --side right
    """
    with under_budget(max_states, max_memory):
        _play_command(words, misere, first, seed, db, rules, arity, as_json, side)


def _play_partizan(rules: Any, spec: str, tokens: tuple[str, ...], side: str, first: str | None, seed: int | None,
                   db: str | None, as_json: bool) -> None:
    """A partizan position of ``rules`` (SPEC's) against the perfect opponent: the human plays
    ``side`` (Left or Right)."""
    from grundy.service import partizan_play

    if not tokens:
        raise GrundyError(f"no position given: e.g. 'grundy play {spec} {rules.example}'")
    refuse({"--db": db is not None}, spec, "a partizan game is played from its values, which are not stored")
    first = first or ask_first(None, sys.stdin, as_json)
    if first is None:
        return
    run_play(partizan_play.session_for(rules, list(tokens), side, first, seed), first, as_json=as_json)


def _play_command(words: tuple[str, ...], misere: bool, first: str | None, seed: int | None, db: str | None,
                  rules: str | None, arity: int | None, as_json: bool, side: str | None) -> None:
    from grundy.core.general import GeneralGame, default_max_states
    from grundy.core.play import PlaySession
    from grundy.partizan.ruleset import PartizanRuleset
    from grundy.service.solving import no_components, refuse_position

    max_states = default_max_states()

    if rules is None and not words:
        raise GrundyError("missing SPEC: e.g. 'grundy play nim 3 4 5' (see 'grundy list')")
    spec, tokens = (None, words) if rules is not None else (words[0], words[1:])
    own_game_options(rules, arity)
    found = rules_from(spec, rules, arity, "play")
    if isinstance(found, GeneralGame):
        refuse({"--misere": misere, "--side": side is not None}, found.name, "a game of the general solver holds "
               "its whole position in its spec, and its own rules say who wins (it takes --first, --seed, --db, "
               "--max-states and --max-memory)")
        refuse_position(found, bool(tokens), question="play")
        with doubling_progress() as progress:
            session = PlaySession(found, found.start, seed=seed, max_states=max_states, db=db,
                                  progress=(lambda n: progress(n, max_states)) if progress else None)
        run_play(session, first, as_json=as_json)
        return
    if isinstance(found, PartizanRuleset):
        refuse({"--misere": misere}, spec, "a partizan game is played under normal play")
        _play_partizan(found, spec, tokens, side or "left", first, seed, db, as_json)
        return
    refuse({"--side": side is not None}, spec or "a game of --rules",
           "in an impartial game both players have the same moves (--side chooses Left or Right of a partizan game)")
    game = found
    if not tokens:
        raise no_components(game, "play")
    components = [game.parse_component(t) for t in tokens]
    with doubling_progress() as progress:  # a game of one's own (--rules) is solved whole, as before
        session = PlaySession.for_ruleset(game, components, misere=misere, seed=seed, max_states=max_states,
                                          db=db, progress=(lambda n: progress(n, max_states)) if progress else None,
                                          by_values=rules is None)
    run_play(session, first, as_json=as_json)
