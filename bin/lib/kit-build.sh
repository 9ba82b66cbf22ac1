# Sourced by the scripts in bin/: KIT_HOME, and a check that Java is there and the kit is built
# (building it with Maven on first use).

KIT_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# ensure_kit_built NAME FILE...: NAME is the calling script's name for messages; each FILE (relative to
# KIT_HOME) must exist, or the kit is built.
ensure_kit_built() {
  local me="$1"
  shift
  if ! command -v java >/dev/null 2>&1; then
    echo "$me: java not found; install a JDK 17 (e.g. apt-get install openjdk-17-jdk-headless)" >&2
    exit 2
  fi
  kit_built "$@" && return 0
  if ! command -v mvn >/dev/null 2>&1; then
    echo "$me: the kit is not built and mvn is not found; install Maven (apt-get install maven)" >&2
    exit 2
  fi
  # Two commands started at once on an unbuilt kit would both build into the same target folders: the second
  # waits on a lock of the kit folder itself (nothing is written for it) and finds the kit built.
  if command -v flock >/dev/null 2>&1; then
    exec 9<"$KIT_HOME"
    flock 9
    if kit_built "$@"; then
      exec 9<&-
      return 0
    fi
  fi
  echo "$me: building the kit (first use, a few minutes) ..." >&2
  # Maven's output goes to a file, shown only when the build fails: even quiet and in batch mode, Maven 3.8 writes
  # colour codes that would litter a console or a log.
  local log
  log="$(mktemp "${TMPDIR:-/tmp}/tpcx-iot-build.XXXXXX")"
  if ! (cd "$KIT_HOME" && mvn -B -q -DskipTests package >"$log" 2>&1); then
    sed -e 's/\x1b\[[0-9;]*m//g' -e '/^[[:space:]]*$/d' "$log" | tail -n 40 >&2
    echo "$me: the build failed; the last lines of Maven's output are above, all of it in $log" >&2
    exit 2
  fi
  rm -f "$log"
  exec 9<&-
}

# kit_built FILE...: whether every FILE (relative to KIT_HOME) exists.
kit_built() {
  local f
  for f in "$@"; do
    [ -f "$KIT_HOME/$f" ] || return 1
  done
}
