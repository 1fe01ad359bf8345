"""MkDocs hooks for grundy's documentation: every example is run at build time, every picture drawn then.

A page asks for live output with three kinds of fenced block:

- ``grundy``: each line is a shell command (``grundy solve nim 3 4 5``, ``printf '...' | grundy problem nim``),
  run from the project's root with the build's own ``grundy`` first on ``PATH``. The page shows each command and
  what it printed. A line ending in ``# exit N`` expects exit status N (a refused input); any other line must exit 0.
- ``grundy-picture``: one command ending in ``--png``, then optionally ``caption: ...``. The hook appends a file
  name, runs it, and the page shows the picture it drew (a file of the built site, so strict link checks see it).
- ``python-run``: Python code, run in a fresh interpreter; the page shows the code and what it printed.

Every command of the whole site is run once (English and Chinese pages share the runs), two at a time; a command
that fails, or exits otherwise than the page expects, fails the build with the page and the command named.

Each page of ``learn/`` has its Chinese twin in ``zh/learn/`` (and the other way round); a page with a twin gets a
link to it at the top.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # the environment that runs mkdocs has grundy installed
BLOCK = re.compile(r"^```(grundy|grundy-picture|python-run)[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
EXPECT = re.compile(r"#\s*exit\s+(\d+)\s*$")
TIMEOUT = 300  # seconds of one command, a safety net
MEMORY = 4 * 1024**3  # bytes of address space of one command
WIDTH = "88"  # the console width the examples are printed at
PAIRED = ("learn/",)  # folders whose every page has a Chinese twin under zh/
CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"  # Chinese characters and their punctuation
CJK_BREAK = re.compile(rf"(?<=[{CJK}])\n[ \t]*(?=[{CJK}])")
ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj):<code>(~?)([\w.]+)</code>")
FENCE = re.compile(r"^```.*?^```[ \t]*$", re.M | re.S)


@dataclass(frozen=True)
class Run:
    """One thing to run: a shell line, a picture's command, or a Python program."""

    kind: str
    text: str
    expect: int = 0

    @property
    def key(self) -> str:
        return hashlib.sha1(f"{self.kind}\0{self.text}".encode()).hexdigest()[:16]


@dataclass
class Outcome:
    status: int
    output: str


@dataclass
class State:
    outcomes: dict[Run, Outcome] = field(default_factory=dict)
    pictures: Path | None = None


STATE = State()


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env.update(COLUMNS=WIDTH, NO_COLOR="1", TERM="dumb", PYTHONHASHSEED="0")
    return env


def _picture_path(run: Run) -> Path:
    assert STATE.pictures is not None
    return STATE.pictures / f"{run.key}.png"


def _execute(run: Run) -> Outcome:
    if run.kind == "python-run":
        argv, stdin = [sys.executable, "-"], run.text
    else:
        line = run.text
        if run.kind == "grundy-picture":
            line = f"{line} {shlex.quote(str(_picture_path(run)))}"
        argv, stdin = ["bash", "-o", "pipefail", "-c", line], ""
    try:
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=ROOT, env=_environment(),
                              timeout=TIMEOUT, preexec_fn=_limit, check=False)
    except subprocess.TimeoutExpired:
        return Outcome(-1, f"still running after {TIMEOUT} s")
    return Outcome(done.returncode, (done.stdout + done.stderr).rstrip())


def _runs(kind: str, body: str) -> list[Run]:
    if kind == "python-run":
        return [Run(kind, body)]
    lines = [line for line in body.splitlines() if line.strip()]
    if kind == "grundy-picture":
        return [Run(kind, lines[0].strip())]
    runs = []
    for line in lines:
        expected = EXPECT.search(line)
        runs.append(Run(kind, line.strip(), int(expected.group(1)) if expected else 0))
    return runs


def _caption(body: str) -> str:
    for line in body.splitlines()[1:]:
        if line.strip().startswith("caption:"):
            return line.split(":", 1)[1].strip()
    return "a picture drawn by grundy"


def _check_twins(files: Files) -> None:
    pages = {f.src_uri for f in files.documentation_pages()}
    paired = [src for src in sorted(pages) if src.removeprefix("zh/").startswith(PAIRED)]
    missing = [f"{src} has no twin {_twin(src)}" for src in paired if _twin(src) not in pages]
    if missing:
        raise PluginError("grundy docs: every Learn chapter is written in English and Chinese: " + "; ".join(missing))


def _twin(src: str) -> str:
    return src[3:] if src.startswith("zh/") else f"zh/{src}"


def on_files(files: Files, config) -> Files:  # noqa: ANN001 - MkDocs' hook signature
    """Run every example of the site once, draw every picture, and add the pictures to the site's files."""
    _check_twins(files)
    STATE.pictures = Path(tempfile.mkdtemp(prefix="grundy-docs-"))
    wanted: dict[Run, str] = {}
    for page in files.documentation_pages():
        for match in BLOCK.finditer(page.content_string):
            for run in _runs(match.group(1), match.group(2)):
                wanted.setdefault(run, page.src_uri)
    todo = [run for run in wanted if run not in STATE.outcomes]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        for run, outcome in zip(todo, pool.map(_execute, todo), strict=True):
            STATE.outcomes[run] = outcome
    failures = [_failure(run, page) for run, page in wanted.items() if STATE.outcomes[run].status != run.expect]
    if failures:
        raise PluginError("grundy docs: an example failed:\n" + "\n".join(failures))
    for run in wanted:
        if run.kind == "grundy-picture":
            path = _picture_path(run)
            if not path.is_file():
                raise PluginError(f"grundy docs: {wanted[run]}: `{run.text}` drew no picture")
            files.append(File.generated(config, f"generated/{run.key}.png", abs_src_path=str(path)))
    return files


def _outcome(run: Run, page_src: str) -> Outcome:
    """What a run printed: from the runs made for the whole site, or (a page changed since) run now."""
    if run not in STATE.outcomes:
        STATE.outcomes[run] = _execute(run)
        if STATE.outcomes[run].status != run.expect:
            raise PluginError("grundy docs: an example failed:\n" + _failure(run, page_src))
    return STATE.outcomes[run]


def _failure(run: Run, page_src: str) -> str:
    done = STATE.outcomes[run]
    return f"{page_src}: `{run.text[:120]}` exited {done.status}, expected {run.expect}: {done.output[-400:]}"


def _render(kind: str, body: str, page_src: str) -> str:
    runs = _runs(kind, body)
    if kind == "python-run":
        output = _outcome(runs[0], page_src).output
        shown = f"```python\n{body.rstrip()}\n```\n"
        return shown + (f"\n```text\n{output}\n```\n" if output else "")
    if kind == "grundy-picture":
        run = runs[0]
        target = posixpath.relpath(f"generated/{run.key}.png", posixpath.dirname(page_src) or ".")
        caption = _caption(body)
        return f"![{caption}]({target})\n\n<small>Drawn at build time by `{run.text} FILE`.</small>\n"
    parts = []
    for run in runs:
        command = EXPECT.sub("", run.text).rstrip()
        output = _outcome(run, page_src).output
        parts.append(f"$ {command}\n{output}" if output else f"$ {command}")
    return "```console\n" + "\n\n".join(parts) + "\n```\n"  # a blank line between one command's output and the next


def _join_chinese_lines(markdown: str) -> str:
    r"""Join a line broken between two Chinese characters (a browser shows such a break as a space), outside code.

    >>> _join_chinese_lines("必胜态\n  必败态\n```\n代码\n块\n```\n")
    '必胜态必败态\n```\n代码\n块\n```\n'
    """
    pieces, last = [], 0
    for fence in FENCE.finditer(markdown):
        pieces += [CJK_BREAK.sub("", markdown[last:fence.start()]), fence.group(0)]
        last = fence.end()
    return "".join(pieces) + CJK_BREAK.sub("", markdown[last:])


def on_page_markdown(markdown: str, page, config, files: Files) -> str:  # noqa: ANN001 - MkDocs' hook signature
    """Replace each live block by what grundy printed or drew, and link the page to its twin in the other language."""
    src = page.file.src_uri
    if src.startswith("zh/"):
        markdown = _join_chinese_lines(markdown)
    markdown = BLOCK.sub(lambda match: _render(match.group(1), match.group(2), src), markdown)
    twin = _twin(src)
    if files.get_file_from_path(twin) is not None:
        label = "English" if src.startswith("zh/") else "中文"
        link = posixpath.relpath(twin, posixpath.dirname(src) or ".")
        markdown = f"[{label}]({link}){{ .grundy-language }}\n\n" + markdown
    return markdown


def on_post_build(config) -> None:  # noqa: ANN001 - MkDocs' hook signature
    """The pictures are in the site now: remove their folder (a rebuild of ``mkdocs serve`` draws them again)."""
    if STATE.pictures is not None:
        shutil.rmtree(STATE.pictures, ignore_errors=True)
        STATE.pictures = None
    STATE.outcomes = {run: done for run, done in STATE.outcomes.items() if run.kind != "grundy-picture"}


def on_page_content(html: str, page, config, files: Files) -> str:  # noqa: ANN001 - MkDocs' hook signature
    """A Sphinx role of a docstring (:class:`~a.B`) shown as code: the name, its last part only with ``~``."""
    return ROLE.sub(lambda m: f"<code>{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}</code>", html)
