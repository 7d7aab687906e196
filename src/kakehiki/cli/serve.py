"""``kakehiki serve``: the online table server on embedded defaults (a SQLite file, one process).

The web parts are an optional extra; without them this says which command installs them.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import re
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from kakehiki.cli.lang import t

if TYPE_CHECKING:
    import uvicorn


def default_db() -> Path:
    """Where rooms are kept unless ``--db`` says otherwise: the user's data folder (XDG)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kakehiki" / "rooms.sqlite3"


def serve_command(host: str, port: int, db: str | None, allow_origins: list[str], rooms_per_minute: int = 30,
                  shard: str = "0/1", host_names: list[str] | None = None,
                  trusted_proxies: list[str] | None = None, sockets_per_address: int = 32,
                  advertise: str | None = None, deflate: bool = True) -> None:
    try:
        import uvicorn

        from kakehiki.server.app import create_app
        from kakehiki.server.wsprotocol import table_socket_protocol
    except ImportError as exc:
        typer.echo(t("serve.needs_web", missing=exc.name or "?"), err=True)
        raise typer.Exit(2) from None
    where = parse_shard(shard)
    check_names(host_names or [], trusted_proxies or [])
    url = db or str(default_db())
    if "://" not in url:
        Path(url).expanduser().parent.mkdir(parents=True, exist_ok=True)
    check_store(url)
    if advertise is not None and not ADDRESS.match(advertise):
        raise typer.BadParameter(f"--advertise must be HOST:PORT, where the proxy reaches this process, "
                                 f"got {advertise[:40]!r}")
    app = create_app(url, allow_origins, rooms_per_minute, where, host_names or [], sockets_per_address, advertise,
                     own_process=True)
    proxies = trusted_proxies or []
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=65_536, access_log=False, log_level="warning",
                            lifespan="on", proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None,
                            limit_concurrency=connection_limit(), timeout_keep_alive=5,
                            ws_per_message_deflate=deflate, ws=table_socket_protocol())

    def announce(bound: int) -> None:
        typer.echo(t("serve.open", url=page_url(host, bound), db=_masked(url)))
        sys.stdout.flush()  # a pipe or a file buffers: whoever waits for this line gets it now

    announcing_server(config, announce).run()


LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
HOST_NAME = re.compile(rf"^(?=.{{1,253}}$){LABEL}(?:\.{LABEL})*$")
"""A DNS name: dot-separated labels of letters, digits and inner hyphens, 253 characters at most."""


ADDRESS = re.compile(r"^[A-Za-z0-9.\-]{1,200}:\d{1,5}$")
"""``--advertise``: a host name or IPv4 address and a port (as nginx's ``proxy_pass`` takes it)."""


def check_names(host_names: list[str], proxies: list[str]) -> None:
    """``--host-name`` takes DNS names, ``--trusted-proxy`` addresses or networks (``10.0.0.0/8``)."""
    for name in host_names:
        if not HOST_NAME.match(name.strip().lower()):
            raise typer.BadParameter(f"--host-name must be a domain name like cards.example.org, got {name[:40]!r}")
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise typer.BadParameter(f"--trusted-proxy must be an address or a network, got {proxy[:40]!r}") from None


def check_store(url: str) -> None:
    """Refuse to start on a store that cannot be written, saying why (not at the first move)."""
    from kakehiki.server.store import Store, StoreError

    try:
        store = Store(url)
        try:
            store.check_writable()
        finally:
            store.close()
    except StoreError as exc:
        typer.echo(t("serve.store_unwritable", reason=str(exc)), err=True)
        raise typer.Exit(1) from None


def connection_limit() -> int:
    """Raise this process's open-file limit as far as allowed, and return how many connections
    to take at once below it: past that uvicorn answers 503 at once, where running out of file
    descriptors would make the accept loop fail (and log) on every new connection."""
    try:
        import resource
    except ImportError:  # not on this system (Windows): no limit to raise
        return 4096
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65_536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    usable = 65_536 if soft == resource.RLIM_INFINITY else soft
    return max(64, usable - RESERVED_FILES)


RESERVED_FILES = 64
"""File descriptors kept for the database, logs and the process itself."""


def announcing_server(config: uvicorn.Config, announce: Callable[[int], None]) -> uvicorn.Server:
    """A uvicorn server that calls ``announce(port)`` once it listens (and only then: a port
    already taken says so and prints no address), with the port it really got, which
    ``--port 0`` leaves to the system."""
    import uvicorn

    class Announcing(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                bound = [s.getsockname()[1] for server in self.servers for s in server.sockets]
                announce(bound[0] if bound else config.port)

    return Announcing(config)


def page_url(host: str, port: int) -> str:
    """The address to open in a browser: a wildcard host (every interface) is opened as ``localhost``."""
    shown = "localhost" if host in ("", "0.0.0.0", "::") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def parse_shard(text: str) -> tuple[int, int]:
    """``K/N``: this process is the K-th (from 0) of N sharing one database."""
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and 0 <= int(k) < int(n) <= 31):
        raise typer.BadParameter(f"--shard must be K/N with 0 <= K < N <= 31, got {text[:20]!r}")
    return int(k), int(n)


def _masked(url: str) -> str:
    """A database URL with its password hidden, as printed."""
    if "://" not in url or "@" not in url:
        return url
    scheme, rest = url.split("://", 1)
    creds, where = rest.rsplit("@", 1)
    user = creds.split(":", 1)[0]
    return f"{scheme}://{user}:***@{where}" if ":" in creds else url
