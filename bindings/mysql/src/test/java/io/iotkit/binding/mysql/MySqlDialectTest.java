package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Replication;
import io.iotkit.binding.jdbc.Aurora;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Aurora MySQL recognised from its answers as recorded; any other server from its topology. */
class MySqlDialectTest {
  private static final int ER_UNKNOWN_SYSTEM_VARIABLE = 1193;

  @Test
  void auroraMySqlReportsTheClusterVolumesCopies() throws SQLException {
    FakeServer aurora = new FakeServer().answer(MySqlDialect.AURORA_VERSION, List.of(List.of("3.05.2")));
    Replication r = MySqlDialect.INSTANCE.replication(aurora, null);
    assertEquals(Aurora.COPIES, r.factor());
    assertTrue(r.source().startsWith("Amazon Aurora MySQL 3.05.2 (SELECT @@aurora_version answers)"), r.source());
    assertTrue(r.source().contains("three Availability Zones"), r.source());
  }

  @Test
  void anyOtherServerRefusesTheVariableAndShowsItsTopology() throws SQLException {
    FakeServer mariaDb = new FakeServer().fail(MySqlDialect.AURORA_VERSION, ER_UNKNOWN_SYSTEM_VARIABLE)
        .answer("SELECT @@log_bin", List.of(List.of("0")));
    Replication r = MySqlDialect.INSTANCE.replication(mariaDb, null);
    assertEquals(1, r.factor());
    assertTrue(r.source().contains("binary log off"), r.source());
  }

  @Test
  void theTableIsWrittenAndReadAsTheCoreSaysWithBackticks() {
    ReadingTable t = (ReadingTable) MySqlDialect.INSTANCE.table(MySqlSettings.from(props()));
    assertEquals("INSERT INTO `kv` (substation, sensor, ts, value, unit, padding) VALUES (?, ?, ?, ?, ?, ?)",
        t.insertSql());
    assertEquals(HandlerReads.SQL, MySqlDialect.INSTANCE.rowsReadSql(t));
  }

  private static java.util.Properties props() {
    java.util.Properties p = new java.util.Properties();
    p.setProperty(MySqlSettings.HOST, "db.example");
    p.setProperty(MySqlSettings.TABLE, "kv");
    return p;
  }
}
