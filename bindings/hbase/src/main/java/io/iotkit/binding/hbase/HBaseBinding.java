package io.iotkit.binding.hbase;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.WindowStats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.metrics.ScanMetrics;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.DBException;

/**
 * Stores readings in one HBase table, row key = the reading key, one column family with the value, unit and
 * padding columns. Writes are batched per thread (hbase.batch.size, default 100) and each batch is sent with
 * the asynchronous client's {@link AsyncTable#put(List)}, whose futures, one per put, report its reading to its
 * {@link Acknowledgement}: acknowledged when the region server has written it to its WAL (the table's default
 * durability), failed once the client's retries are exhausted. So an insert thread never waits for its batches
 * (the driver bounds how many readings are in flight), and a batch that partly failed counts exactly the puts that
 * were written.
 *
 * <p>A batch per thread rather than one BufferedMutator per JVM: a BufferedMutator reports only failures
 * (through its listener, or from flush) and success only as "flush returned", which would make a thread's
 * acknowledgements wait on a flush of every thread's mutations; per-put futures say which reading was written.
 * A window query is a row-range scan of the value column ({@link #windowScan}); the rows the region server read
 * for it are its scan metrics. What the master asks of the table is {@link HBaseAdmin}'s.
 *
 * <p>Properties: see {@link HBaseSettings}.
 */
public final class HBaseBinding extends KitBinding implements WindowQueries {
  static final byte[] FAMILY = Bytes.toBytes("r");
  static final byte[] VALUE = Bytes.toBytes("v");
  static final byte[] UNIT = Bytes.toBytes("u");
  static final byte[] PADDING = Bytes.toBytes("p");
  private HBaseTable t;
  private int batchSize;
  private List<Put> batch = new ArrayList<>();
  /** The acknowledgement of each put of {@link #batch}, in its order. */
  private List<Acknowledgement> acks = new ArrayList<>();
  private AsyncTable<?> puts;

  @Override
  public void init() throws DBException {
    t = HBaseTable.open(getProperties());
    batchSize = t.settings.batchSize;
    if (!getProperties().getProperty(SUBSTATION, "").isBlank()) {
      try {
        asyncTable(); // a driver instance's: opened before the start barrier, not in the timed run
      } catch (DBException e) {
        t.close();
        throw e;
      }
    }
  }

  private AsyncTable<?> asyncTable() throws DBException {
    if (puts == null) {
      puts = SharedConnection.async(t.settings).getTable(t.name);
    }
    return puts;
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) {
    Put put = new Put(Bytes.toBytes(reading.key()));
    put.addColumn(FAMILY, VALUE, Bytes.toBytes(reading.value()));
    put.addColumn(FAMILY, UNIT, Bytes.toBytes(reading.unit()));
    put.addColumn(FAMILY, PADDING, reading.padding());
    batch.add(put);
    acks.add(ack);
    if (batch.size() >= batchSize) {
      flush();
    }
  }

  /** Hands the batch to the asynchronous client; each put's future reports its reading. */
  @Override
  public void flush() {
    if (batch.isEmpty()) {
      return;
    }
    List<Acknowledgement> sent = acks;
    try {
      List<CompletableFuture<Void>> futures = asyncTable().put(batch);
      for (int i = 0; i < futures.size(); i++) {
        Acknowledgement a = sent.get(i);
        futures.get(i).whenComplete((ok, e) -> {
          if (e == null) {
            a.acknowledged();
          } else {
            a.failed(e);
          }
        });
      }
    } catch (DBException | RuntimeException e) {
      sent.forEach(a -> a.failed(e)); // the client took none of them
    } finally {
      batch = new ArrayList<>(batchSize); // new lists: the client may still read the one it was given
      acks = new ArrayList<>(batchSize);
    }
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    Scan scan = windowScan(fn, Bytes.toBytes(ReadingFormat.key(substation, sensor, fromMicros)),
        Bytes.toBytes(ReadingFormat.key(substation, sensor, toMicros)));
    WindowStats stats = new WindowStats();
    ScanMetrics metrics;
    try (ResultScanner rs = t.table.getScanner(scan)) {
      for (Result r : rs) {
        if (fn == Aggregate.COUNT) {
          stats.add(0); // the row is the reading; COUNT needs no value
        } else {
          stats.add(Double.parseDouble(Bytes.toString(r.getValue(FAMILY, VALUE))));
        }
      }
      metrics = rs.getScanMetrics();
    } catch (IOException e) {
      throw new DBException("hbase: window scan failed: " + e.getMessage());
    }
    WindowResult answer = stats.result(fn);
    // the rows the region server read for the scan (filtered ones included), as it counted them: not the rows
    // returned, so a scan that read past its window would show it
    long read = metrics == null ? WindowResult.UNMEASURED : metrics.countOfRowsScanned.get();
    return new WindowResult(answer.count(), answer.value(), read);
  }

  /**
   * The scan of one window: the rows [from, to) of one sensor, which are exactly the window's readings (row key =
   * substation:sensor:micros). Sized for a short range read: every row in one RPC (caching unbounded; the
   * client's max result size still bounds a response), positional reads (no switch to a streaming read, which
   * pays off only for long scans), only the value column, or for COUNT only each row's first key (no value
   * shipped). No limit: the window must be aggregated whole, and the stop row already ends the scan at its end.
   */
  static Scan windowScan(Aggregate fn, byte[] fromRow, byte[] toRow) {
    Scan scan = new Scan()
        .withStartRow(fromRow)
        .withStopRow(toRow)
        .setCaching(Integer.MAX_VALUE)
        .setReadType(Scan.ReadType.PREAD)
        .setScanMetricsEnabled(true);
    if (fn == Aggregate.COUNT) {
      scan.setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
    } else {
      scan.addColumn(FAMILY, VALUE);
    }
    return scan;
  }

  /** Sends what the object still holds (its acknowledgements report it), then releases the connection. */
  @Override
  public void cleanup() {
    if (t != null) {
      flush();
      t.close();
      t = null;
    }
  }
}
