package io.iotkit.binding.influxdb;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import java.util.OptionalLong;
import site.ycsb.DBException;

/**
 * Stores readings in InfluxDB 1.x: one point per reading in measurement {@code reading}, tags substation and
 * sensor, fields value, unit and padding, timestamp in µs ({@link LineProtocol}), written over the HTTP API in
 * requests of {@code influxdb.batch.size} lines ({@link WriteBatch}); a paced thread sends a partial request once
 * its oldest reading has waited {@code influxdb.batch.linger.ms}.
 *
 * <p>Writes are asynchronous: each request's future answers its readings' {@link Acknowledgement}s, so an insert
 * thread waits for the server only when it has {@code influxdb.requests.in.flight} requests unanswered (the kit
 * also bounds the readings in flight). A reading counts once its request
 * got 204: the points are then in the WAL, which influxd fsyncs before answering when {@code wal-fsync-delay} is
 * 0s (its default and the local server's setting; the admin reports the server's value).
 *
 * <p>Window queries are InfluxQL aggregates the server computes over one series' time range ({@link InfluxQl}).
 */
public final class InfluxBinding extends KitBinding implements WindowQueries {
  private InfluxHttp http;
  private WriteBatch batch;

  @Override
  public void init() throws DBException {
    InfluxSettings settings;
    try {
      settings = InfluxSettings.from(getProperties());
    } catch (IllegalArgumentException e) {
      throw new DBException("influxdb: " + e.getMessage(), e);
    }
    http = new InfluxHttp(settings);
    batch = new WriteBatch(http, settings.batchSize(), settings.batchLinger(), settings.requestsInFlight());
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) throws DBException {
    try {
      batch.add(reading, ack);
    } catch (IllegalArgumentException e) {
      throw new DBException("influxdb: reading " + reading.key() + " cannot be written: " + e.getMessage(), e);
    }
  }

  @Override
  public void flush() {
    batch.send();
  }

  @Override
  public OptionalLong flushDue() {
    return batch.due();
  }

  /**
   * The server's count and aggregate of the window. The readings the server read are the window's points: a
   * series' points are stored by time, and the query's time range selects exactly them.
   */
  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    QueryResults r = http.query(InfluxQl.window(fn, substation, sensor, fromMicros, toMicros), false);
    try {
      return WindowAnswer.of(fn, r.statement(0));
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new DBException("influxdb: window query failed: " + e.getMessage());
    }
  }

  /** Sends what is held; the kit calls cleanup once every reading was answered. */
  @Override
  public void cleanup() {
    if (batch != null) {
      batch.send();
    }
  }
}
