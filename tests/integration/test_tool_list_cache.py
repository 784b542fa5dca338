"""The tool-list cache: a later process lists a server's tools without starting it; a changed configuration
or source file lists live; a stale entry is replaced when the server's session opens."""

import json
import shutil
import sys
from pathlib import Path

import pytest

from tools.catalog import Catalog, ServerSpec
from tools.pool import SessionPool
from tools.tool_list_cache import ToolListCache

pytestmark = pytest.mark.integration
PROBE = Path(__file__).with_name("probe_server.py")


def probe_catalog(script: Path, **env: str) -> Catalog:
    return Catalog(servers={"probe": ServerSpec(name="probe", transport="stdio", command=sys.executable,
                                                 args=[str(script)], env=env)})


async def listed(catalog: Catalog, cache_file: Path) -> tuple[list[str], int]:
    async with SessionPool(catalog, tool_cache=ToolListCache(cache_file)) as pool:
        names = [t.name for t in await pool.list_tools("probe")]
        return names, pool.sessions_opened


async def test_a_cached_listing_starts_no_server_until_a_change(tmp_path):
    cache_file, script = tmp_path / "tool_lists.json", tmp_path / "probe_server.py"
    shutil.copy(PROBE, script)
    live, opened = await listed(probe_catalog(script), cache_file)
    assert opened == 1 and "whoami" in live
    assert await listed(probe_catalog(script), cache_file) == (live, 0)  # a new process: from the cache
    assert (await listed(probe_catalog(script, PROBE_MODE="x"), cache_file))[1] == 1  # configuration changed
    script.write_text(script.read_text() + "\n# edited\n")  # the server's source changed
    assert (await listed(probe_catalog(script), cache_file))[1] == 1
    assert await listed(probe_catalog(script), cache_file) == (live, 0)


async def test_a_stale_entry_is_replaced_when_the_server_starts(tmp_path):
    cache_file, script = tmp_path / "tool_lists.json", tmp_path / "probe_server.py"
    shutil.copy(PROBE, script)
    live, _ = await listed(probe_catalog(script), cache_file)
    data = json.loads(cache_file.read_text())  # the server changed in a way the fingerprint cannot see
    data["servers"]["probe"]["tools"] = [t for t in data["servers"]["probe"]["tools"] if t["name"] != "whoami"]
    cache_file.write_text(json.dumps(data))
    async with SessionPool(probe_catalog(script), tool_cache=ToolListCache(cache_file)) as pool:
        assert "whoami" not in [t.name for t in await pool.list_tools("probe")]
        assert pool.listing_version == 0
        outcome = await pool.call("probe", "sleep", {"seconds": 0})  # starts the server, which lists again
        assert outcome.ok, outcome.error
        assert "whoami" in [t.name for t in await pool.list_tools("probe")] and pool.listing_version == 1
    assert await listed(probe_catalog(script), cache_file) == (live, 0)  # the cache holds the live list


def test_listed_names_expire_and_belong_to_one_configuration(tmp_path):
    from mcp.types import Tool

    cache = ToolListCache(tmp_path / "tool_lists.json")
    cache.put("weather", "k1", [Tool(name="list_cities", inputSchema={"type": "object"})])
    cache.put_names("weather", "k1", {"list_cities": ["Oslo", "Lima"]})
    again = ToolListCache(tmp_path / "tool_lists.json")
    assert again.get_names("weather", "k1") == {"list_cities": ["Oslo", "Lima"]}
    assert again.get_names("weather", "k2") is None and again.get("weather", "k2") is None
    assert again.get_names("weather", "k1", max_age_s=-1) is None  # too old: ask again
    again.put("weather", "k2", [])  # a new configuration drops the names listed under the old one
    assert again.get_names("weather", "k2") is None


def test_servers_listed_from_many_threads_at_once_are_all_kept(tmp_path):
    """The pool writes the cache from worker threads, one per server it lists; none may lose another's entry."""
    from concurrent.futures import ThreadPoolExecutor

    from mcp.types import Tool

    cache = ToolListCache(tmp_path / "tool_lists.json")
    tools = [Tool(name=f"tool_{i}", description="d" * 200, inputSchema={"type": "object"}) for i in range(40)]
    servers = [f"server_{i}" for i in range(48)]
    with ThreadPoolExecutor(max_workers=12) as workers:
        list(workers.map(lambda server: cache.put(server, "key", tools), servers))  # raises what a thread raised
    reread = ToolListCache(tmp_path / "tool_lists.json")
    assert all(len(reread.get(server, "key") or []) == len(tools) for server in servers)
