"""A closed table socket's connection is freed at once, by reference counting: ``kakehiki serve``
keeps the garbage collector's full passes rare, so a connection left in a reference cycle (with
its compression contexts) would stay in memory until the next one."""

from __future__ import annotations

import asyncio
import gc
import json
from pathlib import Path

import pytest

pytest.importorskip("uvicorn.protocols.websockets.websockets_sansio_impl")

import httpx
import uvicorn
from websockets.asyncio.client import connect
from websockets.server import ServerProtocol

from kakehiki.server.app import create_app
from kakehiki.server.wsprotocol import table_socket_protocol
from serving import free_port


def open_connections() -> int:
    return sum(1 for o in gc.get_objects() if type(o) is ServerProtocol)


def test_table_sockets_closed_leave_no_connection_waiting_for_the_collector(tmp_path: Path) -> None:
    async def play() -> int:
        port = free_port()
        app = create_app(str(tmp_path / "rooms.sqlite3"))
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                ws_per_message_deflate=True, ws=table_socket_protocol())
        server = uvicorn.Server(config)
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.02)
        base = f"127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=f"http://{base}") as http:
            made = (await http.post("/api/rooms", json={"game": "dobon", "players": 2, "nickname": "Ann",
                                                        "bots": {"1": "random"}})).json()
        gc.collect()
        gc.disable()  # only reference counting frees anything from here
        try:
            before = open_connections()
            for _ in range(5):
                async with connect(f"ws://{base}/api/rooms/{made['code']}/ws", compression="deflate") as ws:
                    await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                    assert json.loads(await ws.recv())["type"] == "welcome"
            await asyncio.sleep(0.3)  # the server sees the last one go
            left = open_connections() - before
        finally:
            gc.enable()
            server.should_exit = True
            await serving
        return left

    assert asyncio.run(play()) == 0
