package io.iotkit.audit;

import io.iotkit.check.FileManifest;
import io.iotkit.model.KitLayout;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * One archive an auditor receives: every file of a run folder under the folder's name (its manifest among them), and
 * the kit's own manifest under {@code kit/}. Entries are in a fixed order with a fixed time, so the same folder
 * always makes the same archive, and its digest can be quoted.
 */
public final class AuditPackage {
  /** Zip entries cannot go before 1980; every entry carries this time so that the archive's digest is stable. */
  private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(1980, 1, 1, 0, 0);

  private AuditPackage() {
  }

  /** The archive written and its SHA-256. */
  public record Written(Path archive, String sha256, int files) {
  }

  /**
   * Writes the archive of a run folder whose manifest holds; the caller has checked that it does.
   *
   * @param archive where the archive goes (replaced whole if it exists)
   */
  public static Written write(Path runDir, RunManifest manifest, KitLayout kit, Path archive) throws IOException {
    String root = runDir.toAbsolutePath().normalize().getFileName().toString();
    Path tmp = archive.resolveSibling("." + archive.getFileName() + ".tmp");
    int files = 0;
    try (OutputStream out = Files.newOutputStream(tmp); ZipOutputStream zip = new ZipOutputStream(out)) {
      for (String f : manifest.files().keySet()) {
        add(zip, root + "/" + f, runDir.resolve(f));
        files++;
      }
      add(zip, root + "/" + RunManifest.FILE, runDir.resolve(RunManifest.FILE));
      files++;
      if (Files.isRegularFile(kit.manifest())) {
        add(zip, "kit/" + kit.home().relativize(kit.manifest()).toString().replace('\\', '/'), kit.manifest());
        files++;
      }
    }
    Files.move(tmp, archive, StandardCopyOption.REPLACE_EXISTING);
    return new Written(archive, FileManifest.sha256(archive), files);
  }

  private static void add(ZipOutputStream zip, String name, Path file) throws IOException {
    ZipEntry e = new ZipEntry(name);
    e.setTimeLocal(ENTRY_TIME);
    zip.putNextEntry(e);
    Files.copy(file, zip);
    zip.closeEntry();
  }
}
