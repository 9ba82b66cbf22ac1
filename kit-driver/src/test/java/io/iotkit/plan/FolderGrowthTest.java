package io.iotkit.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderGrowthTest {
  private static final long MB = 1 << 20;

  /** A preallocated index is long but holds little: the disk it takes is what counts, not its length. */
  @Test
  void aSparseFileCountsTheBlocksItHoldsNotItsLength(@TempDir Path dir) throws IOException {
    try (RandomAccessFile index = new RandomAccessFile(dir.resolve("sparse.index").toFile(), "rw")) {
      index.setLength(512 * MB);
    }
    byte[] data = new byte[(int) (4 * MB)];
    new Random(1).nextBytes(data);
    Files.write(dir.resolve("segment.log"), data);
    long size = FolderGrowth.size(dir);
    assertTrue(size >= 4 * MB && size < 8 * MB, "4 MB written and 512 MB of hole: " + size + " B");
  }

  @Test
  void growthIsThePeakOverTheBaseline(@TempDir Path dir) throws IOException {
    Files.write(dir.resolve("before"), new byte[(int) MB]);
    FolderGrowth g = FolderGrowth.start(dir);
    Files.write(dir.resolve("during"), new byte[(int) (2 * MB)]);
    long grown = g.stop();
    assertTrue(grown >= 2 * MB && grown < 3 * MB, "2 MB written during: " + grown + " B");
  }

  @Test
  void aMissingFolderHoldsNothing(@TempDir Path dir) {
    assertEquals(0, FolderGrowth.size(dir.resolve("absent")));
  }
}
