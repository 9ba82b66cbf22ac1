package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.iotkit.model.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HTML report in a real browser: its self-check script finds every chart, no script fails, and a
 * screenshot can be taken. Skipped only when no Chromium binary exists on this machine.
 *
 * <p>The page and its screenshot are left in target/report-preview/ for a person to look at.
 */
class HtmlReportInChromiumTest {
  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  private static final Path PREVIEW = Path.of("target", "report-preview");

  @BeforeEach
  void chromiumPresent() {
    assumeTrue(HeadlessChromium.find().isPresent(), "no Chromium binary on this machine");
  }

  private static Path write(String name, String html) throws IOException {
    Files.createDirectories(PREVIEW);
    Path file = PREVIEW.resolve(name);
    Files.writeString(file, html);
    return file;
  }

  @Test
  void reportRendersWithEveryChartAndNoScriptError() throws IOException {
    RunResult run = SampleRuns.completed();
    Path html = write("report.html", HtmlReport.render(run));
    String dom = HeadlessChromium.locate().dumpDom(html);
    assertTrue(dom.contains("data-report-status=\"ok\""), "self-check did not pass:\n" + status(dom));
    assertEquals("", scriptErrors(dom), "script errors");
    assertTrue(dom.contains(Html.iotps(run.metrics().iotps())), "IoTps figure");
  }

  @Test
  void abortedReportRendersToo() throws IOException {
    Path html = write("aborted.html", HtmlReport.render(SampleRuns.aborted()));
    String dom = HeadlessChromium.locate().dumpDom(html);
    assertTrue(dom.contains("data-report-status=\"ok\""), status(dom));
    assertEquals("", scriptErrors(dom));
  }

  @Test
  void screenshotIsAPng() throws IOException {
    Path html = write("report.html", HtmlReport.render(SampleRuns.completed()));
    Path png = PREVIEW.resolve("report.png");
    HeadlessChromium.locate().screenshot(html, png);
    byte[] bytes = Files.readAllBytes(png);
    assertTrue(bytes.length > 10_000, "PNG of " + bytes.length + " bytes");
    assertArrayEquals(PNG_MAGIC, Arrays.copyOf(bytes, PNG_MAGIC.length));
  }

  @Test
  void comparisonRendersWithItsCharts() throws IOException {
    Path html = write("comparison.html", ComparisonReport.html(ComparisonReportTest.twoRuns()));
    String dom = HeadlessChromium.locate().dumpDom(html);
    assertTrue(dom.contains("data-report-status=\"ok\""), status(dom));
    assertEquals("", scriptErrors(dom));
    HeadlessChromium.locate().screenshot(html, PREVIEW.resolve("comparison.png"), 1280, 2400);
  }

  private static String status(String dom) {
    Matcher m = Pattern.compile("<body[^>]*>").matcher(dom);
    return m.find() ? m.group() : dom.substring(0, Math.min(400, dom.length()));
  }

  private static String scriptErrors(String dom) {
    Matcher m = Pattern.compile("<pre id=\"script-errors\"[^>]*>(.*?)</pre>", Pattern.DOTALL).matcher(dom);
    assertTrue(m.find(), "no script-errors element in the DOM");
    return m.group(1);
  }
}
