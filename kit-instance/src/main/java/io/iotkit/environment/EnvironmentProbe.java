package io.iotkit.environment;

import io.iotkit.model.Environment;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads the {@link Environment} of the machine the master runs on, from Linux's /proc, /sys and /etc and from the
 * JVM. Anything it cannot read is null, never guessed, and it never throws: a machine without /proc (another OS,
 * a locked-down container) simply gives fewer figures. The parse functions take the files' text, so they are
 * tested on sample texts.
 */
public final class EnvironmentProbe {
  private static final Pattern MEM_TOTAL = Pattern.compile("(?m)^MemTotal:\\s+(\\d+)\\s*kB\\s*$");
  private static final Pattern CACHE_SIZE = Pattern.compile("(\\d+)\\s*([KMG]?)B?", Pattern.CASE_INSENSITIVE);

  private EnvironmentProbe() {
  }

  /** What the kit can read of this machine; anything unreadable is null. */
  public static Environment collect(List<String> instanceJvmOptions) {
    return collect(Path.of("/"), instanceJvmOptions);
  }

  /** {@link #collect(List)} with /proc, /sys and /etc read below {@code root} (a fake tree in tests). */
  static Environment collect(Path root, List<String> instanceJvmOptions) {
    CpuInfo cpu = orNull(() -> parseCpuInfo(read(root.resolve("proc/cpuinfo"))));
    String prettyName = orNull(() -> parseOsRelease(read(root.resolve("etc/os-release"))));
    Integer logical = cpu != null && cpu.logicalCpus() != null ? cpu.logicalCpus()
        : orNull(() -> Runtime.getRuntime().availableProcessors());
    return new Environment(
        orNull(() -> hostname(root)),
        prettyName != null ? prettyName : orNull(() -> osFromJvm()),
        orNull(() -> trimToNull(read(root.resolve("proc/sys/kernel/osrelease")))),
        orNull(() -> System.getProperty("os.arch")),
        cpu == null ? null : cpu.model(),
        logical,
        cpu == null ? null : cpu.sockets(),
        cpu == null ? null : cpu.physicalCores(),
        orNull(() -> caches(root.resolve("sys/devices/system/cpu/cpu0/cache"))),
        orNull(() -> parseMemTotal(read(root.resolve("proc/meminfo")))),
        orNull(() -> disks(root.resolve("sys/block"))),
        orNull(EnvironmentProbe::jvm),
        orNull(() -> Secrets.redactJvmArguments(ManagementFactory.getRuntimeMXBean().getInputArguments())),
        orNull(() -> Secrets.redactJvmArguments(instanceJvmOptions == null ? null : List.copyOf(instanceJvmOptions))));
  }

  /** What /proc/cpuinfo says of the processors; each figure null when the file does not say it. */
  public record CpuInfo(String model, Integer logicalCpus, Integer sockets, Integer physicalCores) {
  }

  /**
   * Parses /proc/cpuinfo: the first "model name", the number of "processor" entries, and the distinct "physical id"
   * and ("physical id", "core id") values. Sockets and cores are null when any entry lacks those fields (as on
   * many ARM kernels), rather than counted from a part of the entries.
   */
  public static CpuInfo parseCpuInfo(String text) {
    String model = null;
    int processors = 0;
    Set<String> packages = new HashSet<>();
    Set<String> cores = new HashSet<>();
    boolean topologyComplete = true;
    // Entries are separated by blank lines; each starts with "processor : n".
    for (String entry : text.split("\\n\\s*\\n")) {
      String physicalId = null;
      String coreId = null;
      boolean isProcessor = false;
      for (String line : entry.split("\\n")) {
        int colon = line.indexOf(':');
        if (colon < 0) {
          continue;
        }
        String key = line.substring(0, colon).trim();
        String value = line.substring(colon + 1).trim();
        switch (key) {
          case "processor" -> isProcessor = true;
          case "model name" -> model = model == null && !value.isEmpty() ? value : model;
          case "physical id" -> physicalId = value;
          case "core id" -> coreId = value;
          default -> { }
        }
      }
      if (!isProcessor) {
        continue;
      }
      processors++;
      if (physicalId == null || coreId == null) {
        topologyComplete = false;
      } else {
        packages.add(physicalId);
        cores.add(physicalId + "/" + coreId);
      }
    }
    boolean topology = processors > 0 && topologyComplete;
    return new CpuInfo(model, processors > 0 ? processors : null, topology ? packages.size() : null,
        topology ? cores.size() : null);
  }

  /** PRETTY_NAME of /etc/os-release, unquoted; null when absent or empty. */
  public static String parseOsRelease(String text) {
    for (String line : text.split("\\n")) {
      String l = line.trim();
      if (l.startsWith("PRETTY_NAME=")) {
        String v = l.substring("PRETTY_NAME=".length()).trim();
        if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'') && v.charAt(v.length() - 1) == v.charAt(0)) {
          v = v.substring(1, v.length() - 1);
        }
        return trimToNull(v);
      }
    }
    return null;
  }

  /** MemTotal of /proc/meminfo in bytes (the file counts kB of 1024 bytes); null when absent. */
  public static Long parseMemTotal(String text) {
    Matcher m = MEM_TOTAL.matcher(text);
    return m.find() ? Long.parseLong(m.group(1)) * 1024 : null;
  }

  /** A sysfs cache size such as "48K", "1024K" or "32M" in bytes; null when it is not one. */
  public static Long parseCacheSize(String text) {
    if (text == null) {
      return null;
    }
    Matcher m = CACHE_SIZE.matcher(text.trim());
    if (!m.matches()) {
      return null;
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2).toUpperCase(Locale.ROOT)) {
      case "K" -> n * 1024;
      case "M" -> n * 1024 * 1024;
      case "G" -> n * 1024 * 1024 * 1024;
      default -> n;
    };
  }

  /** The name of a cache from its sysfs level and type: L1d, L1i, L2, ...; null when the level is unreadable. */
  public static String cacheName(String level, String type) {
    String l = trimToNull(level);
    if (l == null) {
      return null;
    }
    String t = type == null ? "" : type.trim();
    return "L" + l + switch (t) {
      case "Data" -> "d";
      case "Instruction" -> "i";
      default -> "";
    };
  }

  /**
   * One disk from its /sys/block entry: {@code size} counts 512-byte sectors whatever the device's block size,
   * {@code queue/rotational} is 1 or 0. Null for loop, ram and zram devices, which hold no benchmark data.
   */
  public static Environment.Disk parseDisk(String name, String size, String rotational, String model) {
    if (name == null || name.startsWith("loop") || name.startsWith("ram") || name.startsWith("zram")) {
      return null;
    }
    Long bytes = null;
    try {
      bytes = size == null ? null : Long.parseLong(size.trim()) * 512;
    } catch (NumberFormatException e) {
      // an unreadable size stays unknown
    }
    String r = trimToNull(rotational);
    Boolean spinning = "1".equals(r) ? Boolean.TRUE : "0".equals(r) ? Boolean.FALSE : null;
    return new Environment.Disk(name, trimToNull(model), bytes, spinning);
  }

  private static List<Environment.Disk> disks(Path sysBlock) throws IOException {
    List<Environment.Disk> disks = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(sysBlock)) {
      for (Path dev : dir) {
        String name = dev.getFileName().toString();
        Environment.Disk d = parseDisk(name, readOrNull(dev.resolve("size")),
            readOrNull(dev.resolve("queue/rotational")), readOrNull(dev.resolve("device/model")));
        if (d != null) {
          disks.add(d);
        }
      }
    }
    disks.sort(Comparator.comparing(Environment.Disk::name));
    return disks;
  }

  private static List<Environment.Cache> caches(Path cacheDir) throws IOException {
    List<Environment.Cache> caches = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(cacheDir, "index*")) {
      for (Path index : dir) {
        String name = cacheName(readOrNull(index.resolve("level")), readOrNull(index.resolve("type")));
        if (name != null) {
          caches.add(new Environment.Cache(name, parseCacheSize(readOrNull(index.resolve("size")))));
        }
      }
    }
    // L1d, L1i, L2, L3: the order people write them in.
    caches.sort(Comparator.comparing(Environment.Cache::name));
    return caches.isEmpty() ? null : caches;
  }

  private static String hostname(Path root) {
    // The kernel's name first: /etc/hostname may be absent in containers, and a DNS lookup could hang the run.
    String h = orNull(() -> trimToNull(read(root.resolve("proc/sys/kernel/hostname"))));
    return h != null ? h : orNull(() -> trimToNull(read(root.resolve("etc/hostname"))));
  }

  private static String osFromJvm() {
    String name = System.getProperty("os.name");
    String version = System.getProperty("os.version");
    return name == null ? null : version == null ? name : name + " " + version;
  }

  private static String jvm() {
    String vendor = System.getProperty("java.vm.vendor");
    String name = System.getProperty("java.vm.name");
    String version = System.getProperty("java.runtime.version", System.getProperty("java.vm.version"));
    String jvm = Stream.of(vendor, name, version).filter(s -> s != null && !s.isBlank())
        .collect(Collectors.joining(" "));
    return jvm.isEmpty() ? null : jvm;
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  private static String readOrNull(Path file) {
    return orNull(() -> read(file));
  }

  /** A throwing read, as a supplier for {@link #orNull}. */
  @FunctionalInterface
  private interface Read<T> {
    T get() throws Exception;
  }

  /** The value, or null when reading it failed in any way: the probe never stops a run. */
  private static <T> T orNull(Read<T> read) {
    try {
      return read.get();
    } catch (Exception | LinkageError e) {
      return null;
    }
  }

  private static String trimToNull(String s) {
    if (s == null) {
      return null;
    }
    String t = s.trim();
    return t.isEmpty() ? null : t;
  }
}
