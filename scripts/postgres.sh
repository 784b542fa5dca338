#!/usr/bin/env bash
# A private Postgres on loopback for the durable, multi-replica setup (docs/deploy.md, tier 3) and its tests.
#
#   bash scripts/postgres.sh start DATA_DIR PORT   # initdb on first use; prints the DATABASE_URL
#   bash scripts/postgres.sh stop DATA_DIR         # stops exactly that server, by the PID in its pid file
#
# Uses Debian's postgresql package (installed by scripts/setup.sh when missing). Postgres refuses to run as
# root, so when this runs as root the server runs as the `postgres` system user, with DATA_DIR owned by it.
set -euo pipefail

cmd="${1:?usage: postgres.sh start|stop DATA_DIR [PORT]}"
data="$(realpath -m "${2:?DATA_DIR is required}")"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$bin/pg_ctl" ] || { echo "postgres.sh: no Postgres under /usr/lib/postgresql (run scripts/setup.sh)" >&2; exit 2; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    port="${3:?PORT is required}"
    mkdir -p "$data"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$data" && chmod 700 "$data"
    if [ ! -f "$data/PG_VERSION" ]; then
      as_owner "$bin/initdb" -D "$data" -U tura --auth=trust -E UTF8 >"$data.initdb.log" 2>&1
    fi
    # loopback only; the socket lives in the data directory, so nothing outside it is touched
    as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$data -c max_connections=200" start >/dev/null
    as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U tura -d postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname='tura'" | grep -q 1 \
      || as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U tura tura
    echo "postgresql://tura@127.0.0.1:$port/tura"
    ;;
  stop)
    [ -f "$data/postmaster.pid" ] || { echo "postgres.sh: no server running in $data" >&2; exit 0; }
    pid="$(head -1 "$data/postmaster.pid")"
    kill -INT "$pid"  # fast shutdown of exactly this server
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || exit 0; sleep 0.1; done
    echo "postgres.sh: server $pid did not stop in 10 s" >&2
    exit 1
    ;;
  *)
    echo "usage: postgres.sh start|stop DATA_DIR [PORT]" >&2
    exit 2
    ;;
esac
