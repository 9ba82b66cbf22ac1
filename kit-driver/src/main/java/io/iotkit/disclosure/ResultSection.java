package io.iotkit.disclosure;

import static io.iotkit.disclosure.FdrFormat.MISSING;
import static io.iotkit.disclosure.FdrFormat.NOT_MEASURED;
import static io.iotkit.disclosure.FdrFormat.UNKNOWN;
import static io.iotkit.disclosure.FdrFormat.blank;
import static io.iotkit.disclosure.FdrFormat.count;
import static io.iotkit.disclosure.FdrFormat.decimals;
import static io.iotkit.disclosure.FdrFormat.money;
import static io.iotkit.disclosure.FdrFormat.seconds;
import static io.iotkit.disclosure.FdrFormat.text;

import io.iotkit.binding.Aggregate;
import io.iotkit.check.FileCheck;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Metrics;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.Pricing;
import io.iotkit.model.QueryReads;
import io.iotkit.model.ResultView;
import io.iotkit.model.UtcTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/** What the run measured and what it cost: pricing, metrics, checks and the iterations, as the documents show them. */
final class ResultSection {
  private static final FdrView.Phase NO_PHASE =
      new FdrView.Phase(NOT_MEASURED, NOT_MEASURED, NOT_MEASURED, NOT_MEASURED, NOT_MEASURED, NOT_MEASURED,
          NOT_MEASURED, NOT_MEASURED);

  private ResultSection() {
  }

  static FdrView.Prices pricing(Optional<Pricing> pricing) {
    if (pricing.isEmpty()) {
      return new FdrView.Prices(MISSING, null, null, MISSING, List.of(), MISSING, MISSING);
    }
    Pricing p = pricing.get();
    List<Pricing.LineItem> lineItems = p.lineItems() == null ? List.of() : p.lineItems();
    List<FdrView.LineItem> items = lineItems.stream().map(ResultSection::lineItem).toList();
    boolean priced = !lineItems.isEmpty();
    return new FdrView.Prices(null, text(p.sponsor()), text(p.system()), text(p.currency()), items,
        priced ? money(p.totalCost()) : UNKNOWN, priced ? p.availabilityDate().toString() : UNKNOWN);
  }

  private static FdrView.LineItem lineItem(Pricing.LineItem i) {
    return new FdrView.LineItem(i.partNumber() == null ? MISSING : text(i.partNumber()), text(i.description()),
        i.source() == null ? MISSING : text(i.source()), i.listPrice() == null ? "–" : money(i.listPrice()),
        i.discountPercent() == null ? "–" : decimals("%.1f %%", i.discountPercent()), money(i.unitPrice()),
        count(i.quantity()), money(i.extendedPrice()),
        i.maintenanceMonths() == null ? "–" : i.maintenanceMonths() + " months", FdrFormat.date(i.availabilityDate()));
  }

  static FdrView.Figures metrics(Optional<Metrics> metrics, Optional<Pricing> pricing) {
    if (metrics.isEmpty()) {
      // No metric without both measured runs; cost and availability are the pricing file's, known regardless.
      Optional<Pricing> priced = pricing.filter(p -> p.lineItems() != null && !p.lineItems().isEmpty());
      return new FdrView.Figures(NOT_MEASURED,
          priced.map(p -> text(p.currency()) + " " + money(p.totalCost())).orElse(MISSING), NOT_MEASURED,
          NOT_MEASURED, priced.map(p -> p.availabilityDate().toString()).orElse(MISSING), NOT_MEASURED,
          NOT_MEASURED, NOT_MEASURED);
    }
    Metrics x = metrics.get();
    String cur = text(x.currency());
    return new FdrView.Figures(decimals("%,.2f", x.iotps()), cur + " " + money(x.totalCost()),
        Double.isFinite(x.pricePerIotps())
            ? String.format(Locale.ROOT, "%s %,.4f per IoTps", cur, x.pricePerIotps()) : "n/a (IoTps is 0)",
        Double.isFinite(x.pricePerKiotps())
            ? String.format(Locale.ROOT, "%s %,.2f per kIoTps", cur, x.pricePerKiotps()) : "n/a (IoTps is 0)",
        FdrFormat.date(x.availabilityDate()), "iteration " + x.performanceIteration(),
        decimals("%.2f%%", x.differencePercent()), decimals("%.2f kvps/s", x.perSensorRate()));
  }

  static List<FdrView.Check> checks(List<CheckResult> checks) {
    return checks.stream().map(c -> new FdrView.Check(c.passed() ? "PASS" : "FAIL", c.passed(), text(c.name()),
        text(c.measured().text()), text(c.limit().text()), blank(c.why()) ? null : c.why())).toList();
  }

  /** The kit file check among the prerequisites, or how it reads when it did not run. */
  static FdrView.Check fileCheck(List<CheckResult> prerequisites) {
    return prerequisites.stream().filter(p -> FileCheck.NAME.equals(p.name())).findFirst()
        .map(c -> new FdrView.Check(c.passed() ? "PASS" : "FAIL", c.passed(), c.name(), text(c.measured().text()),
            text(c.limit().text()), null))
        .orElse(new FdrView.Check("not run", false, FileCheck.NAME, "not run",
            "all kit files match audit/kit-files.sha256", null));
  }

  /** An iteration's section; its executions' start spreads are said where {@code view} (may be null) is given. */
  static FdrView.Iteration iteration(IterationResult it, ResultView view) {
    List<FdrView.NameValue> store = new ArrayList<>();
    new TreeMap<>(it.storeMeasurements()).forEach((k, v) ->
        store.add(new FdrView.NameValue(k, FdrFormat.setting(k, text(v)))));
    // beside the store's figures, what the driver's own store client counted (requests, retries), per execution
    for (PhaseResult ph : ResultView.phases(it)) {
      ph.clientCounters().forEach((k, n) -> store.add(new FdrView.NameValue("driver's client count, "
          + (ph.measured() ? "measured run" : "warmup") + ": " + text(k), count(n))));
    }
    PhaseResult p = it.measured();
    boolean ran = p != null && !p.instances().isEmpty();
    List<FdrView.Spread> spread = List.of();
    if (ran) {
      Metrics.IngestSpread s = Metrics.IngestSpread.of(p);
      spread = List.of(new FdrView.Spread(seconds(s.min()), seconds(s.max()), seconds(s.average()),
          decimals("%.1f%%", s.spreadPercent())));
    }
    return new FdrView.Iteration(Integer.toString(it.number()),
        it.substations() == null ? UNKNOWN : String.join(", ", it.substations()), phase(it.warmup(), view),
        phase(p, view), count(it.storedReadings()), store, spread, ran ? null : NOT_MEASURED,
        ran ? p.instances().stream().map(ResultSection::substationTime).toList() : List.of(),
        ran ? count(p.queries()) : NOT_MEASURED, ran ? decimals("%.1f", p.readingsPerQuery()) : NOT_MEASURED,
        ran ? count(p.instances().stream().mapToLong(i -> i.emptyWindows()).sum()) : NOT_MEASURED,
        latency(p), endToEndClock(p), checks(it.checks()), ResourceSection.rows(p), ResourceSection.unknown(p));
  }

  private static FdrView.Phase phase(PhaseResult p) {
    return phase(p, null);
  }

  /** A phase's row; its start spread is said only where {@code v} gives the driver hosts' clocks. */
  private static FdrView.Phase phase(PhaseResult p, ResultView v) {
    if (p == null) {
      return NO_PHASE;
    }
    return new FdrView.Phase(UtcTime.ofMicros(p.startMicros()), UtcTime.ofMicros(p.endMicros()),
        decimals("%.3f", p.elapsedSeconds()), count(p.acknowledged()), decimals("%,.2f", p.iotps()),
        p.steadyState().text(), v == null ? NOT_MEASURED : v.startText(p), p.driverHeadroom().text());
  }

  /** How the end-to-end row was timed: a reader on the master, the driver hosts' clock offsets applied. */
  private static String endToEndClock(PhaseResult p) {
    if (p == null || p.endToEnd() == null) {
      return null;
    }
    return "End to end: from each reading's generation to the moment a reader on the master held it; "
        + p.endToEnd().clockText() + ".";
  }

  private static List<FdrView.LatencyRow> latency(PhaseResult p) {
    if (p == null) {
      return List.of();
    }
    List<FdrView.LatencyRow> rows = new ArrayList<>();
    Map<Aggregate, QueryReads> reads = p.queryReads();
    p.latency().forEach((op, l) -> {
      if (l != null) {
        Function<Double, String> ms = v -> decimals("%.3f", v);
        rows.add(new FdrView.LatencyRow(op.label(),
            count(l.count()), ms.apply(l.minMs()), ms.apply(l.meanMs()), ms.apply(l.p50Ms()), ms.apply(l.p95Ms()),
            ms.apply(l.p99Ms()), ms.apply(l.maxMs()), op.isQuery() ? QueryReads.text(reads, op.template()) : ""));
      }
    });
    return rows;
  }

  private static FdrView.SubstationTime substationTime(InstanceResult i) {
    Histogram h = i.ingestHistogram() == null ? null : i.ingestHistogram().micros();
    boolean any = h != null && h.getTotalCount() > 0;
    return new FdrView.SubstationTime(text(i.substation()), seconds(i.ingestSeconds()), count(i.acknowledged()),
        any ? decimals("%.3f", h.getValueAtPercentile(50) / 1e3) : "–",
        any ? decimals("%.3f", h.getValueAtPercentile(99) / 1e3) : "–");
  }

  /** The executive summary's numerical quantities: one row per figure, one column per iteration. */
  static List<FdrView.Quantity> quantities(List<IterationResult> its) {
    return List.of(
        quantity("warmup TS_start (UTC)", its, it -> phase(it.warmup()).start()),
        quantity("warmup TS_end (UTC)", its, it -> phase(it.warmup()).end()),
        quantity("warmup elapsed (s)", its, it -> phase(it.warmup()).elapsed()),
        quantity("measured TS_start (UTC)", its, it -> phase(it.measured()).start()),
        quantity("measured TS_end (UTC)", its, it -> phase(it.measured()).end()),
        quantity("measured elapsed (s)", its, it -> phase(it.measured()).elapsed()),
        quantity("measured kvps", its, it -> phase(it.measured()).kvps()),
        quantity("measured IoTps", its, it -> phase(it.measured()).iotps()));
  }

  private static FdrView.Quantity quantity(String label, List<IterationResult> its,
                                           Function<IterationResult, String> value) {
    return new FdrView.Quantity(label, its.stream().map(value).toList());
  }
}
