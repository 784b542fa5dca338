"""An ``mcp.json`` for the foreign (third-party) MCP servers that ``scripts/foreign_servers.sh`` installs, over
the data ``benchmarks/foreign_data.py`` writes: stdio entries with absolute paths, described the way a user
would describe the servers they added.

    python -m benchmarks.foreign_catalog out.json [--servers DIR] [--data DIR]

Defaults: servers in ${TURA_SERVERS_DIR:-~/.cache/tura/servers}, data in <servers>/data.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from the repo root too

from benchmarks.foreign_data import default_servers_dir  # noqa: E402

# name -> (executable inside <servers>/<name>, description)
SERVERS: dict[str, tuple[str, str]] = {
    "time": (
        "bin/mcp-server-time",
        "Tells the current time in any IANA time zone and converts a time of day from one time zone to another.",
    ),
    "sqlite": (
        "bin/mcp-server-sqlite",
        (
            "Our company database at Northwind Loom (departments, employees, products and sales orders), "
            "queried with SQL."
        ),
    ),
    "notes": (
        "node_modules/.bin/mcp-server-filesystem",
        (
            "My personal and work notes folder (markdown and text files): wifi passwords, recipes, meeting "
            "notes, the car, books I read, contacts, the garden, my monthly budget; read, search and edit them."
        ),
    ),
    "memory": (
        "node_modules/.bin/mcp-server-memory",
        (
            "A knowledge graph of the people, projects and organisations in my life, with facts about each "
            "(birthdays, roles, favourite things) and how they are related (who manages whom)."
        ),
    ),
    "calculator": (
        "bin/mcp-server-calculator",
        "A calculator: evaluates arithmetic expressions (+ - * / ^ and functions such as sqrt, log or sin).",
    ),
}


def executable(servers_dir: Path, name: str) -> Path:
    return Path(servers_dir).expanduser().resolve() / name / SERVERS[name][0]


def installed(servers_dir: Path) -> list[str]:
    """The servers whose install finished (scripts/foreign_servers.sh writes the stamp last)."""
    root = Path(servers_dir).expanduser()
    return [name for name in SERVERS if (root / name / ".tura-stamp").is_file() and executable(root, name).exists()]


def foreign_catalog(servers_dir: Path, data_dir: Path) -> dict[str, Any]:
    """The ``{"mcpServers": {...}}`` dict for the five servers (installed or not: paths are where they go)."""
    data = Path(data_dir).expanduser().resolve()
    args: dict[str, list[str]] = {
        "time": ["--local-timezone", "UTC"],
        "sqlite": ["--db-path", str(data / "company.db")],
        "notes": [str(data / "notes")],
        "memory": [],
        "calculator": [],
    }
    # What a user does for a server whose read tools carry no readOnlyHint (MCP: they may change data): trust
    # those tools by name. Its write tools (write_query, create_table, append_insight) stay held.
    trusted = {
        "sqlite": {"read_query": "allow", "list_tables": "allow", "describe_table": "allow"},
        "calculator": {"calculate": "allow"},
    }
    servers: dict[str, Any] = {}
    for name, (_, description) in SERVERS.items():
        entry: dict[str, Any] = {
            "command": str(executable(servers_dir, name)),
            "args": args[name],
            "transport": "stdio",
            "description": description,
        }
        if name == "memory":
            entry["env"] = {"MEMORY_FILE_PATH": str(data / "memory.jsonl")}
        if name in trusted:
            entry["approvals"] = trusted[name]
        servers[name] = entry
    return {"mcpServers": servers}


def write_foreign_catalog(path: Path, servers_dir: Path | None = None, data_dir: Path | None = None) -> Path:
    servers_dir = Path(servers_dir) if servers_dir is not None else default_servers_dir()
    data_dir = Path(data_dir) if data_dir is not None else servers_dir / "data"
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(foreign_catalog(servers_dir, data_dir), indent=2) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write an mcp.json for the foreign MCP servers.")
    parser.add_argument("out", type=Path)
    parser.add_argument("--servers", type=Path, help="default: $TURA_SERVERS_DIR or ~/.cache/tura/servers")
    parser.add_argument("--data", type=Path, help="default: <servers>/data")
    args = parser.parse_args(argv)
    path = write_foreign_catalog(args.out, args.servers, args.data)
    servers_dir = args.servers or default_servers_dir()
    missing = [name for name in SERVERS if name not in installed(servers_dir)]
    if missing:
        print(f"note: not installed yet: {', '.join(missing)} (run scripts/foreign_servers.sh)", file=sys.stderr)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
