package io.iotkit.instance;

import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.model.KvpSize;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * Generates the readings of one insert thread: its sensors in turn, each reading stamped with real time: when it
 * was generated, or, in a paced run, when it was due, so that a reader's end-to-end latency and the writer's
 * ingest latency run from the same instant.
 *
 * <p>Keys are unique and sort by time within a sensor: a sensor's timestamp is the wall clock in microseconds,
 * moved one microsecond past the sensor's previous reading when the clock has not advanced. Each sensor has
 * one writing thread, so this needs no coordination.
 */
final class KvpGenerator {
  private final String substation;
  private final Sensor[] sensors;
  /** Per sensor: characters of its readings' keys. */
  private final int[] keyLengths;
  private final long[] lastMicros;
  private final SplittableRandom rng;
  private final RandomText paddingText;
  private final LongSupplier clockMicros;
  /** Bytes of the kvps: the padding fills key, value and unit up to one size, or up to one drawn per reading. */
  private final KvpSize size;
  private int next;

  KvpGenerator(String substation, List<Sensor> sensors, long seed, LongSupplier clockMicros) {
    this(substation, sensors, seed, clockMicros, KvpSize.COMPLIANT);
  }

  /** @param size bytes of the kvps, at least {@link KvpSizes#minimumBytes} for this substation's key */
  KvpGenerator(String substation, List<Sensor> sensors, long seed, LongSupplier clockMicros, KvpSize size) {
    if (sensors.isEmpty()) {
      throw new IllegalArgumentException("a generator needs at least one sensor");
    }
    String problem = KvpSizes.problem(size, substation.length());
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    this.size = size;
    this.substation = substation;
    this.sensors = sensors.toArray(new Sensor[0]);
    this.keyLengths = new int[this.sensors.length];
    for (int i = 0; i < this.sensors.length; i++) {
      keyLengths[i] = ReadingFormat.keyLength(substation, this.sensors[i].key());
    }
    this.lastMicros = new long[this.sensors.length];
    this.rng = new SplittableRandom(seed);
    this.paddingText = new RandomText(size.max(), rng.split());
    this.clockMicros = clockMicros;
  }

  String substation() {
    return substation;
  }

  Reading next() {
    return next(0);
  }

  /** The next reading, stamped {@code lateMicros} before now: when a paced schedule wanted it. */
  Reading next(long lateMicros) {
    int i = next;
    next = (i + 1) % sensors.length;
    Sensor sensor = sensors[i];
    long micros = Math.max(clockMicros.getAsLong() - Math.max(0, lateMicros), lastMicros[i] + 1);
    lastMicros[i] = micros;
    String value = sensor.type().sample(rng);
    String unit = sensor.type().unit();
    // a fixed size draws nothing, so its readings stay what they were before sizes could vary
    int bytes = size.fixed() ? size.min() : rng.nextInt(size.min(), size.max() + 1);
    byte[] padding = new byte[bytes - keyLengths[i] - value.length() - unit.length()];
    paddingText.fill(padding);
    return new Reading(substation, sensor.key(), micros, value, unit, padding);
  }
}
