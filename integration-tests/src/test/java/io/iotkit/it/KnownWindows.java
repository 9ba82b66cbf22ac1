package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.AcknowledgementCount;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A store's window queries against readings of known values: five readings of one sensor in substation
 * {@link #SUB}, beside three neighbours no window of that sensor may include (two other sensors of the same
 * substation, whose names share its prefix, and the same sensor in {@link #OTHER}). Every template is checked
 * over the whole window, a window inside it (end excluded), an empty window and one that ends where the data
 * begins; each result's read is checked as the store promises.
 */
final class KnownWindows {
  static final String SUB = "agg-1-000";
  static final String OTHER = "agg-1-001";
  static final String SENSOR = "ltc-1";
  static final long T0 = 1_767_225_600_000_000L; // 2026-01-01, µs
  private static final double[] VALUES = {12.5, -3.25, 40.0, 7.75, 0.5};

  private KnownWindows() {
  }

  /** Writes the readings through a second binding object on the harness's server; all 8 must be acknowledged. */
  static void write(BindingHarness h) throws Exception {
    KitBinding writer = open(h);
    AcknowledgementCount answers = new AcknowledgementCount();
    for (int i = 0; i < VALUES.length; i++) {
      writer.write(reading(SUB, SENSOR, T0 + i * 1_000L, VALUES[i]), answers);
    }
    writer.write(reading(SUB, "ltc-10", T0 + 1_000, 999), answers);
    writer.write(reading(SUB, "ltc", T0 + 1_000, -999), answers);
    writer.write(reading(OTHER, SENSOR, T0 + 1_000, 999), answers);
    writer.flush();
    assertTrue(answers.await(8, Duration.ofSeconds(60)), "every reading answered");
    assertEquals(8, answers.acknowledgedCount(), "every reading acknowledged: " + answers.firstFailure());
    writer.cleanup();
  }

  /** Every known window, every template; {@code read} checks what each result says the store read. */
  static void assertAll(WindowQueries q, Consumer<WindowResult> read) throws Exception {
    // [t0, t0 + 5 ms) holds all five readings; [t0 + 1 ms, t0 + 4 ms) the middle three (end excluded).
    assertWindow(q, SUB, SENSOR, T0, T0 + 5_000, 5, 40.0, -3.25, (12.5 - 3.25 + 40 + 7.75 + 0.5) / 5, read);
    assertWindow(q, SUB, SENSOR, T0 + 1_000, T0 + 4_000, 3, 40.0, -3.25, (-3.25 + 40 + 7.75) / 3, read);
    WindowResult empty = q.aggregate(Aggregate.MAX, SUB, SENSOR, T0 + 5_000, T0 + 10_000);
    assertEquals(0, empty.count());
    assertTrue(Double.isNaN(empty.value()), "MAX of an empty window is NaN");
    read.accept(empty);
    WindowResult none = q.aggregate(Aggregate.COUNT, SUB, SENSOR, T0 - 10, T0);
    assertEquals(0, none.count());
    assertEquals(0, none.value());
    read.accept(none);
  }

  /** One window of known content: count and each template's value, and each result's read. */
  static void assertWindow(WindowQueries q, String sub, String sensor, long from, long to, long count, double max,
                           double min, double avg, Consumer<WindowResult> read) throws Exception {
    WindowResult x = q.aggregate(Aggregate.MAX, sub, sensor, from, to);
    assertEquals(count, x.count());
    assertEquals(max, x.value());
    read.accept(x);
    WindowResult n = q.aggregate(Aggregate.MIN, sub, sensor, from, to);
    assertEquals(count, n.count());
    assertEquals(min, n.value());
    read.accept(n);
    WindowResult a = q.aggregate(Aggregate.AVG, sub, sensor, from, to);
    assertEquals(count, a.count());
    assertEquals(avg, a.value(), 1e-9);
    read.accept(a);
    WindowResult c = q.aggregate(Aggregate.COUNT, sub, sensor, from, to);
    assertEquals(count, c.count());
    assertEquals(count, c.value());
    read.accept(c);
  }

  /**
   * A SQL store's read of a window: measured, and the window's rows plus at most the one row past its end where
   * the primary-key range scan stops, so the range is exact.
   */
  static void rangeScan(WindowResult w) {
    assertTrue(w.readMeasured(), "the rows the server read are measured");
    assertTrue(w.read() >= w.count() && w.read() <= w.count() + 1, "read " + w.read() + " for " + w.count());
  }

  static Reading reading(String substation, String sensor, long micros, double value) {
    return new Reading(substation, sensor, micros, Double.toString(value), "degC test",
        "x".repeat(900).getBytes(StandardCharsets.US_ASCII));
  }

  /** A second binding object on the harness's server, as an insert thread of a driver instance has. */
  static KitBinding open(BindingHarness h) throws Exception {
    KitBinding b = h.provider.newBinding();
    b.setProperties(h.properties);
    b.init();
    return b;
  }
}
