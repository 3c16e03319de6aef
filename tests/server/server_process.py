"""Server processes for the tests: ``heat serve`` (``services.HeatServe``) with its database and
its log in the test's temporary folder (on SQLite, or on PostgreSQL with Redis). A module of its
own, not conftest: every test folder has a conftest, and ``from conftest import`` would pick
whichever was imported first."""

from __future__ import annotations

from pathlib import Path

from services import HeatServe

OPTIONS = ("--allow-positions", "--away-grace", "1", "--bot-workers", "1")


class Server(HeatServe):
    """A ``heat serve`` process that a test can kill and start again on the same database
    (``folder``/heat.db); what it says on its error output goes to ``folder``/server.log."""

    def __init__(self, folder: Path, *options: str) -> None:
        super().__init__(folder / "heat.db", *options, log=folder / "server.log")


class ClusterServer(Server):
    """A ``heat serve`` process on a PostgreSQL database and a Redis."""

    def __init__(self, folder: Path, url: str, redis_url: str, *options: str) -> None:
        super().__init__(folder, *OPTIONS, "--redis", redis_url, "--lease-seconds", "2", *options)
        self.database = url
