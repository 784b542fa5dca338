"""A canary secret (an mcp.json env token, an auth header, TAVILY_API_KEY) appears nowhere: not in the
answer or --json, not in `tura chat`'s output or its SQLite checkpoints, not in stderr (logs), even when
a server echoes the token it was started with. Real embedded model, real MCP servers; Tavily points at a
closed local port, so nothing leaves the machine."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
TOKEN, HEADER, TAVILY = "canary-token-5d1e8f", "canary-header-93b7aa", "canary-tavily-c4e210"


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("secrets")
    catalog = tmp / "mcp.json"
    catalog.write_text(json.dumps({"mcpServers": {
        "accounts": {"command": "python", "args": [str(Path(__file__).with_name("leaky_server.py"))],
                     "env": {"API_TOKEN": TOKEN},
                     "description": "The user's subscription account: plan, renewal date and API token status.",
                     "category": "account"},
        "crm": {"url": "http://127.0.0.1:9/mcp", "headers": {"Authorization": f"Bearer {HEADER}"},
                "description": "Customer records"},
    }}))
    env = {**os.environ, "TURA_DATA_DIR": str(tmp / "data"), "HF_HUB_OFFLINE": "1", "TAVILY_API_KEY": TAVILY,
           "TAVILY_API_BASE_URL": "http://127.0.0.1:9"}
    return tmp, catalog, env


def run(command: list[str], env: dict, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([str(Path(sys.executable).with_name("tura")), *command], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=400, input=stdin)


def leaks(text: str) -> list[str]:
    return [c for c in (TOKEN, HEADER, TAVILY) if c in text]


def test_ask_json_never_shows_a_secret_even_when_a_server_echoes_it(setup):
    tmp, catalog, env = setup
    done = run(["ask", "--json", "--catalog", str(catalog), "what is the status of my subscription account"], env)
    out = json.loads(done.stdout)
    used = [o for r in out["task_results"].values() for o in r["observations"]]
    assert any(o["server"] == "accounts" and o["ok"] for o in used), out["task_results"]  # the leaky tool ran
    assert "[redacted]" in json.dumps(out)
    assert leaks(done.stdout + done.stderr) == []


def test_chat_output_and_its_checkpoints_never_hold_a_secret(setup):
    tmp, catalog, env = setup
    done = run(["chat", "--catalog", str(catalog)], env,
               stdin="what is the status of my subscription account\nwhen did the berlin wall come down\nexit\n")
    assert done.returncode == 0, done.stderr[-2000:]
    assert leaks(done.stdout + done.stderr) == []
    stored = b"".join(p.read_bytes() for p in (tmp / "data").glob("threads.sqlite*"))
    assert stored and not [c for c in (TOKEN, HEADER, TAVILY) if c.encode() in stored]
