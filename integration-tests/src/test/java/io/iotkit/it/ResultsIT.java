package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
      }
    }
    InstanceResult own = Json.read(dir.resolve("iteration-1/measured/instance-0.result.json"), InstanceResult.class);
    assertEquals("instance 0", own.resources().processes().get(0).name());
    assertTrue(Files.readString(dir.resolve("report.txt")).contains(": CPU mean "), "report.txt: a line per host");
  }

  private static Set<ValidationMessage> schemaErrors(Path runDir) throws Exception {
    JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
        .getSchema(Files.readString(runDir.resolve("result.schema.json")));
    JsonNode result = Json.mapper().readTree(runDir.resolve(RunFolder.RESULT).toFile());
    return schema.validate(result);
  }
}
