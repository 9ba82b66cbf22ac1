package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.disclosure.Disclosure;
import io.iotkit.disclosure.DisclosureFixture;
import io.iotkit.model.BenchResult;
import io.iotkit.model.RunResult;
import io.iotkit.study.PointState;
import io.iotkit.study.StudyRuns;
import io.iotkit.study.StudySpec;
import io.iotkit.study.StudyTable;
import io.iotkit.template.HtmlEscape;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every HTML page the kit writes, rendered from inputs whose every text (the sponsor's system description and
 * pricing, the SUT's description and settings, the binding's name, check names and reasons, run and folder names,
 * bench labels, study names) ends in markup: each page shows that text escaped exactly once, and no markup of it
 * gets through.
 */
class HostileTextTest {
  /** What a sponsor's field might hold: an element, and each character that ends or starts an attribute value. */
  static final String HOSTILE = "<script>alert(1)</script>\"'=`&";
  private static final String ESCAPED = HtmlEscape.escape(HOSTILE);

  @TempDir
  Path runDir;

  /**
   * The page holds the hostile text only as the one escaper writes it: with every such occurrence taken out, no
   * trace of it is left (a raw or a twice-escaped one would leave "alert"). The page's own scripts are the
   * template's: {@code scripts} of them.
   */
  private static void assertEscaped(String page, String html, int scripts) {
    assertTrue(html.contains(ESCAPED), page + " shows none of the hostile text");
    String rest = html.replace(ESCAPED, "");
    assertFalse(rest.contains("alert"), page + " has the hostile text other than escaped once");
    assertEquals(scripts, Pattern.compile("<script", Pattern.CASE_INSENSITIVE).matcher(html).results().count(),
        page + ": a script element the template does not have");
  }

  @Test
  void theRunReportEscapesEveryTextOfTheResult() {
    assertEscaped("run report", HtmlReport.render(hostile(SampleRuns.completed())), 1);
    assertEscaped("aborted run report", HtmlReport.render(hostile(SampleRuns.aborted())), 1);
  }

  @Test
  void theDisclosureDocumentsEscapeEverySponsorField() throws Exception {
    RunResult r = hostile(SampleRuns.completed());
    Map<String, String> documents = Disclosure.render(runDir, r, Path.of("..", "fdr-templates"));
    for (String html : List.of("fdr.html", "executive-summary.html")) {
      assertEscaped(html, documents.get(html), 0);
      assertTrue(documents.get(html).contains(HtmlEscape.escape(r.pricing().lineItems().get(0).description())),
          "a price line's description, escaped");
    }
    assertTrue(documents.get("fdr.html").contains(HtmlEscape.escape(r.system().auditor())), "the auditor, escaped");
  }

  @Test
  void theComparisonEscapesRunNamesAndResults() {
    assertEscaped("comparison", ComparisonReport.html(List.of(
        new ComparisonReport.Run(HOSTILE + "a", hostile(SampleRuns.completed())),
        new ComparisonReport.Run(HOSTILE + "b", hostile(SampleRuns.compliant())))), 1);
  }

  @Test
  void theBenchPageEscapesItsLabels() {
    BenchResult.Figure f = new BenchResult.Figure("part", "ops/s", "kit", "reference", new double[] {3, 1, 2},
        new double[] {1, 2, 4}, new double[] {6, 2, 4}, new double[] {2, 1, 8}, new BenchResult.Targets(2.0, 0.6,
        null));
    BenchResult b = new BenchResult("2026-01-01T00:00", DisclosureFixture.environment(), new double[] {1, 2, 3},
        new double[] {1, 2, 3}, 3, 1.0, List.of(f), List.of(new BenchResult.Measurement("memory", "MiB", "rss",
        new double[] {1, 2, 3}, 10.0)), "client on CPU 0", List.of("store: refused"));
    assertEscaped("bench", BenchReport.html(hostile(b)), 1);
  }

  @Test
  void theStudyPagesEscapeBindingsAndFolders() {
    StudySpec spec = new StudySpec(List.of("hbase", "kafka"), List.of("1"), null, null, null, null, 1000L, null,
        null, null, null, null, false, null, null, null).validated();
    StudyTable t = hostile(new StudyTable("bindings", spec, List.of(
        StudyTable.row("hbase", PointState.Status.DONE, "runs/a", StudyRuns.even(1000, 1, 10, 500)),
        StudyTable.row("kafka", PointState.Status.FAILED, "runs/b", null))));
    assertEscaped("study", StudyReport.html(t), 1);
    assertEscaped("studies", StudyReport.compare(List.of(t, t)), 1);
  }

  /** {@code value} with the hostile text after every String in it, in records, lists and maps at any depth. */
  @SuppressWarnings("unchecked")
  static <T> T hostile(T value) {
    return (T) taint(value);
  }

  private static Object taint(Object o) {
    if (o instanceof String s) {
      return s + HOSTILE;
    }
    if (o instanceof List<?> list) {
      return list.stream().map(HostileTextTest::taint).toList();
    }
    if (o instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(taint(k), taint(v)));
      return out;
    }
    if (o != null && o.getClass().isRecord()) {
      try {
        RecordComponent[] components = o.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
          components[i].getAccessor().setAccessible(true);
          values[i] = taint(components[i].getAccessor().invoke(o));
        }
        Constructor<?> c = o.getClass().getDeclaredConstructor(
            Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        c.setAccessible(true);
        return c.newInstance(values);
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(o.getClass() + " cannot be rebuilt", e);
      }
    }
    return o;
  }
}
