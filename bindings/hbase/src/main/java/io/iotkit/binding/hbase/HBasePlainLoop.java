package io.iotkit.binding.hbase;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.io.IOException;
import java.util.Properties;
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
 * <p>One {@link BufferedMutator} per writing thread, each sending a background batch whenever its buffer fills.
 * Not one shared by all threads: each mutator has its own request controller, which by default keeps one request
 * in flight per region ({@code hbase.client.max.perregion.tasks} = 1), so a shared one sends the whole load one
 * batch at a time. In four alternating bench runs on the embedded HBase (10 threads, a machine loaded 20–38 on 2
 * CPUs) a shared mutator's median rate was 0.24–0.87 of the kit instance's, per-thread mutators' 0.69–1.9, and
 * they spent 2–3 times less of the JVM's CPU per reading than the shared one. Each buffer is the client configuration's
 * ({@code hbase.client.write.buffer}: HBase's default 2 MiB, or what the binding properties set), about twenty
 * times the binding's batch of 100 readings: fewer, larger RPCs, the loop's best case. A thread's {@code close()}
 * flushes and waits, and throws if any put failed after the client's retries, so {@link #write} returns only once
 * every reading was acknowledged. The connection is the binding's shared one (same settings, same ZooKeeper check).
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
    // One writer per sensor as in a driver instance; close() flushes and waits for every put of the thread,
    // and throws if one failed.
    return PlainThreads.run(pool, count, threads, (mine, from, to) -> {
      try (BufferedMutator mutator = connection.getBufferedMutator(new BufferedMutatorParams(settings.table))) {
        for (long i = from; i < to; i++) {
          PlainReading r = pool[mine[(int) ((i - from) % mine.length)]];
          Put put = new Put(Bytes.toBytes(ReadingFormat.key(substation, r.sensor(), base + i)));
          put.addColumn(HBaseBinding.FAMILY, HBaseBinding.VALUE, Bytes.toBytes(r.value()));
          put.addColumn(HBaseBinding.FAMILY, HBaseBinding.UNIT, Bytes.toBytes(r.unit()));
          put.addColumn(HBaseBinding.FAMILY, HBaseBinding.PADDING, r.padding());
          mutator.mutate(put);
        }
      } catch (IOException e) {
        throw new DBException("hbase: plain client loop write failed: " + e.getMessage(), e);
      }
      return to - from;
    });
  }

  @Override
  public void close() {
    if (connection != null) {
      connection = null;
      SharedConnection.release(settings);
    }
  }
}
