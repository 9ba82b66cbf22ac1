package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DataLayoutTest {
  private static final String WHERE = " WHERE TABLE_SCHEMA = 'iot' AND TABLE_NAME = 'readings'";
  private static final String TABLES = "SELECT ENGINE, ROW_FORMAT FROM information_schema.TABLES" + WHERE;
  private static final String PARTITIONS = "SELECT PARTITION_METHOD, PARTITION_EXPRESSION, COUNT(*)"
      + " FROM information_schema.PARTITIONS" + WHERE + " GROUP BY PARTITION_METHOD, PARTITION_EXPRESSION";
  private static final String BINLOG = "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('log_bin', 'binlog_format',"
      + " 'sync_binlog', 'gtid_strict_mode', 'gtid_mode')";
  private static final List<String> KEY = List.of("substation", "sensor", "ts");

  private static FakeServer innoDbTable() {
    return new FakeServer().answer(TABLES, List.of(List.of("InnoDB", "Dynamic")))
        .answer(PARTITIONS, java.util.Collections.singletonList(java.util.Arrays.asList(null, null, "1")));
  }

  @Test
  void aMariaDbPrimaryWithTwoSemiSynchronousReplicas() throws SQLException {
    FakeServer s = innoDbTable()
        .answer("SELECT @@log_bin", List.of(List.of("1")))
        .answer(BINLOG, List.of(List.of("log_bin", "ON"), List.of("binlog_format", "ROW"), List.of("sync_binlog", "1"),
            List.of("gtid_strict_mode", "ON")))
        .fail("SHOW REPLICAS", 1064)
        .answer("SHOW SLAVE HOSTS", List.of(List.of("3", "127.0.0.1", "4003", "1"), List.of("2", "127.0.0.1", "4002",
            "1")))
        .answer("SHOW GLOBAL STATUS LIKE 'Rpl_semi_sync_%_status'", List.of(List.of("Rpl_semi_sync_master_status", "ON")))
        .answer("SHOW GLOBAL VARIABLES LIKE 'rpl_semi_sync_%'", List.of(List.of("rpl_semi_sync_master_enabled", "ON"),
            List.of("rpl_semi_sync_master_wait_point", "AFTER_SYNC"), List.of("rpl_semi_sync_master_timeout", "10000")))
        .answer("SHOW GLOBAL STATUS LIKE 'rpl_semi_sync_%'", List.of(List.of("Rpl_semi_sync_master_status", "ON"),
            List.of("Rpl_semi_sync_master_clients", "2")));
    Map<String, String> m = DataLayout.read(s, "iot", "readings", KEY);
    assertEquals(List.of("table", "primary key", "partitions", "copies", "binary log", "replicas",
        "semi-synchronous replication"), List.copyOf(m.keySet()));
    assertEquals("iot.readings: InnoDB, row format Dynamic", m.get("table"));
    assertTrue(m.get("primary key").startsWith("(substation, sensor, ts): InnoDB's clustered index"), m.get("primary key"));
    assertEquals("none: the table is one partition", m.get("partitions"));
    assertEquals("3: this server and 2 replica(s) listed by SHOW SLAVE HOSTS (semi-synchronous replication)",
        m.get("copies"));
    assertEquals("on, ROW format, sync_binlog=1, gtid_strict_mode=ON", m.get("binary log"));
    assertEquals("2 connected (SHOW SLAVE HOSTS): server 3 at 127.0.0.1:4003, server 2 at 127.0.0.1:4002",
        m.get("replicas"));
    assertEquals("on: a commit returns once 1 replica(s) have it in their relay log (wait point AFTER_SYNC);"
        + " 2 semi-synchronous replica(s) connected; with none acknowledging for 10000 ms the primary commits without"
        + " one", m.get("semi-synchronous replication"));
  }

  @Test
  void aLoneServerKeepsOneCopyAndSaysWhy() throws SQLException {
    FakeServer s = innoDbTable().answer("SELECT @@log_bin", List.of(List.of("0")))
        .answer(BINLOG, List.of(List.of("log_bin", "OFF")));
    Map<String, String> m = DataLayout.read(s, "iot", "readings", KEY);
    assertTrue(m.get("copies").startsWith("1: one server"), m.get("copies"));
    assertEquals("off", m.get("binary log"));
    assertEquals("none (binary log off)", m.get("replicas"));
    assertTrue(m.get("semi-synchronous replication").startsWith("off:"), m.toString());
  }

  @Test
  void partitionsAndAReplicaListTheAccountMayNotReadAreReportedAsTheServerSaysThem() throws SQLException {
    FakeServer s = new FakeServer().answer(TABLES, List.of(List.of("InnoDB", "Dynamic")))
        .answer(PARTITIONS, List.of(List.of("KEY", "`substation`", "8")))
        .answer("SELECT @@log_bin", List.of(List.of("1")))
        .answer(BINLOG, List.of(List.of("log_bin", "ON"), List.of("binlog_format", "MIXED"), List.of("sync_binlog", "0")))
        .fail("SHOW REPLICAS", 1227);
    Map<String, String> m = DataLayout.read(s, "iot", "readings", KEY);
    assertEquals("KEY(`substation`), 8 partitions", m.get("partitions"));
    assertEquals(0, Integer.parseInt(m.get("copies").substring(0, 1)), "could not tell: " + m.get("copies"));
    assertEquals("not listed: error 1227", m.get("replicas"));
  }
}
