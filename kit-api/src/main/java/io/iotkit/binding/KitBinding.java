package io.iotkit.binding;

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
 * What a store must answer for the kit: a YCSB {@link DB} plus five kit operations.
 * It knows nothing of the run protocol; the master decides when each is called.
 *
 * <p>Like any YCSB DB, one object serves one thread. Driver instances call {@link #insert} and
 * {@link #aggregate}; the master calls {@link #replication}, {@link #prepare}, {@link #countReadings},
 * {@link #countReadingsPerSubstation}, {@link #measurements} and {@link #purge}, on one object it keeps for the
 * iteration.
 *
 * <p><b>Acknowledgement contract of {@link #insert}.</b> A reading counts as ingested only when the
 * store has acknowledged it durably. A binding that batches returns {@link Status#BATCHED_OK} for a
 * reading it buffered, {@link Status#OK} when this call made the store acknowledge the reading and
 * every reading buffered before it, and an error status when that whole unacknowledged batch failed.
 * {@link #flush()} settles what is still buffered in the same way. A binding that does not batch
 * simply returns OK or an error for each reading. With this contract an insert thread waits for its store at
 * every batch boundary.
 *
 * <p><b>Asynchronous acknowledgement</b>, for a store whose client completes writes asynchronously (a callback or
 * future per send): a binding opts in by returning true from {@link #acknowledgeThrough}, which hands it a sink of
 * its own. Then {@link #insert} returns {@link Status#OK} once the reading is handed to the store's client (it is
 * in flight), and the binding later reports it exactly once to the sink, acknowledged (durably, as above) or
 * failed, from whatever thread the completion arrives on; or {@code insert} returns an error status when the
 * reading could not be handed over, and then never reports it. {@link #flush()} sends whatever the binding still
 * holds, so that every reading in flight will be reported without further inserts; it need not wait for the
 * reports (the driver does) and its status is not counted. The driver bounds each thread's readings in flight:
 * {@code insert} is not called while too many are (a thread that waits for room and hears nothing for a while
 * calls {@code flush}, so held readings cannot block it), and the thread ends only when every one was reported.
 * A binding never offered a sink (one wrapped by another binding that does not pass the offer on) keeps to the
 * synchronous contract; {@link BatchWait} turns its own reports into that contract's batch statuses.
 *
 * <p><b>The values of {@link #insert}</b> are the caller's again once the call returns: the driver re-points the
 * same map and iterators at its next reading. A binding takes what it keeps with {@code toArray()}, which hands
 * it arrays of its own (or {@code toString()}), and never keeps the map or an iterator.
 */
public abstract class KitBinding extends DB {
  /**
   * Property every binding object of a driver instance is given: the instance's substation key, for bindings
   * that open per-substation resources before the start barrier.
   */
  public static final String SUBSTATION = "iot.substation";

  /**
   * Makes every buffered reading durable: OK if all were acknowledged, an error status if they were lost. With
   * asynchronous acknowledgement, sends what is still buffered (see the class's contract).
   */
  public abstract Status flush();

  /**
   * Opts this object in to asynchronous acknowledgement (see the class's contract) by returning true; the driver
   * calls it once, before the first {@link #insert}, with the sink of this object's thread. By default it returns
   * false: the synchronous contract (BATCHED_OK, then OK or an error for the whole batch).
   */
  public boolean acknowledgeThrough(Acknowledgements sink) {
    return false;
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
