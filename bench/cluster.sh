#!/usr/bin/env bash
# A PostgreSQL streaming standby of the local primary (127.0.0.1:5432), and a load against the pair.
#
#   bench/cluster.sh                 up, the load (journal serve --read-url), down
#   bench/cluster.sh up [PORT]       prepare the primary, start a standby on 127.0.0.1:PORT (default 5433); prints
#                                    STANDBY_DIR=... and STANDBY_URL=... lines (the tests' fixture reads them)
#   bench/cluster.sh down DIR        stop the standby kept in DIR and remove DIR
#
# The primary needs wal_level=replica (the default), max_wal_senders > 0 and a pg_hba.conf line letting
# 127.0.0.1 replicate: 'up' adds that line once (marked), and reloads the primary only when it added it, so a
# second run changes nothing.  The standby is a pg_basebackup (-R: it follows the primary) into a temporary
# directory, run as the postgres OS user (runuser), on loopback only.  Environment: PGBIN (the server's
# binaries, default the newest /usr/lib/postgresql/*/bin), PRIMARY_PORT (5432), LOAD_CLIENTS, LOAD_WRITES.
set -euo pipefail
cd "$(dirname "$0")/.."

PRIMARY_PORT="${PRIMARY_PORT:-5432}"
PGBIN="${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}"
MARK="# campaign-journal bench/cluster.sh: the local standby replicates"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

psql_primary() {
  psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -tAX -c "$1"
}

prepare_primary() {
  [ "$(psql_primary 'SHOW wal_level')" != minimal ] || { echo "error: the primary runs wal_level=minimal: set replica" >&2; exit 1; }
  [ "$(psql_primary 'SHOW max_wal_senders')" -gt 0 ] || { echo "error: the primary has max_wal_senders=0" >&2; exit 1; }
  local hba
  hba="$(psql_primary 'SHOW hba_file')"
  if ! grep -qF "$MARK" "$hba"; then
    printf '%s\nhost    replication     postgres        127.0.0.1/32            trust\n' "$MARK" >>"$hba"
    psql_primary 'SELECT pg_reload_conf()' >/dev/null  # what pg_ctlcluster reload does, without its cluster name
    echo "primary: added a replication line to $hba and reloaded" >&2
  fi
}

up() {
  local port="${1:-5433}"
  command -v pg_basebackup >/dev/null || { echo "error: pg_basebackup is not installed" >&2; exit 1; }
  prepare_primary
  local dir
  dir="$(mktemp -d /tmp/journal-standby.XXXXXX)"
  chown postgres:postgres "$dir"
  chmod 700 "$dir"
  as_postgres pg_basebackup -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$dir/data" -R -X stream -c fast -w
  # Debian keeps the configuration outside the data directory: the standby gets a minimal one of its own, with
  # the settings a hot standby may not hold lower than its primary's copied from the primary.
  local setting copied=""
  for setting in max_connections max_worker_processes max_wal_senders max_prepared_transactions \
                 max_locks_per_transaction; do
    copied+="$setting = $(psql_primary "SHOW $setting")"$'\n'
  done
  as_postgres tee "$dir/data/postgresql.conf" >/dev/null <<EOF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
hot_standby = on
fsync = off
$copied
EOF
  as_postgres tee "$dir/data/pg_hba.conf" >/dev/null <<EOF
local all all trust
host all all 127.0.0.1/32 trust
EOF
  as_postgres touch "$dir/data/pg_ident.conf"
  as_postgres "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null
  for _ in $(seq 1 600); do
    [ "$(psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAX -c 'SELECT pg_is_in_recovery()' 2>/dev/null)" = t ] && break
    sleep 0.1
  done
  echo "STANDBY_DIR=$dir"
  echo "STANDBY_URL=postgresql://postgres@127.0.0.1:$port/test"
}

down() {
  local dir="$1"
  case "$dir" in /tmp/journal-standby.*) ;; *) echo "error: $dir is not a standby directory of this script" >&2; exit 1 ;; esac
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_postgres "$PGBIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$dir"
}

load() {
  local standby_url="$1"
  local python=.venv/bin/python
  if "$python" -m bench.api_load --help 2>/dev/null | grep -q -- '--read-url'; then
    "$python" -m bench.api_load --db "postgresql://postgres@127.0.0.1:$PRIMARY_PORT/test" --read-url "$standby_url"
    return
  fi
  # bench.api_load has no --read-url: a small load of our own through 'journal serve --read-url'.
  "$python" - "$standby_url" <<'EOF'
"""Writers and readers against journal serve --read-url: where the reads were served and how fast."""
import os, socket, statistics, subprocess, sys, tempfile, threading, time, uuid
import httpx, sqlalchemy as sa
from journal.service import Journal
from journal.service.tokens import issue
from journal.store import open_store

standby = sys.argv[1]
base_url = f"postgresql://postgres@127.0.0.1:{os.environ.get('PRIMARY_PORT', '5432')}/test"
schema = f"jc_{uuid.uuid4().hex[:10]}"
admin = sa.create_engine(base_url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
with admin.connect() as conn:
    conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
url, read_url = (f"{u}?options=-csearch_path%3D{schema}" for u in (base_url, standby))
clients, writes = int(os.environ.get("LOAD_CLIENTS", "4")), int(os.environ.get("LOAD_WRITES", "50"))
try:
    journal = Journal(open_store(url, upgrade=True))
    journal.create_campaign("Кластер", "vpt", "ГМ")
    players = [f"Игрок {n}" for n in range(clients)]
    for player in players:
        journal.add_member("Кластер", player)
    tokens = [issue(journal, "Кластер", p).token for p in players]
    journal.close()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    journal_bin = os.path.join(os.path.dirname(sys.executable), "journal")
    server = subprocess.Popen([journal_bin, "--db", url, "serve", "--port", str(port), "--log-level", "warning",
                               "--read-url", read_url], stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.1)
    served, latencies, lock = {"standby": 0, "primary": 0}, {"write": [], "read": []}, threading.Lock()
    missed = []

    def client(token: str) -> None:
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
            for _ in range(writes):
                started = time.perf_counter()
                answer = http.post("/api/roll", json={"notation": "2d6", "dice": [3, 4]},
                                   headers={"Idempotency-Key": uuid.uuid4().hex})
                answer.raise_for_status()
                version = answer.json()["events"][0]["version"]
                wrote = time.perf_counter()
                read = http.get("/api/events", params={"after": version - 1, "limit": 1})  # read one's own write
                done = time.perf_counter()
                with lock:
                    latencies["write"].append(wrote - started)
                    latencies["read"].append(done - wrote)
                    source = read.headers.get("journal-read", "none")
                    served[source] = served.get(source, 0) + 1
                    if [e["version"] for e in read.json()["events"]] != [version]:
                        missed.append(version)

    threads = [threading.Thread(target=client, args=(t,)) for t in tokens]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    server.terminate()
    server.wait(10)
    ms = lambda xs: f"p50 {statistics.median(xs) * 1000:.1f} ms, p95 {sorted(xs)[int(len(xs) * 0.95)] * 1000:.1f} ms"
    print(f"{clients} clients x {writes} (write, then read it back) in {elapsed:.1f} s")
    print(f"writes: {ms(latencies['write'])}; reads: {ms(latencies['read'])}")
    print(f"reads served: standby {served.get('standby', 0)}, primary {served.get('primary', 0)}; "
          f"own writes not seen: {len(missed)}")
    if missed:
        raise SystemExit(1)
finally:
    with admin.connect() as conn:
        conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
EOF
}

case "${1:-run}" in
  up) up "${2:-5433}" ;;
  down) down "${2:?usage: bench/cluster.sh down DIR}" ;;
  run)
    found="$(up "${2:-5433}")"
    dir="$(sed -n 's/^STANDBY_DIR=//p' <<<"$found")"
    trap 'down "$dir"' EXIT
    load "$(sed -n 's/^STANDBY_URL=//p' <<<"$found")"
    ;;
  *) echo "usage: bench/cluster.sh [run [PORT] | up [PORT] | down DIR]" >&2; exit 2 ;;
esac
