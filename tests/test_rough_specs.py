"""Rough edges met as new users (issue 32): a bare octal code is its octal game at every door; positions of one's own
game read as built-in ones are; plain English in counts; a quotient takes one heap."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import grundy
from grundy.cli.main import cli


@pytest.mark.parametrize("code", ["0.137", ".07", "4.7"])
def test_a_bare_octal_code_is_its_octal_game(code: str) -> None:
    bare, named = grundy.ruleset(code), grundy.ruleset(f"octal:{code}")
    assert bare.spec == f"octal:{code}"
    assert bare.values(60).tolist() == named.values(60).tolist()


def test_the_command_line_reads_a_bare_octal_code() -> None:
    done = CliRunner().invoke(cli, ["period", "0.137"])
    assert done.exit_code == 0, done.output
    assert done.output.startswith("octal:0.137: preperiod 52, period 34 (proved")


@pytest.mark.parametrize("spec", ["0.", "1.2.3", "0.1x"])
def test_what_only_looks_like_a_code_is_still_refused(spec: str) -> None:
    with pytest.raises(grundy.GrundyError):
        grundy.ruleset(spec)


def test_one_other_winning_way_is_said_in_the_singular() -> None:
    done = CliRunner().invoke(cli, ["solve", "bash:3", "2", "5", "--compound", "every"])
    assert "(1 other way wins too):" in done.output
    assert "other ways win" not in done.output


def test_a_quotient_takes_one_heap_as_well_as_a_list() -> None:
    quotient = grundy.misere_quotient("kayles", 12)
    assert quotient.element(5) == quotient.element([5]) != quotient.element([])


def test_a_game_of_ones_own_reads_its_positions_as_built_in_games_do() -> None:
    done = CliRunner().invoke(cli, ["solve", "--rules", "examples/rules/take_or_halve.py:moves", "10**4", "1e3"])
    assert done.exit_code == 0, done.output
    assert done.output.startswith("moves  position: 10000  1000\n")
