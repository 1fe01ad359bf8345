"""Benchmark: the web explorer under load (issue 15).

Starts ``grundy serve`` on a free port of 127.0.0.1 (never another address), warms it up, then
sends 500 requests from 20 concurrent clients (a mix of what the page asks: solve, every move,
a table, a period, the catalogue) and prints requests per second and the latency percentiles, next
to the naive method: 500 requests one after another from a single client. Twice: every question
new (the server works each one out), then the same eight questions again (its cache answers).
Bounded: 500 requests a run, a 30 s timeout on each.

    python benchmarks/web.py [--requests 500] [--clients 20]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx2

sys.path.insert(0, str(Path(__file__).parent))
from _table import print_table  # noqa: E402

WORDS = ["subtraction", "kayles", "nim", "coin", "graph", "octal", "wythoff", "staircase"]


def question(k: int, fresh: bool) -> tuple[str, dict[str, str]]:
    """The k-th request of the mix (what the page asks when a user looks at a game); ``fresh``: a
    question not asked before (else the same eight come round again, as when many users look at
    the same games, and the server's cache answers)."""
    j = k if fresh else 0
    mix = [
        ("/api/solve", {"spec": "nim", "position": f"{3 + j} 4 5"}),
        ("/api/moves", {"spec": "nim", "position": f"{3 + j % 20} 4 5"}),
        ("/api/solve", {"spec": "kayles", "position": f"10 7 {1000 + j}"}),
        ("/api/table", {"spec": "kayles", "n": str(200 + j)}),
        ("/api/period", {"spec": f"subtraction:1,{2 + j % 40},{50 + j}"}),
        ("/api/table", {"spec": "wythoff", "n": str(20 + j % 24)}),
        ("/api/list", {"q": WORDS[j % len(WORDS)] if fresh else "subtraction"}),
        ("/api/solve", {"spec": "weird-game:0110,1001" if j % 2 == 0 else "weird-game:0111,1001"}),
    ]
    return mix[k % len(mix)]


KINDS = 8


def start_server() -> tuple[subprocess.Popen, str]:
    """``grundy serve --port 0`` and the address it chose (read from its first line)."""
    grundy = Path(sys.executable).with_name("grundy")
    server = subprocess.Popen([str(grundy), "serve", "--host", "127.0.0.1", "--port", "0"],
                              stderr=subprocess.PIPE, text=True)
    assert server.stderr is not None
    line = server.stderr.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if found is None:
        server.kill()
        raise SystemExit(f"the server did not start: {line.strip()}")
    return server, found.group(0).rstrip("/")


async def one(client: httpx2.AsyncClient, k: int, fresh: bool) -> float:
    path, params = question(k, fresh)
    started = time.perf_counter()
    reply = await client.get(path, params=params)
    if reply.status_code != 200:
        raise SystemExit(f"{path} {params}: {reply.status_code} {reply.text[:200]}")
    return time.perf_counter() - started


async def load(base: str, requests: int, clients: int, fresh: bool, first: int = 0) -> tuple[float, list[float]]:
    """``requests`` requests from ``clients`` concurrent clients: (seconds in all, each latency)."""
    queue: asyncio.Queue[int] = asyncio.Queue()
    for k in range(first, first + requests):
        queue.put_nowait(k)
    latencies: list[float] = []

    async def client_loop() -> None:
        async with httpx2.AsyncClient(base_url=base, timeout=30) as client:
            while not queue.empty():
                latencies.append(await one(client, queue.get_nowait(), fresh))

    started = time.perf_counter()
    await asyncio.gather(*(client_loop() for _ in range(clients)))
    return time.perf_counter() - started, latencies


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--clients", type=int, default=20)
    options = parser.parse_args()
    server, base = start_server()
    try:
        asyncio.run(load(base, KINDS * 2, 1, fresh=False))  # warm-up: the kernels compile
        rows = []
        runs = [(f"{options.clients} clients, every question new", options.clients, True, 0),
                ("naive: 1 client, one at a time, every question new", 1, True, options.requests),
                (f"{options.clients} clients, the same 8 questions again", options.clients, False, 0),
                ("naive: 1 client, the same 8 questions again", 1, False, 0)]
        for label, clients, fresh, first in runs:
            seconds, latencies = asyncio.run(load(base, options.requests, clients, fresh, first))
            rows.append([label, options.requests, seconds, options.requests / seconds,
                         1000 * percentile(latencies, 0.5), 1000 * percentile(latencies, 0.95),
                         1000 * max(latencies)])
        print(f"grundy serve on {base}: {options.requests} requests of {KINDS} kinds (solve, moves, table, "
              "period, list)")
        print_table(["load", "requests", "seconds", "requests/s", "p50 ms", "p95 ms", "max ms"], rows)
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
