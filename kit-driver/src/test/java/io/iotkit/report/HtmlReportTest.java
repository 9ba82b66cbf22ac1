package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.RunResult;
import io.iotkit.study.StudyRuns;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlReportTest {
  private static final Pattern NO_DATA = Pattern.compile(">no data<");

  /** The markup of one chart figure, from its opening tag to its end. */
  private static String figure(String html, String id) {
    Matcher m = Pattern.compile("<figure id=\"" + id + "\" class=\"chart\">(.*?)</figure>", Pattern.DOTALL)
        .matcher(html);
    assertTrue(m.find(), "no figure " + id);
    return m.group(1);
  }

  @Test
  void everyChartIsAFigureWithAnSvg() {
    String html = HtmlReport.render(SampleRuns.completed());
    assertEquals(7, HtmlReport.CHART_IDS.size());
    for (String id : HtmlReport.CHART_IDS) {
      String f = figure(html, id);
      assertTrue(f.contains("<svg "), id);
      assertFalse(NO_DATA.matcher(f).find(), id + " says no data although the run has data");
    }
  }

  @Test
  void theIngestRateChartNamesEachExecutionOnce() {
    String f = figure(HtmlReport.render(SampleRuns.completed()), HtmlReport.CHART_INGEST_RATE);
    assertTrue(f.contains(">iteration 2 measured<"), f);
    assertFalse(f.contains("iteration 1 iteration"), f);
  }

  @Test
  void headlineShowsTheMetricsAsComputed() {
    RunResult r = SampleRuns.completed();
    String html = HtmlReport.render(r);
    // 30,000,000 kvps in 1830 s (iteration 1, the slower measured run)
    assertEquals("16,393.44", Html.iotps(r.metrics().iotps()));
    assertTrue(html.contains("<div class=\"value\">16,393.44</div>"), "IoTps card");
    assertTrue(html.contains(Html.fmt("<div class=\"value\">%,.4f</div>", r.metrics().pricePerIotps())));
    assertTrue(html.contains(Html.fmt("<div class=\"value\">%,.2f</div>", r.metrics().pricePerKiotps())));
    assertTrue(html.contains("USD/IoTps") && html.contains("USD/kIoTps"));
    assertTrue(html.contains("2026-05-15"), "availability date");
    assertTrue(html.contains(">NOT COMPLIANT<"));
    assertTrue(html.contains("<li>iteration 2 measured elapsed time: 1790.000 s (limit &gt;= 1800 s)</li>"), html);
  }

  @Test
  void theFooterSaysWhatTheKitIsNot() {
    String html = HtmlReport.render(SampleRuns.completed());
    Matcher m = Pattern.compile("<footer class=\"legal\" id=\"legal\">(.*?)</footer>", Pattern.DOTALL).matcher(html);
    assertTrue(m.find(), "no footer");
    String footer = m.group(1).replaceAll("\\s+", " ");
    assertTrue(footer.contains("Apache License 2.0"), footer);
    assertTrue(footer.contains("not the TPC's TPCx-IoT kit"), footer);
    assertTrue(footer.contains("trademarks of the Transaction Processing Performance Council"), footer);
    assertTrue(footer.contains("not a TPC result unless it is audited and published under the TPC's policies"),
        footer);
  }

  @Test
  void checksAndIterationsAreTabulated() {
    String html = HtmlReport.render(SampleRuns.completed());
    assertTrue(html.contains("<td>iteration 2 measured elapsed time</td><td>1790.000 s</td><td>&gt;= 1800 s</td>"
        + "<td class=\"fail\">FAIL</td>"));
    assertTrue(html.contains("<td>cleanup: SUT restarted</td>"));
    assertTrue(html.contains("<td>2026-03-02 09:00:00.000</td>"), "warmup 1 TS_start in UTC");
    assertTrue(html.contains("measured (performance run)"));
  }

  @Test
  void theLatencyDistributionPlotsIngestAndEveryTemplateToP9999() {
    String f = figure(HtmlReport.render(SampleRuns.completed()), HtmlReport.CHART_LATENCY_DISTRIBUTION);
    for (String series : List.of("ingest (to acknowledgement)", "query max", "query min", "query avg",
        "query count")) {
      assertTrue(f.contains(series), series + " in " + f);
    }
    assertTrue(f.contains("percentile in nines"), f);
  }

  @Test
  void theLatencyDistributionPlotsEndToEndWhereAReaderMeasuredIt() {
    String without = figure(HtmlReport.render(SampleRuns.completed()), HtmlReport.CHART_LATENCY_DISTRIBUTION);
    assertFalse(without.contains(Operation.END_TO_END.label()), without);
    String with = figure(HtmlReport.render(StudyRuns.withEndToEnd(SampleRuns.completed(), 7_000)),
        HtmlReport.CHART_LATENCY_DISTRIBUTION);
    assertTrue(with.contains(Operation.END_TO_END.label()), with);
  }

  @Test
  void theLatencyTableHasEachTemplatesReadAmplification() {
    String f = figure(HtmlReport.render(SampleRuns.completed()), HtmlReport.CHART_QUERY_TEMPLATES);
    assertTrue(f.contains("<th class=\"num\">read amplification</th>"), f);
    // SampleRuns: the store reads each window exactly, COUNT's a tenth more; ingest and the insert call have none
    assertTrue(Pattern.compile("<td>query max</td>.*?<td class=\"num\">1\\.00× \\([0-9,]+ read / [0-9,]+ "
        + "aggregated\\)</td></tr>").matcher(f).find(), f);
    assertTrue(Pattern.compile("<td>query count</td>.*?<td class=\"num\">1\\.10× ").matcher(f).find(), f);
    for (String op : new String[] {"ingest \\(to acknowledgement\\)", "insert call"}) {
      assertTrue(Pattern.compile("<td>" + op + "</td>(<td class=\"num\">[^<]+</td>){7}<td class=\"num\"></td></tr>")
          .matcher(f).find(), f);
    }
  }

  @Test
  void noExternalReferenceAnywhere() {
    for (RunResult r : List.of(SampleRuns.completed(), SampleRuns.aborted())) {
      String html = HtmlReport.render(r);
      assertFalse(html.contains("http://") || html.contains("https://"), "external URL in the report");
      assertFalse(Pattern.compile("(src|href)\\s*=", Pattern.CASE_INSENSITIVE).matcher(html).find(),
          "the page loads nothing");
    }
  }

  @Test
  void textFromTheResultIsEscaped() {
    RunResult r = SampleRuns.withPrerequisite(SampleRuns.completed(),
        CheckResult.of("<b>odd</b> & \"check\"", "<i>1</i>", "<script>x</script>", false, "why <u>"));
    String html = HtmlReport.render(r);
    assertFalse(html.contains("<b>odd</b>"));
    assertTrue(html.contains("&lt;b&gt;odd&lt;/b&gt; &amp; &quot;check&quot;"));
    assertFalse(html.contains("<script>x</script>"));
    assertFalse(html.contains("<u>"));
    // one script element only: the self-check
    assertEquals(1, Pattern.compile("<script>").matcher(html).results().count());
  }

  @Test
  void abortedRunSaysWhyAndEveryChartSaysNoData() {
    String html = HtmlReport.render(SampleRuns.aborted());
    assertTrue(html.contains("status ABORTED: memory: connection refused"));
    assertTrue(html.contains("<li>run aborted: memory: connection refused</li>"));
    assertTrue(html.contains("<div class=\"value\">–</div>"), "no IoTps figure");
    for (String id : HtmlReport.CHART_IDS) {
      assertTrue(NO_DATA.matcher(figure(html, id)).find(), id);
    }
  }

  @Test
  void emptySeriesAndLatencyGiveNoDataCharts() {
    RunResult full = SampleRuns.completed();
    List<IterationResult> bare = full.iterations().stream().map(it -> new IterationResult(it.number(),
        it.substations(), strip(it.warmup()), strip(it.measured()), it.storedReadings(), it.substationCounts(),
        it.storeMeasurements(),
        it.checks(), it.dataLayout())).toList();
    RunResult r = new RunResult(full.kitVersion(), full.runId(), full.status(), full.abortReason(), full.started(),
        full.finished(), full.inputs(), full.environment(), full.system(), full.sut(), full.sutSettings(),
        full.prerequisites(), bare, full.cleanup(), full.metrics(), full.pricing(), full.compliant(),
        full.reasons(), full.driverHosts(), full.sutOutages());
    String html = HtmlReport.render(r);
    assertTrue(NO_DATA.matcher(figure(html, HtmlReport.CHART_INGEST_RATE)).find());
    assertTrue(NO_DATA.matcher(figure(html, HtmlReport.CHART_QUERY_LATENCY)).find());
    assertTrue(NO_DATA.matcher(figure(html, HtmlReport.CHART_QUERY_TEMPLATES)).find());
    String resources = figure(html, HtmlReport.CHART_RESOURCES);
    assertTrue(NO_DATA.matcher(resources).find() && resources.contains("Resource usage: not sampled"), resources);
    // per-substation figures come from the instances, which are still there
    assertFalse(NO_DATA.matcher(figure(html, HtmlReport.CHART_SUBSTATION_INGEST)).find());
  }

  @Test
  void resourceUsageIsChartedPerHostAndPerProcessGroupForEachMeasuredRun() {
    String f = figure(HtmlReport.render(SampleRuns.completed()), HtmlReport.CHART_RESOURCES);
    for (int it = 1; it <= 2; it++) {
      String host = "gw-01 (master, driver, sut), iteration " + it + " measured";
      for (String chart : List.of("CPU of " + host, "Memory of " + host, "Disk of " + host, "Network of " + host,
          "CPU per process, iteration " + it + " measured", "Resident memory per process, iteration " + it
              + " measured", "Network per side (TCP sockets, loopback included), iteration " + it + " measured")) {
        assertTrue(f.contains(chart), chart);
      }
    }
    assertFalse(f.contains("warmup"), "measured runs only");
    // one line per CPU state, per SUT node, and the instances as one group
    for (String line : List.of(">user<", ">system<", ">iowait<", ">SUT datanode 1<", ">SUT regionserver 1<",
        ">instances (4, together)<", ">master<", ">read<", ">written<", ">received<", ">sent<", ">SUT received<",
        ">instances sent<")) {
      assertTrue(f.contains(line), line);
    }
    assertEquals(14, Pattern.compile("<svg ").matcher(f).results().count(), "7 charts per measured run");
  }

  private static PhaseResult strip(PhaseResult p) {
    return new PhaseResult(p.name(), p.measured(), p.startMicros(), p.endMicros(), p.instances(),
        PhaseSeries.empty(), Map.of());
  }

  @Test
  void theReportFromResultJsonIsTheSame() throws Exception {
    // Reports are made again from result.json by `tpcx-iot.sh report`; nothing may depend on in-memory state.
    RunResult r = SampleRuns.completed();
    var mapper = io.iotkit.model.Json.mapper();
    RunResult back = mapper.readValue(mapper.writeValueAsString(r), RunResult.class);
    assertEquals(HtmlReport.render(r), HtmlReport.render(back));
  }

  @Test
  void perSensorRateIsAgainstTheProtocolLimit() {
    RunResult r = SampleRuns.completed();
    String f = figure(HtmlReport.render(r), HtmlReport.CHART_SENSOR_RATE);
    assertTrue(f.contains("minimum 20 kvps/s per sensor"), f.substring(0, 300));
    var i = r.iterations().get(0).measured().instances().get(1);
    String rate = LineChart.number(i.acknowledged() / i.ingestSeconds() / 200);
    assertTrue(f.contains("substation " + i.substation() + ", average rate per sensor: " + rate), rate);
  }

  @Test
  void substationSpreadIsStated() {
    RunResult r = SampleRuns.completed();
    var s = io.iotkit.model.Metrics.IngestSpread.of(r.iterations().get(1).measured());
    String f = figure(HtmlReport.render(r), HtmlReport.CHART_SUBSTATION_INGEST);
    assertTrue(f.contains(Html.fmt("<td>iteration 2</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f</td>"
        + "<td class=\"num\">%.1f</td><td class=\"num\">%.1f %%</td>", s.min(), s.max(), s.average(),
        s.spreadPercent())), f);
  }
}
