"""``grundy sweep`` (issue 16): a 2-digit octal survey on a local cluster of two workers, a sweep on a
running ``dask scheduler`` and ``dask worker`` (subprocesses on 127.0.0.1), a sweep killed mid-run and
resumed to the same database as an uninterrupted one, going on from kept values, and bad options.
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

import grundy
from grundy.sweep.families import family_members
from grundy.sweep.store import Store
from tests.helpers import one_error_line, run_cli

BIN = Path(sys.executable).parent
# a few games that run to --max unproved (slow) among quick proved ones: a kill lands mid-run
SLOW_AND_QUICK = ["octal:0.06", "octal:0.76", "octal:0.04", "octal:0.37", "octal:0.74", "octal:0.14",
                  "octal:0.07", "octal:0.77", "octal:0.137", "octal:0.16", "octal:0.51", "octal:0.33"]


def sweep(*argv: str) -> str:
    code, out, err = run_cli("sweep", *argv)
    assert code == 0, err[-2000:]
    return out


def comparable(store: Store) -> list:
    """The rows without the seconds each took (the one column two runs need not share)."""
    return [replace(row, seconds=None) for row in store.rows()]


@pytest.mark.dask
def test_a_two_digit_octal_survey_on_two_workers(tmp_path):
    db = tmp_path / "octal2.sqlite"
    out = sweep("octal", "--digits", "2", "--db", str(db), "--workers", "2", "--max", "2^12")
    members = family_members("octal", digits=2)
    rows = {row.spec: row for row in Store(db).rows()}
    assert set(rows) == {m.spec for m in members}
    for member in members:
        row = rows[member.spec]
        assert row.representative == member.representative and row.family == "octal"
        if member.spec != member.representative:
            assert row.status == "equivalent" and row.period is None
            continue
        alone = grundy.period(member.spec, max_n=2**12)  # the row is what 'grundy period' finds
        seen = alone.period is not None  # no period: no preperiod or saltus in the row either
        assert (row.status, row.preperiod, row.period, row.saltus, row.proved, row.values_computed) == (
            "done", alone.preperiod if seen else None, alone.period, alone.saltus if seen else None, alone.proved,
            alone.values_computed)
    # published: Dawson's Kayles (0.07) period 34, its last exceptional value at 52 (Dawson's chess,
    # 0.137, is the same one heap later); Kayles (0.77) preperiod 71, period 12
    assert (rows["octal:0.07"].preperiod, rows["octal:0.07"].period, rows["octal:0.07"].proved) == (53, 34, True)
    assert (rows["octal:0.77"].preperiod, rows["octal:0.77"].period, rows["octal:0.77"].proved) == (71, 12, True)
    counts = {s: sum(r.status == s for r in rows.values()) for s in ("done", "equivalent", "failed")}
    proved = sum(bool(r.proved) for r in rows.values())
    assert out.splitlines()[0] == (f"{len(rows)} games: {proved} proved, {counts['done'] - proved} unproved, "
                                   f"0 failed, {counts['equivalent']} equivalent")
    assert sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone() == ("wal",)
    # a second run finds every game done, runs none and changes no row (not even its seconds)
    before = Store(db).rows()
    code, again, err = run_cli("sweep", "octal", "--digits", "2", "--db", str(db), "--workers", "2", "--max", "2^12")
    assert code == 0 and "every game of this sweep is in the database already" in err
    assert Store(db).rows() == before


@pytest.mark.dask
def test_a_sweep_agrees_with_the_published_periods(tmp_path):
    from tests.test_takebreak import PUBLISHED

    published = {f"octal:{code}": (preperiod, period) for _, code, preperiod, period in PUBLISHED
                 if code and len(code) <= 4}  # the codes of up to three digits: .07, .137, .45, ...
    specs = tmp_path / "published.txt"
    specs.write_text("\n".join(published) + "\n")
    db = tmp_path / "published.sqlite"
    sweep("--specs", str(specs), "--db", str(db), "--workers", "2", "--max", "2^17")
    found = {r.spec: (r.preperiod, r.period) for r in Store(db).rows() if r.proved}
    assert found == published and len(published) >= 8


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.dask
def test_a_sweep_on_a_running_dask_scheduler(tmp_path):
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                  "--dashboard-address", "127.0.0.1:0"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = subprocess.Popen([str(BIN / "dask"), "worker", address, "--host", "127.0.0.1", "--nworkers", "1",
                               "--nthreads", "1", "--dashboard-address", "127.0.0.1:0"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        from dask.distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(1, timeout=60)
        specs = tmp_path / "games.txt"
        specs.write_text("# three games\noctal:0.07\nkayles\n\nsubtraction:1,3,4\n")
        db = tmp_path / "remote.sqlite"
        sweep("--specs", str(specs), "--scheduler", address, "--db", str(db))
        rows = {r.spec: r for r in Store(db).rows()}
        assert {s: (r.preperiod, r.period, r.proved) for s, r in rows.items()} == {
            "octal:0.07": (53, 34, True), "kayles": (71, 12, True), "subtraction:1,3,4": (0, 7, True)}
    finally:
        for process in (worker, scheduler):
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.mark.dask
def test_a_killed_sweep_resumes_to_the_same_database(tmp_path):
    specs = tmp_path / "games.txt"
    specs.write_text("\n".join(SLOW_AND_QUICK) + "\n")
    command = [str(BIN / "grundy"), "sweep", "--specs", str(specs), "--workers", "2", "--max", "2^17"]
    whole = tmp_path / "whole.sqlite"
    subprocess.run(command + ["--db", str(whole)], check=True, capture_output=True, timeout=300)
    killed = tmp_path / "killed.sqlite"
    running = subprocess.Popen(command + ["--db", str(killed)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    written = 0
    while time.monotonic() < deadline and running.poll() is None:
        if killed.exists():
            try:
                written = sqlite3.connect(killed).execute("SELECT count(*) FROM results").fetchone()[0]
            except sqlite3.OperationalError:
                written = 0  # the table is not made yet
        if written >= 3:
            break
        time.sleep(0.05)
    assert running.poll() is None, "the sweep ended before it could be killed"
    os.killpg(running.pid, signal.SIGKILL)  # the client and its cluster's processes, all at once
    running.wait(10)
    assert 3 <= len(Store(killed).rows()) < len(SLOW_AND_QUICK)
    subprocess.run(command + ["--db", str(killed)], check=True, capture_output=True, timeout=300)
    assert comparable(Store(killed)) == comparable(Store(whole))
    assert len(Store(whole).rows()) == len(SLOW_AND_QUICK)


@pytest.mark.dask
def test_redo_unproved_goes_on_from_the_kept_values(tmp_path, monkeypatch):
    specs = tmp_path / "games.txt"
    specs.write_text("octal:0.16\n")  # preperiod 105,351, period 149,459: unproved at 2^16, proved by 2^19
    db = tmp_path / "s.sqlite"
    sweep("--specs", str(specs), "--db", str(db), "--workers", "1", "--max", "2^16", "--keep-values")
    first = Store(db).rows()[0]
    assert (first.proved, first.values_computed) == (False, 2**16)
    kept = Store(db, keep_values=True).kept("octal:0.16")
    assert kept is not None and kept.tolist() == grundy.ruleset("octal:.16").values(2**16).tolist()
    sweep("--specs", str(specs), "--db", str(db), "--workers", "1", "--max", "2^19", "--redo-unproved",
          "--keep-values")
    row = Store(db).rows()[0]
    assert (row.preperiod, row.period, row.proved) == (105351, 149459, True)


def test_the_values_kept_are_where_a_longer_run_starts():
    from grundy.sweep.runner import work_out

    # the kept values are taken as they are: a wrong one shows in the values that follow it
    right = grundy.ruleset("octal:.07").values(200).copy()
    wrong = right.copy()
    wrong[2] = 0  # G(2) is 1: taken as 0, it changes the values of the moves that leave a heap of 2
    # each under a spelling of its own (the catalogue keeps one object per spelling, and seed fills it)
    _, from_right = work_out("specs", "octal:.0700", "octal:.0700", 300, right)
    _, from_wrong = work_out("specs", "octal:.07000", "octal:.07000", 300, wrong)
    truth = grundy.ruleset("octal:.07").values(400).tolist()
    assert from_right.tolist() == truth[:len(from_right)] and len(from_right) > 200
    assert from_wrong[2] == 0 and len(from_wrong) > 200 and from_wrong[200:].tolist() != truth[200:len(from_wrong)]


@pytest.mark.parametrize(("argv", "said"), [
    (("sweep",), "name a FAMILY (octal, hex, subtraction), or --specs FILE, or 'show' to read a database (see "
                 "'grundy sweep --help')"),
    (("sweep", "octal"), "sweep octal needs --digits D: the codes of up to D digits (e.g. --digits 2)"),
    (("sweep", "octal", "--digits", "2", "--size", "3"), "--size does not apply to octal: it takes --digits (and "
                                                         "--whole)"),
    (("sweep", "subtraction", "--max-move", "8"), "sweep subtraction needs --max-move M and --size K: every set of "
                                                  "K moves from 1..M (e.g. --max-move 8 --size 3)"),
    (("sweep", "show", "--db", "/nonexistent/x.sqlite"), "--db /nonexistent/x.sqlite: no such database (a sweep "
                                                         "makes it: 'grundy sweep octal --digits 2 --db "
                                                         "/nonexistent/x.sqlite')"),
    (("sweep", "show", "--db", "x.sqlite", "--workers", "2"),
     "--workers does not apply to sweep show: it reads a database (it takes --db, --unproved, --sort, --report)"),
    (("sweep", "octal", "--digits", "2", "--sort", "period"), "--sort does not apply to a sweep: they choose the rows "
                                                              "of 'grundy sweep show'"),
    (("sweep", "nim"), None),
])
def test_bad_options_are_one_line(argv, said):
    code, out, err = run_cli(*argv)
    assert (code, out) == (2, "")
    line = one_error_line(err)
    if said is not None:
        assert line == said


@pytest.mark.parametrize("argv", [
    ("--scheduler", "bogus"), ("--scheduler", ""), ("--scheduler", "tls://127.0.0.1:1"),
    ("--scheduler", "127.0.0.1:99999"), ("--report", "out.txt"), ("--report", "no-such-folder/out.md"),
])
def test_bad_scheduler_and_report_are_refused_before_any_work(tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("sweep", "octal", "--digits", "1", "--db", "s.sqlite", *argv)
    assert (code, out) == (2, "")
    line = one_error_line(err)
    assert line.endswith("is not a Dask scheduler's address: write tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786") or \
        line.startswith(("a report is written", "cannot write the report")), line
    assert not (tmp_path / "s.sqlite").exists()  # refused before the database was made or a game ran


def test_scheduler_addresses():
    from grundy.sweep.runner import scheduler_address

    assert scheduler_address("tcp://127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    assert scheduler_address(" localhost:8786 ") == "tcp://localhost:8786"
    assert scheduler_address("[::1]:8786") == "tcp://[::1]:8786"
    for bad in ("127.0.0.1", "tcp://127.0.0.1:", "127.0.0.1:0", "ws://127.0.0.1:8786", "a b:1"):
        with pytest.raises(grundy.GrundyError, match="is not a Dask scheduler's address: write tcp://HOST:PORT"):
            scheduler_address(bad)


@pytest.mark.dask
def test_a_port_that_says_nothing_is_given_up_on():
    from grundy.sweep.runner import connect

    # a listener that accepts and never answers (as a dashboard's port does to Dask's handshake):
    # Dask alone would wait for ever
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(4)
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        began = time.monotonic()
        with pytest.raises(grundy.GrundyError, match=r"did not answer in 2 s: is it a scheduler's address"):
            connect(address, seconds=2)
        assert time.monotonic() - began < 15


def test_kept_values_are_written_whole_and_a_damaged_file_is_not_taken(tmp_path):
    store = Store(tmp_path / "s.sqlite", keep_values=True)
    store.keep("octal:0.6", grundy.ruleset("octal:0.6").values(100))
    assert store.kept("octal:0.6").tolist() == grundy.ruleset("octal:0.6").values(100).tolist()
    assert [p.name for p in store.values_dir.iterdir()] == ["octal_0.6.npz"]  # no partial file left behind
    path = store.values_file("octal:0.6")
    whole = path.read_bytes()
    for damaged in (whole[: len(whole) // 2], b"not a numpy file", b""):
        path.write_bytes(damaged)
        assert store.kept("octal:0.6") is None  # the game starts again from zero
    import numpy as np

    for wrong in (np.array([[1, 2]]), np.array([0.5, 1.0]), np.array([0, -1])):
        np.savez_compressed(path, values=wrong)
        assert store.kept("octal:0.6") is None


@pytest.mark.dask
def test_a_redo_over_a_damaged_values_file_starts_from_zero(tmp_path):
    specs = tmp_path / "games.txt"
    specs.write_text("octal:0.6\n")
    db = tmp_path / "s.sqlite"
    sweep("--specs", str(specs), "--db", str(db), "--workers", "1", "--max", "2^10", "--keep-values")
    path = Store(db).values_file("octal:0.6")
    path.write_bytes(path.read_bytes()[:40])
    sweep("--specs", str(specs), "--db", str(db), "--workers", "1", "--max", "2^11", "--redo-unproved",
          "--keep-values")
    row = Store(db).rows()[0]
    assert (row.status, row.values_computed) == ("done", 2**11)
    assert Store(db).kept("octal:0.6").tolist() == grundy.ruleset("octal:0.6").values(2**11).tolist()


def test_rows_without_a_period_have_no_preperiod_or_saltus_and_a_budget_ends_a_game():
    from grundy.sweep.report import cells
    from grundy.sweep.runner import work_out

    row, values = work_out("specs", "octal:0.6", "octal:0.6", 2**10, None)
    assert (row.period, row.preperiod, row.saltus, row.proved, row.values_computed) == (None, None, None, False, 2**10)
    assert cells(row, brief=True)[-1] == "no period"
    # three heaps: each value costs the splits of its heap, so the work budget ends the game first
    row, values = work_out("specs", "hex:0.38", "hex:0.38", 2**16, None, max_states=10_000, command_line=True)
    assert row.status == "done" and not row.proved and 256 <= row.values_computed == len(values) < 2**16
    assert "work budget" in row.reason and "--max-states" in row.reason
    assert cells(row, brief=True)[-1] == ("no period, budget" if row.period is None else "observed, budget")
    assert values.tolist() == grundy.ruleset("hex:0.38").values(len(values)).tolist()


@pytest.mark.dask
def test_json_answers_of_a_sweep_and_of_show(tmp_path):
    import json

    specs = tmp_path / "games.txt"
    specs.write_text("octal:0.07\noctal:0.6\n")
    db = tmp_path / "s.sqlite"
    code, out, err = run_cli("sweep", "--specs", str(specs), "--db", str(db), "--workers", "1", "--max", "2^10",
                             "--json")
    assert (code, err) == (0, "")  # no dashboard line, no bar: only the JSON
    answer = json.loads(out)
    assert answer["games"] == 2 and answer["counts"] == {"proved": 1, "unproved": 1, "failed": 0, "equivalent": 0}
    rows = {row["spec"]: row for row in answer["rows"]}
    dawson = rows["octal:0.07"]
    assert (dawson["preperiod"], dawson["period"], dawson["proved"]) == (53, 34, True)
    assert (rows["octal:0.6"]["period"], rows["octal:0.6"]["proved"], rows["octal:0.6"]["values_computed"]) == (
        None, False, 2**10)
    assert set(rows["octal:0.07"]) == set(Store(db).rows()[0].__dataclass_fields__)
    code, out, err = run_cli("sweep", "show", "--db", str(db), "--json", "--report", str(tmp_path / "r.csv"))
    assert (code, err) == (0, "")
    assert json.loads(out) == answer | {"report": str(tmp_path / "r.csv")}
