package io.iotkit.model;

/**
 * One workload execution second by second, over all instances: element {@code i} of every array covers
 * [TS_start + i·interval, TS_start + (i+1)·interval). Query latencies are of queries that ended in that second.
 *
 * @param intervalMillis length of one element (1000)
 * @param kvps kvps acknowledged in each interval
 * @param queries dashboard queries completed in each interval
 * @param queryP50Ms median query latency in each interval, 0 where there was no query
 * @param queryP99Ms 99th percentile query latency in each interval, 0 where there was no query
 * @param queryMaxMs highest query latency in each interval, 0 where there was no query
 */
public record PhaseSeries(int intervalMillis, long[] kvps, long[] queries, double[] queryP50Ms, double[] queryP99Ms,
                          double[] queryMaxMs) {

  public static PhaseSeries empty() {
    return new PhaseSeries(1000, new long[0], new long[0], new double[0], new double[0], new double[0]);
  }

  /** Number of intervals. */
  public int length() {
    return kvps.length;
  }
}
