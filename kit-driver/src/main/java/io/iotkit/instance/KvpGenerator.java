package io.iotkit.instance;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.model.WorkloadSpec;
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
  /** The first timestamp too long for the key's digits. */
  private static final long MAX_MICROS = 10_000_000_000_000_000L;

  private final String substation;
  private final Sensor[] sensors;
  /** Per sensor: its key prefix followed by room for the timestamp's digits, rewritten for each reading. */
  private final byte[][] keys;
  private final long[] lastMicros;
  private final SplittableRandom rng;
  private final RandomText paddingText;
  private final LongSupplier clockMicros;
  /** Bytes of every kvp: the padding fills key, value and unit up to this. */
  private final int kvpBytes;
  private int next;

  KvpGenerator(String substation, List<Sensor> sensors, long seed, LongSupplier clockMicros) {
    this(substation, sensors, seed, clockMicros, WorkloadSpec.KVP_BYTES);
  }

  /** @param kvpBytes bytes of each kvp, at least {@link KvpSizes#minimumBytes} for this substation's key */
  KvpGenerator(String substation, List<Sensor> sensors, long seed, LongSupplier clockMicros, int kvpBytes) {
    if (sensors.isEmpty()) {
      throw new IllegalArgumentException("a generator needs at least one sensor");
    }
    String problem = KvpSizes.problem(kvpBytes, substation.length());
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    this.kvpBytes = kvpBytes;
    this.substation = substation;
    this.sensors = sensors.toArray(new Sensor[0]);
    this.keys = new byte[this.sensors.length][];
    for (int i = 0; i < this.sensors.length; i++) {
      byte[] prefix = ReadingFormat.sensorPrefix(substation, this.sensors[i].key()).getBytes(StandardCharsets.UTF_8);
      keys[i] = Arrays.copyOf(prefix, prefix.length + ReadingFormat.TIMESTAMP_DIGITS);
    }
    this.lastMicros = new long[this.sensors.length];
    this.rng = new SplittableRandom(seed);
    this.paddingText = new RandomText(kvpBytes, rng.split());
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
    byte[] padding = new byte[kvpBytes - key.length() - value.length() - unit.length()];
    paddingText.fill(padding);
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
    // ReadingFormat.TIMESTAMP_DIGITS (16) as two halves of 8 digits: int division is cheaper than long
    int end = buffer.length;
    writeEightDigits(buffer, end - 8, (int) (micros % 100_000_000));
    writeEightDigits(buffer, end - 16, (int) (micros / 100_000_000));
    return new String(buffer, StandardCharsets.ISO_8859_1);
  }

  private static void writeEightDigits(byte[] buffer, int from, int value) {
    int rest = value;
    for (int at = from + 7; at >= from; at--) {
      buffer[at] = (byte) ('0' + rest % 10);
      rest /= 10;
    }
  }
}
