package io.iotkit.protocol;

import io.iotkit.binding.DeliverySink;
import io.iotkit.hosts.ClockOffset;
import io.iotkit.live.LiveRun;
import io.iotkit.model.ConsumerRates;
import io.iotkit.model.EndToEnd;
import io.iotkit.model.LatencyHistogram;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * End-to-end latency of one iteration on a store that delivers readings: for each reading a reader on the master
 * received, its receipt minus its generation, the generation moved onto the master's clock by the offset of the
 * driver host that generated it. A reading counts in the warmup or the measured run by when it was generated, so
 * the warmup's late deliveries never land in the measured run. The last receipt of each execution's readings gives
 * the rate the reader received them at while they were written.
 */
final class DeliveryLatency implements DeliverySink {
  private static final int SIGNIFICANT_DIGITS = 3;

  /** One execution's deliveries: recorded from the reader's threads, gathered by the master. */
  private static final class Execution {
    final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
    final AtomicLong lastReceived = new AtomicLong();
    private final Histogram total = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram scratch = new Histogram(SIGNIFICANT_DIGITS);

    /** Everything recorded so far: each look adds what came since the last to the total. */
    synchronized Histogram gathered() {
      recorder.getIntervalHistogramInto(scratch);
      total.add(scratch);
      return total.copy();
    }
  }

  private final Map<String, ClockOffset> clocks;
  private final String warmupName;
  private final String measuredName;
  private final LiveRun live;
  private final Execution warmup = new Execution();
  private final Execution measured = new Execution();
  /** Master µs from which a generated reading belongs to the measured run; none until it starts. */
  private volatile long measuredFromMicros = Long.MAX_VALUE;

  /**
   * @param clocks per substation, the clock of the driver host its instance runs on (absent: the master's)
   * @param warmupName   the warmup's name, for those who watch the run live
   * @param measuredName the measured run's name
   * @param live         hears each reading's end-to-end latency as it is recorded
   */
  DeliveryLatency(Map<String, ClockOffset> clocks, String warmupName, String measuredName, LiveRun live) {
    this.clocks = Map.copyOf(clocks);
    this.warmupName = warmupName;
    this.measuredName = measuredName;
    this.live = live;
  }

  /** From {@code masterMicros} on, readings generated belong to the measured run. */
  void measuredFrom(long masterMicros) {
    measuredFromMicros = masterMicros;
  }

  @Override
  public void delivered(String substation, long generatedMicros, long receivedMicros) {
    ClockOffset c = clocks.getOrDefault(substation, ClockOffset.NONE);
    long generatedOnMaster = generatedMicros - c.offsetMicros();
    boolean inWarmup = generatedOnMaster < measuredFromMicros;
    long latency = Math.max(0, receivedMicros - generatedOnMaster);
    Execution e = inWarmup ? warmup : measured;
    e.recorder.recordValue(latency);
    e.lastReceived.accumulateAndGet(receivedMicros, Math::max);
    live.delivered(inWarmup ? warmupName : measuredName, latency);
  }

  /** The end-to-end latency of the warmup's readings delivered so far. */
  EndToEnd warmup() {
    return new EndToEnd(new LatencyHistogram(warmup.gathered()), clockErrorMicros());
  }

  /** The end-to-end latency of the measured run's readings delivered so far. */
  EndToEnd measured() {
    return new EndToEnd(new LatencyHistogram(measured.gathered()), clockErrorMicros());
  }

  /**
   * The measured run's readings the reader received so far, from {@code fromMicros} (its TS_start) to the last
   * receipt of one of them.
   *
   * @param readingBytes the readings' size, or null where they had several
   */
  ConsumerRates.Consumed measuredReceived(long fromMicros, Integer readingBytes) {
    return ConsumerRates.Consumed.counted(measured.gathered().getTotalCount(), readingBytes, fromMicros,
        measured.lastReceived.get());
  }

  /** The largest error bound of the clock offsets applied: any one figure may be off by up to this. */
  private long clockErrorMicros() {
    return clocks.values().stream().mapToLong(ClockOffset::errorMicros).max().orElse(0);
  }
}
