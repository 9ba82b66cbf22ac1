package io.iotkit.server.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NodeRoleTest {

  @Test
  void aLoneServerRunsAsBeforeWithoutABinaryLog() {
    NodeRole lone = new NodeRole(1, 1);
    assertEquals(List.of(), lone.options("127.0.0.1", 3306));
    assertEquals("mariadbd", lone.toString());
  }

  @Test
  void thePrimaryLogsRowsWithGtidsAndWaitsForAReplicaBeforeCommitting() {
    NodeRole primary = new NodeRole(1, 3);
    List<String> o = primary.options("127.0.0.1", 3306);
    assertTrue(o.containsAll(List.of("--server-id=1", "--log-bin=mariadb-bin", "--binlog-format=ROW", "--sync-binlog=1",
        "--rpl-semi-sync-master-enabled=ON", "--rpl-semi-sync-master-wait-point=AFTER_SYNC")), o.toString());
    assertEquals("primary", primary.toString());
  }

  @Test
  void aReplicaIsReadOnlyAcknowledgesAndReportsItsAddress() {
    NodeRole replica = new NodeRole(3, 3);
    List<String> o = replica.options("10.0.0.5", 4003);
    assertTrue(o.containsAll(List.of("--server-id=3", "--read-only=ON", "--skip-slave-start",
        "--rpl-semi-sync-slave-enabled=ON", "--report-host=10.0.0.5", "--report-port=4003")), o.toString());
    assertEquals("replica 3", replica.toString());
    assertThrows(IllegalArgumentException.class, () -> new NodeRole(4, 3));
  }
}
