package io.iotkit.check;

import io.iotkit.model.CheckResult;
import io.iotkit.model.Figure;
import io.iotkit.model.KitLayout;
import io.iotkit.model.Limit;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The file check (docs/PROTOCOL.md §4.1): every non-changeable kit file against the manifest in audit/, both ways:
 * a changed or missing file fails it, and so does a file the manifest does not list (an extra jar can
 * shadow kit classes).
 */
public final class FileCheck {
  public static final String NAME = "file check (SHA-256 of kit files vs audit manifest)";
  /** The unit of the file check's figure: changed, missing and unlisted files together. */
  private static final String DIFFERING = "files differing";

  private FileCheck() {
  }

  /** The outcome, and the digests found on disk (for the run folder). */
  public record Outcome(CheckResult result, Map<String, String> digests) {
  }

  public static Outcome run(KitLayout kit) throws IOException {
    Map<String, String> actual = FileManifest.digest(kit.home(), kit.nonChangeableFiles());
    if (!Files.isRegularFile(kit.manifest())) {
      return new Outcome(CheckResult.of(NAME, Figure.text("no manifest at " + kit.home().relativize(kit.manifest())),
          Limit.exactly(0, DIFFERING, "all files match"), false, "the kit has no audit manifest; a release ships one (tpcx-iot.sh manifest)"),
          actual);
    }
    return new Outcome(compare(NAME, FileManifest.read(kit.manifest()), actual,
        "kit files differ from the released kit; restore them, or rebuild the release and its manifest"), actual);
  }

  /**
   * The check of one set of digests against the manifest's entries for the same files, both ways; {@code why}
   * says what to do when they differ.
   */
  public static CheckResult compare(String name, Map<String, String> expected, Map<String, String> actual,
                                    String why) {
    List<String> changed = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<String> unlisted = new ArrayList<>();
    for (var e : expected.entrySet()) {
      String got = actual.get(e.getKey());
      if (got == null) {
        missing.add(e.getKey());
      } else if (!got.equals(e.getValue())) {
        changed.add(e.getKey());
      }
    }
    for (String f : new TreeSet<>(actual.keySet())) {
      if (!expected.containsKey(f)) {
        unlisted.add(f);
      }
    }
    boolean ok = changed.isEmpty() && missing.isEmpty() && unlisted.isEmpty();
    String measured = ok
        ? actual.size() + " of " + expected.size() + " files match"
        : describe("changed", changed) + describe("missing", missing) + describe("not in manifest", unlisted);
    int differing = changed.size() + missing.size() + unlisted.size();
    return CheckResult.measure(name, Figure.of(differing, DIFFERING, measured.trim()),
        Limit.exactly(0, DIFFERING, "all " + expected.size() + " files match"), why);
  }

  private static String describe(String what, List<String> files) {
    if (files.isEmpty()) {
      return "";
    }
    String shown = String.join(", ", files.subList(0, Math.min(3, files.size())));
    return files.size() + " " + what + " (" + shown + (files.size() > 3 ? ", ..." : "") + ") ";
  }
}
