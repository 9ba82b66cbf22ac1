#!/usr/bin/env bash
# Runs the IoT gateway benchmark kit: bin/tpcx-iot.sh -p <substations> -k <kvps> [options]; --help lists all.
# Builds the kit with Maven on first use.
set -euo pipefail
KIT_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DRIVER="$KIT_HOME/kit-driver/target"

if ! command -v java >/dev/null 2>&1; then
  echo "tpcx-iot.sh: java not found; install a JDK 17 (e.g. apt-get install openjdk-17-jdk-headless)" >&2
  exit 2
fi
if [ ! -f "$DRIVER/kit-driver.jar" ] || [ ! -f "$KIT_HOME/bindings/hbase-server/target/hbase-server.jar" ]; then
  if ! command -v mvn >/dev/null 2>&1; then
    echo "tpcx-iot.sh: the kit is not built and mvn is not found; install Maven (apt-get install maven)" >&2
    exit 2
  fi
  echo "tpcx-iot.sh: building the kit (first use, a few minutes) ..." >&2
  if ! (cd "$KIT_HOME" && mvn -B -q -DskipTests package >&2); then
    echo "tpcx-iot.sh: the build failed; see the Maven output above" >&2
    exit 2
  fi
fi

exec java ${KIT_MASTER_JAVA_OPTS:--Xmx1g} -Dkit.home="$KIT_HOME" \
  -cp "$DRIVER/kit-driver.jar:$DRIVER/lib/*" io.iotkit.cli.Main "$@"
