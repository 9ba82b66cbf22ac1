package io.iotkit.binding;

import site.ycsb.Status;

/**
 * The sink an asynchronously acknowledging binding reports to when nobody gave it one (it is driven under the
 * synchronous contract, e.g. wrapped by another binding): it counts the reports, so the binding can wait for its
 * batch at a batch boundary and return OK or an error for the whole batch, as that contract has it.
 */
public final class BatchWait implements Acknowledgements {
  private long handedOver;
  private long settled;
  private boolean failed;

  /** {@code readings} more handed to the store's client, each to be reported once. */
  public synchronized void handOver(long readings) {
    handedOver += readings;
  }

  /** Readings handed over and not reported yet. */
  public synchronized long outstanding() {
    return handedOver - settled;
  }

  @Override
  public synchronized void acknowledged(long readings) {
    settled += readings;
    notifyAll();
  }

  @Override
  public synchronized void failed(long readings) {
    settled += readings;
    failed = true;
    notifyAll();
  }

  /**
   * Waits until every reading handed over was reported: OK if all since the last wait were acknowledged, else
   * ERROR (the whole batch counts as lost). The store client's own timeouts bound the wait.
   */
  public synchronized Status await() {
    try {
      while (settled < handedOver) {
        wait();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failed = true;
    }
    Status batch = failed ? Status.ERROR : Status.OK;
    failed = false;
    return batch;
  }
}
