package io.iotkit.process;

import java.util.Locale;

/**
 * How much CPU and memory every process of a local server may use together ({@code --sut-cpus},
 * {@code --sut-memory}): part of the SUT's description, enforced by a {@link Cgroup}.
 *
 * @param cpus        CPUs' worth of time per second (fractions allowed), or 0 for no limit
 * @param memoryBytes bytes of memory, or 0 for no limit
 */
public record SutLimits(double cpus, long memoryBytes) {
  /** No limit: the server's processes share the host like any other. */
  public static final SutLimits NONE = new SutLimits(0, 0);
  /** The smallest CPU quota: a kernel's CFS quota is at least 1 ms per 100 ms period. */
  public static final double MIN_CPUS = 0.01;
  /** The smallest memory limit, below which no local server of the kit starts. */
  public static final long MIN_MEMORY_BYTES = 64L << 20;

  public SutLimits {
    if (cpus != 0 && !(cpus >= MIN_CPUS && cpus <= 4096)) {
      throw new IllegalArgumentException("--sut-cpus must be between " + MIN_CPUS + " and 4096 CPUs (it was "
          + cpus + ")");
    }
    if (memoryBytes != 0 && memoryBytes < MIN_MEMORY_BYTES) {
      throw new IllegalArgumentException("--sut-memory must be at least 64m (it was " + memoryBytes + " bytes)");
    }
  }

  /** Whether nothing is limited. */
  public boolean none() {
    return cpus == 0 && memoryBytes == 0;
  }

  /** E.g. "0.6 CPU and 6 GiB of memory", "1.5 CPUs", or "no limit". */
  public String describe() {
    if (none()) {
      return "no limit";
    }
    String c = cpus == 0 ? null : String.format(Locale.ROOT, "%s CPU%s", plain(cpus), cpus > 1 ? "s" : "");
    String m = memoryBytes == 0 ? null : size(memoryBytes) + " of memory";
    return c == null ? m : m == null ? c : c + " and " + m;
  }

  private static String plain(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "");
  }

  private static String size(long bytes) {
    if (bytes % (1L << 30) == 0) {
      return bytes / (1L << 30) + " GiB";
    }
    return bytes % (1L << 20) == 0 ? bytes / (1L << 20) + " MiB" : bytes + " bytes";
  }

  /**
   * A size as the user writes it: a number of bytes with an optional k, m or g (powers of 1024), e.g. 6g or
   * 512m; 0 or null for no limit.
   */
  public static long parseMemory(String text) {
    if (text == null || text.isBlank() || text.trim().equals("0")) {
      return 0;
    }
    String t = text.trim().toLowerCase(Locale.ROOT);
    int shift = switch (t.charAt(t.length() - 1)) {
      case 'k' -> 10;
      case 'm' -> 20;
      case 'g' -> 30;
      default -> 0;
    };
    String digits = shift == 0 ? t : t.substring(0, t.length() - 1);
    try {
      long n = Long.parseLong(digits);
      if (n < 0 || n > (Long.MAX_VALUE >> shift)) {
        throw new NumberFormatException();
      }
      return n << shift;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--sut-memory takes a size such as 6g, 512m or 1073741824 (it was '"
          + text + "')");
    }
  }
}
