package io.iotkit.binding;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * What a store must answer for the kit: a YCSB {@link DB} plus the kit's operations.
 * It knows nothing of the run protocol; the master decides when each is called.
 *
 * <p>Like any YCSB DB, one object serves one thread. Driver instances call {@link #write}, {@link #flush} and
 * {@link #aggregate}; the master calls {@link #replication}, {@link #prepare}, {@link #countReadings},
 * {@link #countReadingsPerSubstation}, {@link #measurements} and {@link #purge}, on one object it keeps for the
 * iteration.
 *
 * <p><b>Writes</b> follow the kit's one acknowledgement contract, {@link ReadingWriter}'s: {@link #write} hands a
 * typed {@link Reading} to the store and returns; the store's answer comes later to the reading's
 * {@link Acknowledgement}, from any thread. A store whose client writes synchronously delegates to a
 * {@link BlockingBatchWriter}. Under YCSB's own client, {@link #insert} decodes the key and fields YCSB hands it
 * into a reading, writes it and waits for its answer.
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

  /** Closes what {@link #init} opened; YCSB's name for it is {@link #cleanup}. */
  @Override
  public void close() throws DBException {
    cleanup();
  }

  /**
   * Reads one sensor's readings with {@code fromMicros <= timestamp < toMicros} and aggregates their values.
   * The readings must really be read (server-side aggregation is fine).
   */
  public abstract WindowResult aggregate(Aggregate fn, String substation, String sensor,
                                         long fromMicros, long toMicros) throws DBException;

  /** The replication factor of the data this binding writes, as the store itself reports it. */
  public abstract Replication replication() throws DBException;

  /** Exact number of readings stored under these substation keys, together. */
  public abstract long countReadings(List<String> substations) throws DBException;

  /**
   * Exact number of readings stored under each of these substation keys, in their order, for the per-substation
   * data check. By default one {@link #countReadings} per substation; a store that counts them all at once for
   * less (one query, one offsets request, one wait for deliveries to stop) overrides it.
   */
  public Map<String, Long> countReadingsPerSubstation(List<String> substations) throws DBException {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String s : substations) {
      counts.put(s, countReadings(List.of(s)));
    }
    return counts;
  }

  /**
   * Called by the master before an iteration writes anything, with the substation keys it will write
   * (e.g. to create a topic, or to start a verifying subscriber). Does nothing by default.
   */
  public void prepare(List<String> substations) throws DBException {
  }

  /**
   * Whether the store answers the dashboard queries. A store that does not (an MQTT broker) is never called
   * with {@link #aggregate}; the run reports the query rules as not applicable and is not compliant.
   */
  public boolean answersQueries() {
    return true;
  }

  /**
   * Figures the binding measured on the store's side since {@link #prepare} (e.g. publish-to-delivery latency),
   * as name and value text, for the run report. Empty by default.
   */
  public Map<String, String> measurements() {
    return Map.of();
  }

  /**
   * How the store laid out the readings of the substations last {@link #prepare prepared}, read back from the
   * store before the first insert, for the full disclosure report's data layout section: name to value text, e.g.
   * {@code table}, {@code regions}, {@code split points}, {@code partitions}. Empty by default (nothing to say).
   */
  public Map<String, String> dataLayout() throws DBException {
    return Map.of();
  }

  /**
   * The SUT's version and the settings changed from their defaults, as far as the store reports them, for the
   * full disclosure report: key {@code version}, and {@code setting.<name>} per changed setting. Never
   * credentials. Empty by default (a store that does not say).
   */
  public Map<String, String> sutSettings() throws DBException {
    return Map.of();
  }

  /**
   * A cheap request the store must answer, for the master's watch on a running SUT: it returns once the store
   * answered, or throws. It may block as long as the store client retries; the master times the silence itself.
   * Does nothing by default: a store in the driver's own JVM (the sink) cannot stop answering.
   */
  public void ping() throws DBException {
  }

  /** Deletes every reading the kit wrote. */
  public abstract void purge() throws DBException;

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
