package io.iotkit.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.control.SecondFrame.TemplateSecond;
import io.iotkit.model.ResourceSecond;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ControlLineTest {

  @Test
  void numbersRoundTrip() {
    for (long n : new long[] {0, 42, 1_767_225_600_123_456L, Long.MAX_VALUE}) {
      ControlLine start = ControlLine.parse(ControlLine.format(ControlLine.START, n));
      assertTrue(start.is(ControlLine.START));
      assertEquals(n, start.number());
    }
    ControlLine start = ControlLine.parse(ControlLine.format(ControlLine.START, 5_000_000_000L));
    assertFalse(start.is(ControlLine.READY));
  }

  @Test
  void aSecondFrameRoundTrips() {
    Histogram inserts = new Histogram(3);
    inserts.recordValue(12);
    inserts.recordValue(40_000);
    Histogram queries = new Histogram(3);
    queries.recordValue(2_500);
    ResourceSecond used = new ResourceSecond(0.75, 0.125, 0.01, 3L << 30, 0, 1 << 20, 5_000, 7_000, 0.3,
        400L << 20, ResourceSecond.NOT_READABLE, ResourceSecond.NOT_READABLE);
    Map<Aggregate, TemplateSecond> templates = new EnumMap<>(Aggregate.class);
    for (Aggregate a : Aggregate.values()) {
      templates.put(a, TemplateSecond.none());
    }
    templates.put(Aggregate.AVG, new TemplateSecond(queries, 1_200));
    SecondFrame f = new SecondFrame(7, 1_767_225_608_000_000L, 31_415, 3, queries, inserts, templates, used);
    SecondFrame back = SecondFrame.parse(ControlLine.parse(f.toLine()));
    assertEquals(7, back.second());
    assertEquals(f.endMicros(), back.endMicros());
    assertEquals(31_415, back.acknowledged());
    assertEquals(3, back.failed());
    assertEquals(used, back.resources());
    assertEquals(queries, back.ingest());
    assertEquals(inserts, back.inserts());
    assertEquals(queries, back.queries().get(Aggregate.AVG).latency());
    assertEquals(1_200, back.queries().get(Aggregate.AVG).aggregated());
    assertEquals(0, back.queries().get(Aggregate.MAX).latency().getTotalCount());
    assertEquals(1, back.queryCount());
    assertEquals(queries, back.queryLatency());
    assertThrows(IllegalArgumentException.class, () -> SecondFrame.parse(ControlLine.parse("SECOND 1 2 3")));
    String oneTemplateShort = f.toLine().replaceFirst(";[^; ]+ ", " ");
    assertThrows(IllegalArgumentException.class, () -> SecondFrame.parse(ControlLine.parse(oneTemplateShort)));
    assertThrows(IllegalArgumentException.class, () -> new SecondFrame(1, 2, 3, 0, queries, inserts,
        Map.of(Aggregate.MAX, TemplateSecond.none()), used));
  }

  @Test
  void messagesWithSpacesRoundTrip() {
    String message = "cannot reach the store: connection refused (host a, port 2181)";
    ControlLine failed = ControlLine.parse(ControlLine.format(ControlLine.FAILED, message));
    assertEquals(new ControlLine(ControlLine.FAILED, message), failed);
  }

  @Test
  void bareVerbsAndSurroundingWhitespace() {
    assertEquals(new ControlLine(ControlLine.READY, ""), ControlLine.parse(ControlLine.READY));
    assertEquals(new ControlLine(ControlLine.DONE, ""), ControlLine.parse("  DONE \r"));
    assertEquals(new ControlLine(ControlLine.START, "17"), ControlLine.parse("START   17  "));
    assertEquals(17, ControlLine.parse("START   17  ").number());
  }

  @Test
  void aNonNumberIsNotANumber() {
    assertThrows(NumberFormatException.class, () -> ControlLine.parse("START soon").number());
    assertThrows(NumberFormatException.class, () -> ControlLine.parse("START").number());
  }
}
