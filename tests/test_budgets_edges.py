"""Issue 26, at the edges of ``grundy sweep`` and of the file options: special files, option-looking
file names, a database with NULL numbers, a lying file of kept values, and Ctrl-C at a terminal.

What could block or fill the memory runs in a child process under a hard address-space limit
(``resource.setrlimit``) and a generous watchdog; the assertions are on exit status and messages.
"""

from __future__ import annotations

import json
import os
import pty
import resource
import select
import signal
import sqlite3
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest

from grundy.cli.paths import (
    database_option_value,
    file_option_value,
    input_file_value,
    input_option_value,
    output_file_value,
    rules_option_value,
)
from grundy.core.errors import GrundyError
from grundy.core.userfiles import MAX_INPUT_BYTES, output_file, read_input_text, regular_input_file
from grundy.sweep.store import Row, Store
from tests.helpers import one_error_line, run_cli

GRUNDY = str(Path(sys.executable).parent / "grundy")
HARD_LIMIT = 3 * 1024**3  # bytes of address space a child may take
WATCHDOG = 120.0  # seconds: a safety net, never the thing asserted


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (HARD_LIMIT, HARD_LIMIT))


def grundy_child(*argv: str, cwd: Path, stdin: object = subprocess.DEVNULL) -> subprocess.CompletedProcess:
    return subprocess.run([GRUNDY, *argv], stdin=stdin, capture_output=True, text=True, timeout=WATCHDOG,
                          preexec_fn=_limit_memory, cwd=cwd)


def one_line(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    return one_error_line(proc.stderr)


# -- special files -------------------------------------------------------------------------------

def test_special_files_are_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "games.txt").write_text("kayles\n")
    with open(tmp_path / "big.txt", "wb") as big:  # sparse: 17 MB that take no room
        big.truncate(MAX_INPUT_BYTES + 1024**2)
    cases = {
        ("--specs", "fifo"): "specs file fifo: a FIFO (named pipe), not a regular file",
        ("--specs", "/dev/zero"): "specs file /dev/zero: a character device, not a regular file",
        ("--specs", "/dev/urandom"): "specs file /dev/urandom: a character device, not a regular file",
        ("--specs", "."): "specs file .: a directory, not a regular file",
        ("--specs", "big.txt"): f"specs file big.txt: {MAX_INPUT_BYTES + 1024**2:,} bytes, more than the "
                                f"{MAX_INPUT_BYTES:,} a specs file may hold",
        ("--specs", "games.txt", "--db", "fifo"): "--db fifo: a FIFO (named pipe), not a regular file",
        ("--specs", "games.txt", "--db", "/dev/zero"): "--db /dev/zero: a character device, not a regular file",
        ("--specs", "games.txt", "--report", "fifo"): "cannot write the report fifo: it is a FIFO that no "
                                                      "process reads",
        ("show", "--db", "fifo"): "--db fifo: a FIFO (named pipe), not a regular file",
    }
    for argv, message in cases.items():
        assert one_line(grundy_child("sweep", *argv, cwd=tmp_path)) == message, argv
    with open("/dev/zero", "rb") as zero:  # standard input that never ends
        proc = grundy_child("sweep", "--specs", "-", stdin=zero, cwd=tmp_path)
    assert one_line(proc) == f"specs file standard input: more than the {MAX_INPUT_BYTES:,} bytes a specs file may hold"
    assert not (tmp_path / "sweep.sqlite").exists()  # nothing was begun


def test_specs_from_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Store("s.sqlite").write(Row("specs", "kayles", "kayles", "done", 71, 12, 0, True, 256, 8, None, 0.1, "x"))
    code, out, err = run_cli("sweep", "--specs", "-", "--db", "s.sqlite", "--json", stdin="# done already\nkayles\n")
    assert code == 0, err
    assert json.loads(out)["rows"][0]["period"] == 12  # read from stdin; in the database, so no cluster ran
    code, _, err = run_cli("sweep", "--specs", "-", "--db", "s.sqlite", stdin="# only a comment\n")
    assert code == 2 and "specs file standard input holds no spec" in one_error_line(err)


def test_the_path_helpers(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"kayles\n")
    assert read_input_text(str(tmp_path / "a.txt"), what="specs file") == "kayles\n"
    (tmp_path / "latin1.txt").write_bytes(b"caf\xe9\n")
    with pytest.raises(GrundyError, match=r"latin1\.txt: not UTF-8 text$"):
        read_input_text(str(tmp_path / "latin1.txt"), what="specs file")
    with pytest.raises(GrundyError, match="no such file"):
        regular_input_file(tmp_path / "nowhere")
    with pytest.raises(GrundyError, match="7 bytes, more than the 4 a rules file may hold"):
        regular_input_file(tmp_path / "a.txt", max_bytes=4, what="rules file")
    # a FIFO that a process reads may take a report (it will not block); a folder may not
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert output_file(str(fifo), "report") == fifo
    finally:
        os.close(reader)
    assert output_file("/dev/null") == Path("/dev/null")
    with pytest.raises(GrundyError, match="it is a directory"):
        output_file(str(tmp_path), "PNG")


# -- option-looking values -------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "message"), [
    (("sweep", "--specs", "games.txt", "--db", "-x"),
     "--db: '-x' looks like an option, not a file name; write ./-x for a file of that name"),
    (("sweep", "--specs", "games.txt", "--db", "--json"),
     "--db: '--json' looks like an option, not a file name; write ./--json for a file of that name"),
    (("sweep", "show", "--db", "-x"),
     "--db: '-x' looks like an option, not a file name; write ./-x for a file of that name"),
    (("sweep", "--specs", "-x"),
     "--specs: '-x' looks like an option, not a file name; write ./-x for a file of that name"),
    (("sweep", "--specs", "games.txt", "--report", "-r.md"),
     "--report: '-r.md' looks like an option, not a file name; write ./-r.md for a file of that name"),
    (("sweep", "--specs", "games.txt", "--report", "-"),
     "--report: '-' (standard input or output) is not taken here; write ./- for a file of that name"),
    (("sweep", "--specs", "games.txt", "--db", ""), "--db: an empty file name"),
])
def test_an_option_looking_value_is_not_a_file_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    argv: tuple[str, ...], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.txt").write_text("kayles\n")
    code, _, err = run_cli(*argv)
    assert code == 2 and one_error_line(err) == message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.txt"]  # no '-x' database made


def test_the_callbacks_take_multiple_values_and_dot_slash() -> None:
    assert file_option_value(None, None, ("a.png", "./-b.png")) == ("a.png", "./-b.png")
    assert input_option_value(None, None, "-") == "-"
    assert file_option_value(None, None, None) is None
    with pytest.raises(GrundyError, match="'-b.png' looks like an option"):
        file_option_value(None, None, ("a.png", "-b.png"))


def test_the_callbacks_for_the_other_commands(tmp_path: Path) -> None:
    """The callbacks the other commands' options take (``--db`` of solve and play, ``--graph``,
    ``--png``, ``--rules``), on a command of their own: each bad value is refused before the command
    runs, with one GrundyError line."""
    import click

    ran = []

    @click.command()
    @click.option("--db", callback=database_option_value)
    @click.option("--graph", "graphs", multiple=True, callback=input_file_value("graph file"))
    @click.option("--png", callback=output_file_value("PNG"))
    @click.option("--rules", callback=rules_option_value)
    def command(**given: object) -> None:
        ran.append(given)

    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "g.txt").write_text("0 1\n")
    (tmp_path / "r.py").write_text("def f(n):\n    return []\n")
    good = ["--db", str(tmp_path / "new.sqlite"), "--graph", str(tmp_path / "g.txt"), "--png", str(tmp_path / "a.png"),
            "--rules", f"{tmp_path / 'r.py'}:f"]
    command.main(good, standalone_mode=False)
    assert len(ran) == 1
    for argv, message in [
        (["--db", "-x"], "--db: '-x' looks like an option"),
        (["--db", str(tmp_path / "fifo")], "a FIFO (named pipe), not a regular file"),
        (["--graph", str(tmp_path / "g.txt"), "--graph", "/dev/zero"], "graph file /dev/zero: a character device"),
        (["--graph", str(tmp_path / "fifo")], "graph file " + str(tmp_path / "fifo") + ": a FIFO"),
        (["--png", "--json"], "--png: '--json' looks like an option"),
        (["--png", str(tmp_path / "fifo")], "cannot write the PNG " + str(tmp_path / "fifo") + ": it is a FIFO"),
        (["--rules", "-r.py:f"], "--rules: '-r.py' looks like an option"),
        (["--rules", f"{tmp_path / 'fifo'}:f"], "rules file " + str(tmp_path / "fifo") + ": a FIFO"),
    ]:
        with pytest.raises(GrundyError) as caught:
            command.main(argv, standalone_mode=False)
        assert message in str(caught.value) and "\n" not in str(caught.value), argv
    assert len(ran) == 1  # none of them ran the command


# -- a database with NULL numbers --------------------------------------------------------------------

def null_database(path: Path) -> None:
    store = Store(path)
    store.write(Row("octal", "octal:0.07", "octal:0.07", "done", 53, 34, 0, True, 256, 8, None, 0.1, "0.1.0"))
    store.write(Row("octal", "octal:0.17", "octal:0.17", "done", None, 5, None, True, None, None, None, None, "0.1.0"))
    store.write(Row("octal", "octal:0.37", "octal:0.37", "done", None, None, None, False, None, None, None, None, ""))
    store.db.execute("INSERT INTO results (family, spec, status, period) VALUES ('octal', 'octal:0.6', 'done', 3)")
    store.db.commit()
    store.close()


@pytest.mark.parametrize("sort", ["spec", "preperiod", "period", "values", "seconds"])
def test_null_numbers_are_shown_and_sorted_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sort: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "160")
    null_database(tmp_path / "n.sqlite")
    code, out, err = run_cli("sweep", "show", "--db", "n.sqlite", "--sort", sort, "--report", "n.md")
    assert code == 0 and "Traceback" not in err, err
    shown = [line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│")]
    expected = {"spec": ["octal:0.07", "octal:0.17", "octal:0.37", "octal:0.6"],
                "preperiod": ["octal:0.07", "octal:0.17", "octal:0.37", "octal:0.6"],
                "period": ["octal:0.07", "octal:0.17", "octal:0.6", "octal:0.37"],
                "values": ["octal:0.07", "octal:0.17", "octal:0.37", "octal:0.6"],
                "seconds": ["octal:0.07", "octal:0.17", "octal:0.37", "octal:0.6"]}[sort]
    assert shown == expected  # the largest first, the rows without the number last
    assert "| octal:0.17 | — | 5 | — | yes | — | — |  |" in (tmp_path / "n.md").read_text()
    code, out, err = run_cli("sweep", "show", "--db", "n.sqlite", "--sort", sort, "--json")
    assert code == 0, err
    rows = {row["spec"]: row for row in json.loads(out)["rows"]}
    assert rows["octal:0.17"]["preperiod"] is None and rows["octal:0.6"]["proved"] is None


def test_a_sweep_over_a_database_with_nulls_summarises_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    null_database(tmp_path / "n.sqlite")
    (tmp_path / "games.txt").write_text("octal:0.17\noctal:0.37\noctal:0.6\n")
    code, out, err = run_cli("sweep", "--specs", "games.txt", "--db", "n.sqlite", "--report", "n.csv")
    assert code == 0 and "Traceback" not in err, err
    assert "3 games: 1 proved, 2 unproved" in " ".join(out.split())
    assert "octal:0.17,octal:0.17,done,,5,,True" in (tmp_path / "n.csv").read_text()


def test_a_row_of_the_wrong_kind_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    null_database(tmp_path / "n.sqlite")
    with sqlite3.connect(tmp_path / "n.sqlite") as db:
        db.execute("INSERT INTO results (family, spec, status, preperiod) VALUES ('x', 'octal:0.4', 'done', 'abc')")
    code, _, err = run_cli("sweep", "show", "--db", "n.sqlite")
    assert code == 2 and one_error_line(err) == ("n.sqlite: the row of 'octal:0.4' holds preperiod = 'abc', not a "
                                                 "whole number: not a sweep's row")
    with sqlite3.connect(tmp_path / "n.sqlite") as db:
        db.execute("UPDATE results SET preperiod = NULL, status = 'odd' WHERE spec = 'octal:0.4'")
    code, _, err = run_cli("sweep", "show", "--db", "n.sqlite", "--json")
    assert code == 2 and "holds status = 'odd', not done, equivalent, failed" in one_error_line(err)


# -- kept values that lie about their size ---------------------------------------------------------

def test_kept_values_whose_header_lies_are_not_loaded(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite", keep_values=True)
    store.keep("octal:0.07", np.arange(50, dtype=np.uint16))
    assert store.kept("octal:0.07") is not None
    path = store.values_file("octal:0.07")
    with zipfile.ZipFile(path) as archive:
        member = archive.read("values.npy")
    header = member[:member.index(b"\n") + 1]
    lying = header.replace(b"(50,)", b"(900000000000,)").replace(b" " * 10 + b"\n", b"\n")  # 1.8 TB of uint16
    assert len(lying) == len(header)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("values.npy", lying + member[len(header):])
    assert store.kept("octal:0.07") is None  # computed again from zero, nothing allocated


# -- Ctrl-C at a terminal ----------------------------------------------------------------------------

def ctrl_c_sweep(tmp_path: Path, workers: int, when: str) -> tuple[int, str, list[int]]:
    """Run a slow local sweep on a terminal (a pty) and type Ctrl-C (SIGINT to the whole foreground
    process group, the cluster's workers included): once ``when`` = "spawned" the workers' processes
    exist (they are still importing), or once ``when`` = "running" the sweep says its games run.
    Returns the exit status, what the terminal showed, and the worker processes seen."""
    import psutil

    (tmp_path / "slow.txt").write_text("octal:0.06\noctal:0.76\noctal:0.04\noctal:0.37\n")
    argv = [GRUNDY, "sweep", "--specs", str(tmp_path / "slow.txt"), "--db", str(tmp_path / f"{when}.sqlite"),
            "--workers", str(workers), "--max", "2^22"]
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal of its own, the memory capped, then grundy
        try:
            os.chdir(tmp_path)
            _limit_memory()
            os.execv(GRUNDY, argv)
        finally:
            os._exit(127)
    screen, sent, seen = b"", False, set()
    deadline = time.monotonic() + WATCHDOG
    try:
        while time.monotonic() < deadline:
            if not sent:
                children = [c for c in psutil.Process(pid).children() if "spawn_main" in " ".join(c.cmdline())]
                seen |= {c.pid for c in children}
                ready = len(children) >= workers if when == "spawned" else b"games to run" in screen
                if ready:
                    time.sleep(0.3)  # the workers are still importing (they take seconds)
                    os.write(fd, b"\x03")
                    sent = True
            if select.select([fd], [], [], 0.02)[0]:
                try:
                    data = os.read(fd, 65536)
                except OSError:  # the terminal closed: grundy ended
                    break
                if not data:
                    break
                screen += data
    finally:
        if time.monotonic() >= deadline:
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert sent, screen.decode(errors="replace")[-2000:]
    return os.waitstatus_to_exitcode(status), screen.decode(errors="replace"), sorted(seen)


@pytest.mark.pty
@pytest.mark.dask
@pytest.mark.parametrize(("workers", "when"), [(2, "spawned"), (1, "running")])
def test_ctrl_c_during_a_sweep_is_one_line(tmp_path: Path, workers: int, when: str) -> None:
    import psutil

    code, screen, workers_seen = ctrl_c_sweep(tmp_path, workers, when)
    lines = [line.strip() for line in screen.replace("^C", "\n").replace("\r", "").splitlines() if line.strip()]
    assert code == 130, screen[-3000:]
    # what the terminal shows: at most the line that starts the sweep, then the one line of the interruption
    assert [line for line in lines if "games to run" not in line] == ["grundy: interrupted"], screen[-3000:]
    assert workers_seen and not [p for p in workers_seen if psutil.pid_exists(p)
                                 and psutil.Process(p).status() != psutil.STATUS_ZOMBIE]  # no worker left behind


@pytest.mark.pty
def test_the_pty_check_can_fail(tmp_path: Path) -> None:
    """A process that prints a traceback on Ctrl-C is seen as one (the check above is not vacuous)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, "-c", "import time\nprint('ready', flush=True)\ntime.sleep(60)"])
    screen = b""
    while b"ready" not in screen:
        screen += os.read(fd, 1024)
    os.write(fd, b"\x03")
    try:
        while True:
            data = os.read(fd, 65536)
            if not data:
                break
            screen += data
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert b"Traceback" in screen and b"KeyboardInterrupt" in screen and os.waitstatus_to_exitcode(status) != 130

