package io.iotkit.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rate search's bracket against stores of known capacity: it ends with the capacity inside a bracket no wider
 * than its precision, or says why it could not.
 */
class RateSearchTest {
  private static final RateSearch SEARCH = new RateSearch(250, 0.05, 10, 30).validated();
  private static final int P = 2;

  /**
   * Runs the search on a store that achieves every offered rate up to {@code capacity} kvps/s per instance and
   * beyond it only its capacity, with ingest p99 {@code p99Ms} up to it and 2 s beyond it, where readings queue.
   */
  private static List<RateSearch.Probe> search(RateSearch s, long ceiling, long capacity, double p99Ms) {
    List<RateSearch.Probe> probes = new ArrayList<>();
    RateSearch.Bracket b = s.bracket(ceiling, probes);
    while (!b.ended()) {
      long rate = b.next().getAsLong();
      assertTrue(rate > b.low() && rate < b.high(), "each probe lies inside the bracket: " + rate + " in " + b);
      double offered = (double) rate * P;
      boolean holds = rate <= capacity;
      probes.add(new RateSearch.Probe(rate, offered, holds ? offered : (double) capacity * P,
          holds ? p99Ms : 2_000.0));
      b = s.bracket(ceiling, probes);
    }
    return probes;
  }

  @Test
  void aStoreThatHoldsItsCeilingNeedsOneProbe() {
    List<RateSearch.Probe> probes = search(SEARCH, 10_000, 10_000, 20);
    assertEquals(1, probes.size());
    assertEquals(9_500, probes.get(0).rate(), "just below the ceiling");
    RateSearch.Bracket b = SEARCH.bracket(10_000, probes);
    assertEquals(9_500, b.low());
    assertEquals(10_000, b.high());
    assertFalse(b.highProbed(), "the upper end is the unpaced ceiling");
    assertEquals("the highest rate that held ingest p99 within 250 ms: 19,000 kvps/s offered (9,500 per instance, P"
        + " = 2); above it, the unpaced run's ceiling: 20,000 (10,000 per instance); the search ended: the bracket is"
        + " within 5% of its upper end", b.describe(P, 250));
  }

  @Test
  void itConvergesOnACapacityWellBelowTheCeilingWithinItsPrecision() {
    for (long capacity : new long[] {1_200, 3_333, 4_999, 8_000}) {
      List<RateSearch.Probe> probes = search(SEARCH, 10_000, capacity, 20);
      RateSearch.Bracket b = SEARCH.bracket(10_000, probes);
      assertTrue(b.low() <= capacity && capacity < b.high(), capacity + " inside " + b);
      assertTrue(b.high() - b.low() <= 0.05 * b.high(), "within 5%: " + b);
      assertTrue(probes.size() <= 10, probes.size() + " probes");
      assertTrue(b.highProbed());
    }
  }

  @Test
  void aProbeOverTheLatencyLimitFailsEvenAtTheOfferedRate() {
    RateSearch.Probe slow = new RateSearch.Probe(1_000, 2_000, 2_000, 300.0);
    assertEquals("a second's ingest p99 reached 300.0 ms, over the limit", slow.failure(250));
    RateSearch.Probe behind = new RateSearch.Probe(1_000, 2_000, 1_800, 300.0);
    assertEquals("achieved 1,800 kvps/s, below 95% of offered; a second's ingest p99 reached 300.0 ms, over the"
        + " limit",
        behind.failure(250));
    assertFalse(new RateSearch.Probe(1_000, 2_000, 2_000, null).passes(250), "no p99 measured is no pass");
    assertTrue(new RateSearch.Probe(1_000, 2_000, 1_900, 250.0).passes(250), "95% and the limit itself pass");
    // a store whose p99 is over the limit at every rate: nothing passes
    RateSearch patient = new RateSearch(250, 0.05, 50, 30);
    List<RateSearch.Probe> probes = search(patient, 10_000, 10_000, 400);
    RateSearch.Bracket b = patient.bracket(10_000, probes);
    assertEquals(0, b.low());
    assertTrue(b.describe(P, 250).startsWith("no probed rate passed; the lowest that failed: 2 offered (1 per"
        + " instance)"), b.describe(P, 250));
    assertTrue(b.end().contains("no rate of 1 kvps/s per instance or more passed"), b.end());
  }

  @Test
  void itStopsAtItsProbeLimitWithTheBracketItHas() {
    RateSearch two = new RateSearch(250, 0.01, 2, 30);
    List<RateSearch.Probe> probes = search(two, 10_000, 2_000, 20);
    assertEquals(2, probes.size());
    RateSearch.Bracket b = two.bracket(10_000, probes);
    assertTrue(b.ended());
    assertEquals("it made its 2 probes; the bracket is wider than 1%", b.end());
  }

  @Test
  void aPassAboveAFailureIsNoiseTheBracketIgnores() {
    List<RateSearch.Probe> probes = List.of(new RateSearch.Probe(9_500, 19_000, 19_000, 20.0),
        new RateSearch.Probe(4_000, 8_000, 7_000, 20.0), new RateSearch.Probe(2_000, 4_000, 4_000, 20.0));
    RateSearch.Bracket b = SEARCH.bracket(10_000, probes);
    assertEquals(2_000, b.low());
    assertEquals(4_000, b.high());
    assertEquals(3_000, b.next().getAsLong());
  }

  @Test
  void badSettingsSayWhatIsWrong() {
    assertEquals("--ingest-p99-limit must be a time above 0, e.g. 250ms or 1s", assertThrows(
        IllegalArgumentException.class, () -> new RateSearch(0, 0.05, 8, 30).validated()).getMessage());
    assertEquals("--precision must be a percentage above 0 and below 100, e.g. 5", assertThrows(
        IllegalArgumentException.class, () -> new RateSearch(250, 1, 8, 30).validated()).getMessage());
    assertEquals("--max-probes takes 1 to 50 probes, not 0", assertThrows(
        IllegalArgumentException.class, () -> new RateSearch(250, 0.05, 0, 30).validated()).getMessage());
    assertEquals("--probe-seconds must be at least 20 (it was 15): a probe's first 10 s are its start, which the"
        + " limit does not judge", assertThrows(IllegalArgumentException.class,
            () -> new RateSearch(250, 0.05, 8, 15).validated()).getMessage());
    assertEquals("--find-rate --ingest-p99-limit 250ms --precision 5 --max-probes 10 --probe-seconds 30",
        SEARCH.describe());
    assertEquals("--find-rate --ingest-p99-limit 0.5ms --precision 2.5 --max-probes 8 --probe-seconds 30",
        new RateSearch(0.5, 0.025, 8, 30).describe());
  }
}
