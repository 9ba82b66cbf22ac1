package io.iotkit.binding.mqtt;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * One insert thread's publishes in send order, kept so that its flush can fail those the broker left unanswered
 * too long. Only the insert thread touches it: it adds each publish as it goes out, and the kit calls the binding's
 * flush on that thread whenever it has heard nothing for a while (a thread at its in-flight bound, or at its end).
 * A timer per publish ({@code CompletableFuture.orTimeout}) would schedule and cancel a task per reading, which
 * cost about 2 µs of client CPU per reading beside the local HiveMQ.
 *
 * <p>A publish's time runs from the first flush that found it unanswered, so it fails between the timeout and one
 * of the kit's waits after it; the kit waits on nothing else, and a reading is never counted before its answer.
 */
final class UnsettledPublishes {
  private static final long NOT_WAITED = Long.MIN_VALUE;
  private CompletableFuture<?>[] sent = new CompletableFuture<?>[256];
  /** Per slot: when a flush first found its publish unanswered ({@link System#nanoTime}), or NOT_WAITED. */
  private long[] waitedSince = new long[256];
  /** The slot of the next publish; the ring's oldest entry once it has gone round. */
  private int next;

  /** Keeps a publish just sent; the ring grows when its oldest entry is still unanswered. */
  void add(CompletableFuture<?> publish) {
    CompletableFuture<?> oldest = sent[next];
    if (oldest != null && !oldest.isDone()) {
      grow();
    }
    sent[next] = publish;
    waitedSince[next] = NOT_WAITED;
    next = (next + 1) % sent.length;
  }

  /**
   * Fails with {@code why} each publish still unanswered {@code timeoutNanos} after a call found it unanswered
   * first; notes the others' first time. Returns how many it failed.
   */
  int expire(long nowNanos, long timeoutNanos, Supplier<Throwable> why) {
    int failed = 0;
    for (int i = 0; i < sent.length; i++) {
      CompletableFuture<?> publish = sent[i];
      if (publish == null || publish.isDone()) {
        continue;
      }
      if (waitedSince[i] == NOT_WAITED) {
        waitedSince[i] = nowNanos;
      } else if (nowNanos - waitedSince[i] >= timeoutNanos && publish.completeExceptionally(why.get())) {
        failed++;
      }
    }
    return failed;
  }

  /** Twice the slots, the entries in send order from slot 0. */
  private void grow() {
    int n = sent.length;
    CompletableFuture<?>[] s = new CompletableFuture<?>[n * 2];
    long[] w = new long[n * 2];
    for (int i = 0; i < n; i++) {
      s[i] = sent[(next + i) % n];
      w[i] = waitedSince[(next + i) % n];
    }
    sent = s;
    waitedSince = w;
    next = n;
  }
}
