package io.iotkit.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

  @Test
  void deletesTheFolderWithEverythingInIt(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("data");
    Files.createDirectories(dir.resolve("a/b"));
    Files.writeString(dir.resolve("one.txt"), "1");
    Files.writeString(dir.resolve("a/b/two.txt"), "2");
    assertEquals(2, FileTrees.delete(dir));
    assertFalse(Files.exists(dir));
    assertTrue(Files.exists(tmp), "only the folder itself goes");
  }

  @Test
  void aMissingFolderIsNothingToDo(@TempDir Path tmp) throws Exception {
    assertEquals(0, FileTrees.delete(tmp.resolve("absent")));
  }
}
