package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import org.HdrHistogram.Histogram;

/**
 * Latencies in microseconds, as an HdrHistogram. Results hold it typed; in JSON it is {@link HistogramCodec}'s
 * compressed base64 text, read back into a histogram when the result is read, so no caller decodes text itself.
 */
public record LatencyHistogram(Histogram micros) {

  /** A histogram of nothing yet, with the precision every kit histogram has. */
  public static LatencyHistogram empty() {
    return new LatencyHistogram(new Histogram(3));
  }

  /** The histogram of {@link #encoded} text. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static LatencyHistogram decode(String encoded) {
    return new LatencyHistogram(HistogramCodec.decode(encoded));
  }

  /** The text that stands for it in JSON. */
  @JsonValue
  public String encoded() {
    return HistogramCodec.encode(micros);
  }

  /** Operations recorded. */
  public long count() {
    return micros.getTotalCount();
  }
}
