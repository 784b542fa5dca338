"""A local multi-replica deployment (docs/deploy.md, tier 3): Postgres (scripts/postgres.sh), a Chroma server
and N tura replicas served by Aegra, every process on loopback and stopped by its PID at the end.

Aegra (Apache-2.0) serves the Agent Protocol that langgraph-sdk and agent-chat-ui speak, keeping threads, runs,
checkpoints and stream events in Postgres, so any replica can continue any thread. Each replica serves two
graphs from one aegra.json: ``tura`` (the product, graphs/server_graph.py) and ``tura_fake`` (scripted models
over the real servers and index, benchmarks/fake_graph.py, for load).
Used by tests/integration/test_replicas.py and benchmarks/replicas.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tests.integration.processes import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
GRAPHS = {"tura": "graphs/server_graph.py:graph", "tura_fake": "benchmarks/fake_graph.py:graph"}


@dataclass
class Cluster:
    database_url: str
    chroma_url: str
    replicas: list[ServerProcess] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)


@contextmanager
def postgres() -> Iterator[str]:
    """A private Postgres on a free loopback port; yields its URL. Its data directory is a fresh one under
    /tmp that the ``postgres`` user can reach (pytest's own folders are private to root), removed after."""
    script = ROOT / "scripts" / "postgres.sh"
    folder = Path(tempfile.mkdtemp(prefix="tura-postgres-"))
    folder.chmod(0o755)
    data = folder / "data"
    started = subprocess.run(["bash", str(script), "start", str(data), str(free_port())], capture_output=True,
                             text=True)
    assert started.returncode == 0, started.stderr + (data.with_suffix(".initdb.log").read_text()
                                                      if data.with_suffix(".initdb.log").exists() else "")
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run(["bash", str(script), "stop", str(data)], check=True, capture_output=True, text=True)
        shutil.rmtree(folder, ignore_errors=True)


def start_replica(work: Path, name: str, database_url: str, chroma_url: str) -> tuple[ServerProcess, str]:
    """One Aegra replica with its own data directory (sandbox copy, encoder cache)."""
    config = work / "aegra.json"
    if not config.exists():
        config.write_text(json.dumps({"graphs": {g: str(ROOT / path) for g, path in GRAPHS.items()}}))
    port = free_port()
    env = {**os.environ, "AEGRA_CONFIG": str(config), "DATABASE_URL": database_url, "TURA_CHROMA_URL": chroma_url,
           "TURA_DATA_DIR": str(work / f"data-{name}"), "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT),
           "LOG_LEVEL": "WARNING"}
    server = ServerProcess([sys.executable, "-m", "uvicorn", "aegra_api.main:app", "--host", "127.0.0.1",
                            "--port", str(port)], work / f"replica-{name}.log", env=env, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    server.wait_http(f"{url}/health", timeout_s=120)
    return server, url


@contextmanager
def cluster(work: Path, replicas: int = 2) -> Iterator[Cluster]:
    """Postgres, a Chroma server and ``replicas`` tura replicas; the first replica migrates the database
    before the others start."""
    with ExitStack() as stack:
        database_url = stack.enter_context(postgres())
        chroma_port = free_port()
        chroma = ServerProcess([str(Path(sys.executable).with_name("chroma")), "run", "--path",
                                str(work / "chroma"), "--host", "127.0.0.1", "--port", str(chroma_port)],
                               work / "chroma.log", env={**os.environ, "ANONYMIZED_TELEMETRY": "False"})
        stack.callback(chroma.stop)
        chroma_url = f"http://127.0.0.1:{chroma_port}"
        chroma.wait_http(f"{chroma_url}/api/v2/heartbeat", timeout_s=60)
        running = Cluster(database_url, chroma_url)
        for i in range(replicas):
            server, url = start_replica(work, chr(ord("a") + i), database_url, chroma_url)
            stack.callback(server.stop)
            running.replicas.append(server)
            running.urls.append(url)
        yield running
