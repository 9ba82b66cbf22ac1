package io.iotkit.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class DiskRoomTest {
  private static final long GIB = 1L << 30;

  @Test
  void anIterationsReadingsAndTheirCopiesMustFit() {
    // 2 x 1,000,000 readings x 1,024 B x 3 copies = 5.72 GiB
    assertEquals(Optional.empty(), DiskRoom.shortfall(1_000_000, 1024, 3, 6 * GIB, "/r"));
    String why = DiskRoom.shortfall(1_000_000, 1024, 3, 5 * GIB, "/r").orElseThrow();
    assertTrue(why.startsWith("the local SUT needs at least 5.7 GiB for one iteration's readings (2 x K ="
        + " 2,000,000 readings x 1,024 B x 3 copies"), why);
    assertTrue(why.contains("only 5.0 GiB are free on the filesystem of /r"), why);
  }

  @Test
  void aStoreThatReportsNoCopiesStillKeepsOne() {
    assertTrue(DiskRoom.shortfall(1_000_000, 1024, 0, GIB, "/r").isPresent());
    assertEquals(Optional.empty(), DiskRoom.shortfall(1_000_000, 1024, 0, 2 * GIB, "/r"));
  }
}
