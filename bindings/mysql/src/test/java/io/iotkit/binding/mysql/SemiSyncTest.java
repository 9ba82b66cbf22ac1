package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SemiSyncTest {
  private static final String VARIABLES = "SHOW GLOBAL VARIABLES LIKE 'rpl_semi_sync_%'";
  private static final String STATUS = "SHOW GLOBAL STATUS LIKE 'rpl_semi_sync_%'";

  @Test
  void mysqlsSourceNamesReadAsMariaDbsMasterNames() throws SQLException {
    FakeServer s = new FakeServer()
        .answer(VARIABLES, List.of(List.of("rpl_semi_sync_source_enabled", "ON"),
            List.of("rpl_semi_sync_source_wait_point", "AFTER_SYNC"), List.of("rpl_semi_sync_source_timeout", "5000"),
            List.of("rpl_semi_sync_source_wait_for_replica_count", "2")))
        .answer(STATUS, List.of(List.of("Rpl_semi_sync_source_status", "ON"),
            List.of("Rpl_semi_sync_source_clients", "3"), List.of("Rpl_semi_sync_source_yes_tx", "12345"),
            List.of("Rpl_semi_sync_source_no_tx", "7")));
    SemiSync semi = SemiSync.read(s);
    assertEquals(new SemiSync(true, true, "AFTER_SYNC", "2", "5000", 3, 12_345, 7), semi);
    assertEquals("12,345 commits acknowledged by a replica, 7 without one (since the primary started)",
        semi.acknowledgements());
  }

  @Test
  void aPrimaryThatTimedOutSaysSemiSyncIsNotInEffect() throws SQLException {
    FakeServer s = new FakeServer()
        .answer(VARIABLES, List.of(List.of("rpl_semi_sync_master_enabled", "ON")))
        .answer(STATUS, List.of(List.of("Rpl_semi_sync_master_status", "OFF")));
    SemiSync semi = SemiSync.read(s);
    assertTrue(semi.enabled());
    assertFalse(semi.active());
    assertTrue(semi.describe().startsWith("on but not in effect now"), semi.describe());
  }

  @Test
  void aServerWithoutItWaitsForNoReplica() throws SQLException {
    SemiSync semi = SemiSync.read(new FakeServer());
    assertFalse(semi.enabled());
    assertEquals("off: a commit waits for no replica (asynchronous replication)", semi.describe());
  }
}
