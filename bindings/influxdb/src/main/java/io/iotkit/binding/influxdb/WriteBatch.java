package io.iotkit.binding.influxdb;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.BatchLinger;
import io.iotkit.binding.Reading;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * The readings one insert thread holds until a write request is full: their lines and their acknowledgements.
 * A sent batch's future answers every reading of it at once: acknowledged when the server answered 204, failed
 * with the server's error (or the connection's) otherwise. A request answered otherwise than 204 may still have
 * stored some of its points (InfluxDB's "partial write", e.g. a field type conflict with points someone else wrote
 * in the same shard): its readings count as failed, and the data check then finds the stored ones as more than
 * written. The binding's own lines never fail to parse: {@link LineProtocol} refuses what it cannot encode.
 *
 * <p>A paced thread's partial batch is due once its oldest reading has waited the linger ({@link #due}).
 *
 * <p>At most {@code inFlight} requests are unanswered at once: sending one more waits for an answer, which slows
 * the thread as the server does.
 */
final class WriteBatch {
  private final InfluxHttp http;
  private final int size;
  private final BatchLinger linger;
  private final Semaphore inFlight;
  private final StringBuilder lines = new StringBuilder();
  private List<Acknowledgement> acks = new ArrayList<>();

  WriteBatch(InfluxHttp http, int size, Duration linger, int inFlight) {
    this.http = http;
    this.size = size;
    this.linger = new BatchLinger(linger);
    this.inFlight = new Semaphore(inFlight);
  }

  /**
   * Adds the reading, and sends the batch once it holds {@code size} readings.
   *
   * @throws IllegalArgumentException for a reading the line protocol cannot carry (nothing of it is held)
   */
  void add(Reading reading, Acknowledgement ack) {
    LineProtocol.append(lines, reading);
    linger.taken();
    acks.add(ack);
    if (acks.size() >= size) {
      send();
    }
  }

  /** Sends what is held, if anything, once fewer than the limit of requests are unanswered. */
  void send() {
    if (acks.isEmpty()) {
      return;
    }
    List<Acknowledgement> sent = acks;
    byte[] body = lines.toString().getBytes(StandardCharsets.UTF_8);
    acks = new ArrayList<>(size);
    linger.sent();
    // kept for the next batch: a request's lines are some 600 KB, and a new builder each time cost the instance
    // about an eighth more client CPU per reading (docs/stores/influxdb.md, costs)
    lines.setLength(0);
    CompletableFuture<Void> answer;
    try {
      inFlight.acquire();
      try {
        answer = http.write(body);
      } catch (RuntimeException e) {
        answer = CompletableFuture.failedFuture(e);
      }
      answer.whenComplete((ok, failure) -> inFlight.release());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the instance is stopping: these readings are not sent
      answer = CompletableFuture.failedFuture(e);
    }
    answer.whenComplete((ok, failure) -> {
      long answered = System.nanoTime(); // one clock read for the request's readings
      for (Acknowledgement a : sent) {
        if (failure == null) {
          a.acknowledgedAt(answered);
        } else {
          a.failed(failure.getCause() != null ? failure.getCause() : failure);
        }
      }
    });
  }

  /** When the held batch is due to be sent unfilled; empty when nothing is held or without a linger. */
  OptionalLong due() {
    return linger.due();
  }

  /** Readings held, not yet sent. */
  int held() {
    return acks.size();
  }
}
