package io.iotkit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One substation at an iteration's data check: the readings its instance had acknowledged (warmup and measured
 * run together) and the readings the SUT held under its key.
 */
public record SubstationCount(String substation, long acknowledged, long stored) {

  /** Stored minus acknowledged: negative when acknowledged readings are missing, positive when extra are stored. */
  public long difference() {
    return stored - acknowledged;
  }

  /**
   * The counts of every substation in {@code acknowledged}, in its order; a substation the store did not count
   * holds none.
   */
  public static List<SubstationCount> of(Map<String, Long> acknowledged, Map<String, Long> stored) {
    List<SubstationCount> counts = new ArrayList<>();
    acknowledged.forEach((s, ack) -> counts.add(new SubstationCount(s, ack, stored.getOrDefault(s, 0L))));
    return counts;
  }
}
