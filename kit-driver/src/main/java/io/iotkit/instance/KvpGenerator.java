package io.iotkit.instance;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.model.WorkloadSpec;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * Generates the readings of one insert thread: its sensors in turn, each reading stamped with real time.
 *
 * <p>Keys are unique and sort by time within a sensor: a sensor's timestamp is the wall clock in microseconds,
 * moved one microsecond past the sensor's previous reading when the clock has not advanced. Each sensor has
 * one writing thread, so this needs no coordination.
 */
final class KvpGenerator {
  /** Writes 8 padding bytes at once; generation must never be the benchmark's bottleneck. */
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final String substation;
  private final Sensor[] sensors;
  private final String[] sensorPrefixes;
  private final long[] lastMicros;
  private final SplittableRandom rng;
  private final LongSupplier clockMicros;
  private int next;

  KvpGenerator(String substation, List<Sensor> sensors, long seed, LongSupplier clockMicros) {
    if (sensors.isEmpty()) {
      throw new IllegalArgumentException("a generator needs at least one sensor");
    }
    this.substation = substation;
    this.sensors = sensors.toArray(new Sensor[0]);
    this.sensorPrefixes = new String[this.sensors.length];
    for (int i = 0; i < this.sensors.length; i++) {
      sensorPrefixes[i] = ReadingFormat.sensorPrefix(substation, this.sensors[i].key());
    }
    this.lastMicros = new long[this.sensors.length];
    this.rng = new SplittableRandom(seed);
    this.clockMicros = clockMicros;
  }

  String substation() {
    return substation;
  }

  Kvp next() {
    int i = next;
    next = (i + 1) % sensors.length;
    Sensor sensor = sensors[i];
    long micros = Math.max(clockMicros.getAsLong(), lastMicros[i] + 1);
    lastMicros[i] = micros;
    String key = sensorPrefixes[i] + ReadingFormat.timestamp(micros);
    String value = sensor.type().sample(rng);
    String unit = sensor.type().unit();
    byte[] padding = new byte[WorkloadSpec.KVP_BYTES - key.length() - value.length() - unit.length()];
    fillRandomText(padding);
    return new Kvp(key, sensor, micros, value, unit, padding);
  }

  /**
   * Random printable text: each byte is 6 random bits plus '0' (0x30..0x6F), so the padding is text yet
   * incompressible (6 bits of entropy per byte). Eight bytes come from one 64-bit draw.
   */
  private void fillRandomText(byte[] out) {
    int i = 0;
    for (; i + 8 <= out.length; i += 8) {
      LONGS.set(out, i, (rng.nextLong() & 0x3F3F3F3F3F3F3F3FL) + 0x3030303030303030L);
    }
    long bits = rng.nextLong();
    for (; i < out.length; i++, bits >>>= 8) {
      out[i] = (byte) ((bits & 0x3F) + 0x30);
    }
  }
}
