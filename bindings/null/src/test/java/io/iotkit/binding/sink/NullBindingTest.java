package io.iotkit.binding.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
    assertEquals(Status.OK, a.insert("iot", "k", Map.of("value", new StringByteIterator("1.5"),
        "padding", new ByteArrayByteIterator(padding))));
    padding[999] = 1; // one byte at the very end differs
    assertEquals(Status.OK, b.insert("iot", "k", Map.of("value", new StringByteIterator("1.5"),
        "padding", new ByteArrayByteIterator(padding))));
    assertNotEquals(a.checksum(), b.checksum(), "the last byte was read");
    assertEquals(0, a.countReadings(java.util.List.of("s")));
    assertEquals(0, a.replication().factor());
  }

  @Test
  void everyPositionOfKeyAndValuesCounts() {
    // 1,003 bytes: whole 8-byte words and a tail of 3, both read
    long zeros = checksum("k0", new byte[1_003]);
    for (int at = 0; at < 1_003; at++) {
      byte[] padding = new byte[1_003];
      padding[at] = 1;
      assertNotEquals(zeros, checksum("k0", padding), "byte " + at);
    }
    assertNotEquals(zeros, checksum("k1", new byte[1_003]), "the key");
  }

  private static long checksum(String key, byte[] padding) {
    NullBinding sink = new NullBinding();
    sink.insert("iot", key, Map.of("padding", new ByteArrayByteIterator(padding)));
    return sink.checksum();
  }
}
