"""``grundy serve``: the web explorer on this machine (see :mod:`grundy.web.app`)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
from typing import Any

import click

from grundy.cli.common import memory_size
from grundy.core.errors import GrundyError

LOOPBACK_NAMES = ("localhost",)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (the loopback address: only this machine can connect).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser once the server is up.")
@click.option("--max-memory", metavar="SIZE", callback=memory_size,
              help="Stop a request cleanly once the server holds this much memory (e.g. 4GB; default half the "
                   "machine's memory).")
def serve(host: str, port: int, open_browser: bool, max_memory: int | None) -> None:
    """The web explorer: pick a game, see its values as a heat map with the period, every move coloured by
    its result, and play the perfect opponent. Ctrl-C stops it.

    \b
    Examples:
      grundy serve                    http://127.0.0.1:8000
      grundy serve --port 8080 --open
    """
    from grundy.core.extras import require_extra

    require_extra("web")
    import uvicorn

    from grundy.web.app import WebLimits, create_app

    address = _resolve(host, port)
    if not (_is_loopback(host) or _is_loopback(address[4][0])):
        click.echo(f"grundy: warning: listening on {host}: other machines can reach the explorer (it has no "
                   "login); --host 127.0.0.1 keeps it on this machine", err=True)
    listener = _bind(host, port, address)
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{listener.getsockname()[1]}/"
    app = create_app(WebLimits(max_memory=max_memory or 0))
    config = uvicorn.Config(app, log_level="warning", lifespan="off", timeout_graceful_shutdown=GRACE_SECONDS)
    server = _make_server(config, app.state.explorer)
    click.echo(f"grundy: the explorer is at {url} (Ctrl-C stops it)", err=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops on Ctrl-C, then raises it again
        server.run(sockets=[listener])
    click.echo("grundy: the explorer stopped", err=True)


GRACE_SECONDS = 3  # after Ctrl-C, the longest a request still being sent may take before it is cut


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, which on the first Ctrl-C (or SIGTERM) also answers every request
        being worked on at once (503, the explorer is stopping) instead of waiting for its work."""

        def __init__(self, config: uvicorn.Config, explorer: Any) -> None:
            super().__init__(config)
            self.explorer = explorer

        def handle_exit(self, sig: int, frame: Any) -> None:
            first = not self.should_exit
            super().handle_exit(sig, frame)
            if not first:
                return
            busy = len(self.explorer.in_flight)
            if busy:
                click.echo(f"grundy: stopping: cancelling {busy} request{'s' if busy != 1 else ''} in flight",
                           err=True)
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                self.explorer.stopping = True
            else:
                loop.call_soon_threadsafe(self.explorer.stop)

    return Server


def _make_server(config: Any, explorer: Any) -> Any:
    """The uvicorn server of the explorer (uvicorn is imported only when ``serve`` runs)."""
    return _server_class()(config, explorer)


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _resolve(host: str, port: int) -> tuple:
    """The address ``host``:``port`` names (the first ``getaddrinfo`` gives), or one line saying
    there is none."""
    try:
        return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, socket.gaierror) else "not a host name"
        raise GrundyError(f"--host {host}: no such address ({reason})") from None


def _bind(host: str, port: int, address: tuple) -> socket.socket:
    """A listening socket on ``address`` (from :func:`_resolve`), or one line saying why there is none."""
    family, kind, proto, _, where = address
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(where)
    except OSError as exc:
        listener.close()
        reason = "it is in use: choose another --port" if exc.errno == 98 else exc.strerror
        raise GrundyError(f"cannot listen on {host}:{port}: {reason}") from None
    listener.listen(128)
    return listener
