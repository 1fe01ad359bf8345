"""``grundy sweep misere`` (issue 30): the misère quotients of a family of codes on the sweep's engine.
The equal codes are the same games heap by heap (never the normal sweep's covered bits); a 2-digit
survey to heap 8 on a local Dask cluster agrees with ``quotient_of`` called directly and lists the
wild 0.75 (R8 from heap 5); a survey interrupted after a few rows and run again equals one run
whole; a quotient over its budget is a row, not a crash.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import grundy
from grundy.core.errors import LimitError
from grundy.sweep.families import octal_family
from grundy.sweep.misere_family import misere_family
from grundy.sweep.misere_store import MisereRow, MisereStore, cells, markdown, summary
from tests.helpers import one_error_line, run_cli

DIGITS, MAX_HEAP = 2, 8  # the survey of the Dask tests: 72 codes, 50 computed


def moves(rules, heap: int, terminal: set[int]) -> set[tuple[int, ...]]:
    """The options of a heap as games: each a sorted sum of the heaps that have a move."""
    return {tuple(sorted(h for h in option if h not in terminal)) for option in rules.options(heap)}


@pytest.mark.parametrize(("kind", "digits", "whole"), [("octal", 3, False), ("octal", 2, True), ("hex", 2, False),
                                                       ("hex", 1, True)])
def test_equal_codes_have_the_same_options_heap_by_heap(kind, digits, whole):
    family = misere_family(kind, digits, whole)
    specs = {m.spec: m for m in family}
    base, firsts = (8, 2) if kind == "octal" else (16, 4)  # d0 = 0 (and 4, or 4, 8, c, with whole)
    assert len(family) == len(specs) == (firsts if whole else 1) * sum(base ** k for k in range(1, digits + 1))
    games = {}
    for member in family:
        target = specs[member.representative]
        assert target.is_representative  # a representative is its own
        if member.is_representative:
            continue
        for spec in (member.spec, target.spec):
            if spec not in games:
                rules = grundy.ruleset(spec)
                terminal = {h for h in range(24) if not list(rules.options(h))}
                games[spec] = [moves(rules, h, terminal) for h in range(24)]
        assert games[member.spec] == games[target.spec], (member.spec, member.why)


def test_the_normal_sweeps_covered_bits_are_not_used():
    normal = {m.spec: m.representative for m in octal_family(3)}
    misere = {m.spec: m.representative for m in misere_family("octal", 3)}
    # 0.301: taking 3 from a heap of 3 is, in normal play, taking 1 and leaving a heap of 2 (value 0);
    # a heap of 2 has a move, so in misère play the two codes are computed apart
    assert normal["octal:0.301"] == "octal:0.3" and misere["octal:0.301"] == "octal:0.301"
    # 0.42: a heap of 1 has no move, so taking 2 and leaving n - 2 is taking 1 and splitting off that heap
    assert normal["octal:0.42"] == misere["octal:0.42"] == "octal:0.4"
    assert sum(s == r for s, r in misere.items()) > sum(s == r for s, r in normal.items())


def test_a_row_is_what_quotient_of_finds_and_a_budget_is_a_row(monkeypatch):
    from grundy import quotient
    from grundy.sweep.misere import work_out

    row = work_out("octal", "octal:0.75", "octal:0.75", 5)
    found = quotient.quotient_of(grundy.ruleset("octal:0.75"), 5)
    assert (row.status, row.q_size, row.p_size, row.tame) == ("done", 8, 2, False)  # R8
    assert (row.presentation, row.elements.split(), row.complete) == (found.presentation, found.elements,
                                                                       found.complete)

    row = work_out("octal", "octal:0.77", "octal:0.77", 40, max_states=10, command_line=True)  # the real budget
    assert (row.status, row.q_size) == ("budget", None) and "--max-states" in row.error

    def over(rules, max_heap):
        raise LimitError("the quotient needs more than 10 states", knob="max_states", limit=10)

    monkeypatch.setattr(quotient, "quotient_of", over)
    row = work_out("octal", "octal:0.77", "octal:0.77", 40, max_states=10)
    assert (row.status, row.q_size, row.error) == ("budget", None, "the quotient needs more than 10 states")
    assert cells(row, brief=True)[-1] == "budget"

    def broken(rules, max_heap):
        raise grundy.GrundyError("no quotient here")

    monkeypatch.setattr(quotient, "quotient_of", broken)
    assert work_out("octal", "octal:0.77", "octal:0.77", 40).status == "failed"


def test_rows_are_kept_by_code_and_heap_bound_and_the_report_lists_the_wild_ones(tmp_path):
    store = MisereStore(tmp_path / "s.sqlite")
    r8 = MisereRow("octal", "octal:0.75", "octal:0.75", "done", 5, 8, 2, False, False, None, None, None,
                   "⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩", "a b c", "1 a b a b c", 0.5, "x")
    nim = replace(r8, spec="octal:0.333", representative="octal:0.333", q_size=10, tame=True, complete=True,
                  complete_from_heap=7, presentation="T3")
    for row in (r8, replace(r8, max_heap=6, q_size=12), nim):
        store.write(row)
    store.write(replace(r8, seconds=0.25))  # the same code and bound: replaced
    assert len(store.rows()) == 3 and store.rows("spec = ? AND max_heap = ?",
                                                                arguments=("octal:0.75", 5))[0].seconds == 0.25
    assert store.done(5) == {"octal:0.75", "octal:0.333"} and store.done(7) == set()
    store.write(replace(nim, spec="octal:0.354", status="budget", q_size=None, error="more than 10 steps"))
    assert "octal:0.354" in store.done(5) and "octal:0.354" not in store.done(5, redo_budget=True)
    store.db.execute("DELETE FROM misere WHERE spec = 'octal:0.354'")
    found = summary(store.rows())
    assert [(r.spec, r.max_heap) for r in found.wild] == [("octal:0.75", 6), ("octal:0.75", 5)]
    assert found.counts["tame"] == 1 and found.counts["wild"] == 2
    assert cells(nim)[4:6] == ["tame", "from 7"]
    assert "⟨a, b, c \\| a² = 1" in markdown([r8])  # the bar of the presentation escaped for Markdown
    store.db.execute("UPDATE misere SET status = 'lost' WHERE max_heap = 6")
    with pytest.raises(grundy.GrundyError, match="holds status = 'lost', not done, equivalent, budget, failed"):
        store.rows()


def test_show_reads_either_table_of_a_database(tmp_path):
    from grundy.sweep.store import Row, Store

    db = tmp_path / "both.sqlite"
    Store(db).write(Row("octal", "octal:0.07", "octal:0.07", "done", 53, 34, 0, True, 256, 8, None, 0.1, "x"))
    MisereStore(db).write(MisereRow("octal", "octal:0.75", "octal:0.75", "done", 5, 8, 2, False, False, None, None,
                                    None, "R8", "a b c", "1 a b a b c", 0.5, "x"))
    code, out, err = run_cli("sweep", "show", "--db", str(db))
    assert code == 0 and "octal:0.07" in out and "octal:0.75" not in out
    assert "it holds a misère survey too: grundy sweep show --misere" in out
    code, out, err = run_cli("sweep", "show", "--db", str(db), "--misere", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["wild"] == [["octal:0.75", 5]] and answer["counts"]["wild"] == 1
    code, out, err = run_cli("sweep", "show", "--db", str(db), "--misere", "--unproved")
    assert code == 2 and one_error_line(err).startswith("--unproved does not apply to the misère rows")


@pytest.mark.parametrize(("argv", "said"), [
    (("--digits", "2"), "sweep misere needs --digits D and --max-heap N: the quotients Q_N of every code of up to D "
                        "digits (e.g. --digits 2 --max-heap 12)"),
    (("--digits", "2", "--max-heap", "0"), "the largest heap of a misère survey must be a whole number from 1 to 200, "
                                           "got 0"),
    (("--digits", "2", "--max-heap", "5", "--size", "3"),
     "--size does not apply to sweep misere: it takes --digits, --max-heap (and --hex, --whole, --max-states)"),
    (("--digits", "9", "--max-heap", "5"), None),
])
def test_bad_options_are_one_line(tmp_path, argv, said):
    code, out, err = run_cli("sweep", "misere", "--db", str(tmp_path / "s.sqlite"), *argv)
    assert (code, out) == (2, "")
    line = one_error_line(err)
    assert line == said if said is not None else "digits" in line


def test_misere_options_are_refused_elsewhere(tmp_path):
    code, out, err = run_cli("sweep", "octal", "--digits", "2", "--max-heap", "5", "--db", str(tmp_path / "s.sqlite"))
    assert one_error_line(err) == ("--max-heap does not apply to sweep octal: they choose the codes of "
                                   "'grundy sweep misere'")


@pytest.fixture(scope="module")
def survey(tmp_path_factory):
    """A whole 2-digit survey to heap 8 on two local workers, run once for the tests below."""
    db = tmp_path_factory.mktemp("misere") / "whole.sqlite"
    code, out, err = run_cli("sweep", "misere", "--digits", str(DIGITS), "--max-heap", str(MAX_HEAP), "--db", str(db),
                             "--workers", "2", "--json")
    assert (code, err) == (0, ""), err[-2000:]
    return db, json.loads(out)


@pytest.mark.dask
def test_a_survey_on_dask_agrees_with_quotient_of(survey):
    from grundy.quotient import quotient_of

    db, answer = survey
    members = misere_family("octal", DIGITS)
    rows = {row.spec: row for row in MisereStore(db).rows()}
    assert set(rows) == {m.spec for m in members} and answer["games"] == len(members)
    for member in members:
        row = rows[member.spec]
        assert (row.representative, row.max_heap) == (member.representative, MAX_HEAP)
        if not member.is_representative:
            assert row.status == "equivalent" and row.q_size is None
            continue
        alone = quotient_of(grundy.ruleset(member.spec), MAX_HEAP)
        assert (row.status, row.q_size, row.p_size, row.tame, row.complete, row.complete_from_heap, row.presentation,
                row.elements.split()) == ("done", alone.order, len(alone.p_portion), alone.tame, alone.complete,
                                          alone.complete_from_heap, alone.presentation, alone.elements)
    assert ["octal:0.75", MAX_HEAP] in answer["wild"]
    assert rows["octal:0.7"].tame and rows["octal:0.0"].q_size == 1  # misère Nim's T1; no move at all


@pytest.mark.dask
def test_show_and_the_report_list_the_wild_games(survey, tmp_path):
    db, _ = survey
    code, out, err = run_cli("sweep", "show", "--db", str(db), "--misere", "--sort", "order")
    assert code == 0, err
    code, out, err = run_cli("sweep", "show", "--db", str(db), "--json", "--report", str(tmp_path / "r.md"))
    assert code == 0 and ["octal:0.75", MAX_HEAP] in json.loads(out)["wild"]  # a misère-only database: its rows
    report = (tmp_path / "r.md").read_text()
    assert "| octal:0.75 | 8 |" in report and "| wild |" in report


@pytest.mark.dask
def test_an_interrupted_survey_goes_on_to_the_same_rows(survey, tmp_path):
    from grundy.sweep.misere import run

    whole, _ = survey
    members = misere_family("octal", DIGITS)
    store = MisereStore(tmp_path / "resumed.sqlite")

    class Stop(Exception):
        pass

    def stop_after_four(tally, row):
        if tally.done >= 4:
            raise Stop

    with pytest.raises(Stop):
        run(members, store, MAX_HEAP, workers=1, on_row=stop_after_four)
    computed = [r for r in store.rows() if r.status != "equivalent"]
    assert 4 <= len(computed) < sum(m.is_representative for m in members)
    tally = run(members, store, MAX_HEAP, workers=1)
    assert tally.total == sum(m.is_representative for m in members) - len(computed)  # only the rest was run

    def comparable(rows):
        return [replace(r, seconds=None) for r in rows]

    assert comparable(store.rows()) == comparable(MisereStore(whole).rows())
