package io.iotkit.control;

import io.iotkit.model.HistogramCodec;
import org.HdrHistogram.Histogram;

/**
 * An instance's progress, sent to the master once a second as {@code PROGRESS <acknowledged> <histogram>}: the
 * kvps it has had acknowledged so far, and the latencies (µs) of the queries it finished in the last second.
 */
public record Progress(long acknowledged, Histogram queries) {

  public String toLine() {
    return ControlLine.format(ControlLine.PROGRESS, acknowledged + " " + HistogramCodec.encode(queries));
  }

  /** Reads the argument of a PROGRESS line. */
  public static Progress parse(ControlLine line) {
    String[] parts = line.argument().split(" ", 2);
    if (parts.length != 2) {
      throw new IllegalArgumentException("not a progress line: " + line);
    }
    return new Progress(Long.parseLong(parts[0]), HistogramCodec.decode(parts[1]));
  }
}
