package io.iotkit.disclosure;

import io.iotkit.binding.Aggregate;
import io.iotkit.check.FileCheck;
import io.iotkit.model.CheckResult;
import io.iotkit.model.DriverHostResult;
import io.iotkit.model.Environment;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.SubstationCount;
import io.iotkit.model.Latency;
import io.iotkit.model.Metrics;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.SampleUsage;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.QueryReads;
import io.iotkit.model.Pricing;
import io.iotkit.model.RunInputs;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import io.iotkit.model.SystemDescription;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A synthetic run with round figures, so tests can assert exact values: iteration 1 measured 10,000,000 kvps in
 * 2,000 s (5,000 IoTps), iteration 2 measured 9,000,000 kvps in 2,000 s (4,500 IoTps, the performance run), priced
 * at USD 60,000.00 (USD 13.3333 per IoTps).
 */
public final class DisclosureFixture {
  /** 2026-01-01T00:00:00Z in epoch µs. */
  static final long T0 = Instant.parse("2026-01-01T00:00:00Z").getEpochSecond() * 1_000_000;
  static final long SECOND = 1_000_000;
  /** A credential the binding (wrongly) reported: it must never reach a document. */
  static final String SECRET = "hunter2-s3cret";

  private DisclosureFixture() {
  }

  static Pricing pricing() {
    return new Pricing("ACME", "Gateway 9000", "USD", List.of(
        new Pricing.LineItem("R740-GW", "server", "list", 13_889.17, 10.0, 12_500.25, 4, null, "ACME R740",
            LocalDate.of(2026, 2, 1)),
        new Pricing.LineItem("SUP-3Y", "3-year support", "quote", null, null, 9_999.0, 1, 36, null,
            LocalDate.of(2026, 4, 30))));
  }

  /** A full description whose priced configuration differs from the measured one (memory, a second switch). */
  public static SystemDescription system() {
    return new SystemDescription("ACME <Labs> & Co", "Gateway 9000", null, "Jane Auditor, Audit Inc.",
        new SystemDescription.Hardware("Figure 1 of this report", List.of(regionServers("512 GiB")),
            "one 25 GbE switch", "none"),
        new SystemDescription.Hardware("Figure 2 of this report", List.of(regionServers("1 TiB")),
            "two 25 GbE switches, redundant", "none"),
        new SystemDescription.Software(new SystemDescription.Product("Apache HBase", "2.5.10"),
            new SystemDescription.Product("Debian GNU/Linux", "12"),
            new SystemDescription.Product("OpenJDK", "17.0.12"), List.of()),
        List.of(new SystemDescription.Tunable("hbase-site.xml", "hbase.regionserver.handler.count", "60"),
            new SystemDescription.Tunable("kafka", "kafka.sasl.password", SECRET)),
        "ZooKeeper's native client library built with gcc -O2 -march=x86-64-v2",
        "table iot, one column family, 64 pre-split regions, 3 replicas",
        "the priced nodes have 1 TiB of memory each, and a second switch");
  }

  /** The same description as an older kit's: no priced configuration of its own, no compiler options. */
  public static SystemDescription systemPricedAsMeasured() {
    SystemDescription d = system();
    return new SystemDescription(d.sponsor(), d.systemName(), d.reportDate(), d.auditor(), d.hardware(),
        d.software(), d.tunables(), d.dataLayout(), "none");
  }

  private static SystemDescription.Node regionServers(String memory) {
    return new SystemDescription.Node("HBase region server", 4, "ACME R740",
        new SystemDescription.Processors("Xeon Gold 6338", 2, 32, 2, "L2 1.25 MiB per core, L3 48 MiB"),
        memory, "none", List.of(new SystemDescription.Disks(8, "NVMe SSD", "3.84 TB")),
        "PCIe 4.0 NVMe, direct attached", "2 × 25 GbE");
  }

  public static Environment environment() {
    return new Environment("gw1", "Debian GNU/Linux 12 (bookworm)", "6.1.0-18-amd64", "amd64", "AMD EPYC", 2, 1, 2,
        List.of(new Environment.Cache("L1d", 48L * 1024), new Environment.Cache("L3", 32L * 1024 * 1024)),
        24L * 1024 * 1024 * 1024, List.of(new Environment.Disk("vda", null, 100L * 1024 * 1024 * 1024, false)),
        "Eclipse Adoptium OpenJDK 64-Bit Server VM 17.0.12+7", List.of("-Xmx1g", "-Dkit.home=/opt/kit"),
        List.of("-Xms256m", "-Xmx1g"));
  }

  static RunResult run(SystemDescription system, Pricing pricing) {
    List<IterationResult> its = List.of(iteration(1, T0, 10_000_000), iteration(2, T0 + 10_000 * SECOND, 9_000_000));
    Metrics metrics = pricing == null ? null : Metrics.compute(its, pricing);
    Map<String, String> sut = new LinkedHashMap<>();
    sut.put("version", "2.5.10");
    sut.put("setting.hbase.regionserver.handler.count", "60");
    sut.put("setting.hbase.zookeeper.client.keytab.password", SECRET);
    RunInputs inputs = new RunInputs(2, 10_000_000, 1024, "hbase", 10, 1, false, "workloads/hbase.properties",
        "workloads/pricing.json", "workloads/system.json", List.of("-Xms256m", "-Xmx1g"), null, 0,
        io.iotkit.model.Arrivals.FIXED, false, java.util.Map.of("hbase.batch.size", "10"), 0, 0, null);
    List<CheckResult> prerequisites = List.of(
        CheckResult.pass(FileCheck.NAME, "all 42 files match", "all 42 files match"),
        CheckResult.of("replication factor", "1 (embedded standalone HBase)", ">= 3", false, "use 3 copies"));
    List<CheckResult> cleanup = List.of(CheckResult.pass("cleanup: readings left after purge", "0", "0"));
    return new RunResult("0.1.0", "20260101-000000", RunStatus.COMPLETED, "", Instant.ofEpochSecond(T0 / SECOND - 60),
        Instant.parse("2026-01-01T05:00:00Z"), inputs, environment(), system, "embedded standalone HBase 2.5.10",
        sut, prerequisites, its, cleanup, metrics, pricing, false,
        List.of("replication factor: 1 (embedded standalone HBase) (limit >= 3)"),
        List.of(new DriverHostResult("bench@driver1:2222", "/opt/kit", List.of(0), 1_250, 180, environment()),
            new DriverHostResult("driver2", "/opt/kit", List.of(1), -420, 95, environment())), List.of());
  }

  /** Warmup from {@code start} for 1,900 s, measured 100 s later for 2,000 s, two substations each half. */
  private static IterationResult iteration(int n, long start, long kvps) {
    long mStart = start + 2_000 * SECOND;
    PhaseResult warmup = phase("warmup", false, start, 1_900, kvps, 1_900);
    PhaseResult measured = phase("measured", true, mStart, 1_900, kvps, 2_000);
    return new IterationResult(n, List.of("s" + n + "a", "s" + n + "b"), warmup, measured, 2 * kvps,
        List.of(new SubstationCount("s" + n + "a", kvps, kvps), new SubstationCount("s" + n + "b", kvps, kvps)),
        Map.of("hbase regions", "64"), List.of(CheckResult.pass("measured elapsed time", "2000.000 s", ">= 1800 s")),
        Map.of("table", "iot_readings", "regions", "2", "split points", "s" + n + "b"));
  }

  /** Two instances: the first ends after {@code firstSeconds}, the second (and the phase) after {@code lastSeconds}. */
  private static PhaseResult phase(String name, boolean measured, long start, long firstSeconds, long kvps,
                                   long lastSeconds) {
    List<InstanceResult> instances = List.of(
        instance(0, "sub-a", start, start + firstSeconds * SECOND, kvps / 2),
        instance(1, "sub-b", start, start + lastSeconds * SECOND, kvps - kvps / 2));
    Map<Operation, Latency> latency = new LinkedHashMap<>();
    latency.put(Operation.INSERT, new Latency(10, 0.1, 0.5, 0.4, 0.9, 1.2, 3.0));
    latency.put(Operation.QUERY_MAX, new Latency(100, 1.0, 2.5, 2.0, 4.0, 5.5, 9.876));
    latency.put(Operation.QUERY_MIN, new Latency(90, 1.1, 2.2, 2.1, 3.9, 4.4, 7.125));
    latency.put(Operation.QUERY_COUNT, new Latency(80, 1.0, 2.0, 2.0, 3.0, 4.0, 5.0));
    // iteration 1's measured run was sampled (a short series keeps the golden copies small), iteration 2's not
    ResourceUsage resources = measured && start < T0 + 3_000 * SECOND ? SampleUsage.of(40, 2, 13)
        : ResourceUsage.none();
    return new PhaseResult(name, measured, start, start + lastSeconds * SECOND, instances, PhaseSeries.empty(),
        latency, resources);
  }

  private static InstanceResult instance(int i, String substation, long start, long end, long kvps) {
    // MAX read exactly its windows, MIN twice as much; COUNT aggregated nothing, AVG's store could not tell
    Map<Aggregate, QueryReads> reads = Map.of(Aggregate.MAX, new QueryReads(125_000, 125_000, 0),
        Aggregate.MIN, new QueryReads(125_000, 250_000, 0), Aggregate.COUNT, new QueryReads(0, 40, 0),
        Aggregate.AVG, new QueryReads(0, 0, 10));
    // ingest latency: 97 % of the readings at 2 ms (the second substation's at 3 ms), 3 % at 40 ms
    org.HdrHistogram.Histogram ingest = new org.HdrHistogram.Histogram(3);
    ingest.recordValueWithCount(i == 0 ? 2_000 : 3_000, 97);
    ingest.recordValueWithCount(40_000, 3);
    return new InstanceResult(i, substation, kvps, kvps, 0, start, end, 1_000, 0, 250_000, 0, reads, null,
        new io.iotkit.model.LatencyHistogram(ingest), Map.of(), new long[0], null, null, Map.of(),
        i == 0 ? 3_000L : 41_000L);
  }
}
