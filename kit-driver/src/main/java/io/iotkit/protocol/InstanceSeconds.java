package io.iotkit.protocol;

import io.iotkit.control.SecondFrame;
import io.iotkit.live.LiveRun;
import io.iotkit.metrics.InstanceSeries;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.progress.PhaseProgress;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * What the master makes of one instance's second frames as they arrive: its {@link InstanceSeries}, the phase's
 * live progress, the live figures exported to those who watch the run, and the instance's HdrHistogram interval
 * log in the run folder (tags "ingest", "insert" and "query", in the master's clock).
 */
final class InstanceSeconds {
  private final int instance;
  private final Path intervalLog;
  private final PhaseProgress progress;
  private final LiveRun.Execution live;
  private final InstanceSeries series;
  private long startMicros;
  private long offsetMicros;
  private PrintStream logStream;
  private HistogramLogWriter log;

  InstanceSeconds(int instance, Path intervalLog, PhaseProgress progress, LiveRun.Execution live) {
    this.instance = instance;
    this.intervalLog = intervalLog;
    this.progress = progress;
    this.live = live;
    this.series = new InstanceSeries(instance);
  }

  /**
   * The start barrier is released: frames count seconds from {@code startMicros} (the master's clock), and their
   * instants are in a clock {@code offsetMicros} ahead of the master's.
   */
  synchronized void begin(long startMicros, long offsetMicros) throws IOException {
    this.startMicros = startMicros;
    this.offsetMicros = offsetMicros;
    OutputStream out = Files.newOutputStream(intervalLog);
    logStream = new PrintStream(out, false, StandardCharsets.UTF_8);
    log = new HistogramLogWriter(logStream);
    log.outputComment("one driver instance, per second from TS_start: latency in microseconds");
    log.outputLogFormatVersion();
    log.outputStartTime(startMicros / 1_000);
    log.setBaseTime(startMicros / 1_000);
    log.outputLegend();
  }

  synchronized void accept(SecondFrame f) {
    if (log == null) {
      throw new IllegalStateException("driver instance " + instance + " sent second " + f.second()
          + " before the start");
    }
    series.add(f);
    long from = startMicros + f.second() * WorkloadSpec.SAMPLE_INTERVAL_MICROS;
    long to = Math.max(from, f.endMicros() - offsetMicros);
    interval(f.ingest(), "ingest", from, to);
    interval(f.inserts(), "insert", from, to);
    Histogram queries = f.queryLatency();
    interval(queries, "query", from, to);
    progress.update(instance, series.acknowledged(), queries);
    live.second(instance, f);
  }

  private void interval(Histogram h, String tag, long fromMicros, long toMicros) {
    h.setTag(tag);
    h.setStartTimeStamp(fromMicros / 1_000);
    h.setEndTimeStamp(toMicros / 1_000);
    log.outputIntervalHistogram(h);
  }

  /** The instance's result: its totals with what its seconds add up to, once they are found to agree. */
  InstanceResult result(InstanceTotals totals) {
    return series.result(totals);
  }

  /** Ends the interval log (it is complete once the instance's result has arrived). */
  synchronized void close() {
    if (logStream != null) {
      logStream.close();
    }
  }
}
