package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class KvpTest {

  @Test
  void sizeCountsKeyValueUnitAndPadding() {
    SensorType type = new SensorType("t", "volt", 0, 1, 0);
    Kvp kvp = new Kvp("s:t-01:0000000000000001", new Sensor("t-01", type), 1, "12.5", "volt", new byte[100]);
    assertEquals(23 + 4 + 4 + 100, kvp.size());
  }
}
