#!/usr/bin/env bash
# Third-party MCP servers for the benchmark ("servers nobody here wrote"), installed the way their users run
# them: each Python server in its own venv (python3 -m venv + pip), each Node server in its own npm prefix, all
# under ${TURA_SERVERS_DIR:-~/.cache/tura/servers}/<name> and never in tura's .venv (their mcp pins differ from
# ours). Then the data they serve (benchmarks/foreign_data.py) goes to <dir>/data.
#
# Idempotent and cached: an install is complete when <dir>/<name>/.tura-stamp holds its pinned spec; a second
# run checks the stamps and exits (well under 2 s). A changed pin reinstalls that server from scratch. Needs the
# network (PyPI, npm) the first time; when pip or npm fail it says so and exits 1.
#
#     scripts/foreign_servers.sh            # then: python -m benchmarks.foreign_catalog out.json
set -euo pipefail
cd "$(dirname "$0")/.."

DIR="${TURA_SERVERS_DIR:-$HOME/.cache/tura/servers}"
PYTHON="${PYTHON:-python3}"
STAMP=.tura-stamp

# name | kind | pinned packages (exact versions, checked to start and answer offline) | executable
SERVERS=(
  "time|pip|mcp-server-time==2026.10.19 mcp==2.3.0|bin/mcp-server-time"
  "sqlite|pip|mcp-server-sqlite==2025.4.25 mcp==1.30.0|bin/mcp-server-sqlite"
  "calculator|pip|mcp-server-calculator==0.2.1 mcp==1.30.0|bin/mcp-server-calculator"
  "notes|npm|@modelcontextprotocol/server-filesystem@2026.8.31|node_modules/.bin/mcp-server-filesystem"
  "memory|npm|@modelcontextprotocol/server-memory@2026.8.31|node_modules/.bin/mcp-server-memory"
)

fail() { echo "foreign_servers: $*" >&2; exit 1; }

mkdir -p "$DIR"
# One install at a time (two test runs starting together would share the directory).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$DIR/.lock"
  flock 9
fi

install_pip() {  # dir, packages
  local dir="$1" packages="$2"
  "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' \
    || fail "$PYTHON is older than 3.10; set PYTHON to a newer python3"
  "$PYTHON" -m venv "$dir" || fail "could not create a venv in $dir ($PYTHON -m venv)"
  # shellcheck disable=SC2086  # the packages are words
  "$dir/bin/python" -m pip install -q --disable-pip-version-check $packages \
    || fail "pip could not install $packages into $dir (is PyPI reachable?)"
}

install_npm() {  # dir, package
  local dir="$1" package="$2"
  command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || fail "node and npm are needed for $package"
  node -e 'process.exit(+process.versions.node.split(".")[0] >= 18 ? 0 : 1)' \
    || fail "node $(node --version) is too old for $package (needs >= 18)"
  mkdir -p "$dir"
  npm install --prefix "$dir" --save-exact --no-audit --no-fund --loglevel=error "$package" >/dev/null \
    || fail "npm could not install $package into $dir (is the npm registry reachable?)"
}

for entry in "${SERVERS[@]}"; do
  IFS='|' read -r name kind packages executable <<<"$entry"
  dir="$DIR/$name"
  if [ -f "$dir/$STAMP" ] && [ "$(cat "$dir/$STAMP")" = "$packages" ] && [ -x "$dir/$executable" ]; then
    echo "foreign_servers: $name ($packages) cached: $dir/$executable"
    continue
  fi
  rm -rf "$dir"  # a partial or outdated install: start again
  started=$SECONDS
  case "$kind" in
    pip) install_pip "$dir" "$packages" ;;
    npm) install_npm "$dir" "$packages" ;;
  esac
  [ -x "$dir/$executable" ] || fail "$name: installed, but $dir/$executable is missing"
  echo "$packages" >"$dir/$STAMP"
  echo "foreign_servers: $name ($packages) installed in $((SECONDS - started)) s: $dir/$executable"
done

# The data: rebuilt when benchmarks/foreign_data.py changed (its marker holds the module's hash).
version="$(sha256sum benchmarks/foreign_data.py | cut -c1-16)"
if [ "$(cat "$DIR/data/.tura-foreign-data" 2>/dev/null)" != "$version" ]; then
  "$PYTHON" -m benchmarks.foreign_data "$DIR/data" >/dev/null || fail "could not write the data in $DIR/data"
  echo "foreign_servers: data written: $DIR/data"
else
  echo "foreign_servers: data cached: $DIR/data"
fi
