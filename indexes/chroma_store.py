"""Opening the chromadb store that holds the server index: an embedded (persistent or in-memory) client or a
Chroma server's, the collection, and reading every row a page at a time.

Why a file of its own: how the store is reached is a deployment choice (one process, or replicas sharing a
Chroma server); what the index keeps in it and how it is queried is indexes/server_index.py's.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import chromadb
from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection
from chromadb.api.types import EmbeddingFunction

COLLECTION = "tura_servers"
GET_PAGE = 5_000  # rows per chroma get: one unpaged get of ~85k rows fails ("too many SQL variables")


def open_collection(
    client: ClientAPI, embedding_function: EmbeddingFunction, name: str = COLLECTION
) -> Collection:
    """Create or reopen the collection with our embedding function and cosine space."""
    return client.get_or_create_collection(
        name=name, embedding_function=embedding_function, configuration={"hnsw": {"space": "cosine"}}
    )


def persistent_client(path: str) -> ClientAPI:
    return chromadb.PersistentClient(path=path, settings=chromadb.Settings(anonymized_telemetry=False))


def http_client(url: str) -> ClientAPI:
    """A client of a Chroma server (``chroma run --path DIR --port N``): replicas then share one index, and the
    first replica's sync writes it; the others find every server's row hash unchanged and write nothing."""
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise ValueError(f"a Chroma server URL looks like http://127.0.0.1:8000, not {url!r}")
    secure = parsed.scheme == "https"
    return chromadb.HttpClient(host=parsed.hostname, port=parsed.port or (443 if secure else 80), ssl=secure,
                               settings=chromadb.Settings(anonymized_telemetry=False))


def ephemeral_client() -> ClientAPI:
    return chromadb.EphemeralClient(settings=chromadb.Settings(anonymized_telemetry=False))


def get_all(collection: Collection, *, page: int = GET_PAGE, **kwargs: Any) -> dict[str, list]:
    """``collection.get`` over every matching row, a page at a time (ids, and each ``include``d field)."""
    include = list(kwargs.pop("include", ["metadatas"]))
    merged: dict[str, list] = {"ids": [], **{key: [] for key in include}}
    offset = 0
    while True:
        got = collection.get(include=include, limit=page, offset=offset, **kwargs)
        merged["ids"].extend(got["ids"])
        for key in include:
            values = got[key]
            merged[key].extend(list(values) if values is not None else [])
        if len(got["ids"]) < page:
            return merged
        offset += page
