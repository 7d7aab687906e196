"""Several ``kakehiki serve`` processes on one store, any number, added or removed while running.

Each process that is given the address the others and the proxy reach it at (``--advertise
HOST:PORT``) holds the rooms it makes or takes under a lease in the store (``kk_owners``):
it renews its leases every :data:`RENEW_EVERY` seconds for :data:`LEASE` seconds.  A process
that dies stops renewing; once its leases run out, any other process takes its rooms over,
replaying each from its log (as a restart does), so no accepted action is lost and its people
reconnect to the new holder.  A process that lost a lease (paused too long) drops the room
and closes its sockets; its people reconnect to the holder.

Requests reach a room's holder through a standard proxy that asks any process who holds it
(``GET /_owner/{code}``, answered with the header ``X-Owner: HOST:PORT``, taking the room
over first if its holder is gone): nginx's ``auth_request``; ``deploy/nginx.conf`` is the
configuration.  Without ``--advertise`` a process holds every room it makes and no lease is
kept (one process, or the static ``--shard K/N`` layout).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from kakehiki.server.store import Lease, Store

LEASE: Final = 10.0
"""Seconds a lease runs: a dead process's rooms are taken over at most this long after it died."""
RENEW_EVERY: Final = 2.0
"""Seconds between a process's renewals (and its looks for rooms nobody holds)."""


@dataclass
class Leases:
    """This process's leases: its id, its address, and the store that keeps them."""

    store: Store
    address: str
    wall: Callable[[], float]
    owner: str = field(default_factory=lambda: secrets.token_hex(8))

    def lease(self) -> Lease:
        return Lease(self.owner, self.address, self.wall() + LEASE)

    def claim(self, code: str) -> bool:
        return self.store.claim(code, self.lease(), self.wall())

    def renew(self) -> set[str]:
        """Renew every lease held; the codes still held."""
        return self.store.renew(self.owner, self.wall() + LEASE)

    def holder(self, code: str) -> str | None:
        """The address of the live process holding ``code`` (``None``: nobody, or a lapsed lease)."""
        lease = self.store.lease(code)
        return lease.address if lease is not None and lease.until >= self.wall() else None

    def orphans(self) -> list[str]:
        return self.store.orphans(self.wall())
