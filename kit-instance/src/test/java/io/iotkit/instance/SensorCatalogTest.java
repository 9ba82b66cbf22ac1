package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SensorCatalogTest {

  @Test
  void twoHundredSensorsWithUniqueValidKeys() {
    List<Sensor> sensors = SensorCatalog.sensors();
    assertEquals(200, sensors.size());
    assertEquals(WorkloadSpec.SENSORS_PER_SUBSTATION, sensors.size());
    Set<String> keys = new HashSet<>();
    for (Sensor s : sensors) {
      assertTrue(keys.add(s.key()), "duplicate " + s.key());
      assertTrue(s.key().length() >= 1 && s.key().length() <= 64, s.key());
      assertFalse(s.key().contains(":"), s.key());
    }
  }

  @Test
  void twentyTypesOfTenSensorsWithPlausibleRanges() {
    Map<SensorType, Integer> perType = new HashMap<>();
    for (Sensor s : SensorCatalog.sensors()) {
      perType.merge(s.type(), 1, Integer::sum);
      SensorType t = s.type();
      assertTrue(t.min() < t.max(), t.key());
      assertTrue(t.unit().length() >= 4 && t.unit().length() <= 34, t.unit());
    }
    assertEquals(20, perType.size());
    perType.values().forEach(n -> assertEquals(10, n));
  }

  @Test
  void threadsPartitionTheSensors() {
    for (int threads : new int[] {1, 3, 7, 10, 200}) {
      List<Sensor> all = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        List<Sensor> mine = SensorCatalog.forThread(t, threads);
        assertFalse(mine.isEmpty(), "thread " + t + " of " + threads);
        all.addAll(mine);
      }
      assertEquals(200, all.size(), threads + " threads");
      assertEquals(new HashSet<>(SensorCatalog.sensors()), new HashSet<>(all), threads + " threads");
    }
  }

  @Test
  void tenThreadsGetTwentySensorsEach() {
    for (int t = 0; t < 10; t++) {
      assertEquals(20, SensorCatalog.forThread(t, 10).size());
    }
  }
}
