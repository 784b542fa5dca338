"""An executor adapter is loaded only for the servers of the catalogue it was trained on."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from mcp.types import Tool

from graphs.context import Context
from nodes.distill.adapter_store import (AdapterStoreError, adapter_for, install, read_adapter, stored_adapters,
                                         write_manifest)
from nodes.models import ModelFactory, RoleAdapter
from tools.catalog_fingerprint import catalog_fingerprint, server_fingerprint


def tool(name: str, description: str = "Reads it.", properties: dict | None = None) -> Tool:
    return Tool(name=name, description=description, inputSchema={"type": "object", "properties": properties or {}})


CLOCK = [tool("get_current_time", "Current time in a zone.", {"timezone": {"type": "string"}}), tool("list_zones")]


def test_a_fingerprint_changes_with_any_tool_name_description_or_schema_and_not_with_order():
    base = server_fingerprint("clock", CLOCK)
    assert server_fingerprint("clock", list(reversed(CLOCK))) == base
    assert server_fingerprint("time", CLOCK) != base
    assert server_fingerprint("clock", [CLOCK[0], tool("list_zones", "Other words.")]) != base
    assert server_fingerprint("clock", [tool("get_current_time", "Current time in a zone.",
                                             {"timezone": {"type": "string", "enum": ["UTC"]}}), CLOCK[1]]) != base
    assert server_fingerprint("clock", CLOCK[:1]) != base
    assert catalog_fingerprint({"a": "1", "b": "2"}) == catalog_fingerprint({"b": "2", "a": "1"})
    assert catalog_fingerprint({"a": "1"}) != catalog_fingerprint({"a": "1", "b": "2"})


def test_an_installed_adapter_is_found_for_its_own_servers_only(tmp_path):
    gguf = tmp_path / "trained.gguf"
    gguf.write_bytes(b"GGUF")
    servers = {"clock": server_fingerprint("clock", CLOCK)}
    folder = install(tmp_path / "store", gguf, catalog_fingerprint(servers), servers)
    found = stored_adapters([], tmp_path / "store")
    assert [a.path for a in found] == [folder / "executor.gguf"]
    assert adapter_for(found, servers["clock"]) == found[0]
    assert adapter_for(found, server_fingerprint("clock", CLOCK[:1])) is None


def test_a_folder_without_a_manifest_serves_no_catalogue_and_a_broken_one_is_an_error(tmp_path):
    (tmp_path / "executor.gguf").write_bytes(b"GGUF")
    assert read_adapter(tmp_path) is None
    (tmp_path / "manifest.json").write_text("[1, 2]")
    with pytest.raises(AdapterStoreError, match="not an adapter manifest"):
        read_adapter(tmp_path)
    write_manifest(tmp_path, "abc", {"clock": "f1"})
    assert read_adapter(tmp_path).servers == {"clock": "f1"}


def test_the_factory_gives_a_task_the_adapter_of_its_server_and_the_base_model_otherwise():
    base, clock_weights, shop_weights = (SimpleNamespace(weights=w) for w in ("base", "clock", "shop"))
    factory = ModelFactory(load_runtime=lambda: base, adapters={"executor": [
        RoleAdapter("clock.gguf", lambda: clock_weights, frozenset({"f-clock"})),
        RoleAdapter("shop.gguf", lambda: shop_weights, frozenset({"f-shop"}))]})
    context = Context(executor_adapter=True)
    clock = factory.get("executor", context, "f-clock")
    assert clock.distilled and clock.chat.runtime is clock_weights
    assert factory.get("executor", context, "f-shop").chat.runtime is shop_weights
    unknown = factory.get("executor", context, "f-other")
    assert not unknown.distilled and unknown.chat.runtime is base
    assert not factory.get("executor", context).distilled  # no server named: no catalogue's adapter
    universal = ModelFactory(load_runtime=lambda: base,
                             adapters={"executor": RoleAdapter("any.gguf", lambda: shop_weights)})
    assert universal.get("executor", context, "f-other").distilled


def test_the_shipped_adapter_names_the_builtin_servers_it_was_trained_on():
    from graphs.deps import ADAPTERS_DIR

    shipped = read_adapter(ADAPTERS_DIR)
    assert shipped is not None and {"weather", "flights", "finance"} <= set(shipped.servers)
    assert shipped.catalog == catalog_fingerprint(shipped.servers)
