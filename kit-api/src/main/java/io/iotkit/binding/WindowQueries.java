package io.iotkit.binding;

import site.ycsb.DBException;

/**
 * The dashboard's window query, for a binding whose store answers queries: its {@link KitBinding} implements this
 * too. A store that answers none (an MQTT broker) does not: the kit then runs no queries on it, reports the query
 * rules as not applicable, and such a run is never compliant.
 */
public interface WindowQueries {
  /**
   * Reads one sensor's readings with {@code fromMicros <= timestamp < toMicros} and aggregates their values. The
   * readings must really be read (server-side aggregation is fine); the result says how many the store read to
   * answer, where the store tells ({@link WindowResult#read}).
   */
  WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException;
}
