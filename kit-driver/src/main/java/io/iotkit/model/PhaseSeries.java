package io.iotkit.model;

/**
 * One workload execution second by second, over all instances: element {@code i} of every array covers
 * [TS_start + i·interval, TS_start + (i+1)·interval). Query latencies are of queries that ended in that interval,
 * ingest latencies of readings acknowledged in it.
 * The interval is one second, or in result.json a whole number of seconds for an execution longer than
 * {@link #MAX_POINTS} seconds (the per-second series is then kept beside it in the run folder).
 *
 * @param intervalMillis length of one element (1000, or a multiple of it)
 * @param kvps kvps acknowledged in each interval
 * @param queries dashboard queries completed in each interval
 * @param queryP50Ms median query latency in each interval, 0 where there was no query
 * @param queryP99Ms 99th percentile query latency in each interval, 0 where there was no query
 * @param queryMaxMs highest query latency in each interval, 0 where there was no query
 * @param ingestP50Ms median ingest latency (generation to acknowledgement) of the readings acknowledged in each
 *     interval, 0 where none was
 * @param ingestP99Ms their 99th percentile, 0 where none was
 */
public record PhaseSeries(int intervalMillis, long[] kvps, long[] queries, double[] queryP50Ms, double[] queryP99Ms,
                          double[] queryMaxMs, double[] ingestP50Ms, double[] ingestP99Ms) {

  /** The most intervals a series in result.json holds: an hour of seconds. */
  public static final int MAX_POINTS = 3_600;

  public static PhaseSeries empty() {
    return new PhaseSeries(1000, new long[0], new long[0], new double[0], new double[0], new double[0],
        new double[0], new double[0]);
  }

  /** The ingest rate in each interval, kvps/s. */
  public double[] kvpsPerSecond() {
    double seconds = intervalMillis / 1000.0;
    double[] rate = new double[kvps.length];
    for (int i = 0; i < rate.length; i++) {
      rate[i] = kvps[i] / seconds;
    }
    return rate;
  }

  /** Number of intervals. */
  public int length() {
    return kvps.length;
  }
}
