"""``kakehiki serve``: the online table server on embedded defaults (a SQLite file, one process).

The web parts are an optional extra; without them this says which command installs them.
"""

from __future__ import annotations

import os
from pathlib import Path

import typer

from kakehiki.cli.lang import t


def default_db() -> Path:
    """Where rooms are kept unless ``--db`` says otherwise: the user's data folder (XDG)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kakehiki" / "rooms.sqlite3"


def serve_command(host: str, port: int, db: str | None, allow_origins: list[str], rooms_per_minute: int = 30,
                  shard: str = "0/1") -> None:
    try:
        import uvicorn

        from kakehiki.server.app import create_app
    except ImportError as exc:
        typer.echo(t("serve.needs_web", missing=exc.name or "?"), err=True)
        raise typer.Exit(2) from None
    where = parse_shard(shard)
    url = db or str(default_db())
    if "://" not in url:
        Path(url).expanduser().parent.mkdir(parents=True, exist_ok=True)
    app = create_app(url, allow_origins, rooms_per_minute, where)
    shown = "localhost" if host in ("127.0.0.1", "::1", "0.0.0.0") else host
    typer.echo(t("serve.open", url=f"http://{shown}:{port}/", db=_masked(url)))
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=65_536, access_log=False, log_level="warning",
                            lifespan="on")
    uvicorn.Server(config).run()


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
