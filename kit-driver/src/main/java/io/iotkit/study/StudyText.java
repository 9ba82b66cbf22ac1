package io.iotkit.study;

import io.iotkit.model.ConsumerRates;
import io.iotkit.model.MedianInterval;
import io.iotkit.model.Operation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** A study's table as plain text (table.txt and the console) and as CSV (table.csv), and studies side by side. */
public final class StudyText {
  /** What a client of a {@code --clients} sweep is, said under its throughput table. */
  static final String CLIENT = "A client is one insert thread of a driver instance, with its own schedule of"
      + " readings and its own readings in flight; an instance holds at most 200 (one per sensor), so N clients run"
      + " as the fewest instances P that hold them evenly, N/P threads each, with the store connections each"
      + " binding makes for its threads (its store's page says which).";

  /** What a cell shows for a figure the run did not measure. */
  public static final String NA = "n/a";

  private StudyText() {
  }

  /** One table of a study: its title, a header row and one row per point, and a line said after it (or empty). */
  public record Section(String title, List<List<String>> rows, String note) {
  }

  /** The tables of one study, each a section with a heading, in the shape of the paper's Tables I-III. */
  public static String text(StudyTable t) {
    StringBuilder sb = new StringBuilder();
    sb.append("Study ").append(t.name()).append(": ").append(t.spec().describe()).append('\n');
    sb.append("Swept: ").append(t.axisLabel()).append(" = ").append(String.join(", ", t.values()))
        .append("\n\n");
    for (Section s : sections(t)) {
      section(sb, s.title(), s.rows());
      if (!s.note().isEmpty()) {
        sb.append(s.note()).append("\n\n");
      }
    }
    String missing = missing(t);
    if (!missing.isEmpty()) {
      sb.append(missing).append('\n');
    }
    return sb.toString();
  }

  /** "Points without a result: ..." naming each, or empty when every point has one. */
  public static String missing(StudyTable t) {
    List<String> failed = new ArrayList<>();
    for (StudyRow r : t.rows()) {
      if (!r.measured()) {
        failed.add(t.axisLabel() + "=" + r.value() + " " + r.status());
      }
    }
    return failed.isEmpty() ? "" : "Points without a result: " + String.join(", ", failed);
  }

  /** The study's tables: throughput, ingest spread, query latency, ingest latency (or paced load), CPU. */
  public static List<Section> sections(StudyTable t) {
    List<Section> sections = new ArrayList<>();
    String x = t.axisLabel();
    t.search().ifPresent(b -> sections.add(search(t, b)));
    List<List<String>> main = new ArrayList<>();
    boolean showP = t.swept() != Swept.SUBSTATIONS; // else the first column is P already
    List<String> mainHead = new ArrayList<>(withP(showP, 2, List.of(x, "status", "P", "K", "warmup s", "measured s",
        "IoTps", "per-sensor IoTps", efficiencyLabel(t))));
    if (t.repeated()) {
      mainHead.addAll(List.of("runs", "IoTps median", "95% interval", "min-max"));
    }
    main.add(mainHead);
    for (StudyRow r : t.rows()) {
      List<String> cells = new ArrayList<>(withP(showP, 2, List.of(r.value(), r.status().toString(),
          num(r.substations()), num(r.kvps()), f(r.warmupSeconds(), "%,.1f"), f(r.measuredSeconds(), "%,.1f"),
          f(r.iotps(), "%,.2f"), f(r.perSensor(), "%,.2f"), f(r.efficiency(), "%.3f"))));
      if (t.repeated()) {
        MedianInterval m = r.runs();
        cells.addAll(m == null ? List.of("0", NA, NA, NA) : List.of(Integer.toString(m.n()),
            f(m.median(), "%,.2f"), f(m.low(), "%,.0f") + "-" + f(m.high(), "%,.0f"),
            f(m.min(), "%,.0f") + "-" + f(m.max(), "%,.0f")));
      }
      main.add(cells);
    }
    sections.add(new Section("Throughput (Tables I and III): system-wide IoTps, per sensor (IoTps / (P x 200)),"
        + switch (t.swept()) {
          case SUBSTATIONS -> " and scaling efficiency IoTps_i / (P_i/P_1 x IoTps_1) against the first point";
          case SUT_CPUS -> " and scaling efficiency IoTps_i / (CPUs_i/CPUs_1 x IoTps_1) against the first point";
          case CLIENTS -> " and IoTps relative to the first point";
          default -> " and IoTps relative to the first point (P is the same at every point)";
        }, main, ((t.swept() == Swept.CLIENTS ? CLIENT : "") + (t.repeated() ? " Each point ran " + t.spec().repeat()
            + " times, in turns; each row is its median run's (the lower middle one for an even count), and IoTps"
            + " median, its 95% bootstrap interval and the runs' range are over the runs with a result (runs)." : ""))
            .trim()));

    List<List<String>> ingest = new ArrayList<>();
    ingest.add(withP(showP, 1, List.of(x, "P", "min s", "max s", "avg s", "max-min s", "spread (max-min)/min")));
    for (StudyRow r : t.rows()) {
      ingest.add(withP(showP, 1, List.of(r.value(), num(r.substations()), f(r.ingestMinSeconds(), "%,.1f"),
          f(r.ingestMaxSeconds(), "%,.1f"), f(r.ingestAvgSeconds(), "%,.1f"),
          r.ingestSpread() == null ? NA : f(r.ingestMaxSeconds() - r.ingestMinSeconds(), "%,.1f"),
          r.ingestSpread() == null ? NA : f(100 * r.ingestSpread(), "%.1f%%"))));
    }
    sections.add(new Section("Ingest time per substation in the performance run (Table II)", ingest, ""));

    List<List<String>> queries = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of(x));
    StudyTable.QUERIES.forEach(q -> {
      head.add(q.key() + " avg");
      head.add(q.key() + " p99");
    });
    queries.add(head);
    for (StudyRow r : t.rows()) {
      List<String> cells = new ArrayList<>(List.of(r.value()));
      for (Operation q : StudyTable.QUERIES) {
        cells.add(f(r.queryAvgMs().get(q), "%,.3f"));
        cells.add(f(r.queryP99Ms().get(q), "%,.3f"));
      }
      queries.add(cells);
    }
    sections.add(new Section("Query latency per template in the performance run, ms", queries, ""));

    List<List<String>> inserts = new ArrayList<>();
    List<String> insertHead = new ArrayList<>(List.of(x));
    if (t.paced()) {
      insertHead.addAll(List.of("offered kvps/s", "achieved kvps/s", "achieved/offered"));
    }
    insertHead.addAll(List.of("ingest p50 ms", "ingest p99 ms", "ingest p99.9 ms"));
    if (t.endToEnd()) {
      insertHead.addAll(List.of("end to end p50 ms", "end to end p99 ms", "end to end p99.9 ms"));
    }
    inserts.add(insertHead);
    for (StudyRow r : t.rows()) {
      List<String> cells = new ArrayList<>(List.of(r.value()));
      if (t.paced()) {
        cells.add(f(r.offeredRate(), "%,.0f"));
        cells.add(f(r.iotps(), "%,.0f"));
        cells.add(r.offeredRate() == null || r.iotps() == null ? NA : f(100 * r.iotps() / r.offeredRate(), "%.1f%%"));
      }
      addPercentiles(cells, r.ingestLatency());
      if (t.endToEnd()) {
        addPercentiles(cells, r.endToEnd());
      }
      inserts.add(cells);
    }
    String endToEnd = t.endToEnd() ? ", and end to end: until a reader on the master held it" : "";
    sections.add(new Section(t.paced() ? "Paced load: offered rate (P x R) against achieved rate (IoTps), ingest"
        + " latency from each reading's scheduled time to its acknowledgement" + endToEnd
        : "Ingest latency in the performance run (each reading's generation to its acknowledgement" + endToEnd + ")",
        inserts, t.paced() && t.spec().rateSearch() == null ? t.saturation().describe(t.axisLabel()) : ""));

    List<List<String>> cpu = new ArrayList<>();
    cpu.add(List.of(x, "SUT processes CPU s/s", "IoTps per SUT CPU s", "SUT memory peak MiB", "SUT disk writes MB/s",
        "SUT folder growth MB", "SUT folder B per reading", "SUT network MB/s", "driver hosts CPU s/s",
        "instances CPU s/s", "instances memory peak MiB", "instances network MB/s"));
    for (StudyRow r : t.rows()) {
      PointResources u = r.resources();
      cpu.add(List.of(r.value(), f(u.sutCpu(), "%.2f"), f(r.iotpsPerSutCpu(), "%,.0f"),
          f(scaled(u.sutMemoryPeakBytes(), 1 << 20), "%,.0f"), f(scaled(u.sutDiskWriteBytesPerSecond(), 1e6), "%,.2f"),
          f(scaled(u.sutFolderGrowthBytes(), 1e6), "%,.1f"), f(r.folderBytesPerReading(), "%,.0f"),
          f(scaled(u.sutNetBytesPerSecond(), 1e6), "%,.2f"), f(u.driverCpu(), "%.2f"), f(u.instancesCpu(), "%.2f"),
          f(scaled(u.driverMemoryPeakBytes(), 1 << 20), "%,.0f"), f(scaled(u.driverNetBytesPerSecond(), 1e6), "%,.2f")));
    }
    sections.add(new Section("Resources over the performance run: mean CPU (and IoTps per CPU second), peak memory,"
        + " mean disk writes and what the run added to the local server's folder (data and logs, per reading"
        + " acknowledged) of the local SUT's processes (with the processes they start); mean CPU of the driver hosts"
        + " (the whole host, a SUT on it included), mean CPU and peak memory of the driver instances' JVMs; network"
        + " per side: what each side's TCP sockets received and sent"
        + " together, loopback included, counted on the master's host (n/a: not sampled or not measured)",
        cpu, ""));
    if (t.swept() == Swept.SUBSTATIONS || t.swept() == Swept.CLIENTS) {
      sections.add(master(t));
    }
    if (t.consumers()) {
      sections.add(consumers(t));
    }
    if (t.readOnly()) {
      sections.add(readOnly(t));
    }
    t.score().ifPresent(score -> sections.add(score(t, score)));
    return sections;
  }

  /** The master's cost as the instances grow: what of it grows faster than P limits the runs a host can drive. */
  private static Section master(StudyTable t) {
    List<List<String>> rows = new ArrayList<>();
    boolean showP = t.swept() != Swept.SUBSTATIONS;
    rows.add(withP(showP, 1, List.of(t.axisLabel(), "P", "master CPU s/s",
        "master CPU ms/s per instance", "master memory peak MiB", "start-up s", "start-up s per instance",
        "reports s")));
    for (StudyRow r : t.rows()) {
      MasterCost m = r.master();
      rows.add(withP(showP, 1, List.of(r.value(), num(r.substations()),
          f(m.cpu(), "%.3f"), f(m.cpuMillisPerInstance(r.substations()), "%.2f"),
          f(scaled(m.memoryPeakBytes(), 1 << 20), "%,.0f"), f(m.startupSeconds(), "%,.1f"),
          f(m.startupSecondsPerInstance(r.substations()), "%.2f"), f(m.reportSeconds(), "%,.1f"))));
    }
    return new Section("The master as the instances grow: its JVM's mean CPU (and per instance) and peak memory over"
        + " the performance run; start-up, from the run's start to the first warmup's TS_start (checks, a local"
        + " SUT's start, the instances' start); reports, from the result being together to the run's process"
        + " having ended", rows, "");
  }

  /** The consumers' rates: while the instances produced, and alone over the stored volume. */
  private static Section consumers(StudyTable t) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of(t.axisLabel(), "producer+consumer readings/s", "producer+consumer MB/s",
        "consumer-only readings", "consumer-only readings/s", "consumer-only MB/s"));
    for (StudyRow r : t.rows()) {
      ConsumerRates c = r.consumers();
      ConsumerRates.Consumed w = c == null ? null : c.withProducers();
      ConsumerRates.Consumed a = c == null ? null : c.alone();
      rows.add(List.of(r.value(), w == null ? NA : f(w.readingsPerSecond(), "%,.0f"),
          w == null ? NA : f(scaled(w.bytesPerSecond(), 1e6), "%,.2f"), a == null ? NA : num(a.readings()),
          a == null ? NA : f(a.readingsPerSecond(), "%,.0f"), a == null ? NA : f(scaled(a.bytesPerSecond(), 1e6),
              "%,.2f")));
    }
    return new Section("Consumers of a store that delivers readings: producer plus consumer, the reader on the"
        + " master over the measured run's readings from TS_start to its last receipt while the instances wrote;"
        + " consumer only (--consume-stored), a new consumer over everything the iteration stored, from its"
        + " creation to its last record", rows, "");
  }

  /** The read-only executions: queries a second, latency per template and what each side used meanwhile. */
  private static Section readOnly(StudyTable t) {
    List<List<String>> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of(t.axisLabel(), "offered queries/s", "achieved queries/s", "failed",
        "readings per query"));
    StudyTable.QUERIES.forEach(q -> head.add(q.key() + " p99 ms"));
    head.addAll(List.of("SUT processes CPU s/s", "SUT network MB/s", "SUT disk writes MB/s", "instances CPU s/s",
        "instances network MB/s"));
    rows.add(head);
    for (StudyRow r : t.rows()) {
      ReadOnlyFigures q = r.readOnly();
      List<String> cells = new ArrayList<>(List.of(r.value()));
      if (q == null) {
        cells.addAll(java.util.Collections.nCopies(head.size() - 1, NA));
      } else {
        PointResources u = q.resources();
        cells.addAll(List.of(f(q.offered(), "%,.1f"), f(q.achieved(), "%,.1f"), num(q.failed()),
            f(q.readingsPerQuery(), "%,.1f")));
        StudyTable.QUERIES.forEach(op -> cells.add(f(q.p99Ms().get(op), "%,.3f")));
        cells.addAll(List.of(f(u.sutCpu(), "%.2f"), f(scaled(u.sutNetBytesPerSecond(), 1e6), "%,.3f"),
            f(scaled(u.sutDiskWriteBytesPerSecond(), 1e6), "%,.3f"), f(u.instancesCpu(), "%.2f"),
            f(scaled(u.driverNetBytesPerSecond(), 1e6), "%,.3f")));
      }
      rows.add(cells);
    }
    return new Section("Read-only execution after the performance run (--queries-per-second): only dashboard queries,"
        + " paced, against the readings the iteration stored; latency from each query's scheduled instant; resources"
        + " over that execution alone, as in the table above", rows, "");
  }

  /**
   * The weighted score's table: per point each weighed figure normalised to its largest, the score and the rank,
   * and a note naming the formula, the weights and where they come from.
   */
  private static Section score(StudyTable t, WeightedScore score) {
    Map<ScoredFigure, Double> weights = score.weights().byFigure();
    List<String> head = new ArrayList<>(List.of(t.axisLabel()));
    weights.forEach((f, w) -> head.add(f.label() + (f.cost() ? " / max" : ": min / IoTps") + " (w " + plain(w)
        + ")"));
    head.addAll(List.of("score", "rank"));
    List<List<String>> rows = new ArrayList<>(List.of(head));
    for (WeightedScore.Point p : score.points()) {
      List<String> cells = new ArrayList<>(List.of(p.value()));
      weights.keySet().forEach(f -> cells.add(f(p.normalised().get(f), "%.2f")));
      cells.add(p.score() == null ? NA : String.format(Locale.ROOT, "%.0f%%", p.score()));
      cells.add(p.rank() == null ? NA : Integer.toString(p.rank()));
      rows.add(cells);
    }
    List<String> unscored = score.points().stream().filter(p -> !p.missing().isEmpty())
        .map(p -> t.axisLabel() + "=" + p.value() + " (" + String.join(", ", p.missing().stream()
            .map(ScoredFigure::key).toList()) + " not measured)").toList();
    String source = score.weights().source() == null ? "" : " Weights: " + score.weights().source() + ".";
    return new Section("Weighted score: [1 - sum(L / max(L) x w) / sum(w)] x 100 %, each figure L normalised to its"
        + " largest over the points (Arnst et al.'s scored ranking); 100 % is best", rows, (source
        + (unscored.isEmpty() ? "" : " Not scored: " + String.join(", ", unscored) + ".")).trim());
  }

  private static String plain(double w) {
    return w == Math.rint(w) ? Long.toString((long) w) : Double.toString(w);
  }

  /** A rate search's probes by offered rate, each with its verdict, and the bracket it ended with. */
  private static Section search(StudyTable t, RateSearch.Bracket b) {
    RateSearch s = t.spec().rateSearch();
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("rate per instance", "offered kvps/s", "achieved kvps/s", "achieved/offered",
        "highest p99 of a second after 10 s, ms", "whole-run ingest p99 ms", "verdict"));
    for (StudyRow r : t.rows()) {
      if (r.measured() && r.offeredRate() != null) {
        String failure = RateSearch.Probe.of(r).failure(s.ingestP99LimitMs());
        rows.add(List.of(Long.toString(r.rate()), f(r.offeredRate(), "%,.0f"), f(r.iotps(), "%,.0f"),
            f(100 * r.iotps() / r.offeredRate(), "%.1f%%"), f(r.ingestP99SettledMs(), "%,.1f"),
            f(r.ingestLatency().p99Ms(), "%,.1f"), failure.isEmpty() ? "pass" : "fail: " + failure));
      }
    }
    return new Section(String.format(Locale.ROOT, "Rate search: the highest offered rate achieved (at least 95%%)"
        + " with the ingest p99 of every second after the first 10 s within %s ms, probes by rate, each about %d s per"
        + " execution", RateSearch.plain(
            s.ingestP99LimitMs()), s.probeSeconds()), rows,
        b.describe(t.spec().searchedSubstations(), s.ingestP99LimitMs()) + ".");
  }

  private static Double scaled(Double bytes, double unit) {
    return bytes == null ? null : bytes / unit;
  }

  private static void addPercentiles(List<String> cells, LatencyPercentiles l) {
    cells.add(f(l.p50Ms(), "%,.3f"));
    cells.add(f(l.p99Ms(), "%,.3f"));
    cells.add(f(l.p999Ms(), "%,.3f"));
  }

  /** Scaling efficiency in a sweep of P; elsewhere the same ratio is only throughput against the first point. */
  private static String efficiencyLabel(StudyTable t) {
    return t.swept() == Swept.SUBSTATIONS || t.swept() == Swept.SUT_CPUS ? "efficiency" : "IoTps / first";
  }

  /** One row per point with every figure, plain numbers (no thousands separators), empty where not measured. */
  public static String csv(StudyTable t) {
    List<String> head = new ArrayList<>(List.of(t.swept() == Swept.SUBSTATIONS ? "swept P" : t.axisLabel(),
        "status", "run folder", "P", "K", "warmup s",
        "measured s", "IoTps", "per-sensor IoTps", efficiencyLabel(t), "ingest min s", "ingest max s", "ingest avg s",
        "ingest spread", "ingest p50 ms", "ingest p99 ms", "ingest p99.9 ms", "end to end p50 ms",
        "end to end p99 ms", "end to end p99.9 ms"));
    for (Operation q : StudyTable.QUERIES) {
      head.add(q.key() + " avg ms");
      head.add(q.key() + " p99 ms");
    }
    head.addAll(List.of("rate per instance", "offered kvps/s", "SUT CPU s/s", "IoTps per SUT CPU s", "driver CPU s/s",
        "SUT memory peak bytes", "SUT disk write bytes/s", "SUT folder growth bytes", "SUT network bytes/s",
        "instances CPU s/s", "instances memory peak bytes", "instances network bytes/s", "master CPU s/s",
        "master memory peak bytes", "start-up s", "reports s"));
    if (t.repeated()) {
      head.addAll(List.of("runs", "IoTps median", "IoTps 95% low", "IoTps 95% high", "IoTps min", "IoTps max"));
    }
    StringBuilder sb = new StringBuilder(csvLine(head));
    for (StudyRow r : t.rows()) {
      List<String> cells = new ArrayList<>(List.of(r.value(), r.status().toString(),
          r.runFolder() == null ? "" : r.runFolder(), c(r.substations()), c(r.kvps()), c(r.warmupSeconds()),
          c(r.measuredSeconds()), c(r.iotps()), c(r.perSensor()), c(r.efficiency()), c(r.ingestMinSeconds()),
          c(r.ingestMaxSeconds()), c(r.ingestAvgSeconds()), c(r.ingestSpread()),
          c(r.ingestLatency().p50Ms()), c(r.ingestLatency().p99Ms()), c(r.ingestLatency().p999Ms()),
          c(r.endToEnd().p50Ms()), c(r.endToEnd().p99Ms()), c(r.endToEnd().p999Ms())));
      for (Operation q : StudyTable.QUERIES) {
        cells.add(c(r.queryAvgMs().get(q)));
        cells.add(c(r.queryP99Ms().get(q)));
      }
      PointResources u = r.resources();
      cells.addAll(List.of(r.measured() ? Long.toString(r.rate()) : "", c(r.offeredRate()), c(u.sutCpu()),
          c(r.iotpsPerSutCpu()), c(u.driverCpu()), c(u.sutMemoryPeakBytes()), c(u.sutDiskWriteBytesPerSecond()),
          c(u.sutFolderGrowthBytes()), c(u.sutNetBytesPerSecond()), c(u.instancesCpu()), c(u.driverMemoryPeakBytes()),
          c(u.driverNetBytesPerSecond()), c(r.master().cpu()), c(r.master().memoryPeakBytes()),
          c(r.master().startupSeconds()), c(r.master().reportSeconds())));
      if (t.repeated()) {
        MedianInterval m = r.runs();
        cells.addAll(m == null ? List.of("0", "", "", "", "", "") : List.of(Integer.toString(m.n()), c(m.median()),
            c(m.low()), c(m.high()), c(m.min()), c(m.max())));
      }
      sb.append(csvLine(cells));
    }
    return sb.toString();
  }

  /**
   * Studies side by side: for each swept value (in the order the studies first list them), each study's IoTps,
   * per-sensor IoTps, efficiency, ingest spread, insert p99 and the average query latency over the templates.
   */
  public static String compare(List<StudyTable> studies) {
    StringBuilder sb = new StringBuilder();
    for (StudyTable t : studies) {
      sb.append(t.name()).append(": ").append(t.spec().describe()).append('\n');
    }
    sb.append('\n');
    record Figure(String name, Function<StudyRow, String> cell) {
    }
    List<Figure> figures = List.of(new Figure("IoTps", r -> f(r.iotps(), "%,.2f")),
        new Figure("per-sensor", r -> f(r.perSensor(), "%,.2f")),
        new Figure("efficiency", r -> f(r.efficiency(), "%.3f")),
        new Figure("ingest spread", r -> r.ingestSpread() == null ? NA : f(100 * r.ingestSpread(), "%.1f%%")),
        new Figure("ingest p99 ms", r -> f(r.ingestLatency().p99Ms(), "%,.3f")),
        new Figure("query avg ms", r -> f(queryAverage(r), "%,.3f")));
    for (Figure fig : figures) {
      List<List<String>> rows = new ArrayList<>();
      List<String> head = new ArrayList<>(List.of(studies.get(0).axisLabel()));
      studies.forEach(s -> head.add(s.name()));
      rows.add(head);
      for (String value : values(studies)) {
        List<String> cells = new ArrayList<>(List.of(value));
        for (StudyTable s : studies) {
          cells.add(s.rows().stream().filter(r -> r.value().equals(value)).findFirst().map(fig.cell())
              .orElse("–"));
        }
        rows.add(cells);
      }
      section(sb, fig.name(), rows);
    }
    if (studies.size() > 1 && studies.stream().allMatch(StudyTable::repeated)) {
      sb.append(apart(studies));
    }
    return sb.toString();
  }

  /**
   * For studies that ran their points several times: each study's IoTps median with its 95 % interval per swept
   * value, and whether it differs from the first study's beyond both intervals (they do not overlap).
   */
  private static String apart(List<StudyTable> studies) {
    StudyTable first = studies.get(0);
    List<List<String>> rows = new ArrayList<>();
    List<String> head = new ArrayList<>(List.of(first.axisLabel()));
    for (StudyTable s : studies) {
      head.add(s.name());
    }
    for (StudyTable s : studies.subList(1, studies.size())) {
      head.add(s.name() + " vs " + first.name());
    }
    rows.add(head);
    for (String value : values(studies)) {
      List<String> cells = new ArrayList<>(List.of(value));
      List<MedianInterval> intervals = new ArrayList<>();
      for (StudyTable s : studies) {
        MedianInterval m = s.rows().stream().filter(r -> r.value().equals(value)).findFirst().map(StudyRow::runs)
            .orElse(null);
        intervals.add(m);
        cells.add(m == null ? "–" : f(m.median(), "%,.0f") + " [" + f(m.low(), "%,.0f") + ", "
            + f(m.high(), "%,.0f") + "]");
      }
      for (int i = 1; i < intervals.size(); i++) {
        MedianInterval a = intervals.get(0);
        MedianInterval b = intervals.get(i);
        cells.add(a == null || b == null ? "–" : b.apartFrom(a)
            ? (b.median() > a.median() ? "higher" : "lower") + " beyond the intervals" : "within the intervals");
      }
      rows.add(cells);
    }
    StringBuilder sb = new StringBuilder();
    section(sb, "IoTps median [95% bootstrap interval] over each point's runs, and whether each study differs from "
        + first.name() + " beyond both intervals", rows);
    return sb.toString();
  }

  /** Every swept value of the studies, each once, in the order the studies first list them. */
  public static List<String> values(List<StudyTable> studies) {
    Set<String> values = new LinkedHashSet<>();
    studies.forEach(s -> s.rows().forEach(r -> values.add(r.value())));
    return List.copyOf(values);
  }

  /** The mean of the templates' average latencies, null without queries. */
  public static Double queryAverage(StudyRow r) {
    Map<Operation, Double> avg = r.queryAvgMs();
    return avg.isEmpty() ? null : avg.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  /** The row as given, or without its P column at {@code p}. */
  private static List<String> withP(boolean showP, int p, List<String> row) {
    if (showP) {
      return row;
    }
    List<String> out = new ArrayList<>(row);
    out.remove(p);
    return out;
  }

  private static void section(StringBuilder sb, String title, List<List<String>> rows) {
    sb.append(title).append('\n');
    int[] widths = new int[rows.get(0).size()];
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder("  ");
      for (int i = 0; i < row.size(); i++) {
        String cell = row.get(i);
        line.append(i == 0 ? cell + " ".repeat(widths[i] - cell.length())
            : "  " + " ".repeat(widths[i] - cell.length()) + cell);
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    sb.append('\n');
  }

  private static String f(Double v, String format) {
    return v == null ? NA : String.format(Locale.ROOT, format, v);
  }

  private static String num(Number v) {
    return v == null ? NA : String.format(Locale.ROOT, "%,d", v.longValue());
  }

  private static String c(Number v) {
    if (v == null) {
      return "";
    }
    if (v instanceof Double d) {
      // eight significant digits, never in exponent form, which some spreadsheets read as text
      return Double.isFinite(d) ? new java.math.BigDecimal(d).round(new java.math.MathContext(8))
          .stripTrailingZeros().toPlainString() : "";
    }
    return v.toString();
  }

  private static String csvLine(List<String> cells) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String cell = cells.get(i);
      if (i > 0) {
        sb.append(',');
      }
      sb.append(cell.contains(",") || cell.contains("\"") || cell.contains("\n")
          ? '"' + cell.replace("\"", "\"\"") + '"' : cell);
    }
    return sb.append('\n').toString();
  }
}
