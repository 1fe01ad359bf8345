"""``grundy serve`` as a user starts and stops it: up in under two seconds on 127.0.0.1, answering,
stopped by Ctrl-C with exit 0; a port in use is one error line (issue 15)."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from grundy.cli.serve import _is_loopback

GRUNDY = str(Path(sys.executable).with_name("grundy"))


def stop_cleanly(server: subprocess.Popen) -> None:
    """Ctrl-C the server: it exits 0 and says it stopped, with nothing else on stderr."""
    server.send_signal(signal.SIGINT)
    assert server.wait(10) == 0
    assert server.stderr.read() == "grundy: the explorer stopped\n"


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
        stop_cleanly(server)
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


def start(*args: str) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen([GRUNDY, "serve", "--port", "0", *args], stderr=subprocess.PIPE, text=True)
    found = re.fullmatch(r"grundy: the explorer is at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops it\)\n",
                         server.stderr.readline())
    assert found
    return server, found.group(1)


@pytest.mark.parametrize("twice", [False, True])
def test_ctrl_c_answers_the_requests_in_flight_at_once(twice):
    # treblecross's period keeps the server busy for seconds: Ctrl-C answers it with one JSON line and
    # stops at once (a second Ctrl-C changes nothing), without a traceback
    server, url = start()
    replies: list[tuple[int, str, bytes]] = []

    def ask() -> None:
        try:
            urllib.request.urlopen(f"{url}api/period?spec=treblecross", timeout=30)
        except urllib.error.HTTPError as reply:
            replies.append((reply.code, reply.headers["content-type"], reply.read()))

    try:
        asking = threading.Thread(target=ask)
        asking.start()
        time.sleep(1.5)
        started = time.monotonic()
        server.send_signal(signal.SIGINT)
        if twice:
            time.sleep(0.05)
            server.send_signal(signal.SIGINT)
        assert server.wait(10) == 0
        assert time.monotonic() - started < 2.0
        asking.join(10)
        assert replies == [(503, "application/json",
                            b'{"error":"the explorer is stopping: this request was not finished"}')]
        assert server.stderr.read() == ("grundy: stopping: cancelling 1 request in flight\n"
                                        "grundy: the explorer stopped\n")
    finally:
        if server.poll() is None:
            server.kill()


def test_a_host_that_does_not_resolve_is_one_error_line_without_a_warning():
    done = subprocess.run([GRUNDY, "serve", "--host", "nosuchhost.invalid", "--port", "0"], capture_output=True,
                          text=True, timeout=30)
    assert (done.returncode, done.stdout) == (2, "")
    assert re.fullmatch(r"grundy: error: --host nosuchhost\.invalid: no such address \([^)\n]+\)\n", done.stderr)


def test_a_name_of_the_loopback_address_passes_without_a_warning():
    server = subprocess.Popen([GRUNDY, "serve", "--host", "localhost", "--port", "0"], stderr=subprocess.PIPE,
                              text=True)
    try:
        found = re.fullmatch(r"grundy: the explorer is at (http://localhost:\d+/) \(Ctrl-C stops it\)\n",
                             server.stderr.readline())
        assert found
        with urllib.request.urlopen(f"{found.group(1)}api/solve?spec=nim&position=3", timeout=10) as reply:
            assert json.load(reply)["grundy"] == 3
        stop_cleanly(server)
    finally:
        if server.poll() is None:
            server.kill()
