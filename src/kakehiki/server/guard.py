"""What keeps one hostile client from filling or fooling the server: which ``Host`` names it
answers to, which page origins may use it, how many sockets and unknown-code lookups one
address may have, and the headers every answer carries.

The server trusts the client address uvicorn gives it.  ``X-Forwarded-For`` is read only
from the proxies named with ``--trusted-proxy`` (see ``kakehiki serve``), so varying that
header does not pass the per-address limits.
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from collections.abc import Iterable
from typing import Final

from kakehiki.server.connection import RateLimiter

SOCKETS_PER_ADDRESS: Final = 32
"""Table sockets (seats and spectators alike) one address may hold open at once: a family
behind one router with a few tabs each stays far below it."""
PROBES_PER_MINUTE: Final = 30
"""Lookups of codes that name no room one address may make in a minute (a person mistypes
a code a few times; a script guessing codes is slowed to this)."""
CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""The page loads only its own files, talks only to its own server, and no other site may frame it."""
SECURITY_HEADERS: Final = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


def host_name(header: str) -> str:
    """The name of a ``Host`` header, without its port, lower case (``[::1]:8000`` → ``::1``)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    name, _, port = header.rpartition(":")
    return name if name and port.isdigit() else header


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostNames:
    """The ``Host`` names this server answers to.

    An address (``127.0.0.1``, ``192.168.1.20``, ``[::1]``) and ``localhost`` always pass:
    friends on a LAN open the address printed.  Any other name must be configured
    (``--host-name``, or the host of an ``--allow-origin``): a page of some other site whose
    name an attacker points at this machine (DNS rebinding) sends its own name, and is refused."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names = frozenset(host_name(n) for n in names if n.strip())

    def allows(self, header: str | None) -> bool:
        if header is None:
            return True  # HTTP/1.0 without Host: no browser sends that
        name = host_name(header)
        return name == "localhost" or is_address(name) or name in self.names


class AddressLimits:
    """Per client address: open table sockets, and lookups of codes that name no room."""

    def __init__(self, sockets: int = SOCKETS_PER_ADDRESS, probes_per_minute: int = PROBES_PER_MINUTE) -> None:
        self.sockets = sockets
        self.open: Counter[str] = Counter()
        self.probes = RateLimiter(probes_per_minute / 60.0, probes_per_minute)
        self.probes_per_minute = probes_per_minute

    def open_socket(self, address: str) -> bool:
        """Count one more socket of ``address``; false (and nothing counted) past the limit."""
        if self.open[address] >= self.sockets:
            return False
        self.open[address] += 1
        return True

    def close_socket(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def may_probe(self, address: str, now: float) -> bool:
        """Whether ``address`` may look up one more code that names no room now."""
        return self.probes.take(address, now)
