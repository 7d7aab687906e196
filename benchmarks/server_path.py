"""Server CPU per applied action with the sockets taken out: the same work, measured steadily.

``benchmarks/load_server.py`` measures the whole server over real sockets, but on a shared
machine its figure moves by ±15 % from run to run, too much to see a change of a few percent.
This script runs the server's own code for an action in one process, without sockets and
without clients: the message parsed and dispatched (``_dispatch``: the table, the move), the
tick's one transaction on the writer thread (a SQLite file), every seat's frames built and
encoded (``Server._send``), and written through each seat's connection to a stand-in socket
that compresses them as permessage-deflate does (zlib, 12-bit window, ``memLevel`` 5, context
kept), as uvicorn's websockets layer would before its write.

What it leaves out: receiving and parsing WebSocket frames, uvicorn's ASGI calls and the
write system calls; those are in ``load_server.py``'s figure and not here.

Each round, every table's first actor sends one whole move drawn from its legal moves with a
seeded :class:`random.Random`; a finished game is replaced by a new room.  CPU is
``time.process_time`` of the whole process (the writer thread included), over the rounds
after ``--warmup``, less the time spent choosing the clients' moves.

Usage::

    python benchmarks/server_path.py                    # 100 tables, Dobon, 60 rounds
    python benchmarks/server_path.py --tables 300 --rounds 40 --game doubt --no-deflate
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

from kakehiki.server.app import Server, _dispatch
from kakehiki.server.connection import Connection
from kakehiki.server.protocol import ProtocolError, encode, error_frame, parse_client_message
from kakehiki.server.rooms import MOVES, Room
from kakehiki.server.settings import RequestError
from kakehiki.server.store import Store


class Socket:
    """A stand-in for the table socket: frames are compressed as permessage-deflate would, and dropped."""

    def __init__(self, deflate: bool) -> None:
        self.compressor = zlib.compressobj(wbits=-12, memLevel=5) if deflate else None
        self.frames = 0

    async def send_text(self, text: str) -> None:
        self.frames += 1
        if self.compressor is not None:
            self.compressor.compress(text.encode())
            self.compressor.flush(zlib.Z_SYNC_FLUSH)

    async def close(self, code: int = 1000) -> None:
        return None


def new_table(server: Server, game: str, players: int, deflate: bool) -> tuple[Room, list[Connection]]:
    clocks = {"reaction": None, "turn": None, "grace": 60}  # as load_server.py makes its rooms
    room, seat, _ = server.host.create({"game": game, "players": players, "nickname": "p0", "clocks": clocks})
    conns: list[Connection] = []
    for number in range(players):
        if number != seat:
            server.host.join(room.code, f"p{number}", number)
    server.host.start(room, seat)
    for number in range(players):
        conn = Connection(Socket(deflate))  # type: ignore[arg-type]
        conn.seat = number
        server.attach(room, conn)
        conns.append(conn)
    server.publish(room)
    return room, conns


class CLIENTS:
    """CPU spent choosing the clients' moves, taken off the figure (a client does it, not the server)."""

    cpu = 0.0


def act(server: Server, room: Room, conns: list[Connection], rng: random.Random) -> bool:
    """Every seat that may act answers the state as it is now, each with a whole move (as the
    load script's clients do with the reaction clock off); ``False`` if nobody may act."""
    table = room.table
    assert table is not None
    state, at = table.state, len(table.actions)
    actors = room.game.actors(state)
    for seat in actors:
        began = time.process_time()  # the client's part: choosing from what its state frame lists
        moves = [text for _, text in itertools.islice(room.game.legal_move_texts(state, seat), MOVES)]
        raw = encode({"type": "act", "action": rng.choice(moves), "at": at, "ref": 1})
        CLIENTS.cpu += time.process_time() - began
        try:
            _dispatch(server, room, conns[seat], parse_client_message(raw))
        except (ProtocolError, RequestError) as exc:  # an answer too late: told, as over a socket
            conns[seat].send(encode(error_frame(getattr(exc, "code", "bad_message"), str(exc))))
    return bool(actors)


async def run(tables: int, rounds: int, warmup: int, game: str, players: int, deflate: bool,
              seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(str(Path(folder) / "rooms.sqlite3"))
        server = Server(store, rooms_per_minute=10**9)
        server.loop = asyncio.get_running_loop()
        live = [new_table(server, game, players, deflate) for _ in range(tables)]
        applied, finished, cpu0 = 0, 0, 0.0
        for number in range(warmup + rounds):
            if number == warmup:
                cpu0, CLIENTS.cpu = time.process_time(), 0.0
                applied = -sum(_seq(room) for room, _ in live)
            for i, (room, conns) in enumerate(live):
                if room.status != "playing" or not act(server, room, conns, rng):
                    if number >= warmup:
                        applied, finished = applied + _seq(room), finished + 1
                    for conn in conns:
                        conn.close()
                    live[i] = new_table(server, game, players, deflate)
                    if number >= warmup:
                        applied -= _seq(live[i][0])
            await _flushed(server)
        cpu = time.process_time() - cpu0 - CLIENTS.cpu
        applied += sum(_seq(room) for room, _ in live)
        server.bot_workers.shutdown()
        if server.writer is not None:
            server.writer.shutdown()
        store.close()
    return {"tables": tables, "rounds": rounds, "game": game, "deflate": deflate, "actions": applied,
            "games_replaced": finished, "cpu_s": round(cpu, 3), "cpu_ms_per_action": round(1000 * cpu / applied, 3)}


def _seq(room: Room) -> int:
    return len(room.table.actions) if room.table is not None else 0


async def _flushed(server: Server) -> None:
    """Wait until the tick's transaction is written and every frame handed to its socket."""
    await asyncio.sleep(0)
    while server._flushing is not None and not server._flushing.done():
        await asyncio.sleep(0.001)
    await asyncio.sleep(0)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--rounds", type=int, default=60)
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--game", default="dobon")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--no-deflate", dest="deflate", action="store_false")
    p.add_argument("--seed", type=int, default=1)
    o = p.parse_args(argv)
    print(asyncio.run(run(o.tables, o.rounds, o.warmup, o.game, o.players, o.deflate, o.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
