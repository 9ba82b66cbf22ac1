package io.iotkit.binding.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a {@link PlainClientLoop}'s writes on its threads as a driver instance does: each sensor belongs to one
 * thread, which writes its readings in order (a store or a verifier may rely on one writer per sensor, as MQTT's
 * does), and reading {@code i} of the call is written once, by one thread. A loop only says how one thread
 * writes its share.
 */
public final class PlainThreads {
  private PlainThreads() {
  }

  /** How one thread writes its share of a call. */
  @FunctionalInterface
  public interface Share {
    /**
     * Writes readings {@code from} (inclusive) to {@code to} (exclusive) of the call, reading {@code i} with the
     * content of {@code pool[mine[(i - from) % mine.length]]}; {@code i} is unique in the call, so it can make
     * the reading's timestamp.
     *
     * @return the readings of the share the store acknowledged
     */
    long write(int[] mine, long from, long to) throws Exception;
  }

  /**
   * Writes {@code count} readings with the contents of {@code pool} on at most {@code threads} threads (no more
   * than the pool has sensors, sensors dealt to them in turn) and returns the sum of what they acknowledged once
   * every thread ended; the first thread's failure, if any, is thrown once the others ended too.
   */
  public static long run(PlainReading[] pool, long count, int threads, Share share) throws Exception {
    if (threads < 1 || count < 0 || pool.length == 0) {
      throw new IllegalArgumentException("threads " + threads + ", count " + count + ", pool " + pool.length);
    }
    List<int[]> shares = bySensor(pool, threads);
    ExecutorService executor = Executors.newFixedThreadPool(shares.size(), r -> {
      Thread t = new Thread(r, "plain-client-loop");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<Long>> running = new ArrayList<>();
      for (int t = 0; t < shares.size(); t++) {
        int[] mine = shares.get(t);
        long from = count * t / shares.size();
        long to = count * (t + 1) / shares.size();
        running.add(executor.submit(() -> share.write(mine, from, to)));
      }
      long acknowledged = 0;
      Exception first = null;
      for (Future<Long> f : running) {
        try {
          acknowledged += f.get();
        } catch (ExecutionException e) {
          if (first == null) {
            first = e.getCause() instanceof Exception cause ? cause : e;
          }
        }
      }
      if (first != null) {
        throw first;
      }
      return acknowledged;
    } finally {
      executor.shutdownNow();
    }
  }

  /** The pool's indices per thread: sensors in order of first appearance, dealt to the threads in turn. */
  static List<int[]> bySensor(PlainReading[] pool, int threads) {
    Map<String, Integer> threadOf = new LinkedHashMap<>();
    for (PlainReading r : pool) {
      threadOf.putIfAbsent(r.sensor(), threadOf.size() % threads);
    }
    int used = Math.min(threads, threadOf.size());
    List<List<Integer>> lists = new ArrayList<>();
    for (int t = 0; t < used; t++) {
      lists.add(new ArrayList<>());
    }
    for (int i = 0; i < pool.length; i++) {
      lists.get(threadOf.get(pool[i].sensor())).add(i);
    }
    List<int[]> shares = new ArrayList<>();
    for (List<Integer> l : lists) {
      shares.add(l.stream().mapToInt(Integer::intValue).toArray());
    }
    return shares;
  }
}
