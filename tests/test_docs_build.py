"""The documentation's build-time examples (tools/docs_hooks.py): what grundy prints is what the page shows, and a
failing example, a wrong expectation, a broken link or a chapter without its Chinese twin fails the build.

Each case builds a small site of its own (strict, as ``make docs`` builds the real one) in a child process.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = Path(sys.executable).parent / "mkdocs"

pytestmark = pytest.mark.skipif(not MKDOCS.exists(), reason="mkdocs is not installed (the docs extra)")

CONFIG = f"""site_name: test
docs_dir: docs
strict: true
use_directory_urls: false
hooks: [{ROOT / "tools" / "docs_hooks.py"}]
markdown_extensions: [attr_list]
validation:
  links: {{not_found: warn, anchors: warn}}
"""


def build(tmp_path: Path, pages: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Build a site of these pages (path under docs/ -> Markdown) in tmp_path, strictly."""
    for name, text in pages.items():
        page = tmp_path / "docs" / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", TMPDIR=str(tmp_path / "tmp"))  # where the pictures are drawn
    # never -q: mkdocs counts warnings for --strict only when they are logged
    return subprocess.run([str(MKDOCS), "build", "-f", str(tmp_path / "mkdocs.yml"), "-d",
                           str(tmp_path / "site")], capture_output=True, text=True, env=env, timeout=300, check=False)


def test_a_page_shows_what_grundy_printed_and_the_picture_it_drew(tmp_path: Path) -> None:
    page = ("# Nim\n\n```grundy\ngrundy solve nim 3 4 5\ngrundy solve nim 3 x   # exit 2\n```\n\n"
            "```grundy-picture\ngrundy table subtraction:1,3,4 --n 30 --png\ncaption: a table\n```\n\n"
            "```python-run\nimport grundy\nprint(grundy.nim_sum([3, 4, 5]))\n```\n")
    done = build(tmp_path, {"learn/nim.md": page, "zh/learn/nim.md": "# 尼姆博弈\n"})
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "site" / "learn" / "nim.html").read_text(encoding="utf-8")
    text = unescape(re.sub(r"<[^>]+>", "", html))
    assert "$ grundy solve nim 3 4 5\nnim  position: 3  4  5\nGrundy value: 2" in text  # grundy's own lines
    assert "$ grundy solve nim 3 x\ngrundy: error: 'x' is not a component of nim" in text
    assert "# exit" not in text
    assert "print(grundy.nim_sum([3, 4, 5]))\n\n2\n" in text  # the program's output under it
    assert 'href="../zh/learn/nim.html"' in html  # the twin in the other language
    pictures = list((tmp_path / "site" / "generated").glob("*.png"))
    assert len(pictures) == 1 and pictures[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f'src="../generated/{pictures[0].name}"' in html
    assert list((tmp_path / "tmp").iterdir()) == []  # the pictures' folder is gone once they are in the site


@pytest.mark.parametrize(("pages", "words"), [
    ({"index.md": "```grundy\ngrundy solve nim 3 x\n```\n"}, "index.md: `grundy solve nim 3 x` exited 2, expected 0"),
    ({"index.md": "```grundy\ngrundy solve nim 3   # exit 2\n```\n"}, "exited 0, expected 2"),
    ({"index.md": "```python-run\nraise SystemExit(3)\n```\n"}, "exited 3, expected 0"),
    ({"index.md": "See [the chapter](learn/none.md).\n"}, "learn/none.md"),
    ({"learn/nim.md": "# Nim\n"}, "learn/nim.md has no twin zh/learn/nim.md"),
])
def test_a_broken_example_link_or_twin_fails_the_build(tmp_path: Path, pages: dict[str, str], words: str) -> None:
    done = build(tmp_path, pages)
    assert done.returncode != 0
    assert words in done.stderr + done.stdout
