package io.iotkit.binding;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import site.ycsb.DBException;

/**
 * What the master asks of the store around and between the executions: its replication, an iteration's
 * preparation and data layout, the data check's counts, the purge, and the watch's ping. The master opens one with
 * {@link BindingProvider#openAdmin} for its own calls (and one more for the watch) and closes it when done. It knows
 * nothing of the run protocol; the master decides when each is called.
 */
public interface StoreAdmin extends AutoCloseable {
  /** The replication factor of the data the binding writes, as the store itself reports it. */
  Replication replication() throws DBException;

  /**
   * The copies of the iteration's readings as counted on the copies (live replicas, their in-sync state, how far
   * they have applied the primary's writes), read before the iteration's warmup and again at its data check. A
   * figure the store does not give is counted as no copy. Empty by default: the binding does not read its copies,
   * and only the factor of {@link #replication()} is checked.
   */
  default Optional<LiveCopies> liveCopies(List<String> substations) throws DBException {
    return Optional.empty();
  }

  /**
   * Before an iteration writes anything, with the substation keys it will write (e.g. to create a topic, lay out a
   * table, or start a verifying subscriber). Nothing by default.
   */
  default void prepare(List<String> substations) throws DBException {
  }

  /**
   * For a store that delivers what is written to readers (a broker, a log): starts a reader of these substations'
   * readings, as a consumer of the store would read them, reporting each one to {@code sink}; called after
   * {@link #prepare}, before anything is written. Empty by default: a store read by query delivers nothing.
   */
  default Optional<DeliveryWatch> watchDeliveries(List<String> substations, DeliverySink sink) throws DBException {
    return Optional.empty();
  }

  /** Exact number of readings stored under each of these substation keys, in their order. */
  Map<String, Long> countReadings(List<String> substations) throws DBException;

  /** Readings stored under these substation keys together. */
  default long totalReadings(List<String> substations) throws DBException {
    return countReadings(substations).values().stream().mapToLong(Long::longValue).sum();
  }

  /** Deletes every reading the kit wrote. */
  void purge() throws DBException;

  /**
   * A cheap request the store must answer, for the master's watch on a running SUT: it returns once the store
   * answered, or throws. It may block as long as the store client retries; the master times the silence itself.
   * Nothing by default: a store in the driver's own JVM (the sink) cannot stop answering.
   */
  default void ping() throws DBException {
  }

  /**
   * How the store laid out the readings of the substations last {@link #prepare prepared}, read back from the
   * store before the first insert, for the full disclosure report's data layout section: name to value text, e.g.
   * {@code table}, {@code regions}, {@code split points}, {@code partitions}. Empty by default.
   */
  default Map<String, String> dataLayout() throws DBException {
    return Map.of();
  }

  /**
   * The SUT's version and the settings changed from their defaults, as far as the store reports them, for the
   * full disclosure report: key {@code version}, and {@code setting.<name>} per changed setting. Never
   * credentials. Empty by default.
   */
  default Map<String, String> sutSettings() throws DBException {
    return Map.of();
  }

  /**
   * What each server of the store says of its own current start, by server: a value that a restart changes and
   * nothing else does (HBase's start codes, PostgreSQL's postmaster start time), so that the system cleanup can
   * prove a restart from the servers themselves rather than from a restart command's exit status. Read as the
   * server answers it, never computed by the binding from its own clock. Empty by default: the store does not say,
   * and the kit reports that it could not tell.
   */
  default Map<String, String> serverStarts() throws DBException {
    return Map.of();
  }

  /**
   * Figures the binding measured on the store's side since {@link #prepare} (e.g. deliveries counted),
   * as name and value text, for the run report. Empty by default.
   */
  default Map<String, String> measurements() {
    return Map.of();
  }

  /**
   * One line saying the SUT is not the store itself but a program that emulates it (speaks its protocol), so its
   * figures are not the store's, e.g. "MongoDB wire-protocol emulator (mongo-java-server), not MongoDB; its figures
   * are not MongoDB's"; empty for the store itself. The binding tells from the server's own answers. A run on an
   * emulator is never compliant. Empty by default.
   */
  default Optional<String> emulator() throws DBException {
    return Optional.empty();
  }

  /** Releases the connection; the store's data stays. */
  @Override
  void close();
}
