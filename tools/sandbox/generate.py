"""Build the sandbox database: deterministic for a (seed, today) pair, written atomically.

Servers call ``ensure_sandbox`` at start. Several may start at once, so generation happens under a file
lock into a temporary file that replaces the database in one rename.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Callable
from datetime import date
from pathlib import Path

from tools.sandbox.domains import attractions, cities, finance, flights, hotels, restaurants, shopping, trains, weather
from tools.sandbox.schema import BOOKING_TABLES, CONTENT_TABLES, DDL, SCHEMA_VERSION
from tools.sandbox.seeding import GenContext

DEFAULT_SEED = 7
GENERATORS: tuple[Callable[[sqlite3.Connection, GenContext], None], ...] = (
    cities.generate, weather.generate, flights.generate, trains.generate, hotels.generate,
    attractions.generate, restaurants.generate, finance.generate, shopping.generate,
)


def source_label(today: date) -> str:
    """How every answer from this database names its origin."""
    return f"tura sandbox (synthetic data generated for {today.isoformat()})"


def generate_sandbox(db_path: Path, *, seed: int = DEFAULT_SEED, today: date | None = None) -> Path:
    """Write a fresh sandbox for ``today`` (default: the real today) to ``db_path``, replacing any old one."""
    today = today or date.today()
    db_path = Path(db_path)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    tmp_path = db_path.with_name(f".{db_path.name}.{os.getpid()}.tmp")
    tmp_path.unlink(missing_ok=True)
    ctx = GenContext(seed=seed, today=today)
    conn = sqlite3.connect(tmp_path)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.executescript(DDL)
        with conn:
            conn.executemany("INSERT INTO meta VALUES (?, ?)", [
                ("sandbox", "true"), ("seed", str(seed)), ("today", today.isoformat()),
                ("schema_version", SCHEMA_VERSION), ("source", source_label(today)),
            ])
            for generate in GENERATORS:
                generate(conn, ctx)
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("ANALYZE")
    except BaseException:
        conn.close()
        tmp_path.unlink(missing_ok=True)
        raise
    conn.close()
    os.replace(tmp_path, db_path)
    return db_path


def read_meta(db_path: Path) -> dict[str, str]:
    """The ``meta`` table of an existing sandbox; raises ``sqlite3.DatabaseError`` if it is not one."""
    conn = sqlite3.connect(f"file:{Path(db_path)}?mode=ro", uri=True)
    try:
        return dict(conn.execute("SELECT key, value FROM meta").fetchall())
    finally:
        conn.close()


def _current_for(db_path: Path, today: date) -> tuple[bool, int]:
    """Whether the file is a sandbox of this schema for ``today``, and the seed to (re)generate with."""
    if not db_path.exists():
        return False, DEFAULT_SEED
    try:
        meta = read_meta(db_path)
    except sqlite3.DatabaseError:
        return False, DEFAULT_SEED  # unreadable or not a sandbox: it is rebuilt from scratch
    seed = int(meta["seed"]) if meta.get("seed", "").lstrip("-").isdigit() else DEFAULT_SEED
    fresh = meta.get("today") == today.isoformat() and meta.get("schema_version") == SCHEMA_VERSION
    return fresh, seed


def ensure_sandbox(db_path: Path, *, today: date | None = None) -> Path:
    """Make sure ``db_path`` holds a sandbox for ``today``; (re)generate it, keeping its seed, if not."""
    today = today or date.today()
    db_path = Path(db_path)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = db_path.with_name(f".{db_path.name}.lock")
    with lock_path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            fresh, seed = _current_for(db_path, today)
            if not fresh:
                generate_sandbox(db_path, seed=seed, today=today)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return db_path


def table_counts(db_path: Path) -> dict[str, int]:
    """Rows per table, content tables first."""
    conn = sqlite3.connect(f"file:{Path(db_path)}?mode=ro", uri=True)
    try:
        # Table names come from our own schema constants, never from input; identifiers cannot be bound.
        return {name: conn.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
                for name in CONTENT_TABLES + BOOKING_TABLES}
    finally:
        conn.close()
