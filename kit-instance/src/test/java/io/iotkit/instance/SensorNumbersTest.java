package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.binding.SensorNumbers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bindings number sensors with kit-api's SensorNumbers: it must number the driver's catalog 0..199 in order. */
class SensorNumbersTest {

  @Test
  void numbersTheCatalogInOrder() {
    List<Sensor> sensors = SensorCatalog.sensors();
    assertEquals(SensorNumbers.COUNT, sensors.size());
    for (int i = 0; i < sensors.size(); i++) {
      assertEquals(i, SensorNumbers.number(sensors.get(i).key()), sensors.get(i).key());
      assertEquals(sensors.get(i).key(), SensorNumbers.names().get(i));
    }
    assertEquals(SensorNumbers.COUNT, SensorNumbers.names().size());
    assertEquals(-1, SensorNumbers.number("x1"));
  }
}
