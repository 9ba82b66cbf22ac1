package io.iotkit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoundSizerTest {
  /** A side that does 10,000 operations a second, whatever it is asked. */
  private final List<Long> asked = new ArrayList<>();

  private RoundSizer.Span side(long ops) {
    asked.add(ops);
    return new RoundSizer.Span(ops / 10_000.0, new RoundSizer.Cpu(ops * 50_000, 0), null);
  }

  @Test
  void aRoundTooShortIsRunAgainLongerAndItsOperationsAreKeptAsDiscarded() throws Exception {
    RoundSizer sizer = new RoundSizer();
    BenchPart.Round first = sizer.spanned(4.0, this::side);
    // 10,000 operations take 1 s, less than half of the 4 s asked: run again with 40,000, which take 4 s
    assertEquals(List.of(10_000L, 40_000L), asked);
    assertEquals(40_000, first.operations());
    assertEquals(10_000, first.discardedOperations(), "what the short attempt wrote is in the store too");
    BenchPart.Round next = sizer.spanned(4.0, this::side);
    assertEquals(40_000, next.operations());
    assertEquals(0, next.discardedOperations());
  }
}
