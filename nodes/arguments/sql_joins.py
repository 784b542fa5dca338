"""How the tables of a described schema join: declared foreign keys and ``<table>_id`` columns naming another
table, and the FROM ... JOIN clause reaching every table a statement needs along the shortest link paths.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from nodes.arguments.sql_names import identifier, identifier_words, qualified, same_word
from nodes.arguments.sql_schema import TableSchema

@dataclass(frozen=True)
class Link:
    table: str
    column: str
    other: str
    other_column: str


def _key(table: TableSchema) -> str:
    return next((c.name for c in table.columns if c.primary_key), "id")


def schema_links(tables: list[TableSchema]) -> list[Link]:
    """Declared foreign keys, and ``<table>_id`` columns that name another table ("department_id")."""
    by_name = {t.name.lower(): t for t in tables}
    links = [Link(t.name, fk.column, by_name[fk.table.lower()].name, fk.target)
             for t in tables for fk in t.foreign_keys if fk.table.lower() in by_name]
    for table in tables:
        for column in table.columns:
            parts = identifier_words(column.name)
            if len(parts) < 2 or parts[-1] != "id" or any(link.table == table.name and link.column == column.name
                                                           for link in links):
                continue
            noun = "_".join(parts[:-1])
            for other in tables:
                if other is not table and same_word(noun, other.name.lower().replace(" ", "_")):
                    links.append(Link(table.name, column.name, other.name, _key(other)))
    return links


def join_clause(start: TableSchema, needed: list[TableSchema], tables: list[TableSchema],
                 links: list[Link]) -> str | None:
    """FROM ``start`` joined to every table of ``needed`` along the shortest link paths; None if one is
    unreachable."""
    by_name = {t.name: t for t in tables}
    edges: dict[str, list[tuple[str, str]]] = {}
    for link in links:
        on = (f"{qualified(by_name[link.table], link.column)} = "
              f"{qualified(by_name[link.other], link.other_column)}")
        edges.setdefault(link.table, []).append((link.other, on))
        edges.setdefault(link.other, []).append((link.table, on))
    parents: dict[str, tuple[str, str] | None] = {start.name: None}
    queue = deque([start.name])
    while queue:
        current = queue.popleft()
        for neighbour, on in edges.get(current, []):
            if neighbour not in parents:
                parents[neighbour] = (current, on)
                queue.append(neighbour)
    joined: list[tuple[str, str]] = []
    for table in needed:
        if table.name not in parents:
            return None
        path, name = [], table.name
        while parents[name] is not None:
            previous, on = parents[name]
            path.append((name, on))
            name = previous
        for step in reversed(path):
            if step not in joined:
                joined.append(step)
    clause = f"FROM {identifier(start.name)}"
    return clause + "".join(f" JOIN {identifier(name)} ON {on}" for name, on in joined)
