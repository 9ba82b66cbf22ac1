package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.iotkit.binding.Aggregate;

/**
 * An operation whose latency a phase summarises: ingest, the insert call, or one dashboard query template. Its
 * {@link #key()} names it in result.json and in the histogram logs.
 */
public enum Operation {
  /**
   * Ingest: from a reading's generation (its scheduled instant when paced) to the store's durable acknowledgement of
   * it, as the binding documents its durability.
   */
  @JsonProperty("ingest") INGEST("ingest", null),
  /**
   * End to end: from a reading's generation to the moment a reader of the store held it, for a store that delivers
   * readings (a broker, a log); the driver hosts' clock offsets applied.
   */
  @JsonProperty("end-to-end") END_TO_END("end-to-end", null),
  /** The binding's insert call (a batching binding's calls that send a batch carry its round trip). */
  @JsonProperty("insert") INSERT("insert", null),
  @JsonProperty("query-max") QUERY_MAX("query-max", Aggregate.MAX),
  @JsonProperty("query-min") QUERY_MIN("query-min", Aggregate.MIN),
  @JsonProperty("query-avg") QUERY_AVG("query-avg", Aggregate.AVG),
  @JsonProperty("query-count") QUERY_COUNT("query-count", Aggregate.COUNT);

  private final String key;
  private final Aggregate template;

  Operation(String key, Aggregate template) {
    this.key = key;
    this.template = template;
  }

  /** Its name in result.json and the histogram logs: "insert", "query-max", ... */
  public String key() {
    return key;
  }

  /**
   * Its name in the reports: "ingest (to acknowledgement)", "insert call" (how long the binding took to take a
   * reading: backpressure, not the store's answer), "query max", ...
   */
  public String label() {
    return switch (this) {
      case INGEST -> "ingest (to acknowledgement)";
      case END_TO_END -> "end to end (to a reader)";
      case INSERT -> "insert call";
      default -> key.replace('-', ' ');
    };
  }

  /** The query template it is; null for ingest and the insert call. */
  public Aggregate template() {
    return template;
  }

  public boolean isQuery() {
    return template != null;
  }

  /** The operation of a query template. */
  public static Operation query(Aggregate template) {
    for (Operation o : values()) {
      if (o.template == template) {
        return o;
      }
    }
    throw new IllegalArgumentException("no operation for template " + template);
  }

  @Override
  public String toString() {
    return key;
  }
}
