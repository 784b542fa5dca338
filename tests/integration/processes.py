"""Server processes for integration tests: started in their own process group on a free loopback port, waited
for over HTTP, and stopped by their process group id (never by name)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx


def free_port() -> int:
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """``count`` distinct free loopback ports. All are held until the last is chosen: ports asked for one at a
    time, each released at once, may repeat, and two servers started together would then race for one port (the
    loser exits, and a readiness check on the port sees the winner)."""
    held = [socket.socket() for _ in range(count)]
    try:
        for sock in held:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in held]
    finally:
        for sock in held:
            sock.close()


class ServerProcess:
    """One server command, its output in ``log_path``."""

    def __init__(self, command: list[str], log_path: Path, *, env: dict[str, str] | None = None,
                 cwd: Path | None = None):
        self.log_path = log_path
        self._log = open(log_path, "w")
        self.process = subprocess.Popen(command, stdout=self._log, stderr=subprocess.STDOUT, env=env, cwd=cwd,
                                        start_new_session=True)

    def log(self) -> str:
        return self.log_path.read_text()

    def wait_http(self, url: str, timeout_s: float) -> None:
        """Until ``url`` answers 200; fails with the log's tail if the process dies or time runs out."""
        deadline = time.monotonic() + timeout_s
        while True:
            assert self.process.poll() is None, self.log()[-3000:]
            try:
                if httpx.get(url, timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(self.log()[-3000:])
            time.sleep(0.3)

    def stop(self, timeout_s: float = 30) -> None:
        """SIGTERM to the group, SIGKILL after ``timeout_s``; a process that already ended is only reaped."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._log.close()

    def crash(self) -> None:
        """SIGKILL to the whole group, as a machine failure would end it (no shutdown handlers run)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
