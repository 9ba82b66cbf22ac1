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
import java.util.List;
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
    folder.writeAtomically(SCHEMA, schema());
    Path text = folder.writeAtomically("report.txt", RunReport.render(result));
    Path html = folder.writeAtomically("report.html", HtmlReport.render(result));
    List<Path> disclosure = Disclosure.write(folder, result, templates);
    for (IterationResult it : result.iterations()) {
      histograms(folder, "histograms/iteration-" + it.number() + "-warmup.hlog", it.warmup());
      histograms(folder, "histograms/iteration-" + it.number() + "-measured.hlog", it.measured());
    }
    return new Written(json, text, html, disclosure.get(0), disclosure.get(1), disclosure.get(2),
        disclosure.get(3));
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

  private static void histograms(RunFolder folder, String name, PhaseResult phase) throws IOException {
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
    folder.writeAtomically(name, bytes.toByteArray());
  }

  private static void write(HistogramLogWriter w, Histogram h, String tag, PhaseResult phase) {
    h.setTag(tag);
    h.setStartTimeStamp(phase.startMicros() / 1_000);
    h.setEndTimeStamp(phase.endMicros() / 1_000);
    w.outputIntervalHistogram(h);
  }
}
