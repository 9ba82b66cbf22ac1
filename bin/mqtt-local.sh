#!/usr/bin/env bash
# Starts or stops the kit's local MQTT broker (HiveMQ CE, the one -b mqtt starts when mqtt.host is unset) by
# itself, for other tools or for a kit run with mqtt.host=127.0.0.1 in the binding properties.
#   bin/mqtt-local.sh start DIR [PORT]   runs the broker in the foreground on 127.0.0.1:PORT (default 1883),
#                                        its sessions and queues under DIR; prints host:port once it serves
#   bin/mqtt-local.sh stop DIR           stops the broker started on DIR (Ctrl-C in its terminal does too)
# Builds the kit with Maven on first use.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/kit-build.sh"
SERVER="$KIT_HOME/bindings/mqtt-server/target"
MAIN=io.iotkit.server.mqtt.HiveMqBroker

usage() {
  echo "usage: mqtt-local.sh start DIR [PORT] | stop DIR" >&2
  exit 2
}

start() {
  local dir="$1" port="${2:-1883}"
  if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
    echo "mqtt-local.sh: port must be a number in 1..65535, not '$port'" >&2
    exit 2
  fi
  ensure_kit_built mqtt-local.sh bindings/mqtt-server/target/mqtt-server.jar
  mkdir -p "$dir"
  # The same JVM options as the broker the kit starts (io.iotkit.binding.mqtt.LocalHiveMq).
  exec java -Xms512m -Xmx2g -XX:+UseG1GC -Djava.net.preferIPv4Stack=true \
    --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
    --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED \
    --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED \
    -cp "$SERVER/mqtt-server.jar:$SERVER/lib/*" "$MAIN" "$dir" --port "$port" --standalone
}

stop() {
  local pidfile="$1/broker.pid" pid
  if [ ! -f "$pidfile" ]; then
    echo "mqtt-local.sh: no broker runs on $1 (no broker.pid there)" >&2
    exit 1
  fi
  pid="$(cat "$pidfile")"
  # Only ever signal our own broker: a stale pid file may name a process that has nothing to do with it.
  if ! ps -p "$pid" -o args= 2>/dev/null | grep -q "$MAIN"; then
    echo "mqtt-local.sh: the broker of $1 is not running (stale pid $pid)" >&2
    rm -f "$pidfile"
    exit 1
  fi
  kill -TERM "$pid"
  for _ in $(seq 1 120); do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "mqtt-local.sh: stopped the broker of $1" >&2
      exit 0
    fi
    sleep 0.5
  done
  echo "mqtt-local.sh: the broker (pid $pid) did not stop within 60 s" >&2
  exit 1
}

[ $# -ge 2 ] || usage
case "$1" in
  start) [ $# -le 3 ] || usage; start "$2" "${3:-}" ;;
  stop) [ $# -eq 2 ] || usage; stop "$2" ;;
  *) usage ;;
esac
