package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Json;
import io.iotkit.model.Latency;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.RunResult;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.report.HeadlessChromium;
import io.iotkit.report.HtmlReport;
import io.iotkit.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run leaves for people and scripts, from a real small run on the local MariaDB: progress lines,
 * result.json valid against its schema, the configuration without secrets, the HTML report rendered in real
 * headless Chromium with every chart, the FDR and executive summary, and `report` making them all again
 * byte for byte from result.json.
 */
class ResultsIT {
  private static final long K = 100_000; // some seconds per execution: progress lines and several seconds of series
  /** The files `report` regenerates, which must come out identical. */
  private static final List<String> REPORTS = List.of(RunFolder.RESULT, "report.txt", "report.html", "fdr.md",
      "fdr.html", "executive-summary.md", "executive-summary.html");

  @Test
  void aRunLeavesReportsThatPeopleAndScriptsCanRead(@TempDir Path work) throws Exception {
    String password = "pw-results-it";
    Path props = work.resolve("mysql.properties");
    Files.writeString(props, "mysql.user=kit_results\nmysql.password=" + password + "\n");
    KitProcess.CompletedRun run = KitProcess.runToCompletion(work, "-b", "mysql", "-p", "2", "-k",
        Long.toString(K), "--binding-properties", props.toString(), "--progress-interval", "1", "--screenshot");
    Path dir = run.runDir();
    RunResult r = run.result();
    String stdout = run.process().stdout();
    KitProcess.assertExactDataChecks(r, K);

    // Progress: output is not a terminal here, so plain lines without control characters.
    assertTrue(Pattern.compile("iteration \\d (warmup|measured) +\\d+% [\\d,]+/100,000 kvps \\| [\\d,]+ IoTps now")
        .matcher(stdout).find(), stdout);
    assertFalse(stdout.contains("\r") || stdout.contains("\033"), "no terminal control characters in plain output");

    // The run ends with where everything is.
    for (String label : List.of("HTML report:", "full disclosure report:", "executive summary:", "result.json:")) {
      String line = stdout.lines().filter(l -> l.startsWith(label)).findFirst()
          .orElseThrow(() -> new AssertionError("no '" + label + "' line in:\n" + stdout));
      assertTrue(Files.isRegularFile(Path.of(line.substring(label.length()).trim())), line);
    }

    // result.json: valid against the schema the run folder carries, and whole.
    assertEquals(Set.of(), schemaErrors(dir));
    assertFalse(Files.exists(dir.resolve(RunFolder.INCOMPLETE)));
    for (IterationResult it : r.iterations()) {
      long perSecond = java.util.Arrays.stream(it.measured().series().kvps()).sum();
      assertEquals(it.measured().acknowledged(), perSecond, "the per-second series adds up to the kvps");
      assertTrue(it.measured().series().length() >= 2, "a few seconds of series");
      assertTrue(it.measured().latency().get(Operation.QUERY_AVG).count() > 0);
      // every acknowledged reading has its ingest latency, from its generation to the store's acknowledgement
      Latency ingest = it.measured().latency().get(Operation.INGEST);
      assertEquals(it.measured().acknowledged(), ingest.count());
      assertTrue(ingest.maxMs() > 0 && ingest.p50Ms() <= ingest.maxMs(), ingest.toString());
    }
    assertTrue(Files.exists(dir.resolve("iteration-1/measured/instance-0.hlog")), "interval logs are kept");
    assertResourcesSampled(r, dir);

    // The configuration is kept, without the password.
    String kept = Files.readString(dir.resolve("config/binding.properties"));
    assertTrue(kept.contains("mysql.user=kit_results"), kept);
    assertFalse(kept.contains(password), kept);
    assertTrue(Files.isRegularFile(dir.resolve("config/pricing.json")));

    assertVerifyCatchesEdits(work, dir, r);

    // The HTML report in a real browser: scripts ran without error, the metric and every chart are there.
    Assumptions.assumeTrue(HeadlessChromium.find().isPresent(), "Chromium is not installed");
    String dom = HeadlessChromium.locate().dumpDom(dir.resolve("report.html"));
    assertTrue(dom.contains("data-report-status=\"ok\""), "the report's scripts ran to their end");
    assertFalse(Pattern.compile("<pre id=\"script-errors\"[^>]*>[^<]+</pre>").matcher(dom).find(),
        "script errors: " + dom);
    assertTrue(dom.contains(String.format(Locale.ROOT, "%,.2f", r.metrics().iotps())), "the IoTps figure");
    for (String id : HtmlReport.CHART_IDS) {
      assertTrue(Pattern.compile("id=\"" + id + "\"[^>]*>.*?<svg", Pattern.DOTALL).matcher(dom).find(),
          "chart " + id + " is drawn");
    }
    byte[] png = Files.readAllBytes(dir.resolve("report.png"));
    assertTrue(png.length > 10_000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG screenshot");

    // `report` makes every report again from result.json alone, byte for byte.
    Map<String, byte[]> before = new LinkedHashMap<>();
    for (String f : REPORTS) {
      before.put(f, Files.readAllBytes(dir.resolve(f)));
    }
    for (String f : REPORTS.subList(1, REPORTS.size())) { // all but result.json itself
      Files.delete(dir.resolve(f));
    }
    KitProcess.Finished again = KitProcess.run(work, 2, "report", dir.toString());
    assertEquals(0, again.exitCode(), again.stderr());
    for (String f : REPORTS) {
      assertArrayEquals(before.get(f), Files.readAllBytes(dir.resolve(f)), f + " made again identically");
    }
    assertEquals(0, KitProcess.run(work, 2, "verify", dir.toString()).exitCode(), "a folder whose reports were made"
        + " again still verifies");

    // `compare` puts runs side by side (here the run with itself) and writes the HTML page.
    Path page = work.resolve("cmp/comparison.html");
    KitProcess.Finished cmp = KitProcess.run(work, 2, "compare", dir.toString(), dir.toString(), "-o", page.toString());
    assertEquals(0, cmp.exitCode(), cmp.stderr());
    String iotps = String.format(Locale.ROOT, "%,.2f", r.metrics().iotps());
    assertTrue(cmp.stdout().lines().anyMatch(l -> l.split(iotps, -1).length == 3), "IoTps twice in a row:\n"
        + cmp.stdout());
    assertTrue(Files.readString(page).contains(iotps));
  }

  /**
   * {@code verify} passes the untouched folder and names what differs in copies edited three ways: a figure in
   * result.json (also with the manifest written again over the edit, as a forger would), an instance's interval
   * log, and an HTML document; {@code report} refuses the edited folder; {@code package} archives the untouched one
   * and prints the archive's digest.
   */
  private static void assertVerifyCatchesEdits(Path work, Path dir, RunResult r) throws Exception {
    KitProcess.Finished ok = KitProcess.run(work, 2, "verify", dir.toString());
    assertEquals(0, ok.exitCode(), ok.stdout());
    assertTrue(ok.stdout().startsWith("verified: " + dir), ok.stdout());

    Path figure = copy(dir, work.resolve("edited-figure"));
    JsonNode json = Json.mapper().readTree(figure.resolve(RunFolder.RESULT).toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) json.get("metrics")).put("iotps", r.metrics().iotps() * 10);
    Json.mapper().writeValue(figure.resolve(RunFolder.RESULT).toFile(), json);
    String edited = assertDoesNotVerify(work, figure, "file result.json: changed since the run",
        "metrics: IoTps: recorded " + r.metrics().iotps() * 10 + ", the evidence gives " + r.metrics().iotps(),
        "file report.html: differs from what result.json renders");
    KitProcess.Finished report = KitProcess.run(work, 2, "report", figure.toString());
    assertEquals(2, report.exitCode(), report.stdout());
    assertTrue(report.stderr().contains("does not match its manifest run-files.sha256"), report.stderr());
    assertEquals(1, report.stderr().strip().lines().count(), "one line: " + report.stderr());
    // a forger who writes the manifest again over the edit is still caught by the evidence
    io.iotkit.audit.RunManifest.read(figure).orElseThrow().redigested(figure).write(figure);
    String forged = assertDoesNotVerify(work, figure, "metrics: IoTps: recorded");
    assertFalse(forged.contains("file result.json: changed"), forged);

    Path log = copy(dir, work.resolve("edited-interval-log"));
    Path hlog = log.resolve("iteration-1/measured/instance-0.hlog");
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(hlog));
    // every ingest interval out: any single second may have acknowledged nothing, the whole log cannot
    assertTrue(lines.removeIf(l -> l.startsWith("Tag=ingest")));
    Files.write(hlog, lines);
    assertDoesNotVerify(work, log, "file iteration-1/measured/instance-0.hlog: changed since the run",
        "iteration 1 measured instance 0 readings in its interval log: recorded");

    Path html = copy(dir, work.resolve("edited-html"));
    String page = Files.readString(html.resolve("report.html"));
    String iotps = String.format(Locale.ROOT, "%,.2f", r.metrics().iotps());
    assertTrue(page.contains(iotps), "the HTML report shows IoTps");
    Files.writeString(html.resolve("report.html"), page.replace(iotps, String.format(Locale.ROOT, "%,.2f",
        r.metrics().iotps() * 10)));
    assertDoesNotVerify(work, html, "file report.html: changed since the run",
        "file report.html: differs from what result.json renders");

    KitProcess.Finished pkg = KitProcess.run(work, 2, "package", dir.toString(), "-o",
        work.resolve("audit.zip").toString());
    assertEquals(0, pkg.exitCode(), pkg.stderr());
    assertTrue(pkg.stdout().contains("SHA-256:       " + io.iotkit.check.FileManifest.sha256(work.resolve(
        "audit.zip"))), pkg.stdout());
    try (var zip = new java.util.zip.ZipFile(work.resolve("audit.zip").toFile())) {
      String root = dir.getFileName() + "/";
      assertTrue(zip.getEntry(root + "run-files.sha256") != null && zip.getEntry(root + RunFolder.RESULT) != null
          && zip.getEntry("kit/audit/kit-files.sha256") != null, "the folder, its manifest and the kit's");
    }
    assertEquals(2, KitProcess.run(work, 2, "package", html.toString()).exitCode(), "an edited folder is refused");
  }

  /** verify on {@code dir} exits 1 and prints each of {@code expected} at the start of a line; returns its output. */
  private static String assertDoesNotVerify(Path work, Path dir, String... expected) throws Exception {
    KitProcess.Finished v = KitProcess.run(work, 2, "verify", dir.toString());
    assertEquals(1, v.exitCode(), v.stdout() + v.stderr());
    for (String e : expected) {
      assertTrue(v.stdout().lines().anyMatch(l -> l.startsWith(e)), "'" + e + "' in:\n" + v.stdout());
    }
    assertTrue(v.stdout().strip().endsWith(dir + " does not verify"), v.stdout());
    return v.stdout();
  }

  private static Path copy(Path from, Path to) throws Exception {
    try (var all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Files.copy(p, to.resolve(from.relativize(p).toString()));
      }
    }
    return to;
  }

  /**
   * Each execution's resource usage: one host (master, driver and SUT at once), second by second over the
   * execution; the master's JVM, each instance's and the MariaDB servers' processes; the SUT's writes reached
   * the disks; the instances' copies are in their own result files, not repeated in result.json.
   */
  private static void assertResourcesSampled(RunResult r, Path dir) throws Exception {
    for (IterationResult it : r.iterations()) {
      for (PhaseResult p : List.of(it.warmup(), it.measured())) {
        ResourceUsage u = p.resources();
        String what = "iteration " + it.number() + " " + p.name();
        assertEquals(1, u.hosts().size(), what + ": " + u.hosts());
        ResourceUsage.HostUsage host = u.hosts().get(0);
        assertEquals(List.of("master", "driver", "sut"), host.roles(), what);
        int seconds = (int) Math.ceil(p.elapsedSeconds());
        assertTrue(host.seconds() >= seconds - 1 && host.seconds() <= seconds, what + ": " + host.seconds()
            + " seconds sampled for " + p.elapsedSeconds() + " s");
        assertTrue(Arrays.stream(host.cpuBusy()).sum() > 0, what + ": the host was busy");
        assertTrue(Arrays.stream(host.memUsedBytes()).allMatch(m -> m > 0 && m < host.memTotalBytes()), what);
        assertEquals(List.of("master", "instance 0", "instance 1"), u.processes().stream()
            .filter(x -> !x.role().equals("sut")).map(ResourceUsage.ProcessUsage::name).toList(), what);
        for (ResourceUsage.ProcessUsage x : u.processes()) {
          assertTrue(Arrays.stream(x.cpuSeconds()).sum() > 0, what + ": " + x.name() + " used CPU");
          assertTrue(Arrays.stream(x.rssBytes()).max().orElse(0) > 1 << 20, what + ": " + x.name() + " RSS");
        }
        List<ResourceUsage.ProcessUsage> sut = u.processesOf("sut");
        assertFalse(sut.isEmpty(), what + ": the MariaDB servers are sampled");
        long sutWrites = sut.stream().filter(ResourceUsage.ProcessUsage::diskMeasured)
            .mapToLong(x -> Arrays.stream(x.diskWriteBytes()).sum()).sum();
        assertTrue(sutWrites > 0, what + ": the SUT wrote to disk");
        // the host's disks lag the process's count (write_bytes counts pages as dirtied, the disk as written
        // back), so within one short execution they are only known to have written something
        assertTrue(Arrays.stream(host.diskWriteBytes()).sum() > 0, what + ": the host's disks wrote");
        assertTrue(p.instances().stream().allMatch(i -> i.resources() == null), "no copies in result.json");
        assertTrafficPerSide(u, p, what);
      }
    }
    InstanceResult own = Json.read(dir.resolve("iteration-1/measured/instance-0.result.json"), InstanceResult.class);
    assertEquals("instance 0", own.resources().processes().get(0).name());
    assertTrue(Files.readString(dir.resolve("report.txt")).contains(": CPU mean "), "report.txt: a line per host");
  }

  /**
   * Network per side, loopback included: the instances sent at least the readings' bytes, and the MariaDB servers
   * received what the instances sent (and what the primary shipped to its replicas, so never less); the local
   * server's folder grew by at least the readings' bytes.
   */
  private static void assertTrafficPerSide(ResourceUsage u, PhaseResult p, String what) {
    ResourceUsage.Traffic drivers = u.traffic("driver");
    ResourceUsage.Traffic sut = u.traffic("sut");
    assertNotNull(drivers, what + ": the local instances' sockets are counted");
    assertNotNull(sut, what + ": the local servers' sockets are counted");
    long readingBytes = p.acknowledged() * WorkloadSpec.KVP_BYTES;
    assertTrue(drivers.sentBytes() >= readingBytes, what + ": the instances sent " + drivers.sentBytes()
        + " bytes for " + readingBytes + " bytes of readings");
    // a socket that closes between two readings loses its last partial second: a few percent at most
    assertTrue(sut.receivedBytes() >= 0.95 * drivers.sentBytes(), what + ": the servers received "
        + sut.receivedBytes() + " bytes of the instances' " + drivers.sentBytes());
    assertTrue(drivers.receivedBytes() > 0 && sut.sentBytes() > 0, what + ": answers came back");
    assertNotNull(u.sutFolder(), what + ": the local server's folder is measured");
    assertTrue(u.sutFolder().growthBytes() > 0, what + ": " + u.sutFolder());
  }

  private static Set<ValidationMessage> schemaErrors(Path runDir) throws Exception {
    JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
        .getSchema(Files.readString(runDir.resolve("result.schema.json")));
    JsonNode result = Json.mapper().readTree(runDir.resolve(RunFolder.RESULT).toFile());
    return schema.validate(result);
  }
}
