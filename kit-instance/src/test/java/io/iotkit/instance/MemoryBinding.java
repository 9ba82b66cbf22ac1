package io.iotkit.instance;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.BlockingBatchWriter;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.WindowStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentSkipListMap;

// Test binding: readings in a sorted map (shareable between threads' bindings), windows answered by a range scan.
// With a batch size above 1 it stores readings a batch at a time, as a store behind the kit's BlockingBatchWriter.
class MemoryBinding extends KitBinding implements WindowQueries {
  record Call(Aggregate fn, String substation, String sensor, long from, long to, WindowResult result) {
  }

  final NavigableMap<String, Double> store;
  final List<Call> calls = new ArrayList<>();
  private final BlockingBatchWriter batches;

  MemoryBinding() {
    this(new ConcurrentSkipListMap<>(), 1);
  }

  MemoryBinding(NavigableMap<String, Double> store, int batchSize) {
    this(store, batchSize, Duration.ZERO);
  }

  /** A store whose writer sends a partial batch once its oldest reading waited {@code linger}. */
  MemoryBinding(NavigableMap<String, Double> store, int batchSize, Duration linger) {
    this.store = store;
    this.batches = new BlockingBatchWriter(batchSize, linger,
        batch -> batch.forEach(r -> store.put(r.key(), Double.parseDouble(r.value()))));
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) {
    batches.write(reading, ack);
  }

  @Override
  public void flush() {
    batches.flush();
  }

  @Override
  public OptionalLong flushDue() {
    return batches.flushDue();
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros) {
    WindowStats stats = new WindowStats();
    store.subMap(ReadingFormat.key(substation, sensor, fromMicros), true,
        ReadingFormat.key(substation, sensor, toMicros), false).values().forEach(stats::add);
    WindowResult r = stats.result(fn);
    calls.add(new Call(fn, substation, sensor, fromMicros, toMicros, r));
    return r;
  }

  /** Readings stored under these substations together, as the master's count would find them. */
  long countReadings(java.util.List<String> substations) {
    return substations.stream().mapToLong(substation -> {
      String prefix = ReadingFormat.substationPrefix(substation);
      return store.keySet().stream().filter(k -> k.startsWith(prefix)).count();
    }).sum();
  }
}
