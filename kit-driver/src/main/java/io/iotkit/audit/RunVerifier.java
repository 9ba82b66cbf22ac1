package io.iotkit.audit;

import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.iotkit.binding.Aggregate;
import io.iotkit.check.ExecutionRules;
import io.iotkit.check.FileCheck;
import io.iotkit.check.FileManifest;
import io.iotkit.check.PricingRules;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Json;
import io.iotkit.model.KitLayout;
import io.iotkit.model.KitRelease;
import io.iotkit.model.Latency;
import io.iotkit.model.LatencyHistogram;
import io.iotkit.model.Metrics;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.RunResult;
import io.iotkit.model.SubstationCount;
import io.iotkit.report.ResultWriter;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Checks a run folder against its own evidence, as an auditor would on any machine with a kit of the run's release:
 * the folder's manifest; result.json against its schema; each phase's instances against the result files the
 * instances wrote and the interval logs the master kept of them; every figure and check the master derived
 * (latency summaries, data check counts, execution rules, each verdict, the metrics, the compliance verdict)
 * derived again by the kit's own code; and every document against what result.json renders.
 */
public final class RunVerifier {
  private final Path dir;
  private final KitLayout kit;
  private final List<Discrepancy> found = new ArrayList<>();

  private RunVerifier(Path dir, KitLayout kit) {
    this.dir = dir;
    this.kit = kit;
  }

  /** Everything in the folder that its evidence does not bear out; empty when the run verifies. */
  public static List<Discrepancy> verify(Path runDir, KitLayout kit) throws IOException {
    RunVerifier v = new RunVerifier(runDir, kit);
    v.run();
    return List.copyOf(v.found);
  }

  private void run() throws IOException {
    if (!RunFolder.of(dir).complete()) {
      found.add(new Discrepancy("folder", "marked " + RunFolder.INCOMPLETE + ": the run did not finish writing it"));
    }
    Optional<RunManifest> manifest = manifest();
    Path json = dir.resolve(RunFolder.RESULT);
    if (!Files.isRegularFile(json)) {
      found.add(new Discrepancy("file " + RunFolder.RESULT, "missing: there is no result to verify"));
      return;
    }
    byte[] bytes = Files.readAllBytes(json);
    if (!schemaValid(bytes)) {
      return;
    }
    RunResult r = Json.mapper().readValue(bytes, RunResult.class);
    manifest.ifPresent(m -> same("result.json kitVersion", r.kitVersion(), m.kitRelease()));
    for (IterationResult it : r.iterations()) {
      phase(it.number(), it.warmup());
      phase(it.number(), it.measured());
      iteration(it);
    }
    verdicts(r);
    pricing(r);
    metrics(r);
    compliance(r);
    fileCheck(r);
    documents(r);
  }

  private Optional<RunManifest> manifest() throws IOException {
    Optional<RunManifest> m = RunManifest.read(dir);
    if (m.isEmpty()) {
      found.add(new Discrepancy("file " + RunManifest.FILE, "missing: nothing shows the folder is as the run left"
          + " it"));
      return m;
    }
    String release = KitRelease.of(kit.home()).text();
    if (!m.get().kitRelease().equals(release)) {
      found.add(new Discrepancy("kit release", "the run was made by " + m.get().kitRelease() + ", this kit is "
          + release + "; verify with a kit of the run's release"));
    } else if (!m.get().kitManifestDigest().equals(RunManifest.kitManifestDigest(kit))) {
      found.add(Discrepancy.of("kit manifest digest", m.get().kitManifestDigest(),
          RunManifest.kitManifestDigest(kit) + " for this kit"));
    }
    found.addAll(m.get().differences(dir));
    return m;
  }

  private boolean schemaValid(byte[] json) throws IOException {
    var validator = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
        .getSchema(new String(ResultWriter.schema(), StandardCharsets.UTF_8));
    List<ValidationMessage> errors;
    try {
      errors = List.copyOf(validator.validate(Json.mapper().readTree(json)));
    } catch (IOException e) {
      found.add(new Discrepancy("result.json", "not JSON: " + e.getMessage().lines().findFirst().orElse("")));
      return false;
    }
    errors.forEach(e -> found.add(new Discrepancy("result.json schema", e.getMessage())));
    return errors.isEmpty();
  }

  /**
   * A phase's instances against their own result files and interval logs; its TS_end and its latency summaries
   * derived again.
   */
  private void phase(int n, PhaseResult phase) throws IOException {
    String kind = phase.measured() ? "measured" : "warmup";
    Path phaseDir = dir.resolve("iteration-" + n).resolve(kind);
    String name = "iteration " + n + " " + kind;
    long files = 0;
    if (Files.isDirectory(phaseDir)) {
      try (Stream<Path> s = Files.list(phaseDir)) {
        files = s.filter(p -> p.getFileName().toString().endsWith(".result.json")).count();
      }
    }
    same(name + " instances (their own result files)", (long) phase.instances().size(), files);
    for (InstanceResult i : phase.instances()) {
      String where = name + " instance " + i.instance();
      Path own = phaseDir.resolve("instance-" + i.instance() + ".result.json");
      if (!Files.isRegularFile(own)) {
        found.add(new Discrepancy(where, "its own result file " + dir.relativize(own) + " is missing"));
        continue;
      }
      InstanceResult o = Json.read(own, InstanceResult.class);
      same(where + " substation", i.substation(), o.substation());
      same(where + " kvps target", i.kvpsTarget(), o.kvpsTarget());
      same(where + " acknowledged", i.acknowledged(), o.acknowledged());
      same(where + " end (its last kvp acknowledged)", i.endMicros(), o.endMicros());
      same(where + " failed inserts", i.failedInserts(), o.failedInserts());
      same(where + " queries", i.queries(), o.queries());
      same(where + " failed queries", i.failedQueries(), o.failedQueries());
      same(where + " readings aggregated", i.readingsAggregated(), o.readingsAggregated());
      sameHistogram(where + " ingest latency", i.ingestHistogram(), o.ingestHistogram());
      sameHistogram(where + " insert call latency", i.insertHistogram(), o.insertHistogram());
      for (Aggregate a : Aggregate.values()) {
        sameHistogram(where + " " + Operation.query(a).key() + " latency", i.queryHistograms().get(a),
            o.queryHistograms().get(a));
      }
      Path log = phaseDir.resolve("instance-" + i.instance() + ".hlog");
      if (Files.isRegularFile(log)) {
        same(where + " readings in its interval log", o.ingestHistogram().count(), ingestCount(log));
      } else {
        found.add(new Discrepancy(where, "its interval log " + dir.relativize(log) + " is missing"));
      }
    }
    // TS_end, from which the elapsed time, the rules and IoTps follow: the last instance's end, no later
    same(name + " TS_end (the last instance's end)", phase.endMicros(),
        phase.instances().stream().mapToLong(InstanceResult::endMicros).max().orElse(phase.startMicros()));
    Map<Operation, Latency> derived = new LinkedHashMap<>(Latency.summaries(phase.instances()));
    if (phase.endToEnd() != null) {
      derived.put(Operation.END_TO_END, Latency.of(phase.endToEnd().micros().micros()));
    }
    same(name + " latency operations", phase.latency().keySet(), derived.keySet());
    derived.forEach((op, l) -> same(name + " " + op.key() + " latency", phase.latency().get(op), l));
  }

  /** Readings the instance's second frames reported: the ingest intervals of its log, added up. */
  private static long ingestCount(Path log) throws IOException {
    long n = 0;
    try (InputStream in = Files.newInputStream(log)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        if ("ingest".equals(h.getTag())) {
          n += ((org.HdrHistogram.Histogram) h).getTotalCount();
        }
      }
    }
    return n;
  }

  /** The data check's counts and the iteration's execution rules, derived again from its phases. */
  private void iteration(IterationResult it) {
    int n = it.number();
    Map<String, Long> stored = new LinkedHashMap<>();
    it.substationCounts().forEach(c -> stored.put(c.substation(), c.stored()));
    List<SubstationCount> counts = ExecutionRules.substationCounts(it.substations(), stored, it.warmup(),
        it.measured());
    same("iteration " + n + " substation counts", it.substationCounts(), counts);
    same("iteration " + n + " stored readings", it.storedReadings(),
        counts.stream().mapToLong(SubstationCount::stored).sum());
    boolean answersQueries = !it.checks().contains(ExecutionRules.queriesNotApplicable("iteration " + n
        + " measured"));
    // the rules derive again from the phases; checks on the store's own answers (its copies) stand as recorded
    for (CheckResult d : ExecutionRules.iteration(n, it.warmup(), it.measured(), counts, answersQueries)) {
      Optional<CheckResult> recorded = it.checks().stream().filter(c -> c.name().equals(d.name())).findFirst();
      same("check " + d.name(), recorded.map(CheckResult::line).orElse("missing"), d.line());
    }
  }

  /** Every check of a number passes exactly when its limit admits its figure. */
  private void verdicts(RunResult r) {
    for (CheckResult c : allChecks(r)) {
      if (c.measured().value() != null && c.limit().bound() != null) {
        boolean holds = c.limit().admits(c.measured().value());
        if (holds != c.passed()) {
          found.add(new Discrepancy("check " + c.name(), "recorded " + (c.passed() ? "PASS" : "FAIL") + ", but "
              + c.measured().text() + " against " + c.limit().text() + " is a " + (holds ? "PASS" : "FAIL")));
        }
      }
    }
  }

  /** The pricing rules, derived again from the pricing and system description the result holds. */
  private void pricing(RunResult r) {
    if (r.pricing() == null) {
      return;
    }
    List<CheckResult> derived = PricingRules.checks(r.pricing(), r.system(),
        PricingRules.reportDate(r.system(), r.started()));
    boolean checked = derived.stream().anyMatch(d -> r.prerequisites().stream().anyMatch(c -> c.name()
        .equals(d.name())));
    if (!checked && !r.completed()) {
      return; // the run ended before its prerequisites got that far
    }
    for (CheckResult d : derived) {
      Optional<CheckResult> recorded = r.prerequisites().stream().filter(c -> c.name().equals(d.name())).findFirst();
      same("check " + d.name(), recorded.map(CheckResult::line).orElse("missing"), d.line());
    }
  }

  private void metrics(RunResult r) {
    if (r.metrics() == null) {
      if (r.completed()) {
        found.add(new Discrepancy("metrics", "missing from a completed run"));
      }
      return;
    }
    if (r.iterations().isEmpty()) {
      found.add(new Discrepancy("metrics", "recorded for a run without a measured run"));
      return;
    }
    Metrics d = Metrics.compute(r.iterations(), r.pricing());
    Map<String, Function<Metrics, Object>> figures = new LinkedHashMap<>();
    figures.put("IoTps", Metrics::iotps);
    figures.put("performance iteration", Metrics::performanceIteration);
    figures.put("IoTps of each iteration", Metrics::iterationIotps);
    figures.put("difference between the iterations (%)", Metrics::differencePercent);
    figures.put("per-sensor rate", Metrics::perSensorRate);
    figures.put("total cost", Metrics::totalCost);
    figures.put("currency", Metrics::currency);
    figures.put("price per IoTps", Metrics::pricePerIotps);
    figures.put("price per kIoTps", Metrics::pricePerKiotps);
    figures.put("availability date", Metrics::availabilityDate);
    figures.forEach((name, f) -> same("metrics: " + name, f.apply(r.metrics()), f.apply(d)));
  }

  /** The compliance verdict and its reasons, derived from the checks and the abort reason alone. */
  private void compliance(RunResult r) {
    List<String> reasons = RunResult.reasons(allChecks(r), r.abortReason());
    same("compliant", r.compliant(), reasons.isEmpty());
    same("reasons it is not compliant", r.reasons(), reasons);
  }

  /** The kit file check, derived again from the digests the run kept against this kit's manifest. */
  private void fileCheck(RunResult r) throws IOException {
    Path digests = dir.resolve("kit-files.sha256");
    Optional<CheckResult> recorded = r.prerequisites().stream().filter(c -> c.name().equals(FileCheck.NAME))
        .findFirst();
    if (recorded.isEmpty() || !Files.isRegularFile(digests) || !Files.isRegularFile(kit.manifest())) {
      return;
    }
    CheckResult derived = FileCheck.compare(FileCheck.NAME, FileManifest.read(kit.manifest()),
        FileManifest.read(digests), "");
    same("check " + FileCheck.NAME, recorded.get().passed() + ": " + recorded.get().measured().text(),
        derived.passed() + ": " + derived.measured().text());
  }

  /** Every document against what the verified result renders with this kit. */
  private void documents(RunResult r) throws IOException {
    for (var d : ResultWriter.documents(dir, r, kit.fdrTemplates()).entrySet()) {
      Path f = dir.resolve(d.getKey());
      if (!Files.isRegularFile(f)) {
        found.add(new Discrepancy("file " + d.getKey(), "missing: result.json renders it"));
      } else if (!Arrays.equals(Files.readAllBytes(f), d.getValue())) {
        found.add(new Discrepancy("file " + d.getKey(), "differs from what result.json renders, from line "
            + firstDifferentLine(Files.readAllBytes(f), d.getValue())));
      }
    }
  }

  private static int firstDifferentLine(byte[] a, byte[] b) {
    int line = 1;
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] != b[i]) {
        return line;
      }
      if (a[i] == '\n') {
        line++;
      }
    }
    return line;
  }

  private static List<CheckResult> allChecks(RunResult r) {
    return RunResult.checksOf(r.prerequisites(), r.iterations(), r.cleanup());
  }

  private void same(String figure, Object recorded, Object derived) {
    if (!Objects.equals(recorded, derived)) {
      found.add(Discrepancy.of(figure, recorded, derived));
    }
  }

  private void sameHistogram(String figure, LatencyHistogram recorded, LatencyHistogram derived) {
    org.HdrHistogram.Histogram a = recorded == null ? null : recorded.micros();
    org.HdrHistogram.Histogram b = derived == null ? null : derived.micros();
    if (!Objects.equals(a, b)) {
      found.add(new Discrepancy(figure, "the histogram in result.json (" + (a == null ? "none" : a.getTotalCount()
          + " values") + ") is not the instance's own (" + (b == null ? "none" : b.getTotalCount() + " values")
          + ")"));
    }
  }
}
