"""Server processes for the tests: ``heat serve`` in a subprocess on a free loopback port, its
database in the test's temporary folder (on SQLite, or on PostgreSQL with Redis). A module of its
own, not conftest: every test folder has a conftest, and ``from conftest import`` would pick
whichever was imported first."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

OPTIONS = ("--allow-positions", "--away-grace", "1", "--bot-workers", "1")


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


class ClusterServer(Server):
    """A ``heat serve`` process on a PostgreSQL database and a Redis."""

    def __init__(self, folder: Path, url: str, redis_url: str, *options: str) -> None:
        super().__init__(folder, *OPTIONS, "--redis", redis_url, "--lease-seconds", "2", *options)
        self.db = url  # type: ignore[assignment]
