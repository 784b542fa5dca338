"""The sandbox database the built-in servers answer from: synthetic, reproducible, relative to today."""

from tools.sandbox.dates import resolve_date, resolve_date_range
from tools.sandbox.generate import ensure_sandbox, generate_sandbox
from tools.sandbox.location import default_db_path

__all__ = ["default_db_path", "ensure_sandbox", "generate_sandbox", "resolve_date", "resolve_date_range"]
