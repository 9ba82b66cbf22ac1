package io.iotkit.binding.kafka;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How late, at worst, this JVM's sends appended a reading after its timestamp: the time from the reading's
 * timestamp to the return of {@code send()}, by which the producer has placed the record in its partition's
 * order. Ten threads take timestamps and send concurrently, and a thread descheduled or blocked in between (a
 * loaded host, a full producer buffer, a GC pause) appends its reading after later-stamped ones.
 *
 * <p>A substation's partition is written by one driver instance only, and queried by that same instance, so the
 * lateness its own JVM saw bounds the disorder a window query can meet: a record stamped {@code t'} appended
 * before a reading stamped {@code t} has {@code t' <= append time < t + lateness}.
 */
final class AppendLateness {
  private final AtomicLong worstMs = new AtomicLong();

  /** Records one send that returned at {@code sentMs} for a reading stamped {@code timestampMs}. */
  void sent(long timestampMs, long sentMs) {
    long late = sentMs - timestampMs;
    if (late > worstMs.get()) {
      worstMs.accumulateAndGet(late, Math::max);
    }
  }

  /** The worst lateness so far, in ms (0 before any send). */
  long worstMs() {
    return worstMs.get();
  }
}
