package io.iotkit.binding;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A store binding as a driver instance's threads use it: one object per thread, a YCSB {@link DB} (so YCSB's own
 * client can use it too) and the thread's {@link ReadingWriter}. A binding whose store answers the dashboard's
 * window queries implements {@link WindowQueries} as well. What the master asks of the store is a separate object,
 * the binding's {@link StoreAdmin}. Neither knows anything of the run protocol.
 *
 * <p><b>Writes</b> follow the kit's one acknowledgement contract, {@link ReadingWriter}'s: {@link #write} hands a
 * typed {@link Reading} to the store and returns; the store's answer comes later to the reading's
 * {@link Acknowledgement}, from any thread. A store whose client writes synchronously delegates to a
 * {@link BlockingBatchWriter}. Under YCSB's own client, {@link #insert} decodes the key and fields YCSB hands it
 * into a reading, writes it and waits for its answer.
 *
 * <p>YCSB's lifecycle: the kit sets the properties, calls {@link #init} before the start barrier (open connections
 * there, not in the timed run) and {@link #cleanup} once every reading was reported.
 */
public abstract class KitBinding extends DB implements ReadingWriter {
  /**
   * Property every binding object of a driver instance is given: the instance's substation key, for bindings
   * that open per-substation resources before the start barrier.
   */
  public static final String SUBSTATION = "iot.substation";

  /**
   * YCSB's insert: the reading whose key and fields ({@link ReadingFormat#VALUE}, {@link ReadingFormat#UNIT},
   * {@link ReadingFormat#PADDING}) these are, written and waited for. BAD_REQUEST for a key or fields that are not
   * a reading's. Only a store that takes any YCSB record, whatever its key and fields (the sink, which the kit's
   * benchmark also feeds YCSB's own CoreWorkload), overrides it.
   */
  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Reading reading;
    try {
      reading = ReadingFormat.reading(key, text(values, ReadingFormat.VALUE), text(values, ReadingFormat.UNIT),
          values.containsKey(ReadingFormat.PADDING) ? values.get(ReadingFormat.PADDING).toArray() : new byte[0]);
    } catch (IllegalArgumentException e) {
      return Status.BAD_REQUEST;
    }
    AcknowledgementCount answer = new AcknowledgementCount();
    try {
      write(reading, answer);
      flush();
    } catch (DBException | RuntimeException e) {
      return Status.ERROR;
    }
    // the store client's own timeouts bound the wait; the day is a backstop against a binding that never answers
    return answer.await(1, Duration.ofDays(1)) && answer.acknowledgedCount() == 1 ? Status.OK : Status.ERROR;
  }

  private static String text(Map<String, ByteIterator> values, String field) {
    ByteIterator v = values.get(field);
    if (v == null) {
      throw new IllegalArgumentException("no " + field + " field");
    }
    return v.toString();
  }

  /**
   * What this binding object's store client counted of its own requests since {@link #init} (e.g. requests sent,
   * throttled answers retried), name to count; read by the driver instance once {@link #cleanup} returned, summed
   * over its threads and carried in its phase result, never written to the store. Names are fixed per binding and
   * say what they count. Empty by default: a binding whose client counts nothing of interest says nothing.
   */
  public Map<String, Long> clientCounters() {
    return Map.of();
  }

  /** Closes what {@link #init} opened; YCSB's name for it is {@link #cleanup}. */
  @Override
  public void close() throws DBException {
    cleanup();
  }

  // The kit drives only inserts through YCSB; the other YCSB operations are not part of the workload.

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<java.util.HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }
}
