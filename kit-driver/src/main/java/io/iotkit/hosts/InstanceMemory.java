package io.iotkit.hosts;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much memory driver instances take, and whether a host holds the ones placed on it. An instance needs its
 * maximum heap plus what the JVM keeps beside it (code, threads, metaspace, direct buffers), counted as
 * {@value #NON_HEAP_MIB} MiB; a host may give instances at most 90% of its memory, the rest being its system's.
 */
public final class InstanceMemory {
  static final long NON_HEAP_MIB = 192;
  private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([kKmMgGtT]?)");
  /** The sink stores nothing and keeps no client buffers: at -Xms256m -Xmx1g one resided at 386 MB in a -p 32 run. */
  private static final List<String> SINK_DEFAULT = List.of("-Xms64m", "-Xmx384m", "-XX:+UseParallelGC");
  private static final List<String> STORE_DEFAULT = List.of("-Xms256m", "-Xmx1g", "-XX:+UseParallelGC");

  private InstanceMemory() {
  }

  /** The instance JVM options a run of {@code binding} uses when the user gives none. */
  public static List<String> defaultOptions(String binding) {
    return "null".equals(binding) ? SINK_DEFAULT : STORE_DEFAULT;
  }

  /** Bytes one instance may take with these JVM options: its -Xmx (the JVM's default, a quarter, if none) and more. */
  public static long perInstanceBytes(List<String> jvmOptions, long hostMemoryBytes) {
    long heap = hostMemoryBytes / 4;
    for (String o : jvmOptions) {
      Matcher m = XMX.matcher(o);
      if (m.matches()) {
        heap = Long.parseLong(m.group(1)) << switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "k" -> 10;
          case "m" -> 20;
          case "g" -> 30;
          case "t" -> 40;
          default -> 0;
        };
      }
    }
    return heap + (NON_HEAP_MIB << 20);
  }

  /**
   * Why {@code instances} instances do not fit a host of {@code hostMemoryBytes}, or null when they do (or when
   * the host's memory is unknown).
   */
  public static String shortfall(String host, int instances, List<String> jvmOptions, Long hostMemoryBytes) {
    if (hostMemoryBytes == null || instances == 0) {
      return null;
    }
    long need = instances * perInstanceBytes(jvmOptions, hostMemoryBytes);
    long room = hostMemoryBytes / 10 * 9;
    if (need <= room) {
      return null;
    }
    return String.format(Locale.ROOT, "%s: %d driver instances need %.1f GiB (max heap + %d MiB each, from"
            + " --instance-jvm-options) but the host has %.1f GiB, of which instances may take 90%%; spread them over"
            + " more hosts (--hosts) or give them a smaller -Xmx", host, instances, need / (double) (1L << 30),
        NON_HEAP_MIB, hostMemoryBytes / (double) (1L << 30));
  }
}
