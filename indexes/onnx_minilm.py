"""all-MiniLM-L6-v2 on onnxruntime: the same weights and the same vectors as sentence-transformers, about
three times faster for one short query on this project's 2-core CPU.

Why: a query embedding is on the path of every run (router, retrieval). Measured here (quiet machine, one
13-token query): sentence-transformers/torch float32 15 ms p50, torch int8 10 ms, onnxruntime float32 5 ms
(2 threads), with cosine 1.0000 to the torch vectors (int8 variants drift to 0.93-0.98, too much for
retrieval, fine for the router's classifier, which is trained on the same encoder's vectors: 3 ms).
Nothing is downloaded: the graph is exported once from the package's own safetensors with
``torch.onnx.export`` into a cache directory the caller names, checked against torch on a probe sentence,
and reused by every later process.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

MAX_TOKENS = 256  # the model's sentence-transformers max_seq_length
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
EXPORT_CHECK = "Is there a direct train from Shanghai to Beijing tomorrow morning?"
EXPORT_TOLERANCE = 1e-4  # max abs difference of the exported graph's output against torch on the probe
INT8_MIN_COSINE = 0.9  # the int8 graph's pooled vector against the float one, on the probe


class OnnxExportError(RuntimeError):
    """The exported graph did not reproduce the torch model's output."""


_SAMPLE_BYTES = 1 << 20


def weights_key(model_path: str) -> str:
    """A key of the weights' content: size, first and last MiB. Not their path or modification time: the same
    weights installed again (a new virtual environment, a reinstall) got a second key and a second export."""
    weights = Path(model_path) / "model.safetensors"
    size = weights.stat().st_size
    digest = hashlib.sha256(str(size).encode())
    with weights.open("rb") as handle:
        digest.update(handle.read(_SAMPLE_BYTES))
        handle.seek(max(0, size - _SAMPLE_BYTES))
        digest.update(handle.read(_SAMPLE_BYTES))
    return digest.hexdigest()[:12]


def export_path(model_path: str, cache_dir: Path, int8: bool = False) -> Path:
    """Where the exported graph of this model lives: keyed by the weights' content, so a new model re-exports
    and the same one never does."""
    return cache_dir / f"all-minilm-l6-v2-{weights_key(model_path)}{'-int8' if int8 else ''}.onnx"


class MiniLMTokenizer:
    """The model's fast tokenizer (its ``tokenizer.json``) through the ``tokenizers`` library itself: the same ids,
    mask and type ids as transformers' AutoTokenizer, without importing transformers (1.3 s of every cold start,
    plus 0.4 s to build the tokenizer, against 13 ms here). Pads to the longest text, truncates at MAX_TOKENS."""

    def __init__(self, model_path: str):
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(str(Path(model_path) / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length=MAX_TOKENS)
        pad = self._tokenizer.padding or {}
        self._tokenizer.enable_padding(pad_id=pad.get("pad_id", 0), pad_token=pad.get("pad_token", "[PAD]"))

    def __call__(self, texts: list[str]) -> dict[str, np.ndarray]:
        encoded = self._tokenizer.encode_batch(texts)
        return {"input_ids": np.array([e.ids for e in encoded], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encoded], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encoded], dtype=np.int64)}


@contextmanager
def _root_logging_at(level: int) -> Iterator[None]:
    """The root logger raised to ``level`` for a library call that logs advice through it."""
    root = logging.getLogger()
    before = root.level
    root.setLevel(max(level, before))
    try:
        yield
    finally:
        root.setLevel(before)


def quantize_model(float_path: Path, target: Path, tokenizer: MiniLMTokenizer) -> Path:
    """int8 weights (onnxruntime dynamic quantisation) from the float graph, checked on the probe sentence."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    partial = target.with_suffix(f".{os.getpid()}.partial")
    with _root_logging_at(logging.ERROR):  # its advice to pre-process first went to the user's terminal
        quantize_dynamic(str(float_path), str(partial), weight_type=QuantType.QInt8)
    sample = tokenizer([EXPORT_CHECK])
    feed = {name: sample[name] for name in INPUTS}
    full = _session(float_path, threads=1).run(None, feed)[0][0].mean(axis=0)
    small = _session(partial, threads=1).run(None, feed)[0][0].mean(axis=0)
    cosine = float(full @ small / (np.linalg.norm(full) * np.linalg.norm(small)))
    if cosine < INT8_MIN_COSINE:
        partial.unlink(missing_ok=True)
        raise OnnxExportError(f"int8 MiniLM drifted from float: cosine {cosine:.3f} < {INT8_MIN_COSINE}")
    os.replace(partial, target)
    return target


def export_model(model_path: str, target: Path) -> Path:
    """Export the transformer (token states out; pooling stays in numpy) and verify it against torch."""
    import torch
    from transformers import AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # a one-time export, not the user's progress
    tokenizer = AutoTokenizer.from_pretrained(model_path, local_files_only=True)
    # eager attention traces to plain matmuls whose shapes stay symbolic (sdpa's mask code does not trace cleanly)
    model = AutoModel.from_pretrained(model_path, local_files_only=True, attn_implementation="eager").eval()

    class TokenStates(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):  # noqa: ANN001 - traced tensors
            return self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    sample = tokenizer([EXPORT_CHECK], return_tensors="pt")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".{os.getpid()}.partial")
    dynamic = {name: {0: "batch", 1: "tokens"} for name in (*INPUTS, "token_states")}
    with torch.no_grad(), warnings.catch_warnings():
        # the tracer's and exporter's notes on shapes are checked below against torch's own output, not shown
        warnings.simplefilter("ignore")
        # before exporting: tracing leaves transformers' masking code in a state that skews later eager calls
        expected = model(**sample).last_hidden_state.numpy()
        torch.onnx.export(
            TokenStates(model), tuple(sample[name] for name in INPUTS), str(partial),
            input_names=list(INPUTS), output_names=["token_states"], dynamic_axes=dynamic,
            opset_version=17, dynamo=False,
        )
    got = _session(partial, threads=1).run(None, {name: sample[name].numpy() for name in INPUTS})[0]
    difference = float(np.abs(got - expected).max())
    if difference > EXPORT_TOLERANCE:
        partial.unlink(missing_ok=True)
        raise OnnxExportError(f"exported MiniLM differs from torch by {difference:.2e} (> {EXPORT_TOLERANCE})")
    os.replace(partial, target)  # atomic: concurrent processes see either no file or a whole one
    return target


def _session(path: Path, threads: int) -> Any:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    # no busy-waiting between ops: on a shared 2-core machine spinning threads stall each other
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


class OnnxMiniLM:
    """Callable: texts -> (n, 384) float32 unit vectors (mean-pooled, like sentence-transformers).

    Loads lazily and once (thread-safe); ``session.run`` is itself safe to call from several threads.
    """

    dims = 384

    def __init__(self, model_path: str, cache_dir: Path, threads: int = 2, batch_size: int = 8, int8: bool = False):
        self.model_path = model_path
        self.cache_dir = Path(cache_dir)
        self.int8 = int8
        self.threads = threads
        self.batch_size = batch_size
        self._parts: tuple[Any, Any] | None = None
        self._lock = threading.Lock()

    def _load(self) -> tuple[Any, Any]:
        with self._lock:
            if self._parts is None:
                path = export_path(self.model_path, self.cache_dir)
                if not path.exists():
                    export_model(self.model_path, path)
                tokenizer = MiniLMTokenizer(self.model_path)
                if self.int8:
                    small = export_path(self.model_path, self.cache_dir, int8=True)
                    path = small if small.exists() else quantize_model(path, small, tokenizer)
                self._parts = (tokenizer, _session(path, self.threads))
            return self._parts

    def __call__(self, texts: list[str]) -> np.ndarray:
        tokenizer, session = self._load()
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        # shortest first, so each batch pads to a similar length; small batches (8) measured fastest here:
        # 84 rows/s against 65 with 32 on LiveMCPBench tool texts (longer batches pad more, cache worse)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), self.batch_size):
            chunk = order[start : start + self.batch_size]
            encoded = tokenizer([texts[i] for i in chunk])
            states = session.run(None, {name: encoded[name] for name in INPUTS})[0]
            mask = encoded["attention_mask"][..., None].astype(np.float32)
            pooled = (states * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
            out[chunk] = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return out
