package io.iotkit.binding.kafka;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.WindowStats;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers dashboard queries from the queried sensor's partition ({@link TopicLayout}): seeks with offsetsForTimes
 * to the window's start, reads forward, and aggregates the records of the queried sensor whose key timestamps fall
 * in the window (with fewer partitions than sensors per substation, others' records lie among them).
 *
 * <p>Where to stop: records of one partition are in the order the producer appended them, which is the order
 * of their timestamps only up to a disorder (ten threads take timestamps and send concurrently). The first
 * offset with a timestamp at or after the window's start is exact (offsetsForTimes returns the earliest such
 * offset, so nothing before it is in the window). After the window's end a late-appended reading may still
 * follow, so reading goes on until a record stamped past the end by a margin, or the log end as it was before
 * reading began (window A reaches the present: never wait for more). The margin is {@code disorderMs}, or the
 * worst {@link AppendLateness} this JVM's sends have shown if that is more: a loaded host appends late.
 *
 * <p>A partition shared by many sensors holds some hundred readings of the queried sensor among tens of thousands,
 * so records are read in place: the key deserializer gives the timestamp of the queried sensor's records only, the
 * value deserializer a view of the bytes the consumer fetched, with no copy.
 *
 * <p>One reader per binding object (so per thread), with a consumer of its own that joins no group.
 */
final class WindowReader implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WindowReader.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final Duration POLL = Duration.ofMillis(200);

  private final SensorKeys keys = new SensorKeys();
  private final KafkaConsumer<Long, ByteBuffer> consumer;
  private final long disorderMs;
  private final AppendLateness lateness;
  private TopicPartition assigned;
  /** The largest timestamp disorder seen so far, and whether the instance log has been warned of it. */
  private long worstDisorderMs;
  private boolean warned;

  WindowReader(Map<String, Object> consumerConfig, long disorderMs, AppendLateness lateness) {
    this.consumer = new KafkaConsumer<>(consumerConfig, keys, new Views());
    this.disorderMs = disorderMs;
    this.lateness = lateness;
  }

  /** The partition count of a topic, as the cluster reports it. */
  int partitions(String topic) {
    return consumer.partitionsFor(topic, TIMEOUT).size();
  }

  WindowResult read(Aggregate fn, TopicPartition tp, String substation, String sensor, long fromMicros,
                    long toMicros) throws WindowTimeoutException {
    if (!tp.equals(assigned)) {
      consumer.assign(List.of(tp));
      assigned = tp;
    }
    WindowStats stats = new WindowStats();
    long end = consumer.endOffsets(List.of(tp), TIMEOUT).get(tp);
    OffsetAndTimestamp first = consumer.offsetsForTimes(Map.of(tp, startMs(fromMicros)), TIMEOUT).get(tp);
    if (first == null || first.offset() >= end) {
      return stats.result(fn); // no reading at or after the window's start (yet)
    }
    keys.prefix = ReadingFormat.sensorPrefix(substation, sensor).getBytes(StandardCharsets.UTF_8);
    long stopMs = stopMs(toMicros, margin());
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    long latestMs = Long.MIN_VALUE;
    consumer.seek(tp, first.offset());
    while (consumer.position(tp) < end) {
      for (ConsumerRecord<Long, ByteBuffer> r : consumer.poll(POLL).records(tp)) {
        if (r.offset() >= end || r.timestamp() >= stopMs) {
          stats.skipped(); // read, to learn that the window has ended
          return done(stats, fn, tp);
        }
        latestMs = Math.max(latestMs, r.timestamp());
        worstDisorderMs = Math.max(worstDisorderMs, latestMs - r.timestamp());
        Long micros = r.key(); // null: another sensor's reading
        if (micros != null && micros >= fromMicros && micros < toMicros) {
          stats.add(ReadingCodec.sensorValue(r.value()));
        } else {
          stats.skipped();
        }
      }
      if (System.nanoTime() > deadline) {
        throw new WindowTimeoutException(tp + " offsets " + first.offset() + ".." + end + " not read within "
            + TIMEOUT.toSeconds() + " s");
      }
    }
    return done(stats, fn, tp);
  }

  /** How far past a window's end reading goes on: the configured disorder, or the worst lateness seen. */
  private long margin() {
    return Math.max(disorderMs, lateness.worstMs() + 1);
  }

  /**
   * The result; and a warning in the log if records came further out of timestamp order than the margin covers
   * (a query may then have missed a late reading): the lateness bound says this cannot happen, so it would be news.
   */
  private WindowResult done(WindowStats stats, Aggregate fn, TopicPartition tp) {
    if (!warned && worstDisorderMs >= margin()) {
      warned = true;
      LOG.warn("kafka: records of {} were appended up to {} ms out of timestamp order, beyond the {} ms that"
          + " queries read past a window's end ({}={}, or the worst append lateness seen); queries may miss late"
          + " readings", tp, worstDisorderMs, margin(), KafkaSettings.DISORDER_MS, disorderMs);
    }
    return stats.result(fn);
  }

  /** The record timestamp from which readings of the window can appear: that of its first microsecond. */
  static long startMs(long fromMicros) {
    return ReadingCodec.timestampMs(fromMicros);
  }

  /**
   * Reading stops at the first record stamped at or after this: every reading before {@code toMicros} has a
   * record timestamp below {@code ceil(toMicros / 1000)}, and may be appended up to {@code disorderMs} late.
   */
  static long stopMs(long toMicros, long disorderMs) {
    return Math.floorDiv(toMicros + 999, 1_000) + disorderMs;
  }

  @Override
  public void close() {
    consumer.close(Duration.ofSeconds(5));
  }

  /**
   * Record keys as the timestamp of the queried sensor's readings, null for any other. The consumer deserializes
   * inside poll(), on the reading thread, so the prefix set before a read applies to every record it returns.
   */
  private static final class SensorKeys implements Deserializer<Long> {
    private byte[] prefix = new byte[0];

    @Override
    public Long deserialize(String topic, byte[] data) {
      return data == null ? null : deserialize(topic, null, ByteBuffer.wrap(data));
    }

    @Override
    public Long deserialize(String topic, Headers headers, ByteBuffer data) {
      if (data == null) {
        return null;
      }
      long micros = ReadingCodec.micros(data, prefix);
      return micros < 0 ? null : micros;
    }
  }

  /** Record values as a view of the fetched bytes; only the queried sensor's are ever parsed. */
  private static final class Views implements Deserializer<ByteBuffer> {
    @Override
    public ByteBuffer deserialize(String topic, byte[] data) {
      return data == null ? null : ByteBuffer.wrap(data);
    }

    @Override
    public ByteBuffer deserialize(String topic, Headers headers, ByteBuffer data) {
      return data;
    }
  }

  /** A window could not be read in time. */
  static final class WindowTimeoutException extends Exception {
    WindowTimeoutException(String message) {
      super(message);
    }
  }
}
