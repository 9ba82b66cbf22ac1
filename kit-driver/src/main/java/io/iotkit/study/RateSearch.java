package io.iotkit.study;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * A search for the highest offered rate a store holds under a latency limit, as study.json keeps it: one unpaced
 * run (the ceiling: more than it achieved unpaced is not searched), then paced probes, each a short run, bisecting
 * the per-instance rate between the highest that passed and the lowest that failed. A probe passes when the store
 * achieved at least {@value #ACHIEVED_SHARE} of the offered rate and the ingest p99 of every second of its
 * performance run after the first {@value io.iotkit.model.SteadyState#SETTLE_SECONDS} s was within the limit: the
 * first seconds' latency is the start's (fresh driver JVMs, a store client's first requests, readings queued while
 * they began), which a probe of a few seconds would otherwise report as the rate's. The first probe is just below the
 * ceiling, so a store that holds the limit up to its ceiling needs one probe.
 *
 * @param ingestP99LimitMs the limit on each settled second's ingest p99 (generation to acknowledgement), ms
 * @param precision the search ends once the bracket's width is at most this share of its upper end, e.g. 0.05
 * @param maxProbes the most paced probes it makes, whatever the bracket
 * @param probeSeconds how long each paced probe's workload executions last: K = rate x P x this; at least
 *     {@value #MIN_PROBE_SECONDS}, so that seconds after the start are judged
 */
public record RateSearch(double ingestP99LimitMs, double precision, int maxProbes, long probeSeconds) {
  /** The share of the offered rate a probe must achieve to pass; the saturation rule of a rate sweep. */
  public static final double ACHIEVED_SHARE = Saturation.ACHIEVED_SHARE;
  /** The shortest probe: the start's {@value io.iotkit.model.SteadyState#SETTLE_SECONDS} s and as many judged. */
  public static final long MIN_PROBE_SECONDS = 2L * io.iotkit.model.SteadyState.SETTLE_SECONDS;

  /**
   * One paced probe's outcome, per instance and for the system.
   *
   * @param rate kvps/s per instance it offered
   * @param offered P x rate
   * @param achieved the run's IoTps
   * @param p99Ms the highest ingest p99 of a second of its performance run after the start, or null when none
   *     was measured (which fails the probe)
   */
  public record Probe(long rate, double offered, double achieved, Double p99Ms) {
    /** The probe a paced study row is. */
    static Probe of(StudyRow r) {
      return new Probe(r.rate(), r.offeredRate(), r.iotps(), r.ingestP99SettledMs());
    }

    /** Why the probe failed in words, or empty when it passed. */
    public String failure(double limitMs) {
      String rateRule = achieved < ACHIEVED_SHARE * offered ? String.format(Locale.ROOT,
          "achieved %,.0f kvps/s, below 95%% of offered", achieved) : "";
      String latencyRule = p99Ms == null ? "no ingest p99 measured after the start" : p99Ms > limitMs
          ? String.format(Locale.ROOT, "a second's ingest p99 reached %,.1f ms, over the limit", p99Ms) : "";
      return rateRule.isEmpty() ? latencyRule : latencyRule.isEmpty() ? rateRule : rateRule + "; " + latencyRule;
    }

    public boolean passes(double limitMs) {
      return failure(limitMs).isEmpty();
    }
  }

  /**
   * Where the search stands.
   *
   * @param low the highest per-instance rate that passed below {@code high}; 0 when none did
   * @param high the lowest per-instance rate that failed, or the ceiling when none below it did
   * @param highProbed whether {@code high} is a failed probe rather than the ceiling
   * @param next the per-instance rate to probe next; empty once the search has ended
   * @param end why it ended, in words; empty while it goes on
   */
  public record Bracket(long low, long high, boolean highProbed, OptionalLong next, String end) {
    public boolean ended() {
      return next.isEmpty();
    }

    /** The bracket in words for {@code p} instances, and why the search ended, if it did. */
    public String describe(int p, double limitMs) {
      String answer = low == 0 ? "no probed rate passed" : String.format(Locale.ROOT,
          "the highest rate that held ingest p99 within %s ms: %,d kvps/s offered (%,d per instance, P = %d)",
          plain(limitMs), low * p, low, p);
      String above = String.format(Locale.ROOT, highProbed ? "the lowest that failed: %,d offered (%,d per instance)"
          : "above it, the unpaced run's ceiling: %,d (%,d per instance)", high * p, high);
      return answer + "; " + above + (ended() ? "; the search ended: " + end : "");
    }
  }

  /** Checks the search's settings; the message is the one line the user sees. */
  public RateSearch validated() {
    if (!(ingestP99LimitMs > 0) || Double.isInfinite(ingestP99LimitMs)) {
      throw new IllegalArgumentException("--ingest-p99-limit must be a time above 0, e.g. 250ms or 1s");
    }
    if (!(precision > 0 && precision < 1)) {
      throw new IllegalArgumentException("--precision must be a percentage above 0 and below 100, e.g. 5");
    }
    if (maxProbes < 1 || maxProbes > 50) {
      throw new IllegalArgumentException("--max-probes takes 1 to 50 probes, not " + maxProbes);
    }
    if (probeSeconds < MIN_PROBE_SECONDS) {
      throw new IllegalArgumentException("--probe-seconds must be at least " + MIN_PROBE_SECONDS + " (it was "
          + probeSeconds + "): a probe's first " + io.iotkit.model.SteadyState.SETTLE_SECONDS + " s are its start,"
          + " which the limit does not judge");
    }
    return this;
  }

  /**
   * The bracket after {@code probes}, from the ceiling.
   *
   * @param ceiling the per-instance rate the unpaced run achieved (its IoTps / P, rounded down)
   * @param probes the paced probes with a result, in any order
   */
  public Bracket bracket(long ceiling, List<Probe> probes) {
    long high = ceiling;
    boolean highProbed = false;
    for (Probe p : probes) {
      if (!p.passes(ingestP99LimitMs) && p.rate() <= high) {
        high = p.rate();
        highProbed = true;
      }
    }
    long low = 0;
    for (Probe p : probes) {
      // a pass at or above a failed rate is noise the bracket cannot hold; the failure bounds it
      if (p.passes(ingestP99LimitMs) && p.rate() < high) {
        low = Math.max(low, p.rate());
      }
    }
    if (high < 1) {
      return ended(low, high, highProbed, "the unpaced run achieved less than 1 kvps/s per instance");
    }
    if (high - low <= precision * high) {
      return ended(low, high, highProbed, String.format(Locale.ROOT, "the bracket is within %s%% of its upper end",
          percent(precision)));
    }
    if (probes.size() >= maxProbes) {
      return ended(low, high, highProbed, "it made its " + maxProbes + " probes; the bracket is wider than "
          + percent(precision) + "%");
    }
    long next = probes.isEmpty() ? (long) Math.floor(high * (1 - precision)) : low + (high - low) / 2;
    if (next <= low || next >= high) {
      return ended(low, high, highProbed, low == 0 ? "no rate of 1 kvps/s per instance or more passed"
          : "no whole rate lies between the bracket's ends");
    }
    return new Bracket(low, high, highProbed, OptionalLong.of(next), "");
  }

  private static Bracket ended(long low, long high, boolean highProbed, String why) {
    return new Bracket(low, high, highProbed, OptionalLong.empty(), why);
  }

  private static String percent(double share) {
    return plain(100 * share);
  }

  /** A number as a person writes it: 250, 0.5, 12.5; never 250.0 or 2.5E2. */
  static String plain(double x) {
    return new BigDecimal(x).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }

  /** What the search looks for, e.g. "the highest rate with ingest p99 within 250 ms, to 5%". */
  public String goal() {
    return "the highest rate with ingest p99 within " + plain(ingestP99LimitMs) + " ms, to " + percent(precision)
        + "%";
  }

  /** The settings as a command line gives them, e.g. "--find-rate --ingest-p99-limit 250ms --precision 5". */
  public String describe() {
    return String.format(Locale.ROOT, "--find-rate --ingest-p99-limit %sms --precision %s --max-probes %d"
        + " --probe-seconds %d", plain(ingestP99LimitMs), percent(precision), maxProbes, probeSeconds);
  }
}
