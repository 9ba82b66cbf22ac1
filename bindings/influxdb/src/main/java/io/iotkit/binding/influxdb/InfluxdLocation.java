package io.iotkit.binding.influxdb;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Where the local server's influxd is: {@code influxdb.local.influxd} if set, else the first {@code influxd} on
 * the PATH, else Debian's /usr/bin/influxd. The kit looks before it starts anything, so a machine without it gets
 * one line saying what to install.
 */
final class InfluxdLocation {
  static final String INSTALL = "install Debian's influxdb package: apt-get install influxdb";
  private static final Path DEBIAN = Path.of("/usr/bin/influxd");

  private InfluxdLocation() {
  }

  /** @throws IllegalArgumentException (one line) when there is no influxd to run */
  static Path find(Properties properties) {
    return find(properties, System.getenv("PATH"));
  }

  static Path find(Properties properties, String path) {
    Optional<String> given = new PropertyReader(properties).optional(InfluxSettings.LOCAL_INFLUXD);
    if (given.isPresent()) {
      Path p = Path.of(given.get());
      if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
        throw new BadPropertyException(InfluxSettings.LOCAL_INFLUXD + " '" + given.get() + "' is not an executable"
            + " file");
      }
      return p;
    }
    List<Path> candidates = new ArrayList<>();
    for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
      if (!dir.isBlank()) {
        candidates.add(Path.of(dir, "influxd"));
      }
    }
    candidates.add(DEBIAN);
    return candidates.stream().filter(p -> Files.isRegularFile(p) && Files.isExecutable(p)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("influxdb: influxd is not on this machine (not on the PATH,"
            + " not " + DEBIAN + "); " + INSTALL + ", or set " + InfluxSettings.URL + " to a server of your own"));
  }
}
