package io.iotkit.binding.postgresql;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Where the local server's programs are: {@code postgresql.local.bin} if set, else Debian's
 * {@code /usr/lib/postgresql/<major>/bin}, the newest major that has postgres, initdb, pg_basebackup and
 * pg_isready. The kit looks before it starts anything, so a machine without
 * them gets one line saying what to install.
 */
final class PgServerLocation {
  static final String INSTALL = "install Debian's postgresql package: apt-get install postgresql";
  static final Path DEBIAN = Path.of("/usr/lib/postgresql");
  private static final List<String> PROGRAMS = List.of("postgres", "initdb", "pg_basebackup", "pg_isready");

  private PgServerLocation() {
  }

  /** @throws IllegalArgumentException (one line) when there is no PostgreSQL server to run */
  static Path find(Properties properties) {
    Optional<String> given = new PropertyReader(properties).optional(PgSettings.LOCAL_BIN);
    if (given.isPresent()) {
      Path bin = Path.of(given.get());
      if (!complete(bin)) {
        throw new BadPropertyException(PgSettings.LOCAL_BIN + " '" + given.get() + "' is not a folder with "
            + String.join(", ", PROGRAMS));
      }
      return bin;
    }
    return find(DEBIAN).orElseThrow(() -> new IllegalArgumentException("postgresql: no PostgreSQL server on this"
        + " machine (no " + DEBIAN + "/<version>/bin/postgres); " + INSTALL + ", or set " + PgSettings.HOST
        + " to a server of your own"));
  }

  static Optional<Path> find(Path root) {
    if (!Files.isDirectory(root)) {
      return Optional.empty();
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions.filter(v -> v.getFileName().toString().matches("\\d+"))
          .sorted(Comparator.comparingInt((Path v) -> Integer.parseInt(v.getFileName().toString())).reversed())
          .map(v -> v.resolve("bin"))
          .filter(PgServerLocation::complete)
          .findFirst();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static boolean complete(Path bin) {
    return PROGRAMS.stream().allMatch(p -> Files.isRegularFile(bin.resolve(p)) && Files.isExecutable(bin.resolve(p)));
  }
}
