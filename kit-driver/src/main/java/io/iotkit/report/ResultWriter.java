package io.iotkit.report;

import io.iotkit.binding.Aggregate;
import io.iotkit.disclosure.Disclosure;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Json;
import io.iotkit.model.Latency;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.RunResult;
import io.iotkit.result.RunFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a run's results into its folder: result.json (the whole {@link RunResult}) and its schema, then every
 * report rendered from it alone: report.txt, report.html, the full disclosure report and executive summary
 * (Markdown and HTML), and each phase's merged latency histograms as
 * HdrHistogram logs (readable by HistogramLogProcessor and HdrHistogram's plotters). Each file is written whole
 * or not at all; the caller marks the folder complete when everything is written.
 */
public final class ResultWriter {
  public static final String SCHEMA = "result.schema.json";

  private ResultWriter() {
  }

  /** Where the main outputs went, for the user. */
  public record Written(Path result, Path textReport, Path htmlReport, Path fdrMarkdown, Path fdrHtml,
                        Path summaryMarkdown, Path summaryHtml) {
  }

  /**
   * Writes result.json, its schema, and every report rendered from it.
   *
   * @param templates the kit's fdr-templates folder
   */
  public static Written write(RunFolder folder, RunResult result, Path templates) throws IOException {
    Path json = folder.writeAtomically(RunFolder.RESULT, Json.bytes(result));
    for (var d : documents(folder.dir(), result, templates).entrySet()) {
      folder.writeAtomically(d.getKey(), d.getValue());
    }
    return new Written(json, folder.file("report.txt"), folder.file("report.html"), folder.file("fdr.md"),
        folder.file("fdr.html"), folder.file("executive-summary.md"), folder.file("executive-summary.html"));
  }

  /**
   * Every file {@link #write} renders from the result, by its path in the run folder, in the order they are
   * written: the schema, the text and HTML reports, the disclosure documents and the phases' histogram logs. The
   * same result and kit give the same bytes, which is what lets an auditor check the documents against it.
   */
  public static Map<String, byte[]> documents(Path runDir, RunResult result, Path templates) throws IOException {
    Map<String, byte[]> all = new LinkedHashMap<>();
    all.put(SCHEMA, schema());
    all.put("report.txt", RunReport.render(result).getBytes(StandardCharsets.UTF_8));
    all.put("report.html", HtmlReport.render(result).getBytes(StandardCharsets.UTF_8));
    Disclosure.render(runDir, result, templates).forEach((name, text) -> all.put(name,
        text.getBytes(StandardCharsets.UTF_8)));
    for (IterationResult it : result.iterations()) {
      all.put("histograms/iteration-" + it.number() + "-warmup.hlog", histograms(it.warmup()));
      all.put("histograms/iteration-" + it.number() + "-measured.hlog", histograms(it.measured()));
    }
    return all;
  }

  /** A PNG of the HTML report beside it, drawn by headless Chromium. */
  public static Path screenshot(RunFolder folder) throws IOException {
    Path png = folder.file("report.png");
    HeadlessChromium.locate().screenshot(folder.file("report.html"), png);
    return png;
  }

  /** The JSON Schema of result.json, as the kit ships it. */
  public static byte[] schema() throws IOException {
    try (InputStream in = ResultWriter.class.getResourceAsStream("/io/iotkit/model/" + SCHEMA)) {
      if (in == null) {
        throw new IOException(SCHEMA + " is missing from the kit's jar");
      }
      return in.readAllBytes();
    }
  }

  private static byte[] histograms(PhaseResult phase) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment(phase.name() + ": latency in microseconds");
      w.outputLogFormatVersion();
      w.outputStartTime(phase.startMicros() / 1_000);
      w.outputLegend();
      write(w, Latency.ingest(phase), Operation.INGEST.key(), phase);
      write(w, Latency.inserts(phase), Operation.INSERT.key(), phase);
      for (Aggregate a : Aggregate.values()) {
        write(w, Latency.queries(phase, a), Operation.query(a).key(), phase);
      }
    }
    return bytes.toByteArray();
  }

  private static void write(HistogramLogWriter w, Histogram h, String tag, PhaseResult phase) {
    h.setTag(tag);
    h.setStartTimeStamp(phase.startMicros() / 1_000);
    h.setEndTimeStamp(phase.endMicros() / 1_000);
    w.outputIntervalHistogram(h);
  }
}
