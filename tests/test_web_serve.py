"""``grundy serve`` as a user starts and stops it: up in under two seconds on 127.0.0.1, answering,
stopped by Ctrl-C with exit 0; a port in use is one error line (issue 15)."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from grundy.cli.serve import _is_loopback

GRUNDY = str(Path(sys.executable).with_name("grundy"))


def test_serve_starts_answers_and_stops_on_ctrl_c():
    started = time.monotonic()
    server = subprocess.Popen([GRUNDY, "serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
    try:
        first = server.stderr.readline()
        found = re.fullmatch(r"grundy: the explorer is at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops it\)\n", first)
        assert found, first
        url = found.group(1)
        with urllib.request.urlopen(f"{url}api/solve?spec=nim&position=3%204%205", timeout=10) as reply:
            assert json.load(reply)["grundy"] == 2
        assert time.monotonic() - started < 2.0 + 3.0  # up in about a second; slack for a loaded machine
        with urllib.request.urlopen(url, timeout=10) as page:
            assert b'id="spec"' in page.read()
        server.send_signal(signal.SIGINT)
        assert server.wait(10) == 0
        assert server.stderr.read() == "grundy: the explorer stopped\n"
    finally:
        if server.poll() is None:
            server.kill()


def test_a_port_in_use_is_one_error_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([GRUNDY, "serve", "--port", str(port)], capture_output=True, text=True, timeout=30)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"grundy: error: cannot listen on 127.0.0.1:{port}: it is in use: choose another --port\n"


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("localhost", True), ("::1", True), ("127.0.0.2", True),
    ("0.0.0.0", False), ("192.168.1.5", False), ("example.org", False),
])
def test_only_loopback_hosts_pass_without_a_warning(host, loopback):
    assert _is_loopback(host) is loopback
