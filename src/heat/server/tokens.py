"""Seat and admin tokens: long random secrets, stored only as their SHA-256."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence


def new_token() -> str:
    """A fresh secret: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of ``token``."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def match(token: str, hashes: Sequence[str | None]) -> int | None:
    """The index of ``token``'s hash among ``hashes`` (compared in constant time), or None."""
    wanted = token_hash(token)
    found = None
    for index, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(stored, wanted):
            found = index
    return found


def new_table_id() -> str:
    """A short public table id (not a secret: it opens only the spectator's view)."""
    return secrets.token_urlsafe(6)
