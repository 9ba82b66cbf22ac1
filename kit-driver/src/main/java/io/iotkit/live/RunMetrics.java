package io.iotkit.live;

import io.iotkit.control.SecondFrame;
import io.iotkit.resources.SecondListener;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * A run's live figures in Prometheus's model, made at each scrape from the same second frames, phases and checks
 * the run's result is made from, so a dashboard and result.json agree. Every series carries the labels {@code run}
 * (the run folder's name) and {@code binding}; an instance's series also {@code phase}, {@code driver_instance} and
 * {@code host} ({@code instance} is Prometheus's own label, the scraped target), its queries' also {@code template}
 * (max, min, avg, count).
 *
 * <p>Latency is exported as classic histograms in seconds ({@link LatencyBuckets}), so quantiles across instances
 * come from Prometheus's {@code histogram_quantile}.
 */
public final class RunMetrics implements LiveRun, MultiCollector {
  private final String endpoint;
  private final Labels runLabels;
  private final List<String> phases = new CopyOnWriteArrayList<>();
  private final Map<String, Boolean> checks = new LinkedHashMap<>();
  private final List<InstanceFigures> instances = new CopyOnWriteArrayList<>();
  private final List<SampledFigures> sampled = new CopyOnWriteArrayList<>();
  /** End-to-end latency (µs) by the execution that generated the readings. */
  private final Map<String, Histogram> delivered = new LinkedHashMap<>();
  /** Seconds the store has not answered the SUT watch, as of its last ping; NaN before the watch's first. */
  private volatile double sutSilence = Double.NaN;

  /** The labels the kit sets itself (a sweep: point), and Prometheus's own; a user's label takes none of them. */
  private static final Set<String> TAKEN = Set.of("run", "binding", "phase", "driver_instance", "host", "check",
      "point", "process", "role", "template", "le", "job", "instance");

  /**
   * @param run     the run's name (its folder's), the label that tells runs apart on one Prometheus
   * @param binding the store binding
   * @param labels  the user's labels on every series (e.g. a sweep's point)
   * @param endpoint where Prometheus scrapes these figures
   */
  public RunMetrics(String run, String binding, Map<String, String> labels, String endpoint) {
    this.endpoint = endpoint;
    this.runLabels = Labels.of("run", run, "binding", binding).merge(
        labels.keySet().toArray(String[]::new), labels.values().toArray(String[]::new));
  }

  /** Why {@code name} cannot be a user's label, or null when it can. */
  public static String badLabel(String name) {
    if (!name.matches("[a-zA-Z_][a-zA-Z0-9_]*") || name.startsWith("__")) {
      return "a label name is letters, digits and '_', not starting with a digit or '__'";
    }
    return TAKEN.contains(name) ? "the kit or Prometheus sets this label itself; choose another name" : null;
  }

  @Override
  public String endpoint() {
    return endpoint;
  }

  @Override
  public void phase(String name) {
    phases.add(name);
  }

  @Override
  public Execution execution(String phase, long[] targets, List<String> hosts) {
    List<InstanceFigures> mine = new ArrayList<>();
    for (int i = 0; i < targets.length; i++) {
      mine.add(new InstanceFigures(runLabels.merge(new String[] {"phase", "driver_instance", "host"},
          new String[] {phase, Integer.toString(i), hosts.get(i)}), targets[i]));
    }
    instances.addAll(mine);
    SampledFigures resources = new SampledFigures(runLabels.add("phase", phase));
    sampled.add(resources);
    return new Execution() {
      @Override
      public void second(int instance, SecondFrame frame) {
        mine.get(instance).add(frame);
      }

      @Override
      public SecondListener resources() {
        return resources;
      }
    };
  }

  @Override
  public synchronized void check(String name, boolean passed) {
    checks.put(name, passed);
  }

  @Override
  public void delivered(String phase, long latencyMicros) {
    synchronized (delivered) {
      delivered.computeIfAbsent(phase, p -> new Histogram(3)).recordValue(latencyMicros);
    }
  }

  @Override
  public void sutSilence(double seconds) {
    sutSilence = seconds;
  }

  @Override
  public MetricSnapshots collect() {
    List<InstanceFigures.Copy> copies = instances.stream().map(InstanceFigures::copy).toList();
    return MetricSnapshots.builder()
        .metricSnapshot(InfoSnapshot.builder().name("iotkit_run").help("The run: its name and binding")
            .dataPoint(InfoSnapshot.InfoDataPointSnapshot.builder().labels(runLabels).build()).build())
        .metricSnapshot(gauge("iotkit_phase", "1 for the phase the run is in now, 0 for the phases it went through",
            phases()))
        .metricSnapshot(gauge("iotkit_check_passed", "1 when the check of the rule book passed, 0 when it broke its"
            + " rule, as decided", checks()))
        .metricSnapshot(gauge("iotkit_sut_silent_seconds", "Seconds the SUT has not answered the master's watch, as"
            + " of its last ping each second (0: it answered)", sutSilence()))
        .metricSnapshot(gauge("iotkit_readings_target", "kvps the instance ingests in this workload execution",
            each(copies, InstanceFigures.Copy::target)))
        .metricSnapshot(counter("iotkit_readings_acknowledged", "kvps the store acknowledged",
            each(copies, InstanceFigures.Copy::acknowledged)))
        .metricSnapshot(counter("iotkit_readings_failed", "kvps whose insert failed",
            each(copies, InstanceFigures.Copy::failed)))
        .metricSnapshot(counter("iotkit_driver_process_cpu_seconds", "CPU seconds the instance's JVM used",
            each(copies, InstanceFigures.Copy::cpuSeconds)))
        .metricSnapshot(gauge("iotkit_driver_process_resident_memory_bytes", "The instance JVM's resident memory, as"
            + " of its last second", each(copies, InstanceFigures.Copy::rssBytes)))
        .metricSnapshot(counter("iotkit_host_cpu_busy_seconds", "CPU seconds the host was busy (user and system,"
            + " all CPUs), as the master samples it", sampled(SampledFigures::hosts, 0)))
        .metricSnapshot(gauge("iotkit_host_memory_used_bytes", "The host's memory in use (total less available),"
            + " as of its last second", sampled(SampledFigures::hosts, 1)))
        .metricSnapshot(counter("iotkit_process_cpu_seconds", "CPU seconds a process the master follows used: the"
            + " master's JVM, each local SUT node (with the processes it starts)", sampled(SampledFigures::processes,
            0)))
        .metricSnapshot(gauge("iotkit_process_resident_memory_bytes", "Resident memory of a process the master"
            + " follows, as of its last second", sampled(SampledFigures::processes, 1)))
        .metricSnapshot(histogram("iotkit_ingest_latency_seconds",
            "Ingest latency: a reading's generation (or, paced, its scheduled time) to its acknowledgement",
            latency(copies, InstanceFigures.Copy::ingest)))
        .metricSnapshot(histogram("iotkit_insert_latency_seconds", "Latency of the binding's insert calls",
            latency(copies, InstanceFigures.Copy::inserts)))
        .metricSnapshot(histogram("iotkit_query_latency_seconds", "Latency of the dashboard queries, by template",
            perTemplate(copies, InstanceFigures.Template::latency)))
        .metricSnapshot(counter("iotkit_query_readings_aggregated", "Readings the dashboard queries' windows held"
            + " (and the queries aggregated), by template", perTemplate(copies, InstanceFigures.Template::aggregated)))
        .metricSnapshot(histogram("iotkit_end_to_end_latency_seconds", "End-to-end latency: a reading's generation"
            + " to its receipt by a reader on the master (stores that deliver)", endToEnd()))
        .build();
  }

  /** 1 for the phase the run is in, 0 for those it has been through: a timeline of the run. */
  private Map<Labels, Double> phases() {
    List<String> seen = List.copyOf(phases);
    Map<Labels, Double> points = new LinkedHashMap<>();
    for (int i = 0; i < seen.size(); i++) {
      points.put(runLabels.add("phase", seen.get(i)), i == seen.size() - 1 ? 1.0 : 0.0);
    }
    return points;
  }

  private synchronized Map<Labels, Double> checks() {
    Map<Labels, Double> points = new LinkedHashMap<>();
    checks.forEach((name, passed) -> points.put(runLabels.add("check", name), passed ? 1.0 : 0.0));
    return points;
  }

  /** None until the watch's first ping: no figure is not 0 s of silence. */
  private Map<Labels, Double> sutSilence() {
    double s = sutSilence;
    return Double.isNaN(s) ? Map.of() : Map.of(runLabels, s);
  }

  private static Map<Labels, Double> each(List<InstanceFigures.Copy> copies,
                                          ToDoubleFunction<InstanceFigures.Copy> value) {
    Map<Labels, Double> points = new LinkedHashMap<>();
    copies.forEach(c -> points.put(c.labels(), value.applyAsDouble(c)));
    return points;
  }

  /** Figure {@code index} of every execution's sampled hosts or processes. */
  private Map<Labels, Double> sampled(Function<SampledFigures, List<Map.Entry<Labels, double[]>>> series,
                                      int index) {
    Map<Labels, Double> points = new LinkedHashMap<>();
    sampled.forEach(s -> series.apply(s).forEach(e -> points.put(e.getKey(), e.getValue()[index])));
    return points;
  }

  private static Map<Labels, LatencyBuckets> latency(List<InstanceFigures.Copy> copies,
                                                     Function<InstanceFigures.Copy, LatencyBuckets> latency) {
    Map<Labels, LatencyBuckets> points = new LinkedHashMap<>();
    copies.forEach(c -> points.put(c.labels(), latency.apply(c)));
    return points;
  }

  /** A figure of each template's queries of each instance, the template as label {@code template}. */
  private static <T> Map<Labels, T> perTemplate(List<InstanceFigures.Copy> copies,
                                                Function<InstanceFigures.Template, T> figure) {
    Map<Labels, T> points = new LinkedHashMap<>();
    copies.forEach(c -> c.queries().forEach((a, t) ->
        points.put(c.labels().add("template", a.name().toLowerCase(Locale.ROOT)), figure.apply(t))));
    return points;
  }

  /** A store that delivers: each reading's generation to its receipt by the master's reader, by execution. */
  private Map<Labels, LatencyBuckets> endToEnd() {
    Map<Labels, LatencyBuckets> points = new LinkedHashMap<>();
    synchronized (delivered) {
      delivered.forEach((phase, micros) -> points.put(runLabels.add("phase", phase), LatencyBuckets.of(micros)));
    }
    return points;
  }

  private static GaugeSnapshot gauge(String name, String help, Map<Labels, Double> points) {
    GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
    points.forEach((labels, v) -> b.dataPoint(GaugeDataPointSnapshot.builder().labels(labels).value(v).build()));
    return b.build();
  }

  private static CounterSnapshot counter(String name, String help, Map<Labels, ? extends Number> points) {
    CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
    points.forEach((labels, v) -> b.dataPoint(CounterDataPointSnapshot.builder().labels(labels).value(v.doubleValue()).build()));
    return b.build();
  }

  private static HistogramSnapshot histogram(String name, String help, Map<Labels, LatencyBuckets> points) {
    HistogramSnapshot.Builder b = HistogramSnapshot.builder().name(name).help(help);
    points.forEach((labels, l) -> b.dataPoint(HistogramDataPointSnapshot.builder().labels(labels)
        .classicHistogramBuckets(l.buckets()).sum(l.sumSeconds()).build()));
    return b.build();
  }
}
