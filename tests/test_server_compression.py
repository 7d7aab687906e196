"""permessage-deflate (issue 33): on by default, off with ``kakehiki serve --no-deflate``.

Compressing every frame cost a few per cent more server CPU per applied action (docs/load.md,
measured both ways), for smaller frames on the wire; a deployment that would
rather spend the bandwidth than the CPU turns it off.  Checked on a real server over a real
socket: the handshake's answer names the extension exactly when the server compresses."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from serving import Client, LiveServer


def extensions_offered_back(server: LiveServer) -> str | None:
    """What the server answers a client offering permessage-deflate (websockets always offers it)."""
    made = httpx.post(server.base + "/api/rooms", json={"game": "doubt", "players": 3, "nickname": "Ann"}, timeout=10)
    assert made.status_code == 201, made.text
    watcher = Client(server, str(made.json()["code"]))
    assert watcher.ws.request is not None and watcher.ws.response is not None
    assert "permessage-deflate" in watcher.ws.request.headers.get("Sec-WebSocket-Extensions", "")
    answer = watcher.ws.response.headers.get("Sec-WebSocket-Extensions")
    assert watcher.welcome["type"] == "welcome"  # frames flow either way
    watcher.close()
    return answer


@pytest.mark.parametrize(("flags", "compressed"), [((), True), (("--no-deflate",), False)])
def test_frames_are_compressed_unless_the_server_is_told_not_to(tmp_path: Path, flags: tuple[str, ...],
                                                             compressed: bool) -> None:
    server = LiveServer(str(tmp_path / "rooms.sqlite3"), extra=flags).start()
    try:
        answer = extensions_offered_back(server)
    finally:
        server.stop()
    assert ("permessage-deflate" in (answer or "")) is compressed
