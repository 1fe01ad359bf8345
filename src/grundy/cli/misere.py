"""``grundy misere SPEC --max-heap N``: the misère quotient of a heap game, each heap's element and genus,
and the misère outcome of sums of heaps (:mod:`grundy.service.quotient` answers; this only parses and
prints)."""

from __future__ import annotations

import click

from grundy.cli.common import budget_options, count_callback, emit_json, json_option, under_budget
from grundy.cli.paths import output_file_value


@click.command()
@click.argument("spec")
@click.option("--max-heap", "max_heap", metavar="N", required=True, callback=count_callback(0),
              help="The quotient of the heaps up to N (e.g. 30).")
@click.option("--outcome", "outcomes", metavar="H1,H2,...", multiple=True,
              help="The misère outcome (N or P) of this sum of heaps, from the quotient; repeatable.")
@click.option("--png", metavar="FILE", callback=output_file_value("PNG"),
              help="Also draw the quotient (PNG): a strip of heaps coloured by element, P-portion marked.")
@budget_options
@json_option
def misere(spec: str, max_heap: int, outcomes: tuple[str, ...], png: str | None, max_states: int | None,
           max_memory: int | None, as_json: bool) -> None:
    """The misère quotient of a heap game (Plambeck–Siegel): its order, presentation, P-portion, whether
    it is tame, whether it covers every heap (the pretending function became periodic), and each heap's
    element and genus; with --outcome, who wins misère sums of heaps; with --png, a picture of it.

    \b
    Examples:
      grundy misere kayles --max-heap 20
      grundy misere octal:.07 --max-heap 30 --outcome 5,7,9
      grundy misere subtraction:1,2 --max-heap 10 --json
      grundy misere octal:0.75 --max-heap 30 --png q.png   heaps coloured by element
    """
    from grundy.service.quotient import misere_answer, misere_lines

    with under_budget(max_states, max_memory):
        data = misere_answer(spec, max_heap, outcomes, png)
    if as_json:
        emit_json(data)
    else:
        click.echo("\n".join(misere_lines(data)))
