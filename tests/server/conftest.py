"""A real server for the end-to-end tests: ``heat serve`` in a subprocess on a free loopback port,
its database in the test's temporary folder."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest


class Server:
    """A ``heat serve`` process that a test can kill and start again on the same database."""

    def __init__(self, folder: Path, *options: str) -> None:
        self.db = folder / "heat.db"
        self.log = folder / "server.log"
        self.options = options
        self.process: subprocess.Popen[str] | None = None
        self.base = ""

    def start(self) -> None:
        command = [sys.executable, "-m", "heat.cli.main", "serve", "--port", "0", "--db", str(self.db), *self.options]
        log = self.log.open("a")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"http://\S+/", line)
        assert found, f"the server did not start: {line!r} {self.log.read_text()}"
        self.base = found.group(0).rstrip("/")
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                if httpx.get(f"{self.base}/healthz", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("the server never answered /healthz")

    def kill9(self) -> None:
        """``kill -9``: no clean-up of any kind."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> int:
        """Ctrl-C, then wait for the clean stop; the exit status."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                return self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        return self.process.returncode


OPTIONS = ("--allow-positions", "--away-grace", "1", "--bot-workers", "1")


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

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from services import Postgres, Redis, ServiceMissing, postgres_bin  # noqa: E402  (benchmarks/ is on sys.path now)


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


class ClusterServer(Server):
    """A ``heat serve`` process on a PostgreSQL database and a Redis."""

    def __init__(self, folder: Path, url: str, redis_url: str, *options: str) -> None:
        super().__init__(folder, *OPTIONS, "--redis", redis_url, "--lease-seconds", "2", *options)
        self.db = url  # type: ignore[assignment]
