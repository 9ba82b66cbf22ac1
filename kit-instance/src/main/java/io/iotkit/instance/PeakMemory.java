package io.iotkit.instance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** This JVM's peak resident memory, as Linux counts it (VmHWM), so runs say what an instance really needs. */
final class PeakMemory {
  private static final Pattern HWM = Pattern.compile("(?m)^VmHWM:\\s+(\\d+)\\s*kB");

  private PeakMemory() {
  }

  /** Bytes, or null where /proc/self/status is not there to say. */
  static Long residentBytes() {
    try {
      Matcher m = HWM.matcher(Files.readString(Path.of("/proc/self/status")));
      return m.find() ? Long.parseLong(m.group(1)) * 1024 : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
