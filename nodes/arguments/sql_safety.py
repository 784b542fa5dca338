"""The guard every statement passes before a SQL server sees it: exactly one SELECT that writes nothing.

Why its own file: it is the one rule of the SQL value kind that protects the user's data, and is read on its own.
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

_WRITES = (exp.Insert, exp.Update, exp.Delete, exp.Create, exp.Drop, exp.Alter, exp.Merge, exp.TruncateTable,
           exp.Command, exp.Pragma, exp.Attach, exp.Detach, exp.Copy, exp.Transaction, exp.Commit, exp.Rollback,
           exp.Use, exp.Set, exp.Into, exp.Kill, exp.Anonymous)


def is_select_only(sql: str, known_tables: list[str] | None = None) -> bool:
    """True for exactly one SELECT (or UNION of SELECTs) that writes nothing, attaches nothing, calls no
    function the parser does not know (``load_extension``) and, when ``known_tables`` is given, reads only
    those tables (and its own CTEs)."""
    try:
        statements = [s for s in sqlglot.parse(sql, read="sqlite") if s is not None]
    except sqlglot.errors.SqlglotError:
        return False
    if len(statements) != 1 or not isinstance(statements[0], (exp.Select, exp.SetOperation)):
        return False
    statement = statements[0]
    if any(isinstance(node, _WRITES) for node in statement.walk()):
        return False
    if known_tables is None:
        return True
    own = {cte.alias_or_name.lower() for cte in statement.find_all(exp.CTE)}
    allowed = {t.lower() for t in known_tables} | own
    return all(table.name.lower() in allowed for table in statement.find_all(exp.Table))
