package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskUsageTest {
  @Test
  void aFullDiskIsNamedWithWhatTheFolderHolds() {
    assertEquals("the disk of /r/sut is full (12.0 KiB free of 300.0 MiB, 299.6 MiB of it in that folder)",
        new DiskUsage.Full(Path.of("/r/sut"), 12 << 10, 300L << 20, 314_152_960L).line("is full"));
    assertEquals("the disk of /r is full (0 B free of 1.0 GiB)",
        new DiskUsage.Full(Path.of("/r"), 0, 1L << 30, -1).line("is full"));
  }

  @Test
  void aDiskWithRoomIsNotFull(@TempDir Path dir) {
    assertEquals(Optional.empty(), DiskUsage.fullNow(dir), "the build machine's temporary folder has room");
  }
}
