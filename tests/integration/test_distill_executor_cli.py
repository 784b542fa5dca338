"""``tura distill executor --catalog`` end to end on servers nobody here wrote, kept tiny (one request per tool,
a training budget of seconds): the adapter is installed under the data directory keyed by the catalogue's
fingerprint, with its manifest and data card; a rerun resumes (nothing searched or trained again); and the
runtime gives that adapter to the catalogue's servers only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.foreign_catalog import installed, write_foreign_catalog
from benchmarks.foreign_data import build_foreign_data, default_servers_dir
from graphs.context import Context
from graphs.deps import build_dependencies, data_dir
from nodes.distill.adapter_store import read_adapter
from tools.catalog_fingerprint import server_fingerprint

pytestmark = [pytest.mark.integration, pytest.mark.timeout(900)]

NEEDED = {"time", "calculator", "notes", "sqlite", "memory"}
MISSING = NEEDED - set(installed(default_servers_dir()))
REPO = Path(__file__).resolve().parents[2]


def distil(catalog: Path, work: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "graphs.cli", "distill", "executor", "--catalog", str(catalog),
                           "--work", str(work), "--per-tool", "1", "--epochs", "0.1", "--time-budget", "30"],
                          cwd=REPO, env=dict(os.environ), capture_output=True, text=True, timeout=800)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stderr


@pytest.mark.skipif(bool(MISSING), reason=f"not installed: {', '.join(sorted(MISSING))} (scripts/foreign_servers.sh)")
async def test_a_catalogue_s_adapter_is_installed_by_fingerprint_resumes_and_serves_only_its_servers(tmp_path):
    build_foreign_data(tmp_path / "data")
    catalog = write_foreign_catalog(tmp_path / "mcp.json", data_dir=tmp_path / "data")
    first = distil(catalog, tmp_path / "work")
    assert "installed:" in first
    folders = [p for p in (data_dir() / "adapters").iterdir() if p.is_dir()]
    assert len(folders) == 1
    stored = read_adapter(folders[0])
    assert stored is not None and set(stored.servers) == {"time", "sqlite", "notes", "memory", "calculator"}
    card = (folders[0] / "DATA_CARD.md").read_text()
    assert "search teacher" in card and stored.catalog in card
    facts = json.loads((folders[0] / "card.json").read_text())
    assert facts["search"]["calls_run"] > 0 and facts["training"]["steps"] >= 1

    again = distil(catalog, tmp_path / "work")
    assert '"requests": 0' in again and "done in an earlier run" in again
    # the rerun's card still counts the first run's search: it searched nothing itself
    assert json.loads((folders[0] / "card.json").read_text())["search"] == facts["search"]

    deps = build_dependencies([catalog], tmp_path / "run", builtin_servers=True)
    try:
        clock = server_fingerprint("time", await deps.pool.list_tools("time"))
        weather = server_fingerprint("weather", await deps.pool.list_tools("weather"))
    finally:
        await deps.aclose()
    context = Context(executor_adapter=True)
    assert deps.models.get("executor", context, clock).distilled
    assert stored.path.parent.name in deps.models.get("executor", context, clock).endpoint
    # the built-in server gets the shipped adapter (trained on it), never the catalogue's
    assert stored.path.parent.name not in deps.models.get("executor", context, weather).endpoint
