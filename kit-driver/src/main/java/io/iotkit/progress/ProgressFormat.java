package io.iotkit.progress;

import java.util.Locale;

/** How a {@link ProgressSnapshot} reads, the same on a terminal and in a log. */
final class ProgressFormat {
  private ProgressFormat() {
  }

  /** e.g. "iteration 1 measured 45% 90,000/200,000 kvps | 21,345 IoTps now, 20,100 avg | ETA 0:05 | ...". */
  static String describe(ProgressSnapshot s) {
    String queryP99 = s.queryP99Ms() < 0 ? "-" : String.format(Locale.ROOT, "%.1f ms", s.queryP99Ms());
    if (s.total() == 0) { // a read-only execution: it writes nothing, and runs for its time
      return String.format(Locale.ROOT, "%s: queries only, %s elapsed | query p99 %s", s.phase(),
          duration(s.elapsedSeconds()), queryP99);
    }
    return String.format(Locale.ROOT, "%s %3.0f%% %,d/%,d kvps | %,.0f IoTps now, %,.0f avg | ETA %s | query p99 %s"
            + " | slowest: instance %d at %.0f%%", s.phase(), 100 * s.fraction(), s.done(), s.total(),
        s.currentIotps(), s.averageIotps(), duration(s.etaSeconds()),
        queryP99, s.slowestInstance(),
        100 * s.slowestFraction()) + (s.slowestHost() == null ? "" : " on " + s.slowestHost());
  }

  /** A bar of {@code width} cells, e.g. "[#########.........]". */
  static String bar(double fraction, int width) {
    int full = (int) Math.round(Math.max(0, Math.min(1, fraction)) * width);
    return "[" + "#".repeat(full) + ".".repeat(width - full) + "]";
  }

  /** h:mm:ss or m:ss; "?" when unknown. */
  static String duration(double seconds) {
    if (seconds < 0 || Double.isNaN(seconds) || Double.isInfinite(seconds)) {
      return "?";
    }
    long s = Math.round(seconds);
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}
