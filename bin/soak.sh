#!/usr/bin/env bash
# A full-length soak of the kit: one whole run whose every execution lasts at least MINUTES (30 for a
# compliant-length run), paced with --rate so this machine can hold it, sampled once a minute:
# heap after GC and resident memory of the master, every instance and the local SUT, the run folder's size and
# the SUT's disk use. It answers "does anything grow without bound over a two-hour run?"; not part of mvn verify.
#
#   bin/soak.sh [-b hbase] [-p 2] [--rate 1000] [--minutes 30.5] [--out DIR] [-- more run options]
#
# Writes DIR/soak.csv (one row per process and minute), DIR/folder.csv (run folder and SUT disk per minute),
# DIR/summary.md (per-hour maxima, result.json size) and the run folder under DIR/results.
set -euo pipefail
KIT_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

binding=hbase substations=2 rate=1000 minutes=30.5 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -b) binding="$2"; shift 2 ;;
    -p) substations="$2"; shift 2 ;;
    --rate) rate="$2"; shift 2 ;;
    --minutes) minutes="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "soak.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
out="${out:-$KIT_HOME/soak/$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# K such that each execution lasts MINUTES at RATE kvps/s per instance
kvps=$(awk -v p="$substations" -v r="$rate" -v m="$minutes" 'BEGIN { printf "%d", p * r * m * 60 }')

echo "soak: -b $binding -p $substations -k $kvps --rate $rate (about $minutes min per execution) into $out"
KIT_MASTER_JAVA_OPTS="-Xmx1g -Xlog:gc:file=$out/gc-master.log" \
  "$KIT_HOME/bin/tpcx-iot.sh" -b "$binding" -p "$substations" -k "$kvps" --rate "$rate" \
  --results "$out/results" --progress-interval 60 \
  --instance-jvm-options "-Xms256m -Xmx1g -XX:+UseParallelGC -Xlog:gc:file=$out/gc-instance-%p.log" "$@" \
  > "$out/console.txt" 2>&1 &
master=$!
started=$(date +%s)

# The heap a JVM kept after its last collection, in KiB, from its unified GC log ("... 300M->45M(981M) ...").
heap_after_gc() {
  local log="$1"
  [ -f "$log" ] || { echo ""; return; }
  grep -o '[0-9]*[KMG]->[0-9]*[KMG]([0-9]*[KMG])' "$log" | tail -1 | sed 's/.*->\([0-9]*\)\([KMG]\).*/\1 \2/' |
    awk '{ print ($2 == "G" ? $1 * 1048576 : $2 == "M" ? $1 * 1024 : $1) }'
}

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo ""; }

descendants() {
  local kids
  kids=$(cat /proc/"$1"/task/*/children 2>/dev/null || true)
  for k in $kids; do echo "$k"; descendants "$k"; done
}

echo "time,elapsed_s,role,pid,rss_kib,heap_after_gc_kib" > "$out/soak.csv"
echo "time,elapsed_s,run_folder_bytes,sut_bytes" > "$out/folder.csv"
sample() {
  local now elapsed run
  now=$(date -u +%FT%TZ); elapsed=$(( $(date +%s) - started ))
  echo "$now,$elapsed,master,$master,$(rss_kb "$master"),$(heap_after_gc "$out/gc-master.log")" >> "$out/soak.csv"
  for pid in $(descendants "$master"); do
    local cmd role
    cmd=$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null || true)
    case "$cmd" in
      *io.iotkit.instance.InstanceMain*) role=instance ;;
      *java*) role=sut ;;
      *) continue ;;
    esac
    local heap=""
    [ "$role" = instance ] && heap=$(heap_after_gc "$out/gc-instance-$pid.log")
    echo "$now,$elapsed,$role,$pid,$(rss_kb "$pid"),$heap" >> "$out/soak.csv"
  done
  run=$(ls -d "$out"/results/*/ 2>/dev/null | tail -1 || true)
  if [ -n "$run" ]; then
    echo "$now,$elapsed,$(du -sb "$run" | cut -f1),$(du -sb "$run/sut" 2>/dev/null | cut -f1)" >> "$out/folder.csv"
  fi
}

while kill -0 "$master" 2>/dev/null; do
  sample
  for _ in $(seq 60); do kill -0 "$master" 2>/dev/null || break; sleep 1; done
done
status=0; wait "$master" || status=$?
run=$(ls -d "$out"/results/*/ 2>/dev/null | tail -1 || true)

# Per hour of the run: the largest RSS and heap after GC of each role, and the run folder at the hour's end.
{
  echo "# Soak: -b $binding -p $substations -k $kvps --rate $rate, exit $status"
  echo
  echo "Run folder: ${run:-none}; whole run $(( ($(date +%s) - started) / 60 )) min."
  [ -n "$run" ] && [ -f "$run/result.json" ] &&
    echo "result.json: $(stat -c %s "$run/result.json") bytes; run folder $(du -sh "$run" | cut -f1)."
  echo
  echo "| hour | role | processes | max RSS (MiB) | max heap after GC (MiB) |"
  echo "|---|---|---|---|---|"
  awk -F, 'NR > 1 { h = int($2 / 3600); k = h "," $3; if ($5 > rss[k]) rss[k] = $5;
                    if ($6 != "" && $6 > heap[k]) heap[k] = $6; if (!seen[k "," $4]++) n[k]++ }
           END { for (k in rss) { split(k, a, ","); printf "| %d | %s | %d | %.0f | %s |\n", a[1], a[2], n[k],
                   rss[k] / 1024, (k in heap) ? sprintf("%.0f", heap[k] / 1024) : "-" } }' "$out/soak.csv" | sort
  echo
  echo "| hour | run folder at hour end (MiB) | SUT data (MiB) |"
  echo "|---|---|---|"
  awk -F, 'NR > 1 { h = int($2 / 3600); f[h] = $3; s[h] = $4 }
           END { for (h in f) printf "| %d | %.0f | %.0f |\n", h, f[h] / 1048576, s[h] / 1048576 }' \
    "$out/folder.csv" | sort
} > "$out/summary.md"
cat "$out/summary.md"
exit "$status"
