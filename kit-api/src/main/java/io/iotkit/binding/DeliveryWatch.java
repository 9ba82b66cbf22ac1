package io.iotkit.binding;

import java.time.Duration;
import site.ycsb.DBException;

/**
 * A reader the master keeps on a store that delivers readings, for an iteration: it reports each reading it
 * receives to a {@link DeliverySink} until it is closed.
 */
public interface DeliveryWatch extends AutoCloseable {
  /**
   * Returns once the reader has received everything the store holds for the watched substations, or after at most
   * {@code max}; the master calls it after an iteration's writes, before it reads the iteration's latencies.
   */
  void awaitCaughtUp(Duration max) throws DBException, InterruptedException;

  /** Stops reporting; the store's data stays. */
  @Override
  void close();
}
