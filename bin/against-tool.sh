#!/usr/bin/env bash
# The kit against a store's own load tool, back to back on the same local server, which this script starts afresh
# for each side with `tpcx-iot.sh server`, at the kit's version of the store. Each round measures the sides in
# turn, so that their ratios split the gap between the kit and the tool:
#   kafka: kafka-producer-perf-test (org.apache.kafka.tools.ProducerPerformance), K records of 1,024 bytes, with the
#          kit's producer settings (acks=all, idempotence, linger.ms=5, batch.size=16384, no compression)
#     tool       the tool as users run it: one topic of 16 partitions
#     tool-200   the tool on the kit's layout: one topic of 200 partitions (one substation's)
#     tool-read  as tool-200, with Kafka's consumer perf tool reading the topic meanwhile, as the kit's master
#                reads every reading for end-to-end latency
#   hbase: PerformanceEvaluation (org.apache.hadoop.hbase.PerformanceEvaluation), sequentialWrite, 10 clients
#          writing K rows of 1,000-byte values in all, buffered (--autoFlush=false), no MapReduce
#     tool       the tool as users run it: its own table
#   and for both stores:
#     kit-noq    a whole kit run, P = 1, with --no-queries
#     kit        a whole kit run, P = 1, queries on (the compliant workload)
# The tool's figure is records (rows) per second; the kit's is its IoTps (K kvps per execution).
#
#   bin/against-tool.sh kafka|hbase [-k 1000000] [--repeat 2] [--out DIR] [-- more run options]
#
# Writes DIR/rounds.csv (one row per side and round), DIR/summary.md (medians, ranges and the ratios), the tool's
# output under DIR/tool and the kit's run folders under DIR/kit. The tool's jars are resolved with Maven
# (bin/lib/<store>-tools/pom.xml; downloaded from Maven Central on first use).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/kit-build.sh"
ensure_kit_built against-tool.sh kit-driver/target/kit-driver.jar

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
store="${1:-}"
case "$store" in
  kafka|hbase) shift ;;
  -h|--help) usage; exit 0 ;;
  *) echo "against-tool.sh: name the store first, kafka or hbase (see --help)" >&2; exit 2 ;;
esac
kvps=1000000 repeat=2 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -k|--repeat|--out) [ $# -ge 2 ] || { echo "against-tool.sh: $1 needs a value (see --help)" >&2; exit 2; } ;;
  esac
  case "$1" in
    -k) kvps="${2:-}"; shift 2 ;;
    --repeat) repeat="${2:-}"; shift 2 ;;
    --out) out="${2:-}"; shift 2 ;;
    --) shift; break ;;
    -h|--help) usage; exit 0 ;;
    *) echo "against-tool.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$kvps,$repeat" in
  *[!0-9,]*|,*|*,) echo "against-tool.sh: -k and --repeat take whole numbers (got -k '$kvps' --repeat '$repeat')" >&2
    exit 2 ;;
esac
[ "$kvps" -ge 10000 ] && [ "$repeat" -ge 1 ] ||
  { echo "against-tool.sh: -k must be at least 10000 and --repeat at least 1" >&2; exit 2; }
out="${out:-$KIT_HOME/results/against-tool-$store-$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out/tool" "$out/kit"
out="$(cd "$out" && pwd)"

# The tool's classpath, resolved into the output folder: bin/ holds only the kit's own files, whose digests the
# audit manifest lists.
tools="$KIT_HOME/bin/lib/$store-tools"
classpath_file="$out/tool-classpath.txt"
echo "against-tool.sh: resolving $store's tool with Maven (from Maven Central on first use) ..." >&2
if ! mvn -B -q -f "$tools/pom.xml" dependency:build-classpath -Dmdep.outputFile="$classpath_file" \
    >"$out/maven.log" 2>&1; then
  echo "against-tool.sh: Maven could not resolve $store's tool (see $out/maven.log); it needs Maven Central once" >&2
  exit 2
fi
tool_java() { java -Xmx1g -cp "$(cat "$classpath_file")" "$@"; }
kit() { "$KIT_HOME/bin/tpcx-iot.sh" "$@"; }

# Every side gets a fresh server: one kit run's purge of the last one's table has aborted the standalone HBase's
# region server (it could not make the table's archive folder on the local filesystem), and a fresh server also
# keeps one side's data and compactions out of the next side's figure. Its folder (gigabytes) goes with it.
server="$out/server"
start_server() {
  kit server start -b "$store" --dir "$server" >>"$out/server.log" 2>&1 ||
    { echo "against-tool.sh: the local $store did not start (see $out/server.log)" >&2; exit 1; }
}
stop_server() {
  [ -f "$server/server.pid" ] || return 0
  if ! kit server stop -b "$store" --dir "$server" >>"$out/server.log" 2>&1; then
    # Killed after the stop's grace (a standalone HBase flushing a run's writes on a busy host can take longer):
    # the side's figure stands and the next side gets a fresh server, so the rounds go on once it is gone.
    kit server stop -b "$store" --dir "$server" >>"$out/server.log" 2>&1 ||
      { echo "against-tool.sh: the local $store did not stop (see $out/server.log)" >&2; exit 1; }
    echo "against-tool.sh: the local $store did not stop within the grace and was killed (see $out/server.log)" >&2
  fi
  rm -rf "$server"
}
trap stop_server EXIT
# a value of the server's binding properties, with the escapes of Java's properties format undone ("\\:")
address() { sed -n "s/^$1=//p" "$server/binding.properties" | sed 's/\\\(.\)/\1/g'; }

# kafka_tool PARTITIONS LOG [read]: the perf tool on a topic of its own, with "read" the consumer perf tool reading
# it meanwhile from its beginning; prints the producer's records/s.
kafka_tool() {
  local partitions="$1" log="$2" read="${3:-}" topic="against-tool" bootstrap reader=""
  bootstrap="$(address kafka.bootstrap.servers)"
  tool_java org.apache.kafka.tools.TopicCommand --bootstrap-server "$bootstrap" --create --topic "$topic" \
    --partitions "$partitions" --replication-factor 1 >"$log" 2>&1
  if [ -n "$read" ]; then
    tool_java org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "$bootstrap" --topic "$topic" \
      --messages "$kvps" --timeout 60000 >"$log.reader" 2>&1 &
    reader=$!
  fi
  tool_java org.apache.kafka.tools.ProducerPerformance --topic "$topic" --num-records "$kvps" --record-size 1024 \
    --throughput -1 --producer-props bootstrap.servers="$bootstrap" acks=all enable.idempotence=true linger.ms=5 \
    batch.size=16384 compression.type=none buffer.memory=67108864 >>"$log" 2>&1
  if [ -n "$reader" ]; then
    local status=0
    wait "$reader" || status=$?
    cat "$log.reader" >>"$log" && rm -f "$log.reader"
    [ "$status" -eq 0 ] || return 1
  fi
  # its last line: "N records sent, R records/sec (M MB/sec), ..."
  awk '/records sent,/ { rate = $4 } END { if (rate == "") exit 1; print rate }' "$log"
}

# hbase_tool LOG: PerformanceEvaluation's sequential writes into a table of its own; prints rows/s.
hbase_tool() {
  local log="$1" table="AgainstTool"
  local zk=(-Dhbase.zookeeper.quorum="$(address hbase.zookeeper.quorum)"
    -Dhbase.zookeeper.property.clientPort="$(address hbase.zookeeper.property.clientPort)")
  tool_java org.apache.hadoop.hbase.PerformanceEvaluation "${zk[@]}" --nomapred --table="$table" \
    --rows=$((kvps / 10)) --valueSize=1000 --autoFlush=false sequentialWrite 10 >"$log" 2>&1
  # "[SequentialWriteTest duration ]  Min: Nms  Max: Nms  Avg: Nms": all clients' rows over the slowest client's time
  awk -v rows="$((kvps / 10 * 10))" '/Test duration/ { for (i = 1; i <= NF; i++) if ($i == "Max:") max = $(i + 1) }
    END { sub(/ms/, "", max); if (max == "" || max == 0) exit 1; printf "%.1f\n", rows * 1000 / max }' "$log"
}

# A side that fails (a tool run with failed sends, a kit run that did not complete) is written as "failed", said
# on stderr, and left out of the medians; the rounds go on.
failed() { echo "against-tool.sh: $1" >&2; echo failed; }

# tool_side NAME ROUND: prints the tool's rate.
tool_side() {
  local log="$out/tool/$1-$2.log" rate
  rate="$(case "$store,$1" in
    kafka,tool) kafka_tool 16 "$log" ;;
    kafka,tool-200) kafka_tool 200 "$log" ;;
    kafka,tool-read) kafka_tool 200 "$log" read ;;
    hbase,tool) hbase_tool "$log" ;;
  esac)" || { failed "$1, round $2: the tool printed no result (see $log)"; return; }
  # a send that failed (expired after delivery.timeout.ms, say) makes the rate no figure of the tool; HBase's tool
  # ends without its summary when a put fails
  if grep -q 'org.apache.kafka.common.errors' "$log"; then
    failed "$1, round $2: the tool reported failures (see $log)"
  else
    echo "$rate"
  fi
}

# kit_side NAME ROUND [OPTIONS]: one whole kit run on a fresh local server; prints its IoTps.
kit_side() {
  local results="$out/kit/$1-$2" name="$1" round="$2"
  shift 2
  if kit -b "$store" --binding-properties "$server/binding.properties" -p 1 -k "$kvps" --results "$results" "$@" \
      >"$results.log" 2>&1; then
    grep -o '"iotps" : [0-9.]*' "$results"/*/result.json | head -1 | awk '{ printf "%.1f\n", $3 }'
  else
    failed "$name, round $round: the kit's run did not complete (see $results.log)"
  fi
}

sides="tool kit-noq kit"
[ "$store" = kafka ] && sides="tool tool-200 tool-read kit-noq kit"
echo "side,round,rate" >"$out/rounds.csv"
extra=("$@")
for round in $(seq 1 "$repeat"); do
  echo "against-tool.sh: round $round of $repeat ($(date -u +%H:%M:%S))" >&2
  for side in $sides; do
    start_server
    case "$side" in
      tool*) rate="$(tool_side "$side" "$round")" ;;
      kit-noq) rate="$(kit_side "$side" "$round" --no-queries "${extra[@]}")" ;;
      kit) rate="$(kit_side "$side" "$round" "${extra[@]}")" ;;
    esac
    stop_server
    echo "$side,$round,$rate" >>"$out/rounds.csv"
  done
done

# Medians and ranges per side, then the ratios that split kit / tool.
awk -F, -v store="$store" -v k="$kvps" -v n="$repeat" -v sides="$sides" '
  NR > 1 && $3 == "failed" { failures[$1]++; next }
  NR > 1 { v[$1] = v[$1] " " $3
    if (!($1 in lo) || $3 < lo[$1]) lo[$1] = $3
    if (!($1 in hi) || $3 > hi[$1]) hi[$1] = $3 }
  function median(s,   a, c, i, j, t) {
    c = split(s, a, " ")
    for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
  }
  function ratio(name, a, b) {
    if ((a in m) && (b in m)) printf "| %s: %s / %s | %.3f |\n", name, a, b, m[a] / m[b]
    else printf "| %s: %s / %s | n/a (a side has no figure) |\n", name, a, b
  }
  END {
    printf "# The kit against %s'"'"'s own tool\n\nOne local server, K = %d, %d round(s) of the sides in turn.\n\n", store, k, n
    print "| side | rate median (range), per second | failed rounds |"
    print "|---|---|---|"
    c = split(sides, order, " ")
    for (i = 1; i <= c; i++) {
      s = order[i]
      if (v[s] == "") { printf "| %s | none | %d |\n", s, failures[s]; continue }
      m[s] = median(v[s])
      printf "| %s | %.0f (%.0f - %.0f) | %d |\n", s, m[s], lo[s], hi[s], failures[s]
    }
    print ""
    print "| ratio | of medians |"
    print "|---|---|"
    if (store == "kafka") {
      ratio("layout", "tool-200", "tool"); ratio("reader", "tool-read", "tool-200"); ratio("client", "kit-noq", "tool-read")
    }
    else ratio("client and layout", "kit-noq", "tool")
    ratio("queries", "kit", "kit-noq")
    ratio("whole", "kit", "tool")
  }' "$out/rounds.csv" >"$out/summary.md"
cat "$out/summary.md"
