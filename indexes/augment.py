"""Index augmentation (TURA §4.1.2): synthetic user queries per server, cached by the server's content hash.

Users phrase requests differently from API documentation ("is it going to rain in Lyon" vs
``get_forecast(city)``). A model writes example requests per server; each becomes one more row of that
server in the multi-vector index. Generation is slow and sampled, so results are cached in a JSON file keyed
by server name and content hash: re-indexing regenerates only servers whose description or tools changed,
and the cache of a fixed catalogue can be committed. The model call and its prompt are the caller's
(``Generate``); this module only schedules, cleans, caches and prunes.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from indexes.documents import ServerDoc

Generate = Callable[[ServerDoc, int], Awaitable[list[str]]]
"""Given a server and N, returns raw example queries (any number; cleaning keeps at most N)."""

Progress = Callable[[str, bool], None]
"""Called once per server as it is settled: ``progress(server_name, generated)``; ``generated`` is False
when the queries came from the cache."""

MAX_QUERY_CHARS = 200
# Synthetic queries kept per server. 32 rather than 20 since template-v2 adds example requests and list items
# (LiveMCPBench step-wise Recall@5 0.809 -> 0.827 with v2 at 32; v2 at 20 leaves them out: 0.809).
QUERIES_PER_SERVER = 32
MIN_QUERY_CHARS = 4
# "git_commit", "lol-champion-analysis", a URL: one identifier-like token with no spaces is not a request.
_IDENTIFIER = re.compile(r"^[A-Za-z0-9_\-./:?=&#%+@]+$")
_LIST_MARKER = re.compile(r"^\s*(?:[-*•]|\d{1,3}[.)])\s+")
_QUOTES = "\"'`“”‘’「」"


BUNDLED_DIR = Path(__file__).resolve().parent / "data"
"""Committed caches (built-in catalogue, LiveMCPBench): ``*_synthetic.json``."""


def bundled_caches() -> list[SyntheticQueryCache]:
    """Every committed cache, read-only by convention (builds write to their own cache file)."""
    return [SyntheticQueryCache.load(path) for path in sorted(BUNDLED_DIR.glob("*_synthetic.json"))]


class CacheFormatError(ValueError):
    """The synthetic-query cache file exists but is not ``{server: {"hash": str, "queries": [str]}}``."""


def _key(text: str) -> str:
    """Comparison key: case-, width-, whitespace- and separator-insensitive."""
    text = unicodedata.normalize("NFKC", text).casefold().replace("_", " ").replace("-", " ")
    return " ".join(re.sub(r"[^\w\s]", " ", text).split())


def clean_queries(raw: list[str], n: int, *, exclude: Iterable[str] = ()) -> list[str]:
    """Keep at most ``n`` usable, distinct queries, in the order given.

    Drops non-strings, empty and overlong strings (> ``MAX_QUERY_CHARS``; tiny models ramble), bare
    identifiers or URLs, duplicates (case/whitespace/punctuation-insensitive), and any string that is
    verbatim one of ``exclude`` (the server's own tool names: the tool rows hold them already). A name
    spelled as words ("get bbc news" for ``get-bbc-news``) is kept: for a tool described in Chinese it is
    the only English text MiniLM can read. List markers and wrapping quotes are stripped.
    """
    excluded = {e.strip().casefold() for e in exclude}
    seen: set[str] = set()
    kept: list[str] = []
    for item in raw:
        if len(kept) >= n:
            break
        if not isinstance(item, str):
            continue
        text = " ".join(_LIST_MARKER.sub("", item).split()).strip(_QUOTES + " ")
        if not (MIN_QUERY_CHARS <= len(text) <= MAX_QUERY_CHARS) or _IDENTIFIER.match(text):
            continue
        key = _key(text)
        if not key or key in seen or text.casefold() in excluded:
            continue
        seen.add(key)
        kept.append(text)
    return kept


class SyntheticQueryCache:
    """``{server_name: {"hash": content_hash, "queries": [...]}}`` in one JSON file."""

    def __init__(self, path: Path | str | None = None, entries: dict[str, dict] | None = None):
        self.path = Path(path) if path is not None else None
        self.entries: dict[str, dict] = dict(entries or {})

    @classmethod
    def load(cls, path: Path | str) -> SyntheticQueryCache:
        """Read the file; a missing file is an empty cache, a malformed one raises ``CacheFormatError``."""
        path = Path(path)
        if not path.exists():
            return cls(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise CacheFormatError(f"{path}: not JSON ({exc})") from exc
        if not isinstance(data, dict):
            raise CacheFormatError(f"{path}: expected an object keyed by server name")
        for name, entry in data.items():
            ok = (
                isinstance(entry, dict)
                and isinstance(entry.get("hash"), str)
                and isinstance(entry.get("queries"), list)
                and all(isinstance(q, str) for q in entry["queries"])
            )
            if not ok:
                raise CacheFormatError(f"{path}: entry {name!r} needs a string 'hash' and a list of string 'queries'")
        return cls(path, data)

    def save(self) -> None:
        """Write atomically (temp file in the same folder, then rename), so a crash never leaves half a file."""
        if self.path is None:
            raise ValueError("this cache has no path to save to")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(self.entries, handle, ensure_ascii=False, indent=1, sort_keys=True)
                handle.write("\n")
            os.chmod(tmp, 0o644)  # mkstemp makes it private; the cache is an ordinary (committable) file
            os.replace(tmp, self.path)
        except BaseException:
            os.unlink(tmp)
            raise

    def get(self, server: ServerDoc) -> list[str] | None:
        """The cached queries, only if they were generated from this exact description and tool list."""
        entry = self.entries.get(server.name)
        if entry is None or entry["hash"] != server.content_hash():
            return None
        return list(entry["queries"])

    def put(self, server: ServerDoc, queries: list[str], generator: str = "") -> None:
        entry: dict = {"hash": server.content_hash(), "queries": list(queries)}
        if generator:
            entry["generator"] = generator  # which model (or template) wrote them, for whoever reads the file
        self.entries[server.name] = entry

    def seed(self, servers: Iterable[ServerDoc], sources: Iterable[SyntheticQueryCache]) -> list[str]:
        """Copy current entries (same name and content hash) from ``sources`` for servers this cache lacks;
        returns the names copied. Lets a build reuse the committed caches instead of regenerating."""
        sources = list(sources)
        seeded = []
        for server in servers:
            if self.get(server) is not None:
                continue
            for source in sources:
                entry = source.entries.get(server.name)
                if entry is not None and entry["hash"] == server.content_hash():
                    self.entries[server.name] = dict(entry)
                    seeded.append(server.name)
                    break
        return seeded

    def prune(self, keep_names: Iterable[str]) -> list[str]:
        """Forget servers not in ``keep_names``; returns the names removed."""
        keep = set(keep_names)
        gone = sorted(name for name in self.entries if name not in keep)
        for name in gone:
            del self.entries[name]
        return gone

    def __len__(self) -> int:
        return len(self.entries)


@dataclass
class AugmentReport:
    """What ``augment_catalog`` did. ``queries`` feeds ``ServerIndex.sync(servers, synthetic=...)``."""

    queries: dict[str, list[str]] = field(default_factory=dict)
    generated: list[str] = field(default_factory=list)  # servers the model was called for
    cached: list[str] = field(default_factory=list)  # servers served from the cache
    dropped: list[str] = field(default_factory=list)  # servers pruned from the cache (left the catalogue)
    # per generated server: raw strings not kept (invalid, duplicate, or beyond the first n usable ones)
    rejected: dict[str, int] = field(default_factory=dict)


async def augment_catalog(
    servers: Sequence[ServerDoc],
    generate: Generate,
    cache: SyntheticQueryCache,
    *,
    n: int = QUERIES_PER_SERVER,
    concurrency: int = 1,
    progress: Progress | None = None,
    generator: str = "",
) -> AugmentReport:
    """Synthetic queries for every server, calling ``generate`` only where the cache has no current entry.

    Servers are settled in catalogue order; each generated result is cleaned (``clean_queries`` against
    the server's tool names), stored, and, when the cache has a path, saved at once so an interrupted run
    resumes where it stopped. A failing ``generate`` propagates (after the finished servers were saved).
    Servers that left the catalogue are pruned from the cache.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    report = AugmentReport()
    report.dropped = cache.prune(s.name for s in servers)
    todo: list[ServerDoc] = []
    for server in servers:
        hit = cache.get(server)
        if hit is None:
            todo.append(server)
            continue
        report.queries[server.name] = hit
        report.cached.append(server.name)
        if progress:
            progress(server.name, False)
    gate = asyncio.Semaphore(max(1, concurrency))
    save_lock = asyncio.Lock()

    async def one(server: ServerDoc) -> None:
        async with gate:
            raw = await generate(server, n)
        queries = clean_queries(list(raw), n, exclude=[t.name for t in server.tools])
        cache.put(server, queries, generator)
        report.queries[server.name] = queries
        report.generated.append(server.name)
        report.rejected[server.name] = len(raw) - len(queries)
        if cache.path is not None:
            async with save_lock:
                await asyncio.to_thread(cache.save)
        if progress:
            progress(server.name, True)

    await asyncio.gather(*(one(s) for s in todo))
    report.queries = {s.name: report.queries[s.name] for s in servers if s.name in report.queries}
    if cache.path is not None and report.dropped:
        await asyncio.to_thread(cache.save)
    return report
