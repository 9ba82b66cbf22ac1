package io.iotkit.instance;

import io.iotkit.binding.KitBinding;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The instance's dashboard: one thread, with a binding of its own, that runs the queries the insert threads find
 * due, so a query does not stop the insert thread that found it due. It holds at most one query waiting beside
 * the one it runs; when a third comes due the insert thread runs that one itself (caller runs), so the instance
 * runs every query due, never more than two behind, and a slow store still slows the inserts.
 *
 * <p>Its measurements are a {@link IotWorkload.ThreadState} of their own, written by this thread alone.
 */
final class QueryThread implements AutoCloseable {
  private static final Object QUERY = new Object();
  private static final Object END = new Object();

  private final BlockingQueue<Object> waiting = new ArrayBlockingQueue<>(1);
  private final Thread thread;
  private volatile Throwable died;

  QueryThread(IotWorkload workload, KitBinding db, IotWorkload.ThreadState state) {
    thread = new Thread(() -> {
      try {
        while (waiting.take() != END) {
          workload.doTransaction(db, state);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (Throwable t) {
        died = t;
      }
    }, "queries");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Hands one due query to this thread; false when it has one waiting already: the caller runs this one. */
  boolean offer() {
    return died == null && thread.isAlive() && waiting.offer(QUERY);
  }

  /** Runs what is waiting, then ends the thread; an error that ended it early is thrown here. */
  @Override
  public void close() throws InterruptedException {
    while (thread.isAlive() && !waiting.offer(END)) {
      thread.join(10); // the query waiting is taken once the one running ends
    }
    thread.join();
    if (died instanceof Error e) {
      throw e;
    }
    if (died instanceof RuntimeException e) {
      throw e;
    }
  }
}
