import json
import sys

import pytest

from tools.catalog import BUILTIN_CATALOG, CatalogError, load_catalog, parse_catalog


def catalog_text(servers):
    return json.dumps({"mcpServers": servers})


def test_stdio_and_http_entries_are_parsed():
    cat = parse_catalog(catalog_text({
        "local": {"command": "python", "args": ["-m", "x"], "env": {"A": "1"}, "description": "d", "category": "c"},
        "remote": {"url": "http://127.0.0.1:9/mcp", "type": "http", "headers": {"Authorization": "t"}},
        "events": {"transport": "sse", "url": "http://127.0.0.1:9/sse"},
    }))
    local = cat.servers["local"].connection({"B": "2"})
    assert local["command"] == sys.executable and local["env"] == {"B": "2", "A": "1"}
    assert cat.servers["remote"].connection()["transport"] == "streamable_http"
    assert cat.servers["events"].transport == "sse"


@pytest.mark.parametrize("entry, message", [
    ({"transport": "carrier-pigeon", "url": "x"}, "unknown transport 'carrier-pigeon'"),
    ({"transport": "stdio"}, "transport stdio needs a 'command'"),
    ({"transport": "sse"}, "transport sse needs a 'url'"),
    ({"description": "nothing to run"}, "needs 'command' (stdio) or 'url'"),
    ("just a string", "expected an object"),
])
def test_bad_entries_name_server_and_problem(entry, message):
    with pytest.raises(CatalogError, match="server 'broken'") as err:
        parse_catalog(catalog_text({"broken": entry}), "user.json")
    assert message in str(err.value) and "user.json" in str(err.value)


def test_bad_json_names_line_and_column():
    with pytest.raises(CatalogError, match=r"invalid JSON at line 3, column \d+"):
        parse_catalog('{\n  "mcpServers": {\n    "a": {,}\n  }\n}', "x.json")


def test_duplicate_names_in_one_file_and_across_files(tmp_path):
    with pytest.raises(CatalogError, match="duplicate key"):
        parse_catalog('{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}')
    first, second = tmp_path / "one.json", tmp_path / "two.json"
    first.write_text(catalog_text({"a": {"command": "x"}}))
    second.write_text(catalog_text({"a": {"command": "y"}}))
    with pytest.raises(CatalogError, match="duplicate server name"):
        load_catalog(first, second, include_builtin=False)


def test_missing_file_is_named(tmp_path):
    with pytest.raises(CatalogError, match="cannot read catalogue"):
        load_catalog(tmp_path / "absent.json", include_builtin=False)


def test_builtin_catalogue_loads_with_descriptions():
    cat = load_catalog()
    assert len(cat.servers) >= 10
    assert all(spec.description and spec.category for spec in cat.servers.values())
    assert BUILTIN_CATALOG.exists()
