"""The trained peft adapter as a GGUF LoRA file that llama.cpp loads with ``lora_path`` on the original Q4_1 base.

llama.cpp's own converter (``convert_lora_to_gguf.py``) ships in the llama-cpp-python source distribution of
the installed version, with the ``gguf-py`` package it needs; scripts/setup.sh unpacks it into
``~/.cache/tura/llama.cpp`` (TURA_LLAMA_CPP_SRC overrides; read in graphs/deps.py). f16 keeps the adapter exact (~10 MB): merging it
into the base and re-quantising to Q4_1 lost most of the gain (ARCHITECTURE.md decision 9).
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path


class ConverterMissing(RuntimeError):
    """llama.cpp's converter is not unpacked where it is looked for."""


def converter_dir(root: Path) -> Path:
    """The vendored llama.cpp folder holding ``convert_lora_to_gguf.py``, under ``root`` (graphs/deps.py
    chooses it: TURA_LLAMA_CPP_SRC or ``~/.cache/tura/llama.cpp``)."""
    candidates = [root, root / f"llama_cpp_python-{version('llama-cpp-python')}" / "vendor" / "llama.cpp"]
    for folder in candidates:
        if (folder / "convert_lora_to_gguf.py").is_file():
            return folder
    raise ConverterMissing(f"convert_lora_to_gguf.py not found under {root}; run scripts/setup.sh (it unpacks "
                           "llama.cpp's converter from the llama-cpp-python source distribution)")


def export_gguf(adapter_dir: Path, out_file: Path, *, converter_root: Path, base_env: dict[str, str],
                timeout_s: float = 600.0) -> Path:
    """Convert ``adapter_dir`` (peft files plus ``base/`` config, as nodes/distill/train.py writes) to f16 GGUF.
    ``base_env`` is the converter process's environment (PATH and the like), passed in by graphs/deps.py."""
    folder = converter_dir(converter_root)
    out_file.parent.mkdir(parents=True, exist_ok=True)
    env = {**base_env, "PYTHONPATH": os.pathsep.join([str(folder / "gguf-py"), str(folder)]), "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, str(folder / "convert_lora_to_gguf.py"), "--base", str(adapter_dir / "base"),
         "--outtype", "f16", "--outfile", str(out_file), str(adapter_dir)],
        capture_output=True, text=True, env=env, timeout=timeout_s, check=False)
    if done.returncode != 0 or not out_file.is_file():
        raise RuntimeError(f"convert_lora_to_gguf failed ({done.returncode}): {done.stderr[-1500:]}")
    return out_file
