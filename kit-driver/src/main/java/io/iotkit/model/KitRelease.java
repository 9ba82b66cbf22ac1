package io.iotkit.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The kit's release identity: its version, built into the driver's jar, and the commit it was built from, which
 * the build writes beside the jars ({@value #COMMIT_FILE}) rather than into them, so that the jars' digests in
 * audit/kit-files.sha256 stay the same for every commit of one release.
 *
 * @param version  the kit's version, e.g. 0.1.0
 * @param commit   the full id of the commit built, or {@code unknown} when the kit was built outside a git checkout
 * @param modified whether the checkout had changes not committed when it was built
 */
public record KitRelease(String version, String commit, boolean modified) {
  /** Where the build writes the commit, relative to the kit's home. */
  public static final String COMMIT_FILE = "kit-driver/target/kit-release.properties";
  private static final String UNKNOWN = "unknown";

  /** The release of the kit at {@code home}: the version in this jar, the commit its build recorded. */
  public static KitRelease of(Path home) {
    Properties v = new Properties();
    try (InputStream in = KitRelease.class.getResourceAsStream("/io/iotkit/kit-version.properties")) {
      if (in != null) {
        v.load(in);
      }
    } catch (IOException e) {
      // an unreadable resource leaves the version unknown, which every document then shows
    }
    Properties git = new Properties();
    Path file = home.resolve(COMMIT_FILE);
    if (Files.isRegularFile(file)) {
      try (Reader in = Files.newBufferedReader(file)) {
        git.load(in);
      } catch (IOException e) {
        // the same: the commit shows as unknown
      }
    }
    return new KitRelease(v.getProperty("version", UNKNOWN), git.getProperty("git.commit.id", UNKNOWN),
        Boolean.parseBoolean(git.getProperty("git.dirty", "false")));
  }

  /** The identity as every document gives it, e.g. {@code 0.1.0 (commit 1f3c...)}. */
  public String text() {
    return version + " (commit " + commit + (modified ? ", with changes not committed" : "") + ")";
  }
}
