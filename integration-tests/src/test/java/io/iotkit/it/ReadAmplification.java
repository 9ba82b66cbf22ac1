package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.model.Latency;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.QueryReads;
import java.util.Map;

/** What a run's result says the store read to answer its queries, for bindings that read exact key ranges. */
final class ReadAmplification {
  private ReadAmplification() {
  }

  /**
   * Every template's reads were measured, and the store read each window's readings plus at most one row, the
   * one past the window's end where a key-range scan stops: the key range is exact.
   */
  static void assertExactRanges(PhaseResult p) {
    assertExactRanges(p, 0);
  }

  /**
   * As {@link #assertExactRanges(PhaseResult)}, for a store whose index scans also return the entries of rows
   * other sessions are still inserting (PostgreSQL counts them as returned, then finds them invisible): each
   * window may read up to {@code uncommittedPerWindow} such entries more.
   */
  static void assertExactRanges(PhaseResult p, int uncommittedPerWindow) {
    Map<Aggregate, QueryReads> reads = p.queryReads();
    assertEquals(p.readingsAggregated(), reads.values().stream().mapToLong(QueryReads::aggregated).sum(),
        "per template, the readings aggregated add up to the phase's");
    for (Aggregate t : Aggregate.values()) {
      QueryReads q = reads.get(t);
      long windows = 2 * Latency.queries(p, t).getTotalCount();
      assertTrue(q != null && q.measured(), t + ": reads measured: " + q);
      assertTrue(q.read() >= q.aggregated() && q.read() <= q.aggregated() + windows * (1 + uncommittedPerWindow),
          t + ": " + q + " over " + windows + " windows");
    }
  }
}
