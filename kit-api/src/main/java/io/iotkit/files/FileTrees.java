package io.iotkit.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Deleting a folder with everything in it. */
public final class FileTrees {
  private FileTrees() {
  }

  /**
   * Deletes {@code dir} and everything below it, deepest first; nothing when it does not exist. An entry that
   * cannot be deleted stays, and so do the folders above it: callers that care check whether {@code dir} is gone.
   *
   * @return how many files (not folders) it deleted
   * @throws IOException when the tree cannot be listed
   */
  public static long delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return 0;
    }
    List<Path> deepestFirst;
    try (Stream<Path> walk = Files.walk(dir)) {
      deepestFirst = walk.sorted(Comparator.reverseOrder()).toList();
    }
    long files = 0;
    for (Path p : deepestFirst) {
      boolean file = Files.isRegularFile(p);
      try {
        Files.deleteIfExists(p);
        files += file ? 1 : 0;
      } catch (IOException e) {
        // left in place, as documented
      }
    }
    return files;
  }
}
