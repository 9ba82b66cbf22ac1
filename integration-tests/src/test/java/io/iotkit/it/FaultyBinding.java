package io.iotkit.it;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DBException;

/**
 * A real store's binding with a fault in front of it: the first readings that pass through (over all threads of
 * an instance) are dropped, written twice or written under another substation, while the instance goes on
 * counting what the binding acknowledges. Everything else goes to the real binding unchanged.
 */
class FaultyBinding extends KitBinding {

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

  private FaultyBinding(KitBinding store, Fault fault) {
    this.store = store;
    this.fault = fault;
  }

  @Override
  public void write(Reading r, Acknowledgement ack) throws DBException {
    if (!fault.picks()) {
      store.write(r, ack);
      return;
    }
    switch (fault.kind()) {
      case DROP -> ack.acknowledged();
      case DUPLICATE -> {
        store.write(r, ack);
        store.write(r, UNHEARD);
      }
      case DUPLICATE_NEW_KEY -> {
        store.write(r, ack);
        store.write(new Reading(r.substation(), "retried-" + r.sensor(), r.micros(), r.value(), r.unit(),
            r.padding()), UNHEARD);
      }
      case MISROUTE -> store.write(new Reading(fault.otherSubstation(), r.sensor(), r.micros(), r.value(), r.unit(),
          r.padding()), ack);
      default -> throw new IllegalStateException("unknown fault " + fault.kind());
    }
  }

  /** Where a copy's answer goes: nowhere, as the instance counts the original alone. */
  private static final Acknowledgement UNHEARD = new Acknowledgement() {
    @Override
    public void acknowledged() {
    }

    @Override
    public void failed(Throwable cause) {
    }
  };

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
  public void flush() throws DBException {
    store.flush();
  }

  /** A faulty binding in front of a store that answers window queries: the queries go to it unchanged. */
  static final class Querying extends FaultyBinding implements WindowQueries {
    private final WindowQueries store;

    Querying(KitBinding store, Fault fault) {
      super(store, fault);
      this.store = (WindowQueries) store;
    }

    @Override
    public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
        throws DBException {
      return store.aggregate(fn, substation, sensor, fromMicros, toMicros);
    }
  }

  /** {@code store} with {@code fault} in front of it, answering window queries if {@code store} does. */
  static KitBinding around(KitBinding store, Fault fault) {
    return store instanceof WindowQueries ? new Querying(store, fault) : new FaultyBinding(store, fault);
  }
}
