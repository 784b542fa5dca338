"""`langgraph dev` loads the exported graph offline and answers a run through its HTTP API."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from langgraph_sdk import get_client

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def langgraph_server(tmp_path, free_port):
    env = {**os.environ, "TURA_DATA_DIR": str(tmp_path), "HF_HUB_OFFLINE": "1",
           "LANGGRAPH_CLI_NO_ANALYTICS": "1", "LANGGRAPH_NO_VERSION_CHECK": "true"}
    log = open(tmp_path / "server.log", "w")
    process = subprocess.Popen(
        [str(Path(sys.executable).with_name("langgraph")), "dev", "--no-browser", "--no-reload",
         "--host", "127.0.0.1", "--port", str(free_port)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{free_port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert process.poll() is None, (tmp_path / "server.log").read_text()[-3000:]
            try:
                if httpx.get(f"{url}/ok", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        else:
            raise TimeoutError((tmp_path / "server.log").read_text()[-3000:])
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


async def test_server_answers_a_run_over_http(langgraph_server):
    client = get_client(url=langgraph_server)
    thread = await client.threads.create()
    result = await client.runs.wait(
        thread["thread_id"], "tura",
        input={"query": "What is the weather in Beijing tomorrow?"},
        context={"forced_route": "fast"},
    )
    assert result["answer"].strip()
    assert any(c["server"] == "weather" for c in result["citations"]), result.get("errors")
