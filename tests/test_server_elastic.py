"""Issue 33: three ``kakehiki serve`` processes on one PostgreSQL behind a real nginx
(``deploy/nginx.conf`` as shipped), each holding its rooms by a lease.  The process holding a
game is SIGKILLed mid-game: within its lease another process takes the room over from the log,
the people reconnect through the proxy, nothing accepted is lost and the game plays to its end."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("uvicorn")

from kakehiki.fairness import verify
from kakehiki.record import replay
from kakehiki.server.leases import LEASE
from serving import Client, LiveServer, drop_tables, free_port, play_until

DEPLOY = Path(__file__).resolve().parents[1] / "deploy" / "nginx.conf"
UNTIMED = {"reaction": None, "turn": None, "pace": None, "grace": 120}


class Proxy:
    """nginx on a free loopback port, run from ``deploy/nginx.conf`` with the processes filled in."""

    def __init__(self, folder: Path, servers: list[LiveServer]) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        lines = " ".join(f"server 127.0.0.1:{s.port} max_fails=1 fail_timeout=2s;" for s in servers)
        text = DEPLOY.read_text(encoding="utf-8").replace("@LISTEN@", f"127.0.0.1:{self.port}")
        folder.mkdir(parents=True, exist_ok=True)
        os.chmod(folder, 0o777)  # nginx's workers (user nobody) write their temporary files here
        (folder / "nginx.conf").write_text(text.replace("@SERVERS@", lines).replace("@PREFIX@", str(folder)))
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Proxy:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([nginx, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf"),
                                         "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return self
            if self.process.poll() is not None:
                said = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"nginx exited: {said}")
            time.sleep(0.05)
        raise RuntimeError("nginx did not listen within 20 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def post(self, path: str, body: object) -> httpx.Response:
        return httpx.post(self.base + path, json=body, timeout=10)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.base + path, timeout=10)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[Proxy, list[LiveServer]]]:
    url = os.environ.get("KAKEHIKI_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("set KAKEHIKI_TEST_POSTGRES_URL (.ci/postgres starts a server) to run several processes")
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.skip("nginx is not installed (.ci/run installs Debian's)")
    drop_tables(url)
    servers = [LiveServer(url) for _ in range(3)]
    for server in servers:
        server.extra = ("--advertise", f"127.0.0.1:{server.port}", "--trusted-proxy", "127.0.0.1")
        server.start()
    proxy = Proxy(tmp_path / "nginx", servers).start()
    try:
        yield proxy, servers
    finally:
        proxy.stop()
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.stop()


def holder(servers: list[LiveServer], code: str) -> LiveServer:
    """The process that holds ``code``, as any live one tells."""
    for server in servers:
        if server.process is not None and server.process.poll() is None:
            said = httpx.get(f"{server.base}/_owner/{code}", timeout=10)
            port = int(said.headers["x-owner"].rsplit(":", 1)[1])
            return next(s for s in servers if s.port == port)
    raise AssertionError("no process is alive")


def reconnect(proxy: Proxy, code: str, token: str, within: float) -> Client:
    """A new connection through the proxy, retried while nginx has no live holder for the room."""
    deadline = time.monotonic() + within
    while True:
        try:
            client = Client(proxy, code, token)  # type: ignore[arg-type]
            if client.seat is not None:
                return client
            client.close()
        except Exception:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.5)


def test_a_killed_process_s_game_is_taken_over_and_played_to_its_end(cluster: tuple[Proxy, list[LiveServer]]) -> None:
    proxy, servers = cluster
    made = proxy.post("/api/rooms", {"game": "dobon", "players": 3, "nickname": "Ann", "clocks": UNTIMED,
                                     "rules": "simple"})  # one game, no match: a short one
    assert made.status_code == 201, made.text
    code, ann_token = made.json()["code"], made.json()["token"]
    bo_token = proxy.post(f"/api/rooms/{code}/join", {"nickname": "Bo"}).json()["token"]
    ann, bo = Client(proxy, code, ann_token), Client(proxy, code, bo_token)  # type: ignore[arg-type]
    ann.send({"type": "start"})
    play_until([ann, bo], random.Random(3), lambda c, f: f["type"] == "state" and f["seq"] >= 6)
    seen = max(f["seq"] for c in (ann, bo) for f in c.frames if f["type"] == "state")
    owner = holder(servers, code)
    owner.stop(signal.SIGKILL)
    ann.close()
    bo.close()

    started = time.monotonic()
    ann = reconnect(proxy, code, ann_token, within=LEASE + 20)
    bo = reconnect(proxy, code, bo_token, within=10)
    took = time.monotonic() - started
    assert took <= LEASE + 10, f"taken over {took:.1f} s after the kill"
    assert holder(servers, code) is not owner
    now = ann.until(lambda f: f["type"] == "state")
    assert now["seq"] >= seen, "every action applied before the kill is there"
    for client in (ann, bo):
        client.send({"type": "sync"})
    play_until([ann, bo], random.Random(4), lambda c, f: f["type"] == "over", timeout=240)
    record: dict[str, Any] = proxy.get(f"/api/rooms/{code}/record").json()
    assert verify(record).fair and replay(record)[2] is not None
    assert len(record["seats"]) == 3
