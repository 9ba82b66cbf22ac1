#!/usr/bin/env bash
# Runs the IoT gateway benchmark kit: bin/tpcx-iot.sh -p <substations> -k <kvps> [options]; --help lists all.
# Builds the kit with Maven on first use.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/kit-build.sh"
ensure_kit_built tpcx-iot.sh kit-driver/target/kit-driver.jar bindings/hbase-server/target/hbase-server.jar

DRIVER="$KIT_HOME/kit-driver/target"
exec java ${KIT_MASTER_JAVA_OPTS:--Xmx1g} -Dkit.home="$KIT_HOME" \
  -cp "$DRIVER/kit-driver.jar:$DRIVER/lib/*" io.iotkit.cli.Main "$@"
