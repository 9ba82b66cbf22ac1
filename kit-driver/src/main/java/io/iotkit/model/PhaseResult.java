package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.iotkit.binding.Aggregate;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One workload execution (warmup or measured) over all instances.
 *
 * @param startMicros TS_start: the instant the start barrier released every instance
 * @param endMicros TS_end: when the last instance had its last kvp acknowledged
 * @param series the execution second by second, merged from every instance's
 * @param latency latency summaries of the execution: "insert" and "query-max", "query-min", ... per template
 * @param resources what hosts and processes used second by second; {@link ResourceUsage#none()} when not sampled
 * @param endToEnd  for a store that delivers readings, each reading's generation to a reader's receipt (its summary
 *                  is also in {@code latency}, as "end-to-end"); null for a store read by query
 */
// derived, not read back; written in one order, since the order of getters that reflection gives may differ from
// one JVM to the next, and `report` must write result.json again byte for byte
@JsonIgnoreProperties(value = {"clientCounters", "steadyState", "startSpread", "driverHeadroom"},
    allowGetters = true)
@JsonPropertyOrder({"name", "measured", "startMicros", "endMicros", "instances", "series", "latency", "resources",
    "endToEnd", "clientCounters", "steadyState", "startSpread", "driverHeadroom"})
public record PhaseResult(String name, boolean measured, long startMicros, long endMicros,
                          List<InstanceResult> instances, PhaseSeries series, Map<Operation, Latency> latency,
                          ResourceUsage resources, EndToEnd endToEnd) {

  /** An execution on a store read by query (no end-to-end latency). */
  public PhaseResult(String name, boolean measured, long startMicros, long endMicros, List<InstanceResult> instances,
                     PhaseSeries series, Map<Operation, Latency> latency, ResourceUsage resources) {
    this(name, measured, startMicros, endMicros, instances, series, latency, resources, null);
  }

  /** The same execution with the end-to-end latency a reader measured, summarised after ingest in {@link #latency}. */
  public PhaseResult withEndToEnd(EndToEnd e) {
    Map<Operation, Latency> all = new java.util.LinkedHashMap<>();
    latency.forEach((op, l) -> {
      all.put(op, l);
      if (op == Operation.INGEST) {
        all.put(Operation.END_TO_END, Latency.of(e.micros().micros()));
      }
    });
    all.putIfAbsent(Operation.END_TO_END, Latency.of(e.micros().micros()));
    return new PhaseResult(name, measured, startMicros, endMicros, instances, series, all, resources, e);
  }

  /** The same execution with these resources. */
  public PhaseResult withResources(ResourceUsage r) {
    return new PhaseResult(name, measured, startMicros, endMicros, instances, series, latency, r, endToEnd);
  }

  /** An execution whose resources were not sampled. */
  public PhaseResult(String name, boolean measured, long startMicros, long endMicros, List<InstanceResult> instances,
                     PhaseSeries series, Map<Operation, Latency> latency) {
    this(name, measured, startMicros, endMicros, instances, series, latency, ResourceUsage.none());
  }

  /** A phase with no time series; the latency summaries are computed from the instances' histograms. */
  public PhaseResult(String name, boolean measured, long startMicros, long endMicros, List<InstanceResult> instances) {
    this(name, measured, startMicros, endMicros, instances, PhaseSeries.empty(), Latency.summaries(instances));
  }

  public double elapsedSeconds() {
    return (endMicros - startMicros) / 1e6;
  }

  public long acknowledged() {
    return instances.stream().mapToLong(InstanceResult::acknowledged).sum();
  }

  public long target() {
    return instances.stream().mapToLong(InstanceResult::kvpsTarget).sum();
  }

  public long failedOperations() {
    return instances.stream().mapToLong(i -> i.failedInserts() + i.failedQueries()).sum();
  }

  public long queries() {
    return instances.stream().mapToLong(InstanceResult::queries).sum();
  }

  public long failedQueries() {
    return instances.stream().mapToLong(InstanceResult::failedQueries).sum();
  }

  /** Queries answered or failed per second from start to end: a read-only execution's rate. */
  public double queriesPerSecond() {
    double s = elapsedSeconds();
    return s <= 0 ? 0 : queries() / s;
  }

  public long readingsAggregated() {
    return instances.stream().mapToLong(InstanceResult::readingsAggregated).sum();
  }

  /**
   * Per query template: the readings its windows aggregated and the records the store read to answer them, summed
   * over the instances. A template is absent when no instance recorded it: its reads were not measured.
   */
  public Map<Aggregate, QueryReads> queryReads() {
    Map<Aggregate, QueryReads> all = new EnumMap<>(Aggregate.class);
    for (InstanceResult i : instances) {
      if (i.queryReads() != null) {
        i.queryReads().forEach((a, r) -> all.merge(a, r, QueryReads::plus));
      }
    }
    return all;
  }

  /**
   * What the store client of every instance's bindings counted of its own requests (see
   * KitBinding#clientCounters), summed over the instances by name; empty when the binding counts nothing.
   */
  @JsonProperty
  public Map<String, Long> clientCounters() {
    Map<String, Long> sums = new TreeMap<>();
    for (InstanceResult i : instances == null ? List.<InstanceResult>of() : instances) {
      i.clientCounters().forEach((name, n) -> sums.merge(name, n, Long::sum));
    }
    return Collections.unmodifiableMap(sums);
  }

  /** Whether the ingest held steady over the execution, derived from its series and its instances' ends. */
  @JsonProperty
  public SteadyState steadyState() {
    return SteadyState.of(series == null ? PhaseSeries.empty() : series, startMicros, firstEndMicros());
  }

  /** The highest ingest p99 of a second after the start (see {@link SteadyState#settledIngestP99Ms}); not stored. */
  @JsonIgnore
  public Double settledIngestP99Ms() {
    return SteadyState.settledIngestP99Ms(series == null ? PhaseSeries.empty() : series, startMicros,
        firstEndMicros());
  }

  /** When the first instance had its last kvp acknowledged: where the steady-state figures end. */
  private long firstEndMicros() {
    return instances == null ? endMicros
        : instances.stream().mapToLong(InstanceResult::endMicros).min().orElse(endMicros);
  }

  /** How far apart the instances began writing after the release, derived from their start lags. */
  @JsonProperty
  public StartSpread startSpread() {
    return StartSpread.of(instances == null ? List.of() : instances);
  }

  /** Whether the driver could have limited the execution's result, derived from its instances' time and resources. */
  @JsonProperty
  public DriverHeadroom driverHeadroom() {
    return DriverHeadroom.of(this);
  }

  /** Average readings aggregated per successful query; 0 when there were none. */
  public double readingsPerQuery() {
    long ok = queries() - failedQueries();
    return ok == 0 ? 0 : (double) readingsAggregated() / ok;
  }

  /** kvps acknowledged per second from TS_start to TS_end. */
  public double iotps() {
    double s = elapsedSeconds();
    return s <= 0 ? 0 : acknowledged() / s;
  }
}
