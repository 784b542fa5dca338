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


def server_with(**fields):
    return catalog_text({"db": {"command": "python", "args": ["-m", "db"], **fields}})


def test_approvals_as_a_string_apply_to_every_tool():
    spec = parse_catalog(server_with(approvals="allow")).servers["db"]
    assert spec.approval_for("read_query") == "allow" and spec.approval_for("anything") == "allow"
    assert parse_catalog(server_with()).servers["db"].approval_for("read_query") is None


def test_approvals_per_tool_with_a_star_default():
    approvals = {"read_query": "allow", "list_tables": "allow", "*": "deny"}
    spec = parse_catalog(server_with(approvals=approvals)).servers["db"]
    assert spec.approval_for("read_query") == "allow" and spec.approval_for("list_tables") == "allow"
    assert spec.approval_for("write_query") == "deny"
    no_star = parse_catalog(server_with(approvals={"read_query": "allow"})).servers["db"]
    assert no_star.approval_for("write_query") is None  # the run's policy decides


@pytest.mark.parametrize("approvals, message", [
    ("maybe", "approvals: unknown policy 'maybe'; use one of ask, deny, allow"),
    ({"read_query": "sure"}, "unknown policy 'sure' for tool 'read_query'"),
    ({"read_query": True}, "the policy for tool 'read_query' must be a string"),
    ({"read_query": None}, "the policy for tool 'read_query' must be a string"),
    ({"": "allow"}, "a tool name in 'approvals' is empty"),
    (["allow"], "expected one of ask, deny, allow or an object"),
])
def test_bad_approvals_name_the_server_the_file_and_the_problem(approvals, message):
    with pytest.raises(CatalogError) as err:
        parse_catalog(server_with(approvals=approvals), "user.json")
    assert "user.json: server 'db': approvals: " in str(err.value) and message in str(err.value)
    assert "Value error" not in str(err.value)


def test_examples_are_parsed_and_checked():
    spec = parse_catalog(server_with(examples=["How many orders in March?", "Which tables are there?"])).servers["db"]
    assert spec.examples == ["How many orders in March?", "Which tables are there?"]
    assert parse_catalog(server_with()).servers["db"].examples == []
    for bad, message in (("one question", "expected a list of questions"),
                         (["ok", ""], "example 2 must be a non-empty"), (["ok", 3], "example 2 must be a non-empty")):
        with pytest.raises(CatalogError, match="server 'db': examples: ") as err:
            parse_catalog(server_with(examples=bad), "user.json")
        assert message in str(err.value)


def test_without_builtins_the_catalogue_is_the_users_alone(tmp_path):
    builtin = set(load_catalog().servers)
    user = tmp_path / "mcp.json"
    user.write_text(catalog_text({"db": {"command": "python", "args": ["-m", "db"]}}))
    cat = load_catalog(user, include_builtin=False)
    assert cat.names() == ["db"] and not builtin & set(cat.servers)
    assert {spec.source for spec in cat.servers.values()} == {str(user)}
