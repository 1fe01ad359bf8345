"""``grundy serve``: the web explorer on this machine (see :mod:`grundy.web.app`)."""

from __future__ import annotations

import contextlib
import ipaddress
import socket

import click

from grundy.core.errors import GrundyError

LOOPBACK_NAMES = ("localhost",)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (the loopback address: only this machine can connect).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser once the server is up.")
def serve(host: str, port: int, open_browser: bool) -> None:
    """The web explorer: pick a game, see its values as a heat map with the period, every move coloured by
    its result, and play the perfect opponent. Ctrl-C stops it.

    \b
    Examples:
      grundy serve                    http://127.0.0.1:8000
      grundy serve --port 8080 --open
    """
    import uvicorn

    from grundy.web.app import create_app

    if not _is_loopback(host):
        click.echo(f"grundy: warning: listening on {host}: other machines can reach the explorer (it has no "
                   "login); --host 127.0.0.1 keeps it on this machine", err=True)
    listener = _bind(host, port)
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{listener.getsockname()[1]}/"
    config = uvicorn.Config(create_app(), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    click.echo(f"grundy: the explorer is at {url} (Ctrl-C stops it)", err=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops on Ctrl-C, then raises it again
        server.run(sockets=[listener])
    click.echo("grundy: the explorer stopped", err=True)


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, or one line saying why there is none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise GrundyError(f"--host {host}: no such address ({exc.strerror})") from None
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as exc:
        listener.close()
        reason = "it is in use: choose another --port" if exc.errno == 98 else exc.strerror
        raise GrundyError(f"cannot listen on {host}:{port}: {reason}") from None
    listener.listen(128)
    return listener
