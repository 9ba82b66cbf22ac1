package io.iotkit.protocol;

import io.iotkit.control.SecondFrame;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.progress.PhaseProgress;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * What the master makes of one instance's second frames as they arrive: the phase's live progress, the instance's
 * HdrHistogram interval log in the run folder (tags "ingest", "insert" and "query", in the master's clock), and its
 * per-second acknowledged counts, which must add up to what its result says it had acknowledged.
 */
final class InstanceSeconds {
  private final int instance;
  private final Path intervalLog;
  private final PhaseProgress progress;
  private long[] perSecond = new long[64];
  private int seconds;
  private long acknowledged;
  private long startMicros;
  private long offsetMicros;
  private PrintStream logStream;
  private HistogramLogWriter log;

  InstanceSeconds(int instance, Path intervalLog, PhaseProgress progress) {
    this.instance = instance;
    this.intervalLog = intervalLog;
    this.progress = progress;
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
    if (log == null || f.second() != seconds) {
      throw new IllegalStateException("driver instance " + instance + " sent second " + f.second()
          + (log == null ? " before the start" : " where second " + seconds + " was due"));
    }
    if (seconds == perSecond.length) {
      perSecond = Arrays.copyOf(perSecond, seconds * 2);
    }
    perSecond[seconds++] = f.acknowledged();
    acknowledged += f.acknowledged();
    long from = startMicros + f.second() * WorkloadSpec.SAMPLE_INTERVAL_MICROS;
    long to = Math.max(from, f.endMicros() - offsetMicros);
    interval(f.ingest(), "ingest", from, to);
    interval(f.inserts(), "insert", from, to);
    interval(f.queries(), "query", from, to);
    progress.update(instance, acknowledged, f.queries());
  }

  private void interval(Histogram h, String tag, long fromMicros, long toMicros) {
    h.setTag(tag);
    h.setStartTimeStamp(fromMicros / 1_000);
    h.setEndTimeStamp(toMicros / 1_000);
    log.outputIntervalHistogram(h);
  }

  /**
   * The kvps acknowledged in each second, checked against the instance's own total: a frame lost or counted twice
   * on the way would otherwise skew the series and the charts without a trace.
   */
  synchronized long[] series(long resultAcknowledged) {
    if (acknowledged != resultAcknowledged) {
      throw new IllegalStateException("driver instance " + instance + ": its seconds add up to " + acknowledged
          + " acknowledged kvps, its result says " + resultAcknowledged);
    }
    return Arrays.copyOf(perSecond, seconds);
  }

  /** Ends the interval log (it is complete once the instance's result has arrived). */
  synchronized void close() {
    if (logStream != null) {
      logStream.close();
    }
  }
}
