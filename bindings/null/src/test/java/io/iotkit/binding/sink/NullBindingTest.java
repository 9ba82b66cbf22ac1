package io.iotkit.binding.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.iotkit.binding.AcknowledgementCount;
import io.iotkit.binding.Reading;
import java.util.Map;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

class NullBindingTest {

  @Test
  void readsEveryByteAndStoresNothing() {
    NullBinding a = new NullBinding();
    NullBinding b = new NullBinding();
    byte[] padding = new byte[1000];
    AcknowledgementCount answers = new AcknowledgementCount();
    a.write(new Reading("s", "x", 1, "1.5", "V", padding.clone()), answers);
    padding[999] = 1; // one byte at the very end differs
    b.write(new Reading("s", "x", 1, "1.5", "V", padding), answers);
    assertEquals(2, answers.acknowledgedCount(), "acknowledged at once");
    assertNotEquals(a.checksum(), b.checksum(), "the last byte was read");
    NullAdmin admin = new NullAdmin();
    assertEquals(Map.of("s", 0L), admin.countReadings(java.util.List.of("s")));
    assertEquals(0, admin.replication().factor());
  }

  @Test
  void everyPositionOfKeyAndValuesCounts() {
    // 1,003 bytes: whole 8-byte words and a tail of 3, both read
    long zeros = checksum("x", "1.5", new byte[1_003]);
    for (int at = 0; at < 1_003; at++) {
      byte[] padding = new byte[1_003];
      padding[at] = 1;
      assertNotEquals(zeros, checksum("x", "1.5", padding), "byte " + at);
    }
    assertNotEquals(zeros, checksum("y", "1.5", new byte[1_003]), "the sensor");
    assertNotEquals(zeros, checksum("x", "1.6", new byte[1_003]), "the value");
  }

  @Test
  void ycsbsInsertReadsEveryByteOfAnyRecord() {
    NullBinding a = new NullBinding();
    NullBinding b = new NullBinding();
    byte[] field = new byte[100];
    assertEquals(Status.OK, a.insert("usertable", "user1", Map.of("field0", new ByteArrayByteIterator(field.clone()))));
    field[99] = 1;
    assertEquals(Status.OK, b.insert("usertable", "user1", Map.of("field0", new ByteArrayByteIterator(field))));
    assertNotEquals(a.checksum(), b.checksum(), "the last byte of YCSB's field was read");
    assertEquals(Status.OK, a.insert("iot", "s:x:0000000000000001", Map.of("value", new StringByteIterator("1.5"))));
  }

  @Test
  void anAckRateSpacesTheAcknowledgements() {
    NullBinding capped = new NullBinding();
    java.util.Properties p = new java.util.Properties();
    p.setProperty(NullBinding.ACK_RATE, "1000");
    capped.setProperties(p);
    capped.init();
    AcknowledgementCount answers = new AcknowledgementCount();
    long start = System.nanoTime();
    for (int i = 0; i < 201; i++) {
      capped.write(new Reading("s", "x", i, "1.5", "V", new byte[10]), answers);
    }
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    assertEquals(201, answers.acknowledgedCount());
    // 200 intervals of 1 ms after the first acknowledgement: at most 1,000 a second, however fast the machine
    org.junit.jupiter.api.Assertions.assertTrue(elapsedMs >= 199, elapsedMs + " ms");
    p.setProperty(NullBinding.ACK_RATE, "-1");
    assertEquals("null.ack.rate", org.junit.jupiter.api.Assertions.assertThrows(
        io.iotkit.binding.settings.BadPropertyException.class, capped::init).getMessage().split(" ")[0]);
  }

  private static long checksum(String sensor, String value, byte[] padding) {
    NullBinding sink = new NullBinding();
    sink.write(new Reading("s", sensor, 1, value, "V", padding), new AcknowledgementCount());
    return sink.checksum();
  }
}
