"""What the server tests share: a real ``kakehiki serve`` on a free loopback port, and scripted clients."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

SRC = Path(__file__).resolve().parents[1] / "src"
Frame = dict[str, Any]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


ANNOUNCED = re.compile(r"^kakehiki serve\W.*?(http://\S+?:(\d+)/)", re.MULTILINE)
"""The line ``kakehiki serve`` prints once it listens, in either language: the address and its port."""


class LiveServer:
    """``kakehiki serve`` in a process of its own (so a test can kill it), on loopback.
    ``port=0`` lets the server take any free port: the one it printed is then used."""

    def __init__(self, db: str, port: int | None = None, extra: tuple[str, ...] = ()) -> None:
        self.db, self.port, self.extra = db, free_port() if port is None else port, extra
        self.any_port = self.port == 0
        """Asked for port 0: :attr:`port` and :attr:`base` are set at each start, from what it printed."""
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = Path(f"{db}.{self.port}.log") if "://" not in db else Path(f"/tmp/kakehiki-serve-{self.port}.log")

    def start(self) -> LiveServer:
        env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        command = [sys.executable, "-m", "kakehiki.cli.main", "serve", "--host", "127.0.0.1",
                   "--port", "0" if self.any_port else str(self.port), "--db", self.db, *self.extra]
        printed = len(self.output())
        with self.log.open("ab") as log:  # a file, not a pipe nobody reads: a full pipe would stall the server
            self.process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"kakehiki serve exited: {self.output()}")
            if self.any_port:
                found = ANNOUNCED.search(self.output()[printed:])
                if found is None:
                    time.sleep(0.05)
                    continue
                self.port = int(found[2])
                self.base = f"http://127.0.0.1:{self.port}"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError("kakehiki serve did not answer within 30 s")

    def stop(self, sig: int = signal.SIGTERM) -> str:
        """Stop the server (``SIGKILL``: no chance to clean up); returns what it printed."""
        assert self.process is not None
        self.process.send_signal(sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(10)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        return self.output()

    def output(self) -> str:
        """What the server printed so far (all its runs on this database)."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def post(self, path: str, body: object, **kwargs: Any) -> httpx.Response:
        return httpx.post(self.base + path, json=body, timeout=10, **kwargs)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.base + path, timeout=10)


def drop_tables(url: str) -> None:
    """Empty a PostgreSQL database the servers of the restart tests share (a SQLite file is new each test)."""
    import sqlalchemy as sa

    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        for table in ("kk_owners", "kk_rematches", "kk_pending", "kk_actions", "kk_seats", "kk_rooms"):
            conn.execute(sa.text(f"DROP TABLE IF EXISTS {table} CASCADE"))
    engine.dispose()


@contextlib.contextmanager
def running(db: str) -> Iterator[LiveServer]:
    server = LiveServer(db).start()
    try:
        yield server
    finally:
        server.stop()


class Client:
    """One scripted client on a room's socket: a seat (with its token) or a spectator (without)."""

    def __init__(self, server: LiveServer, code: str, token: str | None = None, lang: str = "en",
                 origin: str | None = None) -> None:
        url = f"ws://127.0.0.1:{server.port}/api/rooms/{code}/ws"
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, origin=origin, open_timeout=10))  # type: ignore[arg-type]
        self.frames: list[Frame] = []
        self.raw: list[str] = []
        self._unread: list[Frame] = []
        hello: dict[str, Any] = {"type": "hello", "lang": lang}
        if token is not None:
            hello["token"] = token
        self.send(hello)
        self.welcome = self.until(lambda f: f["type"] in ("welcome", "error"))
        self.seat: int | None = self.welcome.get("seat")

    def send(self, message: object) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> Frame:
        """The next frame; a ``change`` frame (one change's frames together) is read frame by frame."""
        if self._unread:
            return self._unread.pop(0)
        raw = self.ws.recv(timeout=timeout)
        text = raw if isinstance(raw, str) else raw.decode()
        self.raw.append(text)
        frame: Frame = json.loads(text)
        inner: list[Frame] = frame["frames"] if frame.get("type") == "change" else [frame]
        self.frames.extend(inner)
        self._unread.extend(inner[1:])
        return inner[0]

    def until(self, wanted: Callable[[Frame], bool], timeout: float = 20.0) -> Frame:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no frame wanted within {timeout} s; last: {self.frames[-3:]}")
            frame = self.recv(left)
            if wanted(frame):
                return frame

    def close(self) -> None:
        self._stack.close()

    def until_over(self, timeout: float = 20.0) -> Frame:
        """Read on to this client's ``over`` frame (at once if it came already)."""
        done = [f for f in self.frames if f["type"] == "over"]
        return done[0] if done else self.until(lambda f: f["type"] == "over", timeout)


def play_until(clients: list[Client], rng: random.Random, done: Callable[[Client, Frame], bool],
               timeout: float = 120.0, acting: list[Client] | None = None) -> Frame:
    """The ``acting`` clients (all, by default) answer each state they may act in with a random legal
    action; every client reads on; returns the first frame for which ``done(client, frame)`` holds.

    ``timeout`` bounds the whole game, not a pause: with a reaction clock every change waits out its
    window (two people pace every change alike), so a long game is slow, not stuck.  The error says
    which it was: how long before the end the last frame came."""
    movers = clients if acting is None else acting
    answered: dict[int, int] = {}
    last: dict[int, Frame] = {}
    deadline = time.monotonic() + timeout
    heard = time.monotonic()
    while time.monotonic() < deadline:
        for client in clients:
            try:
                frame = client.recv(timeout=0.05)
            except TimeoutError:
                continue
            heard = time.monotonic()
            if done(client, frame):
                return frame
            if client not in movers:
                continue
            if frame["type"] == "error" and frame["code"] == "rate_limited":
                time.sleep(0.1)  # the server asks us to slow down: send the last answer again
                client.send(last[id(client)])
            elif frame["type"] == "state" and frame["legal"] and answered.get(id(client)) != frame["seq"]:
                answered[id(client)] = frame["seq"]
                last[id(client)] = {"type": "act", "action": rng.choice(frame["moves"]), "at": frame["seq"]}
                client.send(last[id(client)])
    last_seen = {c.seat: [(f["type"], f.get("seq"), f.get("kind")) for f in c.frames[-4:]] for c in clients}
    quiet = time.monotonic() - heard
    raise TimeoutError(f"nothing wanted came within {timeout} s ({'stuck' if quiet > 5 else 'still playing'}: "
                       f"the last frame came {quiet:.1f} s before the end); last frames: {last_seen}")


def play_to_the_end(clients: list[Client], seed: int, timeout: float = 120.0) -> Frame:
    """Every client answers each state it may act in with a random legal action, until the game is over."""
    return play_until(clients, random.Random(seed), lambda client, frame: frame["type"] == "over", timeout)
