"""Where distilled executor adapters live, each with the catalogue it was trained on.

An adapter's folder holds ``executor.gguf`` and ``manifest.json``: the catalogue's fingerprint and each of its
servers' fingerprints (tools/catalog_fingerprint.py), beside its data card. The shipped adapter's folder is
nodes/distill/adapters/; ``tura distill executor`` installs the user's under ``<data dir>/adapters/<catalogue
fingerprint>/``. The runtime gives a task the adapter trained on that task's server, as it is now, and the
base executor when none was: an adapter never sees tools it was not trained on.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

ADAPTER_FILE = "executor.gguf"
MANIFEST = "manifest.json"


@dataclass(frozen=True)
class StoredAdapter:
    """One installed executor adapter and the servers (name -> fingerprint) it was trained on."""

    path: Path
    catalog: str
    servers: dict[str, str] = field(default_factory=dict)

    @property
    def server_fingerprints(self) -> frozenset[str]:
        return frozenset(self.servers.values())


class AdapterStoreError(ValueError):
    """A manifest that cannot be read: said, never skipped silently."""


def write_manifest(folder: Path, catalog: str, servers: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / MANIFEST
    path.write_text(json.dumps({"catalog": catalog, "servers": servers}, indent=1, sort_keys=True) + "\n")
    return path


def read_adapter(folder: Path) -> StoredAdapter | None:
    """The adapter in ``folder``; None when it holds no adapter file or no manifest (then it names no catalogue,
    and is not loaded for any)."""
    gguf, manifest = folder / ADAPTER_FILE, folder / MANIFEST
    if not (gguf.is_file() and manifest.is_file()):
        return None
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
        return StoredAdapter(gguf, str(data["catalog"]), {str(k): str(v) for k, v in data["servers"].items()})
    except (ValueError, KeyError, AttributeError, TypeError) as exc:
        raise AdapterStoreError(f"{manifest}: not an adapter manifest ({exc})") from exc


def stored_adapters(folders: list[Path], store: Path | None = None) -> list[StoredAdapter]:
    """The adapters of ``folders`` and of every folder under ``store``, in that order (the first that covers a
    server serves it)."""
    candidates = list(folders) + (sorted(p for p in store.iterdir() if p.is_dir()) if store and store.is_dir() else [])
    return [adapter for folder in candidates if (adapter := read_adapter(folder)) is not None]


def adapter_for(adapters: list[StoredAdapter], server_fingerprint: str) -> StoredAdapter | None:
    """The first adapter trained on the server with this fingerprint, or None."""
    return next((a for a in adapters if server_fingerprint in a.server_fingerprints), None)


def install(store: Path, gguf: Path, catalog: str, servers: dict[str, str]) -> Path:
    """Copy ``gguf`` into ``store/<catalog>/`` with its manifest; returns the folder."""
    folder = store / catalog
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(gguf, folder / ADAPTER_FILE)
    write_manifest(folder, catalog, servers)
    return folder
