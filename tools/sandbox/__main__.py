"""``python -m tools.sandbox``: regenerate the sandbox database and print what it holds."""

from __future__ import annotations

import argparse
import time
from datetime import date
from pathlib import Path

from tools.sandbox.generate import DEFAULT_SEED, generate_sandbox, table_counts
from tools.sandbox.location import default_db_path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.sandbox", description=__doc__)
    parser.add_argument("--db", type=Path, default=None, help="database file (default: %(default)s -> "
                        "$TURA_SANDBOX_DB, $TURA_DATA_DIR/sandbox.db or ~/.local/share/tura/sandbox.db)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed (default: %(default)s)")
    parser.add_argument("--today", type=date.fromisoformat, default=None,
                        help="the day the data is relative to, YYYY-MM-DD (default: the real today)")
    args = parser.parse_args(argv)
    db_path = args.db or default_db_path()
    started = time.perf_counter()
    generate_sandbox(db_path, seed=args.seed, today=args.today)
    elapsed = time.perf_counter() - started
    counts = " ".join(f"{name}={count}" for name, count in table_counts(db_path).items() if count)
    print(f"sandbox {db_path} seed={args.seed} today={(args.today or date.today()).isoformat()} "
          f"in {elapsed:.2f}s: {counts}")


if __name__ == "__main__":
    main()
