"""The onnxruntime MiniLM (what the product embeds with) against sentence-transformers on the same weights:
the float graph must give the same vectors, the int8 one (the router's) nearly the same, and the export must
happen once per folder."""

import numpy as np

from indexes.embeddings import MiniLMEmbeddingFunction, minilm_model_path
from indexes.onnx_minilm import OnnxMiniLM, export_path

TEXTS = [
    "What is the weather in Paris tomorrow?",
    "x",
    "get_forecast: Daily forecast for a city over a date range, with highs, lows and rain chance. " * 12,
    "北京明天的天气怎么样",
]


def test_onnx_vectors_match_sentence_transformers_and_export_is_reused(tmp_path):
    reference = np.asarray(MiniLMEmbeddingFunction()(TEXTS))
    encoder = OnnxMiniLM(minilm_model_path(), tmp_path)
    got = encoder(TEXTS)
    assert got.shape == (len(TEXTS), 384)
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    assert (got * reference).sum(axis=1).min() > 0.9999  # long text: both truncate at 256 tokens

    exported = export_path(minilm_model_path(), tmp_path)
    stamp = exported.stat().st_mtime_ns
    again = OnnxMiniLM(minilm_model_path(), tmp_path)(TEXTS[:1])
    assert exported.stat().st_mtime_ns == stamp and np.allclose(again[0], got[0], atol=1e-6)

    small = OnnxMiniLM(minilm_model_path(), tmp_path, int8=True)(TEXTS)
    assert export_path(minilm_model_path(), tmp_path, int8=True).exists()
    assert (small * reference).sum(axis=1).min() > 0.85
    assert not np.allclose(small, got, atol=1e-3)  # it really is the quantised graph


def test_the_same_weights_installed_elsewhere_or_again_reuse_the_export(tmp_path):
    """A reinstall (new path, new modification time) of the same weights must not export a second graph."""
    import os
    import shutil
    from pathlib import Path

    original = Path(minilm_model_path())
    copy = tmp_path / "model"
    copy.mkdir()
    shutil.copy(original / "model.safetensors", copy / "model.safetensors")
    os.utime(copy / "model.safetensors", ns=(1, 1))
    assert export_path(str(copy), tmp_path) == export_path(str(original), tmp_path)
    with (copy / "model.safetensors").open("r+b") as weights:  # other weights: another export
        weights.seek(100)
        weights.write(b"\x00\x01\x02\x03")
    assert export_path(str(copy), tmp_path) != export_path(str(original), tmp_path)
