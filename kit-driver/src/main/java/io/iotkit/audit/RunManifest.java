package io.iotkit.audit;

import io.iotkit.check.FileManifest;
import io.iotkit.model.KitLayout;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The SHA-256 of every file of a run folder, written once everything else is, with the release identity of the kit
 * that made the run and the digest of that kit's own manifest. The file is {@code sha256sum} text with two comment
 * lines on top, so an auditor can check it with standard tools as well as with {@code verify}.
 *
 * @param kitRelease the release identity of the kit that made the run (see KitRelease)
 * @param kitManifestDigest SHA-256 of that kit's audit/kit-files.sha256, or "none" when it had none
 * @param files every file's digest by its path in the folder ('/'-separated), sorted; the manifest is not among them
 */
public record RunManifest(String kitRelease, String kitManifestDigest, Map<String, String> files) {
  public static final String FILE = "run-files.sha256";
  private static final String RELEASE = "# kit release: ";
  private static final String KIT_MANIFEST = "# kit manifest (audit/kit-files.sha256): ";

  /** The folder as it is now, digested, for the kit that made it. */
  public static RunManifest of(Path runDir, String kitRelease, KitLayout kit) throws IOException {
    return new RunManifest(kitRelease, kitManifestDigest(kit), digests(runDir));
  }

  /** SHA-256 of the kit's own manifest, or "none" when the kit has none. */
  public static String kitManifestDigest(KitLayout kit) throws IOException {
    return Files.isRegularFile(kit.manifest()) ? FileManifest.sha256(kit.manifest()) : "none";
  }

  /** Writes the manifest into the folder it describes. */
  public void write(Path runDir) throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append(RELEASE).append(kitRelease).append('\n');
    sb.append(KIT_MANIFEST).append(kitManifestDigest).append('\n');
    files.forEach((f, hex) -> sb.append(hex).append("  ").append(f).append('\n'));
    RunFolder.of(runDir).writeAtomically(FILE, sb.toString());
  }

  /** The folder's manifest; empty when it has none. */
  public static Optional<RunManifest> read(Path runDir) throws IOException {
    Path file = runDir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    String release = null;
    String kitDigest = null;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.startsWith(RELEASE)) {
        release = line.substring(RELEASE.length());
      } else if (line.startsWith(KIT_MANIFEST)) {
        kitDigest = line.substring(KIT_MANIFEST.length());
      }
    }
    if (release == null || kitDigest == null) {
      throw new IOException(file + " lacks its kit release or kit manifest line");
    }
    return Optional.of(new RunManifest(release, kitDigest, FileManifest.read(file)));
  }

  /** The same manifest over the folder's files as they are now: what a re-rendered report leaves. */
  public RunManifest redigested(Path runDir) throws IOException {
    return new RunManifest(kitRelease, kitManifestDigest, digests(runDir));
  }

  /** Each file changed, missing or added since the manifest was written, one discrepancy each. */
  public List<Discrepancy> differences(Path runDir) throws IOException {
    return differences(runDir, Set.of());
  }

  /** The same, but the files named in {@code mayBeMissing} may be missing (a report makes them again). */
  public List<Discrepancy> differences(Path runDir, Set<String> mayBeMissing) throws IOException {
    Map<String, String> now = digests(runDir);
    List<Discrepancy> found = new ArrayList<>();
    for (var e : files.entrySet()) {
      String hex = now.get(e.getKey());
      if (hex == null && mayBeMissing.contains(e.getKey())) {
        continue;
      }
      if (hex == null) {
        found.add(new Discrepancy("file " + e.getKey(), "missing (the manifest lists it)"));
      } else if (!hex.equals(e.getValue())) {
        found.add(new Discrepancy("file " + e.getKey(), "changed since the run (SHA-256 " + hex.substring(0, 12)
            + "..., the manifest says " + e.getValue().substring(0, 12) + "...)"));
      }
    }
    for (String f : now.keySet()) {
      if (!files.containsKey(f)) {
        found.add(new Discrepancy("file " + f, "added since the run (not in the manifest)"));
      }
    }
    return found;
  }

  private static Map<String, String> digests(Path runDir) throws IOException {
    TreeSet<String> names = new TreeSet<>();
    try (Stream<Path> all = Files.walk(runDir)) {
      all.filter(Files::isRegularFile).map(p -> runDir.relativize(p).toString().replace('\\', '/'))
          .filter(f -> !f.equals(FILE) && !f.equals("." + FILE + ".tmp")).forEach(names::add);
    }
    Map<String, String> digests = new LinkedHashMap<>();
    for (String f : names) {
      digests.put(f, FileManifest.sha256(runDir.resolve(f)));
    }
    return digests;
  }
}
