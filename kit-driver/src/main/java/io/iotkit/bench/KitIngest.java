package io.iotkit.bench;

import io.iotkit.binding.BindingProvider;
import io.iotkit.instance.InstanceRunner;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceSpec;
import java.util.Map;
import java.util.Properties;

/**
 * The kit's own ingest: one driver instance ({@link InstanceRunner}, as in a run) inserting into a binding,
 * unpaced, dashboard queries included. A round lasts the instance's TS_start..TS_end.
 */
final class KitIngest {
  private final BindingProvider binding;
  private final Properties properties;
  private final int threads;
  private final boolean measured;
  private final RoundSizer sizer = new RoundSizer();
  private long seed = 1;

  /** @param measured false runs the instance without insert histograms and per-second sampling */
  KitIngest(BindingProvider binding, Properties properties, int threads, boolean measured) {
    this.binding = binding;
    this.properties = properties;
    this.threads = threads;
    this.measured = measured;
  }

  BenchPart.Round round(double seconds) throws Exception {
    return sizer.round(seconds, this::seconds);
  }

  private double seconds(long kvps) throws Exception {
    InstanceSpec spec = new InstanceSpec("bench", 0, 1, "bench-000", kvps, threads, binding.name(), null,
        Map.of(), 0, seed++, null, null, 0);
    InstanceRunner runner = new InstanceRunner(spec, binding::newBinding, properties, Clock::micros, null,
        progress -> { }, measured);
    InstanceResult r = runner.run(Clock::micros);
    if (r.acknowledged() != kvps) {
      throw new IllegalStateException(binding.name() + " acknowledged " + r.acknowledged() + " of " + kvps);
    }
    return Math.max(1, r.endMicros() - r.startMicros()) / 1e6;
  }
}
