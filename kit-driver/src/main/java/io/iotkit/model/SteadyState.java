package io.iotkit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether an execution's ingest held steady, read from its interval-by-interval record. The rate's spread and
 * trend are taken over the window in which every instance was writing: from {@value #SETTLE_SECONDS} s after
 * TS_start (the start's transient) to the first instance's end (after it, fewer instances write and the rate falls
 * for that reason alone), whole intervals only. A stall is looked for from TS_start to TS_end.
 *
 * <p>The TPC does not require steady state, so these figures break no rule: a rate that fell or stalled beyond the
 * kit's limits ({@link #warnings()}) is a warning to the reader that one IoTps figure hides a change over the run
 * ({@link ResultView#warnings()}).
 *
 * @param recordSeconds length of the execution's record, in seconds: 0 where it has none (an older result)
 * @param windowSeconds length of the window the spread and trends cover
 * @param rateCv the ingest rate's coefficient of variation over the window's intervals (standard deviation over
 *     mean); null when the window is shorter than {@value #MIN_INTERVALS} intervals
 * @param rateTrend the mean rate of the window's last tenth over that of its first tenth; null likewise
 * @param ingestP99Trend the mean per-interval ingest p99 of the last tenth over that of the first tenth (intervals
 *     without an acknowledgement left out); null likewise, or when either tenth acknowledged nothing
 * @param longestStallSeconds the longest run of intervals in which nothing was acknowledged, TS_start to TS_end
 * @param stallStartSecond where that run began, in seconds from TS_start; -1 when there was none
 * @param warnings the limits the execution went beyond, one sentence each; empty when it held steady
 */
public record SteadyState(double recordSeconds, double windowSeconds, Double rateCv, Double rateTrend,
                          Double ingestP99Trend, double longestStallSeconds, double stallStartSecond, List<String> warnings) {

  /** Seconds after TS_start left out of the window: instances fill their first batches and connections then. */
  public static final int SETTLE_SECONDS = 10;
  /** The fewest intervals a window must hold for its tenths to mean anything (two intervals a tenth). */
  public static final int MIN_INTERVALS = 20;
  /** A last tenth under this share of the first tenth's rate warns: the rate fell by more than a fifth. */
  public static final double RATE_TREND_LIMIT = 0.8;
  /** Seconds without one acknowledgement that warn: a dashboard refreshed each second showed nothing new 5 times. */
  public static final double STALL_LIMIT_SECONDS = 5;

  public SteadyState {
    warnings = List.copyOf(warnings);
  }

  /**
   * The highest ingest p99 of any whole second after the first {@value #SETTLE_SECONDS} s and before the first
   * instance ended: the execution's latency once started, without the start's (a fresh JVM, a store client's first
   * requests). Null when no such second had readings.
   */
  public static Double settledIngestP99Ms(PhaseSeries series, long startMicros, long firstEndMicros) {
    double interval = series.intervalMillis() / 1000.0;
    int from = (int) Math.ceil(SETTLE_SECONDS / interval);
    int to = Math.min(series.kvps().length, (int) Math.floor((firstEndMicros - startMicros) / 1e6 / interval));
    Double max = null;
    for (int i = from; i < to; i++) {
      if (series.kvps()[i] > 0) {
        max = max == null ? series.ingestP99Ms()[i] : Math.max(max, series.ingestP99Ms()[i]);
      }
    }
    return max;
  }

  /**
   * The figures of one execution.
   *
   * @param series the execution merged over its instances
   * @param startMicros TS_start, where the series begins
   * @param firstEndMicros the end of the instance that finished first
   */
  public static SteadyState of(PhaseSeries series, long startMicros, long firstEndMicros) {
    double interval = series.intervalMillis() / 1000.0;
    long[] kvps = series.kvps();
    int from = (int) Math.ceil(SETTLE_SECONDS / interval);
    int to = Math.min(kvps.length, (int) Math.floor((firstEndMicros - startMicros) / 1e6 / interval));
    int n = Math.max(0, to - from);
    Double cv = null;
    Double trend = null;
    Double p99Trend = null;
    if (n >= MIN_INTERVALS) {
      int tenth = n / 10;
      double mean = mean(kvps, from, to);
      double squares = 0;
      for (int i = from; i < to; i++) {
        squares += (kvps[i] - mean) * (kvps[i] - mean);
      }
      cv = mean == 0 ? null : Math.sqrt(squares / n) / mean;
      double first = mean(kvps, from, from + tenth);
      trend = first == 0 ? null : mean(kvps, to - tenth, to) / first;
      double firstP99 = meanAcknowledged(series.ingestP99Ms(), kvps, from, from + tenth);
      double lastP99 = meanAcknowledged(series.ingestP99Ms(), kvps, to - tenth, to);
      p99Trend = firstP99 > 0 && lastP99 > 0 ? lastP99 / firstP99 : null;
    }
    int longest = 0;
    int longestStart = -1;
    int run = 0;
    for (int i = 0; i < kvps.length; i++) {
      run = kvps[i] == 0 ? run + 1 : 0;
      if (run > longest) {
        longest = run;
        longestStart = i - run + 1;
      }
    }
    double stall = longest * interval;
    double stallStart = longestStart < 0 ? -1 : longestStart * interval;
    List<String> warnings = new ArrayList<>();
    if (trend != null && trend < RATE_TREND_LIMIT) {
      warnings.add(String.format(Locale.ROOT,
          "the ingest rate fell %.0f%% from the first tenth of the execution to its last (limit %.0f%%)",
          (1 - trend) * 100, (1 - RATE_TREND_LIMIT) * 100));
    }
    if (stall >= STALL_LIMIT_SECONDS) {
      warnings.add(String.format(Locale.ROOT,
          "nothing was acknowledged for %.0f s from second %.0f of the execution (limit: under %.0f s)",
          stall, stallStart, STALL_LIMIT_SECONDS));
    }
    return new SteadyState(kvps.length * interval, n * interval, cv, trend, p99Trend, stall, stallStart, warnings);
  }

  private static double mean(long[] values, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += values[i];
    }
    return to > from ? sum / (to - from) : 0;
  }

  /** The mean of {@code values} over the intervals that acknowledged something: an empty one has no p99. */
  private static double meanAcknowledged(double[] values, long[] kvps, int from, int to) {
    double sum = 0;
    int count = 0;
    for (int i = from; i < to && i < values.length; i++) {
      if (kvps[i] > 0) {
        sum += values[i];
        count++;
      }
    }
    return count == 0 ? 0 : sum / count;
  }

  /** The figures as one line of text: "rate CV 0.25, trend 0.89, ingest p99 trend 1.05, longest stall 2 s". */
  public String text() {
    if (recordSeconds == 0) {
      return "not judged: the execution has no record second by second";
    }
    String window = rateCv == null && rateTrend == null
        ? String.format(Locale.ROOT, "too short to judge its trend (%.0f s of all instances writing after "
            + "the first %d s; %d intervals needed)", windowSeconds, SETTLE_SECONDS, MIN_INTERVALS)
        : String.format(Locale.ROOT, "rate CV %s, trend %s, ingest p99 trend %s over %.0f s",
            figure(rateCv), figure(rateTrend), figure(ingestP99Trend), windowSeconds);
    return window + String.format(Locale.ROOT, "; longest stall %.0f s", longestStallSeconds);
  }

  private static String figure(Double value) {
    return value == null ? "n/a" : String.format(Locale.ROOT, "%.2f", value);
  }
}
