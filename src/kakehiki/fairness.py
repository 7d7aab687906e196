"""Provably fair deals: a host commits to a game's seed before the deal and reveals it after.

Before the first card, the host publishes ``commitment(seed, salt)``: the SHA-256 of the
text ``kakehiki-commit/1`` and the seed and the salt, each on its own line (the seed in
decimal, the salt as given, 32 hexadecimal digits from a secure source).  Nobody can find
the seed from it; once the game ends the host reveals seed and salt (a record carries them
in ``"commitment"``), and anyone can check that the deals came from the seed committed to:
:func:`verify` recomputes the hash and replays the record, whose deals follow from its seed
through the project's generator (``docs/core.md``).

The salt makes the hash unguessable even for small seeds; the seed itself decides the game.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, Final

from kakehiki.errors import RecordError, describe
from kakehiki.record import replay

SCHEME: Final = "sha256/1"
PREFIX: Final = "kakehiki-commit/1"
SALT_DIGITS: Final = 32


def new_salt() -> str:
    """A fresh salt from the operating system's secure source (a host's job, not the rules')."""
    return secrets.token_hex(SALT_DIGITS // 2)


def commitment(seed: int, salt: str) -> str:
    """The hash a host publishes before the deal (hexadecimal SHA-256)."""
    return hashlib.sha256(f"{PREFIX}\n{seed}\n{salt}".encode()).hexdigest()


def commitment_field(seed: int, salt: str) -> dict[str, str]:
    """What a record carries once the game is over: the scheme, the hash and the salt."""
    return {"scheme": SCHEME, "hash": commitment(seed, salt), "salt": salt}


@dataclass(frozen=True)
class Verdict:
    """Whether a record's deals are the ones committed to.  ``reason``: ``fair``,
    ``no_commitment``, ``no_seed`` (dealt from an explicit deck) or ``mismatch``."""

    fair: bool
    reason: str
    seed: int | None = None
    hash: str = ""


def verify(record: dict[str, Any]) -> Verdict:
    """Check a record's commitment against its seed, and that the record replays from that seed.

    Raises :class:`RecordError` for a record that is malformed or does not replay; answers
    ``fair=False`` for one without a commitment, or whose seed is not the one committed to."""
    field = record.get("commitment") if isinstance(record, dict) else None
    if field is None:
        return Verdict(False, "no_commitment")
    if not isinstance(field, dict) or set(field) != {"scheme", "hash", "salt"}:
        raise RecordError(f"commitment must be an object of scheme, hash and salt, got {describe(field)}")
    if field["scheme"] != SCHEME:
        raise RecordError(f"commitment scheme must be {SCHEME}, got {describe(field['scheme'])}")
    salt, published = field["salt"], field["hash"]
    if not _hex(salt, SALT_DIGITS) or not _hex(published, 64):
        raise RecordError(f"commitment salt and hash must be hexadecimal ({SALT_DIGITS} and 64 digits)")
    replay(record)  # the deals follow from the seed; a record that does not replay is refused
    seed = record.get("seed")
    if type(seed) is not int:
        return Verdict(False, "no_seed", hash=published)
    if commitment(seed, salt) != published:
        return Verdict(False, "mismatch", seed, published)
    return Verdict(True, "fair", seed, published)


def _hex(value: object, digits: int) -> bool:
    return isinstance(value, str) and len(value) == digits and all(c in "0123456789abcdef" for c in value)
