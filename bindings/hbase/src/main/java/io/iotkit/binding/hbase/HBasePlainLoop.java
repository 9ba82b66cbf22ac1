package io.iotkit.binding.hbase;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.DBException;

/**
 * HBase's own buffered client writing readings as {@link HBaseBinding} does, for the kit's benchmark: same table,
 * column family and columns, row key {@link ReadingFormat#key}, the table's default durability (the binding sets
 * none either: the region server acknowledges once the WAL has the edit).
 *
 * <p>One {@link BufferedMutator} per {@link #write}, shared by its threads: HBase's documented way for many threads
 * writing one table; it sends a background batch whenever its buffer fills, so a thread blocks only when the
 * client's limit of outstanding requests is reached. Its write buffer is the client configuration's
 * ({@code hbase.client.write.buffer}: HBase's default 2 MiB, or what the binding properties set), about twenty
 * times the binding's batch of 100 readings: fewer, larger RPCs, the loop's best case. {@link #write} returns after
 * {@code flush()}, which throws if any put failed after the client's retries, so every counted reading was
 * acknowledged. The connection is the binding's shared one (same settings, same ZooKeeper check).
 */
final class HBasePlainLoop implements PlainClientLoop {
  private final HBaseSettings settings;
  private Connection connection;
  /** Epoch µs the next write's first reading is stamped with; each reading of a write gets its own µs. */
  private long nextMicros;

  HBasePlainLoop(Properties properties) {
    this.settings = HBaseSettings.from(properties);
  }

  @Override
  public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
    if (connection == null) {
      connection = SharedConnection.acquire(settings);
    }
    // Unique for every reading of this write and past every earlier one: so unique for each sensor.
    long base = Math.max(System.currentTimeMillis() * 1_000, nextMicros);
    nextMicros = base + count;
    AtomicReference<Exception> failure = new AtomicReference<>();
    try (BufferedMutator mutator = connection.getBufferedMutator(new BufferedMutatorParams(settings.table))) {
      List<Thread> running = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        long quota = count / threads + (t == threads - 1 ? count % threads : 0);
        Thread th = new Thread(() -> {
          try {
            for (long n = 0; n < quota; n++) {
              long i = n * threads + thread;
              PlainReading r = pool[(int) (i % pool.length)];
              Put put = new Put(Bytes.toBytes(ReadingFormat.key(substation, r.sensor(), base + i)));
              put.addColumn(HBaseBinding.FAMILY, HBaseBinding.VALUE, Bytes.toBytes(r.value()));
              put.addColumn(HBaseBinding.FAMILY, HBaseBinding.UNIT, Bytes.toBytes(r.unit()));
              put.addColumn(HBaseBinding.FAMILY, HBaseBinding.PADDING, r.padding());
              mutator.mutate(put);
            }
          } catch (IOException | RuntimeException e) {
            failure.compareAndSet(null, e);
          }
        }, "hbase-plain-" + t);
        th.start();
        running.add(th);
      }
      for (Thread th : running) {
        th.join();
      }
      mutator.flush(); // throws when a put failed: then nothing of this write counts
    }
    if (failure.get() != null) {
      throw new DBException("hbase: plain client loop write failed: " + failure.get().getMessage(), failure.get());
    }
    return count;
  }

  @Override
  public void close() {
    if (connection != null) {
      connection = null;
      SharedConnection.release();
    }
  }
}
