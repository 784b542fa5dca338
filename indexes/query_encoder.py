"""A fast single-query MiniLM encoder for the router: the same all-MiniLM-L6-v2 weights, with its linear
layers quantised to int8 (torch dynamic quantisation), mean-pooled and L2-normalised.

Why not indexes/embeddings.py: on this project's 2-core CPU the float32 model takes 13-20 ms for one
short query (matrix multiplies dominate; measured with torch.profiler), above the router's 10 ms p75
target; int8 linear layers take about half of that. The classifier is trained on this encoder's vectors,
so the small drift from float32 does not matter. Retrieval keeps the float32 model.

Threads: for one 10-30 token query, torch's two intra-op threads buy nothing, and on a busy 2-core
machine they stall each other (measured at load average 4: p50 496 ms with 2 threads, 9-12 ms with 1).
So ``torch_threads=1`` by default; torch's thread count is process-wide, so this also applies to the
float32 retrieval encoder in the same process (pass None to leave torch's setting alone).
"""

from __future__ import annotations

import threading
import warnings
from typing import Any

import numpy as np


class QuantizedMiniLM:
    """Callable: list of texts -> (n, 384) float32 array. Loads lazily, once, thread-safely."""

    dims = 384

    def __init__(self, model_path: str | None = None, torch_threads: int | None = 1):
        self.model_path = model_path
        self.torch_threads = torch_threads
        self._parts: tuple[Any, Any] | None = None
        self._lock = threading.Lock()

    def _load(self) -> tuple[Any, Any]:
        with self._lock:
            if self._parts is None:
                import torch
                from transformers import AutoModel, AutoTokenizer

                from indexes.embeddings import minilm_model_path

                path = self.model_path or minilm_model_path()
                model = AutoModel.from_pretrained(path, local_files_only=True).eval()
                with warnings.catch_warnings():  # torch announces the API's move to torchao; it still works
                    warnings.simplefilter("ignore", DeprecationWarning)
                    warnings.simplefilter("ignore", UserWarning)
                    model = torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
                if self.torch_threads:
                    torch.set_num_threads(self.torch_threads)
                self._parts = (AutoTokenizer.from_pretrained(path, local_files_only=True), model)
            return self._parts

    def __call__(self, texts: list[str]) -> np.ndarray:
        import torch

        tokenizer, model = self._load()
        vectors = []
        with torch.inference_mode():
            for text in texts:  # one at a time: no padding, which is what the router does per query
                encoded = tokenizer([text], return_tensors="pt", truncation=True, max_length=128)
                hidden = model(**encoded).last_hidden_state[0]
                pooled = hidden.mean(dim=0)
                vectors.append((pooled / pooled.norm().clamp(min=1e-9)).numpy())
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), self.dims)
