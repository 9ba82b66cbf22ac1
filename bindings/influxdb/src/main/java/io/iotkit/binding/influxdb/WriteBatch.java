package io.iotkit.binding.influxdb;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Reading;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The readings one insert thread holds until a write request is full: their lines and their acknowledgements.
 * A sent batch's future answers every reading of it at once: acknowledged when the server answered 204, failed
 * with the server's error (or the connection's) otherwise. InfluxDB applies a request's points together or
 * reports the request failed, so no reading of a failed request is counted.
 */
final class WriteBatch {
  private final InfluxHttp http;
  private final int size;
  private StringBuilder lines = new StringBuilder();
  private List<Acknowledgement> acks = new ArrayList<>();

  WriteBatch(InfluxHttp http, int size) {
    this.http = http;
    this.size = size;
  }

  /**
   * Adds the reading, and sends the batch once it holds {@code size} readings.
   *
   * @throws IllegalArgumentException for a reading the line protocol cannot carry (nothing of it is held)
   */
  void add(Reading reading, Acknowledgement ack) {
    LineProtocol.append(lines, reading);
    acks.add(ack);
    if (acks.size() >= size) {
      send();
    }
  }

  /** Sends what is held, if anything, without waiting. */
  void send() {
    if (acks.isEmpty()) {
      return;
    }
    List<Acknowledgement> sent = acks;
    byte[] body = lines.toString().getBytes(StandardCharsets.UTF_8);
    acks = new ArrayList<>(size);
    lines = new StringBuilder(body.length + body.length / 8);
    CompletableFuture<Void> answer;
    try {
      answer = http.write(body);
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    answer.whenComplete((ok, failure) -> {
      for (Acknowledgement a : sent) {
        if (failure == null) {
          a.acknowledged();
        } else {
          a.failed(failure.getCause() != null ? failure.getCause() : failure);
        }
      }
    });
  }

  /** Readings held, not yet sent. */
  int held() {
    return acks.size();
  }
}
