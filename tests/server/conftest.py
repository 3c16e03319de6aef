"""A real server for the end-to-end tests: ``heat serve`` in a subprocess on a free loopback port,
its database in the test's temporary folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from server_process import OPTIONS, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """One server for a test module (commits not synced to the disk: faster on a busy machine,
    and a process killed still loses nothing; the kill -9 test syncs, as ``heat serve`` does)."""
    running = Server(tmp_path_factory.mktemp("server"), *OPTIONS, "--no-fsync")
    running.start()
    yield running
    running.stop()


@pytest.fixture
def own_server(tmp_path: Path):
    """A server of the test's own, which it may kill."""
    running = Server(tmp_path, *OPTIONS)
    yield running
    if running.process is not None:
        running.stop()


# ---------------------------------------------------------------------- PostgreSQL and Redis (issue 31)

from services import Postgres, Redis, ServiceMissing, postgres_bin  # noqa: E402  (tests/conftest.py put benchmarks/ on the path)


@pytest.fixture
def services_installed() -> None:
    """Skip where PostgreSQL's server or redis-server is not installed (``scripts/test`` installs them)."""
    import shutil

    try:
        postgres_bin()
    except ServiceMissing as missing:
        pytest.skip(str(missing))
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")


@pytest.fixture(scope="module")
def postgres():
    """A PostgreSQL server of the module's own, in a temporary folder (skipped where it is not
    installed: ``scripts/test`` installs it)."""
    try:
        server = Postgres().start()
    except ServiceMissing as missing:
        pytest.skip(str(missing))
    yield server
    server.stop()


@pytest.fixture
def redis_server():
    """A redis-server of the test's own (a test may stop and start it again)."""
    try:
        server = Redis().start()
    except ServiceMissing as missing:
        pytest.skip(str(missing))
    yield server
    server.stop(remove=True)


_databases = iter(range(1, 1_000_000))


@pytest.fixture
def pg_url(postgres, request) -> str:
    """A new database of the module's PostgreSQL server, at the newest schema."""
    from heat.server.store import migrate_url

    url = postgres.create(f"t{next(_databases)}_{os.getpid()}")
    migrate_url(url)
    return url
