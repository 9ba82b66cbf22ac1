package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.AcknowledgementCount;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * On each SQL store's local server (MariaDB, PostgreSQL): the data check fails with the exact per-substation
 * difference when rows go missing (or appear) behind the kit's back and when readings are dropped, written twice
 * or written under another substation ({@link StoreFaults}); a batch the server refuses, or one with a malformed
 * reading, is neither counted nor stored; the plain client loop's readings are all there.
 */
class JdbcDataLossIT {

  @ParameterizedTest
  @ValueSource(strings = {"mysql", "postgresql"})
  void rowsChangedBehindTheKitsBackAndStoreFaultsFailTheDataCheck(String store, @TempDir Path work)
      throws Exception {
    try (BindingHarness h = BindingHarness.start(store, work, new Properties())) {
      String sub = "loss-1-000";
      InstanceResult written = h.write(sub, 5_000, 4);
      assertEquals(5_000, written.acknowledged());
      assertTrue(h.dataCheck(sub, written.acknowledged()).passed(), "nothing lost yet");

      try (Connection c = jdbc(store, h.properties);
           PreparedStatement delete = c.prepareStatement(store.equals("mysql")
               ? "DELETE FROM readings WHERE substation = ? ORDER BY sensor, ts LIMIT 3"
               : "DELETE FROM readings WHERE ctid IN (SELECT ctid FROM readings WHERE substation = ?"
                   + " ORDER BY sensor, ts LIMIT 3)")) {
        delete.setString(1, sub);
        assertEquals(3, delete.executeUpdate());
      }
      CheckResult lost = h.dataCheck(sub, written.acknowledged());
      assertFalse(lost.passed());
      assertEquals("4997", lost.measured().text());
      assertEquals("substation loss-1-000: 3 acknowledged readings missing", lost.why());

      try (Connection c = jdbc(store, h.properties);
           PreparedStatement copy = c.prepareStatement("INSERT INTO readings SELECT substation, sensor, ts + 1, value,"
               + " unit, padding FROM readings WHERE substation = ? ORDER BY sensor, ts LIMIT 5")) {
        copy.setString(1, sub);
        assertEquals(5, copy.executeUpdate());
      }
      CheckResult extra = h.dataCheck(sub, written.acknowledged());
      assertFalse(extra.passed());
      assertEquals("5002", extra.measured().text());
      assertEquals("substation loss-1-000: 2 more than written", extra.why());

      // The primary key (substation, sensor, ts) refuses a second row with a key the table holds: a batch
      // rewritten under its own keys fails whole (see the refused batch below), neither lost nor extra, so the
      // retried batch that does leave readings behind is one under new keys.
      StoreFaults.failTheDataCheck(h, "fault", FaultyBinding.Kind.DUPLICATE_NEW_KEY);

      h.admin.purge();
      assertEquals(0, h.admin.totalReadings(List.of(sub)), "the purge leaves nothing");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"mysql", "postgresql"})
  void refusedOrMalformedBatchesAreNeitherCountedNorStoredAndThePlainLoopStoresAll(String store,
                                                                                    @TempDir Path work)
      throws Exception {
    Properties given = new Properties();
    given.setProperty(store + ".batch.size", "3");
    try (BindingHarness h = BindingHarness.start(store, work, given)) {
      KitBinding b = KnownWindows.open(h);
      String sub = "loss-2-000";
      long t = 1_767_225_600_000_000L;
      AcknowledgementCount first = new AcknowledgementCount();
      b.write(reading(sub, t, "1.5"), first);
      b.write(reading(sub, t + 1, "1.5"), first);
      assertEquals(0, first.acknowledgedCount() + first.failedCount(), "held until the batch of 3 is full");
      // The third reading repeats the first key: the server refuses the multi-row INSERT, the batch rolls back.
      b.write(reading(sub, t, "1.5"), first);
      assertEquals(3, first.failedCount(), "the whole batch failed");
      assertEquals(0, first.acknowledgedCount());
      assertEquals(0, h.admin.totalReadings(List.of(sub)), "nothing of the refused batch is stored");

      AcknowledgementCount second = new AcknowledgementCount();
      b.write(reading(sub, t + 2, "1.5"), second);
      b.flush();
      assertEquals(1, second.acknowledgedCount(), "the next batch goes through on the same connection");
      assertEquals(1, h.admin.totalReadings(List.of(sub)));

      // A reading whose value is not a number fails its batch too, before anything reaches the server.
      AcknowledgementCount third = new AcknowledgementCount();
      b.write(reading(sub, t + 3, "1.5"), third);
      b.write(reading(sub, t + 4, "twelve"), third);
      b.flush();
      assertEquals(2, third.failedCount());
      assertEquals(1, h.admin.totalReadings(List.of(sub)), "the failed batch left nothing behind");
      b.cleanup();

      try (PlainClientLoop loop = h.provider.plainClientLoop(h.properties).orElseThrow()) {
        assertEquals(2_003, loop.write("plain-000", PlainPool.of(101, 7), 2_003, 3));
        assertEquals(2_003, h.admin.totalReadings(List.of("plain-000")));
      }
    }
  }

  private static Connection jdbc(String store, Properties p) throws SQLException {
    return store.equals("mysql") ? MySqlProtocolIT.jdbc(p) : PostgreSqlProtocolIT.jdbc(p);
  }

  private static Reading reading(String substation, long micros, String value) {
    return new Reading(substation, "x", micros, value, "kV test", new byte[10]);
  }
}
