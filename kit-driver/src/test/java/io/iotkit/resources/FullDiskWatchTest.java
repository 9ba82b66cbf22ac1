package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FullDiskWatchTest {
  private static final Path SUT = Path.of("/r/sut");
  private final Map<Path, DiskUsage.Full> fullNow = new HashMap<>();
  private final FullDiskWatch watch = new FullDiskWatch(folder -> Optional.ofNullable(fullNow.get(folder)));

  @Test
  void aDiskFullNowIsNamedAsFull() {
    fullNow.put(SUT, new DiskUsage.Full(SUT, 0, 300L << 20, -1));
    assertEquals(Optional.of("the disk of /r/sut is full (0 B free of 300.0 MiB)"), watch.full(SUT));
  }

  @Test
  void aDiskSeenFullIsNamedAfterItWasFreed() {
    watch.watch(SUT);
    watch.lookOnce();
    fullNow.put(SUT, new DiskUsage.Full(SUT, 1 << 10, 300L << 20, 299L << 20));
    watch.lookOnce();
    fullNow.remove(SUT); // the store's cleaners freed space before the run ended
    watch.lookOnce();
    String line = watch.full(SUT).orElseThrow();
    assertTrue(line.matches("the disk of /r/sut was full at \\d\\d:\\d\\d:\\d\\d "
        + "\\(1\\.0 KiB free of 300\\.0 MiB, 299\\.0 MiB of it in that folder\\)"), line);
  }

  @Test
  void aWatchedDiskUnderItsLastPercentIsNamedWhileItStillHasRoom() {
    watch.watch(SUT);
    assertEquals(Optional.empty(), watch.runningOut());
    fullNow.put(SUT, new DiskUsage.Full(SUT, 2L << 30, 250L << 30, 70L << 30));
    assertEquals(Optional.of("the disk of /r/sut has under 1% free (2.0 GiB free of 250.0 GiB, 70.0 GiB of it in"
        + " that folder)"), watch.runningOut());
    fullNow.put(SUT, new DiskUsage.Full(SUT, 1 << 20, 250L << 30, 70L << 30));
    assertTrue(watch.runningOut().orElseThrow().startsWith("the disk of /r/sut is full (1.0 MiB free"));
  }

  @Test
  void aDiskNeverSeenFullIsNotNamed() {
    watch.watch(SUT);
    watch.lookOnce();
    assertEquals(Optional.empty(), watch.full(SUT));
  }
}
