package io.iotkit.study;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Where a rate sweep's store saturated: the first offered rate (P x R, lowest first) whose achieved rate fell
 * below {@value #ACHIEVED_SHARE} of it, or whose ingest p99 was more than {@value #P99_FACTOR} times the p99 at the
 * lowest offered rate. A sweep whose points all offer one rate (over K, or kvp sizes) has no such point to find:
 * a point short of its offer there says something of that point, not of a load the store could not take.
 *
 * @param reached whether any point met either rule
 * @param value the swept value of that point; null when not reached
 * @param offeredRate its offered rate, kvps/s; 0 when not reached
 * @param rule which rule fired, in words (both when both did); empty when not reached
 * @param oneOffer whether every point offered the same rate, so no saturation point was sought
 */
public record Saturation(boolean reached, String value, double offeredRate, String rule, boolean oneOffer) {
  public static final double ACHIEVED_SHARE = 0.95;
  public static final double P99_FACTOR = 10;

  public static Saturation notReached() {
    return new Saturation(false, null, 0, "", false);
  }

  /** The saturation point of the paced rows among {@code rows}; rows without a result or unpaced are left out. */
  public static Saturation of(List<StudyRow> rows) {
    List<StudyRow> paced = rows.stream().filter(r -> r.measured() && r.offeredRate() != null)
        .sorted(Comparator.comparingDouble(StudyRow::offeredRate)).toList();
    if (paced.isEmpty()) {
      return notReached();
    }
    if (paced.stream().mapToDouble(StudyRow::offeredRate).distinct().count() == 1 && paced.size() > 1) {
      return new Saturation(false, null, paced.get(0).offeredRate(), "", true);
    }
    Double lowestP99 = paced.get(0).ingestLatency().p99Ms();
    for (StudyRow r : paced) {
      boolean rateRule = r.iotps() < ACHIEVED_SHARE * r.offeredRate();
      boolean latencyRule = lowestP99 != null && r.ingestLatency().p99Ms() != null && r.ingestLatency().p99Ms() > P99_FACTOR * lowestP99;
      if (rateRule || latencyRule) {
        String rate = String.format(Locale.ROOT, "achieved %,.0f kvps/s is below 95%% of the offered %,.0f",
            r.iotps(), r.offeredRate());
        String latency = String.format(Locale.ROOT, "ingest p99 %.3f ms is more than 10x the %.3f ms at the lowest"
            + " offered rate", r.ingestLatency().p99Ms(), lowestP99);
        String rule = rateRule && latencyRule ? rate + ", and " + latency : rateRule ? rate : latency;
        return new Saturation(true, r.value(), r.offeredRate(), rule, false);
      }
    }
    return notReached();
  }

  /** One line for the table: where and why, or "not reached". */
  /** The point in words, naming its swept value on {@code axisLabel}, the swept option (a rate, P, threads...). */
  public String describe(String axisLabel) {
    if (oneOffer) {
      return String.format(Locale.ROOT, "saturation point: not sought (every point offered the same %,.0f kvps/s)",
          offeredRate);
    }
    return reached ? String.format(Locale.ROOT, "saturation point: offered %,.0f kvps/s (%s %s): %s", offeredRate,
        axisLabel, value, rule) : "saturation point: not reached (every point achieved at least 95% of its offered rate with"
        + " ingest p99 within 10x the lowest point's)";
  }
}
