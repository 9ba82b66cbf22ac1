package io.iotkit.binding.mongodb;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import io.iotkit.binding.Reading;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.Document;

/**
 * The reference for the kit's benchmark: the driver's own {@code insertMany} (unordered) of the binding's batches
 * (same documents, collection, batch size and write concern), each thread waiting for its batch's
 * acknowledgement before the next, with nothing of the kit around it.
 */
final class MongoPlainLoop implements PlainClientLoop {
  private final MongoSettings settings;
  private MongoConnection connection;

  /** @throws io.iotkit.binding.settings.BadPropertyException naming a bad binding property */
  MongoPlainLoop(Properties properties) {
    settings = MongoSettings.from(properties);
  }

  @Override
  public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
    if (connection == null) {
      connection = new MongoConnection(settings);
    }
    MongoCollection<Document> collection = connection.collection();
    InsertManyOptions unordered = new InsertManyOptions().ordered(false);
    // Timestamps base + i for reading i: unique for every reading, so for every sensor.
    long base = System.currentTimeMillis() * 1_000;
    long acknowledged = PlainThreads.run(pool, count, threads, (mine, from, to) -> {
      List<Document> batch = new ArrayList<>(settings.batchSize());
      long done = 0;
      for (long i = from; i < to; i++) {
        PlainReading p = pool[mine[(int) ((i - from) % mine.length)]];
        batch.add(ReadingDocuments.of(new Reading(substation, p.sensor(), base + i, p.value(), p.unit(),
            p.padding())));
        if (batch.size() == settings.batchSize() || i == to - 1) {
          collection.insertMany(batch, unordered);
          done += batch.size();
          batch = new ArrayList<>(settings.batchSize());
        }
      }
      return done;
    });
    if (acknowledged != count) {
      throw new IllegalStateException("mongodb: " + acknowledged + " of " + count + " readings acknowledged");
    }
    return acknowledged;
  }

  @Override
  public void close() {
    if (connection != null) {
      connection.close();
      connection = null;
    }
  }
}
