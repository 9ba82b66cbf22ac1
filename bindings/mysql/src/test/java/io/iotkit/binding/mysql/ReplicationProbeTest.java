package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Replication;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicationProbeTest {

  private static final String WSREP = "SHOW GLOBAL STATUS LIKE 'wsrep%'";
  private static final String GROUP = ReplicationProbe.GROUP_MEMBERS;
  private static final String GROUP_NAME = "SHOW GLOBAL VARIABLES LIKE 'group_replication_group_name'";
  private static final List<List<String>> A_GROUP = List.of(List.of("group_replication_group_name",
      "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"));
  private static final String LOG_BIN = "SELECT @@log_bin";

  @Test
  void loneMariaDbWithoutBinaryLog() throws SQLException {
    FakeServer s = new FakeServer()
        .answer(WSREP, List.of(List.of("wsrep_cluster_size", "0"), List.of("wsrep_ready", "OFF")))
        .fail(GROUP, 1142) // MariaDB's performance_schema may refuse the user: no group is configured anyway
        .answer(LOG_BIN, List.of(List.of("0")));
    Replication r = ReplicationProbe.probe(s);
    assertEquals(1, r.factor());
    assertTrue(r.source().contains("binary log off"), r.source());
  }

  @Test
  void galeraPrimaryComponent() throws SQLException {
    FakeServer s = new FakeServer().answer(WSREP, List.of(List.of("wsrep_cluster_size", "3"),
        List.of("wsrep_cluster_status", "Primary"), List.of("wsrep_ready", "ON")));
    Replication r = ReplicationProbe.probe(s);
    assertEquals(3, r.factor());
    assertTrue(r.source().startsWith("Galera wsrep_cluster_size=3"), r.source());
  }

  @Test
  void galeraNodeCutOffCannotVouchForCopies() throws SQLException {
    FakeServer s = new FakeServer().answer(WSREP, List.of(List.of("wsrep_cluster_size", "1"),
        List.of("wsrep_cluster_status", "non-Primary"), List.of("wsrep_ready", "OFF")));
    assertEquals(0, ReplicationProbe.probe(s).factor());
  }

  @Test
  void groupReplicationCountsOnlineMembers() throws SQLException {
    FakeServer s = new FakeServer().answer(GROUP_NAME, A_GROUP)
        .answer(GROUP, List.of(List.of("ONLINE"), List.of("ONLINE"),
        List.of("RECOVERING"), List.of("ONLINE")));
    Replication r = ReplicationProbe.probe(s);
    assertEquals(3, r.factor());
    assertTrue(r.source().contains("3 ONLINE of 4"), r.source());
  }

  @Test
  void mysqlPrimaryWithReplicas() throws SQLException {
    FakeServer s = new FakeServer()
        .answer(GROUP_NAME, List.of(List.of("group_replication_group_name", "")))
        .answer(LOG_BIN, List.of(List.of("1")))
        .answer("SHOW REPLICAS", List.of(List.of("2", "r2"), List.of("3", "r3")))
        .answer("SHOW GLOBAL STATUS LIKE 'Rpl_semi_sync_%_status'", List.of(List.of("Rpl_semi_sync_source_status", "ON")));
    Replication r = ReplicationProbe.probe(s);
    assertEquals(3, r.factor());
    assertTrue(r.source().contains("2 replica(s) listed by SHOW REPLICAS (semi-synchronous"), r.source());
  }

  @Test
  void mariaDbPrimaryFallsBackToShowSlaveHosts() throws SQLException {
    FakeServer s = new FakeServer()
        .fail(GROUP, 1146)
        .answer(LOG_BIN, List.of(List.of("1")))
        .fail("SHOW REPLICAS", 1064)
        .answer("SHOW SLAVE HOSTS", List.of(List.of("2", "r2")));
    Replication r = ReplicationProbe.probe(s);
    assertEquals(2, r.factor());
    assertTrue(r.source().contains("SHOW SLAVE HOSTS (asynchronous"), r.source());
  }

  @Test
  void withoutThePrivilegeItCannotTell() throws SQLException {
    FakeServer s = new FakeServer()
        .answer(LOG_BIN, List.of(List.of("1")))
        .fail("SHOW REPLICAS", 1227);
    Replication r = ReplicationProbe.probe(s);
    assertEquals(0, r.factor());
    assertTrue(r.source().contains("grant REPLICATION SLAVE"), r.source());
    Replication group = ReplicationProbe.probe(new FakeServer().answer(GROUP_NAME, A_GROUP).fail(GROUP, 1142));
    assertEquals(0, group.factor());
    assertTrue(group.source().contains("grant SELECT"), group.source());
  }
}
