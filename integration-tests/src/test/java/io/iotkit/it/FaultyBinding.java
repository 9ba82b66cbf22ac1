package io.iotkit.it;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.Replication;
import io.iotkit.binding.WindowResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A real store's binding with a fault in front of it: the first readings that pass through (over all threads of
 * an instance) are dropped, written twice or written under another substation, while the instance goes on
 * counting what the binding acknowledges. Everything else goes to the real binding unchanged.
 */
final class FaultyBinding extends KitBinding {

  /** What happens to the readings a {@link Fault} picks. */
  enum Kind {
    /** Acknowledged but never sent: a store that silently drops readings. */
    DROP,
    /** Sent again under the same key: a retried batch the store writes twice. */
    DUPLICATE,
    /**
     * Sent again under a new key of the same substation (sensor {@code retried-<sensor>}): the extra reading a
     * retried batch leaves in a store where the same key is no second reading.
     */
    DUPLICATE_NEW_KEY,
    /** Sent under another substation's key, sensor, time and value unchanged. */
    MISROUTE
  }

  /**
   * One fault, shared by the binding objects of every insert thread of an instance.
   *
   * @param readings how many readings it picks, the first to arrive
   * @param otherSubstation where {@link Kind#MISROUTE} sends them; null for the other kinds
   */
  record Fault(Kind kind, long readings, String otherSubstation, AtomicLong picked) {
    static Fault of(Kind kind, long readings) {
      return new Fault(kind, readings, null, new AtomicLong());
    }

    static Fault misroute(long readings, String otherSubstation) {
      return new Fault(Kind.MISROUTE, readings, otherSubstation, new AtomicLong());
    }

    private boolean picks() {
      return picked.incrementAndGet() <= readings;
    }
  }

  private final KitBinding store;
  private final Fault fault;

  FaultyBinding(KitBinding store, Fault fault) {
    this.store = store;
    this.fault = fault;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (!fault.picks()) {
      return store.insert(table, key, values);
    }
    int substationEnd = key.indexOf(ReadingFormat.SEPARATOR);
    return switch (fault.kind()) {
      // BATCHED_OK: the instance counts it with the next reading the store acknowledges.
      case DROP -> Status.BATCHED_OK;
      case DUPLICATE -> twice(table, key, key, values);
      case DUPLICATE_NEW_KEY -> twice(table, key,
          key.substring(0, substationEnd + 1) + "retried-" + key.substring(substationEnd + 1), values);
      case MISROUTE -> store.insert(table, fault.otherSubstation() + key.substring(substationEnd), values);
    };
  }

  /** The reading, then its copy; the original's failure, if it failed, else what the copy's insert said. */
  private Status twice(String table, String key, String copyKey, Map<String, ByteIterator> values) {
    // A ByteIterator is read once: each insert gets the fields' bytes anew.
    Map<String, byte[]> fields = new HashMap<>();
    values.forEach((name, v) -> fields.put(name, v.toArray()));
    Status original = store.insert(table, key, iterators(fields));
    Status copy = store.insert(table, copyKey, iterators(fields));
    return original.isOk() ? copy : original;
  }

  private static Map<String, ByteIterator> iterators(Map<String, byte[]> fields) {
    Map<String, ByteIterator> values = new HashMap<>();
    fields.forEach((name, bytes) -> values.put(name, new ByteArrayByteIterator(bytes)));
    return values;
  }

  @Override
  public void setProperties(Properties p) {
    store.setProperties(p);
  }

  @Override
  public Properties getProperties() {
    return store.getProperties();
  }

  @Override
  public void init() throws DBException {
    store.init();
  }

  @Override
  public void cleanup() throws DBException {
    store.cleanup();
  }

  @Override
  public Status flush() {
    return store.flush();
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    return store.aggregate(fn, substation, sensor, fromMicros, toMicros);
  }

  @Override
  public Replication replication() throws DBException {
    return store.replication();
  }

  @Override
  public long countReadings(List<String> substations) throws DBException {
    return store.countReadings(substations);
  }

  @Override
  public void purge() throws DBException {
    store.purge();
  }
}
