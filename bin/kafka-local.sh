#!/usr/bin/env bash
# Starts or stops the kit's local Kafka (KRaft, one broker and controller on 127.0.0.1) by itself, for pointing
# other tools, or the kit through kafka.bootstrap.servers, at it. Builds the kit with Maven on first use.
#   bin/kafka-local.sh start DIR   serve the data in DIR (created if new); prints the bootstrap address and runs
#                                  until 'bin/kafka-local.sh stop DIR' or Ctrl-C
#   bin/kafka-local.sh stop DIR    stop the Kafka serving DIR (cleanly; killed after 60 s)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/kit-build.sh"
SERVER="$KIT_HOME/bindings/kafka-server/target"
MAIN=io.iotkit.server.kafka.StandaloneKafka
NAME=kafka-local.sh

usage() {
  echo "usage: $NAME start DIR | stop DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
CMD=$1
DIR=$2
PIDFILE="$DIR/kafka.pid"

# A process's command line (from /proc where there is one, so no procps is needed).
cmdline_of() {
  if [ -r "/proc/$1/cmdline" ]; then
    tr '\0' ' ' <"/proc/$1/cmdline"
  else
    ps -o args= -p "$1" 2>/dev/null
  fi
}

# The pid in DIR's pid file, if that process is still this kit's Kafka serving DIR.
running_pid() {
  [ -f "$PIDFILE" ] || return 1
  local pid
  pid=$(cat "$PIDFILE")
  [ -n "$pid" ] && cmdline_of "$pid" | grep -q "$MAIN" || return 1
  echo "$pid"
}

case "$CMD" in
  start)
    ensure_kit_built "$NAME" bindings/kafka-server/target/kafka-server.jar
    mkdir -p "$DIR"
    DIR="$(cd "$DIR" && pwd)"
    PIDFILE="$DIR/kafka.pid"
    if pid=$(running_pid); then
      echo "$NAME: a Kafka already serves $DIR (pid $pid); stop it with: $0 stop $DIR" >&2
      exit 1
    fi
    LOG="$DIR/kafka-server.log"
    OUT="$DIR/kafka-server.out"
    : >"$OUT"
    echo "$NAME: starting Kafka on the data in $DIR (log: $LOG) ..."
    # --standalone: the server ignores stdin and stops cleanly on SIGTERM.
    java ${KAFKA_LOCAL_JAVA_OPTS:--Xms256m -Xmx1g -XX:+UseG1GC} -cp "$SERVER/kafka-server.jar:$SERVER/lib/*" \
      "$MAIN" "$DIR/data" --standalone </dev/null >"$OUT" 2>>"$LOG" &
    pid=$!
    echo "$pid" >"$PIDFILE"
    trap 'kill -TERM "$pid" 2>/dev/null || true' INT TERM
    for _ in $(seq 1 1200); do
      if grep -q '^READY' "$OUT"; then
        break
      fi
      if ! kill -0 "$pid" 2>/dev/null; then
        rm -f "$PIDFILE"
        echo "$NAME: Kafka exited before it was ready; see $LOG" >&2
        exit 1
      fi
      sleep 0.1
    done
    if ! grep -q '^READY' "$OUT"; then
      kill -TERM "$pid" 2>/dev/null || true
      echo "$NAME: Kafka was not ready within 120 s; see $LOG" >&2
      exit 1
    fi
    bootstrap=$(sed -n 's/^READY .*bootstrap=\([^ ]*\).*/\1/p' "$OUT" | head -1)
    echo "$NAME: Kafka serves at $bootstrap"
    echo "kafka.bootstrap.servers=$bootstrap"
    echo "$NAME: stop it with '$0 stop $DIR' or Ctrl-C"
    # wait returns early when a trapped signal arrives; wait again until the server has shut down.
    while kill -0 "$pid" 2>/dev/null; do
      wait "$pid" 2>/dev/null || true
    done
    rm -f "$PIDFILE"
    echo "$NAME: Kafka stopped"
    ;;
  stop)
    if ! pid=$(running_pid); then
      echo "$NAME: no Kafka of this kit serves $DIR" >&2
      exit 1
    fi
    kill -TERM "$pid"
    for _ in $(seq 1 600); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "$NAME: Kafka (pid $pid) did not stop within 60 s; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$PIDFILE"
    echo "$NAME: stopped the Kafka serving $DIR"
    ;;
  *)
    usage
    ;;
esac
