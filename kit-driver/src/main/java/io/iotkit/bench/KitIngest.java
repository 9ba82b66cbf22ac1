package io.iotkit.bench;

import io.iotkit.binding.BindingProvider;
import io.iotkit.instance.InstanceRunner;
import io.iotkit.model.Arrivals;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.resources.ProcessTotals;
import java.util.Map;
import java.util.Properties;

/**
 * The kit's own ingest: one driver instance ({@link InstanceRunner}, as in a run) inserting into a binding,
 * unpaced, with or without dashboard queries. A round lasts the instance's TS_start..TS_end.
 */
final class KitIngest {
  private final BindingProvider binding;
  private final Properties properties;
  private final int threads;
  private final boolean measured;
  private final boolean queries;
  private final String substation;
  private final RoundSizer sizer;
  private long seed = 1;

  /** Into a server-free binding (the sink), queries included. */
  KitIngest(BindingProvider binding, Properties properties, int threads, boolean measured) {
    this(binding, properties, threads, measured, true, "bench-000", null);
  }

  /**
   * @param properties the binding's complete properties (a local server's address included)
   * @param measured false runs the instance without insert histograms and per-second sampling
   * @param queries false runs it as {@code --no-queries} does: ingest only
   * @param substation the substation it writes, prepared by the caller where the store needs it
   * @param server the local server's processes, or null for none
   */
  KitIngest(BindingProvider binding, Properties properties, int threads, boolean measured, boolean queries,
            String substation, ProcessTotals server) {
    this.sizer = new RoundSizer(server);
    this.binding = binding;
    this.properties = properties;
    this.threads = threads;
    this.measured = measured;
    this.queries = queries;
    this.substation = substation;
  }

  BenchPart.Round round(double seconds) throws Exception {
    return sizer.spanned(seconds, this::span);
  }

  /**
   * The instance's TS_start..TS_end, and the JVM's and the server's CPU time from the start barrier to the end of
   * the run: the opening of its bindings, before the barrier, is no more in the CPU time than in the wall time.
   */
  private RoundSizer.Span span(long kvps) throws Exception {
    RoundSizer.Cpu[] cpuAtStart = new RoundSizer.Cpu[1];
    ProcessTotals.Reading[] serverAtStart = new ProcessTotals.Reading[1];
    InstanceSpec spec = new InstanceSpec("bench", 0, 1, substation, kvps, WorkloadSpec.KVP_BYTES, threads,
        binding.name(), null, Map.of(), 0, seed++, null, null, 0, Arrivals.FIXED, !queries);
    InstanceRunner runner = new InstanceRunner(spec, binding::newBinding, properties, Clock::micros,
        second -> { }, null, measured);
    InstanceTotals r = runner.run(() -> {
      serverAtStart[0] = sizer.serverNow();
      cpuAtStart[0] = RoundSizer.Cpu.now();
      return Clock.micros();
    });
    RoundSizer.Cpu cpu = RoundSizer.Cpu.now().since(cpuAtStart[0]);
    ProcessTotals.Reading server = sizer.used(serverAtStart[0]);
    if (r.acknowledged() != kvps) {
      throw new IllegalStateException(binding.name() + " acknowledged " + r.acknowledged() + " of " + kvps
          + (r.failedInserts() > 0 ? " and refused " + r.failedInserts() + " (the first refusal's reason is in"
          + " bench.log)" : ""));
    }
    if (r.failedQueries() > 0) {
      throw new IllegalStateException(binding.name() + " failed " + r.failedQueries() + " dashboard queries (the"
          + " first one's reason is in bench.log)");
    }
    return new RoundSizer.Span(Math.max(1, r.endMicros() - r.startMicros()) / 1e6, cpu,
        server);
  }
}
