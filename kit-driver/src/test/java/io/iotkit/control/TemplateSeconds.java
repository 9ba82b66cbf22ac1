package io.iotkit.control;

import io.iotkit.binding.Aggregate;
import io.iotkit.control.SecondFrame.TemplateSecond;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A second frame's queries for tests: one template's, the others' none. */
public final class TemplateSeconds {
  private TemplateSeconds() {
  }

  /** {@code latency} under {@code template}, its windows having held {@code aggregated} readings. */
  public static Map<Aggregate, TemplateSecond> of(Aggregate template, Histogram latency, long aggregated) {
    Map<Aggregate, TemplateSecond> queries = new EnumMap<>(Aggregate.class);
    for (Aggregate a : Aggregate.values()) {
      queries.put(a, a == template ? new TemplateSecond(latency, aggregated) : TemplateSecond.none());
    }
    return queries;
  }

  /** No query in the second. */
  public static Map<Aggregate, TemplateSecond> none() {
    return of(Aggregate.MAX, new Histogram(3), 0);
  }
}
