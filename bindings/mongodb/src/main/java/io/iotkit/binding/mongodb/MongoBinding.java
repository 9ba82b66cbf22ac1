package io.iotkit.binding.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.model.InsertManyOptions;
import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.BlockingBatchWriter;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.bson.Document;
import site.ycsb.DBException;

/**
 * Stores readings in MongoDB: one document per reading in the configured collection ({@link ReadingDocuments}),
 * written with the synchronous driver's {@code insertMany} (unordered) in batches of {@code mongodb.batch.size}
 * through the kit's {@link BlockingBatchWriter}. A reading counts once its batch's {@code insertMany} returned:
 * the server then acknowledged it with the configured write concern (by default majority with the journal).
 *
 * <p>Window queries are an aggregation pipeline the server runs ({@link WindowPipeline}). On MongoDB the compound
 * index {substation, sensor, timestamp} that {@code prepare} makes selects exactly the window's documents, so the
 * readings read are the count; a wire-protocol emulator does not say how it finds them (mongo-java-server scans),
 * so there they are not measured.
 */
public final class MongoBinding extends KitBinding implements WindowQueries {
  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);

  private MongoConnection connection;
  private BlockingBatchWriter writer;
  private boolean emulated;

  @Override
  public void init() throws DBException {
    MongoSettings settings;
    try {
      settings = MongoSettings.from(getProperties());
    } catch (IllegalArgumentException e) {
      throw new DBException("mongodb: " + e.getMessage(), e);
    }
    connection = new MongoConnection(settings);
    try {
      emulated = MongoAdmin.identity(connection).emulated();
    } catch (DBException e) {
      connection.close();
      throw e;
    }
    writer = new BlockingBatchWriter(settings.batchSize(), settings.batchLinger(), this::insert);
  }

  private void insert(List<Reading> batch) throws DBException {
    List<Document> documents = new ArrayList<>(batch.size());
    for (Reading r : batch) {
      documents.add(ReadingDocuments.of(r));
    }
    try {
      connection.collection().insertMany(documents, UNORDERED);
    } catch (MongoException e) {
      throw connection.failure("insertMany of " + batch.size() + " readings", e);
    }
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) throws DBException {
    try {
      Double.parseDouble(reading.value());
    } catch (NumberFormatException e) {
      throw new DBException("mongodb: reading " + reading.key() + " has a value that is not a number", e);
    }
    writer.write(reading, ack);
  }

  @Override
  public void flush() {
    writer.flush();
  }

  @Override
  public OptionalLong flushDue() {
    return writer.flushDue();
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    Document group;
    try {
      group = connection.collection().aggregate(WindowPipeline.of(fn, substation, sensor, fromMicros, toMicros))
          .first();
    } catch (MongoException e) {
      throw connection.failure("window query", e);
    }
    WindowResult r = WindowPipeline.answer(fn, group);
    return emulated ? r : new WindowResult(r.count(), r.value(), r.count());
  }

  /** Writes what is held (the kit calls this once every reading was answered), then closes the client. */
  @Override
  public void cleanup() {
    if (writer != null) {
      writer.flush();
    }
    if (connection != null) {
      connection.close();
      connection = null;
    }
  }
}
