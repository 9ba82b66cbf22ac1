package io.iotkit.binding.influxdb;

import io.iotkit.binding.Reading;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The reference for the kit's benchmark: the JDK's HttpClient posting the binding's batches (same lines, same
 * database, same batch size) synchronously, each thread waiting for its request's 204 before the next: the
 * store's own client in its plainest loop, with nothing of the kit around it.
 */
final class InfluxPlainLoop implements PlainClientLoop {
  private final InfluxSettings settings;
  private InfluxHttp http;

  /** @throws io.iotkit.binding.settings.BadPropertyException naming a bad binding property */
  InfluxPlainLoop(Properties properties) {
    settings = InfluxSettings.from(properties);
  }

  @Override
  public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
    if (http == null) {
      http = new InfluxHttp(settings);
    }
    InfluxHttp client = http;
    // Timestamps base + i for reading i: unique for every reading, so for every sensor.
    long base = System.currentTimeMillis() * 1_000;
    long acknowledged = PlainThreads.run(pool, count, threads, (mine, from, to) -> {
      StringBuilder lines = new StringBuilder();
      long done = 0;
      int held = 0;
      for (long i = from; i < to; i++) {
        PlainReading p = pool[mine[(int) ((i - from) % mine.length)]];
        LineProtocol.append(lines, new Reading(substation, p.sensor(), base + i, p.value(), p.unit(), p.padding()));
        if (++held == settings.batchSize() || i == to - 1) {
          client.writeAndWait(lines.toString().getBytes(StandardCharsets.UTF_8));
          done += held;
          held = 0;
          lines.setLength(0);
        }
      }
      return done;
    });
    if (acknowledged != count) {
      throw new IllegalStateException("influxdb: " + acknowledged + " of " + count + " readings acknowledged");
    }
    return acknowledged;
  }

  @Override
  public void close() {
    http = null; // the JDK's client closes its idle connections itself
  }
}
