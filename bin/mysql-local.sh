#!/usr/bin/env bash
# Starts or stops the kit's local MariaDB 10.11 by itself, for tools other than the kit (or to run the kit
# against it as an external server):
#   bin/mysql-local.sh start DIR [--port N] [--properties FILE] [--tls-cert PEM --tls-key PEM]
#                                       prints the address, 127.0.0.1:PORT; with a certificate it offers TLS
#   bin/mysql-local.sh stop DIR
#   bin/mysql-local.sh status DIR
# DIR holds the server's data and logs; starting again on the same DIR keeps its data. A new DIR gets the
# database and account of FILE (default workloads/mysql.properties: mysql.database, mysql.user, mysql.password).
# Builds the kit with Maven on first use.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/kit-build.sh"
SERVER="$KIT_HOME/bindings/mysql-server/target"
ME="mysql-local.sh"

usage() {
  echo "usage: $ME start DIR [--port N] [--properties FILE] [--tls-cert PEM --tls-key PEM] | stop DIR | status DIR" >&2
  exit 2
}
[ $# -ge 2 ] || usage
cmd="$1"
dir="$2"
shift 2

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
launcher_pid() { cat "$dir/launcher.pid" 2>/dev/null || true; }

case "$cmd" in
  start)
    extra=()
    props="$KIT_HOME/workloads/mysql.properties"
    while [ $# -gt 0 ]; do
      case "$1" in
        --port|--tls-cert|--tls-key) [ $# -ge 2 ] || usage; extra+=("$1" "$2"); shift 2 ;;
        --properties) [ $# -ge 2 ] || usage; props="$2"; shift 2 ;;
        *) usage ;;
      esac
    done
    if [ ! -f "$props" ]; then
      echo "$ME: properties file $props does not exist" >&2
      exit 2
    fi
    ensure_kit_built "$ME" bindings/mysql-server/target/mysql-server.jar
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    if alive "$(launcher_pid)"; then
      echo "$ME: a local MariaDB already runs in $dir (pid $(launcher_pid)); stop it first" >&2
      exit 1
    fi
    : > "$dir/launcher.out"
    # Detached: the launcher ignores stdin and stops mariadbd cleanly on SIGTERM (bin/mysql-local.sh stop).
    nohup java -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$SERVER/mysql-server.jar:$SERVER/lib/*" \
      io.iotkit.server.mysql.StandaloneMariaDb "$dir/mariadb" --detached --account "$props" "${extra[@]}" \
      </dev/null >"$dir/launcher.out" 2>>"$dir/launcher.log" &
    pid=$!
    echo "$pid" > "$dir/launcher.pid"
    # The first start unpacks about 330 MB of binaries and initialises the data folder.
    for _ in $(seq 1 480); do
      ready="$(grep -m1 '^READY ' "$dir/launcher.out" || true)"
      if [ -n "$ready" ]; then
        port="$(sed -n 's/.* port=\([0-9]*\).*/\1/p' <<<"$ready")"
        db="$(sed -n 's/.* database=\([^ ]*\).*/\1/p' <<<"$ready")"
        user="$(sed -n 's/.* user=\([^ ]*\).*/\1/p' <<<"$ready")"
        echo "127.0.0.1:$port"
        echo "$ME: MariaDB serves at 127.0.0.1:$port (database $db, user $user; jdbc:mysql://127.0.0.1:$port/$db)," \
          "data in $dir/mariadb; stop it with: bin/$ME stop $dir" >&2
        exit 0
      fi
      if ! alive "$pid"; then
        rm -f "$dir/launcher.pid"
        echo "$ME: the local MariaDB did not start: $(tail -n 1 "$dir/launcher.log" 2>/dev/null)" >&2
        exit 1
      fi
      sleep 0.5
    done
    kill -TERM "$pid" 2>/dev/null || true
    echo "$ME: the local MariaDB was not ready within 240 s; see $dir/launcher.log and $dir/mariadb/mariadbd.log" >&2
    exit 1
    ;;
  stop)
    pid="$(launcher_pid)"
    if ! alive "$pid"; then
      rm -f "$dir/launcher.pid"
      echo "$ME: no local MariaDB runs in $dir" >&2
      exit 0
    fi
    kill -TERM "$pid"
    for _ in $(seq 1 180); do
      alive "$pid" || { rm -f "$dir/launcher.pid"; echo "$ME: stopped the local MariaDB in $dir" >&2; exit 0; }
      sleep 0.5
    done
    # The launcher normally stops mariadbd within a minute; past that, end both by their pids.
    kill -KILL "$pid" 2>/dev/null || true
    db_pid="$(cat "$dir/mariadb/mariadbd.pid" 2>/dev/null || true)"
    [ -n "$db_pid" ] && kill -KILL "$db_pid" 2>/dev/null || true
    rm -f "$dir/launcher.pid"
    echo "$ME: the local MariaDB in $dir did not stop within 90 s and was killed" >&2
    exit 1
    ;;
  status)
    pid="$(launcher_pid)"
    if alive "$pid"; then
      port="$(sed -n 's/^READY .* port=\([0-9]*\).*/\1/p' "$dir/launcher.out" 2>/dev/null)"
      echo "127.0.0.1:${port:-?}"
      exit 0
    fi
    echo "$ME: no local MariaDB runs in $dir" >&2
    exit 1
    ;;
  *)
    usage
    ;;
esac
