"""The README tells the truth: each command it shows prints what the README says it prints, and each link in it
leads to a file of the clone."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONSOLE = re.compile(r"^```console\n(.*?)^```$", re.M | re.S)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def shown_commands() -> list[tuple[str, str]]:
    """Each ``$ command`` of the README's console blocks, with the lines shown under it."""
    found = []
    for block in CONSOLE.findall(README):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output.rstrip("\n")))
    return found


def test_the_readme_shows_commands() -> None:
    assert len(shown_commands()) >= 3  # the test below would pass vacuously on a README without any


@pytest.mark.parametrize(("command", "shown"), shown_commands(), ids=[c for c, _ in shown_commands()])
def test_a_command_prints_what_the_readme_shows(command: str, shown: str) -> None:
    env = dict(os.environ, NO_COLOR="1", PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("COLUMNS", None)  # piped without a width: no line is wrapped
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
                          check=False)
    printed = "\n".join(line.rstrip() for line in (done.stdout + done.stderr).rstrip("\n").splitlines())
    assert printed == "\n".join(line.rstrip() for line in shown.splitlines())


def test_every_link_of_the_readme_leads_to_a_file_of_the_clone() -> None:
    targets = [t for t in LINK.findall(README) if not t.startswith(("http://", "https://", "#", "mailto:"))]
    assert targets, "the README links nowhere: the check would pass vacuously"
    missing = [t for t in targets if not (ROOT / t.split("#")[0]).exists()]
    assert missing == []
