package io.iotkit.binding.sink;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.settings.PropertyReader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.locks.LockSupport;
import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A sink: reads every byte of every reading it is given and stores nothing. A run against it measures how
 * fast the driver generates kvps. It holds no data, so queries read nothing and the data check fails, as it must.
 *
 * <p>With {@value #ACK_RATE} set, each binding object (one per insert thread) acknowledges at most that many
 * readings a second, its write blocking until the reading's turn: a store of known capacity, against which the
 * kit's rate search and saturation figures can be checked.
 */
public final class NullBinding extends KitBinding implements WindowQueries {
  /** Readings a second each binding object acknowledges at most; 0 (the default) for no cap. */
  public static final String ACK_RATE = "null.ack.rate";

  private long ackIntervalNanos;
  /** When the next reading may be acknowledged, on System.nanoTime(); 0 before the first. */
  private long nextAckNanos;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  /** Folded over every byte read, so the JIT cannot skip reading them. */
  private long checksum;

  @Override
  public void init() {
    long rate = new PropertyReader(getProperties()).longIn(ACK_RATE, 0, 0, 1_000_000_000);
    ackIntervalNanos = rate == 0 ? 0 : 1_000_000_000L / rate;
  }

  /** Reads the reading's every byte and acknowledges it: at once, or at its turn under {@value #ACK_RATE}. */
  @Override
  public void write(Reading reading, Acknowledgement ack) {
    long h = checksum + reading.micros();
    h += chars(reading.substation()) + chars(reading.sensor()) + chars(reading.value()) + chars(reading.unit());
    checksum = h + sum(reading.padding());
    if (ackIntervalNanos > 0) {
      awaitTurn();
    }
    ack.acknowledged();
  }

  /** Spaces acknowledgements at least the interval apart; an idle spell earns no burst after it. */
  private void awaitTurn() {
    long now = System.nanoTime();
    long turn = nextAckNanos == 0 ? now : Math.max(nextAckNanos, now);
    while (now < turn) {
      LockSupport.parkNanos(turn - now);
      now = System.nanoTime();
    }
    nextAckNanos = turn + ackIntervalNanos;
  }

  /**
   * YCSB's insert of any record, a reading's or YCSB's own CoreWorkload's (the kit's benchmark compares the two
   * generators into this sink): every byte of the key and the fields read, nothing stored.
   */
  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long h = checksum + chars(key);
    for (ByteIterator v : values.values()) {
      // toArray() is how a store binding takes a YCSB field's bytes; the sum reads each of them
      h += sum(v.toArray());
    }
    checksum = h;
    return Status.OK;
  }

  private static long chars(String s) {
    long h = 0;
    for (int i = 0; i < s.length(); i++) {
      h += s.charAt(i);
    }
    return h;
  }

  /**
   * Reads 8 bytes at a time, as a store client's copy would: a byte-at-a-time loop would cost the sink several
   * times what generating the bytes costs, and hide the generators it is there to compare.
   */
  private static long sum(byte[] bytes) {
    long h = 0;
    int i = 0;
    for (; i + 8 <= bytes.length; i += 8) {
      h += (long) LONGS.get(bytes, i);
    }
    for (; i < bytes.length; i++) {
      h += bytes[i];
    }
    return h;
  }

  @Override
  public void flush() {
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros) {
    return new WindowResult(0, fn == Aggregate.COUNT ? 0 : Double.NaN, 0);
  }

  /** What the reads added up to; exposed so a caller can prove every byte was read. */
  public long checksum() {
    return checksum;
  }
}
