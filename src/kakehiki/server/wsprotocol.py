"""The WebSocket protocol ``kakehiki serve`` gives uvicorn: its websockets-sansio one, which also
tells websockets that the stream ended when a connection is lost.

uvicorn's protocol does not (0.54): websockets' frame parser then stays suspended, waiting for
data that never comes, and holds its connection, compression contexts included (about 70 KB with
permessage-deflate), in a reference cycle that only the garbage collector's full pass frees
(websockets' parser even ends on a last ``yield`` that keeps it, by design).  ``kakehiki serve``
makes those passes rare (:mod:`kakehiki.server.collector`), so at 300 busy tables the closed
sockets' connections held 1–2 MB more every second until the next one.  Told of the end, and its
parser closed (websockets steps it no more after the end), a connection is freed by reference
counting when uvicorn lets it go.
"""

from __future__ import annotations

import contextlib
import importlib
from typing import Any


def table_socket_protocol() -> Any:
    """The protocol class for uvicorn's ``ws``: "auto" where uvicorn has no websockets-sansio
    protocol (before 0.35), which then picks one of its own."""
    try:
        sansio = importlib.import_module("uvicorn.protocols.websockets.websockets_sansio_impl")
    except ImportError:
        return "auto"
    base: Any = sansio.WebSocketsSansIOProtocol

    class EndingWebSocketProtocol(base):  # type: ignore[misc]
        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            with contextlib.suppress(Exception):  # the stream ended (the connection is CLOSED)
                self.conn.receive_eof()
            with contextlib.suppress(Exception):  # nothing may step the parser after the end: it lets go
                self.conn.parser.close()

    return EndingWebSocketProtocol
