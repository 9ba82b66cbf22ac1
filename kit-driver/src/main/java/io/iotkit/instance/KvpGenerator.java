package io.iotkit.instance;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.model.WorkloadSpec;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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
  private static final long MAX_MICROS = 10_000_000_000_000_000L;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final String substation;
  private final Sensor[] sensors;
  /** Per sensor: its key prefix followed by room for the timestamp's digits, rewritten for each reading. */
  private final byte[][] keys;
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
    this.keys = new byte[this.sensors.length][];
    for (int i = 0; i < this.sensors.length; i++) {
      byte[] prefix = ReadingFormat.sensorPrefix(substation, this.sensors[i].key()).getBytes(StandardCharsets.UTF_8);
      keys[i] = Arrays.copyOf(prefix, prefix.length + ReadingFormat.TIMESTAMP_DIGITS);
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
    String key = key(keys[i], micros);
    String value = sensor.type().sample(rng);
    String unit = sensor.type().unit();
    byte[] padding = new byte[WorkloadSpec.KVP_BYTES - key.length() - value.length() - unit.length()];
    fillRandomText(padding);
    return new Kvp(key, sensor, micros, value, unit, padding);
  }

  /**
   * The key {@link ReadingFormat#key} makes, written into the sensor's buffer and copied into one string: no
   * intermediate strings per reading. Substation and sensor keys are ASCII, so a byte is a character.
   */
  private static String key(byte[] buffer, long micros) {
    if (micros < 0 || micros >= MAX_MICROS) {
      throw new IllegalArgumentException("timestamp " + micros + " does not fit " + ReadingFormat.TIMESTAMP_DIGITS
          + " digits");
    }
    long rest = micros;
    for (int at = buffer.length - 1, end = buffer.length - ReadingFormat.TIMESTAMP_DIGITS; at >= end; at--) {
      buffer[at] = (byte) ('0' + rest % 10);
      rest /= 10;
    }
    return new String(buffer, StandardCharsets.ISO_8859_1);
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
