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
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data check on the local PostgreSQL fails with the exact per-substation difference when rows go missing (or
 * appear) behind the kit's back and when readings are dropped, written twice or written under another substation
 * ({@link StoreFaults}); a batch the server refuses is neither counted nor stored; the plain client loop's
 * readings are all there.
 */
class PostgreSqlDataLossIT {

  @Test
  void rowsChangedBehindTheKitsBackAndStoreFaultsFailTheDataCheck(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("postgresql", work, new Properties())) {
      String sub = "loss-1-000";
      InstanceResult written = h.write(sub, 5_000, 4);
      assertEquals(5_000, written.acknowledged());
      assertTrue(h.dataCheck(sub, written.acknowledged()).passed(), "nothing lost yet");

      try (Connection c = PostgreSqlProtocolIT.jdbc(h.properties);
           PreparedStatement delete = c.prepareStatement("DELETE FROM readings WHERE ctid IN (SELECT ctid FROM"
               + " readings WHERE substation = ? ORDER BY sensor, ts LIMIT 3)")) {
        delete.setString(1, sub);
        assertEquals(3, delete.executeUpdate());
      }
      CheckResult lost = h.dataCheck(sub, written.acknowledged());
      assertFalse(lost.passed());
      assertEquals("4997", lost.measured().text());
      assertEquals("substation loss-1-000: 3 acknowledged readings missing", lost.why());

      try (Connection c = PostgreSqlProtocolIT.jdbc(h.properties);
           PreparedStatement copy = c.prepareStatement("INSERT INTO readings SELECT substation, sensor, ts + 1, value,"
               + " unit, padding FROM readings WHERE substation = ? ORDER BY sensor, ts LIMIT 5")) {
        copy.setString(1, sub);
        assertEquals(5, copy.executeUpdate());
      }
      CheckResult extra = h.dataCheck(sub, written.acknowledged());
      assertFalse(extra.passed());
      assertEquals("5002", extra.measured().text());
      assertEquals("substation loss-1-000: 2 more than written", extra.why());

      // As on MySQL, the primary key refuses a batch rewritten under its own keys whole: the retried batch that
      // leaves readings behind is one under new keys.
      StoreFaults.failTheDataCheck(h, "fault", FaultyBinding.Kind.DUPLICATE_NEW_KEY);

      h.admin.purge();
      assertEquals(0, h.admin.totalReadings(List.of(sub)), "TRUNCATE leaves nothing");
    }
  }

  @Test
  void aRefusedBatchIsNeitherCountedNorStoredAndThePlainLoopsReadingsAreAllThere(@TempDir Path work)
      throws Exception {
    Properties given = new Properties();
    given.setProperty("postgresql.batch.size", "3");
    try (BindingHarness h = BindingHarness.start("postgresql", work, given)) {
      KitBinding b = MySqlProtocolIT.open(h);
      String sub = "loss-2-000";
      long t = 1_767_225_600_000_000L;
      AcknowledgementCount first = new AcknowledgementCount();
      b.write(reading(sub, t, "1.5"), first);
      b.write(reading(sub, t + 1, "1.5"), first);
      assertEquals(0, first.acknowledgedCount() + first.failedCount(), "held until the batch of 3 is full");
      b.write(reading(sub, t, "1.5"), first); // repeats the first key: the server refuses the batch
      assertEquals(3, first.failedCount(), "the whole batch failed");
      assertEquals(0, h.admin.totalReadings(List.of(sub)), "nothing of the refused batch is stored");

      AcknowledgementCount second = new AcknowledgementCount();
      b.write(reading(sub, t + 2, "1.5"), second);
      b.flush();
      assertEquals(1, second.acknowledgedCount(), "the next batch goes through on the same connection");
      assertEquals(1, h.admin.totalReadings(List.of(sub)));
      b.cleanup();

      try (PlainClientLoop loop = h.provider.plainClientLoop(h.properties).orElseThrow()) {
        assertEquals(2_003, loop.write("plain-000", PlainPool.of(101, 7), 2_003, 3));
        assertEquals(2_003, h.admin.totalReadings(List.of("plain-000")));
      }
    }
  }

  private static Reading reading(String substation, long micros, String value) {
    return new Reading(substation, "x", micros, value, "kV test", new byte[10]);
  }
}
