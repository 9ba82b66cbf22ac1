package io.iotkit.bench;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.WindowQueries;
import io.iotkit.instance.QueryPlan;
import io.iotkit.model.Clock;
import io.iotkit.model.WorkloadSpec;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.DBException;

/**
 * The dashboard beside a store's plain client loop, so that the full workload's reference asks what the kit's
 * instance asks: for each {@value WorkloadSpec#INSERTS_PER_QUERY} readings one query (a random template and sensor,
 * window A the last 5 s, window B a random 5 s since the round's data began), on a thread of its own as the
 * instance's query thread, through the binding's window query on a binding of its own. The queries are spread
 * evenly over the time the round is expected to take; those still due when the writes end are asked before the
 * round ends, so a round always holds all of them.
 */
final class LoopDashboard implements AutoCloseable {
  private final BindingProvider provider;
  private final Properties properties;
  private final String substation;
  private final SplittableRandom rng = new SplittableRandom(7);
  private KitBinding binding;

  /** A dashboard of the store's substation, with the bench's properties; {@link #open} connects it. */
  LoopDashboard(BindingProvider provider, Properties properties, String substation) {
    this.provider = provider;
    this.properties = properties;
    this.substation = substation;
  }

  /**
   * Opens a binding of the store, as an instance opens its query binding: once the substation was prepared (a
   * binding may check that its table or topic exists).
   */
  void open() throws DBException {
    Properties p = new Properties();
    p.putAll(properties);
    p.setProperty(KitBinding.SUBSTATION, substation);
    KitBinding opened = provider.newBinding();
    opened.setProperties(p);
    opened.init();
    if (!(opened instanceof WindowQueries)) {
      opened.cleanup();
      throw new IllegalArgumentException(provider.name() + " answers no dashboard queries");
    }
    binding = opened;
  }

  /** The queries {@code readings} readings bring due, as the instance counts them. */
  static long due(long readings) {
    return readings / WorkloadSpec.INSERTS_PER_QUERY;
  }

  /**
   * Starts asking the queries {@code readings} bring due, spread over {@code expectedSeconds}, about data written
   * since {@code dataSinceMicros}.
   */
  Asking start(long readings, double expectedSeconds, long dataSinceMicros) {
    long due = due(readings);
    long gapNanos = due == 0 ? 0 : (long) (expectedSeconds * 1e9 / due);
    Asking asking = new Asking();
    asking.thread = new Thread(() -> {
      long next = System.nanoTime();
      try {
        for (long q = 0; q < due; q++) {
          if (!asking.hurry) {
            next += gapNanos;
            long wait;
            while (!asking.hurry && (wait = next - System.nanoTime()) > 0) {
              LockSupport.parkNanos(wait);
            }
          }
          QueryPlan.plan(rng, Clock.micros(), dataSinceMicros).ask((WindowQueries) binding, substation);
        }
      } catch (DBException | RuntimeException e) {
        asking.failure = e;
      }
    }, "plain-loop-queries");
    asking.thread.setDaemon(true);
    asking.thread.start();
    return asking;
  }

  /** Queries being asked during one round. */
  static final class Asking {
    private Thread thread;
    private volatile boolean hurry;
    private volatile Exception failure;

    /** Asks the queries still due without waiting between them, and returns once all were answered. */
    void finish() throws Exception {
      hurry = true;
      LockSupport.unpark(thread);
      thread.join();
      if (failure != null) {
        throw failure;
      }
    }
  }

  @Override
  public void close() throws DBException {
    if (binding != null) {
      binding.cleanup();
      binding = null;
    }
  }
}
