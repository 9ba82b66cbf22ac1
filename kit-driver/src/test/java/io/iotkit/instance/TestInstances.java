package io.iotkit.instance;

import io.iotkit.binding.KitBinding;
import io.iotkit.metrics.InstanceSeries;
import io.iotkit.model.Arrivals;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.ReadOnlyQueries;
import io.iotkit.model.WorkloadSpec;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;

// Test fixture: the spec of instance 2 of 4 (substation r1-1-002) and a runner of it on the real clock.
final class TestInstances {
  private TestInstances() {
  }

  /** An unpaced instance of {@code kvps} over {@code threads} insert threads. */
  static InstanceSpec spec(long kvps, int threads) {
    return paced(kvps, threads, 0, Arrivals.FIXED);
  }

  /** The same, paced at {@code rate} kvps/s (0: unpaced) with these arrivals. */
  static InstanceSpec paced(long kvps, int threads, long rate, Arrivals arrivals) {
    return new InstanceSpec("measured", 2, 4, "r1-1-002", kvps, WorkloadSpec.KVP_BYTES, threads, "memory", null,
        Map.of(), 0, 99, "unused.json", null, rate, arrivals, false);
  }

  /**
   * A read-only instance of {@code threads} threads: {@code perSecond} queries a second for {@code seconds} against
   * data written from {@code dataSince} until {@code dataUntil} (epoch µs).
   */
  static InstanceSpec readOnly(int threads, long perSecond, int seconds, long dataSince, long dataUntil) {
    InstanceSpec s = paced(0, threads, 0, Arrivals.FIXED);
    return new InstanceSpec("iteration 1 read-only", s.instance(), s.instances(), s.substation(), 0, s.kvpBytes(),
        threads, s.binding(), null, Map.of(), dataSince, s.seed(), s.resultFile(), null, 0, Arrivals.FIXED, false,
        s.kvpBytes(), new ReadOnlyQueries(perSecond, seconds, dataUntil));
  }

  /** A runner of {@code spec} whose per-second frames go nowhere. */
  static InstanceRunner runner(InstanceSpec spec, Supplier<KitBinding> bindings) {
    return new InstanceRunner(spec, bindings, new Properties(), Clock::micros, second -> { }, null);
  }

  /** A runner of {@code spec} whose frames are added up as the master adds them up, to the instance's result. */
  static Measured measured(InstanceSpec spec, Supplier<KitBinding> bindings) {
    InstanceSeries series = new InstanceSeries(spec.instance());
    return new Measured(new InstanceRunner(spec, bindings, new Properties(), Clock::micros, series::add, null),
        series);
  }

  /** A runner and the series of its frames. */
  record Measured(InstanceRunner runner, InstanceSeries series) {
    /** Runs the instance; its result is its totals with what its frames add up to, checked against each other. */
    InstanceResult run(InstanceRunner.StartBarrier barrier) throws Exception {
      return series.result(runner.run(barrier));
    }
  }
}
