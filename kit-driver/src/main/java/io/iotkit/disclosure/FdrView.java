package io.iotkit.disclosure;

import io.iotkit.model.ResultView;
import io.iotkit.model.RunResult;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * What the templates of the full disclosure report and the executive summary read: records of preformatted
 * strings, so the templates hold no logic beyond "if" and "for each". Mustache finds each name a template uses
 * as a record component or a method of that name; {@link #of} builds it from a run result.
 *
 * <p>A String component that may be null is a section the templates show only when it is there (an abort
 * reason, a check's "why", a "MISSING" in place of a whole part).
 */
record FdrView(Sponsor system, String kitVersion, String runId, String status, String abortReason, String started,
               String finished, boolean compliant, String compliance, List<String> reasons,
               List<String> warnings, Sut sut,
               Inputs inputs, Machine environment, Prices pricing, Figures metrics, List<Check> prerequisites,
               Check fileCheck, List<Check> cleanup, List<Iteration> iterations, List<Quantity> quantities,
               List<String> iterationNames, List<String> digests, List<String> missing,
               List<DriverHost> driverHosts, List<NameValue> dataLayout, String dataLayoutIteration) {

  /**
   * The view of a run's documents.
   *
   * @param digests the lines of the run folder's kit-files.sha256, or null when it has none
   */
  static FdrView of(RunResult result, List<String> digests) {
    ResultView v = ResultView.of(result);
    RunResult r = v.result();
    LocalDate finished = r.finished() == null ? null : LocalDate.ofInstant(r.finished(), ZoneOffset.UTC);
    return new FdrView(SponsorSection.of(r.system(), finished), FdrFormat.text(r.kitVersion()),
        FdrFormat.text(r.runId()), FdrFormat.text(r.status() == null ? null : r.status().name()), v.abortReason().isBlank() ? null : v.abortReason(),
        FdrFormat.utc(r.started()), FdrFormat.utc(r.finished()), r.compliant(),
        r.compliant() ? "COMPLIANT" : "NOT COMPLIANT", v.reasons(), v.warnings(),
        MachineSection.sut(r.sut(), v.sutSettings()),
        MachineSection.inputs(r.inputs()), MachineSection.environment(r.environment()),
        ResultSection.pricing(v.pricing()), ResultSection.metrics(v.metrics(), v.pricing()),
        ResultSection.checks(v.prerequisites()), ResultSection.fileCheck(v.prerequisites()),
        ResultSection.checks(v.cleanup()), v.iterations().stream().map(it -> ResultSection.iteration(it, v)).toList(),
        ResultSection.quantities(v.iterations()),
        v.iterations().stream().map(it -> "iteration " + it.number()).toList(),
        digests == null ? List.of() : digests, SponsorFields.missing(r.system(), r.pricing()),
        MachineSection.driverHosts(r.driverHosts()), MachineSection.dataLayout(layoutOf(v)), layoutIteration(v));
  }

  /** The first iteration whose layout the binding reported (both iterations lay their data out alike). */
  private static java.util.Optional<io.iotkit.model.IterationResult> layoutSource(ResultView v) {
    return v.iterations().stream().filter(it -> !it.dataLayout().isEmpty()).findFirst();
  }

  private static java.util.Map<String, String> layoutOf(ResultView v) {
    return layoutSource(v).map(io.iotkit.model.IterationResult::dataLayout).orElse(java.util.Map.of());
  }

  private static String layoutIteration(ResultView v) {
    return layoutSource(v).map(it -> Integer.toString(it.number())).orElse(null);
  }

  boolean hasDriverHosts() {
    return !driverHosts.isEmpty();
  }

  boolean hasDataLayout() {
    return !dataLayout.isEmpty();
  }

  boolean hasReasons() {
    return !reasons.isEmpty();
  }

  boolean hasWarnings() {
    return !warnings.isEmpty();
  }

  /** What the warnings are, and are not. */
  String warningNote() {
    return io.iotkit.model.ResultView.WARNING_NOTE;
  }

  boolean hasIterations() {
    return !iterations.isEmpty();
  }

  boolean hasDigests() {
    return !digests.isEmpty();
  }

  /** Whether the sponsor has left anything out: the documents then open with the list. */
  boolean hasMissing() {
    return !missing.isEmpty();
  }

  // ---- the sponsor's description ----

  /**
   * @param priced the priced configuration's hardware, the measured one's where the sponsor gave none apart (the
   *     executive summary's totals: its price/performance is the priced system's)
   * @param configurations the measured configuration, then the priced one, each described
   * @param tunablesMissing "MISSING" when the sponsor gave no list of tunables, else null
   * @param tunablesNone whether the sponsor's list of tunables is empty: every setting at its default
   * @param compilerOptions the compiler optimisation options the sponsor gives, or the sentence that says none
   */
  record Sponsor(String sponsor, String systemName, String reportDate, String auditor, Hardware priced,
                 List<Configuration> configurations, Software software, List<Tunable> tunables,
                 String tunablesMissing, boolean tunablesNone, boolean hasTunables, String compilerOptions,
                 String dataLayout, String pricedConfigurationDifferences) {
  }

  /**
   * One configuration of the FDR's section 2.
   *
   * @param title "Measured configuration" or "Priced configuration"
   * @param sameAsMeasured for a priced configuration the sponsor did not describe apart, the sentence that says it
   *     is the measured one; else null, and {@code hardware} describes it
   */
  record Configuration(String title, String sameAsMeasured, Hardware hardware) {
  }

  /** @param missing "MISSING" when the sponsor described no hardware at all, else null */
  record Hardware(String missing, String diagram, List<Node> nodes, String network, String other,
                  HardwareSummary summary) {

    String nodesMissing() {
      return nodes.isEmpty() ? FdrFormat.MISSING : null;
    }
  }

  /** One kind of node; {@code disks} is one line of all its disk groups. */
  record Node(String number, String role, String count, String model, String cpuModel, String cpuCount,
              String coresPerProcessor, String threadsPerCore, String caches, String memory,
              String memoryPartitioning, String disks, String storageControllers, String network) {
  }

  /** The executive summary's one-line totals over every node. */
  record HardwareSummary(String nodes, String processors, String cores, String threads, String memory,
                         String storage, String network) {
  }

  record Software(Product dbms, Product os, Product jvm, List<Product> other) {
  }

  /** @param full name and version in one, for the executive summary */
  record Product(String name, String version, String full) {
  }

  record Tunable(String component, String setting, String value) {
  }

  // ---- what the kit found and read ----

  record Sut(String description, String version, List<NameValue> settings) {

    boolean settingsNone() {
      return settings.isEmpty();
    }
  }

  /** A setting or measurement of the store, its value redacted when the name says it is a secret. */
  record NameValue(String name, String value) {
  }

  /** One driver host of a run over a host list, as its probe read it at the start. */
  record DriverHost(String name, String instances, String clock, String hostname, String cpuModel,
                    String logicalCpus, String memory, String jvm) {
  }

  record Inputs(String binding, String bindingProperties, String pricing, String systemDescription,
                String substations, String kvps, String threads, String kvpBytes, String pacing, String strict,
                String instanceJvmOptions) {
  }

  /** @param disksUnknown why no disk is listed ("unknown", "none found"), or null when some are */
  record Machine(String hostname, String os, String kernel, String architecture, String cpuModel,
                 String logicalCpus, String sockets, String physicalCores, String caches, String memory,
                 List<Disk> disks, String disksUnknown, String jvm, String masterJvmFlags,
                 String instanceJvmOptions) {

    boolean hasDisks() {
      return !disks.isEmpty();
    }
  }

  record Disk(String name, String model, String size, String kind) {
  }

  /** @param missing "MISSING" when the run had no pricing file, else null */
  record Prices(String missing, String sponsor, String system, String currency, List<LineItem> items,
                String total, String availabilityDate) {

    boolean given() {
      return missing == null;
    }
  }

  /** One line item as the pricing table shows it; "–" where a column does not apply, MISSING where it is owed. */
  record LineItem(String partNumber, String description, String source, String listPrice, String discount,
                  String unitPrice, String quantity, String extendedPrice, String maintenance,
                  String availabilityDate) {
  }

  /** The metrics of docs/PROTOCOL.md §5 as shown. */
  record Figures(String iotps, String totalCost, String pricePerIotps, String pricePerKiotps,
                 String availabilityDate, String performanceRun, String differencePercent, String perSensorRate) {
  }

  /** @param why one line on a failure, or null */
  record Check(String result, boolean passed, String name, String measured, String limit, String why) {
  }

  // ---- the iterations ----

  /**
   * @param resources one row per host and per SUT process, or none ({@code resourcesUnknown} says "not sampled")
   * @param spread one row, or none when the measured run has no instances ({@code spreadUnknown} says so)
   * @param endToEndClock for a store that delivers readings, how its end-to-end figures were timed; else null */
  record Iteration(String number, String substations, Phase warmup, Phase measured, String storedReadings,
                   List<NameValue> storeMeasurements, List<Spread> spread, String spreadUnknown,
                   List<SubstationTime> substationTimes, String queries, String readingsPerQuery,
                   String emptyWindows, List<LatencyRow> latency, String endToEndClock, List<Check> checks,
                   List<Usage> resources, String resourcesUnknown) {
  }

  /**
   * What one host, SUT process or the driver instances together used in the measured execution, each cell "mean / peak" of its per-second
   * series; a process's network is its TCP sockets' ("not measured" on another host than the master's), its disk
   * "not readable" where /proc said nothing.
   */
  record Usage(String what, String cpu, String memory, String diskRead, String diskWrite, String netRx,
               String netTx) {
  }

  record Phase(String start, String end, String elapsed, String kvps, String iotps, String steadyState,
               String startSpread, String driver) {
  }

  record Spread(String min, String max, String average, String spread) {
  }

  /** One substation's measured execution: its ingest time, kvps, and ingest latency p50 / p99 in ms ("–" if none). */
  record SubstationTime(String substation, String seconds, String kvps, String ingestP50, String ingestP99) {
  }

  /** One operation's latency; a query template's row also says its read amplification, the insert call's is "". */
  record LatencyRow(String name, String count, String min, String avg, String p50, String p95, String p99,
                    String max, String readAmplification) {
  }

  /** One row of the executive summary's numerical quantities: a label and one value per iteration. */
  record Quantity(String label, List<String> values) {
  }
}
