"""The programs the tests, benchmarks and screenshot scripts start: ``heat serve`` itself,
PostgreSQL and Redis, each on a free loopback port with its files in a temporary folder, stopped
at the end; and the local Chromium's path and flags. Nothing else is touched: no system service,
no port but the one chosen.

PostgreSQL's ``initdb`` refuses to run as root; as root the server runs as the ``postgres`` user
its package creates (or a ``heat-pg`` system user made for it), in a folder it owns.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium (``apt-get install -y chromium``); Playwright's own download is never used."""
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class ServiceMissing(RuntimeError):
    """The server program is not installed (``scripts/test`` installs it with apt-get)."""


def free_port() -> int:
    """A TCP port free on the loopback address now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def postgres_bin() -> Path:
    """The folder of PostgreSQL's server programs (``initdb``, ``pg_ctl``)."""
    candidates = []
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        candidates.append(subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True).stdout)
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in candidates:
        if (Path(folder.strip()) / "initdb").exists():
            return Path(folder.strip())
    raise ServiceMissing("PostgreSQL's server (initdb) is not installed: apt-get install -y postgresql")


def _run_as() -> list[str]:
    """The command prefix that runs PostgreSQL as a user other than root (none if not root)."""
    if os.geteuid() != 0:
        return []
    for name in ("postgres", "heat-pg"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return ["runuser", "-u", name, "--"]
    subprocess.run(["useradd", "--system", "--no-create-home", "heat-pg"], check=True)
    return ["runuser", "-u", "heat-pg", "--"]


class Postgres:
    """A PostgreSQL server of its own: ``start()``, ``url(database)``, ``create(name)``, ``stop()``."""

    def __init__(self, *, fsync: bool = False) -> None:
        self.bin = postgres_bin()
        self.fsync = fsync
        self.port = 0
        self.folder = Path(tempfile.mkdtemp(prefix="heat-pg-"))
        self.prefix = _run_as()

    def _as_owner(self, command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self.prefix, *command], capture_output=True, text=True, check=True, **options)  # type: ignore[call-overload, no-any-return]

    def start(self) -> Postgres:
        """initdb (once), then start on a free port; returns self."""
        data = self.folder / "data"
        if self.prefix:
            user = self.prefix[2]
            shutil.chown(self.folder, user, user)
        self.folder.chmod(0o700)
        if not data.exists():
            self._as_owner([str(self.bin / "initdb"), "-D", str(data), "-U", "heat", "--auth=trust", "-E", "UTF8"])
        self.port = self.port or free_port()  # the same port again after a stop
        settings = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=200"
            f" -c fsync={'on' if self.fsync else 'off'} -c full_page_writes={'on' if self.fsync else 'off'}"
        )
        log = self.folder / "postgres.log"
        pg_ctl = str(self.bin / "pg_ctl")
        self._as_owner([pg_ctl, "-D", str(data), "-o", settings, "-l", str(log), "-w", "-t", "60", "start"])
        return self

    def url(self, database: str = "postgres") -> str:
        """The URL of a database of this server."""
        return f"postgresql://heat@127.0.0.1:{self.port}/{database}"

    def create(self, name: str) -> str:
        """A new empty database; its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self, *, remove: bool = True) -> None:
        """Stop the server at once (as a crash would), and remove its folder unless told not to."""
        data = self.folder / "data"
        if data.exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                self._as_owner([str(self.bin / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"])
        if remove:
            shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    """A ``redis-server`` of its own, keeping nothing on disk: ``start()``, ``url``, ``stop()``."""

    def __init__(self) -> None:
        program = shutil.which("redis-server")
        if program is None:
            raise ServiceMissing("redis-server is not installed: apt-get install -y redis-server")
        self.program = program
        self.folder = Path(tempfile.mkdtemp(prefix="heat-redis-"))
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        """Start (on the same port as before, after a ``stop``); returns self."""
        self.port = self.port or free_port()
        command = [
            self.program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
            "--dir", str(self.folder), "--daemonize", "no", "--protected-mode", "yes",
        ]  # fmt: skip
        log = (self.folder / "redis.log").open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                probe.sendall(b"PING\r\n")
                if probe.recv(16).startswith(b"+PONG"):
                    return self
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start: {(self.folder / 'redis.log').read_text()}")

    def stop(self, *, remove: bool = False) -> None:
        """Stop it (SIGKILL: no goodbye to its clients); ``remove``: its folder too."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(30)
        self.process = None
        if remove:
            shutil.rmtree(self.folder, ignore_errors=True)


class HeatServe:
    """A ``heat serve`` process on a free loopback port: ``start()`` returns once it answers
    ``/healthz`` (``base`` is its address); ``stop()`` is Ctrl-C and a wait, ``kill9()`` no
    clean-up at all. ``database`` is the ``--db`` argument (a file in a temporary folder, or a
    PostgreSQL URL); its error output goes to ``log`` (discarded if None)."""

    def __init__(self, database: str | Path, *options: str, log: Path | None = None) -> None:
        self.database = str(database)
        self.options = options
        self.log = log
        self.process: subprocess.Popen[str] | None = None
        self.base = ""

    def start(self, *, wait: float = 60.0) -> HeatServe:
        command = [sys.executable, "-m", "heat.cli.main", "serve", "--port", "0", "--db", self.database, *self.options]
        errors = self.log.open("a") if self.log is not None else subprocess.DEVNULL
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"http://\S+/", line)
        if found is None:
            said = self.log.read_text() if self.log is not None and self.log.exists() else ""
            raise RuntimeError(f"heat serve did not start: {line!r} {said}")
        self.base = found.group(0).rstrip("/")
        end = time.monotonic() + wait
        while time.monotonic() < end:
            try:
                if httpx.get(f"{self.base}/healthz", timeout=5).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"heat serve never answered {self.base}/healthz")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill9(self) -> None:
        """``kill -9``: no clean-up of any kind."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> int:
        """Ctrl-C, then wait for the clean stop (killed after 30 s); the exit status."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                return self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        return self.process.returncode
