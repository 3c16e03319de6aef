"""Invitation links: ``http://HOST:PORT/t/TABLE#TOKEN`` (docs/protocol.md, "Tokens and links")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.util import find_spec
from urllib.parse import urlsplit

from heat.engine import HeatError
from heat.i18n import N_

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")


class JoinError(HeatError):
    """An online seat cannot be played: a bad link, an unreachable server, a seat refused."""


class SeatRefused(JoinError):
    """The server answers but will not let this link play the seat (trying again cannot help)."""


@dataclass(frozen=True, slots=True)
class Link:
    """A seat's invitation: the server's base URL, the table and the seat's secret token."""

    base: str
    """``http://HOST:PORT`` (or https, and a path prefix if the server sits under one)."""
    table: str
    token: str

    @property
    def socket(self) -> str:
        """The table's WebSocket URL (the token goes in ``hello``, never in a URL)."""
        scheme, rest = self.base.split("://", 1)
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/tables/{self.table}"

    @property
    def page(self) -> str:
        """The table's public page (no token: safe to print)."""
        return f"{self.base}/t/{self.table}"


def parse_link(text: str) -> Link:
    """The invitation ``text`` as a Link; JoinError saying what is wrong with it (the token is
    never quoted back: it is a secret)."""
    text = text.strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise JoinError(
            N_("--join: expected an invitation link like http://HOST:PORT/t/TABLE#TOKEN (the link your host sent you)")
        )
    try:
        parts.port  # noqa: B018 - urlsplit checks the port only when asked
    except ValueError:
        raise JoinError(N_("--join: the link's port is not a number: {address}"), address=parts.netloc) from None
    found = re.fullmatch(r"(?P<prefix>.*)/t/(?P<table>[^/]+)/?", parts.path)
    if found is None or not _TABLE_ID.fullmatch(found["table"]):
        raise JoinError(N_("--join: the link names no table: expected .../t/TABLE#TOKEN"))
    fragment = parts.fragment
    if not fragment:
        raise JoinError(
            N_("--join: this is the table's spectator link (no #TOKEN): ask the host for your seat's invitation link")
        )
    if fragment.startswith("admin="):
        raise JoinError(
            N_(
                "--join: this is the creator's admin link: join with a seat's invitation link "
                "(the server printed one per seat)"
            )
        )
    if not _TOKEN.fullmatch(fragment):
        raise JoinError(N_("--join: the part after # is not a seat's token: copy the whole invitation link"))
    base = f"{parts.scheme}://{parts.netloc}{found['prefix']}"
    return Link(base=base, table=found["table"], token=fragment)


def need_client() -> None:
    """JoinError unless the online client's libraries (the server extra) are installed."""
    if find_spec("websockets") is None or find_spec("httpx") is None:
        raise JoinError(N_("--join needs the online client's libraries: pip install 'heat-race[server]'"))
