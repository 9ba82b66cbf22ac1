package io.iotkit.instance;

import io.iotkit.binding.bench.PlainReading;

/**
 * Readings made by the kit's own generator as plain data, for a store's plain client loop in the kit's
 * benchmark: the reference then writes what the kit writes (the same sensors, values, units and padding sizes).
 */
public final class KitReadings {
  private KitReadings() {
  }

  /**
   * {@code size} readings of {@code substation}'s sensors in the order an instance generates them (sensor after
   * sensor), from a generator seeded with {@code seed}.
   */
  public static PlainReading[] pool(String substation, int size, long seed) {
    KvpGenerator generator = new KvpGenerator(substation, SensorCatalog.sensors(), seed, io.iotkit.model.Clock::micros);
    PlainReading[] pool = new PlainReading[size];
    for (int i = 0; i < size; i++) {
      io.iotkit.binding.Reading r = generator.next();
      pool[i] = new PlainReading(r.sensor(), r.value(), r.unit(), r.padding());
    }
    return pool;
  }
}
