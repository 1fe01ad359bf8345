"""``grundy problem``: a classic contest problem solved on its original input, explained, sampled,
or a program of yours stress-tested against it."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from rich.markup import escape

from grundy.cli.common import emit_json, json_option
from grundy.cli.render import clip, console, stderr
from grundy.core.errors import GrundyError
from grundy.problems import data as problems
from grundy.problems.explain import blocks

_SHOWN = "grundy.problem"  # where the problem named beside --help is kept in the click context
CHECK_OPTIONS = ("seed", "cases", "timeout", "max_size", "shrink_seconds")
INPUT_LINES = 20  # lines of a failing input shown (--json gives it whole)


class ProblemCommand(click.Command):
    """``grundy problem NAME --help``: the command's help, then NAME's input and output format."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if any(arg in ctx.help_option_names for arg in args):
            try:
                opts, _, _ = self.make_parser(ctx).parse_args(args=list(args))
            except click.UsageError:
                opts = {}  # the parse below reports it, or --help wins
            if isinstance(opts.get("name"), str):
                from grundy.problems.base import get

                ctx.meta[_SHOWN] = get(opts["name"])
        return super().parse_args(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help(ctx, formatter)
        entry = ctx.meta.get(_SHOWN)
        if entry is None:
            return
        e = entry.explanation
        with formatter.section(f"Problem {entry.name} ({entry.source}, {entry.title})"):
            for heading, body in (("Input", e.input_format), ("Output", e.output_format), ("Limits", e.limits)):
                formatter.write_text(f"{heading}:")
                with formatter.indentation():
                    for line in section_lines(body, formatter.width - formatter.current_indent):
                        formatter.write(f"{'':>{formatter.current_indent}}{line}".rstrip() + "\n")
            formatter.write_paragraph()
            formatter.write_text(f"The statement, the theory and the samples: grundy problem {entry.name} --explain")
            formatter.write_text(f"A sample: grundy problem {entry.name} --sample | grundy problem {entry.name}")


def section_lines(section: str, width: int) -> list[str]:
    """A section of a problem's documentation as lines of at most ``width`` characters: its flowing
    paragraphs wrapped, its kept lines (an input layout) as they are, indented by four.

    >>> section_lines("one two three four five six\\n    n m", 20)
    ['one two three four', 'five six', '    n m']
    """
    out: list[str] = []
    for kept, text in blocks(section):
        out += [f"    {text}"] if kept else (textwrap.wrap(text, max(width, 20)) or [""])
    return out


@click.command(name="problem", cls=ProblemCommand)
@click.argument("name", required=False)
@click.option("--list", "show_list", is_flag=True, help="List the problems by topic, one a line: name, source, "
                                                        "title (with NAME: those whose name, source, title or rule "
                                                        "mentions it).")
@click.option("--topic", metavar="TOPIC", help="With --list: only the problems of TOPIC (nim, bash, wythoff, "
                                                "anti-sg, multi-sg, ...: the keys the list shows).")
@click.option("--explain", is_flag=True, help="Show NAME's statement, input and output format, limits, the theory "
                                             "it uses and why it is right, and its samples.")
@click.option("--sample", is_flag=True, help="Print a sample input of NAME (with --json: every sample and its "
                                            "answer).")
@click.option("--check", "command", metavar="CMD", help="Stress-test your program CMD (stdin to stdout): random "
                                                         "inputs, and a failing one shrunk until no smaller edit "
                                                         "of it fails.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random inputs (--check).")
@click.option("--cases", type=click.IntRange(min=1), default=100, show_default=True,
              help="How many inputs (--check).")
@click.option("--timeout", type=click.FloatRange(min=0.01), default=2.0, show_default=True,
              help="Seconds allowed for one run of CMD (--check).")
@click.option("--max-size", type=click.IntRange(min=1), default=None,
              help="The largest size of a generated input (--check; default: the largest within NAME's limits).")
@click.option("--shrink-seconds", type=float, default=60.0, show_default=True,
              help="Wall-clock budget for shrinking a failing input (--check).")
@json_option
def problem_command(name: str | None, show_list: bool, topic: str | None, explain: bool, sample: bool,
                    command: str | None, seed: int, cases: int, timeout: float, max_size: int | None,
                    shrink_seconds: float, as_json: bool) -> None:
    """Solve a classic contest problem: its original input on stdin, its output on stdout (with
    --json: {"problem": NAME, "output": TEXT}). 'grundy problem NAME --help' adds NAME's input format.

    \b
    Examples:
      grundy problem --list                          the 40 problems, by topic
      grundy problem --list nim                      those that mention nim
      grundy problem --list --topic anti-sg          those of one topic
      grundy problem hdu1846 --explain               statement, format, limits, theory, samples
      grundy problem hdu1846 --sample | grundy problem hdu1846
      grundy problem hdu1846 --check './a.out'       stress-test your solution
    """
    from grundy.problems.base import get, listing

    mode = _mode(name, show_list, explain, sample, command)
    if mode == "--list":
        sections = listing(name, topic)
        if as_json:
            names = {p.name for _, shown in sections for p in shown}
            emit_json([p for p in problems.problem_list() if p["name"] in names])
        else:
            show_problems(sections, name)
        return
    if topic is not None:
        raise GrundyError(f"--topic is an option of --list: grundy problem --list --topic {topic}")
    entry = get(name or "")
    if mode == "--explain":
        if as_json:
            emit_json(problems.explanation_data(entry))
        else:
            show_explanation(entry)
    elif mode == "--sample":
        if as_json:
            emit_json({"problem": entry.name, "samples": problems.samples_data(entry)})
        else:
            sys.stdout.write(entry.samples[0][0])
    elif mode == "--check":
        _run_check(entry, command or "", seed, cases, timeout, max_size, shrink_seconds, as_json)
    else:
        if sys.stdin.isatty():
            click.echo(f"reading the input of {entry.name} ({entry.title}) until end of file (Ctrl-D); "
                       f"'grundy problem {entry.name} --explain' shows its format", err=True)
        output = entry.solve(sys.stdin.read())
        if as_json:  # the output as the samples of --sample --json give theirs
            emit_json({"problem": entry.name, "output": output})
        else:
            sys.stdout.write(output)


def _mode(name: str | None, show_list: bool, explain: bool, sample: bool, command: str | None) -> str | None:
    """Which of --list, --explain, --sample and --check was asked for (None: solve stdin); refuses
    two of them, one without the NAME it needs, and --check's options without --check."""
    given = [flag for flag, on in (("--list", show_list), ("--explain", explain), ("--sample", sample),
                                   ("--check", command is not None)) if on]
    if len(given) > 1:
        raise GrundyError(f"{' and '.join(given)} do not go together: give one of them")
    mode = given[0] if given else ("--list" if name is None else None)
    if mode not in ("--list", None) and name is None:
        example = f"{mode} CMD" if mode == "--check" else mode
        raise GrundyError(f"{mode} needs a problem NAME, e.g. 'grundy problem hdu1846 {example}' "
                          "(see 'grundy problem --list')")
    if mode != "--check":
        context = click.get_current_context()
        for option in CHECK_OPTIONS:
            if context.get_parameter_source(option) is click.core.ParameterSource.COMMANDLINE:
                raise GrundyError(f"--{option.replace('_', '-')} is an option of --check: "
                                  f"grundy problem {name or 'NAME'} --check CMD --{option.replace('_', '-')} ...")
    return mode


def show_problems(sections: list, word: str | None = None) -> None:
    """Print the problem catalogue (the problems that mention ``word``) under the headings of their
    topics (with the key --topic takes): one line each, its name, source and title (``NAME
    --explain`` gives the rule and the rest)."""
    which = "grundy problems" if word is None else f"grundy problems mentioning {escape(repr(word))}"
    _say(f"[bold]{which}[/] (grundy problem NAME < input; NAME --explain; NAME --sample)")
    entries = [p for _, shown in sections for p in shown]
    name = max(len(p.name) for p in entries)
    source = max(len(p.source) for p in entries)
    for heading, shown in sections:
        _say(f"[bold]{escape(heading)}[/] [dim](--topic {shown[0].topic})[/]")
        for p in shown:
            _say(f"  [bold cyan]{p.name:<{name}}[/]  [dim]{escape(p.source.ljust(source))}[/]  {escape(p.title)}")


def show_explanation(entry: Any) -> None:
    """Print a problem's statement, format, limits, theory and samples, each section under its name."""
    e = entry.explanation
    console.print(f"[bold cyan]{entry.name}[/]: {escape(entry.source)}, [bold]{escape(entry.title)}[/]")
    for heading, body in (("Statement", e.statement), ("Input", e.input_format), ("Output", e.output_format),
                          ("Limits", e.limits), ("Theory", e.theory)):
        console.print(f"\n[bold]{heading}[/]")
        _indented(section_lines(body, console.width - 2))
    for i, (text, answer) in enumerate(entry.samples, start=1):
        number = f" {i}" if len(entry.samples) > 1 else ""
        where = f" (grundy problem {entry.name} --sample)" if i == 1 else ""
        for heading, lines in ((f"Sample{number} input{where}", text), (f"Sample{number} output", answer)):
            console.print(f"\n[bold]{escape(heading)}[/]")
            _indented(lines.rstrip("\n").split("\n"))


def _indented(lines: list[str]) -> None:
    console.print("\n".join(f"  {line}".rstrip() for line in lines), markup=False, soft_wrap=True)


def _run_check(entry: Any, command: str, seed: int, cases: int, timeout: float, max_size: int | None,
               shrink_seconds: float, as_json: bool) -> None:
    from grundy.core.errors import Interrupted
    from grundy.problems.check import check

    try:
        with _status(enabled=not as_json) as status:
            report = check(entry, command, seed=seed, cases=cases, timeout=timeout, max_size=max_size,
                           shrink_seconds=shrink_seconds, status=status)
    except Interrupted as stop:
        report = stop.partial
    if as_json:
        failure = report.failure.__dict__ if report.failure else None
        emit_json({"problem": report.problem, "passed": report.passed, "sizes": list(report.sizes),
                   "failure": failure}
                  | ({"interrupted": True} if report.interrupted else {}))
    else:
        if max_size is not None and report.largest_size is not None and report.largest_size < max_size:
            _say(f"note: --max-size {max_size:,} lowered to {report.largest_size:,}, the largest size whose inputs "
                 f"keep to the limits of {report.problem}")
        check_report(report)
    if report.interrupted:
        click.echo("grundy: interrupted", err=True)
        sys.exit(130)
    if report.failure is not None:
        sys.exit(1)


@contextmanager
def _status(enabled: bool = True) -> Iterator[Callable[[str], None] | None]:
    """A status line on stderr saying what the stress test is doing; None when stderr is no terminal
    or not ``enabled`` (--json draws nothing)."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    with stderr.status("starting") as shown:
        yield lambda text: shown.update(escape(text))


def check_report(report: Any) -> None:
    """Print the result of a stress test: all passed, or the shrunk failing input and the expected
    and received outputs side by side. Lines are never broken here (the terminal wraps them)."""
    if report.failure is None and report.interrupted:
        _say(f"[yellow]interrupted[/]: {report.passed} random inputs of {report.problem} passed before Ctrl-C, "
             "no failure found")
        return
    if report.failure is None:
        from grundy.problems.check import ASKED, DEFAULT_TOP

        low, high = report.sizes
        why = {ASKED: f"--max-size {high:,}", DEFAULT_TOP: "the default largest size; --max-size to go further"}
        _say(f"[green]ok[/]: {report.passed} random inputs of {report.problem} passed "
             f"(sizes {low:,} to {high:,}: {why.get(report.why_largest, report.why_largest)})")
        return
    f = report.failure
    _say(f"[red]failed[/] after {report.passed} passing inputs: {escape(f.reason)}")
    if report.interrupted:
        _say("[bold]input[/] ([yellow]interrupted while shrinking: the smallest failing input so far[/]; "
             "not minimal, a smaller one may fail too):")
    elif f.minimal:
        _say("[bold]input[/] (minimal: no smaller edit of it still fails):")
    else:
        _say(f"[bold]input[/] (shrinking stopped at its {report.shrink_seconds:g} s budget; a smaller one may fail "
             "too: raise --shrink-seconds):")
    lines = f.input.rstrip("\n").splitlines()
    shown = [clip(line, 200) for line in lines[:INPUT_LINES]]
    more = [f"... ({len(lines) - INPUT_LINES:,} more lines; --json gives the whole input)"] \
        if len(lines) > INPUT_LINES else []
    _say("\n".join(shown + more), markup=False)
    if f.received or f.reason == "wrong answer":
        compare_outputs(f)
    else:
        _say("[bold]expected output[/] (nothing was received):")
        _say(f.expected.rstrip("\n"), markup=False)


def compare_outputs(f: Any) -> None:
    """The expected and the received output side by side, line by line, the first differing line
    marked with '>'; one under the other when the lines are too wide for the terminal."""
    want, got = f.expected.splitlines(), f.received.splitlines()
    count = max(len(want), len(got))
    last = f.first_shown_line + count - 1
    where = f"line {f.first_difference_line} differs" if f.first_difference_line else "the answer is right"
    if count < max(f.expected_lines, f.received_lines) or f.first_shown_line > 1:
        where += (f"; lines {f.first_shown_line}-{last} shown of {f.expected_lines:,} expected and "
                  f"{f.received_lines:,} received")
    _say(f"[bold]output[/] ({where}):")
    number = max(len(str(last)), len("line"))
    cells = [[(lines[i] if i < len(lines) else "(no line)") for i in range(count)] for lines in (want, got)]
    marks = [">" if f.first_shown_line + i == f.first_difference_line else " " for i in range(count)]
    numbers = [f"{f.first_shown_line + i:>{number}}" for i in range(count)]
    width = max([len("expected")] + [len(c) for c in cells[0]])
    if 1 + 2 + number + 2 + width + 2 + max([len("received")] + [len(c) for c in cells[1]]) <= console.width:
        _say(f"  {'line':>{number}}  {'expected':<{width}}  received", markup=False)
        _rows([f"{n}  {a:<{width}}  {b}".rstrip() for n, a, b in zip(numbers, *cells, strict=True)], marks)
        return
    for heading, column in (("expected", cells[0]), ("received", cells[1])):
        _say(f"{heading}:", markup=False)
        _rows([f"{n}  {c}" for n, c in zip(numbers, column, strict=True)], marks)


def _rows(rows: list[str], marks: list[str]) -> None:
    """Print each row after its mark, the marked one in red."""
    for mark, row in zip(marks, rows, strict=True):
        _say(f"{mark} {row}", markup=False, style="red" if mark == ">" else None)


def _say(text: str, markup: bool = True, style: str | None = None) -> None:
    console.print(text, markup=markup, style=style, soft_wrap=True)
