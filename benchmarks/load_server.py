"""Load on one ``kakehiki serve`` process: many tables played to the end at once, over loopback.

What it does
------------
Holds ``--tables`` rooms of ``--players`` seats busy for ``--seconds``.  ``--people`` seats
of each table are asyncio WebSocket clients (``websockets.asyncio.client``); the others
are the server's bots (``random``).  A table is made over HTTP (``POST /api/rooms``, then
``/join`` for each other client), every client says ``hello`` on the table socket, the
host sends ``start``, and each client answers every ``state`` frame that gives it legal
actions with one of them, drawn with a seeded :class:`random.Random`.  A table whose game
is over is closed and replaced by a new one, so ``--tables`` stay held.

Pacing: a table should apply about ``--rate`` actions a second.  When a table's state
``seq`` first reaches a client, the table notes the time; every client that may act on
that state sends its answer ``1/rate`` seconds (times a seeded jitter of 0.8 to 1.2)
after that time.  With the reaction clock off (the default, ``--reaction`` sets one) a
state is decided once all its actors have answered, so the table moves once per
interval plus the server's latency.  Bots answer at once (their moves are applied in
the same change as the person's move that led to them).

What it measures (only inside the ``--seconds`` window, after every table is set up)
-----------------------------------------------------------------------------------
* tables held, clients, games finished (and replaced) during the window;
* actions applied: the growth of each table's ``seq`` (bots' moves included), and
  actions/s over the window;
* latency: for each state ``seq = s`` that a client of ours answered, from the moment
  the *last* answer to ``s`` was sent (the one that completed the decision; with no
  reaction clock that is the one the server applies at) to the moment the *last* of
  the table's clients received a ``state`` frame with ``seq > s``.  States moved by a
  bot or a timer give no sample.  With ``--reaction`` set, a state's window opens when
  the state is made; answers come ``1/rate`` later, so a window shorter than that has
  closed by then and the figure stays server time; a longer one is included in it;
  The clients' sockets and tasks are moved out of this script's garbage collector's sight
  (``gc.freeze``) every 2 s, so that its own full collections do not pause the clients;
* server CPU: the server process's user+system time from ``/proc/PID/stat`` over the
  window, per action applied and as a share of one core; the load script's own CPU
  time beside it (on a small machine both compete for the same cores);
* error frames by ``code``, and notices other than ``accepted`` by ``kind``;
* outside the window: the server CPU per table while the first ``--tables`` are set up
  (made, joined, connected and started; nothing is played then), ``setup_server_cpu_ms_per_table``.

Bounds: loopback URLs only, at most :data:`MAX_CLIENTS` clients, ``--seconds`` at most
:data:`MAX_SECONDS`, and the whole run stops at setup + window + a grace.

Room creation is limited by the server to 30 a minute per client address.  Every table
slot here makes its rooms from its own loopback source address (127.x.y.z; Linux routes
all of 127/8 to ``lo``), so the limit is exercised as designed, per address; with
``--one-address`` all rooms come from 127.0.0.1 and creation stalls after 30.

Usage::

    python benchmarks/load_server.py                       # 50 tables, 20 s, 2 actions/s each, own server
    python benchmarks/load_server.py --tables 500 --rate 2 --seconds 30
    python benchmarks/load_server.py --url http://127.0.0.1:8000 --server-pid 1234
    python benchmarks/load_server.py --url http://127.0.0.1:8080 --server-pid P1 --server-pid P2 --proxy-pid N
    python benchmarks/load_server.py --db postgresql://user@localhost/kakehiki --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

MAX_CLIENTS: Final = 20_000
MAX_SECONDS: Final = 600.0
SETUP_TIMEOUT: Final = 180.0
"""Seconds every table may take to be made, joined, connected and started."""
SETUP_CONCURRENCY: Final = 64
SRC: Final = Path(__file__).resolve().parents[1] / "src"
LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")
Frame = dict[str, Any]


# -- options ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Options:
    tables: int
    seconds: float
    rate: float
    game: str
    players: int
    people: int
    reaction: float | None
    url: str | None
    server_pids: tuple[int, ...]
    db: str | None
    seed: int
    one_address: bool
    deflate: bool
    as_json: bool
    proxy_pids: tuple[int, ...] = ()

    @property
    def clients(self) -> int:
        return self.tables * self.people


def parse_options(argv: list[str] | None = None) -> Options:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=50, help="tables held at once (default 50)")
    p.add_argument("--seconds", type=float, default=20.0, help="measured window in seconds (default 20)")
    p.add_argument("--rate", type=float, default=2.0, help="actions a second per table (default 2)")
    p.add_argument("--game", default="dobon", help="game id (default dobon)")
    p.add_argument("--players", type=int, default=4, help="seats per table (default 4)")
    p.add_argument("--people", type=int, default=4, help="seats played by socket clients; the rest bots")
    p.add_argument("--reaction", type=float, default=None, help="reaction clock in seconds (default: off)")
    p.add_argument("--url", help="an already running server (loopback), e.g. http://127.0.0.1:8000")
    p.add_argument("--server-pid", type=int, action="append",
                   help="its process id, for its CPU time (with --url); repeated for several processes behind "
                        "a proxy: their CPU is added up, and each one's share is reported")
    p.add_argument("--proxy-pid", type=int, action="append", default=[],
                   help="a proxy's process id (nginx's workers): its CPU is reported beside, not added in")
    p.add_argument("--db", help="database for the server this starts (default: a temporary SQLite file)")
    p.add_argument("--seed", type=int, default=1, help="seed of the clients' choices and pace (default 1)")
    p.add_argument("--one-address", action="store_true", help="make every room from 127.0.0.1")
    p.add_argument("--no-deflate", dest="deflate", action="store_false", help="no permessage-deflate")
    p.add_argument("--json", dest="as_json", action="store_true", help="print the figures as JSON")
    a = p.parse_args(argv)
    opts = Options(a.tables, a.seconds, a.rate, a.game, a.players, a.people, a.reaction, a.url,
                   tuple(a.server_pid or ()), a.db, a.seed, a.one_address, a.deflate, a.as_json, tuple(a.proxy_pid))
    _check(p, opts)
    return opts


def _check(p: argparse.ArgumentParser, o: Options) -> None:
    if not 1 <= o.people <= o.players or o.tables < 1:
        p.error("need --tables >= 1 and 1 <= --people <= --players")
    if o.clients > MAX_CLIENTS:
        p.error(f"at most {MAX_CLIENTS} clients (tables x people), asked for {o.clients}")
    if not 0 < o.seconds <= MAX_SECONDS or not 0 < o.rate <= 20:
        p.error(f"--seconds must be in (0, {MAX_SECONDS:g}] and --rate in (0, 20]")
    if o.url is not None and urlsplit(o.url).hostname not in LOOPBACK:
        p.error("--url must be a loopback address (127.0.0.1, localhost or ::1)")


# -- the server ------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    """``kakehiki serve`` from this checkout's ``src`` on a free loopback port; waits for ``/healthz``."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    cmd = [sys.executable, "-m", "kakehiki.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", db, "--sockets-per-address", str(MAX_CLIENTS)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"kakehiki serve exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, base
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("kakehiki serve did not answer within 30 s")


def cpu_seconds(pid: int | None) -> float | None:
    """User+system CPU seconds of a process (children not included), from ``/proc``."""
    if pid is None:
        return None
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int | None) -> float | None:
    if pid is None:
        return None
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return None


def raise_fd_limit(clients: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 2 * clients + 256))
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


# -- the figures -----------------------------------------------------------------------------------
@dataclass
class Stats:
    measuring: bool = False
    applied: int = 0
    answers: int = 0
    frames: int = 0
    frame_bytes: int = 0
    state_bytes: int = 0
    states: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    notices: Counter[str] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)

    def start(self) -> None:
        self.measuring, self.applied, self.answers, self.games = True, 0, 0, 0
        self.frames = self.frame_bytes = self.state_bytes = self.states = 0
        self.latencies.clear()
        self.errors.clear()
        self.notices.clear()


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# -- one table -------------------------------------------------------------------------------------
class Table:
    """The clients of one room, the first seen time of each ``seq`` and the latency book-keeping."""

    def __init__(self, code: str, people: int, stats: Stats, interval: float, rng: random.Random) -> None:
        self.code, self.people, self.stats, self.interval, self.rng = code, people, stats, interval, rng
        self.top = 0  # highest seq any client has seen
        self.first_seen: dict[int, float] = {}
        self.due: dict[int, float] = {}
        self.last_answer: dict[int, float] = {}
        self.told: Counter[int] = Counter()
        self.over = asyncio.Event()

    def seen(self, before: int, now_seq: int, at: float) -> None:
        """A client went from ``seq`` ``before`` to ``now_seq``: count it for every seq passed."""
        if now_seq > self.top:
            if self.stats.measuring:
                self.stats.applied += now_seq - self.top
            self.top = now_seq
            self.first_seen[now_seq] = at
        for s in range(before, now_seq):
            self.told[s] += 1
            if self.told[s] == self.people:
                self._settled(s, at)

    def _settled(self, s: int, at: float) -> None:
        del self.told[s]
        self.first_seen.pop(s, None)
        self.due.pop(s, None)
        sent = self.last_answer.pop(s, None)
        if sent is not None and self.stats.measuring:
            self.stats.latencies.append(at - sent)

    def due_at(self, s: int) -> float:
        """When answers to ``s`` are sent: ``interval`` (with jitter) after a client first saw it."""
        if s not in self.due:
            start = self.first_seen.get(s, time.monotonic())
            self.due[s] = start + self.interval * self.rng.uniform(0.8, 1.2)
        return self.due[s]

    def answered(self, s: int, at: float) -> None:
        if s >= self.top:  # an answer sent after the table moved on gives no sample
            self.last_answer[s] = max(at, self.last_answer.get(s, 0.0))


class Seat:
    """One client: reads frames, and answers each state it may act in once its time is due."""

    def __init__(self, table: Table, ws: ClientConnection, rng: random.Random) -> None:
        self.table, self.ws, self.rng = table, ws, rng
        self.seq = 0
        self.state: Frame | None = None
        self.wake = asyncio.Event()

    async def read(self) -> None:
        stats = self.table.stats
        async for raw in self.ws:
            frame = json.loads(raw)
            inner = frame["frames"] if frame.get("type") == "change" else [frame]  # one change, bundled
            if stats.measuring:
                stats.frames += 1
                stats.frame_bytes += len(raw)
                if any(f.get("type") == "state" for f in inner):
                    stats.states += 1
                    stats.state_bytes += len(raw)
            for one in inner:
                self.on_frame(one)
            if self.table.over.is_set():
                return

    def on_frame(self, frame: Frame) -> None:
        kind, stats = frame.get("type"), self.table.stats
        if kind == "state" and not frame.get("replay"):
            at, seq = time.monotonic(), int(frame["seq"])
            if seq > self.seq:
                self.table.seen(self.seq, seq, at)
                self.seq = seq
            self.state = frame
            if frame["legal"]:
                self.wake.set()
        elif kind == "over":
            self.table.over.set()
        elif kind == "error" and stats.measuring:
            stats.errors[str(frame.get("code"))] += 1
        elif kind == "notice" and stats.measuring and frame.get("kind") != "accepted":
            stats.notices[str(frame.get("kind"))] += 1

    async def play(self) -> None:
        answered = -1
        while not self.table.over.is_set():
            await self.wake.wait()
            self.wake.clear()
            state = self.state
            if state is None or not state["legal"] or state["seq"] == answered:
                continue
            s = answered = state["seq"]
            await asyncio.sleep(max(0.0, self.table.due_at(s) - time.monotonic()))
            if self.seq != s:
                continue  # the table moved on while this seat waited
            self.table.answered(s, time.monotonic())
            self.table.stats.answers += self.table.stats.measuring
            await self.ws.send(json.dumps({"type": "act", "action": self.rng.choice(state["legal"])}))


# -- making and playing a table --------------------------------------------------------------------
@dataclass
class Slot:
    """One of the ``--tables`` places: its HTTP client (own source address) and its random stream."""

    index: int
    http: httpx.AsyncClient
    rng: random.Random


def source_address(index: int) -> str:
    return f"127.{1 + index // 62500}.{index // 250 % 250}.{index % 250 + 1}"


async def make_room(o: Options, slot: Slot) -> tuple[str, list[str]]:
    bots = {str(i): "random" for i in range(o.people, o.players)}
    clocks = {"reaction": o.reaction, "turn": None, "grace": 60}
    body = {"game": o.game, "players": o.players, "nickname": "p0", "clocks": clocks, "bots": bots}
    r = await slot.http.post("/api/rooms", json=body)
    if r.status_code != 201:
        raise RuntimeError(f"create {r.status_code} {r.json().get('error', {}).get('code')}")
    code, tokens = r.json()["code"], [r.json()["token"]]
    for i in range(1, o.people):
        j = await slot.http.post(f"/api/rooms/{code}/join", json={"nickname": f"p{i}"})
        j.raise_for_status()
        tokens.append(j.json()["token"])
    return code, tokens


async def open_seat(o: Options, base: str, table: Table, token: str, slot: Slot) -> Seat:
    """A seat's socket, from the slot's own loopback address (the server limits sockets per address)."""
    ws_url = base.replace("http", "ws", 1) + f"/api/rooms/{table.code}/ws"
    ws = await connect(ws_url, open_timeout=30, compression="deflate" if o.deflate else None, max_size=2**20,
                       local_addr=(slot_address(o, slot.index), 0))
    rng = slot.rng
    await ws.send(json.dumps({"type": "hello", "token": token}))
    return Seat(table, ws, random.Random(rng.random()))


async def set_up(o: Options, base: str, slot: Slot, stats: Stats) -> tuple[Table, list[Seat]]:
    code, tokens = await make_room(o, slot)
    table = Table(code, o.people, stats, 1.0 / o.rate, random.Random(slot.rng.random()))
    seats = [await open_seat(o, base, table, t, slot) for t in tokens]
    await seats[0].ws.send(json.dumps({"type": "start"}))
    return table, seats


async def play_table(table: Table, seats: list[Seat], stop: asyncio.Event) -> None:
    tasks = [asyncio.create_task(c()) for s in seats for c in (s.read, s.play)]
    stopper = asyncio.create_task(stop.wait())
    ender = asyncio.create_task(table.over.wait())
    await asyncio.wait([stopper, ender, *tasks], return_when=asyncio.FIRST_COMPLETED)
    for task in (*tasks, stopper, ender):
        task.cancel()
    await asyncio.gather(*tasks, stopper, ender, return_exceptions=True)
    await asyncio.gather(*(s.ws.close() for s in seats), return_exceptions=True)
    if table.over.is_set() and table.stats.measuring:
        table.stats.games += 1


async def run_slot(o: Options, base: str, slot: Slot, stats: Stats, ready: asyncio.Barrier,
                   stop: asyncio.Event, gate: asyncio.Semaphore) -> None:
    """Hold one table: set it up, wait for every slot to be ready, play; replace it when its game ends."""
    first = True
    while not stop.is_set():
        try:
            async with gate:
                table, seats = await set_up(o, base, slot, stats)
        except (OSError, RuntimeError, httpx.HTTPError, ConnectionClosed, TimeoutError) as exc:
            stats.failures[f"setup: {type(exc).__name__}: {str(exc)[:60]}"] += 1
            await asyncio.sleep(1.0)
            continue
        finally:
            if first:
                first = False
                await ready.wait()
        await play_table(table, seats, stop)


# -- the run ---------------------------------------------------------------------------------------
async def _keep_frozen() -> None:
    """Move the clients' objects out of this script's garbage collector's sight every 2 s, as
    ``kakehiki serve`` does for its own: the script's full collections (40–100 ms with 1,200
    clients) would otherwise count in the latencies it measures."""
    gc.collect()
    try:
        while True:
            gc.freeze()
            await asyncio.sleep(2.0)
    finally:
        gc.unfreeze()  # a test runs this script in its own process, which goes on


async def measure(o: Options, base: str, pids: tuple[int, ...]) -> dict[str, Any]:
    stats, stop, gate = Stats(), asyncio.Event(), asyncio.Semaphore(SETUP_CONCURRENCY)
    ready = asyncio.Barrier(o.tables + 1)
    slots = [_slot(o, base, i) for i in range(o.tables)]
    t0, setup_cpu0 = time.monotonic(), cpus(pids)
    tasks = [asyncio.create_task(run_slot(o, base, s, stats, ready, stop, gate)) for s in slots]
    await asyncio.wait_for(ready.wait(), SETUP_TIMEOUT)
    setup_s, setup_cpu = time.monotonic() - t0, _spent(setup_cpu0, cpus(pids))
    freezer = asyncio.create_task(_keep_frozen())
    cpu0, proxy0, mine0, w0 = cpus(pids), cpus(o.proxy_pids), _own_cpu(), time.monotonic()
    stats.start()
    await asyncio.sleep(o.seconds)
    stats.measuring = False
    cpu1, proxy1, mine1, wall = cpus(pids), cpus(o.proxy_pids), _own_cpu(), time.monotonic() - w0
    stop.set()
    freezer.cancel()
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 60)
    await asyncio.gather(*(s.http.aclose() for s in slots))
    each = _each(cpu0, cpu1)
    server_cpu = _spent(cpu0, cpu1)
    result = report(o, stats, wall, setup_s, server_cpu, mine1 - mine0,
                    sum(r for p in pids if (r := rss_mib(p)) is not None) if pids else None)
    result["setup_server_cpu_ms_per_table"] = None if setup_cpu is None else round(setup_cpu * 1000 / o.tables, 2)
    if len(pids) > 1:
        result["server_cpu_pct_each"] = [None if e is None else round(100 * e / wall, 1) for e in each]
    if o.proxy_pids:
        proxy = [b - a for a, b in zip(proxy0, proxy1, strict=True) if a is not None and b is not None]
        result["proxy_cpu_pct"] = round(100 * sum(proxy) / wall, 1)
    return result


def cpus(pids: tuple[int, ...]) -> list[float | None]:
    return [cpu_seconds(pid) for pid in pids]


def _each(before: list[float | None], after: list[float | None]) -> list[float | None]:
    """Each server's CPU seconds between two readings (``None`` where one was unreadable)."""
    return [None if a is None or b is None else b - a for a, b in zip(before, after, strict=True)]


def _spent(before: list[float | None], after: list[float | None]) -> float | None:
    """The servers' CPU seconds between two readings, all together (``None`` if any was unreadable)."""
    each = _each(before, after)
    return None if not each or None in each else sum(e for e in each if e is not None)


def slot_address(o: Options, index: int) -> str:
    return "127.0.0.1" if o.one_address else source_address(index)


def _slot(o: Options, base: str, index: int) -> Slot:
    local = slot_address(o, index)
    transport = httpx.AsyncHTTPTransport(local_address=local)
    http = httpx.AsyncClient(base_url=base, transport=transport, timeout=30)
    return Slot(index, http, random.Random(o.seed * 1_000_003 + index))


def _own_cpu() -> float:
    t = os.times()
    return t.user + t.system


def report(o: Options, stats: Stats, wall: float, setup_s: float, server_cpu: float | None, own_cpu: float,
           rss: float | None) -> dict[str, Any]:
    lat, n = stats.latencies, max(stats.applied, 1)
    ms = {name: None if v is None else round(v * 1000, 2)
          for name, v in (("p50", percentile(lat, 0.5)), ("p99", percentile(lat, 0.99)),
                          ("max", max(lat) if lat else None))}
    return {
        "tables": o.tables, "clients": o.clients, "rate_target": o.rate, "game": o.game,
        "reaction": o.reaction, "deflate": o.deflate, "setup_s": round(setup_s, 2), "window_s": round(wall, 2),
        "actions": stats.applied, "actions_per_s": round(stats.applied / wall, 1),
        "actions_per_s_per_table": round(stats.applied / wall / o.tables, 2), "games_finished": stats.games,
        "answers_sent": stats.answers, "frames_received": stats.frames,
        "frames_per_action": round(stats.frames / n, 2), "state_frames_per_action": round(stats.states / n, 2),
        "mean_state_frame_bytes": round(stats.state_bytes / max(stats.states, 1)),
        "bytes_received_per_action": round(stats.frame_bytes / n),
        "samples": len(lat), "latency_ms": ms,
        "server_cpu_ms_per_action": None if server_cpu is None else round(server_cpu * 1000 / n, 3),
        "server_cpu_pct": None if server_cpu is None else round(100 * server_cpu / wall, 1),
        "server_rss_mib": None if rss is None else round(rss, 1),
        "client_cpu_pct": round(100 * own_cpu / wall, 1),
        "errors": dict(stats.errors), "notices": dict(stats.notices), "setup_failures": dict(stats.failures),
    }


def print_table(r: dict[str, Any]) -> None:
    lat = r["latency_ms"]
    rows = [
        ("tables held", r["tables"]), ("clients", r["clients"]), ("setup (s)", r["setup_s"]),
        ("window (s)", r["window_s"]), ("actions applied", r["actions"]),
        ("actions/s", f"{r['actions_per_s']} ({r['actions_per_s_per_table']}/table, target {r['rate_target']})"),
        ("answers sent (act messages)", r["answers_sent"]), ("games finished", r["games_finished"]),
        ("frames/action (state frames)", f"{r['frames_per_action']} ({r['state_frames_per_action']})"),
        ("mean state frame (bytes)", r["mean_state_frame_bytes"]),
        ("bytes received/action", r["bytes_received_per_action"]), ("latency samples", r["samples"]),
        ("latency p50/p99/max (ms)", f"{lat['p50']} / {lat['p99']} / {lat['max']}"),
        ("server CPU (ms/action)", r["server_cpu_ms_per_action"]), ("server CPU (% of a core)", r["server_cpu_pct"]),
        ("server RSS (MiB)", r["server_rss_mib"]), ("load script CPU (% of a core)", r["client_cpu_pct"]),
        ("errors by code", r["errors"] or "none"), ("notices (not accepted)", r["notices"] or "none"),
        ("setup failures", r["setup_failures"] or "none"),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")


def main(argv: list[str] | None = None) -> int:
    o = parse_options(argv)
    raise_fd_limit(o.clients)
    with tempfile.TemporaryDirectory(prefix="kakehiki-load-") as tmp:
        proc, base, pids = None, o.url, o.server_pids
        if base is None:
            proc, base = start_server(o.db or str(Path(tmp) / "rooms.sqlite3"))
            pids = (proc.pid,)
        try:
            result = asyncio.run(asyncio.wait_for(measure(o, base.rstrip("/"), pids),
                                                  SETUP_TIMEOUT + o.seconds + 90))
        finally:
            if proc is not None:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(10)
                if proc.poll() is None:
                    proc.kill()
    print(json.dumps(result, indent=2)) if o.as_json else print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
