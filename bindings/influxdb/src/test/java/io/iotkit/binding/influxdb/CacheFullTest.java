package io.iotkit.binding.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Only the full cache's refusal is sent again; pauses double up to a second. */
class CacheFullTest {
  @Test
  void theFullCachesRefusalIsKnownByStatusAndText() {
    // the body influxd 1.6 answered in the kit's bench when its cache filled
    String full = "{\"error\":\"engine: cache-max-memory-size exceeded: (1074074399/1073741824)\"}";
    assertTrue(CacheFull.is(500, full));
    assertFalse(CacheFull.is(400, full), "another status is another refusal");
    assertFalse(CacheFull.is(500, "{\"error\":\"timeout\"}"));
    assertFalse(CacheFull.is(400, "{\"error\":\"partial write: field type conflict\"}"));
    assertFalse(CacheFull.is(500, null));
  }

  @Test
  void pausesDoubleUpToASecond() {
    assertEquals(40, CacheFull.nextPause(CacheFull.FIRST_PAUSE_MILLIS));
    assertEquals(1_000, CacheFull.nextPause(640));
    assertEquals(1_000, CacheFull.nextPause(1_000));
  }
}
