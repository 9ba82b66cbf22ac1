package io.iotkit.model;

import java.time.LocalDate;
import java.util.List;

/**
 * The metrics of docs/PROTOCOL.md §5, from the two measured runs and the pricing file.
 *
 * @param performanceIteration the iteration whose measured run had the lower IoTps (run m)
 * @param iotps IoTps of run m: kvps ingested / (TS_end − TS_start)
 * @param differencePercent how much higher the other run's IoTps was, relative to run m
 * @param perSensorRate average kvps per second per sensor in run m
 */
public record Metrics(int performanceIteration, double iotps, List<Double> iterationIotps,
                      double differencePercent, double perSensorRate, double totalCost, String currency,
                      double pricePerIotps, double pricePerKiotps, LocalDate availabilityDate) {

  public static Metrics compute(List<IterationResult> iterations, Pricing pricing) {
    if (iterations.isEmpty()) {
      throw new IllegalArgumentException("no measured run");
    }
    IterationResult m = iterations.get(0);
    for (IterationResult it : iterations) {
      if (it.measured().iotps() < m.measured().iotps()) {
        m = it;
      }
    }
    double iotps = m.measured().iotps();
    List<Double> all = iterations.stream().map(it -> it.measured().iotps()).toList();
    double highest = all.stream().mapToDouble(Double::doubleValue).max().orElse(iotps);
    double difference = iotps > 0 ? (highest - iotps) / iotps * 100 : 0;
    int sensors = m.measured().instances().size() * WorkloadSpec.SENSORS_PER_SUBSTATION;
    double cost = pricing.totalCost();
    double perIotps = iotps > 0 ? cost / iotps : Double.POSITIVE_INFINITY;
    return new Metrics(m.number(), iotps, all, difference, iotps / sensors, cost, pricing.currency(),
        perIotps, perIotps * 1000, pricing.availabilityDate());
  }

  /** Seconds of ingest per substation in a run: min, max, average, and the spread (max − min) / min. */
  public record IngestSpread(double min, double max, double average, double spreadPercent) {
    public static IngestSpread of(PhaseResult phase) {
      var s = phase.instances().stream().mapToDouble(i -> i.ingestSeconds()).summaryStatistics();
      double spread = s.getMin() > 0 ? (s.getMax() - s.getMin()) / s.getMin() * 100 : 0;
      return new IngestSpread(s.getMin(), s.getMax(), s.getAverage(), spread);
    }
  }
}
