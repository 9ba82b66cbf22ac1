package io.iotkit.resources;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Parses what {@link #LOOP} prints on a remote host: for each request line it reads, one block of /proc files, each
 * after a marker line, ended by a marker that carries the request's number. Fed line by line; a block is
 * complete only at its end marker, so a partial last block (the session cut mid-block) yields nothing.
 */
final class ProcStream {
  static final String MARK = "@@iotkit-proc ";
  /**
   * The remote side, a POSIX sh loop: one block per line read from stdin (the request's number), nothing between
   * requests, and it ends when the master closes stdin. Only cat and ls: no Java or kit on the host.
   */
  static final String LOOP = "while read n; do"
      + " echo '" + MARK + "stat'; cat /proc/stat;"
      + " echo '" + MARK + "meminfo'; cat /proc/meminfo;"
      + " echo '" + MARK + "diskstats'; cat /proc/diskstats 2>/dev/null;"
      + " echo '" + MARK + "netdev'; cat /proc/net/dev 2>/dev/null;"
      + " echo '" + MARK + "disks'; ls /sys/block 2>/dev/null;"
      + " echo \"" + MARK + "end $n\"; done";

  /** One complete block: the request's number and its files' text. */
  record Block(long request, String stat, String meminfo, String diskstats, String netDev, Set<String> disks) {

    /** The host's counters it holds, as read at {@code nanos} (System.nanoTime) on the master. */
    ProcReader.Host host(long nanos) {
      return new ProcReader.Host(nanos, ProcText.stat(stat), ProcText.kilobytes(meminfo, "MemTotal"),
          ProcText.kilobytes(meminfo, "MemAvailable"), ProcText.diskstats(diskstats, disks),
          ProcText.netDev(netDev));
    }
  }

  private final List<String> names = List.of("stat", "meminfo", "diskstats", "netdev", "disks");
  private final StringBuilder[] parts = new StringBuilder[names.size()];
  private int current = -1;

  /** Takes one line; the block it completes, or null. */
  Block line(String line) {
    if (line.startsWith(MARK)) {
      String what = line.substring(MARK.length()).trim();
      if (what.startsWith("end ")) {
        Block b = complete(what.substring(4).trim());
        reset();
        return b;
      }
      int i = names.indexOf(what);
      if (i == 0) {
        reset(); // a block starts: whatever came before was cut off
      }
      current = i;
      if (i >= 0) {
        parts[i] = new StringBuilder();
      }
      return null;
    }
    if (current >= 0) {
      parts[current].append(line).append('\n');
    }
    return null;
  }

  private Block complete(String request) {
    for (int i = 0; i < 2; i++) { // stat and meminfo are needed; the others may be missing (no disks, no net)
      if (parts[i] == null) {
        return null;
      }
    }
    long n;
    try {
      n = Long.parseLong(request);
    } catch (NumberFormatException e) {
      return null;
    }
    Set<String> disks = new HashSet<>(text(4).lines().map(String::trim).filter(s -> !s.isEmpty()).toList());
    return new Block(n, text(0), text(1), text(2), text(3), disks);
  }

  private String text(int i) {
    return parts[i] == null ? "" : parts[i].toString();
  }

  private void reset() {
    java.util.Arrays.fill(parts, null);
    current = -1;
  }

  /** Every complete block of a text (tests, and reading a saved stream). */
  static List<Block> blocks(String text) {
    ProcStream s = new ProcStream();
    List<Block> out = new ArrayList<>();
    for (String l : text.split("\n", -1)) {
      Block b = s.line(l);
      if (b != null) {
        out.add(b);
      }
    }
    return out;
  }
}
