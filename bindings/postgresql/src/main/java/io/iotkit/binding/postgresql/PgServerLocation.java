package io.iotkit.binding.postgresql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the local server's programs are: Debian's {@code /usr/lib/postgresql/<major>/bin}, the newest major
 * that has postgres, initdb and pg_basebackup. The kit looks before it starts anything, so a machine without
 * them gets one line saying what to install.
 */
final class PgServerLocation {
  static final String INSTALL = "install Debian's postgresql package: apt-get install postgresql";
  static final Path DEBIAN = Path.of("/usr/lib/postgresql");

  private PgServerLocation() {
  }

  /** @throws IllegalArgumentException (one line) when there is no PostgreSQL server to run */
  static Path find() {
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
          .filter(bin -> Stream.of("postgres", "initdb", "pg_basebackup", "pg_isready")
              .allMatch(p -> Files.isExecutable(bin.resolve(p))))
          .findFirst();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
