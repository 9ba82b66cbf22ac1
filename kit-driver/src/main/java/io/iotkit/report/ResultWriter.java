package io.iotkit.report;

import io.iotkit.binding.Aggregate;
import io.iotkit.metrics.Latency;
import io.iotkit.result.IterationResult;
import io.iotkit.result.Json;
import io.iotkit.result.PhaseResult;
import io.iotkit.result.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a run's folder: run.json (the whole {@link RunResult}), report.txt, and each phase's merged latency
 * histograms as HdrHistogram logs (readable by HistogramLogProcessor and HdrHistogram's plotters).
 */
public final class ResultWriter {
  private ResultWriter() {
  }

  public static void write(Path runDir, RunResult result) throws IOException {
    Json.write(runDir.resolve("run.json"), result);
    Files.writeString(runDir.resolve("report.txt"), RunReport.render(result));
    Path hdir = runDir.resolve("histograms");
    for (IterationResult it : result.iterations()) {
      Files.createDirectories(hdir);
      histograms(hdir.resolve("iteration-" + it.number() + "-warmup.hlog"), it.warmup());
      histograms(hdir.resolve("iteration-" + it.number() + "-measured.hlog"), it.measured());
    }
  }

  private static void histograms(Path file, PhaseResult phase) throws IOException {
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, "UTF-8")) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment(phase.name() + ": latency in microseconds");
      w.outputLogFormatVersion();
      w.outputStartTime(phase.startMicros() / 1_000);
      w.outputLegend();
      write(w, Latency.inserts(phase), "insert", phase);
      for (Aggregate a : Aggregate.values()) {
        write(w, Latency.queries(phase, a), "query-" + a.name().toLowerCase(Locale.ROOT), phase);
      }
    }
  }

  private static void write(HistogramLogWriter w, Histogram h, String tag, PhaseResult phase) {
    h.setTag(tag);
    h.setStartTimeStamp(phase.startMicros() / 1_000);
    h.setEndTimeStamp(phase.endMicros() / 1_000);
    w.outputIntervalHistogram(h);
  }
}
