"""Where the sandbox database lives when nobody says otherwise."""

from __future__ import annotations

import os
from pathlib import Path


def default_db_path() -> Path:
    """``$TURA_SANDBOX_DB``, else ``$TURA_DATA_DIR/sandbox.db``, else ``~/.local/share/tura/sandbox.db``.

    The only environment read of the sandbox: servers are standalone programs, so the path must reach
    them through their environment or their ``--db`` flag.
    """
    explicit = os.environ.get("TURA_SANDBOX_DB")
    if explicit:
        return Path(explicit).expanduser()
    data_dir = os.environ.get("TURA_DATA_DIR")
    if data_dir:
        return Path(data_dir).expanduser() / "sandbox.db"
    return Path.home() / ".local" / "share" / "tura" / "sandbox.db"
